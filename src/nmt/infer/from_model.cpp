#include "nmt/infer/from_model.h"

#include <torch/torch.h>

#include "nmt/common/error.h"

namespace nmt::infer {

namespace {

std::vector<float> copy_of(const torch::Tensor& t, const char* name) {
  NMT_CHECK(t.defined(), "the model has no " << name);
  NMT_CHECK(t.device().is_cpu() && t.scalar_type() == torch::kFloat,
            "the CPU engine reads float32 weights on the CPU; " << name << " is " << t.scalar_type() << " on "
                                                                << t.device());
  const auto c = t.detach().contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

DenseWeights dense(const model::Dense& d, const char* name) {
  DenseWeights w;
  w.weight = copy_of(d->weight, name);
  w.bias = copy_of(d->bias, name);
  w.out = d->weight.size(0), w.in = d->weight.size(1);
  return w;
}

LayerNormWeights norm(const torch::nn::LayerNorm& n, const char* name) {
  return {copy_of(n->weight, name), copy_of(n->bias, name)};
}

}  // namespace

TransformerWeights weights_from(const model::Transformer& model, Precision precision, int parts) {
  torch::NoGradGuard no_grad;
  const auto& c = model->config;
  TransformerWeights w;
  w.config = c;
  w.src_embed = copy_of(model->src_embed->weight, "source embedding");
  if (!c.share_embeddings) w.tgt_embed = copy_of(model->tgt_embed->weight, "target embedding");
  w.positions = copy_of(model->positions, "positions");
  for (const auto& module : *model->encoder) {
    const auto layer = module->as<model::EncoderLayer>();
    EncoderLayerWeights l;
    l.qkv = dense(layer->self_attn->qkv, "encoder self-attention qkv");
    l.attention_out = dense(layer->self_attn->out, "encoder self-attention output");
    l.ffn_in = dense(layer->ffn->w1, "encoder feed-forward w1");
    l.ffn_out = dense(layer->ffn->w2, "encoder feed-forward w2");
    l.norm1 = norm(layer->norm1, "encoder norm1");
    l.norm2 = norm(layer->norm2, "encoder norm2");
    w.encoder.push_back(std::move(l));
  }
  for (const auto& module : *model->decoder) {
    const auto layer = module->as<model::DecoderLayer>();
    DecoderLayerWeights l;
    l.qkv = dense(layer->self_attn->qkv, "decoder self-attention qkv");
    l.self_out = dense(layer->self_attn->out, "decoder self-attention output");
    l.cross_q = dense(layer->cross_attn->q, "decoder cross-attention q");
    l.cross_kv = dense(layer->cross_attn->kv, "decoder cross-attention kv");
    l.cross_out = dense(layer->cross_attn->out, "decoder cross-attention output");
    l.ffn_in = dense(layer->ffn->w1, "decoder feed-forward w1");
    l.ffn_out = dense(layer->ffn->w2, "decoder feed-forward w2");
    l.norm1 = norm(layer->norm1, "decoder norm1");
    l.norm2 = norm(layer->norm2, "decoder norm2");
    l.norm3 = norm(layer->norm3, "decoder norm3");
    w.decoder.push_back(std::move(l));
  }
  if (c.pre_norm) {
    w.encoder_norm = norm(model->encoder_norm, "encoder norm");
    w.decoder_norm = norm(model->decoder_norm, "decoder norm");
  }
  if (c.tie_output) {
    w.output.bias = copy_of(model->output_bias, "output bias");
    w.output.out = c.tgt_vocab, w.output.in = c.d_model;
  } else {
    w.output = dense(model->output, "output layer");
  }
  pack(w, precision, parts);
  return w;
}

}  // namespace nmt::infer
