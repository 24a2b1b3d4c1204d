#include "nmt/infer/weights.h"

#include "nmt/common/error.h"

namespace nmt::infer {

namespace {

void pack(DenseWeights& dense, Precision precision, int parts, Activation activation = Activation::kNone) {
  dense.linear = std::make_shared<const Linear>(dense.weight.data(), dense.bias.data(), dense.out, dense.in, precision,
                                                activation, parts);
  dense.weight.clear();
  dense.weight.shrink_to_fit();
}

}  // namespace

void DenseWeights::forward(const float* x, int64_t n, float* y, ThreadPool* pool) const {
  NMT_CHECK(linear, "the engine's weights are not packed (infer::pack)");
  linear->forward(x, n, y, pool);
}

void pack(TransformerWeights& w, Precision precision, int parts) {
  const auto activation = w.config.activation == "swish" ? Activation::kSwish : Activation::kRelu;
  for (auto& l : w.encoder) {
    for (auto* d : {&l.qkv, &l.attention_out, &l.ffn_out}) pack(*d, precision, parts);
    pack(l.ffn_in, precision, parts, activation);
  }
  for (auto& l : w.decoder) {
    for (auto* d : {&l.qkv, &l.self_out, &l.cross_q, &l.cross_kv, &l.cross_out, &l.ffn_out}) pack(*d, precision, parts);
    pack(l.ffn_in, precision, parts, activation);
  }
  // The output layer's float weight stays (a tied one is the target
  // embedding): a shortlist packs a part of it for each batch.
  w.output.linear = std::make_shared<const Linear>(w.output_weight().data(), w.output.bias.data(), w.output.out,
                                                   w.output.in, precision, Activation::kNone, parts);
  w.precision = precision;
  w.parts = parts;
}

}  // namespace nmt::infer
