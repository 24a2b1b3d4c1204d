#pragma once
// Dropout that a thread can point at its own random generator. On the CPU,
// each call draws one 64-bit seed from that generator (DropoutGenerator), or
// from LibTorch's default one, and hashes it with each element's index into
// the mask: as reproducible as the generator, and many times faster than
// LibTorch's element-by-element draws. On CUDA it is torch::dropout (the
// fused kernel, CUDA's default generator). Training replicas give each
// thread its own generator so that threads running at once never share one:
// their draws, and so the run, stay reproducible.
#include <ATen/core/Generator.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

namespace nmt::model {

struct DropoutImpl : torch::nn::Module {
  // Throws nmt::Error unless 0 <= p < 1.
  explicit DropoutImpl(double p = 0.5);
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
