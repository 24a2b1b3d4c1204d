#pragma once
// Reading corpora: one segment per line, parallel files aligned line by line.
#include <string>
#include <vector>

namespace nmt::data {

// Reads a text file (plain, or gzip), one element per line, trailing "\r\n" or
// "\n" removed. Throws nmt::Error "cannot open FILE" and
// "FILE:LINE: invalid UTF-8 at byte N".
std::vector<std::string> read_lines(const std::string& path);

struct ParallelText {
  std::vector<std::string> src, tgt;  // src[i] translates to tgt[i]
};

// Reads two aligned files (read_corpus of pair_reader.h). Throws nmt::Error "SRC has 120 lines but TGT has
// 118 lines" when the counts differ and "parallel corpus SRC / TGT is empty"
// when both are empty.
ParallelText read_parallel(const std::string& src_path, const std::string& tgt_path);

}  // namespace nmt::data
