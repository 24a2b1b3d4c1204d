#include "nmt/model/transformer.h"

#include <cmath>

#include <torch/torch.h>

#include "nmt/common/error.h"

namespace nmt::model {

torch::Tensor sinusoidal_positions(int64_t length, int64_t d_model, const std::string& layout) {
  auto position = torch::arange(length, torch::kFloat).unsqueeze(1);                     // (L, 1)
  if (layout == "halves") {
    const int64_t half = d_model / 2;
    auto inv_freq = torch::exp(torch::arange(half, torch::kFloat) *
                               static_cast<float>(-std::log(10000.0f) / static_cast<float>(half - 1)));  // (D/2)
    auto angles = position * inv_freq;                                                  // (L, D/2)
    return torch::cat({angles.sin(), angles.cos()}, 1);
  }
  auto inv_freq = torch::exp(torch::arange(0, d_model, 2, torch::kFloat) *
                             (-std::log(10000.0) / static_cast<double>(d_model)));       // (D/2)
  auto angles = position * inv_freq;                                                     // (L, D/2)
  // interleave: even columns sin, odd columns cos
  return torch::stack({angles.sin(), angles.cos()}, -1).view({length, d_model});
}

FeedForwardImpl::FeedForwardImpl(int64_t d_model, int64_t ffn, double dropout, bool swish)
    : w1(register_module("w1", Dense(d_model, ffn))),
      w2(register_module("w2", Dense(ffn, d_model))),
      inner_dropout(register_module("inner_dropout", Dropout(dropout))),
      swish(swish) {}

torch::Tensor FeedForwardImpl::forward(const torch::Tensor& x) {
  auto h = w1(x);
  return w2(inner_dropout(swish ? torch::silu(h) : torch::relu(h)));
}

namespace {
torch::nn::LayerNorm layer_norm(const ModelConfig& c) {
  return torch::nn::LayerNorm(torch::nn::LayerNormOptions({c.d_model}).eps(c.layer_norm_eps));
}
FeedForward feed_forward(const ModelConfig& c) { return FeedForward(c.d_model, c.ffn, c.dropout, c.activation == "swish"); }

// One residual sub-layer: post-norm LN(x + drop(f(x))) or pre-norm x + drop(f(LN(x))).
template <typename F>
torch::Tensor residual(const torch::Tensor& x, bool pre_norm, torch::nn::LayerNorm& norm, Dropout& dropout,
                       F&& sublayer) {
  if (pre_norm) return x + dropout(sublayer(norm(x)));
  return norm(x + dropout(sublayer(x)));
}
}  // namespace

EncoderLayerImpl::EncoderLayerImpl(const ModelConfig& c)
    : pre_norm(c.pre_norm),
      self_attn(register_module("self_attn", SelfAttention(c.d_model, c.heads, c.dropout))),
      ffn(register_module("ffn", feed_forward(c))),
      norm1(register_module("norm1", layer_norm(c))),
      norm2(register_module("norm2", layer_norm(c))),
      dropout(register_module("dropout", Dropout(c.dropout))) {}

torch::Tensor EncoderLayerImpl::forward(const torch::Tensor& x, const torch::Tensor& src_bias) {
  auto h = residual(x, pre_norm, norm1, dropout, [&](const torch::Tensor& y) { return self_attn(y, src_bias); });
  return residual(h, pre_norm, norm2, dropout, [&](const torch::Tensor& y) { return ffn(y); });
}

DecoderLayerImpl::DecoderLayerImpl(const ModelConfig& c)
    : pre_norm(c.pre_norm),
      self_attn(register_module("self_attn", SelfAttention(c.d_model, c.heads, c.dropout))),
      cross_attn(register_module("cross_attn", CrossAttention(c.d_model, c.heads, c.dropout))),
      ffn(register_module("ffn", feed_forward(c))),
      norm1(register_module("norm1", layer_norm(c))),
      norm2(register_module("norm2", layer_norm(c))),
      norm3(register_module("norm3", layer_norm(c))),
      dropout(register_module("dropout", Dropout(c.dropout))) {}

torch::Tensor DecoderLayerImpl::forward(const torch::Tensor& x, const torch::Tensor& memory,
                                        const torch::Tensor& src_bias, const torch::Tensor& tgt_bias,
                                        LayerCache* cache, int64_t group, torch::Tensor* cross_weights) {
  KVCache* self_cache = cache ? &cache->self : nullptr;
  KVCache* cross_cache = cache ? &cache->cross : nullptr;
  auto h = residual(x, pre_norm, norm1, dropout,
                    [&](const torch::Tensor& y) { return self_attn(y, tgt_bias, self_cache); });
  h = residual(h, pre_norm, norm2, dropout, [&](const torch::Tensor& y) {
    return cross_attn(y, memory, src_bias, cross_cache, group, cross_weights);
  });
  return residual(h, pre_norm, norm3, dropout, [&](const torch::Tensor& y) { return ffn(y); });
}

void DecoderCache::select_rows(const torch::Tensor& rows) {
  for (auto& layer : layers) layer.self.select_rows(rows);
}

void DecoderCache::select_rows(const torch::Tensor& rows, const torch::Tensor& sources, int64_t new_group) {
  TORCH_CHECK(new_group >= 1 && rows.size(0) % new_group == 0 &&
                  (!sources.defined() || rows.size(0) == sources.size(0) * new_group),
              "select_rows: ", rows.size(0), " rows are not whole groups of ", new_group, " per source");
  for (auto& layer : layers) {
    layer.self.select_rows(rows);
    if (sources.defined()) layer.cross.select_rows(sources);
  }
  group = new_group;
}

TransformerImpl::TransformerImpl(const ModelConfig& c) : config(c) {
  c.validate();
  src_embed = register_module("src_embed", torch::nn::Embedding(c.src_vocab, c.d_model));
  tgt_embed = c.share_embeddings ? src_embed : register_module("tgt_embed", torch::nn::Embedding(c.tgt_vocab, c.d_model));
  if (c.tie_output) {
    output_bias = register_parameter("output_bias", torch::zeros({c.tgt_vocab}));
  } else {
    output = register_module("output", Dense(c.d_model, c.tgt_vocab));
  }
  encoder = register_module("encoder", torch::nn::ModuleList());
  decoder = register_module("decoder", torch::nn::ModuleList());
  for (int64_t i = 0; i < c.encoder_layers; ++i) encoder->push_back(EncoderLayer(c));
  for (int64_t i = 0; i < c.decoder_layers; ++i) decoder->push_back(DecoderLayer(c));
  if (c.pre_norm) {
    encoder_norm = register_module("encoder_norm", layer_norm(c));
    decoder_norm = register_module("decoder_norm", layer_norm(c));
  }
  embed_dropout = register_module("embed_dropout", Dropout(c.dropout));
  positions = register_buffer("positions", sinusoidal_positions(c.max_positions, c.d_model, c.positions));

  torch::NoGradGuard no_grad;  // Xavier-uniform for every matrix, as in the paper's reference code
  for (auto& p : parameters()) {
    if (p.dim() > 1) torch::nn::init::xavier_uniform_(p);
  }
}

torch::Tensor TransformerImpl::embed(const torch::Tensor& table, const torch::Tensor& ids, int64_t start) {
  const int64_t length = ids.size(1);
  NMT_CHECK(start + length <= config.max_positions,
            "sequence of " << start + length << " positions exceeds model.max_positions = " << config.max_positions);
  auto x = torch::embedding(table, ids) * std::sqrt(static_cast<double>(config.d_model));  // (B, T, D)
  return embed_dropout(x + positions.narrow(0, start, length));
}

torch::Tensor TransformerImpl::encode(const torch::Tensor& src, const torch::Tensor& src_bias) {
  auto x = embed(src_embed->weight, src, 0);
  for (auto& layer : *encoder) x = layer->as<EncoderLayer>()->forward(x, src_bias);
  return config.pre_norm ? encoder_norm(x) : x;
}

torch::Tensor TransformerImpl::decode(const torch::Tensor& tgt_in, const torch::Tensor& memory,
                                      const torch::Tensor& src_bias, torch::Tensor* cross_weights) {
  // Causal bias only: padding is at the end of each row, so a real position
  // never sees a pad key once the future is masked.
  auto tgt_bias = causal_bias(tgt_in.size(1), memory.options());
  auto x = embed(tgt_embed->weight, tgt_in, 0);
  for (size_t i = 0; i < decoder->size(); ++i) {
    const bool last = i + 1 == decoder->size();
    x = decoder[i]->as<DecoderLayer>()->forward(x, memory, src_bias, tgt_bias, nullptr, 1,
                                                last ? cross_weights : nullptr);
  }
  return config.pre_norm ? decoder_norm(x) : x;
}

DecoderCache TransformerImpl::make_cache() const {
  DecoderCache cache;
  cache.layers.resize(config.decoder_layers);
  return cache;
}

torch::Tensor TransformerImpl::decode_step(const torch::Tensor& last, const torch::Tensor& memory,
                                           const torch::Tensor& src_bias, DecoderCache& cache) {
  TORCH_CHECK(last.size(1) == 1, "decode_step feeds one position at a time");
  auto x = embed(tgt_embed->weight, last, cache.position);
  // The new position may attend to every cached one: no bias needed.
  torch::Tensor no_bias;
  for (size_t i = 0; i < decoder->size(); ++i) {
    x = decoder[i]->as<DecoderLayer>()->forward(x, memory, src_bias, no_bias, &cache.layers[i], cache.group);
  }
  cache.position += last.size(1);
  return config.pre_norm ? decoder_norm(x) : x;
}

torch::Tensor TransformerImpl::logits(const torch::Tensor& hidden) {
  if (!config.tie_output) return output(hidden);
  if (tied_output_int8) return tied_output_int8->forward(hidden);
  return torch::nn::functional::linear(hidden, tgt_embed->weight, output_bias);
}

void TransformerImpl::quantize_int8() {
  for (const auto& module : modules()) {
    if (auto dense = std::dynamic_pointer_cast<DenseImpl>(module)) {
      dense->int8 = std::make_shared<Int8Linear>(dense->weight, dense->bias);
    }
  }
  if (config.tie_output) tied_output_int8 = std::make_shared<Int8Linear>(tgt_embed->weight, output_bias);
}

torch::Tensor TransformerImpl::forward(const torch::Tensor& src, const torch::Tensor& tgt_in) {
  auto src_bias = padding_bias(src);
  return logits(decode(tgt_in, encode(src, src_bias), src_bias));
}

Transformer transformer_without_draws(const ModelConfig& config) {
  auto generator = at::detail::getDefaultCPUGenerator();
  const auto state = generator.get_state();  // (no lock held: the model's initialisation takes it)
  Transformer model(config);
  generator.set_state(state);
  return model;
}

}  // namespace nmt::model

namespace nmt::model {

torch::Tensor blocked_outputs(const Transformer& model) {
  torch::NoGradGuard no_grad;
  const auto& bias = model->config.tie_output ? model->output_bias : model->output->bias;
  if (!bias.defined()) return torch::empty({0}, torch::kLong);
  return bias.le(kBlockedOutputBias / 2).nonzero().view(-1);
}

}  // namespace nmt::model
