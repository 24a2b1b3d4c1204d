#pragma once
// A linear layer for the CPU engine, y = act(x W^T + b): the weight packed
// once into the layout oneDNN's matrix product wants, for any number of rows
// (the row count is a run-time argument, so one primitive serves every
// batch).
//   - float32: bias and activation are the primitive's own (a bias argument
//     and an eltwise post-op), so y is written once;
//   - int8: the product of cpu/int8_product.h (the weight quantized
//     symmetrically per output channel; the input per row at each call, so
//     that a row's result never depends on the other rows of its batch;
//     exact int32 sums times the channel scales), then one pass of
//     act(acc * row scale + b) (a fused multiply-add): the scheme and the
//     arithmetic of model/int8.h, so both engines' int8 agree bit for bit.
#include <cstdint>
#include <memory>
#include <vector>

#include "nmt/infer/kernels.h"

namespace nmt::infer {

enum class Precision { kFloat32, kInt8 };

class ThreadPool;

class Linear {
 public:
  // weight: (out, in), row-major; bias: (out), or null for none. With
  // parts > 1, the output columns are split into that many parts (a
  // primitive and a packed weight each), which the threads of a pool
  // compute at once.
  Linear(const float* weight, const float* bias, int64_t out, int64_t in, Precision precision,
         Activation activation = Activation::kNone, int parts = 1);
  ~Linear();
  Linear(const Linear&) = delete;
  Linear& operator=(const Linear&) = delete;

  // y (rows, out) = act(x (rows, in) W^T + b), rows >= 0, the parts spread
  // over the pool's threads (null: in turn on the caller's). Safe to call
  // from several threads at once: each keeps its own scratch space.
  void forward(const float* x, int64_t rows, float* y, ThreadPool* pool = nullptr) const;
  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  Precision precision() const { return precision_; }

 private:
  struct Part;
  struct Impl;
  void make_float32_part(Part& part, const float* rows) const;
  void forward_part(const Part& part, const void* input, int64_t rows, const float* row_scales, float* y) const;

  std::unique_ptr<Impl> impl_;
  int64_t out_, in_;
  Precision precision_;
};

}  // namespace nmt::infer
