#include "nmt/train/train_options.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/early_stopping.h"
#include "nmt/train/init_from.h"

namespace nmt::train {

namespace {

using Spec = TrainOptionSpec;

std::vector<Spec> make_table() {
  using O = TrainOptions;
  std::vector<Spec> t = {
      option_row(&O::max_steps, "max_steps", "--max-steps", "Stop after N updates; 0 = no limit"),
      option_row(&O::max_epochs, "max_epochs", "--max-epochs", "Stop after N passes over the data; 0 = no limit"),
      option_row(&O::max_time, "max_time", "--max-time", "Stop after N seconds of training; 0 = no limit"),
      option_row(&O::batch_tokens, "batch_tokens", "--batch-tokens",
          "Tokens per batch: rows x the longer side (source or target), padding included"),
      option_row(&O::accumulate, "accumulate", "--accumulate", "Batches per update: gradients summed, one optimizer step"),
      option_row(&O::max_pass_tokens, "max_pass_tokens", "--max-pass-tokens",
          "Split batches into passes of at most N tokens, counted as --batch-tokens (same update, less memory); 0 = off"),
      option_row(&O::max_len, "max_len", "--max-len", "Drop pairs with more pieces on a side"),
      option_row(&O::chunk_pairs, "chunk_pairs", "--chunk-pairs", "Pairs read, length-sorted and shuffled together; bounds memory"),
      option_row(&O::clean, "clean", "--clean",
          "Drop pairs while reading, as nmt clean does (invalid UTF-8, empty, too long, bad ratio, duplicates)"),
      option_row(&O::clean_options, &data::CleanOptions::min_words, "clean_min_words", "", "With clean: fewest words a side"),
      option_row(&O::clean_options, &data::CleanOptions::max_words, "clean_max_words", "", "With clean: most words a side"),
      option_row(&O::clean_options, &data::CleanOptions::max_ratio, "clean_max_ratio", "",
          "With clean: largest ratio of the sides' lengths"),
      option_row(&O::clean_options, &data::CleanOptions::drop_duplicates, "clean_drop_duplicates", "",
          "With clean: drop repeated pairs"),
      option_row(&O::lr, "lr", "--lr",
          "Scale of the inverse-sqrt schedule; 0 = auto: the scale that peaks at " + fixed(kAutoPeakLr * 1e3, 1) +
              "e-3 at the warm-up's end (" + fixed(kFineTunePeakLr * 1e4, 0) + "e-4 when fine-tuning)"),
      option_row(&O::warmup, "warmup", "--warmup",
          "Warm-up steps; 0 = auto: " + fixed(100 * kAutoWarmupShare, 0) +
              "% of the steps that --max-steps or --max-time allow (timed over the first " +
              std::to_string(kProbeSkippedSteps + kWarmupProbeSteps) + "), " + std::to_string(kMaxAutoWarmup) +
              " without a budget"),
      option_row(&O::lr_schedule, "lr_schedule", "--lr-schedule",
          "inverse-sqrt | linear: after the warm-up, as 1/sqrt(step) as the paper, or down linearly to 1% at the "
          "end of --max-steps or --max-time",
          {"inverse-sqrt", "linear"}),
      option_row(&O::label_smoothing, "label_smoothing", "--label-smoothing", "Label smoothing"),
      option_row(&O::clip, "clip", "--clip", "Gradient-norm clipping, 0 = off"),
      option_row(&O::max_bad_steps, "max_bad_steps", "--max-bad-steps",
          "Stop after N updates in a row with a non-finite loss or gradient"),
      option_row(&O::threads, "threads", "--threads", "CPU threads"),
      option_row(&O::replicas, "replicas", "--replicas",
          "Data-parallel threads, each running part of every batch on its own model copy with threads/replicas "
          "threads (CPU); 0 = auto: one per thread, up to 4"),
      option_row(&O::seed, "seed", "--seed", "Random seed"),
      option_row(&O::log_every, "log_every", "--log-every", "Report every N steps"),
      option_row(&O::valid_every, "valid_every", "--valid-every", "Validate every N steps and at each epoch's end"),
      with_off_flag(option_row(&O::valid_translate, "valid_translate", "", "Translate the dev set at each validation for BLEU/chrF"),
          "--no-valid-translate", "Validate on dev loss only, without translating the dev set for BLEU/chrF"),
      option_row(&O::valid_beam, "valid_beam", "--valid-beam", "Beam size of validation translation"),
      option_row(&O::valid_max_sentences, "valid_max_sentences", "--valid-max-sentences",
          "Translate only the first N dev sentences; 0 = all"),
      option_row(&O::tune_alpha, "tune_alpha", "--tune-alpha",
          "At the end, translate the dev set at beam 4 with --alpha 1.0, 1.3, 1.6 and 2.0 and say which gives the "
          "best BLEU (a young model with a Chinese target often wants more than the default 1.0)"),
      option_row(&O::valid_show, "valid_show", "--valid-show",
          "Print the first N dev translations with their sources and references at each validation"),
      option_row(&O::early_stopping_metric, "early_stopping_metric", "--early-stopping-metric", "loss | ppl | bleu | chrf",
          {"loss", "ppl", "bleu", "chrf"}),
      option_row(&O::patience, "patience", "--patience", "Stop after N validations without improvement; 0 = never"),
      option_row(&O::save_every, "save_every", "--save-every", "Checkpoint every N steps"),
      option_row(&O::keep_checkpoints, "keep_checkpoints", "--keep-checkpoints", "Checkpoints kept"),
      option_row(&O::ema, "ema", "--ema",
          "Keep an exponential moving average of the weights with this decay (e.g. 0.999), as Marian's "
          "--exponential-smoothing: validation, best-*.pt and the checkpoints' models use it; 0 = off"),
      option_row(&O::average_last, "average_last", "--average-last",
          "At the end, average the last N checkpoints into RUN_DIR/average-STEP.pt, the run's final model (needs "
          "--keep-checkpoints >= N); 0 = off"),
      option_row(&O::device, "device", "--device", "cpu | cuda | cuda:N; with several ranks, cuda is the GPU of LOCAL_RANK"),
      option_row(&O::dist_backend, "dist_backend", "--dist-backend", "auto | gloo | nccl: auto is gloo on CPUs, nccl on GPUs",
          {"auto", "gloo", "nccl"}),
      option_row(&O::dist_timeout, "dist_timeout", "--dist-timeout",
          "Seconds a rank waits for the others (rendezvous, each collective) before the run stops with a message "
          "naming the missing rank"),
      option_row(&O::dist_bucket_mb, "dist_bucket_mb", "--dist-bucket-mb",
          "Gradients summed across ranks in buckets of this size, each as soon as backward has produced it (a size "
          "above the model's waits for the whole backward)"),
      option_row(&O::init_from, "init_from", "--init-from",
          "Fine-tune: start from this run directory's final model or this checkpoint (ours, or one made by nmt "
          "import marian): its model, vocabulary, languages and decoding defaults, a new optimizer and schedule. "
          "Options that change the model or vocabulary are refused; --dropout may change"),
      option_row(&O::init_keep_optimizer, "init_keep_optimizer", "--init-from-keep-optimizer",
          "With --init-from a checkpoint-*.pt of ours (or its run directory): keep Adam's moments too"),
  };
  // bf16: true, false or "auto" (unset: on where the CPU multiplies bfloat16 natively).
  Spec bf16{"bf16", "--bf16", "--no-bf16",
            "Matrix products in bfloat16 (autocast, CPU or CUDA; float32 weights, loss and Adam); auto: on CPUs that "
            "multiply bfloat16 natively (AVX512-BF16, AMX)",
            "Matrix products in float32 even where bfloat16 is native", OptionKind::boolean, {}, {}, {}};
  bf16.get = [](const TrainOptions& o) { return o.bf16 ? nlohmann::json(*o.bf16) : nlohmann::json("auto"); };
  bf16.set = [](const nlohmann::json& v, TrainOptions& o) {
    if (v.is_string() && v.get<std::string>() == "auto") o.bf16.reset();
    else o.bf16 = v.get<bool>();
  };
  t.push_back(bf16);
  t.push_back(option_row(&O::fp16, "fp16", "--fp16",
                         "Matrix products in float16 (autocast, CUDA devices only) with dynamic loss scaling; float32 "
                         "weights, loss and Adam"));
  return t;
}

}  // namespace

const std::vector<TrainOptionSpec>& train_option_table() {
  static const std::vector<TrainOptionSpec> table = make_table();
  return table;
}

nlohmann::json to_json(const TrainOptions& o) { return options_to_json(train_option_table(), o); }

TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions o) {
  o = options_from_json(train_option_table(), j, o, "train");
  NMT_CHECK(o.accumulate >= 1, "train.accumulate must be >= 1, got " << o.accumulate);
  NMT_CHECK(o.max_bad_steps >= 1, "train.max_bad_steps must be >= 1, got " << o.max_bad_steps);
  higher_is_better(o.early_stopping_metric);  // checks the name
  return o;
}

