#include "nmt/data/corpus.h"

#include "nmt/data/pair_reader.h"
#include "nmt/text/line_reader.h"

namespace nmt::data {

std::vector<std::string> read_lines(const std::string& path) {
  text::LineReader reader(path);
  std::vector<std::string> lines;
  std::string line;
  while (reader.next(line)) lines.push_back(line);
  return lines;
}

ParallelText read_parallel(const std::string& src_path, const std::string& tgt_path) {
  return read_corpus(CorpusSpec{{src_path, tgt_path}});
}

}  // namespace nmt::data
