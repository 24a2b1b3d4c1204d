#include "nmt/infer/weights.h"

namespace nmt::infer {

namespace {

void pack(DenseWeights& dense, const std::vector<float>& weight, Precision precision) {
  dense.linear = std::make_shared<const Linear>(weight.data(), dense.out, dense.in, precision);
  dense.weight.clear();
  dense.weight.shrink_to_fit();
}

}  // namespace

void pack(TransformerWeights& w, Precision precision) {
  for (auto& l : w.encoder) {
    for (auto* d : {&l.qkv, &l.attention_out, &l.ffn_in, &l.ffn_out}) pack(*d, d->weight, precision);
  }
  for (auto& l : w.decoder) {
    for (auto* d : {&l.qkv, &l.self_out, &l.cross_q, &l.cross_kv, &l.cross_out, &l.ffn_in, &l.ffn_out}) {
      pack(*d, d->weight, precision);
    }
  }
  // The output layer's float weight stays (a tied one is the target
  // embedding): a shortlist packs a part of it for each batch.
  w.output.linear = std::make_shared<const Linear>(w.output_weight().data(), w.output.out, w.output.in, precision);
  w.precision = precision;
}

}  // namespace nmt::infer
