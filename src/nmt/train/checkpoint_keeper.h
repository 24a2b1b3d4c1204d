#pragma once
// A run's checkpoints as it trains: checkpoint-STEP.pt at each save (the
// newest --keep-checkpoints kept) and best-METRIC.pt for each metric's best
// validation. The main rank writes them; every rank waits until a
// checkpoint is on disk before going on.
#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "nmt/model/transformer.h"
#include "nmt/train/checkpoint.h"

namespace nmt::dist {
class World;
}

namespace nmt::train {

class CheckpointKeeper {
 public:
  // info: the run's config and vocabularies; saved_step: the step of the
  // checkpoint the run resumed from, -1 for a new run.
  CheckpointKeeper(std::string run_dir, int keep, CheckpointInfo info, dist::World& world, int64_t saved_step);

  // Saves `step` (with the run's progress, checkpoint.h) unless it is saved
  // already; before_write runs first on the main rank. A failed write is an
  // error that names the newest checkpoint still intact.
  void save(int64_t step, int64_t epoch, const nlohmann::json& progress, model::Transformer& model,
            torch::optim::Optimizer* optimizer, model::Transformer* training_weights,
            const std::function<void()>& before_write);
  // best-METRIC.pt: the model of the validation at `step`, `value` its score.
  void save_best(const std::string& metric, double value, int64_t step, int64_t epoch, model::Transformer& model);

  int64_t saved_step() const { return saved_step_; }
  const std::string& last() const { return last_; }  // the path of the latest save(); "" before one

 private:
  std::string run_dir_;
  int keep_;
  CheckpointInfo info_;
  dist::World& world_;
  int64_t saved_step_;
  std::string last_;
};

}  // namespace nmt::train
