#pragma once
// The training loop: Adam with the paper's warm-up schedule, label-smoothed
// cross-entropy over non-pad target tokens, gradient-norm clipping, token
// batches shuffled each epoch, periodic dev loss and checkpoints.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "nmt/data/batcher.h"
#include "nmt/model/config.h"
#include "nmt/text/vocab.h"

namespace nmt::train {

struct TrainOptions {
  int64_t max_steps = 0;     // 0 = no limit
  int64_t max_epochs = 0;    // 0 = no limit
  double max_time = 0;       // seconds of training, 0 = no limit
  int64_t batch_tokens = 4096;
  int64_t max_len = 256;     // longer pairs (pieces on a side) are dropped
  double lr = 1.0;           // scale of the inverse-square-root schedule
  int64_t warmup = 4000;
  double label_smoothing = 0.1;
  double clip = 1.0;         // gradient-norm clipping, 0 = off
  int threads = 2;
  uint64_t seed = 1;
  int64_t log_every = 100;
  int64_t valid_every = 1000;  // dev loss every N steps (and at the end), 0 = only at the end
  int64_t save_every = 1000;   // checkpoint every N steps (and at the end)
  int keep_checkpoints = 3;
  std::string device = "cpu";
};

nlohmann::json to_json(const TrainOptions& options);
TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions base = {});

struct TrainData {
  data::ParallelText train, dev;  // dev may be empty
};

struct TrainResult {
  int64_t steps = 0;
  double last_loss = 0, dev_nll = 0;  // per target token
  double train_seconds = 0;
  int64_t target_tokens = 0;
  std::string checkpoint;
};

// Trains a model in run_dir, resuming from its latest checkpoint if there is
// one (the model config must then match). `log` gets one line per report.
TrainResult train_model(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                        const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                        const nlohmann::json& full_config, const std::function<void(const std::string&)>& log);

}  // namespace nmt::train
