#include "nmt/train/average.h"

#include <filesystem>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/dist/world.h"
#include "nmt/train/checkpoint.h"

namespace nmt::train {

void average_checkpoints(const std::vector<std::string>& inputs, const std::string& output) {
  NMT_CHECK(!inputs.empty(), "nmt average needs at least one checkpoint");
  auto first = load_checkpoint(resolve_checkpoint(inputs[0]));
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> sums;  // float64 accumulators, one per parameter
  for (const auto& p : first.model->parameters()) sums.push_back(p.to(torch::kDouble));

  for (size_t i = 1; i < inputs.size(); ++i) {
    auto other = load_checkpoint(resolve_checkpoint(inputs[i]));
    const auto diff = model::first_difference(other.model_config, first.model_config);
    NMT_CHECK(!diff, "cannot average " << other.path << " with " << first.path << ": model." << diff->field << " is "
                                       << diff->a << " there but " << diff->b << " in the first");
    NMT_CHECK(other.info.src_vocab == first.info.src_vocab && other.info.tgt_vocab == first.info.tgt_vocab,
              "cannot average " << other.path << " with " << first.path << ": they use different vocabularies");
    auto params = other.model->parameters();
    for (size_t j = 0; j < sums.size(); ++j) sums[j] += params[j].to(torch::kDouble);
  }
  auto params = first.model->parameters();
  for (size_t j = 0; j < sums.size(); ++j) params[j].copy_(sums[j] / static_cast<double>(inputs.size()));

  CheckpointInfo info = first.info;
  info.progress = {{"averaged", inputs}};
  info.with_rng_state = false;
  save_checkpoint(output, first.model, nullptr, info);
}

std::string average_run_end(const std::string& run_dir, int64_t count, int64_t step, dist::World& world,
                            const std::function<std::string(model::Transformer&)>& score) {
  namespace fs = std::filesystem;
  const auto inputs = newest_checkpoints(run_dir, count);
  if (inputs.size() < 2) {
    return "--average-last " + std::to_string(count) + ": the run has " + std::to_string(inputs.size()) +
           " checkpoint, nothing to average (lower --save-every for more)";
  }
  const std::string output = (fs::path(run_dir) / average_name(step)).string();
  if (world.is_main()) {
    average_checkpoints(inputs, output);
    for (const auto& entry : fs::directory_iterator(run_dir)) {  // averages of earlier ends of this run
      const auto name = entry.path().filename().string();
      if (name.rfind("average-", 0) == 0 && entry.path() != fs::path(output)) fs::remove(entry.path());
    }
  }
  world.barrier();
  std::string steps;
  for (const auto& input : inputs) {
    steps += (steps.empty() ? "" : ", ") + std::to_string(std::stoll(fs::path(input).stem().string().substr(11)));
  }
  std::string line = "average of the last " + std::to_string(inputs.size()) + " checkpoints (steps " + steps +
                     ") saved as " + output;
  if (score) {
    auto averaged = load_checkpoint(output).model;
    line += score(averaged);
  }
  return line;
}

}  // namespace nmt::train
