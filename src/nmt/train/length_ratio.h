#pragma once
// How long a run's translations are expected to be: the ratio of target to
// source pieces (</s> counted on both sides) over the training pairs. The
// brevity penalty (decode::TranslateOptions::length_ratio) ranks beam
// hypotheses shorter than this lower; nmt train saves it in the run's
// "decode" section, so translate, serve and the Python module use it.
#include <cstdint>
#include <string>

#include "nmt/data/pair_reader.h"
#include "nmt/text/vocab.h"

namespace nmt::train {

struct LengthRatio {
  int64_t pairs = 0;  // pairs measured
  double mean = 0, stddev = 0;  // of (target pieces + 1) / (source pieces + 1), one per pair
  // The length ratio the penalty starts below: one standard deviation under
  // the mean, so that it pulls up only hypotheses shorter than about one
  // training pair in six is (chosen on the dev sets of a Chinese, a Spanish
  // and a German target; docs/training.md). 0 without pairs.
  double penalised_below() const;
  // "length ratio: target/source pieces over 21300 training pairs: mean
  // 0.984, standard deviation 0.246; beam hypotheses shorter than 0.737 x
  // the source rank lower (--length-ratio, --brevity-penalty)".
  std::string describe() const;
};

// The first `max_pairs` pairs of `corpus`, encoded with the run's
// vocabularies.
LengthRatio measure_length_ratio(const data::CorpusSpec& corpus, const text::Vocab& src_vocab,
                                 const text::Vocab& tgt_vocab, int64_t max_pairs = 50000);

}  // namespace nmt::train
