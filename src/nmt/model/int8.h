#pragma once
// int8 inference for linear layers: the weight quantized once, symmetrically
// with one scale per output channel; each call quantizes its activations on
// the fly (uint8, one scale per call) and multiplies in int8 with int32
// accumulation. LibTorch's dynamic-quantized linear does the work (oneDNN's
// int8 kernels on x86), so nothing here is a hand-written kernel.
#include <cstdint>
#include <memory>

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>

namespace nmt::model {

class Int8Linear {
 public:
  // weight (out, in), bias (out) or undefined; float32, any device (copied to the CPU).
  Int8Linear(const at::Tensor& weight, const at::Tensor& bias);
  at::Tensor forward(const at::Tensor& x) const;  // float32 (..., in) on the CPU -> (..., out)

 private:
  c10::IValue packed_;
};

// Selects LibTorch's int8 engine (oneDNN where built in, else the build's
// default x86 one) once per process; throws nmt::Error naming what this
// LibTorch offers if it has none.
void select_int8_engine();

}  // namespace nmt::model
