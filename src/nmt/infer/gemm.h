#pragma once
// Matrix products for the CPU engine, row-major, through oneDNN's sgemm.
#include <cstdint>

namespace nmt::infer {

// c (m, n) = a (m, k) b^T + beta c, b given as (n, k): a layer's x W^T.
// lda/ldb/ldc are row strides, so a head's columns of a wider matrix can be
// passed in place.
void gemm_nt(const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t n,
             int64_t k, float beta = 0);
// c (m, n) = a (m, k) b (k, n) + beta c.
void gemm_nn(const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t n,
             int64_t k, float beta = 0);

}  // namespace nmt::infer
