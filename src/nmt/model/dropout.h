#pragma once
// Dropout that a thread can point at its own random generator. Without one
// it is torch::dropout itself (the same draws from LibTorch's default
// generator, the fused kernel on CUDA); with one (DropoutGenerator) it draws
// from that generator the same way torch::dropout does on the CPU. Training
// replicas use it so that threads running at once never share a generator:
// their draws, and so the run, stay reproducible.
#include <ATen/core/Generator.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

namespace nmt::model {

struct DropoutImpl : torch::nn::Module {
  explicit DropoutImpl(double p = 0.5) : p(p) {}
  torch::Tensor forward(const torch::Tensor& x);
  double p;
};
TORCH_MODULE(Dropout);

// While it lives, dropout on this thread draws from `generator`.
class DropoutGenerator {
 public:
  explicit DropoutGenerator(at::Generator generator);
  ~DropoutGenerator();
  DropoutGenerator(const DropoutGenerator&) = delete;
  DropoutGenerator& operator=(const DropoutGenerator&) = delete;

 private:
  at::Generator previous_;
};

}  // namespace nmt::model
