#include "nmt/train/loss.h"

#include <torch/torch.h>

namespace nmt::train {

// With lse = logsumexp(z) and log p_v = z_v - lse:
//   nll    = lse - z_y
//   smooth = -mean_v(log p_v) = lse - mean(z)
//   loss   = (1 - eps) nll + eps smooth = lse - (1 - eps) z_y - eps mean(z)
// computed from the logits directly: no (N, V) tensor of log-probabilities is
// materialised (it cost 13% of a training step for the small preset).
LossSums label_smoothed_cross_entropy(const at::Tensor& logits, const at::Tensor& targets, double epsilon) {
  auto lse = torch::logsumexp(logits, -1);                              // (N)
  auto target_logit = logits.gather(1, targets.unsqueeze(1)).squeeze(1);  // (N)
  auto nll = lse - target_logit;
  auto loss = nll;
  if (epsilon > 0) loss = lse - (1.0 - epsilon) * target_logit - epsilon * logits.mean(-1);
  return {loss.sum(), nll.sum().detach()};
}

}  // namespace nmt::train
