#include "nmt/model/dropout.h"

#include <torch/torch.h>

namespace nmt::model {
namespace {

thread_local at::Generator thread_generator;  // undefined: LibTorch's default

}  // namespace

torch::Tensor DropoutImpl::forward(const torch::Tensor& x) {
  if (!thread_generator.defined()) return torch::dropout(x, p, is_training());
  if (!is_training() || p == 0 || x.numel() == 0) return x;
  // As at::native's CPU dropout: a Bernoulli(1 - p) mask scaled by 1 / (1 - p).
  auto noise = at::empty_like(x);
  noise.bernoulli_(1 - p, thread_generator);
  noise.div_(1 - p);
  return x * noise;
}

DropoutGenerator::DropoutGenerator(at::Generator generator) : previous_(thread_generator) {
  thread_generator = std::move(generator);
}

DropoutGenerator::~DropoutGenerator() { thread_generator = previous_; }

}  // namespace nmt::model
