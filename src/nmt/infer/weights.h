#pragma once
// A Transformer's weights as plain float32 arrays, row-major, for the CPU
// inference engine: what it reads, copied once from a trained model
// (from_model.h), with no LibTorch in sight.
#include <cstdint>
#include <memory>
#include <vector>

#include "nmt/infer/linear.h"

#include "nmt/model/config.h"

namespace nmt::infer {

// y = x W^T + b, as torch::nn::Linear: weight (out, in), bias (out). Once
// packed (pack() below), `linear` computes the layer (its activation
// included) and `weight` is released.
struct DenseWeights {
  std::vector<float> weight, bias;
  int64_t out = 0, in = 0;
  std::shared_ptr<const Linear> linear;
  // y (n, out) = the packed layer applied to x (n, in), its parts spread
  // over the pool's threads (null: the caller's alone).
  void forward(const float* x, int64_t n, float* y, ThreadPool* pool = nullptr) const;
};

struct LayerNormWeights {
  std::vector<float> gamma, beta;
};

struct EncoderLayerWeights {
  DenseWeights qkv, attention_out, ffn_in, ffn_out;  // qkv: (3D, D), columns q | k | v
  LayerNormWeights norm1, norm2;
};

struct DecoderLayerWeights {
  DenseWeights qkv, self_out, cross_q, cross_kv, cross_out, ffn_in, ffn_out;  // cross_kv: (2D, D), k | v
  LayerNormWeights norm1, norm2, norm3;
};

struct TransformerWeights {
  model::ModelConfig config;
  std::vector<float> src_embed;  // (src_vocab, D)
  std::vector<float> tgt_embed;  // (tgt_vocab, D); empty when the model shares src_embed
  std::vector<float> positions;  // (max_positions, D), the sinusoids the model adds
  std::vector<EncoderLayerWeights> encoder;
  std::vector<DecoderLayerWeights> decoder;
  LayerNormWeights encoder_norm, decoder_norm;  // pre-norm models only
  DenseWeights output;  // (tgt_vocab, D); with a tied output only its bias: the weight is the target embedding

  Precision precision = Precision::kFloat32;  // of the packed products
  int parts = 1;                              // each product's column parts (a worker's threads)

  const std::vector<float>& target_embedding() const { return tgt_embed.empty() ? src_embed : tgt_embed; }
  // (tgt_vocab, D): the output layer's weight, kept in float32 after packing.
  const std::vector<float>& output_weight() const { return output.weight.empty() ? target_embedding() : output.weight; }
};

// Packs every linear layer for `precision`, with its bias and, for the first
// feed-forward layer, the model's activation (the output layer's too, from
// the target embedding when it is tied), and releases the float weights
// that only the products read (all but the output layer's).
// parts > 1 splits each product's columns for that many threads (linear.h).
void pack(TransformerWeights& weights, Precision precision, int parts = 1);

}  // namespace nmt::infer
