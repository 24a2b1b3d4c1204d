#pragma once
// What `nmt train` can be told (the train: section of a run's config): the
// options, their JSON form (config files, config.json, checkpoints) and the
// checks that refuse a combination before any work starts.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/common/option_table.h"
#include "nmt/data/cleaner.h"
#include "nmt/model/config.h"

namespace nmt::train {

struct TrainOptions {
  int64_t max_steps = 0;     // 0 = no limit
  int64_t max_epochs = 0;    // 0 = no limit
  double max_time = 0;       // seconds of training, 0 = no limit
  int64_t batch_tokens = 4096;  // rows x max(source, target) length, padding included
  int64_t accumulate = 1;    // batches per update (gradients summed, one optimizer step)
  int64_t max_pass_tokens = 0;  // split a batch into passes of at most N tokens (rows x longest side); 0 = never
  int64_t max_len = 256;     // longer pairs (pieces on a side) are dropped
  int64_t chunk_pairs = 250000;  // pairs read, sorted by length, batched and shuffled together (memory)
  bool clean = false;        // drop pairs as `nmt clean` does, while reading
  data::CleanOptions clean_options;
  double lr = 0;             // scale of the inverse-square-root schedule; 0 = auto: peak kAutoPeakLr (auto_options.h)
  int64_t warmup = 0;        // 0 = auto: a share of the steps the budget allows (auto_options.h)
  // inverse-sqrt | linear: after the warm-up, as 1/sqrt(step) (the paper's),
  // or down linearly to the end of --max-steps/--max-time (which measured no
  // better on short runs: docs/training.md, "Training recipe").
  std::string lr_schedule = "inverse-sqrt";
  double label_smoothing = 0.1;
  double clip = 1.0;         // gradient-norm clipping, 0 = off
  std::optional<bool> bf16;  // matrix products in bfloat16 (autocast), float32 weights/loss/Adam; unset = auto
  bool fp16 = false;         // matrix products in float16 (autocast, CUDA) with dynamic loss scaling (loss_scale.h)
  int64_t max_bad_steps = 10;  // consecutive non-finite steps tolerated before training stops
  int threads = 2;
  int replicas = 0;          // data-parallel threads on the CPU, each on threads/replicas (update_step.h); 0 = auto
  uint64_t seed = 1;
  int64_t log_every = 100;
  int64_t valid_every = 1000;  // validation every N steps (and at the end), 0 = only at the end
  bool valid_translate = true; // BLEU and chrF by translating the dev source
  int64_t valid_beam = 1;
  int64_t valid_max_sentences = 0;  // 0 = the whole dev set
  bool tune_alpha = false;     // at the end: the dev set's BLEU at beam 4 under several length penalties
  std::string early_stopping_metric = "bleu";  // loss | ppl | bleu | chrf (falls back to loss without translation)
  int64_t patience = 0;        // stop after N validations without improvement; 0 = never
  int64_t save_every = 1000;   // checkpoint every N steps (and at the end)
  int keep_checkpoints = 3;
  // An exponential moving average of the weights (ema.h), 0 = none: what
  // validation, best-*.pt and checkpoints' models hold, as Marian's
  // --exponential-smoothing. On by default: it paid on every budget measured
  // (docs/training.md, "Training recipe"), and a small model's last weights at its peak
  // learning rate swing where the average holds.
  double ema = 0.999;
  int64_t average_last = 0;  // at the end, average the last N checkpoints into the final model; 0/1 = none
  int64_t valid_show = 0;    // print the first N dev translations at each validation
  std::string device = "cpu";
  // Several processes (dist/world.h): the backend and how long a collective
  // waits for a dead or hung rank before every rank stops.
  std::string dist_backend = "auto";  // auto | gloo | nccl
  double dist_timeout = 120;          // seconds
  double dist_bucket_mb = 25;         // gradients reduced together, during backward (DDP's bucket_cap_mb)
  // Fine-tuning (init_from.h): the run directory or checkpoint whose model
  // the run starts from, when RUN_DIR has no checkpoint yet; "" = a new model.
  std::string init_from;
  bool init_keep_optimizer = false;  // Adam's moments too (our checkpoint-*.pt only)
  // Resume with the checkpoint's weights, optimizer and step, but the data
  // from the start of an epoch: for new data or data-order options on
  // purpose. A run's action, not its configuration: not saved in JSON.
  bool reset_data_position = false;
};

// The train: section's options, declared once (common/option_table.h):
// to_json, train_options_from_json, nmt train's and nmt distill's flags
// (cli/options.h) and nmt.train_options() in Python all come from this
// table. Adding an option is its field above and its row in
// train_option_table() (train_options.cpp), plus a check in
// check_train_options when it needs one.
using TrainOptionSpec = OptionSpec<TrainOptions>;
const std::vector<TrainOptionSpec>& train_option_table();

// Unknown fields and fields of the wrong type are errors naming them (and
// the nearest known name).
nlohmann::json to_json(const TrainOptions& options);
TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions base = {});

// Throws nmt::Error naming the option when the options cannot train this
// model (no stopping point, replicas out of range, --max-len beyond the
// model's positions). train_model checks them too; callers may check first.
void check_train_options(const model::ModelConfig& model_config, const TrainOptions& options);
// The device's part of those checks: replicas only on the CPU, fp16 only on
// CUDA, not bf16 and fp16 together. nmt bench train checks its options with it.
void check_device_options(const std::string& device, int64_t replicas, bool bf16, bool fp16);

// CPU threads of each process: options.threads is the machine's, shared by
// the `local_processes` ranks that run on it.
int threads_per_process(const TrainOptions& options, int local_processes);

// The options that decide which batch comes at a stream position: resuming
// with other values would silently skip or repeat data.
const std::vector<std::string>& data_order_options();

// The first data-order option whose value in `saved` (a checkpoint's train
// config) differs from `now`, as "train.batch_tokens is 512 there but 1024 now".
std::optional<std::string> data_order_difference(const nlohmann::json& saved, const nlohmann::json& now);

}  // namespace nmt::train
