#pragma once
// A run's learning-rate schedule: Adam's rate at each step. The warm-up and
// the scale are given, or chosen (auto_options.h) from the step budget, from
// the speed of the first steps under a time budget (the probe), or as a
// checkpoint of the run saved them; after the warm-up the rate falls as
// 1/sqrt(step) (the paper's) or linearly to the budget's end.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "nmt/train/train_options.h"

namespace nmt::train {

class LrSchedule {
 public:
  // say(): one line when the schedule is set (what was chosen and why).
  // fine_tuning: the lower peak and shorter warm-up of init_from.h.
  LrSchedule(const TrainOptions& options, int64_t d_model, bool fine_tuning,
             std::function<void(const std::string&)> say);

  // At the run's start: the warm-up a checkpoint of the run saved (and the
  // steps it expected), else chosen from --max-steps, else, under a time
  // budget, after the probe steps (the gentlest start until then).
  void start(std::optional<int64_t> saved_warmup, int64_t saved_expected_steps);
  // After each step: times the probe steps, then sets the schedule from them.
  void after_step(int64_t step, double train_seconds);
  // The rate of `step`; a linear decay follows the steps or the time spent,
  // whichever is further into the budget.
  double rate(int64_t step, double train_seconds) const;

  bool probing() const { return probing_; }  // the warm-up waits for the probe
  int64_t warmup() const { return warmup_; }
  int64_t expected_steps() const { return expected_steps_; }  // 0 = unknown

 private:
  // `why`: what the expected steps come from; `resumed`: the warm-up is the checkpoint's.
  void set(int64_t expected_steps, const std::string& why, bool resumed = false);
  void finish_probe(int64_t step, double train_seconds);
  double auto_peak_lr() const;
  double auto_warmup_share() const;

  const TrainOptions& options_;
  int64_t d_model_;
  bool fine_tuning_;
  std::function<void(const std::string&)> say_;
  int64_t warmup_ = 0, expected_steps_ = 0;
  double scale_ = 0;
  bool linear_ = false;
  bool probing_ = false;
  std::optional<double> probe_start_;  // the training seconds after the first (slower) steps
};

}  // namespace nmt::train
