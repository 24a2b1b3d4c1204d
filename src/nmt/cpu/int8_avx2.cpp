// The int8 product on AVX2 without VNNI, in 16-bit multiplies. AVX2's byte
// product (vpmaddubsw) adds pairs into saturating 16-bit sums and needs an
// unsigned side; made exact (|x| times sign(x) w), it costs a sign, a byte
// product and a widening product (vpmaddwd by ones) for 32 multiply-adds,
// three operations on the two pipes that multiply on AMD's Zen 3: no faster
// than float32's multiply-adds. Widened to int16 first, the weights (one
// sign extension a register, shared by 4 rows) and the inputs (once per
// product) need only vpmaddwd for 16 multiply-adds: pairs of 16-bit products
// summed into int32 lanes, exact, 2 x 127 x 127 at most. The weights stay int8
// in memory, so a panel of 16 columns is as small in the cache as before.
#include "nmt/cpu/int8_avx2.h"

#include <cstring>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>

namespace nmt::cpu {
namespace {

constexpr int64_t kPanel = 16;  // output columns per panel: two registers of 8 int32
constexpr int64_t kPairBytes = 32;  // bytes per pair of inputs in a panel
constexpr int64_t kRows = 64;  // rows widened to int16 at a time

int64_t round_up(int64_t n, int64_t m) { return (n + m - 1) / m * m; }

inline int32_t input_pair(const int16_t* row, int64_t p) {
  int32_t v;
  std::memcpy(&v, row + 2 * p, 4);
  return v;
}

// The products of one row's input pair b with the pair's weights w0, w1,
// added to that row's two accumulators.
#define NMT_ROW_PAIR(b, acc0, acc1)                                 \
  acc0 = _mm256_add_epi32(acc0, _mm256_madd_epi16(b, w0)); \
  acc1 = _mm256_add_epi32(acc1, _mm256_madd_epi16(b, w1));

// R rows of x (int16, row stride ldx) against one panel: the float results
// (R, 16) into out, row stride ldo. Accumulators are named, not an array,
// so that all 2R stay in registers.
template <int R>
__attribute__((target("avx2,fma"))) void panel_rows(const int16_t* x, int64_t pairs, int64_t ldx,
                                                    const int8_t* panel, const float* scales, float* out,
                                                    int64_t ldo) {
  static_assert(R >= 1 && R <= 4, "1 to 4 rows");
  __m256i a00 = _mm256_setzero_si256(), a01 = a00, a10 = a00, a11 = a00, a20 = a00, a21 = a00, a30 = a00,
          a31 = a00;
  const int16_t* x0 = x;
  const int16_t* x1 = x + (R > 1 ? ldx : 0);
  const int16_t* x2 = x + (R > 2 ? 2 * ldx : 0);
  const int16_t* x3 = x + (R > 3 ? 3 * ldx : 0);
  for (int64_t p = 0; p < pairs; ++p) {
    const int8_t* w = panel + p * kPairBytes;
    const __m256i w0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(w)));
    const __m256i w1 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(w + 16)));
    const __m256i b0 = _mm256_set1_epi32(input_pair(x0, p));
    NMT_ROW_PAIR(b0, a00, a01)
    if (R > 1) {
      const __m256i b1 = _mm256_set1_epi32(input_pair(x1, p));
      NMT_ROW_PAIR(b1, a10, a11)
    }
    if (R > 2) {
      const __m256i b2 = _mm256_set1_epi32(input_pair(x2, p));
      NMT_ROW_PAIR(b2, a20, a21)
    }
    if (R > 3) {
      const __m256i b3 = _mm256_set1_epi32(input_pair(x3, p));
      NMT_ROW_PAIR(b3, a30, a31)
    }
  }
  const __m256 s0 = _mm256_loadu_ps(scales), s1 = _mm256_loadu_ps(scales + 8);
  const __m256i sums[4][2] = {{a00, a01}, {a10, a11}, {a20, a21}, {a30, a31}};
  for (int r = 0; r < R; ++r) {
    _mm256_storeu_ps(out + r * ldo, _mm256_mul_ps(_mm256_cvtepi32_ps(sums[r][0]), s0));
    _mm256_storeu_ps(out + r * ldo + 8, _mm256_mul_ps(_mm256_cvtepi32_ps(sums[r][1]), s1));
  }
}
#undef NMT_ROW_PAIR

