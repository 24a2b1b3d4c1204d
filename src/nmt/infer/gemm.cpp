#include "nmt/infer/gemm.h"

#include <oneapi/dnnl/dnnl.h>

#include "nmt/common/error.h"

namespace nmt::infer {

namespace {
void sgemm(char transb, const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
           int64_t n, int64_t k, float beta) {
  if (m == 0 || n == 0) return;
  const dnnl_status_t status = dnnl_sgemm('N', transb, m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc);
  NMT_CHECK(status == dnnl_success, "oneDNN sgemm failed (status " << static_cast<int>(status) << ") for " << m
                                                                   << "x" << k << " by " << k << "x" << n);
}
}  // namespace

void gemm_nt(const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t n,
             int64_t k, float beta) {
  sgemm('T', a, lda, b, ldb, c, ldc, m, n, k, beta);
}

void gemm_nn(const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t n,
             int64_t k, float beta) {
  sgemm('N', a, lda, b, ldb, c, ldc, m, n, k, beta);
}

}  // namespace nmt::infer
