// The int8 product on AVX2 without VNNI. vpmaddubsw multiplies unsigned by
// signed bytes and adds pairs into saturating 16-bit sums; taking |x| as the
// unsigned side and sign(x) * w as the signed one keeps every pair within
// 2 x 127 x 127 = 32258, so nothing saturates and the int32 sums are exact
// (vpmaddwd by ones widens the pairs). Each output register holds 8 columns'
// sums; 4 input bytes at a time are broadcast to all of them.
#include "nmt/cpu/int8_avx2.h"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>

namespace nmt::cpu {
namespace {

constexpr int64_t kPanel = 16;      // output columns per panel: two registers of 8 int32
constexpr int64_t kPanelGroup = 64;  // bytes per group of 4 inputs in a panel

int64_t round_up(int64_t n, int64_t m) { return (n + m - 1) / m * m; }

// The next 4 inputs of a row as one int32.
inline int32_t four_bytes(const int8_t* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The last count < 4 inputs of a row, zero-filled.
inline int32_t last_bytes(const int8_t* p, int64_t count) {
  int32_t v = 0;
  std::memcpy(&v, p, static_cast<size_t>(count));
  return v;
}

__attribute__((target("avx2,fma"))) inline __m256i dot4(__m256i acc, __m256i abs_x, __m256i x, __m256i w,
                                                          __m256i ones) {
  const __m256i pairs = _mm256_maddubs_epi16(abs_x, _mm256_sign_epi8(w, x));  // 16 x int16, exact
  return _mm256_add_epi32(acc, _mm256_madd_epi16(pairs, ones));
}

// R rows of x against one panel: the float results (R, 16) into out, row
// stride ldo.
template <int R>
__attribute__((target("avx2,fma"))) void panel_rows(const int8_t* x, int64_t in, const int8_t* panel,
                                                    const float* scales, float* out, int64_t ldo) {
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i acc[R][2];
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = _mm256_setzero_si256();
  const int64_t groups = in / 4, rest = in % 4;
  for (int64_t g = 0; g < groups; ++g) {
    const __m256i w0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel + g * kPanelGroup));
    const __m256i w1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel + g * kPanelGroup + 32));
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {
      const __m256i xr = _mm256_set1_epi32(four_bytes(x + r * in + 4 * g));
      const __m256i abs_x = _mm256_abs_epi8(xr);
      acc[r][0] = dot4(acc[r][0], abs_x, xr, w0, ones);
      acc[r][1] = dot4(acc[r][1], abs_x, xr, w1, ones);
    }
  }
  if (rest > 0) {  // the last inputs, zero-filled (as the packed weight is)
    const __m256i w0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel + groups * kPanelGroup));
    const __m256i w1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(panel + groups * kPanelGroup + 32));
    for (int r = 0; r < R; ++r) {
      const __m256i xr = _mm256_set1_epi32(last_bytes(x + r * in + 4 * groups, rest));
      const __m256i abs_x = _mm256_abs_epi8(xr);
      acc[r][0] = dot4(acc[r][0], abs_x, xr, w0, ones);
      acc[r][1] = dot4(acc[r][1], abs_x, xr, w1, ones);
    }
  }
  const __m256 s0 = _mm256_loadu_ps(scales), s1 = _mm256_loadu_ps(scales + 8);
  for (int r = 0; r < R; ++r) {
    _mm256_storeu_ps(out + r * ldo, _mm256_mul_ps(_mm256_cvtepi32_ps(acc[r][0]), s0));
    _mm256_storeu_ps(out + r * ldo + 8, _mm256_mul_ps(_mm256_cvtepi32_ps(acc[r][1]), s1));
  }
}

// Rows [0, rows) of x against one panel, 4 at a time.
__attribute__((target("avx2,fma"))) void panel(const int8_t* x, int64_t rows, int64_t in, const int8_t* packed,
                                               const float* scales, float* out, int64_t ldo) {
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) panel_rows<4>(x + r * in, in, packed, scales, out + r * ldo, ldo);
  switch (rows - r) {
    case 3: panel_rows<3>(x + r * in, in, packed, scales, out + r * ldo, ldo); break;
    case 2: panel_rows<2>(x + r * in, in, packed, scales, out + r * ldo, ldo); break;
    case 1: panel_rows<1>(x + r * in, in, packed, scales, out + r * ldo, ldo); break;
    default: break;
  }
}

}  // namespace

int64_t avx2_packed_bytes(int64_t out, int64_t in) { return round_up(out, kPanel) * round_up(in, 4); }

void avx2_pack(const int8_t* q, int64_t out, int64_t in, int8_t* packed) {
  const int64_t groups = round_up(in, 4) / 4;
  std::memset(packed, 0, static_cast<size_t>(avx2_packed_bytes(out, in)));
  for (int64_t n = 0; n < out; ++n) {
    int8_t* panel = packed + (n / kPanel) * groups * kPanelGroup + (n % kPanel) * 4;
    for (int64_t k = 0; k < in; ++k) panel[(k / 4) * kPanelGroup + k % 4] = q[n * in + k];
  }
}

__attribute__((target("avx2,fma"))) void avx2_multiply(const int8_t* packed, const float* scales, int64_t out,
                                                       int64_t in, const int8_t* x, int64_t rows, float* y,
                                                       int64_t ldy) {
  const int64_t panel_bytes = round_up(in, 4) * kPanel;
  const int64_t full = out / kPanel;
  // Panel after panel, so that each panel's weights (16 x in bytes) stay in
  // the first-level cache while every row passes over them.
  for (int64_t p = 0; p < full; ++p) {
    panel(x, rows, in, packed + p * panel_bytes, scales + p * kPanel, y + p * kPanel, ldy);
  }
  const int64_t tail = out - full * kPanel;
  if (tail == 0) return;
  // The last columns through a buffer of whole panels, a few rows at a time.
  constexpr int64_t kRows = 64;
  alignas(32) float buffer[kRows * kPanel];
  alignas(32) float tail_scales[kPanel] = {};
  std::memcpy(tail_scales, scales + full * kPanel, static_cast<size_t>(tail) * sizeof(float));
  for (int64_t r = 0; r < rows; r += kRows) {
    const int64_t n = rows - r < kRows ? rows - r : kRows;
    panel(x + r * in, n, in, packed + full * panel_bytes, tail_scales, buffer, kPanel);
    for (int64_t i = 0; i < n; ++i) {
      std::memcpy(y + (r + i) * ldy + full * kPanel, buffer + i * kPanel, static_cast<size_t>(tail) * sizeof(float));
    }
  }
}

}  // namespace nmt::cpu
#endif  // __x86_64__
