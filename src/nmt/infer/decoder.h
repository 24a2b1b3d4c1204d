#pragma once
// The decoder of the CPU inference engine, one step at a time: the model's
// cached decoder step (model::TransformerImpl::decode_step) as matrix
// products and fused kernels over buffers kept between steps.
//
// The self-attention cache gives each row (hypothesis) a slot that holds
// its keys and values step after step, so attention reads one contiguous
// block per row. When rows are reordered (beam search, finished sentences
// leaving), a row's first continuation keeps its slot; only a second
// continuation of the same row copies that history into a free slot, so
// greedy search never copies and a beam copies only where hypotheses split.
#include <cstdint>
#include <memory>
#include <vector>

#include "nmt/infer/weights.h"

namespace nmt::infer {

class Decoder {
 public:
  // With a pool, products and rows are spread over its threads.
  explicit Decoder(const TransformerWeights& weights, ThreadPool* pool = nullptr) : w_(weights), pool_(pool) {}
  // A new batch: memory (sources, length, D), the encoder's output, of which
  // source s has lengths[s] real positions. One row per source to start.
  void start(const float* memory, int64_t sources, int64_t length, const int64_t* lengths);
  // Continuous batching: more sources join the running batch, one new row
  // each, appended after the current rows and starting from step 0, while
  // the other rows go on from where they are. memory (sources, length, D)
  // as for start(). Sources no row reads any more give their place up.
  void add_sources(const float* memory, int64_t sources, int64_t length, const int64_t* lengths);
  // Each source its own output layer (until the next start()): the rows of the sources that the
  // last start() or add_sources() gave score only ids[s] (source s's list,
  // its sentence's shortlist: sorted, distinct target ids), so that a
  // sentence's scores never depend on the others in its batch; sources
  // that join later need lists of their own. Row r's logits from step()
  // are then its source's columns, padded with -inf up to output_size(),
  // the longest list among the sources the rows read. The products read
  // the output layer's float32 rows in place (gathered_product): nothing
  // is packed.
  void restrict_source_outputs(const std::vector<std::vector<int64_t>>& ids);
  // The target id of each of row r's columns, its source's list; null
  // where the columns are the whole vocabulary (column = id).
  const std::vector<int64_t>* output_ids(int64_t row) const;
  // last (rows()) tokens -> logits (rows(), output_size()), valid (and the
  // caller's to change) until the next call.
  float* step(const int64_t* last);
  // New row i continues old row rows[i] (any count, repeats allowed).
  void select_rows(const int64_t* rows, int64_t count);
  int64_t rows() const { return static_cast<int64_t>(source_of_row_.size()); }
  // Steps decoded by the rows at this point (the most, where rows joined later).
  int64_t steps() const;
  int64_t vocab_size() const { return w_.config.tgt_vocab; }
  ThreadPool* pool() const { return pool_; }
  // Columns of step()'s logits: the vocabulary, or the longest of the sources' lists.
  int64_t output_size() const { return per_source_ ? source_columns_ : vocab_size(); }

 private:
  struct LayerCache {
    // (slots, step_capacity_, D): slot s's key (value) of step t at
    // (s * step_capacity_ + t) * D. Capacity is kept from batch to batch.
    std::vector<float> keys, values;
    std::vector<float> cross;  // (source places, source_length_, 2D): keys | values of the memory
  };
  // Room for `slots` slots of `steps` steps each, the cached steps kept.
  void reserve(int64_t slots, int64_t steps);
  // The first slot from `free` on that `taken` does not mark (a new one
  // if none), marked and returned; `free` moves up to it.
  int64_t take_free_slot(std::vector<uint8_t>& taken, int64_t& free);
  // The cross keys and values of memory's sources, into source places `at`.
  void encode_sources(const float* memory, int64_t sources, int64_t length, const int64_t* at);
  // Source places of `length` positions each (the longest source), kept.
  void reserve_sources(int64_t places, int64_t length);
  void self_attention(const DecoderLayerWeights& layer, LayerCache& cache, const float* in, int64_t n);
  void cross_attention(const DecoderLayerWeights& layer, const LayerCache& cache, const float* in, int64_t n);
  void feed_forward(const DecoderLayerWeights& layer, const float* in, int64_t n);

  const TransformerWeights& w_;
  ThreadPool* pool_;
  std::vector<LayerCache> layers_;
  int64_t source_length_ = 0;                  // positions per source place
  std::vector<int64_t> source_lengths_;        // real positions of the source in each place
  std::vector<int64_t> source_of_row_;
  std::vector<int64_t> slot_of_row_;
  std::vector<int64_t> step_of_row_;           // steps each row has decoded (its next position)
  int64_t slots_ = 0, step_capacity_ = 0;      // the cache's room (its size is slots_ x step_capacity_ x D)
  // Workspace for one step of n rows
  std::vector<float> x_, normed_, qkv_, q_, scores_, context_, hidden_, sublayer_, logits_;
  int64_t scores_per_task_ = 0;     // each pool task's part of scores_
  std::vector<float> cross_scratch_;  // add_sources's cross keys and values before they go to their places
  // restrict_source_outputs's lists, by source place; the places the last
  // start() or add_sources() filled; the widest list the rows read.
  bool per_source_ = false;
  std::vector<std::vector<int64_t>> place_ids_;
  std::vector<int64_t> added_places_;
  int64_t source_columns_ = 0;
  // The per-source output layer's logits for n rows (step()).
  void source_outputs(const float* hidden, int64_t n);
};

}  // namespace nmt::infer