void check_device_options(const std::string& device, int64_t replicas, bool bf16, bool fp16) {
  NMT_CHECK(replicas <= 1 || device == "cpu", "--replicas is for CPU training, not " << device);
  NMT_CHECK(!(fp16 && bf16), "give one of --bf16 and --fp16 (--precision), not both");
  NMT_CHECK(!fp16 || device != "cpu",
            "--precision fp16 is for CUDA devices (--device cuda): LibTorch's CPU autocast has no float16 products; "
            "on CPUs use --precision bf16 (native on AVX512-BF16 and AMX) or fp32");
}

void check_train_options(const model::ModelConfig& model_config, const TrainOptions& options) {
  NMT_CHECK(options.max_steps > 0 || options.max_epochs > 0 || options.max_time > 0,
            "training needs a stopping point: --max-steps, --max-epochs or --max-time");
  NMT_CHECK(options.replicas >= 0 && options.replicas <= options.threads,
            "--replicas (" << options.replicas << ") must be between 1 and --threads (" << options.threads
                           << "), or 0 for auto");
  NMT_CHECK(options.lr >= 0, "--lr must be > 0, or 0 for auto; got " << options.lr);
  NMT_CHECK(options.warmup >= 0, "--warmup must be >= 1 step, or 0 for auto; got " << options.warmup);
  NMT_CHECK(options.lr_schedule == "linear" || options.lr_schedule == "inverse-sqrt",
            "--lr-schedule must be inverse-sqrt or linear, got '" << options.lr_schedule << "'");
  NMT_CHECK(options.lr_schedule != "linear" || options.max_steps > 0 || options.max_time > 0,
            "--lr-schedule linear decays to the end of --max-steps or --max-time: give one");
  NMT_CHECK(options.dist_backend == "auto" || options.dist_backend == "gloo" || options.dist_backend == "nccl",
            "--dist-backend must be auto, gloo or nccl, got '" << options.dist_backend << "'");
  NMT_CHECK(options.dist_timeout > 0, "--dist-timeout must be > 0 seconds, got " << options.dist_timeout);
  NMT_CHECK(options.dist_bucket_mb > 0, "--dist-bucket-mb must be > 0, got " << options.dist_bucket_mb);
  check_device_options(options.device, options.replicas, options.bf16.value_or(false), options.fp16);
  NMT_CHECK(options.ema == 0 || (options.ema > 0 && options.ema < 1),
            "--ema must be a decay between 0 and 1 such as 0.999, or 0 for none; got " << options.ema);
  NMT_CHECK(options.average_last >= 0 && options.average_last <= options.keep_checkpoints,
            "--average-last " << options.average_last << " needs that many checkpoints kept, but --keep-checkpoints is "
                              << options.keep_checkpoints);
  NMT_CHECK(options.valid_show >= 0, "--valid-show must be >= 0, got " << options.valid_show);
  NMT_CHECK(!options.tune_alpha || options.valid_translate,
            "--tune-alpha translates the dev set, which --no-valid-translate turns off");
  // A pair of max_len pieces is max_len + 1 positions on each side (</s>
  // after the source, <s> before the target): found here, not hours later
  // inside the embedding when the first such pair comes.
  NMT_CHECK(options.max_len >= 1 && options.max_len + 1 <= model_config.max_positions,
            "train.max_len " << options.max_len << " needs " << options.max_len + 1
                             << " positions (pieces + </s>) but model.max_positions is " << model_config.max_positions
                             << ": lower --max-len to at most " << model_config.max_positions - 1
                             << " or raise --max-positions");
}

int threads_per_process(const TrainOptions& options, int local_processes) {
  return std::max(1, options.threads / std::max(1, local_processes));
}

const std::vector<std::string>& data_order_options() {
  static const std::vector<std::string> names = {"batch_tokens", "chunk_pairs", "max_len", "seed", "clean",
                                                 "clean_min_words", "clean_max_words", "clean_max_ratio",
                                                 "clean_drop_duplicates"};
  return names;
}

std::optional<std::string> data_order_difference(const nlohmann::json& saved, const nlohmann::json& now) {
  for (const auto& name : data_order_options()) {
    if (!saved.contains(name)) continue;  // a checkpoint from before the option existed
    if (saved[name] != now.at(name)) {
      return "train." + name + " is " + saved[name].dump() + " there but " + now.at(name).dump() + " now";
    }
  }
  return std::nullopt;
}

}  // namespace nmt::train
