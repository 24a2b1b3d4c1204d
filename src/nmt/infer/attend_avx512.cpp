// attend() for CPUs with AVX-512 (kernels.cpp picks it at run time): the
// generic loops leave the compiler a scalar chain for every dot product's
// sum and a store and reload of the output for every key, which made
// attention a quarter of a greedy int8 step. Here each head's dot product
// ends in one shuffle tree, the next keys are fetched ahead, and the output
// stays in registers while every value row is added in.
#include <immintrin.h>

#include <algorithm>
#include <cstdint>

#include "nmt/infer/kernels_avx512.h"

namespace nmt::infer {

namespace {

// Rows that are not adjacent come from the last cache level or memory: each
// is asked for this many keys ahead of its use.
constexpr int64_t kAhead = 6;

// Cache lines of the row of d floats at p, asked for ahead of their use.
__attribute__((target("avx512f"))) inline void prefetch_row(const float* p, int64_t d) {
  for (int64_t i = 0; i < d; i += 16) _mm_prefetch(reinterpret_cast<const char*>(p + i), _MM_HINT_T0);
}

// acc[j] += weight[j][t] * v[16 j ...] for every step t and R registers: the
// weighted sum of one chunk of 16 R output columns, held in registers.
template <int R>
__attribute__((target("avx512f"))) inline void weighted_sum(const float* values, int64_t stride, int64_t offset,
                                                            int64_t steps, const float* const* weight, float* out) {
  __m512 acc[R];
#pragma GCC unroll 8
  for (int j = 0; j < R; ++j) acc[j] = _mm512_setzero_ps();
  for (int64_t t = 0; t < steps; ++t) {
    if (t + kAhead < steps) prefetch_row(values + (t + kAhead) * stride + offset, 16 * R);
    const float* v = values + t * stride + offset;
#pragma GCC unroll 8
    for (int j = 0; j < R; ++j) acc[j] = _mm512_fmadd_ps(_mm512_set1_ps(weight[j][t]), _mm512_loadu_ps(v + 16 * j), acc[j]);
  }
#pragma GCC unroll 8
  for (int j = 0; j < R; ++j) _mm512_storeu_ps(out + offset + 16 * j, acc[j]);
}

}  // namespace

__attribute__((target("avx512f"))) void attend_avx512(const float* q, const float* keys, int64_t key_stride,
                                                       const float* values, int64_t value_stride, int64_t steps,
                                                       int64_t heads, int64_t head_dim, float scale, float* scores,
                                                       float* out,
                                                       void (*softmax)(float*, int64_t, int64_t, int64_t, float)) {
  const int64_t d = heads * head_dim;
  for (int64_t t = 0; t < std::min(kAhead, steps); ++t) prefetch_row(keys + t * key_stride, d);
  for (int64_t t = 0; t < steps; ++t) {  // scores (heads, steps)
    if (t + kAhead < steps) prefetch_row(keys + (t + kAhead) * key_stride, d);
    const float* k = keys + t * key_stride;
    for (int64_t h = 0; h < heads; ++h) {
      __m512 acc = _mm512_setzero_ps();
      for (int64_t i = h * head_dim; i < (h + 1) * head_dim; i += 16) {
        acc = _mm512_fmadd_ps(_mm512_loadu_ps(q + i), _mm512_loadu_ps(k + i), acc);
      }
      scores[h * steps + t] = _mm512_reduce_add_ps(acc);
    }
  }
  softmax(scores, heads, steps, steps, scale);
  // out = sum over t of each head's weight x the value row, in chunks of up
  // to 8 registers of 16 floats, each kept in registers across t.
  for (int64_t t = 0; t < std::min(kAhead, steps); ++t) prefetch_row(values + t * value_stride, d);
  for (int64_t start = 0; start < d; start += 128) {
    const float* weight[8];  // per register: its head's weights, one per step
    const int64_t regs = std::min<int64_t>(8, (d - start) / 16);
    for (int64_t j = 0; j < regs; ++j) weight[j] = scores + ((start + 16 * j) / head_dim) * steps;
    switch (regs) {
      case 8: weighted_sum<8>(values, value_stride, start, steps, weight, out); break;
      case 7: weighted_sum<7>(values, value_stride, start, steps, weight, out); break;
      case 6: weighted_sum<6>(values, value_stride, start, steps, weight, out); break;
      case 5: weighted_sum<5>(values, value_stride, start, steps, weight, out); break;
      case 4: weighted_sum<4>(values, value_stride, start, steps, weight, out); break;
      case 3: weighted_sum<3>(values, value_stride, start, steps, weight, out); break;
      case 2: weighted_sum<2>(values, value_stride, start, steps, weight, out); break;
      default: weighted_sum<1>(values, value_stride, start, steps, weight, out); break;
    }
  }
}

}  // namespace nmt::infer
