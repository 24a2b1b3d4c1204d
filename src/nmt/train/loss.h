#pragma once
#include <algorithm>
#include <cmath>

#include <ATen/core/Tensor.h>

namespace nmt::train {

struct LossSums {
  at::Tensor loss;  // summed label-smoothed cross-entropy (differentiable)
  at::Tensor nll;   // summed plain negative log-likelihood (for perplexity), detached
};

// logits: (N, V) for the N non-pad target positions, targets: (N).
// Target distribution: (1 - eps) on the reference token + eps spread uniformly
// over the vocabulary, as in Szegedy et al. and torch's label_smoothing.
// `excluded` (N_x ids, on the logits' device; undefined = none): ids the model
// never outputs (an imported model's <pad> and <s>, model::blocked_outputs),
// left out of the uniform share, where their -1e9 logits would add about
// eps * 1e9 * N_x / V to every token's loss.
LossSums label_smoothed_cross_entropy(const at::Tensor& logits, const at::Tensor& targets, double epsilon,
                                      const at::Tensor& excluded = {});

// exp(nll per token), capped at e^50 so that a diverging run still prints a number.
inline double perplexity(double nll_per_token) { return std::exp(std::min(nll_per_token, 50.0)); }

}  // namespace nmt::train
