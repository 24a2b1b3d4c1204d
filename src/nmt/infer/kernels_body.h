// The kernels of kernels.h, written once and compiled once per instruction
// set: kernels.cpp includes this file inside a namespace of its own for each
// (avx512, avx2, generic) under `#pragma GCC target`, and dispatches on
// cpu::cpu_isa(). No include guard, on purpose; no includes either, and no
// standard templates (std::max, std::fill...): a template instantiated here
// would be one symbol shared by every copy, so the linker could hand the
// AVX-512 one to a CPU without it. Plain loops and the helpers below instead.

// e^x in float32 without libm, so that loops over it vectorise (GCC calls
// the scalar expf otherwise): x = n ln2 + r with |r| <= ln2 / 2, e^r by
// Cephes' degree-6 polynomial, 2^n put into the exponent bits. Relative
// error about 2e-7 (1-2 ulp); 0 below -87.3 (-inf included), +inf above 88.7.
inline float exp_approx(float x) {
  const float clamped = x < -87.3f ? -87.3f : (x > 88.7f ? 88.7f : x);
  // Rounds to the nearest integer: adding 1.5 * 2^23 leaves no fraction bits.
  const float n = (clamped * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
  float r = clamped - n * 0.693359375f;
  r = r + n * 2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  // 2^n from its exponent bits; a bit cast, not a union, so that the loops
  // calling this vectorise (GCC does not if-convert through a union's memory).
  const float e = p * __builtin_bit_cast(float, (static_cast<int32_t>(n) + 127) << 23);
  const float low = x < -87.3f ? 0.0f : e;
  return x > 88.7f ? kInfinity : low;
}

inline float larger(float a, float b) { return a > b ? a : b; }
inline int64_t smaller(int64_t a, int64_t b) { return a < b ? a : b; }
inline void set(float* x, int64_t n, float value) {
  for (int64_t i = 0; i < n; ++i) x[i] = value;
}

// The sums below are written as `omp simd` reductions (-fopenmp-simd): the
// compiler may then split them across vector lanes, which plain C++ forbids
// for floats.
inline float row_sum(const float* x, int64_t n) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += x[i];
  return s;
}

inline float row_squares_about(const float* x, int64_t n, float mean) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += (x[i] - mean) * (x[i] - mean);
  return s;
}

inline float row_max(const float* x, int64_t n) {
  float m = -kInfinity;
#pragma omp simd reduction(max : m)
  for (int64_t i = 0; i < n; ++i) m = larger(m, x[i]);
  return m;
}

// x = exp(x - shift) in place; returns the sum.
inline float exp_shifted(float* x, int64_t n, float shift) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) {
    x[i] = exp_approx(x[i] - shift);
    s += x[i];
  }
  return s;
}

inline float exp_shifted_sum(const float* x, int64_t n, float shift) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += exp_approx(x[i] - shift);
  return s;
}

inline void layer_norm_row(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t d) {
  const float mean = row_sum(in, d) / static_cast<float>(d);
  const float variance = row_squares_about(in, d, mean) / static_cast<float>(d);
  const float inv_std = 1.0f / __builtin_sqrtf(variance + eps);
#pragma omp simd
  for (int64_t i = 0; i < d; ++i) out[i] = (in[i] - mean) * inv_std * gamma[i] + beta[i];
}

void scale_bias_activation(float* x, int64_t rows, int64_t cols, const float* row_scales, const float* bias,
                           Activation activation) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = x + r * cols;
    const float scale = row_scales != nullptr ? row_scales[r] : 1.0f;
    if (bias != nullptr) {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] = __builtin_fmaf(row[i], scale, bias[i]);
    } else {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] *= scale;
    }
    if (activation == Activation::kRelu) {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] = larger(row[i], 0.0f);
    } else if (activation == Activation::kSwish) {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] = row[i] / (1.0f + exp_approx(-row[i]));
    }
  }
}

void layer_norm(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t rows,
                int64_t d) {
  for (int64_t r = 0; r < rows; ++r) layer_norm_row(in + r * d, out + r * d, gamma, beta, eps, d);
}

void add_residual_layer_norm(float* h, const float* y, const float* gamma, const float* beta, float eps, int64_t rows,
                             int64_t d, float* normed) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = h + r * d;
    const float* add = y + r * d;
#pragma omp simd
    for (int64_t i = 0; i < d; ++i) row[i] += add[i];
    if (normed != nullptr) layer_norm_row(row, normed + r * d, gamma, beta, eps, d);
  }
}

