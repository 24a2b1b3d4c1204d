#include "nmt/train/length_ratio.h"

#include <algorithm>
#include <cmath>

#include "nmt/common/format.h"

namespace nmt::train {

double LengthRatio::penalised_below() const { return pairs > 0 ? std::max(0.0, mean - stddev) : 0.0; }

std::string LengthRatio::describe() const {
  return "length ratio: target/source pieces over " + std::to_string(pairs) + " training pairs: mean " +
         fixed(mean, 3) + ", standard deviation " + fixed(stddev, 3) + "; beam hypotheses shorter than " +
         fixed(penalised_below(), 3) + " x the source rank lower (--length-ratio, --brevity-penalty)";
}

LengthRatio measure_length_ratio(const data::CorpusSpec& corpus, const text::Vocab& src_vocab,
                                 const text::Vocab& tgt_vocab, int64_t max_pairs) {
  LengthRatio out;
  auto reader = data::open_corpus(corpus);
  data::SentencePair pair;
  double sum = 0, sum_squares = 0;
  while (out.pairs < max_pairs && reader->next(pair)) {
    const double ratio = static_cast<double>(tgt_vocab.encode(pair.tgt).size() + 1) /
                         static_cast<double>(src_vocab.encode(pair.src).size() + 1);
    sum += ratio, sum_squares += ratio * ratio, ++out.pairs;
  }
  if (out.pairs == 0) return out;
  const auto n = static_cast<double>(out.pairs);
  out.mean = sum / n;
  out.stddev = std::sqrt(std::max(0.0, sum_squares / n - out.mean * out.mean));
  return out;
}

}  // namespace nmt::train
