#include "nmt/infer/decoder.h"

#include <algorithm>
#include <cmath>

#include "nmt/common/error.h"
#include "nmt/infer/kernels.h"
#include "nmt/infer/thread_pool.h"

namespace nmt::infer {

namespace {

void grow(std::vector<float>& buffer, int64_t size) {
  if (static_cast<int64_t>(buffer.size()) < size) buffer.resize(size);
}


}  // namespace

void Decoder::start(const float* memory, int64_t sources, int64_t length, const int64_t* lengths) {
  const auto& c = w_.config;
  const int64_t d = c.d_model;
  sources_ = sources, source_length_ = length;
  source_lengths_.assign(lengths, lengths + sources);
  source_of_row_.resize(sources);
  slot_of_row_.resize(sources);
  for (int64_t s = 0; s < sources; ++s) {
    NMT_CHECK(lengths[s] >= 1 && lengths[s] <= length,
              "source " << s << " has length " << lengths[s] << ", outside 1.." << length);
    source_of_row_[s] = slot_of_row_[s] = s;
  }
  steps_ = 0;
  restricted_.reset();
  layers_.resize(w_.decoder.size());
  reserve(sources, std::max<int64_t>(step_capacity_, 64));
  for (size_t l = 0; l < w_.decoder.size(); ++l) {
    const auto& kv = w_.decoder[l].cross_kv;
    auto& cross = layers_[l].cross;
    grow(cross, sources * length * 2 * d);
    kv.forward(memory, sources * length, cross.data(), pool_);
  }
}

void Decoder::restrict_output(const std::vector<int64_t>& ids) {
  const int64_t d = w_.config.d_model, vocab = vocab_size(), n = static_cast<int64_t>(ids.size());
  NMT_CHECK(n >= 1, "an output layer restricted to no target piece");
  std::vector<float> rows(n * d);
  output_bias_.resize(n);
  const auto& weight = w_.output_weight();
  for (int64_t j = 0; j < n; ++j) {
    NMT_CHECK(ids[j] >= 0 && ids[j] < vocab && (j == 0 || ids[j] > ids[j - 1]),
              "restrict_output: ids must be sorted, distinct and within the vocabulary of " << vocab);
    std::copy_n(weight.data() + ids[j] * d, d, rows.data() + j * d);
    output_bias_[j] = w_.output.bias[ids[j]];
  }
  restricted_ = std::make_unique<const Linear>(rows.data(), output_bias_.data(), n, d, w_.precision, Activation::kNone,
                                               w_.parts);
}

void Decoder::reserve(int64_t slots, int64_t steps) {
  const int64_t d = w_.config.d_model;
  if (steps > step_capacity_) {  // a new layout: each slot's steps moved to their new places
    for (auto& cache : layers_) {
      for (auto* buffer : {&cache.keys, &cache.values}) {
        std::vector<float> wider(std::max(slots, slots_) * steps * d);
        for (int64_t s = 0; s < slots_; ++s) {
          std::copy_n(buffer->data() + s * step_capacity_ * d, steps_ * d, wider.data() + s * steps * d);
        }
        buffer->swap(wider);
      }
    }
    step_capacity_ = steps;
  }
  slots_ = std::max(slots_, slots);
  for (auto& cache : layers_) grow(cache.keys, slots_ * step_capacity_ * d), grow(cache.values, slots_ * step_capacity_ * d);
}

void Decoder::self_attention(const DecoderLayerWeights& layer, LayerCache& cache, const float* in, int64_t n) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, dk = c.head_dim(), t_now = steps_ - 1;
  layer.qkv.forward(in, n, qkv_.data(), pool_);
  // This step's keys and values go to each row's slot; then each row
  // attends over its slot's steps.
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  const int tasks = task_count(pool_, n);
  run_tasks(pool_, tasks, [&](int task) {
    float* scores = scores_.data() + task * c.heads * (t_now + 1);
    for (int64_t r = n * task / tasks; r < n * (task + 1) / tasks; ++r) {
      const int64_t first = slot_of_row_[r] * step_capacity_ * d;
      std::copy_n(qkv_.data() + r * 3 * d + d, d, cache.keys.data() + first + t_now * d);
      std::copy_n(qkv_.data() + r * 3 * d + 2 * d, d, cache.values.data() + first + t_now * d);
      attend(qkv_.data() + r * 3 * d, cache.keys.data() + first, d, cache.values.data() + first, d, t_now + 1,
             c.heads, dk, scale, scores, context_.data() + r * d);
    }
  });
  layer.self_out.forward(context_.data(), n, sublayer_.data(), pool_);
}

