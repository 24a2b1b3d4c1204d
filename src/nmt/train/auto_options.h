#pragma once
// Training options that choose themselves when left unset ("auto"): the
// replicas and bfloat16 products that suit this machine, and a learning-rate
// schedule that fits the run's budget. Each choice comes with a line saying
// what was chosen and why, which the trainer prints.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "nmt/model/config.h"

#include <nlohmann/json.hpp>

namespace nmt::train {

struct TrainOptions;

// True when the CPU multiplies bfloat16 natively (AVX512-BF16 or AMX-BF16,
// under cpu::cpu_isa(), so NMT_CPU_ISA=avx2 says no); emulated bfloat16 is
// slower than float32.
bool cpu_has_native_bf16();
// The same for a device: cpu, or a GPU of compute capability 8 or later.
bool device_has_native_bf16(const std::string& device);

struct HardwareChoice {
  int replicas = 1;
  bool bf16 = false;
  std::string note;  // "" when nothing was left to choose
};

// --replicas 0 and an unset --bf16 resolved for `threads` CPU threads of this
// process on `device` (native_bf16: device_has_native_bf16's answer for it);
// given values are kept as they are, --fp16 among them.
HardwareChoice choose_hardware(const TrainOptions& options, int threads, const std::string& device,
                               bool native_bf16);
// choose_hardware for one of the `local_processes` processes that share
// this machine's --threads, checked (its replicas fit its threads), with the
// CPU thread pools set for one replica (model::set_cpu_threads).
HardwareChoice process_hardware(const TrainOptions& options, int local_processes, bool native_bf16);

// One joint vocabulary or one per side (data.vocab_sides: auto | joint |
// separate), from each side's distinct characters in a sample: auto chooses
// one per side when exactly one side writes a script of thousands of
// characters (Chinese, Japanese) and the other an alphabet, so that the
// large script does not take the pieces the other side's merges need; the
// embeddings are then not tied. `note` says so when auto chose.
struct VocabLayout {
  bool separate = false;
  std::string note;
};
VocabLayout choose_vocab_layout(const std::string& vocab_sides, int64_t src_characters, int64_t tgt_characters);
// data.vocab_sides' allowed values: auto, joint, separate.
const std::vector<std::string>& vocab_sides_values();

// The peak learning rate of the automatic schedule (--lr 0): reached at the
// end of the warm-up, then decaying as 1/sqrt(step).
inline constexpr double kAutoPeakLr = 2e-3;
// The automatic warm-up: this share of the steps the budget allows, within
// [kMinAutoWarmup, kMaxAutoWarmup] (the paper's 4000 when nothing bounds it).
// Measured (docs/training.md, "Training recipe"): the small model on the bundled
// corpus for 5 minutes reached test BLEU 5.1 with a warm-up of 8% of its
// steps, 8.3 with 25%, 9.9 with 40% and 12.6 with 60%; a short warm-up or a
// higher peak (3e-3: 2.9) leaves it on a plateau of loss 5 it does not leave.
inline constexpr double kAutoWarmupShare = 0.6;
inline constexpr int64_t kMinAutoWarmup = 50, kMaxAutoWarmup = 4000;
// The linear schedule ends at this share of its peak.
inline constexpr double kFinalLrShare = 0.01;
// Updates timed, under a time budget, before the schedule is set: after
// the first few, which are slower.
inline constexpr int64_t kProbeSkippedSteps = 3, kWarmupProbeSteps = 12;

// The warm-up for `expected_steps` updates (0 = unknown): `share` of them.
int64_t auto_warmup(int64_t expected_steps, double share = kAutoWarmupShare);

// The scale of the paper's schedule that puts its peak at `peak_lr`:
// scale * d_model^-0.5 * warmup^-0.5 = peak_lr.
double scale_for_peak(double peak_lr, int64_t d_model, int64_t warmup);

// --preset auto, the default: a model size and a recipe for it (pre-norm,
// one joint vocabulary tied to the output layer, the vocabulary's size, the
// batch size, dropout, a moving average of the weights) chosen from the corpus size, the time budget and the
// device, as bench/recipe_sweep.sh measured them (docs/training.md, "Training
// recipe"). `layer` is a configuration to put between the defaults and the
// given values (a config file, the command line), so that anything given
// wins; `note` says what was chosen and why.
struct AutoRecipe {
  nlohmann::json layer;
  std::string note;
};
// `matmul_gflops`: the machine's measured matrix-product speed in the
// training's precision (model::measure_matmul_gflops; 0 = not measured).
// With it, on a CPU under a time budget, the updates the budget buys for
// `small` are predicted from its FLOPs; under kFewSteps, a narrower model
// with a one-layer decoder is chosen instead, which learns more in so few
// updates (docs/training.md, "Training recipe": the float32 sweep).
AutoRecipe auto_recipe(int64_t pairs, double max_time, const std::string& device, bool joint_vocabulary,
                       double matmul_gflops = 0);

// The updates of `config` that `max_time` seconds buy at `matmul_gflops`,
// with batches of `batch_tokens`, as predicted from its FLOPs (kTrainMfu).
int64_t predicted_updates(const model::ModelConfig& config, int64_t batch_tokens, double max_time,
                          double matmul_gflops);
// Training's share of the matrix-product probe's speed (nmt bench train,
// small: 0.44-0.68 in float32, 2 threads).
inline constexpr double kTrainMfu = 0.5;
// Fewer predicted updates of small than this: the narrow model.
inline constexpr int64_t kFewSteps = 2000;

// The pieces of a joint vocabulary for a corpus of `pairs` pairs.
int64_t auto_vocab_size(int64_t pairs);

}  // namespace nmt::train
