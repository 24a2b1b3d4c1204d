#include "nmt/model/attention.h"

#include <cmath>

#include <torch/torch.h>

namespace nmt::model {

torch::Tensor padding_bias(const torch::Tensor& tokens, int64_t pad_id) {
  auto bias = torch::zeros(tokens.sizes(), tokens.options().dtype(torch::kFloat));
  bias.masked_fill_(tokens.eq(pad_id), kMaskedBias);
  return bias.view({tokens.size(0), 1, 1, tokens.size(1)});
}

torch::Tensor causal_bias(int64_t length, const torch::TensorOptions& options) {
  return torch::full({length, length}, kMaskedBias, options).triu(1);
}

torch::Tensor attend(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
                     const torch::Tensor& bias, Dropout& dropout, torch::Tensor* weights_out) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  // (B, h, Tq, dk) x (B, h, dk, Tk) -> (B, h, Tq, Tk); baddbmm-style fused scale + bias
  auto scores = torch::matmul(q, k.transpose(-2, -1)).mul_(scale);
  if (bias.defined()) scores.add_(bias);
  auto weights = torch::softmax(scores, -1);
  if (weights_out != nullptr) *weights_out = weights;
  return torch::matmul(dropout(weights), v);  // (B, h, Tq, dk)
}

torch::Tensor split_heads(const torch::Tensor& x, int64_t heads) {
  return x.view({x.size(0), x.size(1), heads, x.size(2) / heads}).transpose(1, 2);
}

torch::Tensor merge_heads(const torch::Tensor& x) {
  // (B, h, T, dk) -> (B, T, h*dk)
  return x.transpose(1, 2).reshape({x.size(0), x.size(2), x.size(1) * x.size(3)});
}

void KVCache::append(const torch::Tensor& k_new, const torch::Tensor& v_new) {
  const int64_t steps = k_new.size(2);
  if (k.defined() && length + steps > k.size(2)) {  // grow: double the capacity
    const int64_t capacity = std::max<int64_t>(2 * k.size(2), length + steps);
    auto grow = [&](const torch::Tensor& old) {
      auto bigger = torch::empty({old.size(0), old.size(1), capacity, old.size(3)}, old.options());
      bigger.narrow(2, 0, length).copy_(old.narrow(2, 0, length));
      return bigger;
    };
    k = grow(k), v = grow(v);
  }
  if (!k.defined()) {
    const int64_t capacity = std::max<int64_t>(64, steps);
    k = torch::empty({k_new.size(0), k_new.size(1), capacity, k_new.size(3)}, k_new.options());
    v = torch::empty_like(k);
  }
  k.narrow(2, length, steps).copy_(k_new);
  v.narrow(2, length, steps).copy_(v_new);
  length += steps;
}

void KVCache::select_rows(const torch::Tensor& rows) {
  if (!k.defined()) return;
  if (length == k.size(2)) {  // a static (cross-attention) cache: every slot is filled
    k = k.index_select(0, rows), v = v.index_select(0, rows);
    return;
  }
  auto pick = [&](const torch::Tensor& buffer) {
    auto out = torch::empty({rows.size(0), buffer.size(1), buffer.size(2), buffer.size(3)}, buffer.options());
    auto filled = out.narrow(2, 0, length);
    torch::index_select_out(filled, buffer.narrow(2, 0, length), 0, rows);
    return out;
  };
  k = pick(k), v = pick(v);
}

SelfAttentionImpl::SelfAttentionImpl(int64_t d_model, int64_t heads_, double dropout)
    : heads(heads_),
      qkv(register_module("qkv", Dense(d_model, 3 * d_model))),
      out(register_module("out", Dense(d_model, d_model))),
      attn_dropout(register_module("attn_dropout", Dropout(dropout))) {}

torch::Tensor SelfAttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& bias, KVCache* cache) {
  auto parts = qkv(x).chunk(3, -1);  // 3 x (B, T, D)
  auto q = split_heads(parts[0], heads), k = split_heads(parts[1], heads), v = split_heads(parts[2], heads);
  if (cache != nullptr) {
    cache->append(k, v);
    k = cache->keys(), v = cache->values();
  }
  return out(merge_heads(attend(q, k, v, bias, attn_dropout)));
}

CrossAttentionImpl::CrossAttentionImpl(int64_t d_model, int64_t heads_, double dropout)
    : heads(heads_),
      q(register_module("q", Dense(d_model, d_model))),
      kv(register_module("kv", Dense(d_model, 2 * d_model))),
      out(register_module("out", Dense(d_model, d_model))),
      attn_dropout(register_module("attn_dropout", Dropout(dropout))) {}

torch::Tensor CrossAttentionImpl::forward(const torch::Tensor& x, const torch::Tensor& memory,
                                          const torch::Tensor& bias, KVCache* cache, int64_t group,
                                          torch::Tensor* weights) {
  torch::Tensor k, v;
  if (cache != nullptr && !cache->empty()) {
    k = cache->keys(), v = cache->values();
  } else {
    auto parts = kv(memory).chunk(2, -1);
    k = split_heads(parts[0], heads).contiguous(), v = split_heads(parts[1], heads).contiguous();
    if (cache != nullptr) cache->k = k, cache->v = v, cache->length = k.size(2);
  }
  if (group == 1) return out(merge_heads(attend(split_heads(q(x), heads), k, v, bias, attn_dropout, weights)));
  TORCH_CHECK(x.size(1) == 1 && x.size(0) == group * k.size(0),
              "grouped cross-attention takes one step of ", group, " rows per source");
  // (n*G, 1, D) -> (n, G, h, dk) -> (n, h, G, dk): the group's queries as positions.
  const int64_t n = k.size(0), d = x.size(2);
  auto queries = q(x).view({n, group, heads, d / heads}).transpose(1, 2);
  TORCH_CHECK(weights == nullptr, "grouped cross-attention does not return its weights");
  auto context = attend(queries, k, v, bias, attn_dropout);  // (n, h, G, dk)
  return out(context.transpose(1, 2).reshape({n * group, 1, d}));
}

}  // namespace nmt::model
