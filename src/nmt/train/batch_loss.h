#pragma once
// One batch through the model and the loss, shared by training and validation.
#include <torch/torch.h>

#include "nmt/data/batcher.h"
#include "nmt/model/transformer.h"
#include "nmt/train/loss.h"

namespace nmt::train {

struct DeviceBatch {
  torch::Tensor src, tgt_in, tgt_out;  // (B, S), (B, T), (B, T)
  int64_t target_tokens = 0;
};

DeviceBatch to_device(const data::Batch& b, const torch::Device& device);

// Summed losses of one batch; logits only for the non-pad target positions.
// `excluded`: ids out of label smoothing's share (label_smoothed_cross_entropy).
LossSums batch_loss(model::Transformer& model, const DeviceBatch& b, double label_smoothing,
                    const torch::Tensor& excluded = {});

}  // namespace nmt::train
