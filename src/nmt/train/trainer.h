#pragma once
// The training loop: Adam with the paper's warm-up schedule, label-smoothed
// cross-entropy over non-pad target tokens, gradient accumulation and
// clipping, non-finite steps skipped, token batches in an order that is a pure
// function of the data position, periodic validation (loss, BLEU, chrF) with
// early stopping, and checkpoints from which a run resumes exactly.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "nmt/data/batcher.h"
#include "nmt/data/cleaner.h"
#include "nmt/data/pair_reader.h"
#include "nmt/model/config.h"
#include "nmt/text/vocab.h"

namespace nmt::dist {
class World;
}

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
  int64_t max_bad_steps = 10;  // consecutive non-finite steps tolerated before training stops
  int threads = 2;
  int replicas = 0;          // data-parallel threads on the CPU, each on threads/replicas (update_step.h); 0 = auto
  uint64_t seed = 1;
  int64_t log_every = 100;
  int64_t valid_every = 1000;  // validation every N steps (and at the end), 0 = only at the end
  bool valid_translate = true; // BLEU and chrF by translating the dev source
  int64_t valid_beam = 1;
  int64_t valid_max_sentences = 0;  // 0 = the whole dev set
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

nlohmann::json to_json(const TrainOptions& options);
TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions base = {});

struct TrainData {
  data::CorpusSpec train;  // streamed, chunk by chunk
  data::ParallelText dev;  // may be empty
};

// What the loop reports after every optimizer step (a progress display) and
// after each log window (the log lines and the metrics file).
struct StepReport {
  int64_t step = 0, epoch = 0;  // epoch: 1-based, the one the last batch came from
  double loss = 0, ppl = 0;     // over the window: per target token
  double lr = 0, grad_norm = 0;
  double tgt_tok_per_s = 0;
  double rss_mib = 0;           // resident memory at the report
  double train_seconds = 0;     // since the run began (resumes included)
  int64_t window_steps = 0;
};

struct ValidReport {
  int64_t step = 0;
  double train_seconds = 0;
  double loss = 0, ppl = 0;
  std::optional<double> bleu, chrf;
  double seconds = 0;
  bool improved = false;  // on the early-stopping metric
  int64_t stale = 0;      // validations since the last improvement
};

struct TrainCallbacks {
  std::function<void(const std::string&)> message;   // one line: events, warnings
  std::function<void(const StepReport&)> on_step;    // every optimizer step
  std::function<void(const StepReport&)> on_log;     // every log_every steps and at the end
  std::function<void(const ValidReport&)> on_valid;
  std::function<bool()> stop_requested;               // checked after each step: save and return
  std::function<bool(int64_t step)> poison_step;      // tests: make this step's loss NaN
};

struct TrainResult {
  int64_t steps = 0;
  double last_loss = 0, dev_nll = 0;  // per target token
  double train_seconds = 0;
  int64_t target_tokens = 0;
  int64_t skipped_steps = 0;          // non-finite loss or gradients
  std::string checkpoint;
  std::string stop_reason;            // "max-steps", "max-epochs", "max-time", "early-stopping", "interrupted"
};

// Throws nmt::Error naming the option when the options cannot train this
// model (no stopping point, replicas out of range, --max-len beyond the
// model's positions). train_model checks them too; callers may check first.
void check_train_options(const model::ModelConfig& model_config, const TrainOptions& options);

// CPU threads of each process: options.threads is the machine's, shared by
// the `local_processes` ranks that run on it.
int threads_per_process(const TrainOptions& options, int local_processes);

// Trains a model in run_dir, resuming from its latest checkpoint if there is
// one (the model config and vocabularies must then match). Writes
// checkpoint-<step>.pt (the last keep_checkpoints), best-<metric>.pt for each
// validation metric, and metrics.jsonl.
//
// With a `world` of several ranks, every rank calls this with the same
// arguments: each reads the same batches and trains on its share of their
// rows; all take the same steps and stop together (budget, interruption on
// any rank, early stopping, errors in the data); rank 0 alone writes the run
// directory and calls the callbacks, and a checkpoint from any number of
// ranks resumes on any other. run_dir must be one directory that every rank
// sees (a shared file system across machines).
TrainResult train_model(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                        const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                        const nlohmann::json& full_config, const TrainCallbacks& callbacks,
                        dist::World* world = nullptr);

}  // namespace nmt::train
