#pragma once
// The log-probability a model gives a known translation: teacher-forced,
// every target piece and the final </s>, as marian-scorer and fairseq's
// scoring print it. For rescoring, filtering and checking against Marian.
#include <cstdint>
#include <vector>

#include <c10/core/Device.h>

#include "nmt/model/transformer.h"

namespace nmt::decode {

class Translator;

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

// A translator's models on its device: each token's log-probability is the
// weighted sum of its models' (with the translator's weights), as the
// ensemble's search combines them at every step (EnsembleStep). One model
// gives exactly the call above.
std::vector<PairScore> score_pairs(const Translator& translator, const std::vector<std::vector<int>>& sources,
                                   const std::vector<std::vector<int>>& targets, int64_t batch);

}  // namespace nmt::decode
