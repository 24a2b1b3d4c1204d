#pragma once
// What the training tests share.
#include "nmt/model/config.h"
#include "text/test_support.h"

namespace nmt::testing {

// A model small enough to train in a test: 32 wide, one layer each side, over
// the test English vocabulary.
inline model::ModelConfig tiny_model() {
  auto c = model::preset("tiny");
  c.d_model = 32, c.heads = 2, c.ffn = 64, c.encoder_layers = c.decoder_layers = 1;
  c.src_vocab = c.tgt_vocab = english_vocab().size();
  return c;
}

}  // namespace nmt::testing
