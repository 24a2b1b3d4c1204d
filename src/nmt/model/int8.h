#pragma once
// int8 inference for linear layers: the weight quantized once, symmetrically
// with one scale per output channel, and packed in the layout oneDNN's int8
// matrix product wants; each call quantizes its activations on the fly
// (symmetric int8, one scale per row, so a row's result never depends on the
// other rows of its batch), multiplies with int32 accumulation and rescales
// by the weight scales to float32 in one oneDNN primitive, built once per
// layer for every batch size (the row count is a run-time argument); the row
// scales and the bias follow in one pass.
#include <memory>

#include <ATen/core/Tensor.h>

namespace nmt::model {

// False when nmt was built without oneDNN; Int8Linear then throws nmt::Error.
bool int8_available();

class Int8Linear {
 public:
  // weight (out, in), bias (out) or undefined; float32, any device (copied to the CPU).
  Int8Linear(const at::Tensor& weight, const at::Tensor& bias);
  ~Int8Linear();
  at::Tensor forward(const at::Tensor& x) const;  // float32 (..., in) on the CPU -> (..., out)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nmt::model
