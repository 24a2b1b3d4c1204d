#include "nmt/infer/kernels.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "nmt/cpu/isa.h"
#include "nmt/infer/kernels_avx512.h"

namespace nmt::infer {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr int64_t kBlock = 64;  // log_softmax_top_k's column blocks

}  // namespace

// kernels_body.h once per instruction set. x86-64-v4 and v3 are the
// AVX-512 (F, BW, DQ, VL) and AVX2 + FMA levels; the generic copy is the
// project's own flags (SSE2 on x86-64), and the only one on other CPUs.
#if defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v4")
namespace avx512 {
#include "nmt/infer/kernels_body.h"
}  // namespace avx512
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("arch=x86-64-v3")
namespace avx2 {
#include "nmt/infer/kernels_body.h"
}  // namespace avx2
#pragma GCC pop_options
#define NMT_DISPATCH(call)                                 \
  switch (cpu::cpu_isa()) {                                \
    case cpu::Isa::kAvx512: return avx512::call;           \
    case cpu::Isa::kAvx2: return avx2::call;               \
    default: return generic::call;                         \
  }
#else
#define NMT_DISPATCH(call) return generic::call;
#endif
namespace generic {
#include "nmt/infer/kernels_body.h"
}  // namespace generic

void scale_bias_activation(float* x, int64_t rows, int64_t cols, const float* row_scales, const float* bias,
                           Activation activation) {
  NMT_DISPATCH(scale_bias_activation(x, rows, cols, row_scales, bias, activation))
}

void layer_norm(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t rows,
                int64_t d) {
  NMT_DISPATCH(layer_norm(in, out, gamma, beta, eps, rows, d))
}

void add_residual_layer_norm(float* h, const float* y, const float* gamma, const float* beta, float eps, int64_t rows,
                             int64_t d, float* normed) {
  NMT_DISPATCH(add_residual_layer_norm(h, y, gamma, beta, eps, rows, d, normed))
}

void scaled_masked_softmax(float* scores, int64_t rows, int64_t cols, int64_t valid, float scale) {
  NMT_DISPATCH(scaled_masked_softmax(scores, rows, cols, valid, scale))
}

void embed(const int64_t* ids, int64_t rows, int64_t length, const float* table, int64_t d, float scale,
           const float* positions, int64_t start, float* out) {
  NMT_DISPATCH(embed(ids, rows, length, table, d, scale, positions, start, out))
}

void attend(const float* q, const float* keys, int64_t key_stride, const float* values, int64_t value_stride,
            int64_t steps, int64_t heads, int64_t head_dim, float scale, float* scores, float* out) {
#if defined(__x86_64__)
  if (cpu::cpu_isa() == cpu::Isa::kAvx512 && head_dim % 16 == 0) {
    return attend_avx512(q, keys, key_stride, values, value_stride, steps, heads, head_dim, scale, scores, out,
                         avx512::scaled_masked_softmax);
  }
#endif
  NMT_DISPATCH(attend(q, keys, key_stride, values, value_stride, steps, heads, head_dim, scale, scores, out))
}

void quantize_rows(const float* x, int64_t rows, int64_t cols, int8_t* q, float* scales) {
  NMT_DISPATCH(quantize_rows(x, rows, cols, q, scales))
}

void log_softmax_top_k(float* logits, int64_t rows, int64_t cols, int64_t k, const int64_t* banned,
                       int64_t banned_count, float* scores, int64_t* ids, float* log_sums) {
  thread_local std::vector<float> block_max;  // grown to the widest row seen, then kept
  const size_t blocks = static_cast<size_t>((cols + kBlock - 1) / kBlock);
  if (block_max.size() < blocks) block_max.resize(blocks);
  NMT_DISPATCH(log_softmax_top_k(logits, rows, cols, k, banned, banned_count, scores, ids, log_sums, block_max.data()))
}

void gathered_product(const float* x, int64_t rows, int64_t d, const float* weight, const float* bias,
                      const int64_t* ids, int64_t k, float* y, int64_t y_stride) {
  NMT_DISPATCH(gathered_product(x, rows, d, weight, bias, ids, k, y, y_stride))
}

}  // namespace nmt::infer
