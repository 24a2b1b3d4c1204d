#pragma once
// A linear layer's product for the CPU engine: the weight packed once into
// the layout oneDNN's matrix product wants, for any number of rows (the row
// count is a run-time argument, so one primitive serves every batch).
//   - float32: y = x W^T;
//   - int8: the weight quantized symmetrically per output channel (the
//     largest |w| of a row maps to 127), the input per row at each call (so
//     that a row's result never depends on the other rows of its batch),
//     int32 accumulation, then y = acc * row scale * channel scale: the
//     scheme of model/int8.h, so both engines give the same products.
// The bias is not added here: the fused kernels after the product add it.
#include <cstdint>
#include <memory>
#include <vector>

namespace nmt::infer {

enum class Precision { kFloat32, kInt8 };

class Linear {
 public:
  // weight: (out, in), row-major.
  Linear(const float* weight, int64_t out, int64_t in, Precision precision);
  ~Linear();
  Linear(const Linear&) = delete;
  Linear& operator=(const Linear&) = delete;

  // y (rows, out) = x (rows, in) W^T, rows >= 0. Safe to call from several
  // threads at once: each keeps its own scratch space.
  void forward(const float* x, int64_t rows, float* y) const;
  int64_t in() const { return in_; }
  int64_t out() const { return out_; }
  Precision precision() const { return precision_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int64_t out_, in_;
  Precision precision_;
};

}  // namespace nmt::infer
