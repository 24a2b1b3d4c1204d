#pragma once
// Reading hypothesis/reference files the way the sacrebleu command line does:
// lines end at '\n' only (it opens files with newline="\n"), and each line
// has its trailing whitespace stripped (Python's rstrip, so a trailing '\r',
// NBSP or U+3000 goes too). Scores computed from these lines match sacreBLEU's.
// Invalid UTF-8 is refused, as Python refuses to decode it.
#include <string>
#include <vector>

namespace nmt::eval {

// refs[k][i] is line i of reference k (sacreBLEU's `references` argument):
// every metric pairs hypothesis i with the i-th line of each reference.
using ReferenceSets = std::vector<std::vector<std::string>>;

// Splits already-read text (e.g. all of stdin) into scored lines. A final
// '\n' ends the last line rather than starting an empty one. A line that is
// not UTF-8 throws nmt::Error "SOURCE:LINE: invalid UTF-8 at byte N" (N from
// 1, as a column).
std::vector<std::string> split_scored_lines(const std::string& text,
                                            const std::string& source = "<stdin>");

// Reads a file as above; a file that cannot be opened is an nmt::Error naming it.
std::vector<std::string> read_scored_lines(const std::string& path);

// Reads each reference file; every one must have the hypotheses' line count,
// else nmt::Error "hypotheses H have 10 lines but references 'R' have 9 lines"
// (H as given, e.g. "'hyp.txt'" or "stdin").
ReferenceSets read_reference_files(const std::vector<std::string>& paths, size_t hypothesis_lines,
                                   const std::string& hypotheses_name);

// Corpus metrics pair line i of the hypotheses with line i of the references;
// different counts are an nmt::Error stating both.
void check_line_counts(size_t hypotheses, size_t references);
// The same for each reference, and at least one reference.
void check_reference_sets(size_t hypotheses, const ReferenceSets& refs);

}  // namespace nmt::eval
