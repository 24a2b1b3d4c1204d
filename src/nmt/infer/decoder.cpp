#include "nmt/infer/decoder.h"

#include <algorithm>
#include <cmath>

#include "nmt/common/error.h"
#include "nmt/infer/gemm.h"
#include "nmt/infer/kernels.h"

namespace nmt::infer {

namespace {

void grow(std::vector<float>& buffer, int64_t size) {
  if (static_cast<int64_t>(buffer.size()) < size) buffer.resize(size);
}

// y (n, out) = x (n, in) W^T, without the bias (the kernels after add it).
void product(const DenseWeights& dense, const float* x, int64_t n, float* y) {
  gemm_nt(x, dense.in, dense.weight.data(), dense.in, y, dense.out, n, dense.out, dense.in);
}

}  // namespace

void Decoder::start(const float* memory, int64_t sources, int64_t length, const int64_t* lengths) {
  const auto& c = w_.config;
  const int64_t d = c.d_model;
  sources_ = sources, source_length_ = length;
  source_lengths_.assign(lengths, lengths + sources);
  source_of_row_.resize(sources);
  for (int64_t s = 0; s < sources; ++s) {
    NMT_CHECK(lengths[s] >= 1 && lengths[s] <= length,
              "source " << s << " has length " << lengths[s] << ", outside 1.." << length);
    source_of_row_[s] = s;
  }
  slot_.clear(), step_base_.clear(), cached_rows_ = 0;
  layers_.resize(w_.decoder.size());
  for (size_t l = 0; l < w_.decoder.size(); ++l) {
    const auto& kv = w_.decoder[l].cross_kv;
    auto& cross = layers_[l].cross;
    grow(cross, sources * length * 2 * d);
    product(kv, memory, sources * length, cross.data());
    bias_activation(cross.data(), kv.bias.data(), sources * length, 2 * d, Activation::kNone);
  }
}

void Decoder::self_attention(const DecoderLayerWeights& layer, LayerCache& cache, const float* in, int64_t n) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, dk = c.head_dim(), t_now = steps() - 1;
  product(layer.qkv, in, n, qkv_.data());
  bias_activation(qkv_.data(), layer.qkv.bias.data(), n, 3 * d, Activation::kNone);
  // This step's keys and values go to the cache, row r at its own slot r.
  const int64_t base = step_base_[t_now];
  for (int64_t r = 0; r < n; ++r) {
    std::copy_n(qkv_.data() + r * 3 * d + d, d, cache.keys.data() + (base + r) * d);
    std::copy_n(qkv_.data() + r * 3 * d + 2 * d, d, cache.values.data() + (base + r) * d);
  }
  const int64_t steps_seen = t_now + 1;
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  std::fill_n(context_.data(), n * d, 0.0f);
  for (int64_t r = 0; r < n; ++r) {
    for (int64_t h = 0; h < c.heads; ++h) {
      const float* q = qkv_.data() + r * 3 * d + h * dk;
      for (int64_t t = 0; t < steps_seen; ++t) {
        scores_[t] = dot(q, cache.keys.data() + (step_base_[t] + slot_[t][r]) * d + h * dk, dk);
      }
      scaled_masked_softmax(scores_.data(), 1, steps_seen, steps_seen, scale);
      float* out = context_.data() + r * d + h * dk;
      for (int64_t t = 0; t < steps_seen; ++t) {
        add_scaled(out, cache.values.data() + (step_base_[t] + slot_[t][r]) * d + h * dk, scores_[t], dk);
      }
    }
  }
  product(layer.self_out, context_.data(), n, sublayer_.data());
}

void Decoder::cross_attention(const DecoderLayerWeights& layer, const LayerCache& cache, const float* in,
                              int64_t n) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, dk = c.head_dim();
  product(layer.cross_q, in, n, q_.data());
  bias_activation(q_.data(), layer.cross_q.bias.data(), n, d, Activation::kNone);
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  std::fill_n(context_.data(), n * d, 0.0f);
  for (int64_t r = 0; r < n; ++r) {
    const int64_t s = source_of_row_[r], valid = source_lengths_[s];
    const float* memory = cache.cross.data() + s * source_length_ * 2 * d;  // (length, 2D) of this source
    for (int64_t h = 0; h < c.heads; ++h) {
      const float* q = q_.data() + r * d + h * dk;
      for (int64_t j = 0; j < valid; ++j) scores_[j] = dot(q, memory + j * 2 * d + h * dk, dk);
      scaled_masked_softmax(scores_.data(), 1, valid, valid, scale);
      float* out = context_.data() + r * d + h * dk;
      for (int64_t j = 0; j < valid; ++j) add_scaled(out, memory + j * 2 * d + d + h * dk, scores_[j], dk);
    }
  }
  product(layer.cross_out, context_.data(), n, sublayer_.data());
}

