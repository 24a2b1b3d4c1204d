#pragma once
// Multi-head scaled dot-product attention, written from tensor operations.
// Masks are additive biases (0 = may attend, -1e9 = may not) built once per
// batch and broadcast over heads, never materialised per head.
#include <torch/nn/module.h>

#include "nmt/model/dense.h"
#include "nmt/model/dropout.h"

namespace nmt::model {

constexpr float kMaskedBias = -1e9f;  // finite: a fully masked row gives a uniform softmax, not NaN

// tokens (B, S) -> (B, 1, 1, S): -1e9 on padding keys.
torch::Tensor padding_bias(const torch::Tensor& tokens, int64_t pad_id = 0);
// (T, T): -1e9 above the diagonal, so position t sees positions <= t.
torch::Tensor causal_bias(int64_t length, const torch::TensorOptions& options);

// softmax(q k^T / sqrt(dk) + bias) v.
// q: (B, h, Tq, dk), k/v: (B, h, Tk, dk), bias broadcastable to (B, h, Tq, Tk).
// weights, when given, receives the softmax (B, h, Tq, Tk), before dropout.
torch::Tensor attend(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
                     const torch::Tensor& bias, Dropout& dropout, torch::Tensor* weights = nullptr);

// (B, T, h*dk) -> (B, h, T, dk) and back.
torch::Tensor split_heads(const torch::Tensor& x, int64_t heads);
torch::Tensor merge_heads(const torch::Tensor& x);

// Keys/values a decoder layer keeps between steps. Self-attention keys are
// written in place into a buffer with room for `capacity` steps; reordering
// (beam search, finished sentences leaving) copies only the filled part.
struct KVCache {
  torch::Tensor k, v;       // (N, h, capacity, dk); valid up to `length`
  int64_t length = 0;
  void append(const torch::Tensor& k_new, const torch::Tensor& v_new);  // (N, h, 1, dk)
  torch::Tensor keys() const { return k.narrow(2, 0, length); }
  torch::Tensor values() const { return v.narrow(2, 0, length); }
  void select_rows(const torch::Tensor& rows);
  bool empty() const { return !k.defined(); }
};

// Self-attention with one fused Q/K/V projection.
struct SelfAttentionImpl : torch::nn::Module {
  SelfAttentionImpl(int64_t d_model, int64_t heads, double dropout);
  // x: (B, T, D) -> (B, T, D). With a cache, x holds only the newest step(s),
  // whose keys/values are appended to those of earlier steps.
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& bias, KVCache* cache = nullptr);
  int64_t heads;
  Dense qkv, out;
  Dropout attn_dropout;
};
TORCH_MODULE(SelfAttention);

// Encoder-decoder attention: queries from the decoder, one fused K/V
// projection of the encoder output, computed once per sentence when cached.
struct CrossAttentionImpl : torch::nn::Module {
  CrossAttentionImpl(int64_t d_model, int64_t heads, double dropout);
  // x: (B, T, D), memory: (B, S, D), bias: (B, 1, 1, S) -> (B, T, D).
  // group > 1 (one step, T = 1): x holds `group` consecutive rows per row of
  // memory/bias/cache (the beams of a sentence), and a group's queries attend
  // to their source together: one (group x S) product per head instead of
  // `group` copies of the source's keys and values.
  // weights, when given (group 1 only), receives the attention weights
  // (B, h, T, S), as attend gives them.
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& memory, const torch::Tensor& bias,
                        KVCache* cache = nullptr, int64_t group = 1, torch::Tensor* weights = nullptr);
  int64_t heads;
  Dense q, kv, out;
  Dropout attn_dropout;
};
TORCH_MODULE(CrossAttention);

}  // namespace nmt::model
