#include "nmt/train/loss.h"

#include <torch/torch.h>

namespace nmt::train {

// With lse = logsumexp(z) and log p_v = z_v - lse:
//   nll    = lse - z_y
//   smooth = -mean_v(log p_v) = lse - mean(z)
//   loss   = (1 - eps) nll + eps smooth = lse - (1 - eps) z_y - eps mean(z)
// computed from the logits directly: no (N, V) tensor of log-probabilities is
// materialised (it cost 13% of a training step for the small preset).
LossSums label_smoothed_cross_entropy(const at::Tensor& logits, const at::Tensor& targets, double epsilon,
                                      const at::Tensor& excluded) {
  auto lse = torch::logsumexp(logits, -1);                              // (N)
  auto target_logit = logits.gather(1, targets.unsqueeze(1)).squeeze(1);  // (N)
  auto nll = lse - target_logit;
  auto loss = nll;
  if (epsilon > 0 && excluded.defined() && excluded.numel() > 0) {
    // The kept logits' mean as a product with a 0/1 vector: no (N, V) copy,
    // and no cancellation (a sum minus the -1e9 columns would lose every
    // digit of the others in float32).
    const auto kept = static_cast<double>(logits.size(1) - excluded.numel());
    auto mask = torch::ones({logits.size(1)}, logits.options()).index_fill_(0, excluded, 0.0);  // (V)
    auto mean = logits.mv(mask) / kept;                                                          // (N)
    loss = lse - (1.0 - epsilon) * target_logit - epsilon * mean;
  } else if (epsilon > 0) {
    loss = lse - (1.0 - epsilon) * target_logit - epsilon * logits.mean(-1);
  }
  return {loss.sum(), nll.sum().detach()};
}

}  // namespace nmt::train
