// Two line-aligned text files read in step.
#include <algorithm>

#include "nmt/common/error.h"
#include "nmt/data/corpus_formats.h"
#include "nmt/text/line_reader.h"

namespace nmt::data {

namespace {

int64_t count_lines(const std::string& path) {
  text::LineReader reader(path, /*check_utf8=*/false);
  std::string line;
  while (reader.next(line)) {
  }
  return reader.line_number();
}

class TextPairReader : public PairReader {
 public:
  TextPairReader(const std::string& src_path, const std::string& tgt_path, bool check_utf8)
      : src_(src_path, check_utf8), tgt_(tgt_path, check_utf8) {}

  bool next(SentencePair& pair) override {
    const bool got_src = src_.next(pair.src);
    const bool got_tgt = tgt_.next(pair.tgt);
    if (got_src != got_tgt) fail_line_counts_differ();
    return got_src;
  }

  std::string location() const override {
    return src_.path() + ":" + std::to_string(src_.line_number());
  }

 private:
  // One file ended first: count the other whole (without UTF-8 checks, so that
  // the count, not a later bad byte, is what the user hears about).
  [[noreturn]] void fail_line_counts_differ() const {
    const int64_t src_lines = count_lines(src_.path()), tgt_lines = count_lines(tgt_.path());
    const bool src_longer = src_lines > tgt_lines;
    const std::string& longer = src_longer ? src_.path() : tgt_.path();
    const std::string& shorter = src_longer ? tgt_.path() : src_.path();
    NMT_FAIL(src_.path() << " has " << src_lines << " lines but " << tgt_.path() << " has " << tgt_lines
                         << " lines: line " << std::min(src_lines, tgt_lines) + 1 << " of " << longer
                         << " is the first without a counterpart in " << shorter);
  }

  text::LineReader src_, tgt_;
};

}  // namespace

std::unique_ptr<PairReader> open_text_pair(const std::string& src_path, const std::string& tgt_path,
                                           bool check_utf8) {
  return std::make_unique<TextPairReader>(src_path, tgt_path, check_utf8);
}

}  // namespace nmt::data
