#include "nmt/infer/kernels.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

namespace nmt::infer {

// Every kernel is cloned for these targets and chosen when the program loads.
#define NMT_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))

namespace {

// The sums below are written as `omp simd` reductions (-fopenmp-simd): the
// compiler may then split them across vector lanes, which plain C++ forbids
// for floats.
NMT_VECTOR_CLONES float row_sum(const float* x, int64_t n) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += x[i];
  return s;
}

NMT_VECTOR_CLONES float row_squares_about(const float* x, int64_t n, float mean) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += (x[i] - mean) * (x[i] - mean);
  return s;
}

NMT_VECTOR_CLONES float row_max(const float* x, int64_t n) {
  float m = -std::numeric_limits<float>::infinity();
#pragma omp simd reduction(max : m)
  for (int64_t i = 0; i < n; ++i) m = std::max(m, x[i]);
  return m;
}

// x = exp(x - shift) in place; returns the sum.
NMT_VECTOR_CLONES float exp_shifted(float* x, int64_t n, float shift) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) {
    x[i] = std::exp(x[i] - shift);
    s += x[i];
  }
  return s;
}

NMT_VECTOR_CLONES float exp_shifted_sum(const float* x, int64_t n, float shift) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += std::exp(x[i] - shift);
  return s;
}

NMT_VECTOR_CLONES void normalise_row(const float* in, float* out, const float* gamma, const float* beta, float mean,
                                     float inv_std, int64_t d) {
#pragma omp simd
  for (int64_t i = 0; i < d; ++i) out[i] = (in[i] - mean) * inv_std * gamma[i] + beta[i];
}

void layer_norm_row(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t d) {
  const float mean = row_sum(in, d) / static_cast<float>(d);
  const float variance = row_squares_about(in, d, mean) / static_cast<float>(d);
  normalise_row(in, out, gamma, beta, mean, 1.0f / std::sqrt(variance + eps), d);
}

}  // namespace

NMT_VECTOR_CLONES void bias_activation(float* x, const float* bias, int64_t rows, int64_t cols,
                                       Activation activation) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = x + r * cols;
    if (activation == Activation::kNone) {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] += bias[i];
    } else if (activation == Activation::kRelu) {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) row[i] = std::max(row[i] + bias[i], 0.0f);
    } else {
#pragma omp simd
      for (int64_t i = 0; i < cols; ++i) {
        const float v = row[i] + bias[i];
        row[i] = v / (1.0f + std::exp(-v));
      }
    }
  }
}

void layer_norm(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t rows,
                int64_t d) {
  for (int64_t r = 0; r < rows; ++r) layer_norm_row(in + r * d, out + r * d, gamma, beta, eps, d);
}

NMT_VECTOR_CLONES void add_residual_layer_norm(float* h, const float* y, const float* bias, const float* gamma,
                                               const float* beta, float eps, int64_t rows, int64_t d,
                                               float* normed) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = h + r * d;
    const float* add = y + r * d;
    if (bias != nullptr) {
#pragma omp simd
      for (int64_t i = 0; i < d; ++i) row[i] += add[i] + bias[i];
    } else {
#pragma omp simd
      for (int64_t i = 0; i < d; ++i) row[i] += add[i];
    }
    if (normed != nullptr) layer_norm_row(row, normed + r * d, gamma, beta, eps, d);
  }
}

NMT_VECTOR_CLONES void scaled_masked_softmax(float* scores, int64_t rows, int64_t cols, int64_t valid, float scale) {
  for (int64_t r = 0; r < rows; ++r) {
    float* row = scores + r * cols;
#pragma omp simd
    for (int64_t i = 0; i < valid; ++i) row[i] *= scale;
    const float sum = exp_shifted(row, valid, row_max(row, valid));
    const float inv = 1.0f / sum;
#pragma omp simd
    for (int64_t i = 0; i < valid; ++i) row[i] *= inv;
    std::fill(row + valid, row + cols, 0.0f);
  }
}

NMT_VECTOR_CLONES void embed(const int64_t* ids, int64_t rows, int64_t length, const float* table, int64_t d,
                             float scale, const float* positions, int64_t start, float* out) {
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

NMT_VECTOR_CLONES float dot(const float* a, const float* b, int64_t n) {
  float s = 0;
#pragma omp simd reduction(+ : s)
  for (int64_t i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

NMT_VECTOR_CLONES void add_scaled(float* out, const float* v, float weight, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] += weight * v[i];
}

void log_softmax_top_k(const float* logits, int64_t rows, int64_t cols, int64_t k, float* scores, int64_t* ids) {
  std::vector<std::pair<float, int64_t>> best;
  best.reserve(static_cast<size_t>(k) + 1);
  // Better: higher score, or the same score and a lower id.
  const auto better = [](const std::pair<float, int64_t>& a, const std::pair<float, int64_t>& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
  };
  for (int64_t r = 0; r < rows; ++r) {
    const float* row = logits + r * cols;
    const float max = row_max(row, cols);
    const float log_sum = max + std::log(exp_shifted_sum(row, cols, max));
    // A min-heap of the k best by `better`: its front is the worst kept.
    best.clear();
    for (int64_t i = 0; i < cols; ++i) {
      if (static_cast<int64_t>(best.size()) == k && !(row[i] > best.front().first)) continue;
      best.emplace_back(row[i], i);
      std::push_heap(best.begin(), best.end(), better);
      if (static_cast<int64_t>(best.size()) > k) {
        std::pop_heap(best.begin(), best.end(), better);
        best.pop_back();
      }
    }
    std::sort_heap(best.begin(), best.end(), better);
    for (int64_t j = 0; j < k; ++j) {
      scores[r * k + j] = best[j].first - log_sum;
      ids[r * k + j] = best[j].second;
    }
  }
}

}  // namespace nmt::infer
