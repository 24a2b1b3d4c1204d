#include "nmt/train/checkpoint_keeper.h"

#include <filesystem>

#include "nmt/common/error.h"
#include "nmt/dist/world.h"

namespace nmt::train {

namespace fs = std::filesystem;

CheckpointKeeper::CheckpointKeeper(std::string run_dir, int keep, CheckpointInfo info, dist::World& world,
                                   int64_t saved_step)
    : run_dir_(std::move(run_dir)), keep_(keep), info_(std::move(info)), world_(world), saved_step_(saved_step) {
  info_.with_rng_state = true;
}

void CheckpointKeeper::save(int64_t step, int64_t epoch, const nlohmann::json& progress, model::Transformer& model,
                            torch::optim::Optimizer* optimizer, model::Transformer* training_weights,
                            const std::function<void()>& before_write) {
  if (saved_step_ == step) return;
  info_.step = step, info_.epoch = epoch;
  info_.progress = progress;
  last_ = (fs::path(run_dir_) / checkpoint_name(step)).string();
  saved_step_ = step;
  if (world_.is_main()) {
    if (before_write) before_write();
    try {
      save_checkpoint(last_, model, optimizer, info_, training_weights);
    } catch (const Error& e) {
      const std::string kept = latest_checkpoint(run_dir_);
      NMT_FAIL(e.what() << "; " << (kept.empty() ? "no checkpoint was saved before this one" : kept + " is intact"));
    }
    prune_checkpoints(run_dir_, keep_);
  }
  world_.barrier();  // the others go on once the checkpoint is on disk
}

void CheckpointKeeper::save_best(const std::string& metric, double value, int64_t step, int64_t epoch,
                                 model::Transformer& model) {
  CheckpointInfo best = info_;
  best.step = step, best.epoch = epoch;
  best.progress = {{"best", metric}, {"value", value}};
  best.with_rng_state = false;
  if (world_.is_main()) save_checkpoint((fs::path(run_dir_) / ("best-" + metric + ".pt")).string(), model, nullptr, best);
}

}  // namespace nmt::train
