// "source<TAB>target" lines.
#include "nmt/common/error.h"
#include "nmt/data/corpus_formats.h"
#include "nmt/text/line_reader.h"

namespace nmt::data {

namespace {

class TsvReader : public PairReader {
 public:
  TsvReader(const std::string& path, bool check_utf8) : lines_(path, check_utf8) {}

  bool next(SentencePair& pair) override {
    if (!lines_.next(line_)) return false;
    const size_t tab = line_.find('\t');
    NMT_CHECK(tab != std::string::npos,
              location() << ": expected source<TAB>target, found no tab");
    NMT_CHECK(line_.find('\t', tab + 1) == std::string::npos,
              location() << ": expected source<TAB>target, found more than one tab "
                         << "(cut the file to two columns first, e.g. cut -f 1,2)");
    pair.src.assign(line_, 0, tab);
    pair.tgt.assign(line_, tab + 1, std::string::npos);
    return true;
  }

  std::string location() const override {
    return lines_.path() + ":" + std::to_string(lines_.line_number());
  }

 private:
  text::LineReader lines_;
  std::string line_;
};

}  // namespace

std::unique_ptr<PairReader> open_tsv(const std::string& path, bool check_utf8) {
  return std::make_unique<TsvReader>(path, check_utf8);
}

}  // namespace nmt::data
