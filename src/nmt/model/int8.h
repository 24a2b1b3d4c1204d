#pragma once
// int8 inference for LibTorch's linear layers: the product of
// cpu/int8_product.h (the weight quantized once per output channel; the
// activations per row at each call, so a row's result never depends on the
// other rows of its batch; exact int32 sums), then the row scales and the
// bias in one pass. The CPU inference engine (infer/) does the same, bit
// for bit.
#include <memory>

#include <ATen/core/Tensor.h>

namespace nmt::cpu {
class Int8Product;
}

namespace nmt::model {

class Int8Linear {
 public:
  // weight (out, in), bias (out) or undefined; float32, any device (copied to the CPU).
  Int8Linear(const at::Tensor& weight, const at::Tensor& bias);
  ~Int8Linear();
  at::Tensor forward(const at::Tensor& x) const;  // float32 (..., in) on the CPU -> (..., out)

 private:
  std::unique_ptr<cpu::Int8Product> product_;
  at::Tensor bias_;  // (1, out) float32, or undefined
};

}  // namespace nmt::model
