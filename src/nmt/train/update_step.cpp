#include "nmt/train/update_step.h"

#include <cmath>
#include <limits>

#include <torch/nn/utils/clip_grad.h>

#include "nmt/model/bf16.h"

namespace nmt::train {

std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model) {
  return std::make_unique<torch::optim::Adam>(model->parameters(),
                                              torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));
}

UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options) {
  UpdateResult r;
  for (const auto& pass : passes) r.target_tokens += pass.target_tokens;
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(options.lr);
  optimizer.zero_grad();
  // Sums stay on the device until the end: one synchronisation per update.
  torch::Tensor loss_sum, nll_sum;
  for (const auto& pass : passes) {
    // Under --bf16 the forward pass runs its products in bfloat16 and the
    // backward pass follows the same casts; the loss comes from float32 logits.
    LossSums sums;
    {
      model::Bf16Scope bf16(options.bf16);
      sums = batch_loss(model, pass, options.label_smoothing);
    }
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
