#include "nmt/data/corpus.h"

#include "nmt/common/error.h"
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
  ParallelText text{read_lines(src_path), read_lines(tgt_path)};
  NMT_CHECK(text.src.size() == text.tgt.size(),
            src_path << " has " << text.src.size() << " lines but " << tgt_path << " has "
                     << text.tgt.size() << " lines; a parallel corpus needs one target line per "
                     << "source line");
  NMT_CHECK(!text.src.empty(), "parallel corpus " << src_path << " / " << tgt_path << " is empty");
  return text;
}

}  // namespace nmt::data