void scaled_masked_softmax(float* scores, int64_t rows, int64_t cols, int64_t valid, float scale) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = scores + r * cols;
#pragma omp simd
    for (int64_t i = 0; i < valid; ++i) row[i] *= scale;
    const float sum = exp_shifted(row, valid, row_max(row, valid));
    const float inv = 1.0f / sum;
#pragma omp simd
    for (int64_t i = 0; i < valid; ++i) row[i] *= inv;
    set(row + valid, cols - valid, 0.0f);
  }
}

void embed(const int64_t* ids, int64_t rows, int64_t length, const float* table, int64_t d, float scale,
           const float* positions, int64_t start, float* out) {
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t t = 0; t < length; ++t) {
      const float* vector = table + ids[r * length + t] * d;
      const float* position = positions + (start + t) * d;
      float* o = out + (r * length + t) * d;
#pragma omp simd
      for (int64_t i = 0; i < d; ++i) o[i] = vector[i] * scale + position[i];
    }
  }
}

void attend(const float* q, const float* keys, int64_t key_stride, const float* values, int64_t value_stride,
            int64_t steps, int64_t heads, int64_t head_dim, float scale, float* scores, float* out) {
  for (int64_t t = 0; t < steps; ++t) {  // scores (heads, steps)
    for (int64_t h = 0; h < heads; ++h) {
      const float* a = q + h * head_dim;
      const float* b = keys + t * key_stride + h * head_dim;
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int64_t i = 0; i < head_dim; ++i) s += a[i] * b[i];
      scores[h * steps + t] = s;
    }
  }
  scaled_masked_softmax(scores, heads, steps, steps, scale);
  const int64_t d = heads * head_dim;
  set(out, d, 0.0f);
  for (int64_t t = 0; t < steps; ++t) {
    for (int64_t h = 0; h < heads; ++h) {
      const float w = scores[h * steps + t];
      const float* v = values + t * value_stride + h * head_dim;
      float* o = out + h * head_dim;
#pragma omp simd
      for (int64_t i = 0; i < head_dim; ++i) o[i] += w * v[i];
    }
  }
}

void quantize_rows(const float* x, int64_t rows, int64_t cols, int8_t* q, float* scales) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* row = x + r * cols;
    float max = 0;
#pragma omp simd reduction(max : max)
    for (int64_t i = 0; i < cols; ++i) max = larger(max, __builtin_fabsf(row[i]));
    const float scale = max == 0 ? 1.0f : max / 127.0f;
    scales[r] = scale;
    int8_t* out = q + r * cols;
#pragma omp simd
    for (int64_t i = 0; i < cols; ++i) {
      // |x| <= max, so |x / scale| stays within 127 (a hair over at most,
      // which rounds back to 127): no clamp needed. Rounds half to even, as
      // nearbyint, in a form that vectorises: adding 1.5 * 2^23 leaves no
      // fraction bits.
      out[i] = static_cast<int8_t>(static_cast<int32_t>((row[i] / scale + 12582912.0f) - 12582912.0f));
    }
  }
}

// log_softmax_top_k (kernels.h), given a workspace of one float per block
// of kBlock columns.
void log_softmax_top_k(float* logits, int64_t rows, int64_t cols, int64_t k, const int64_t* banned,
                       int64_t banned_count, float* scores, int64_t* ids, float* log_sums, float* block_max) {
  // Columns in blocks: each block's maximum is taken once (vectorised), gives
  // the row's maximum, and then lets the top-k scan skip every block that
  // holds nothing better than the k kept so far: most of them.
  const int64_t blocks = (cols + kBlock - 1) / kBlock;
  for (int64_t r = 0; r < rows; ++r) {
    float* row = logits + r * cols;
    float max = -kInfinity;
    for (int64_t b = 0; b < blocks; ++b) {
      block_max[b] = row_max(row + b * kBlock, smaller(kBlock, cols - b * kBlock));
      max = larger(max, block_max[b]);
    }
    const float log_sum = max + __builtin_logf(exp_shifted_sum(row, cols, max));
    if (log_sums != nullptr) log_sums[r] = log_sum;
    for (int64_t b = 0; b < banned_count; ++b) {
      row[banned[b]] = -kInfinity;
      block_max[banned[b] / kBlock] = kInfinity;  // its block is scanned entry by entry
    }
    // The k best so far, best first; the last is the bar a new entry must pass.
    float* best = scores + r * k;
    int64_t* best_id = ids + r * k;
    set(best, k, -kInfinity);
    for (int64_t j = 0; j < k; ++j) best_id[j] = 0;
    for (int64_t b = 0; b < blocks; ++b) {
      if (!(block_max[b] > best[k - 1])) continue;
      const int64_t end = smaller(cols, (b + 1) * kBlock);
      for (int64_t i = b * kBlock; i < end; ++i) {
        if (!(row[i] > best[k - 1])) continue;
        int64_t j = k - 1;  // after every kept entry that is at least as good
        while (j > 0 && row[i] > best[j - 1]) {
          best[j] = best[j - 1], best_id[j] = best_id[j - 1];
          --j;
        }
        best[j] = row[i], best_id[j] = i;
      }
    }
    for (int64_t j = 0; j < k; ++j) best[j] -= log_sum;  // -inf stays -inf
  }
}

