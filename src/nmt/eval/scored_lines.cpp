#include "nmt/eval/scored_lines.h"

#include <fstream>
#include <iterator>
#include <string_view>

#include "nmt/common/error.h"
#include "nmt/eval/python_text.h"
#include "nmt/text/utf8.h"

namespace nmt::eval {

std::vector<std::string> split_scored_lines(const std::string& text, const std::string& source) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line = std::string_view(text).substr(start, end - start);
    const size_t bad = text::find_invalid_utf8(line);
    NMT_CHECK(bad == std::string_view::npos,
              source << ":" << lines.size() + 1 << ": invalid UTF-8 at byte " << bad + 1);
    lines.push_back(python_rstrip(line));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> read_scored_lines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot open '" << path << "' for reading");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  NMT_CHECK(!in.bad(), "error while reading '" << path << "'");
  return split_scored_lines(text, path);
}

ReferenceSets read_reference_files(const std::vector<std::string>& paths, size_t hypothesis_lines,
                                   const std::string& hypotheses_name) {
  NMT_CHECK(!paths.empty(), "no reference file given");
  ReferenceSets refs;
  for (const std::string& path : paths) {
    refs.push_back(read_scored_lines(path));
    NMT_CHECK(refs.back().size() == hypothesis_lines,
              "hypotheses " << hypotheses_name << " have " << hypothesis_lines
                            << " lines but references '" << path << "' have "
                            << refs.back().size() << " lines");
  }
  return refs;
}

void check_line_counts(size_t hypotheses, size_t references) {
  NMT_CHECK(hypotheses == references, "hypotheses and references differ in length: "
                                          << hypotheses << " hypothesis lines vs " << references
                                          << " reference lines");
}

void check_reference_sets(size_t hypotheses, const ReferenceSets& refs) {
  NMT_CHECK(!refs.empty(), "no references to score against");
  for (const auto& ref : refs) check_line_counts(hypotheses, ref.size());
}

}  // namespace nmt::eval
