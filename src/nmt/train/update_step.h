#pragma once
// One optimizer update, shared by the training loop and `nmt bench train`:
// the paper's Adam, loss averaged over the update's target tokens,
// gradient-norm clipping, a non-finite update skipped.
#include <memory>
#include <vector>

#include <torch/optim/adam.h>

#include "nmt/model/transformer.h"
#include "nmt/train/batch_loss.h"
#include "nmt/train/loss_scale.h"

namespace nmt::dist {
class World;
class GradientReducer;
}  // namespace nmt::dist

namespace nmt::train {

// Adam(beta1 0.9, beta2 0.98, eps 1e-9), lr set per step by the schedule.
std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model);

struct UpdateOptions {
  double lr = 0;               // this step's learning rate (inverse_sqrt_lr)
  double label_smoothing = 0.1;
  at::Tensor excluded_outputs;  // ids out of label smoothing (model::blocked_outputs); undefined = none
  double clip = 1.0;           // gradient-norm clipping, 0 = off
  bool poison = false;         // tests: make the loss NaN, as a diverging run would
  bool inf_gradient = false;   // tests: an infinite gradient under a finite loss, as a float16 overflow gives
  bool bf16 = false;           // matrix products in bfloat16 (autocast); weights, loss and Adam stay float32
  bool fp16 = false;           // matrix products in float16 (autocast, CUDA); needs a scaler
  LossScaler* scaler = nullptr;  // dynamic loss scaling (loss_scale.h); null = none
};

struct UpdateResult {
  double loss = 0;       // label-smoothed loss per target token
  double nll = 0;        // summed negative log-likelihood (perplexity)
  int64_t target_tokens = 0;
  double grad_norm = 0;  // before clipping
  bool applied = false;  // false: loss or gradient not finite, parameters untouched
  bool overflow = false;  // not applied under loss scaling with a finite loss: the scale was lowered
  std::string loss_scale_note;  // what the scaler changed, for the log ("" = nothing)
};

// Data parallelism inside one process (--replicas N, CPU): N threads each
// run their share of the rows of every pass, on one intra-op thread and their
// own copy of the model (the first is the model itself), then the copies'
// gradients are added into the model's. Each thread's dropout draws from its
// own generator, seeded from LibTorch's default one, so runs and resumes
// stay reproducible. Two single-threaded replicas avoid the waits of two
// threads meeting at every operation, as translation workers do.
class Replicas {
 public:
  Replicas(const model::Transformer& model, int count);  // count >= 1; 1 = no copies
  int count() const { return static_cast<int>(copies_.size()) + 1; }
  std::vector<model::Transformer>& copies() { return copies_; }

 private:
  std::vector<model::Transformer> copies_;
};

// Data parallelism across processes (dist/world.h): every rank holds the
// same passes and runs its own share of their rows (and splits that share
// among its replicas); the reducer sums the gradients over the ranks, and the
// losses are summed too, so every rank takes the same step, and N ranks take
// the step one process would take on the whole batch.
struct RankShare {
  dist::World* world = nullptr;
  dist::GradientReducer* reducer = nullptr;  // of `model`'s parameters
};

// Gradients of all passes summed (each pass's loss divided by the update's
// target tokens, so the sum equals one batch holding them all), then one step.
// Under a scaler, backward runs on the loss times its scale and the summed
// gradients are divided by it before clipping; the scaler then learns
// whether they were finite.
UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options,
                          Replicas* replicas = nullptr, const RankShare& ranks = {});

}  // namespace nmt::train
