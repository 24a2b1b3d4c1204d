#include "nmt/eval/scored_lines.h"

#include <fstream>
#include <iterator>

#include "nmt/common/error.h"
#include "nmt/eval/python_text.h"

namespace nmt::eval {

std::vector<std::string> split_scored_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(python_rstrip(std::string_view(text).substr(start, end - start)));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> read_scored_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot open '" << path << "' for reading");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  NMT_CHECK(!in.bad(), "error while reading '" << path << "'");
  return split_scored_lines(text);
}

void check_line_counts(size_t hypotheses, size_t references) {
  NMT_CHECK(hypotheses == references, "hypotheses and references differ in length: "
                                          << hypotheses << " hypothesis lines vs " << references
                                          << " reference lines");
}

}  // namespace nmt::eval
