#pragma once
// marian-decoder's beam search (Marian v1.12, translator/beam_search.cpp),
// for models imported from Marian, whose users expect its translations:
//   - the first step takes the beam's best words of the start row; every
//     later step keeps the best B of all B x V extensions of a sentence's B
//     live hypotheses, ranked by their summed log-probabilities (float32);
//   - a hypothesis that chooses </s> is finished and not replaced, so the
//     beam shrinks: every sentence ends with exactly `beam` finished ones;
//   - at the sentence's length limit (max_lengths: Marian's
//     max-length-factor x source length with </s>) every live hypothesis is
//     finished as it is;
//   - finished hypotheses are ranked by (log P - word_penalty * L) /
//     L^normalize, L counting </s>; that score never steers the search;
//   - <unk> (unless allow_unk) gets the lowest score after the softmax, so
//     the other words keep their probabilities.
// beam 1 is Marian's -b 1: greedy with the same rules.
#include "nmt/decode/search.h"

namespace nmt::decode {

std::vector<std::vector<Hypothesis>> marian_beam_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                        const SearchOptions& options);

}  // namespace nmt::decode
