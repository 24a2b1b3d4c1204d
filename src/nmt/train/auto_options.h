#pragma once
// Training options that choose themselves when left unset ("auto"): the
// replicas and bfloat16 products that suit this machine, and a learning-rate
// schedule that fits the run's budget. Each choice comes with a line saying
// what was chosen and why, which the trainer prints.
#include <cstdint>
#include <optional>
#include <string>

namespace nmt::train {

struct TrainOptions;

// True when the CPU multiplies bfloat16 natively (AVX512-BF16 or AMX-BF16,
// from /proc/cpuinfo's flags); emulated bfloat16 is slower than float32.
bool cpu_has_native_bf16();

struct HardwareChoice {
  int replicas = 1;
  bool bf16 = false;
  std::string note;  // "" when nothing was left to choose
};

// --replicas 0 and an unset --bf16 resolved for `threads` CPU threads of this
// process on `device`; given values are kept as they are.
HardwareChoice choose_hardware(const TrainOptions& options, int threads, const std::string& device,
                               bool native_bf16);

// The peak learning rate of the automatic schedule (--lr 0): reached at the
// end of the warm-up, then decaying as 1/sqrt(step).
inline constexpr double kAutoPeakLr = 2e-3;
// The automatic warm-up: this share of the steps the budget allows, within
// [kMinAutoWarmup, kMaxAutoWarmup] (the paper's 4000 when nothing bounds it).
inline constexpr double kAutoWarmupShare = 0.08;
inline constexpr int64_t kMinAutoWarmup = 50, kMaxAutoWarmup = 4000;
// Updates timed, with a time budget only, before the warm-up is chosen.
inline constexpr int64_t kWarmupProbeSteps = 10;

// The warm-up for `expected_steps` updates (0 = unknown).
int64_t auto_warmup(int64_t expected_steps);

// The scale of the paper's schedule that puts its peak at `peak_lr`:
// scale * d_model^-0.5 * warmup^-0.5 = peak_lr.
double scale_for_peak(double peak_lr, int64_t d_model, int64_t warmup);

}  // namespace nmt::train
