#include "nmt/train/lr_schedule.h"

#include <algorithm>

#include "nmt/common/format.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/init_from.h"
#include "nmt/train/schedule.h"

namespace nmt::train {

LrSchedule::LrSchedule(const TrainOptions& options, int64_t d_model, bool fine_tuning,
                       std::function<void(const std::string&)> say)
    : options_(options), d_model_(d_model), fine_tuning_(fine_tuning), say_(std::move(say)) {}

double LrSchedule::auto_peak_lr() const { return fine_tuning_ ? kFineTunePeakLr : kAutoPeakLr; }
double LrSchedule::auto_warmup_share() const { return fine_tuning_ ? kFineTuneWarmupShare : kAutoWarmupShare; }

void LrSchedule::start(std::optional<int64_t> saved_warmup, int64_t saved_expected_steps) {
  linear_ = options_.lr_schedule == "linear";
  if (saved_warmup) {
    warmup_ = *saved_warmup;
    set(saved_expected_steps, "as chosen at the run's start", true);
  } else if (options_.max_time > 0 && (options_.warmup == 0 || linear_)) {
    // Until the probe steps have shown the speed: the gentlest start.
    probing_ = true;
    warmup_ = options_.warmup > 0 ? options_.warmup : kMaxAutoWarmup;
    scale_ = options_.lr > 0 ? options_.lr : scale_for_peak(auto_peak_lr(), d_model_, warmup_);
  } else {
    set(options_.max_steps, "--max-steps " + std::to_string(options_.max_steps));
  }
}

void LrSchedule::after_step(int64_t step, double train_seconds) {
  if (probing_ && step == kProbeSkippedSteps) probe_start_ = train_seconds;
  if (probing_ && step >= kProbeSkippedSteps + kWarmupProbeSteps) finish_probe(step, train_seconds);
}

void LrSchedule::finish_probe(int64_t step, double train_seconds) {
  // Steps after the first few, which allocate memory and are slower.
  const double per_step = probe_start_ ? (train_seconds - *probe_start_) / static_cast<double>(kWarmupProbeSteps)
                                       : train_seconds / static_cast<double>(std::max<int64_t>(step, 1));
  auto expected = static_cast<int64_t>(options_.max_time / std::max(per_step, 1e-9));
  if (options_.max_steps > 0) expected = std::min(expected, options_.max_steps);
  probing_ = false;
  set(expected, "the ~" + std::to_string(expected) + " steps that --max-time " + fixed(options_.max_time, 0) +
                    " allows at " + fixed(per_step, 3) + " s a step");
}

void LrSchedule::set(int64_t expected_steps, const std::string& why, bool resumed) {
  expected_steps_ = expected_steps;
  if (options_.warmup > 0) {
    warmup_ = options_.warmup;
  } else if (!resumed || warmup_ == 0) {
    warmup_ = auto_warmup(expected_steps_, auto_warmup_share());
  }
  scale_ = options_.lr > 0 ? options_.lr : scale_for_peak(auto_peak_lr(), d_model_, warmup_);
  const double peak = inverse_sqrt_lr(warmup_, d_model_, warmup_, scale_);
  say_("schedule: warm-up " + std::to_string(warmup_) + " steps" +
       (options_.warmup > 0    ? ""
        : resumed              ? " (auto, " + why + ")"
        : expected_steps_ == 0 ? " (auto: the paper's, as no step or time budget bounds the run)"
                               : " (auto: " + fixed(100 * auto_warmup_share(), 0) + "% of " + why + ", within " +
                                 std::to_string(kMinAutoWarmup) + "-" + std::to_string(kMaxAutoWarmup) + ")") +
       ", peak lr " + fixed(peak * 1e4, 2) + "e-4" +
       (options_.lr > 0 ? " (--lr " + fixed(options_.lr, 3) + ")" : fine_tuning_ ? " (auto, fine-tuning)" : " (auto)") +
       (linear_ ? ", then down linearly to " + fixed(100 * kFinalLrShare, 0) + "% of it at the budget's end"
                : ", then 1/sqrt(step)"));
}

double LrSchedule::rate(int64_t step, double train_seconds) const {
  if (!linear_ || probing_) return inverse_sqrt_lr(step, d_model_, warmup_, scale_);
  const double peak = inverse_sqrt_lr(warmup_, d_model_, warmup_, scale_);
  // The share of the budget done: of the steps or of the time, whichever is further.
  double done = 0;
  if (options_.max_steps > 0) done = static_cast<double>(step) / static_cast<double>(options_.max_steps);
  if (options_.max_time > 0) done = std::max(done, train_seconds / options_.max_time);
  const double warm = static_cast<double>(step) / static_cast<double>(warmup_);
  const double share = expected_steps_ > 0 ? static_cast<double>(warmup_) / static_cast<double>(expected_steps_) : 0.0;
  const double decay = (1 - done) / (1 - std::min(0.9, share));
  return peak * std::max(kFinalLrShare, std::min({1.0, warm, decay}));
}

}  // namespace nmt::train
