#pragma once
// The encoder of the CPU inference engine: the model's encoder pass written
// as matrix products (gemm.h) and fused element-wise kernels (kernels.h),
// over buffers kept between calls.
#include <cstdint>
#include <vector>

#include "nmt/infer/weights.h"

namespace nmt::infer {

class Encoder {
 public:
  // With a pool, products and attention rows are spread over its threads.
  explicit Encoder(const TransformerWeights& weights, ThreadPool* pool = nullptr) : w_(weights), pool_(pool) {}
  // ids (rows, length), each row's `lengths[r]` tokens first and padding
  // after -> out (rows, length, D): what model::Transformer::encode gives
  // (the final norm of a pre-norm model included). Positions past a row's
  // length hold values as the model's do, but nothing should read them.
  void encode(const int64_t* ids, int64_t rows, int64_t length, const int64_t* lengths, float* out);
  const TransformerWeights& weights() const { return w_; }

 private:
  void self_attention(const EncoderLayerWeights& layer, const float* in, int64_t rows, int64_t length,
                      const int64_t* lengths);
  void feed_forward(const EncoderLayerWeights& layer, const float* in, int64_t n);

  const TransformerWeights& w_;
  ThreadPool* pool_;
  // Workspace, grown as batches need and kept: (n = rows * length)
  std::vector<float> x_;       // (n, D): the residual stream
  std::vector<float> normed_;  // (n, D): a pre-norm sub-layer's input
  std::vector<float> qkv_;     // (n, 3D)
  std::vector<float> scores_;  // (tasks, length, length): one head of one row at a time, per task
  std::vector<float> context_; // (n, D)
  std::vector<float> hidden_;  // (n, ffn)
  std::vector<float> sublayer_;  // (n, D): a sub-layer's output before its bias
};

}  // namespace nmt::infer
