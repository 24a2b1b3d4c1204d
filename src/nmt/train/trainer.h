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
#include "nmt/data/pair_reader.h"
#include "nmt/model/config.h"
#include "nmt/text/vocab.h"
#include "nmt/train/train_options.h"

namespace nmt::dist {
class World;
}

namespace nmt::train {

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
