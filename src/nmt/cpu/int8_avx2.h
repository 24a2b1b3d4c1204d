#pragma once
// nmt's int8 product for x86 CPUs with AVX2 but without VNNI (int8_product.h
// says when it runs). Called only where the CPU has AVX2.
#include <cstdint>

namespace nmt::cpu {

// The weight's packed layout: panels of 16 output columns. Panel p holds,
// for each pair of inputs (in rounded up to a multiple of 2), 32 bytes: the
// 2 weights of columns 16p..16p+15, column after column. Inputs past `in`
// and columns past `out` are 0.
int64_t avx2_packed_bytes(int64_t out, int64_t in);
// q: (out, in) int8, row-major.
void avx2_pack(const int8_t* q, int64_t out, int64_t in, int8_t* packed);
// y (rows, out), row stride ldy = float(x . q^T) * scales; x (rows, in).
void avx2_multiply(const int8_t* packed, const float* scales, int64_t out, int64_t in, const int8_t* x, int64_t rows,
                   float* y, int64_t ldy);

}  // namespace nmt::cpu