// gathered_product's sums: 16 lanes, lane l adding x[i] * w[i] for i = l
// mod 16 in order, then the lanes added pairwise in a fixed tree, then the
// tail past the last full 16 in order, each step one fused multiply-add
// where the CPU has them (a plain multiply and add otherwise). Written out,
// not left to `omp simd` or to the compiler's contraction, so that one
// row's sum and four rows' at once are the same arithmetic.
constexpr int64_t kGatherLanes = 16;
#if defined(__FMA__)
inline float multiply_add(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
#else
inline float multiply_add(float a, float b, float c) { return a * b + c; }
#endif

inline float lanes_total(const float* lanes) {
  float half[8], quarter[4];
  for (int l = 0; l < 8; ++l) half[l] = lanes[l] + lanes[l + 8];
  for (int l = 0; l < 4; ++l) quarter[l] = half[l] + half[l + 4];
  return (quarter[0] + quarter[2]) + (quarter[1] + quarter[3]);
}

inline float gathered_dot_1(const float* x, const float* w, int64_t d) {
  float lanes[kGatherLanes] = {};
  const int64_t full = d - d % kGatherLanes;
  for (int64_t i = 0; i < full; i += kGatherLanes)
    for (int64_t l = 0; l < kGatherLanes; ++l) lanes[l] = multiply_add(x[i + l], w[i + l], lanes[l]);
  float s = lanes_total(lanes);
  for (int64_t i = full; i < d; ++i) s = multiply_add(x[i], w[i], s);
  return s;
}

// Four rows against one weight row: each weight block is read once.
inline void gathered_dot_4(const float* x, int64_t d, const float* w, float* out) {
  float l0[kGatherLanes] = {}, l1[kGatherLanes] = {}, l2[kGatherLanes] = {}, l3[kGatherLanes] = {};
  const float *x0 = x, *x1 = x + d, *x2 = x + 2 * d, *x3 = x + 3 * d;
  const int64_t full = d - d % kGatherLanes;
  for (int64_t i = 0; i < full; i += kGatherLanes) {
    for (int64_t l = 0; l < kGatherLanes; ++l) {
      const float wl = w[i + l];
      l0[l] = multiply_add(x0[i + l], wl, l0[l]);
      l1[l] = multiply_add(x1[i + l], wl, l1[l]);
      l2[l] = multiply_add(x2[i + l], wl, l2[l]);
      l3[l] = multiply_add(x3[i + l], wl, l3[l]);
    }
  }
  float s0 = lanes_total(l0), s1 = lanes_total(l1), s2 = lanes_total(l2), s3 = lanes_total(l3);
  for (int64_t i = full; i < d; ++i) {
    s0 = multiply_add(x0[i], w[i], s0), s1 = multiply_add(x1[i], w[i], s1);
    s2 = multiply_add(x2[i], w[i], s2), s3 = multiply_add(x3[i], w[i], s3);
  }
  out[0] = s0, out[1] = s1, out[2] = s2, out[3] = s3;
}

void gathered_product(const float* x, int64_t rows, int64_t d, const float* weight, const float* bias,
                      const int64_t* ids, int64_t k, float* y, int64_t y_stride) {
  int64_t r = 0;
  for (; r + 4 <= rows; r += 4) {
    const float* xr = x + r * d;
    float* yr = y + r * y_stride;
    for (int64_t j = 0; j < k; ++j) {
      float s[4];
      gathered_dot_4(xr, d, weight + ids[j] * d, s);
      const float b = bias ? bias[ids[j]] : 0.0f;
      for (int q = 0; q < 4; ++q) yr[q * y_stride + j] = s[q] + b;
    }
  }
  for (; r < rows; ++r) {
    const float* xr = x + r * d;
    float* yr = y + r * y_stride;
    for (int64_t j = 0; j < k; ++j) yr[j] = gathered_dot_1(xr, weight + ids[j] * d, d) + (bias ? bias[ids[j]] : 0.0f);
  }
}
