#pragma once
// Reading hypothesis/reference files the way the sacrebleu command line does:
// lines end at '\n' only (it opens files with newline="\n"), and each line
// has its trailing whitespace stripped (Python's rstrip, so a trailing '\r',
// NBSP or U+3000 goes too). Scores computed from these lines match sacreBLEU's.
#include <string>
#include <vector>

namespace nmt::eval {

// Splits already-read text (e.g. all of stdin) into scored lines. A final
// '\n' ends the last line rather than starting an empty one.
std::vector<std::string> split_scored_lines(const std::string& text);

// Reads a file as above; a file that cannot be opened is an nmt::Error naming it.
std::vector<std::string> read_scored_lines(const std::string& path);

// Corpus metrics pair line i of the hypotheses with line i of the references;
// different counts are an nmt::Error stating both.
void check_line_counts(size_t hypotheses, size_t references);

}  // namespace nmt::eval
