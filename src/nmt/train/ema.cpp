#include "nmt/train/ema.h"

#include <algorithm>

#include <torch/torch.h>

#include "nmt/common/error.h"

namespace nmt::train {

void copy_weights(const model::Transformer& from, model::Transformer& to) {
  torch::NoGradGuard no_grad;
  const auto src = from->parameters(), dst = to->parameters();
  NMT_CHECK(src.size() == dst.size(), "copy_weights: models of different shapes");
  for (size_t i = 0; i < src.size(); ++i) dst[i].copy_(src[i]);
  const auto src_buffers = from->buffers(), dst_buffers = to->buffers();
  for (size_t i = 0; i < src_buffers.size() && i < dst_buffers.size(); ++i) dst_buffers[i].copy_(src_buffers[i]);
}

Ema::Ema(const model::Transformer& shadow_init, double decay)
    : shadow_(model::transformer_without_draws(shadow_init->config)), decay_(decay) {
  NMT_CHECK(decay > 0 && decay < 1, "--ema must be between 0 and 1 (a decay such as 0.9999), got " << decay);
  const auto params = shadow_init->parameters();
  if (!params.empty()) shadow_->to(params.front().device());
  copy_weights(shadow_init, shadow_);
  shadow_->eval();
}

double Ema::decay_at(int64_t step) const {
  const double t = static_cast<double>(std::max<int64_t>(step, 0));
  return std::min(decay_, (1 + t) / (10 + t));
}

void Ema::update(const model::Transformer& model, int64_t step) {
  torch::NoGradGuard no_grad;
  const double d = decay_at(step);
  const auto weights = model->parameters();
  auto shadow = shadow_->parameters();
  for (size_t i = 0; i < weights.size(); ++i) shadow[i].mul_(d).add_(weights[i], 1 - d);
}

std::unique_ptr<Ema> start_ema(double decay, model::Transformer saved, const model::Transformer& model,
                               const std::string& latest, const std::function<void(const std::string&)>& say) {
  if (decay > 0) {
    if (saved) saved->to(model->parameters().front().device());
    if (!latest.empty() && !saved) {
      say("--ema: " + latest + " has no moving average; it starts from that checkpoint's weights");
    }
    return std::make_unique<Ema>(saved ? saved : model, decay);
  }
  if (saved) {
    say("the moving average of " + latest + " is dropped (no --ema now): training goes on from its training "
        "weights, and checkpoints hold those");
  }
  return nullptr;
}

}  // namespace nmt::train
