// The analytic FLOP count against a count done by hand, term by term.
#include <gtest/gtest.h>

#include "nmt/model/flops.h"

namespace nmt::model {
namespace {

// d_model 4, 2 heads, ffn 8, one layer each side, 10 target pieces.
ModelConfig hand_config() {
  ModelConfig c;
  c.d_model = 4, c.heads = 2, c.ffn = 8, c.encoder_layers = 1, c.decoder_layers = 1;
  c.src_vocab = c.tgt_vocab = 10;
  return c;
}

// One sentence, S = 2 source and T = 3 target positions, logits for 3 targets.
// 2 FLOPs per multiply-add; an (m, k) x (k, n) product is 2mkn.
//   encoder (N = 2 positions): Q/K/V 2*2*4*12 = 192, scores 2*2*2*4 = 32,
//     context 32, output 2*2*4*4 = 64, feed-forward 2*2*4*8 + 2*2*8*4 = 256: 576
//   decoder (M = 3): self Q/K/V 2*3*4*12 = 288, scores 2*3*3*4 = 72, context 72,
//     output 2*3*4*4 = 96; cross Q 96, K/V of the memory 2*2*4*8 = 128,
//     scores 2*3*2*4 = 48, context 48, output 96; feed-forward 2*3*4*8*2 = 384: 1328
//   vocabulary projection: 2*3*4*10 = 240
TEST(Flops, ForwardMatchesHandCount) {
  const auto f = forward_flops(hand_config(), 1, 2, 3, 3);
  EXPECT_DOUBLE_EQ(f.encoder, 576);
  EXPECT_DOUBLE_EQ(f.decoder, 1328);
  EXPECT_DOUBLE_EQ(f.output, 240);
  EXPECT_DOUBLE_EQ(f.total(), 2144);
}

TEST(Flops, TrainStepIsThreeForwardPasses) {
  EXPECT_DOUBLE_EQ(train_step_flops(hand_config(), 1, 2, 3, 3), 3 * 2144);
}

// Every term is linear in rows and layers; the vocabulary projection only
// follows the output tokens (non-pad targets), not the padded positions.
TEST(Flops, ScalesWithRowsLayersAndOutputTokens) {
  auto c = hand_config();
  c.encoder_layers = c.decoder_layers = 2;
  const auto f = forward_flops(c, 2, 2, 3, 5);
  EXPECT_DOUBLE_EQ(f.encoder, 4 * 576);
  EXPECT_DOUBLE_EQ(f.decoder, 4 * 1328);
  EXPECT_DOUBLE_EQ(f.output, 2 * 5 * 4 * 10);
}

}  // namespace
}  // namespace nmt::model
