#include "nmt/infer/weights.h"

#include "nmt/common/error.h"

namespace nmt::infer {

namespace {

void pack(DenseWeights& dense, Precision precision, Activation activation = Activation::kNone) {
  dense.linear = std::make_shared<const Linear>(dense.weight.data(), dense.bias.data(), dense.out, dense.in, precision,
                                                activation);
  dense.weight.clear();
  dense.weight.shrink_to_fit();
}

}  // namespace

void DenseWeights::forward(const float* x, int64_t n, float* y) const {
  NMT_CHECK(linear, "the engine's weights are not packed (infer::pack)");
  linear->forward(x, n, y);
}

void pack(TransformerWeights& w, Precision precision) {
  const auto activation = w.config.activation == "swish" ? Activation::kSwish : Activation::kRelu;
  for (auto& l : w.encoder) {
    for (auto* d : {&l.qkv, &l.attention_out, &l.ffn_out}) pack(*d, precision);
    pack(l.ffn_in, precision, activation);
  }
  for (auto& l : w.decoder) {
    for (auto* d : {&l.qkv, &l.self_out, &l.cross_q, &l.cross_kv, &l.cross_out, &l.ffn_out}) pack(*d, precision);
    pack(l.ffn_in, precision, activation);
  }
  // The output layer's float weight stays (a tied one is the target
  // embedding): a shortlist packs a part of it for each batch.
  w.output.linear = std::make_shared<const Linear>(w.output_weight().data(), w.output.bias.data(), w.output.out,
                                                   w.output.in, precision);
  w.precision = precision;
}

}  // namespace nmt::infer
