#include "nmt/infer/decoder.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
  source_length_ = 0;
  source_lengths_.clear(), source_of_row_.clear(), slot_of_row_.clear(), step_of_row_.clear();
  per_source_ = false, place_ids_.clear(), source_columns_ = 0;
  layers_.resize(w_.decoder.size());
  reserve(sources, std::max<int64_t>(step_capacity_, 64));
  add_sources(memory, sources, length, lengths);
}

void Decoder::add_sources(const float* memory, int64_t sources, int64_t length, const int64_t* lengths) {
  NMT_CHECK(!layers_.empty(), "add_sources before start");
  for (int64_t s = 0; s < sources; ++s) {
    NMT_CHECK(lengths[s] >= 1 && lengths[s] <= length,
              "source " << s << " has length " << lengths[s] << ", outside 1.." << length);
  }
  // Places no row reads any more first, then new ones.
  auto places = static_cast<int64_t>(source_lengths_.size());
  std::vector<uint8_t> read(places, 0);
  for (const auto p : source_of_row_) read[p] = 1;
  std::vector<int64_t> at;
  for (int64_t p = 0; p < places && static_cast<int64_t>(at.size()) < sources; ++p)
    if (!read[p]) at.push_back(p);
  while (static_cast<int64_t>(at.size()) < sources) at.push_back(places++);
  reserve_sources(places, length);
  encode_sources(memory, sources, length, at.data());
  added_places_ = at;
  if (per_source_) {  // a place taken over keeps no list of its former source's
    place_ids_.resize(source_lengths_.size());
    for (const auto p : at) place_ids_[p].clear();
  }
  // One row each, in a slot no row keeps.
  std::vector<uint8_t> taken(slots_, 0);
  for (const auto slot : slot_of_row_) taken[slot] = 1;
  int64_t free = 0;
  for (int64_t s = 0; s < sources; ++s) {
    source_lengths_[at[s]] = lengths[s];
    source_of_row_.push_back(at[s]), slot_of_row_.push_back(take_free_slot(taken, free)), step_of_row_.push_back(0);
  }
}

int64_t Decoder::take_free_slot(std::vector<uint8_t>& taken, int64_t& free) {
  while (free < slots_ && taken[free]) ++free;
  if (free == slots_) reserve(slots_ + 1, step_capacity_), taken.push_back(0);
  taken[free] = 1;
  return free;
}

void Decoder::reserve_sources(int64_t places, int64_t length) {
  const int64_t d2 = 2 * w_.config.d_model;
  if (length > source_length_ && !source_lengths_.empty()) {  // wider places: each source moved to its new place
    for (auto& cache : layers_) {
      std::vector<float> wider(std::max<int64_t>(places, static_cast<int64_t>(source_lengths_.size())) * length * d2);
      for (size_t p = 0; p < source_lengths_.size(); ++p) {
        std::copy_n(cache.cross.data() + p * source_length_ * d2, source_lengths_[p] * d2, wider.data() + p * length * d2);
      }
      cache.cross.swap(wider);
    }
  }
  source_length_ = std::max(source_length_, length);
  for (auto& cache : layers_) grow(cache.cross, places * source_length_ * d2);
  if (static_cast<int64_t>(source_lengths_.size()) < places) source_lengths_.resize(places, 0);
}

void Decoder::encode_sources(const float* memory, int64_t sources, int64_t length, const int64_t* at) {
  const int64_t d2 = 2 * w_.config.d_model;
  bool in_place = length == source_length_;  // consecutive places of the same length: written where they go
  for (int64_t s = 1; s < sources && in_place; ++s) in_place = at[s] == at[0] + s;
  for (size_t l = 0; l < w_.decoder.size(); ++l) {
    const auto& kv = w_.decoder[l].cross_kv;
    auto& cross = layers_[l].cross;
    if (in_place) {
      kv.forward(memory, sources * length, cross.data() + at[0] * source_length_ * d2, pool_);
      continue;
    }
    grow(cross_scratch_, sources * length * d2);
    kv.forward(memory, sources * length, cross_scratch_.data(), pool_);
    for (int64_t s = 0; s < sources; ++s) {
      std::copy_n(cross_scratch_.data() + s * length * d2, length * d2, cross.data() + at[s] * source_length_ * d2);
    }
  }
}

