#include "nmt/data/mixed_reader.h"

#include <cmath>
#include <cstdlib>

#include "nmt/common/error.h"

namespace nmt::data {
namespace {

CorpusSpec general_spec(const CorpusSpec& spec) {
  CorpusSpec general;
  general.paths = {spec.mix_path};
  general.src_lang = spec.src_lang, general.tgt_lang = spec.tgt_lang;
  general.check_utf8 = spec.check_utf8;
  return general;
}

CorpusSpec main_spec(CorpusSpec spec) {
  spec.mix_path.clear(), spec.mix_share = 0;
  return spec;
}

class MixedReader : public PairReader {
 public:
  MixedReader(const CorpusSpec& spec, int64_t epoch)
      : main_(open_corpus(main_spec(spec))), general_spec_(general_spec(spec)),
        per_main_(spec.mix_share / (1 - spec.mix_share)) {
    const int64_t general_pairs = count_pairs(general_spec_);  // an empty one is an error here
    const auto per_epoch =
        static_cast<int64_t>(std::floor(static_cast<double>(count_pairs(main_spec(spec))) * per_main_ + 1e-9));
    general_ = open_corpus(general_spec_);
    SentencePair skipped;
    for (int64_t i = (epoch % general_pairs) * (per_epoch % general_pairs) % general_pairs; i > 0; --i) {
      general_->next(skipped);
    }
  }

  bool next(SentencePair& pair) override {
    // (1e-9: a share such as 0.2 gives 0.25 per pair, not 0.2499...)
    const auto due = static_cast<int64_t>(std::floor(static_cast<double>(main_read_) * per_main_ + 1e-9));
    if (general_read_ < due) {
      if (!general_->next(pair)) {  // its end: it starts over
        general_ = open_corpus(general_spec_);
        general_->next(pair);
      }
      ++general_read_;
      last_ = general_.get();
      return true;
    }
    if (!main_->next(pair)) return false;
    ++main_read_;
    last_ = main_.get();
    return true;
  }

  std::string location() const override { return last_ ? last_->location() : main_->location(); }
  int64_t skipped() const override { return main_->skipped(); }

 private:
  std::unique_ptr<PairReader> main_, general_;
  const CorpusSpec general_spec_;
  const double per_main_;  // general pairs per training pair: SHARE / (1 - SHARE)
  int64_t main_read_ = 0, general_read_ = 0;
  const PairReader* last_ = nullptr;
};

}  // namespace

void set_mix(CorpusSpec& spec, const std::string& option) {
  const auto colon = option.rfind(':');
  NMT_CHECK(colon != std::string::npos && colon > 0,
            "--mix " << option << ": give FILE:SHARE, the general corpus and the share of pairs taken from it, "
                     << "e.g. general.tsv:0.3");
  const std::string share_text = option.substr(colon + 1);
  char* end = nullptr;
  const double share = std::strtod(share_text.c_str(), &end);
  NMT_CHECK(!share_text.empty() && *end == '\0' && share > 0 && share < 1,
            "--mix " << option << ": SHARE must be a number between 0 and 1 (the share of the pairs that come from "
                     << "the general corpus), got '" << share_text << "'");
  spec.mix_path = option.substr(0, colon);
  spec.mix_share = share;
  open_corpus(general_spec(spec));  // the format's error now, not at the first chunk
}

std::unique_ptr<PairReader> open_training_corpus(const CorpusSpec& spec, int64_t epoch) {
  if (spec.mix_path.empty()) return open_corpus(spec);
  return std::make_unique<MixedReader>(spec, epoch);
}

}  // namespace nmt::data
