#pragma once
// The log-probability a model gives a known translation: teacher-forced,
// every target piece and the final </s>, as marian-scorer and fairseq's
// scoring print it. For rescoring, filtering and checking against Marian.
#include <cstdint>
#include <vector>

#include <c10/core/Device.h>

#include "nmt/model/transformer.h"

namespace nmt::decode {

struct PairScore {
  double log_prob = 0;  // sum over the target's pieces and </s>
  int64_t tokens = 0;   // pieces + 1
  std::vector<float> token_log_probs;  // each piece's, then </s>'s (tokens of them)
};

// sources and targets: piece ids without </s>, as Vocab::encode gives them;
// `batch` pairs at a time. Sources longer than the model's positions are cut
// as translation cuts them; a target that does not fit is an error naming its index.
std::vector<PairScore> score_pairs(model::Transformer model, const std::vector<std::vector<int>>& sources,
                                   const std::vector<std::vector<int>>& targets, int64_t batch,
                                   const c10::Device& device);

// An ensemble's: each token's log-probability is the weighted sum of its
// models' (`weights` normalised to sum to 1; empty: equal), as the
// ensemble's search combines them at every step (EnsembleStep). One model
// gives exactly the call above.
std::vector<PairScore> score_pairs(const std::vector<model::Transformer>& models, std::vector<double> weights,
                                   const std::vector<std::vector<int>>& sources,
                                   const std::vector<std::vector<int>>& targets, int64_t batch,
                                   const c10::Device& device);

}  // namespace nmt::decode
