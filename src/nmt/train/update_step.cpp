#include "nmt/train/update_step.h"

#include <cmath>
#include <limits>

#include <torch/nn/utils/clip_grad.h>

namespace nmt::train {

std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model) {
  return std::make_unique<torch::optim::Adam>(model->parameters(),
                                              torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));
}

UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options) {
  int64_t tokens = 0;
  for (const auto& pass : passes) tokens += pass.target_tokens;
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(options.lr);
  optimizer.zero_grad();
  double loss_sum = 0;
  for (const auto& pass : passes) {
    auto loss = batch_loss(model, pass, options.label_smoothing).loss / static_cast<double>(std::max<int64_t>(tokens, 1));
    loss.backward();
    loss_sum += loss.item<double>();
  }
  // Infinite max_norm measures the norm without scaling.
  const double max_norm = options.clip > 0 ? options.clip : std::numeric_limits<double>::infinity();
  UpdateResult r;
  r.loss = loss_sum;
  r.grad_norm = torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm);
  r.applied = std::isfinite(r.loss) && std::isfinite(r.grad_norm);
  if (r.applied) optimizer.step();
  else optimizer.zero_grad();
  return r;
}

}  // namespace nmt::train
