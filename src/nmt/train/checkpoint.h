#pragma once
// A checkpoint is one file that says everything about a model: weights,
// optimizer moments, step, the full resolved configuration and the
// vocabularies it was trained with. Written to a temporary file, flushed to
// disk and renamed, so a crash mid-write never destroys the previous one.
#include <optional>
#include <string>
#include <vector>

#include <c10/core/Device.h>
#include <nlohmann/json.hpp>

#include "nmt/model/transformer.h"

namespace torch::optim {
class Optimizer;
}

namespace nmt::train {

struct CheckpointInfo {
  int64_t step = 0;
  int64_t epoch = 0;
  nlohmann::json config;          // {"model": {...}, "train": {...}, ...}, as resolved at start
  std::string src_vocab, tgt_vocab;  // SentencePiece model protos
  // Where training stands beyond the step: position in the data, training
  // seconds, best validation scores, early-stopping patience. Empty in
  // checkpoints that only hold a model (best-*, averages).
  nlohmann::json progress = nlohmann::json::object();
  // Also store the random generators of the CPU and of the model's device
  // (dropout), so that a resumed run draws the same masks.
  bool with_rng_state = false;
};

// A language the model was trained for: data.src_lang or data.tgt_lang of
// its configuration (key "src_lang" or "tgt_lang"; saved by train's
// --src-lang/--tgt-lang), or "" when the configuration names none.
std::string trained_language(const nlohmann::json& config, const std::string& key);

// `model` holds the weights to translate with. With an exponential moving
// average (ema.h) that is the average, and `training_weights` are the
// weights that the optimizer moves, saved beside it for resuming.
void save_checkpoint(const std::string& path, model::Transformer& model, torch::optim::Optimizer* optimizer,
                     const CheckpointInfo& info, model::Transformer* training_weights = nullptr);

struct LoadedCheckpoint {
  std::string path;
  CheckpointInfo info;
  model::ModelConfig model_config;
  model::Transformer model{nullptr};
  // With with_training_weights, an EMA run's training weights (saved beside
  // the model's); null when the checkpoint has none.
  model::Transformer training_weights{nullptr};
};
// Throws nmt::Error naming the file if it is missing, truncated or not an nmt
// checkpoint, or if its weights do not match its model config.
LoadedCheckpoint load_checkpoint(const std::string& path, bool with_training_weights = false);
// The metadata and vocabularies of a checkpoint, without building its model
// (same errors as load_checkpoint for a file that is not one).
CheckpointInfo read_checkpoint_info(const std::string& path);
// Whether the checkpoint holds Adam's moments (checkpoint-*.pt do; best-*,
// averages and imported models do not).
bool has_optimizer_state(const std::string& path);
// Restores optimizer state saved with the checkpoint (resume), its tensors on
// `device`, where the model's parameters are.
void load_optimizer_state(const std::string& path, torch::optim::Optimizer& optimizer, const c10::Device& device = c10::Device(c10::kCPU));

// Restores the random generators saved with the checkpoint (CPU, and `device`
// when it is not the CPU). Throws nmt::Error if the checkpoint has none.
void restore_rng_state(const std::string& path, const c10::Device& device = c10::Device(c10::kCPU));

// The checkpoints of one model or an ensemble (run directories or files),
// which must share both vocabularies: the error names the two checkpoints
// and the difference. The first one's configuration gives the decoding
// defaults.
struct LoadedModels {
  std::vector<LoadedCheckpoint> checkpoints;
  std::vector<model::Transformer> models;
  std::string src_vocab, tgt_vocab;  // the first checkpoint's SentencePiece protos
};
LoadedModels load_models(const std::vector<std::string>& run_dirs_or_files);

// checkpoint-<step>.pt in run_dir; "" if none.
std::string checkpoint_name(int64_t step);
std::string latest_checkpoint(const std::string& run_dir);
// The newest `count` (or fewer) checkpoint-*.pt of run_dir, oldest first.
std::vector<std::string> newest_checkpoints(const std::string& run_dir, int64_t count);
// average-<step>.pt: the mean of a run's last checkpoints up to `step`
// (train --average-last), the run's final model while no later checkpoint exists.
std::string average_name(int64_t step);
// A checkpoint file as is; a run directory -> its final model: the
// average-<step>.pt made at its latest checkpoint's step if there is one,
// else that latest checkpoint (error if none).
std::string resolve_checkpoint(const std::string& run_dir_or_file);
// Deletes all but the newest `keep` checkpoints of run_dir.
void prune_checkpoints(const std::string& run_dir, int keep);

}  // namespace nmt::train