int64_t Decoder::steps() const {
  return step_of_row_.empty() ? 0 : *std::max_element(step_of_row_.begin(), step_of_row_.end());
}

void Decoder::restrict_source_outputs(const std::vector<std::vector<int64_t>>& ids) {
  NMT_CHECK(ids.size() == added_places_.size(),
            "restrict_source_outputs: " << ids.size() << " lists for " << added_places_.size() << " new sources");
  const int64_t vocab = vocab_size();
  for (size_t s = 0; s < ids.size(); ++s) {
    const auto& list = ids[s];
    NMT_CHECK(!list.empty(), "an output layer restricted to no target piece (source " << s << ")");
    for (size_t j = 0; j < list.size(); ++j) {
      NMT_CHECK(list[j] >= 0 && list[j] < vocab && (j == 0 || list[j] > list[j - 1]),
                "restrict_source_outputs: ids must be sorted, distinct and within the vocabulary of " << vocab);
    }
  }
  if (!per_source_) {  // every source so far had the whole vocabulary: only new batches may be restricted
    NMT_CHECK(rows() == static_cast<int64_t>(ids.size()),
              "restrict_source_outputs: the sources already running have no lists of their own");
    per_source_ = true;
  }
  place_ids_.resize(source_lengths_.size());
  for (size_t s = 0; s < ids.size(); ++s) place_ids_[added_places_[s]] = ids[s];
  added_places_.clear();
  source_columns_ = 0;
  for (const auto p : source_of_row_) source_columns_ = std::max<int64_t>(source_columns_, place_ids_[p].size());
}

const std::vector<int64_t>* Decoder::output_ids(int64_t row) const {
  if (per_source_) return &place_ids_[source_of_row_[row]];
  return nullptr;
}

void Decoder::source_outputs(const float* hidden, int64_t n) {
  const int64_t d = w_.config.d_model, columns = source_columns_;
  const float* weight = w_.output_weight().data();
  const float* bias = w_.output.bias.empty() ? nullptr : w_.output.bias.data();
  const float none = -std::numeric_limits<float>::infinity();
  const int tasks = task_count(pool_, n);
  run_tasks(pool_, tasks, [&](int task) {
    const int64_t end = n * (task + 1) / tasks;
    for (int64_t r = n * task / tasks, next = r; r < end; r = next) {  // runs of rows of one source
      while (next < end && source_of_row_[next] == source_of_row_[r]) ++next;
      const auto& ids = place_ids_[source_of_row_[r]];
      const auto k = static_cast<int64_t>(ids.size());
      gathered_product(hidden + r * d, next - r, d, weight, bias, ids.data(), k, logits_.data() + r * columns, columns);
      for (int64_t q = r; q < next; ++q) std::fill(logits_.data() + q * columns + k, logits_.data() + (q + 1) * columns, none);
    }
  });
}

