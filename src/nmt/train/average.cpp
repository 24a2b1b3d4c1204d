#include "nmt/train/average.h"

#include <torch/torch.h>

#include "nmt/common/error.h"
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

}  // namespace nmt::train
