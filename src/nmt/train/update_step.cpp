#include "nmt/train/update_step.h"

#include <cmath>
#include <limits>

#include <ATen/autocast_mode.h>
#include <torch/nn/utils/clip_grad.h>

namespace nmt::train {

std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model) {
  return std::make_unique<torch::optim::Adam>(model->parameters(),
                                              torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));
}

namespace {

// The forward pass under CPU autocast: linear layers and attention products
// run in bfloat16 on float32 master weights (cast once per step and cached);
// the backward pass follows the same casts. The loss is computed from float32 logits.
LossSums bf16_batch_loss(model::Transformer& model, const DeviceBatch& pass, double label_smoothing) {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  LossSums sums;
  try {
    sums = batch_loss(model, pass, label_smoothing);
  } catch (...) {
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
    throw;
  }
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  return sums;
}

}  // namespace

UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options) {
  UpdateResult r;
  for (const auto& pass : passes) r.target_tokens += pass.target_tokens;
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(options.lr);
  optimizer.zero_grad();
  // Sums stay on the device until the end: one synchronisation per update.
  torch::Tensor loss_sum, nll_sum;
  for (const auto& pass : passes) {
    auto sums = options.bf16 ? bf16_batch_loss(model, pass, options.label_smoothing)
                             : batch_loss(model, pass, options.label_smoothing);
    auto loss = sums.loss / static_cast<double>(std::max<int64_t>(r.target_tokens, 1));
    if (options.poison) loss = loss * std::numeric_limits<double>::quiet_NaN();
    loss.backward();
    loss_sum = loss_sum.defined() ? loss_sum + loss.detach() : loss.detach();
    nll_sum = nll_sum.defined() ? nll_sum + sums.nll : sums.nll;
  }
  // Infinite max_norm measures the norm without scaling.
  const double max_norm = options.clip > 0 ? options.clip : std::numeric_limits<double>::infinity();
  r.grad_norm = torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm);
  r.loss = loss_sum.defined() ? loss_sum.item<double>() : 0.0;
  r.nll = nll_sum.defined() ? nll_sum.item<double>() : 0.0;
  r.applied = std::isfinite(r.loss) && std::isfinite(r.grad_norm);
  if (r.applied) optimizer.step();
  else optimizer.zero_grad();
  return r;
}

}  // namespace nmt::train
