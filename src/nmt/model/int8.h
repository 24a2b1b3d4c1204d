#pragma once
// int8 inference for linear layers: the weight quantized once, symmetrically
// with one scale per output channel, and packed in the layout oneDNN's int8
// matrix product wants; each call quantizes its activations on the fly
// (symmetric int8, one scale per call), multiplies with int32 accumulation
// and rescales to float32 in the same oneDNN primitive, which also adds the
// bias. The activation scale is a run-time argument, so one primitive, built
// once per layer, serves every call and every batch size.
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
