#include "nmt/infer/encoder.h"

#include <algorithm>
#include <cmath>

#include "nmt/common/error.h"
#include "nmt/infer/gemm.h"
#include "nmt/infer/kernels.h"
#include "nmt/infer/thread_pool.h"

namespace nmt::infer {

namespace {

void grow(std::vector<float>& buffer, int64_t size) {
  if (static_cast<int64_t>(buffer.size()) < size) buffer.resize(size);
}



}  // namespace

void Encoder::self_attention(const EncoderLayerWeights& layer, const float* in, int64_t rows, int64_t length,
                             const int64_t* lengths) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, dk = c.head_dim(), n = rows * length;
  layer.qkv.forward(in, n, qkv_.data(), pool_);
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  const int tasks = task_count(pool_, rows);
  run_tasks(pool_, tasks, [&](int task) {
    float* scores = scores_.data() + task * length * length;
    for (int64_t r = rows * task / tasks; r < rows * (task + 1) / tasks; ++r) {
      const int64_t valid = lengths[r];
      const float* base = qkv_.data() + r * length * 3 * d;  // (length, 3D) of this row
      for (int64_t h = 0; h < c.heads; ++h) {
        const float* q = base + h * dk;
        const float* k = base + d + h * dk;
        const float* v = base + 2 * d + h * dk;
        // (length, dk) x (dk, valid) -> scores (length, length), padding keys left out
        gemm_nt(q, 3 * d, k, 3 * d, scores, length, length, valid, dk);
        scaled_masked_softmax(scores, length, length, valid, scale);
        // (length, valid) x (valid, dk) -> this head's columns of the context
        gemm_nn(scores, length, v, 3 * d, context_.data() + r * length * d + h * dk, d, length, dk, valid);
      }
    }
  });
  layer.attention_out.forward(context_.data(), n, sublayer_.data(), pool_);
}

void Encoder::feed_forward(const EncoderLayerWeights& layer, const float* in, int64_t n) {
  layer.ffn_in.forward(in, n, hidden_.data(), pool_);
  layer.ffn_out.forward(hidden_.data(), n, sublayer_.data(), pool_);
}

void Encoder::encode(const int64_t* ids, int64_t rows, int64_t length, const int64_t* lengths, float* out) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, n = rows * length;
  NMT_CHECK(length <= c.max_positions,
            "sequence of " << length << " positions exceeds model.max_positions = " << c.max_positions);
  for (int64_t r = 0; r < rows; ++r) {
    NMT_CHECK(lengths[r] >= 1 && lengths[r] <= length,
              "source row " << r << " has length " << lengths[r] << ", outside 1.." << length);
  }
  grow(x_, n * d), grow(normed_, n * d), grow(qkv_, n * 3 * d), grow(scores_, task_count(pool_, rows) * length * length);
  grow(context_, n * d), grow(hidden_, n * c.ffn), grow(sublayer_, n * d);
  const float eps = static_cast<float>(c.layer_norm_eps);

  embed(ids, rows, length, w_.src_embed.data(), d, std::sqrt(static_cast<float>(d)), w_.positions.data(), 0,
        x_.data());
  for (const auto& layer : w_.encoder) {
    if (c.pre_norm) {  // x + f(LN(x)), twice
      layer_norm(x_.data(), normed_.data(), layer.norm1.gamma.data(), layer.norm1.beta.data(), eps, n, d);
      self_attention(layer, normed_.data(), rows, length, lengths);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, normed_.data());
      feed_forward(layer, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), nullptr, nullptr, eps, n, d,
                              nullptr);
    } else {  // LN(x + f(x)), twice
      self_attention(layer, x_.data(), rows, length, lengths);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm1.gamma.data(),
                              layer.norm1.beta.data(), eps, n, d, x_.data());
      feed_forward(layer, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, x_.data());
    }
  }
  if (c.pre_norm) {
    layer_norm(x_.data(), out, w_.encoder_norm.gamma.data(), w_.encoder_norm.beta.data(), eps, n, d);
  } else {
    std::copy(x_.begin(), x_.begin() + n * d, out);
  }
}

}  // namespace nmt::infer
