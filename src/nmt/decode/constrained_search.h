#pragma once
// Beam search under lexical constraints by dynamic beam allocation (Post &
// Vilar 2018, "Fast Lexically Constrained Decoding with Dynamic Beam
// Allocation"): a sentence whose phrases take N pieces in all searches
// W = max(beam, N + 1) rows, split into N + 1 banks by how many of those
// pieces a hypothesis has met; each bank keeps its share of the rows, so
// hypotheses that have started or met a phrase are not pushed out by freer
// ones with a better score, and the beam grows linearly with N.
//
// Each step, a row's candidates are its 2W best tokens plus every token that
// advances one of its phrases (the next piece of a phrase it is inside, or
// the first piece of a phrase it may start). A phrase's spellings are
// followed side by side; a token that breaks them drops them. </s> ends a
// hypothesis only once every phrase is met; a token that would complete an
// excluded phrase is never taken. An n-best list holds only hypotheses
// that meet every phrase (so it may be shorter than n_best); when none does
// within the length limit, the sentence gets the ones that met the most
// (then by score) that ended: a constraint that cannot fit is given up, not
// an error.
//
// Both rules score finished hypotheses as their searches do
// (hypothesis_score); the allocation is the same for both. beam 1 (greedy)
// searches N + 1 rows, one per bank.
#include <cstdint>
#include <vector>

#include "nmt/decode/constraints.h"
#include "nmt/decode/search.h"

namespace nmt::decode {

// constraints: one per sentence (null or empty: none), as many as
// max_lengths. At most 64 phrases to include per sentence.
std::vector<std::vector<Hypothesis>> constrained_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                        const SearchOptions& options,
                                                        const std::vector<const Constraints*>& constraints);

// Whether `tokens` contain one of the phrase's spellings.
bool contains_phrase(const std::vector<int>& tokens, const Phrase& phrase);

}  // namespace nmt::decode
