#include "nmt/data/corpus.h"

#include <algorithm>

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
  const bool src_longer = text.src.size() > text.tgt.size();
  NMT_CHECK(text.src.size() == text.tgt.size(),
            src_path << " has " << text.src.size() << " lines but " << tgt_path << " has " << text.tgt.size()
                     << " lines: line " << std::min(text.src.size(), text.tgt.size()) + 1 << " of "
                     << (src_longer ? src_path : tgt_path) << " is the first without a counterpart in "
                     << (src_longer ? tgt_path : src_path));
  NMT_CHECK(!text.src.empty(), "parallel corpus " << src_path << " / " << tgt_path << " is empty");
  return text;
}

}  // namespace nmt::data