void Decoder::reserve(int64_t slots, int64_t steps) {
  const int64_t d = w_.config.d_model;
  if (steps > step_capacity_) {  // a new layout: each slot's steps moved to their new places
    const int64_t decoded = this->steps();  // the most any row holds
    for (auto& cache : layers_) {
      for (auto* buffer : {&cache.keys, &cache.values}) {
        std::vector<float> wider(std::max(slots, slots_) * steps * d);
        for (int64_t s = 0; s < slots_; ++s) {
          std::copy_n(buffer->data() + s * step_capacity_ * d, decoded * d, wider.data() + s * steps * d);
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
  const int64_t d = c.d_model, dk = c.head_dim();
  layer.qkv.forward(in, n, qkv_.data(), pool_);
  // This step's keys and values go to each row's slot, at the row's own
  // step; then each row attends over its slot's steps.
  const float scale = 1.0f / std::sqrt(static_cast<float>(dk));
  const int tasks = task_count(pool_, n);
  run_tasks(pool_, tasks, [&](int task) {
    float* scores = scores_.data() + task * scores_per_task_;
    for (int64_t r = n * task / tasks; r < n * (task + 1) / tasks; ++r) {
      const int64_t first = slot_of_row_[r] * step_capacity_ * d, t_now = step_of_row_[r];
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
    float* scores = scores_.data() + task * scores_per_task_;
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
  const int64_t d = c.d_model, n = rows(), t_most = steps();
  NMT_CHECK(t_most < c.max_positions,
            "sequence of " << t_most + 1 << " positions exceeds model.max_positions = " << c.max_positions);
  if (t_most >= step_capacity_) reserve(slots_, 2 * step_capacity_);
  grow(x_, n * d), grow(normed_, n * d), grow(qkv_, n * 3 * d), grow(q_, n * d);
  scores_per_task_ = c.heads * std::max(t_most + 1, source_length_);
  grow(scores_, task_count(pool_, n) * scores_per_task_);
  grow(context_, n * d), grow(hidden_, n * c.ffn);
  if (per_source_) {
    source_columns_ = 0;
    for (const auto p : source_of_row_) {
      NMT_CHECK(!place_ids_[p].empty(), "a source joined without an output list of its own (restrict_source_outputs)");
      source_columns_ = std::max<int64_t>(source_columns_, place_ids_[p].size());
    }
  }
  grow(sublayer_, n * d), grow(logits_, n * output_size());
  const float eps = static_cast<float>(c.layer_norm_eps);

  // Rows that joined later sit at earlier positions: consecutive rows at
  // the same one are embedded together.
  for (int64_t r = 0, end = 0; r < n; r = end) {
    while (end < n && step_of_row_[end] == step_of_row_[r]) ++end;
    embed(last + r, end - r, 1, w_.target_embedding().data(), d, std::sqrt(static_cast<float>(d)), w_.positions.data(),
          step_of_row_[r], x_.data() + r * d);
  }
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
  if (per_source_) {
    source_outputs(hidden, n);
  } else {
    w_.output.forward(hidden, n, logits_.data(), pool_);
  }
  for (auto& t : step_of_row_) ++t;
  return logits_.data();
}

void Decoder::select_rows(const int64_t* rows, int64_t count) {
  const int64_t n = this->rows(), d = w_.config.d_model;
  std::vector<int64_t> sources(count), slots(count, -1), steps(count);
  std::vector<uint8_t> taken(slots_, 0);
  for (int64_t i = 0; i < count; ++i) {  // a row's first continuation keeps its slot
    NMT_CHECK(rows[i] >= 0 && rows[i] < n, "select_rows: row " << rows[i] << " of " << n);
    sources[i] = source_of_row_[rows[i]], steps[i] = step_of_row_[rows[i]];
    const int64_t slot = slot_of_row_[rows[i]];
    if (!taken[slot]) taken[slot] = 1, slots[i] = slot;
  }
  // The others copy their row's history into a slot no row keeps: a taken
  // slot is never overwritten, so every history copied from is intact.
  int64_t free = 0;
  for (int64_t i = 0; i < count; ++i) {
    if (slots[i] >= 0) continue;
    slots[i] = take_free_slot(taken, free);
    const int64_t from = slot_of_row_[rows[i]] * step_capacity_ * d, to = slots[i] * step_capacity_ * d;
    for (auto& cache : layers_) {
      std::copy_n(cache.keys.data() + from, steps[i] * d, cache.keys.data() + to);
      std::copy_n(cache.values.data() + from, steps[i] * d, cache.values.data() + to);
    }
  }
  source_of_row_ = std::move(sources);
  slot_of_row_ = std::move(slots);
  step_of_row_ = std::move(steps);
}

}  // namespace nmt::infer
