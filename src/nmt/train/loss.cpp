#include "nmt/train/loss.h"

#include <torch/torch.h>

namespace nmt::train {

LossSums label_smoothed_cross_entropy(const at::Tensor& logits, const at::Tensor& targets, double epsilon) {
  auto log_probs = torch::log_softmax(logits, -1);                        // (N, V)
  auto nll = -log_probs.gather(1, targets.unsqueeze(1)).squeeze(1);       // (N)
  auto loss = nll;
  if (epsilon > 0) loss = (1.0 - epsilon) * nll - epsilon * log_probs.mean(-1);
  return {loss.sum(), nll.sum().detach()};
}

}  // namespace nmt::train