// Rows [0, rows) of x against one panel, 4 at a time.
__attribute__((target("avx2,fma"))) void panel(const int16_t* x, int64_t rows, int64_t pairs, int64_t ldx,
                                               const int8_t* packed, const float* scales, float* out,
                                               int64_t ldo) {
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) panel_rows<4>(x + r * ldx, pairs, ldx, packed, scales, out + r * ldo, ldo);
  switch (rows - r) {
    case 3: panel_rows<3>(x + r * ldx, pairs, ldx, packed, scales, out + r * ldo, ldo); break;
    case 2: panel_rows<2>(x + r * ldx, pairs, ldx, packed, scales, out + r * ldo, ldo); break;
    case 1: panel_rows<1>(x + r * ldx, pairs, ldx, packed, scales, out + r * ldo, ldo); break;
    default: break;
  }
}

// rows of x (int8, row stride in) as int16 rows of ldx (even, >= in) with
// zeros past in.
__attribute__((target("avx2,fma"))) void widen(const int8_t* x, int64_t rows, int64_t in, int16_t* wide,
                                               int64_t ldx) {
  for (int64_t r = 0; r < rows; ++r) {
    const int8_t* src = x + r * in;
    int16_t* dst = wide + r * ldx;
    int64_t k = 0;
    for (; k + 16 <= in; k += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + k), _mm256_cvtepi8_epi16(bytes));
    }
    for (; k < in; ++k) dst[k] = src[k];
    for (; k < ldx; ++k) dst[k] = 0;
  }
}

}  // namespace

int64_t avx2_packed_bytes(int64_t out, int64_t in) { return round_up(out, kPanel) * round_up(in, 2); }

void avx2_pack(const int8_t* q, int64_t out, int64_t in, int8_t* packed) {
  const int64_t pairs = round_up(in, 2) / 2;
  std::memset(packed, 0, static_cast<size_t>(avx2_packed_bytes(out, in)));
  for (int64_t n = 0; n < out; ++n) {
    int8_t* panel = packed + (n / kPanel) * pairs * kPairBytes + (n % kPanel) * 2;
    for (int64_t k = 0; k < in; ++k) panel[(k / 2) * kPairBytes + k % 2] = q[n * in + k];
  }
}

__attribute__((target("avx2,fma"))) void avx2_multiply(const int8_t* packed, const float* scales, int64_t out,
                                                       int64_t in, const int8_t* x, int64_t rows, float* y,
                                                       int64_t ldy) {
  const int64_t pairs = round_up(in, 2) / 2, ldx = 2 * pairs;
  const int64_t panel_bytes = pairs * kPairBytes;
  const int64_t full = out / kPanel, tail = out - full * kPanel;
  thread_local std::vector<int16_t> wide;
  if (wide.size() < static_cast<size_t>(kRows * ldx)) wide.resize(static_cast<size_t>(kRows * ldx));
  alignas(32) float tail_scales[kPanel] = {};
  std::memcpy(tail_scales, scales + full * kPanel, static_cast<size_t>(tail) * sizeof(float));
  for (int64_t r = 0; r < rows; r += kRows) {
    const int64_t n = rows - r < kRows ? rows - r : kRows;
    widen(x + r * in, n, in, wide.data(), ldx);
    float* yr = y + r * ldy;
    // Panel after panel, so that each panel's weights (16 x in bytes) stay in
    // the first-level cache while the rows pass over them.
    for (int64_t p = 0; p < full; ++p) {
      panel(wide.data(), n, pairs, ldx, packed + p * panel_bytes, scales + p * kPanel, yr + p * kPanel, ldy);
    }
    if (tail == 0) continue;
    // The last columns through a buffer of a whole panel.
    alignas(32) float buffer[kRows * kPanel];
    panel(wide.data(), n, pairs, ldx, packed + full * panel_bytes, tail_scales, buffer, kPanel);
    for (int64_t i = 0; i < n; ++i) {
      std::memcpy(yr + i * ldy + full * kPanel, buffer + i * kPanel, static_cast<size_t>(tail) * sizeof(float));
    }
  }
}

}  // namespace nmt::cpu
#endif  // __x86_64__