void Decoder::feed_forward(const DecoderLayerWeights& layer, const float* in, int64_t n) {
  product(layer.ffn_in, in, n, hidden_.data());
  bias_activation(hidden_.data(), layer.ffn_in.bias.data(), n, layer.ffn_in.out,
                  w_.config.activation == "swish" ? Activation::kSwish : Activation::kRelu);
  product(layer.ffn_out, hidden_.data(), n, sublayer_.data());
}

const float* Decoder::step(const int64_t* last) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, n = rows(), t_now = steps();
  NMT_CHECK(t_now < c.max_positions,
            "sequence of " << t_now + 1 << " positions exceeds model.max_positions = " << c.max_positions);
  // A new step: its rows sit at slots 0..n-1 of its own part of the cache.
  slot_.emplace_back(n);
  for (int64_t r = 0; r < n; ++r) slot_.back()[r] = r;
  step_base_.push_back(cached_rows_);
  cached_rows_ += n;
  for (auto& layer : layers_) grow(layer.keys, cached_rows_ * d), grow(layer.values, cached_rows_ * d);
  grow(x_, n * d), grow(normed_, n * d), grow(qkv_, n * 3 * d), grow(q_, n * d);
  grow(scores_, std::max(t_now + 1, source_length_)), grow(context_, n * d), grow(hidden_, n * c.ffn);
  grow(sublayer_, n * d), grow(logits_, n * c.tgt_vocab);
  const float eps = static_cast<float>(c.layer_norm_eps);

  embed(last, n, 1, w_.target_embedding().data(), d, std::sqrt(static_cast<float>(d)), w_.positions.data(), t_now,
        x_.data());
  for (size_t l = 0; l < w_.decoder.size(); ++l) {
    const auto& layer = w_.decoder[l];
    auto& cache = layers_[l];
    if (c.pre_norm) {  // x + f(LN(x)), three times
      layer_norm(x_.data(), normed_.data(), layer.norm1.gamma.data(), layer.norm1.beta.data(), eps, n, d);
      self_attention(layer, cache, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.self_out.bias.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, normed_.data());
      cross_attention(layer, cache, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.cross_out.bias.data(), layer.norm3.gamma.data(),
                              layer.norm3.beta.data(), eps, n, d, normed_.data());
      feed_forward(layer, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.ffn_out.bias.data(), nullptr, nullptr, eps, n, d,
                              nullptr);
    } else {  // LN(x + f(x)), three times
      self_attention(layer, cache, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.self_out.bias.data(), layer.norm1.gamma.data(),
                              layer.norm1.beta.data(), eps, n, d, x_.data());
      cross_attention(layer, cache, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.cross_out.bias.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, x_.data());
      feed_forward(layer, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.ffn_out.bias.data(), layer.norm3.gamma.data(),
                              layer.norm3.beta.data(), eps, n, d, x_.data());
    }
  }
  const float* hidden = x_.data();
  if (c.pre_norm) {
    layer_norm(x_.data(), normed_.data(), w_.decoder_norm.gamma.data(), w_.decoder_norm.beta.data(), eps, n, d);
    hidden = normed_.data();
  }
  gemm_nt(hidden, d, w_.output_weight().data(), d, logits_.data(), c.tgt_vocab, n, c.tgt_vocab, d);
  bias_activation(logits_.data(), w_.output.bias.data(), n, c.tgt_vocab, Activation::kNone);
  return logits_.data();
}

void Decoder::select_rows(const int64_t* rows, int64_t count) {
  const int64_t n = this->rows();
  std::vector<int64_t> sources(count);
  for (int64_t i = 0; i < count; ++i) {
    NMT_CHECK(rows[i] >= 0 && rows[i] < n, "select_rows: row " << rows[i] << " of " << n);
    sources[i] = source_of_row_[rows[i]];
  }
  source_of_row_ = std::move(sources);
  std::vector<int64_t> moved(count);
  for (auto& slots : slot_) {
    for (int64_t i = 0; i < count; ++i) moved[i] = slots[rows[i]];
    slots.swap(moved);
    moved.resize(count);
  }
}

}  // namespace nmt::infer
