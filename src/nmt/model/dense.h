#pragma once
// torch::nn::Linear (same parameters, names and initialisation) that can run
// its product in int8 for inference once given an Int8Linear copy of itself
// (TransformerImpl::quantize_int8). The float32 weight stays, and is what
// checkpoints hold.
#include <memory>

#include <torch/nn/modules/linear.h>

#include "nmt/model/int8.h"

namespace nmt::model {

struct DenseImpl : torch::nn::LinearImpl {
  using torch::nn::LinearImpl::LinearImpl;
  torch::Tensor forward(const torch::Tensor& x) {
    return int8 ? int8->forward(x) : torch::nn::LinearImpl::forward(x);
  }
  std::shared_ptr<const Int8Linear> int8;
};
TORCH_MODULE(Dense);

}  // namespace nmt::model
