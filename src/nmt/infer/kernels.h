#pragma once
// The element-wise work of a Transformer step on the CPU, fused so that each
// activation is read and written once: the parts of decoding that are not
// matrix products. Plain float32 arrays, row-major, no LibTorch: the CPU
// inference engine calls these between its matrix products.
//
// Each kernel is compiled for AVX-512 (x86-64-v4), AVX2 with FMA (x86-64-v3)
// and the project's own flags (kernels_body.h), and runs in the version that
// cpu::cpu_isa() names (the CPU's best, or NMT_CPU_ISA's), so the normal
// flags still give the wide vectors and one machine can test every path.
#include <cstdint>

namespace nmt::infer {

enum class Activation { kNone, kRelu, kSwish };

// x (rows, cols) = act(x * row_scales[r] + bias) in place, the product and
// the sum as one fused multiply-add (as LibTorch's addcmul); row_scales and
// bias may be null (1 and 0).
void scale_bias_activation(float* x, int64_t rows, int64_t cols, const float* row_scales, const float* bias,
                           Activation activation);

// out (rows, d) = LayerNorm(in) * gamma + beta over each row, with the
// variance of the row (divided by d, as LibTorch) plus eps. out may be in.
void layer_norm(const float* in, float* out, const float* gamma, const float* beta, float eps, int64_t rows,
                int64_t d);

// The residual step of a sub-layer: h (rows, d) += y, then normed =
// LayerNorm(h) when normed is not null (it may be h itself: post-norm keeps
// only the normalised sum).
void add_residual_layer_norm(float* h, const float* y, const float* gamma, const float* beta, float eps, int64_t rows,
                             int64_t d, float* normed);

// Attention weights in place: each row of scores (rows, cols) becomes
// softmax(scale * row) over its first `valid` columns, and 0 beyond them
// (padding keys sit at the end of a row). valid must be >= 1.
void scaled_masked_softmax(float* scores, int64_t rows, int64_t cols, int64_t valid, float scale);

// out (rows * length, d): the token embeddings of ids (rows, length), times
// scale, plus the sinusoid of each token's position, start + its index in the
// row (positions: (max_positions, d)). An encoder passes its sources with
// start 0; a decoder step passes length 1 and the step as start.
void embed(const int64_t* ids, int64_t rows, int64_t length, const float* table, int64_t d, float scale,
           const float* positions, int64_t start, float* out);

// One query's multi-head attention over `steps` keys and values: key t is
// the row of d = heads * head_dim floats at keys + t * key_stride (values
// likewise), head h's part at h * head_dim. For each head, out's part =
// softmax(scale * q . keys) . values. scores: workspace of heads * steps floats.
void attend(const float* q, const float* keys, int64_t key_stride, const float* values, int64_t value_stride,
            int64_t steps, int64_t heads, int64_t head_dim, float scale, float* scores, float* out);

// Symmetric int8 per row: scales[r] = max |x[r, :]| / 127 (1 for a row of
// zeros) and q = x / scale rounded to the nearest (ties to even), within
// -127..127. x: (rows, cols).
void quantize_rows(const float* x, int64_t rows, int64_t cols, int8_t* q, float* scales);

// The k best log-probabilities of each row of logits (rows, cols): the
// row's log-softmax over all its columns, then its k largest entries that are
// not among the `banned` columns, best first, equal scores to the lower id:
// scores[r * k + j] and ids[r * k + j]. A row with fewer than k finite
// allowed entries ends in -inf scores (ids 0). The banned columns of logits
// are set to -inf. log_sums (rows), unless null, gets each row's normaliser
// log(sum(exp(row))).
void log_softmax_top_k(float* logits, int64_t rows, int64_t cols, int64_t k, const int64_t* banned,
                       int64_t banned_count, float* scores, int64_t* ids, float* log_sums = nullptr);

// y[r * y_stride + j] = bias[ids[j]] + x[r, :] . weight[ids[j], :] for
// x (rows, d) and the k rows of weight (any count, d floats each) that ids
// name: a layer's output restricted to some of its outputs without packing
// them (a sentence's shortlist). Each sum is the same whatever `rows` is
// (16 fixed lanes added in a fixed order), so a row's result never depends
// on the rows beside it. bias may be null.
void gathered_product(const float* x, int64_t rows, int64_t d, const float* weight, const float* bias,
                      const int64_t* ids, int64_t k, float* y, int64_t y_stride);

}  // namespace nmt::infer
