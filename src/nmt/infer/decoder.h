#pragma once
// The decoder of the CPU inference engine, one step at a time: the model's
// cached decoder step (model::TransformerImpl::decode_step) as matrix
// products and fused kernels over buffers kept between steps.
//
// The self-attention cache keeps each step's keys and values where that
// step wrote them. A row (hypothesis) finds its history through an index per
// step, so reordering rows (beam search, finished sentences leaving) moves
// integers, never cached vectors.
#include <cstdint>
#include <vector>

#include "nmt/infer/weights.h"

namespace nmt::infer {

class Decoder {
 public:
  explicit Decoder(const TransformerWeights& weights) : w_(weights) {}
  // A new batch: memory (sources, length, D), the encoder's output, of which
  // source s has lengths[s] real positions. One row per source to start.
  void start(const float* memory, int64_t sources, int64_t length, const int64_t* lengths);
  // last (rows()) tokens -> logits (rows(), tgt_vocab), valid until the next call.
  const float* step(const int64_t* last);
  // New row i continues old row rows[i] (any count, repeats allowed).
  void select_rows(const int64_t* rows, int64_t count);
  int64_t rows() const { return static_cast<int64_t>(source_of_row_.size()); }
  int64_t steps() const { return static_cast<int64_t>(slot_.size()); }
  int64_t vocab_size() const { return w_.config.tgt_vocab; }

 private:
  struct LayerCache {
    // Each step's (rows at that step, D) keys and values, one step after
    // another: step t's rows start at row step_base_[t]. Capacity is kept
    // from batch to batch.
    std::vector<float> keys, values;
    std::vector<float> cross;  // (sources, length, 2D): keys | values of the memory
  };
  void self_attention(const DecoderLayerWeights& layer, LayerCache& cache, const float* in, int64_t n);
  void cross_attention(const DecoderLayerWeights& layer, const LayerCache& cache, const float* in, int64_t n);
  void feed_forward(const DecoderLayerWeights& layer, const float* in, int64_t n);

  const TransformerWeights& w_;
  std::vector<LayerCache> layers_;
  int64_t sources_ = 0, source_length_ = 0;
  std::vector<int64_t> source_lengths_;
  std::vector<int64_t> source_of_row_;
  std::vector<std::vector<int64_t>> slot_;  // [step][row]: the row's entry of that step, within the step's rows
  std::vector<int64_t> step_base_;          // [step]: the step's first row in the layer caches
  int64_t cached_rows_ = 0;                 // rows of all steps so far
  // Workspace for one step of n rows
  std::vector<float> x_, normed_, qkv_, q_, scores_, context_, hidden_, sublayer_, logits_;
};

}  // namespace nmt::infer
