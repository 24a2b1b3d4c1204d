#pragma once
// train --mix FILE:SHARE: a general corpus read in turn with the training
// corpus, so that a model fine-tuned on new text keeps seeing the text it
// first learned from (against forgetting).
//
// The pairs come in a fixed order: after the training corpus's i-th pair,
// general pairs follow until floor(i * SHARE / (1 - SHARE)) of them have
// come, so that SHARE of all pairs are general ones, spread evenly. An epoch
// ends with the training corpus. The general corpus goes on where the
// previous epoch left it (it starts epoch e at pair e * floor(N * SHARE /
// (1 - SHARE)), modulo its size, N being the training corpus's pairs) and
// starts over at its end; so a position in an epoch is a pure function of
// the two corpora and the epoch, as batch_stream.h needs for resuming.
#include <memory>
#include <string>

#include "nmt/data/pair_reader.h"

namespace nmt::data {

// Parses "FILE:SHARE" into spec.mix_path and spec.mix_share. Throws
// nmt::Error naming the option when SHARE is not a number in (0, 1) or the
// file is neither .tsv nor .tmx (with or without .gz).
void set_mix(CorpusSpec& spec, const std::string& option);

// The corpus for epoch `epoch` (0-based): open_corpus(spec) when it mixes
// nothing, else the two corpora in turn as above. Counts the pairs of both
// first (one pass each); an empty general corpus is an error naming it.
std::unique_ptr<PairReader> open_training_corpus(const CorpusSpec& spec, int64_t epoch);

}  // namespace nmt::data
