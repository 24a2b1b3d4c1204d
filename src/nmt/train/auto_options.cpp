#include "nmt/train/auto_options.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <ATen/Context.h>
#include <ATen/detail/CUDAHooksInterface.h>

#include "nmt/common/error.h"
#include "nmt/cpu/isa.h"
#include "nmt/model/flops.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/trainer.h"

namespace nmt::train {
namespace {
// The recipe's values, from the sweeps in docs/training.md.
constexpr int64_t kSmallCorpusPairs = 50000, kSmallCorpusVocab = 4000;  // 14.9 BLEU against 9.4 with 8000, 5 minutes on 12k pairs
constexpr int64_t kAutoCpuBatchTokens = 1024;
constexpr double kAutoDropout = 0.1;
constexpr double kAutoEma = 0.999;  // 10.6 BLEU against 9.4 without, 5 minutes on the bundled corpus
// The narrow model for budgets of few updates (docs/training.md, the float32 sweep).
constexpr int64_t kNarrowWidth = 192, kNarrowHeads = 4, kNarrowFfn = 768, kNarrowDecoderLayers = 1;
}  // namespace

int64_t predicted_updates(const model::ModelConfig& config, int64_t batch_tokens, double max_time,
                          double matmul_gflops) {
  if (max_time <= 0 || matmul_gflops <= 0) return 0;
  // A batch of 32 rows of batch_tokens / 32 on each side, every target position scored.
  const int64_t rows = 32, len = std::max<int64_t>(1, batch_tokens / rows);
  const double flops = model::train_step_flops(config, rows, len, len, rows * len);
  const double step_seconds = flops / (matmul_gflops * 1e9 * kTrainMfu);
  return static_cast<int64_t>(max_time / step_seconds);
}

// AVX512-BF16 or AMX under the instruction set in use: NMT_CPU_ISA=avx2
// trains as an AVX2 machine would.
bool cpu_has_native_bf16() { return cpu::native_bf16(); }

// A GPU of compute capability 8 or later (Ampere on), asked through
// LibTorch's CUDA hooks so that CPU builds need no CUDA headers.
bool device_has_native_bf16(const std::string& device) {
  if (device == "cpu") return cpu_has_native_bf16();
  if (device.rfind("cuda", 0) != 0 || !at::hasCUDA()) return false;
  return at::detail::getCUDAHooks().supportsBFloat16ConvolutionWithCuDNNv8();
}

HardwareChoice choose_hardware(const TrainOptions& options, int threads, const std::string& device,
                               bool native_bf16) {
  HardwareChoice c;
  const bool cpu = device == "cpu";
  std::string note;
  if (options.replicas > 0) {
    c.replicas = options.replicas;
  } else {
    // Single-threaded replicas avoid the meeting of threads at every
    // operation (1.34x on 2 cores, measured with the small preset); beyond 4
    // the copies' gradient sums are untested, so 4 replicas share the threads.
    c.replicas = 1;
    if (cpu) {
      c.replicas = std::min(threads, 4);
      while (threads % c.replicas != 0) --c.replicas;
    }
    note += "--replicas " + std::to_string(c.replicas) +
            (cpu ? " (" + std::to_string(threads) + " threads: " + std::to_string(threads / c.replicas) +
                       " each)"
                 : " (not on " + device + ")");
  }
  if (options.bf16 || options.fp16) {
    c.bf16 = options.bf16.value_or(false);
  } else {
    c.bf16 = native_bf16;
    if (!note.empty()) note += ", ";
    note += std::string("--bf16 ") +
            (c.bf16 ? (cpu ? "on (the CPU multiplies bfloat16 natively)" : "on (" + device + " multiplies bfloat16 natively)")
                    : cpu ? "off (the CPU has no native bfloat16: AVX512-BF16 or AMX)"
                          : "off (" + device + " has no native bfloat16: compute capability below 8)");
  }
  if (!note.empty()) c.note = "auto: " + note + "; give --replicas N or --bf16/--no-bf16 to choose";
  return c;
}

HardwareChoice process_hardware(const TrainOptions& options, int local_processes, bool native_bf16) {
  const int threads = threads_per_process(options, local_processes);
  auto hardware = choose_hardware(options, threads, options.device, native_bf16);
  NMT_CHECK(hardware.replicas <= threads, "--replicas (" << hardware.replicas << ") must be at most the threads of "
                                          "each process (" << threads << ": --threads " << options.threads
                                          << " shared by " << local_processes << " processes on this machine)");
  model::set_cpu_threads(threads / hardware.replicas);
  return hardware;
}

const std::vector<std::string>& vocab_sides_values() {
  static const std::vector<std::string> values = {"auto", "joint", "separate"};
  return values;
}

VocabLayout choose_vocab_layout(const std::string& vocab_sides, int64_t src_characters, int64_t tgt_characters) {
  const auto& values = vocab_sides_values();
  NMT_CHECK(std::find(values.begin(), values.end(), vocab_sides) != values.end(),
            "data.vocab_sides must be auto, joint or separate, got '" << vocab_sides << "'");
  VocabLayout layout;
  if (vocab_sides != "auto") {
    layout.separate = vocab_sides == "separate";
    return layout;
  }
  const bool src_large = src_characters > text::kLargeAlphabet, tgt_large = tgt_characters > text::kLargeAlphabet;
  layout.separate = src_large != tgt_large;
  if (layout.separate) {
    const std::string large = src_large ? "source" : "target", small = src_large ? "target" : "source";
    layout.note = "auto: --vocab-sides separate (the " + large + " has " +
                  std::to_string(src_large ? src_characters : tgt_characters) + " distinct characters, the " + small +
                  " " + std::to_string(src_large ? tgt_characters : src_characters) +
                  ": one vocabulary per side, so that the " + large + "'s characters leave the " + small +
                  "'s merges their pieces; embeddings not tied)";
  }
  return layout;
}

int64_t auto_warmup(int64_t expected_steps, double share) {
  if (expected_steps <= 0) return kMaxAutoWarmup;
  const auto steps = static_cast<int64_t>(std::llround(share * static_cast<double>(expected_steps)));
  // Rounded to two significant digits, so that timing noise barely moves it.
  int64_t w = std::clamp(steps, kMinAutoWarmup, kMaxAutoWarmup), unit = 1;
  while (w / unit >= 100) unit *= 10;
  return std::max(kMinAutoWarmup, w / unit * unit);
}

double scale_for_peak(double peak_lr, int64_t d_model, int64_t warmup) {
  return peak_lr * std::sqrt(static_cast<double>(d_model) * static_cast<double>(std::max<int64_t>(warmup, 1)));
}

int64_t auto_vocab_size(int64_t pairs) {
  // Small corpora learn faster with fewer, more frequent pieces.
  if (pairs < kSmallCorpusPairs) return kSmallCorpusVocab;
  if (pairs < 200000) return 8000;
  if (pairs < 2000000) return 16000;
  return 32000;
}

AutoRecipe auto_recipe(int64_t pairs, double max_time, const std::string& device, bool joint_vocabulary,
                       double matmul_gflops) {
  const bool gpu = device != "cpu";
  std::string size = "small", why;
  if (pairs < 2000) {
    size = "tiny", why = "under 2000 pairs";
  } else if (gpu || (pairs >= 1000000 && (max_time <= 0 || max_time >= 8 * 3600))) {
    size = "base", why = gpu ? "on " + device : "1M pairs or more and 8 hours or more";
  } else {
    why = "2000 to 1M pairs on a CPU" + std::string(pairs >= 1000000 ? " in under 8 hours" : "");
  }
  // Few updates of small in the budget: a narrower model, one decoder layer.
  std::string narrow;
  bool narrowed = false;
  if (!gpu && size == "small" && max_time > 0 && matmul_gflops > 0) {
    auto small = model::preset("small");
    small.src_vocab = small.tgt_vocab = auto_vocab_size(pairs);
    const int64_t updates = predicted_updates(small, kAutoCpuBatchTokens, max_time, matmul_gflops);
    std::ostringstream why_narrow;
    why_narrow << "the budget buys about " << updates << " updates of small at the measured "
               << static_cast<int64_t>(matmul_gflops) << " GFLOP/s";
    if (updates < kFewSteps) {
      narrowed = true;
      narrow = " narrowed to " + std::to_string(kNarrowWidth) + " wide (ffn " + std::to_string(kNarrowFfn) + ") with " +
               std::to_string(kNarrowDecoderLayers) + " decoder layer (" + why_narrow.str() + ", under " +
               std::to_string(kFewSteps) + ": a smaller model learns more in so few)";
    } else {
      narrow = " (" + why_narrow.str() + ")";
    }
  }
  AutoRecipe r;
  r.layer = {{"preset", size},
             {"model", {{"pre_norm", true}, {"dropout", kAutoDropout}}},
             {"train", {{"batch_tokens", gpu ? 8192 : kAutoCpuBatchTokens}, {"ema", kAutoEma}}},
             {"data", {{"vocab_size", auto_vocab_size(pairs)}}}};
  if (joint_vocabulary) r.layer["data"]["tie_embeddings"] = true;
  if (narrowed) {
    r.layer["model"]["d_model"] = kNarrowWidth, r.layer["model"]["heads"] = kNarrowHeads;
    r.layer["model"]["ffn"] = kNarrowFfn, r.layer["model"]["decoder_layers"] = kNarrowDecoderLayers;
  }
  r.note = "preset auto (" + std::to_string(pairs) + " pairs" +
           (max_time > 0 ? ", --max-time " + std::to_string(static_cast<int64_t>(max_time)) : "") + "): " + size +
           " (" + why + ")" + narrow + ", pre-norm, dropout " + nlohmann::json(kAutoDropout).dump() +
           (joint_vocabulary ? ", tied embeddings" : "") + ", a vocabulary of " +
           std::to_string(auto_vocab_size(pairs)) + " pieces, batches of " +
           std::to_string(gpu ? 8192 : kAutoCpuBatchTokens) +
           " tokens, --ema " + nlohmann::json(kAutoEma).dump() +
           "; given options win over these (--preset small for the paper's)";
  return r;
}

}  // namespace nmt::train
