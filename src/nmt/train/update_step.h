#pragma once
// One optimizer update as `nmt train` does it, for callers outside the
// training loop (the `nmt bench train` benchmark): the paper's Adam, loss
// averaged over the update's target tokens, gradient-norm clipping, a
// non-finite update skipped.
//
// Duplication noted: Trainer::update in trainer.cpp still has its own copy of
// these lines (plus its data reading, NaN test hook and bookkeeping); it can
// call apply_update once the people editing trainer.cpp are done.
#include <memory>
#include <vector>

#include <torch/optim/adam.h>

#include "nmt/model/transformer.h"
#include "nmt/train/batch_loss.h"

namespace nmt::train {

// Adam(beta1 0.9, beta2 0.98, eps 1e-9), lr set per step by the schedule.
std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model);

struct UpdateOptions {
  double lr = 0;               // this step's learning rate (inverse_sqrt_lr)
  double label_smoothing = 0.1;
  double clip = 1.0;           // gradient-norm clipping, 0 = off
};

struct UpdateResult {
  double loss = 0;       // label-smoothed loss per target token
  double grad_norm = 0;  // before clipping
  bool applied = false;  // false: loss or gradient not finite, parameters untouched
};

// Gradients of all passes summed (each pass's loss divided by the update's
// target tokens, so the sum equals one batch holding them all), then one step.
UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options);

}  // namespace nmt::train
