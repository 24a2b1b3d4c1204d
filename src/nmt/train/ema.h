#pragma once
// An exponential moving average of a model's weights (Marian's
// --exponential-smoothing, Polyak averaging): after every update,
// shadow = d * shadow + (1 - d) * weights. The shadow model is the one to
// validate and to translate with; it is smoother than the last update's
// weights, which is worth most on short runs.
//
// The decay at step t is min(decay, (1 + t) / (10 + t)): early on the shadow
// follows the weights closely, so a run of a few hundred steps is not
// dominated by its random initialisation.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "nmt/model/transformer.h"

namespace nmt::train {

class Ema {
 public:
  // The shadow starts as a copy of `shadow_init` (the model's weights for a
  // new run, the saved shadow when resuming), on the same device.
  Ema(const model::Transformer& shadow_init, double decay);

  // After an applied update that brought the model to `step` (>= 1).
  void update(const model::Transformer& model, int64_t step);

  model::Transformer& model() { return shadow_; }
  double decay_at(int64_t step) const;

 private:
  model::Transformer shadow_;
  double decay_;
};

// Copies every parameter and buffer of `from` into `to` (same config).
void copy_weights(const model::Transformer& from, model::Transformer& to);

// A run's moving average at its start: with decay > 0, from `saved` (the
// average a resumed or fine-tuned checkpoint holds, moved to the model's
// device) or else from the model's weights; with decay 0, none (null).
// say() tells when the resumed checkpoint `latest` had no average, or when
// its average is dropped.
std::unique_ptr<Ema> start_ema(double decay, model::Transformer saved, const model::Transformer& model,
                               const std::string& latest, const std::function<void(const std::string&)>& say);

}  // namespace nmt::train
