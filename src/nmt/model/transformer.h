#pragma once
// The encoder-decoder Transformer of Vaswani et al. (2017): scaled embeddings
// plus sinusoidal positions, post-norm (or pre-norm) layers of multi-head
// attention and a ReLU feed-forward block, Xavier-initialised.
#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/normalization.h>

#include "nmt/model/attention.h"
#include "nmt/model/config.h"

namespace nmt::model {

// (length, d_model). layout "interleaved": PE[p, 2i] = sin(p / 10000^(2i/d)),
// PE[p, 2i+1] = cos(...). "halves" (Marian): PE[p, i] = sin(p * f_i) and
// PE[p, d/2 + i] = cos(p * f_i) with f_i = exp(-i * ln(10000) / (d/2 - 1)).
torch::Tensor sinusoidal_positions(int64_t length, int64_t d_model, const std::string& layout = "interleaved");

struct FeedForwardImpl : torch::nn::Module {
  FeedForwardImpl(int64_t d_model, int64_t ffn, double dropout, bool swish = false);
  torch::Tensor forward(const torch::Tensor& x);  // (B, T, D) -> (B, T, D)
  Dense w1, w2;
  Dropout inner_dropout;
  bool swish;  // x * sigmoid(x) between the layers; else relu
};
TORCH_MODULE(FeedForward);

struct EncoderLayerImpl : torch::nn::Module {
  explicit EncoderLayerImpl(const ModelConfig& c);
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& src_bias);
  bool pre_norm;
  SelfAttention self_attn;
  FeedForward ffn;
  torch::nn::LayerNorm norm1, norm2;
  Dropout dropout;
};
TORCH_MODULE(EncoderLayer);

// One decoder layer's cache: self-attention keys/values so far, and the
// cross-attention keys/values of the encoder output.
struct LayerCache {
  KVCache self, cross;
};

struct DecoderLayerImpl : torch::nn::Module {
  explicit DecoderLayerImpl(const ModelConfig& c);
  // cross_weights, when given, receives the cross-attention weights (B, h, T, S).
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& memory, const torch::Tensor& src_bias,
                        const torch::Tensor& tgt_bias, LayerCache* cache = nullptr, int64_t group = 1,
                        torch::Tensor* cross_weights = nullptr);
  bool pre_norm;
  SelfAttention self_attn;
  CrossAttention cross_attn;
  FeedForward ffn;
  torch::nn::LayerNorm norm1, norm2, norm3;
  Dropout dropout;
};
TORCH_MODULE(DecoderLayer);

// The state incremental decoding carries from step to step. Rows are
// hypotheses; the encoder side (memory, source bias, cross-attention keys and
// values) has one row per source, shared by `group` consecutive rows (the
// beams of a sentence; 1 for greedy search).
struct DecoderCache {
  std::vector<LayerCache> layers;
  int64_t position = 0;  // number of target positions already fed
  int64_t group = 1;
  // Keep/reorder rows within their sources (a beam reorder): new row i
  // continues old row rows[i]; the encoder side stays as it is.
  void select_rows(const torch::Tensor& rows);
  // Rows move between sources (finished sentences leave the batch, beams
  // open): new row i continues old row rows[i], the encoder side keeps
  // source rows `sources` (undefined: all, in order), and `group`
  // consecutive rows now share a source.
  void select_rows(const torch::Tensor& rows, const torch::Tensor& sources, int64_t group);
};

struct TransformerImpl : torch::nn::Module {
  explicit TransformerImpl(const ModelConfig& config);

  // src: (B, S) ids -> memory (B, S, D); src_bias from padding_bias(src).
  torch::Tensor encode(const torch::Tensor& src, const torch::Tensor& src_bias);
  // tgt_in: (B, T) ids -> hidden states (B, T, D), causal. cross_weights,
  // when given, receives the last decoder layer's cross-attention weights
  // (B, h, T, S) (decode/alignment.h); nothing extra is computed without it.
  torch::Tensor decode(const torch::Tensor& tgt_in, const torch::Tensor& memory, const torch::Tensor& src_bias,
                       torch::Tensor* cross_weights = nullptr);
  // One incremental step: last: (N, 1) ids -> hidden (N, 1, D), using and
  // extending the cache; memory and src_bias have N / cache.group rows.
  torch::Tensor decode_step(const torch::Tensor& last, const torch::Tensor& memory, const torch::Tensor& src_bias,
                            DecoderCache& cache);
  DecoderCache make_cache() const;
  // hidden (..., D) -> logits (..., V)
  torch::Tensor logits(const torch::Tensor& hidden);
  // Full teacher-forced pass: (B, S), (B, T) -> logits (B, T, V).
  torch::Tensor forward(const torch::Tensor& src, const torch::Tensor& tgt_in);
  // Inference on the CPU in int8: every linear layer and the output
  // projection multiply in int8 from then on (model/int8.h); embeddings,
  // layer norms and attention products stay float32, as do the saved weights.
  void quantize_int8();

  ModelConfig config;
  torch::nn::Embedding src_embed{nullptr}, tgt_embed{nullptr};
  Dense output{nullptr};                  // untied output projection
  torch::Tensor output_bias;              // tied: logits = h E^T + b
  std::shared_ptr<const Int8Linear> tied_output_int8;  // set by quantize_int8()
  torch::nn::ModuleList encoder, decoder;
  torch::nn::LayerNorm encoder_norm{nullptr}, decoder_norm{nullptr};  // pre-norm only
  Dropout embed_dropout{nullptr};
  torch::Tensor positions;                // (max_positions, D), a buffer: moves with the model, saved with it

 private:
  torch::Tensor embed(const torch::Tensor& table, const torch::Tensor& ids, int64_t start);  // (B, T) -> (B, T, D)
};
TORCH_MODULE(Transformer);

// The output bias of ids a model never outputs: an imported model's ids that
// its own vocabulary lacks (Marian has no <pad> or <s>). Finite, so that
// softmax and the loss stay finite.
constexpr float kBlockedOutputBias = -1e9f;
// The ids whose output bias is kBlockedOutputBias (about), on the model's
// device; an empty tensor for our own models.
torch::Tensor blocked_outputs(const Transformer& model);

// A model of `config` built without moving the default CPU generator: for
// copies whose weights are overwritten at once (replicas, the moving
// average), so that a run draws the same numbers with or without them.
Transformer transformer_without_draws(const ModelConfig& config);

}  // namespace nmt::model