void Decoder::cross_attention(const DecoderLayerWeights& layer, const LayerCache& cache, const float* in,
                              int64_t n) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, dk = c.head_dim();
  layer.cross_q.forward(in, n, q_.data(), pool_);
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  const int tasks = task_count(pool_, n);
  run_tasks(pool_, tasks, [&](int task) {
    float* scores = scores_.data() + task * c.heads * source_length_;
    for (int64_t r = n * task / tasks; r < n * (task + 1) / tasks; ++r) {
      const int64_t s = source_of_row_[r];
      const float* memory = cache.cross.data() + s * source_length_ * 2 * d;  // (length, 2D) of this source
      attend(q_.data() + r * d, memory, 2 * d, memory + d, 2 * d, source_lengths_[s], c.heads, dk, scale, scores,
             context_.data() + r * d);
    }
  });
  layer.cross_out.forward(context_.data(), n, sublayer_.data(), pool_);
}

void Decoder::feed_forward(const DecoderLayerWeights& layer, const float* in, int64_t n) {
  layer.ffn_in.forward(in, n, hidden_.data(), pool_);
  layer.ffn_out.forward(hidden_.data(), n, sublayer_.data(), pool_);
}

float* Decoder::step(const int64_t* last) {
  const auto& c = w_.config;
  const int64_t d = c.d_model, n = rows(), t_now = steps();
  NMT_CHECK(t_now < c.max_positions,
            "sequence of " << t_now + 1 << " positions exceeds model.max_positions = " << c.max_positions);
  if (t_now >= step_capacity_) reserve(slots_, 2 * step_capacity_);
  ++steps_;
  grow(x_, n * d), grow(normed_, n * d), grow(qkv_, n * 3 * d), grow(q_, n * d);
  grow(scores_, task_count(pool_, n) * c.heads * std::max(t_now + 1, source_length_));
  grow(context_, n * d), grow(hidden_, n * c.ffn);
  grow(sublayer_, n * d), grow(logits_, n * output_size());
  const float eps = static_cast<float>(c.layer_norm_eps);

  embed(last, n, 1, w_.target_embedding().data(), d, std::sqrt(static_cast<float>(d)), w_.positions.data(), t_now,
        x_.data());
  for (size_t l = 0; l < w_.decoder.size(); ++l) {
    const auto& layer = w_.decoder[l];
    auto& cache = layers_[l];
    if (c.pre_norm) {  // x + f(LN(x)), three times
      layer_norm(x_.data(), normed_.data(), layer.norm1.gamma.data(), layer.norm1.beta.data(), eps, n, d);
      self_attention(layer, cache, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, normed_.data());
      cross_attention(layer, cache, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm3.gamma.data(),
                              layer.norm3.beta.data(), eps, n, d, normed_.data());
      feed_forward(layer, normed_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), nullptr, nullptr, eps, n, d,
                              nullptr);
    } else {  // LN(x + f(x)), three times
      self_attention(layer, cache, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm1.gamma.data(),
                              layer.norm1.beta.data(), eps, n, d, x_.data());
      cross_attention(layer, cache, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm2.gamma.data(),
                              layer.norm2.beta.data(), eps, n, d, x_.data());
      feed_forward(layer, x_.data(), n);
      add_residual_layer_norm(x_.data(), sublayer_.data(), layer.norm3.gamma.data(),
                              layer.norm3.beta.data(), eps, n, d, x_.data());
    }
  }
  const float* hidden = x_.data();
  if (c.pre_norm) {
    layer_norm(x_.data(), normed_.data(), w_.decoder_norm.gamma.data(), w_.decoder_norm.beta.data(), eps, n, d);
    hidden = normed_.data();
  }
  if (restricted_) {
    restricted_->forward(hidden, n, logits_.data(), pool_);
  } else {
    w_.output.forward(hidden, n, logits_.data(), pool_);
  }
  return logits_.data();
}

void Decoder::select_rows(const int64_t* rows, int64_t count) {
  const int64_t n = this->rows(), d = w_.config.d_model;
  std::vector<int64_t> sources(count), slots(count, -1);
  std::vector<uint8_t> taken(slots_, 0);
  for (int64_t i = 0; i < count; ++i) {  // a row's first continuation keeps its slot
    NMT_CHECK(rows[i] >= 0 && rows[i] < n, "select_rows: row " << rows[i] << " of " << n);
    sources[i] = source_of_row_[rows[i]];
    const int64_t slot = slot_of_row_[rows[i]];
    if (!taken[slot]) taken[slot] = 1, slots[i] = slot;
  }
  // The others copy their row's history into a slot no row keeps: a taken
  // slot is never overwritten, so every history copied from is intact.
  int64_t free = 0;
  for (int64_t i = 0; i < count; ++i) {
    if (slots[i] >= 0) continue;
    while (free < slots_ && taken[free]) ++free;
    if (free == slots_) reserve(slots_ + 1, step_capacity_), taken.push_back(0);
    const int64_t from = slot_of_row_[rows[i]] * step_capacity_ * d, to = free * step_capacity_ * d;
    for (auto& cache : layers_) {
      std::copy_n(cache.keys.data() + from, steps_ * d, cache.keys.data() + to);
      std::copy_n(cache.values.data() + from, steps_ * d, cache.values.data() + to);
    }
    taken[free] = 1, slots[i] = free;
  }
  source_of_row_ = std::move(sources);
  slot_of_row_ = std::move(slots);
}

}  // namespace nmt::infer
