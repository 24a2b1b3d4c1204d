#pragma once
// The int8 matrix product of a linear layer, y = x W^T, shared by both CPU
// paths (LibTorch's int8 layers in model/, the inference engine in infer/),
// so that they agree bit for bit.
//   - W (out, in) is quantized once, symmetrically per output channel: the
//     largest |w| of a row maps to 127, q = w / scale rounded to the nearest
//     (ties to even).
//   - x comes quantized by the caller, one scale per row (-127..127).
//   - y[r, n] = float(sum_k x[r, k] q[n, k]) * channel_scale[n]: the int32
//     sum is exact on every path, so every kernel gives the same float.
// The kernel follows the CPU (cpu_isa()):
//   - VNNI (AVX512-VNNI, AVX-VNNI): oneDNN's int8 matmul;
//   - AVX2 or AVX-512 without VNNI: nmt's own (int8_avx2.cpp). oneDNN
//     2.6's kernels there sum pairs of byte products in saturating 16-bit
//     lanes (vpmaddubsw) and lose sums (192 of 256 wrong for uniform random
//     rows, docs/hardware_support.md), which cost int8 a third of its
//     accuracy; ours widens both sides to int16 (vpmaddwd), whose pairs
//     add exactly into int32;
//   - generic: plain C++ loops.
#include <cstdint>
#include <memory>
#include <vector>

namespace nmt::cpu {

enum class Int8Kernel { kOnednnVnni, kAvx2, kGeneric };
const char* int8_kernel_name(Int8Kernel kernel);
// The kernel int8 products use under cpu_isa() in this build.
Int8Kernel int8_kernel();

// Symmetric int8 of one row of n floats: returns the scale (largest |x| /
// 127, or 1 for a row of zeros) and writes q = x / scale rounded to the
// nearest, ties to even.
float quantize_row(const float* x, int64_t n, int8_t* q);

class Int8Product {
 public:
  // weight: (out, in) float32, row-major; quantized here per output channel.
  // ldy: the row stride of every y given to multiply (0: out), so that a
  // product can fill some columns of a wider matrix.
  Int8Product(const float* weight, int64_t out, int64_t in, int64_t ldy = 0);
  ~Int8Product();
  Int8Product(const Int8Product&) = delete;
  Int8Product& operator=(const Int8Product&) = delete;

  // y (rows, out), row stride ldy = float(x . q^T) * channel_scales; x:
  // (rows, in) int8, row-major, within -127..127. Runs on the calling thread
  // and may be called from several threads at once.
  void multiply(const int8_t* x, int64_t rows, float* y) const;

  int64_t in() const { return in_; }
  int64_t out() const { return out_; }

 private:
  struct Onednn;
  int64_t out_, in_, ldy_;
  Int8Kernel kernel_;
  std::vector<float> scales_;      // (out)
  std::vector<int8_t> weight_;     // generic: (out, in); avx2: packed panels (int8_avx2.h)
  std::unique_ptr<Onednn> onednn_;
};

}  // namespace nmt::cpu
