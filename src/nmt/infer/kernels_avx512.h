#pragma once
// Kernels written with AVX-512 intrinsics, for kernels.cpp to call where the
// CPU has AVX-512 (checked at run time): not to be called elsewhere.
#include <cstdint>

namespace nmt::infer {

// attend() (kernels.h) for head_dim a multiple of 16; softmax is
// scaled_masked_softmax.
void attend_avx512(const float* q, const float* keys, int64_t key_stride, const float* values, int64_t value_stride,
                   int64_t steps, int64_t heads, int64_t head_dim, float scale, float* scores, float* out,
                   void (*softmax)(float*, int64_t, int64_t, int64_t, float));

}  // namespace nmt::infer
