// The Transformer: positions against the formula, masking (no future
// leakage, padding invariance), the incremental decoder against full
// recomputation, tied embeddings, configs.
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/common/error.h"
#include "nmt/model/config.h"
#include "nmt/model/transformer.h"

namespace nmt::model {
namespace {

// The tiny preset over a 20-id vocabulary, deterministic (no dropout).
ModelConfig tiny_config(bool pre_norm = false) {
  auto c = preset("tiny");
  c.src_vocab = c.tgt_vocab = 20;
  c.dropout = 0.0;
  c.pre_norm = pre_norm;
  c.max_positions = 80;
  return c;
}

Transformer tiny_model(uint64_t seed, bool pre_norm = false) {
  torch::manual_seed(seed);
  Transformer model(tiny_config(pre_norm));
  model->eval();
  return model;
}

// Random non-special ids (4 .. 19).
torch::Tensor random_ids(int64_t rows, int64_t cols) { return torch::randint(4, 20, {rows, cols}, torch::kLong); }

double max_abs_diff(const torch::Tensor& a, const torch::Tensor& b) { return (a - b).abs().max().item<double>(); }

using nmt::testing::error_message;

TEST(TransformerTest, PositionalEncoding_MatchesFormula) {
  const int64_t L = 50, d = 16;
  auto pe = sinusoidal_positions(L, d);
  ASSERT_EQ(pe.sizes(), torch::IntArrayRef({L, d}));
  auto a = pe.accessor<float, 2>();
  double max_diff = 0;
  for (int64_t p = 0; p < L; ++p) {
    for (int64_t i = 0; i < d / 2; ++i) {
      const double angle = static_cast<double>(p) / std::pow(10000.0, 2.0 * static_cast<double>(i) / d);
      // float32 angles up to 49 carry ~4e-6 of rounding: 2e-5 absolute.
      EXPECT_NEAR(a[p][2 * i], std::sin(angle), 2e-5) << "p=" << p << " i=" << i;
      EXPECT_NEAR(a[p][2 * i + 1], std::cos(angle), 2e-5) << "p=" << p << " i=" << i;
      max_diff = std::max({max_diff, std::abs(a[p][2 * i] - std::sin(angle)), std::abs(a[p][2 * i + 1] - std::cos(angle))});
    }
  }
  std::cout << "sinusoidal_positions vs formula: max |diff| = " << max_diff << "\n";
}

TEST(TransformerTest, Decoder_NoFutureLeakage) {
  auto model = tiny_model(21);
  torch::NoGradGuard no_grad;
  auto src = random_ids(2, 6);
  auto tgt = random_ids(2, 7);
  auto base = model->forward(src, tgt);  // (2, 7, V)
  for (int64_t t : {0, 3, 6}) {
    auto changed = tgt.clone();
    changed.select(1, t).sub_(3).remainder_(16).add_(4);  // x+1, 19 -> 4: another id in 4..19
    ASSERT_FALSE(torch::equal(changed.select(1, t), tgt.select(1, t)));
    auto logits = model->forward(src, changed);
    if (t > 0) {
      EXPECT_LE(max_abs_diff(logits.narrow(1, 0, t), base.narrow(1, 0, t)), 1e-6)
          << "changing position " << t << " changed an earlier position";
    }
    EXPECT_GT(max_abs_diff(logits.select(1, t), base.select(1, t)), 1e-3)
        << "changing position " << t << " did not change position " << t;
  }
}

void expect_padding_invariance(bool pre_norm) {
  auto model = tiny_model(22, pre_norm);
  torch::NoGradGuard no_grad;
  // Sentence A (source 4, target 3) alone, then next to a longer sentence B
  // (source 7, target 6), which pads A on both sides.
  auto src_a = torch::tensor({{5, 9, 12, 3}}, torch::kLong);
  auto tgt_a = torch::tensor({{2, 7, 8}}, torch::kLong);
  auto src_b = torch::tensor({{6, 6, 14, 15, 17, 4, 3}}, torch::kLong);
  auto tgt_b = torch::tensor({{2, 11, 10, 19, 4, 5}}, torch::kLong);
  auto src = torch::cat({torch::constant_pad_nd(src_a, {0, 3}, 0), src_b});
  auto tgt = torch::cat({torch::constant_pad_nd(tgt_a, {0, 3}, 0), tgt_b});
  auto alone = model->forward(src_a, tgt_a)[0];     // (3, V)
  auto batched = model->forward(src, tgt);           // (2, 6, V)
  const double diff = max_abs_diff(batched[0].narrow(0, 0, 3), alone);
  EXPECT_LE(diff, 1e-5) << (pre_norm ? "pre-norm" : "post-norm");
  EXPECT_LE(max_abs_diff(batched[1], model->forward(src_b, tgt_b)[0]), 1e-5) << (pre_norm ? "pre-norm" : "post-norm");
  std::cout << (pre_norm ? "pre-norm" : "post-norm") << " padded vs alone: max |diff| = " << diff << "\n";
}

TEST(TransformerTest, Model_PaddingInvariance) {
  expect_padding_invariance(false);
  expect_padding_invariance(true);
}

// Feeds tgt (N, T) one step at a time and checks each step's hidden state
// against decode() over the whole prefix.
void expect_steps_match_full(Transformer& model, DecoderCache& cache, const torch::Tensor& tgt, int64_t first,
                             const torch::Tensor& memory, const torch::Tensor& src_bias, const std::string& what) {
  for (int64_t t = first; t < tgt.size(1); ++t) {
    auto step = model->decode_step(tgt.narrow(1, t, 1), memory, src_bias, cache);  // (N, 1, D)
    auto full = model->decode(tgt.narrow(1, 0, t + 1), memory, src_bias);           // (N, t+1, D)
    ASSERT_EQ(cache.position, t + 1);
    const double diff = max_abs_diff(step.squeeze(1), full.select(1, t));
    ASSERT_LE(diff, 1e-5) << what << ": step " << t;
  }
}

TEST(TransformerTest, Decoder_CachedEqualsFullRecompute) {
  for (bool pre_norm : {false, true}) {
    auto model = tiny_model(23, pre_norm);
    torch::NoGradGuard no_grad;
    auto src = random_ids(3, 5);
    src[1][4] = 0, src[1][3] = 0;  // one padded source
    auto src_bias = padding_bias(src);
    auto memory = model->encode(src, src_bias);
    // 70 steps: past the cache's initial capacity of 64.
    auto tgt = random_ids(3, 70);
    tgt.select(1, 0).fill_(2);
    auto cache = model->make_cache();
    expect_steps_match_full(model, cache, tgt, 0, memory, src_bias, pre_norm ? "pre-norm" : "post-norm");
  }
}

TEST(TransformerTest, Decoder_CachedEqualsFullRecomputeAfterSelectRows) {
  auto model = tiny_model(24);
  torch::NoGradGuard no_grad;
  auto src = random_ids(2, 6);
  src[0][5] = 0;
  auto src_bias = padding_bias(src);
  auto memory = model->encode(src, src_bias);
  auto tgt = random_ids(2, 4);
  tgt.select(1, 0).fill_(2);
  auto cache = model->make_cache();
  expect_steps_match_full(model, cache, tgt, 0, memory, src_bias, "before reorder");

  // Rows move between sentences: {1, 0, 1}; the cross-attention cache moves too.
  auto rows = torch::tensor({1, 0, 1}, torch::kLong);
  cache.select_rows(rows, /*sources=*/rows, /*group=*/1);
  auto memory2 = memory.index_select(0, rows), bias2 = src_bias.index_select(0, rows);
  auto tgt2 = torch::cat({tgt.index_select(0, rows), random_ids(3, 5)}, 1);  // rows 0 and 2 then diverge
  expect_steps_match_full(model, cache, tgt2, 4, memory2, bias2, "after reorder {1,0,1}");

  // A beam-style reorder: every new row keeps the source it had (sources
  // 1,0,1 -> 1,0,1), so the cross-attention cache is left as it is.
  auto rows3 = torch::tensor({2, 1, 0}, torch::kLong);
  cache.select_rows(rows3);
  auto tgt3 = torch::cat({tgt2.index_select(0, rows3), random_ids(3, 3)}, 1);
  expect_steps_match_full(model, cache, tgt3, 9, memory2, bias2, "after same-sentence reorder {2,1,0}");
}

// Beam search's layout: `group` consecutive rows share one source row of
// memory; each step must equal decode() with the memory copied per row.
TEST(TransformerTest, Decoder_GroupedRowsShareTheirSource) {
  auto model = tiny_model(27);
  torch::NoGradGuard no_grad;
  auto src = random_ids(2, 6);
  src[1][5] = 0, src[1][4] = 0;  // a padded source
  auto src_bias = padding_bias(src);
  auto memory = model->encode(src, src_bias);
  auto cache = model->make_cache();
  auto steps = [&](const torch::Tensor& tgt, int64_t first, const torch::Tensor& mem, const torch::Tensor& bias,
                   const std::string& what) {
    const int64_t group = cache.group;
    auto full_mem = mem.repeat_interleave(group, 0), full_bias = bias.repeat_interleave(group, 0);
    for (int64_t t = first; t < tgt.size(1); ++t) {
      auto step = model->decode_step(tgt.narrow(1, t, 1), mem, bias, cache);
      auto full = model->decode(tgt.narrow(1, 0, t + 1), full_mem, full_bias);
      ASSERT_LE(max_abs_diff(step.squeeze(1), full.select(1, t)), 1e-5) << what << ": step " << t;
    }
  };
  // Three beams a sentence, opened before the first step.
  cache.select_rows(torch::tensor({0, 0, 0, 1, 1, 1}, torch::kLong), torch::Tensor(), 3);
  ASSERT_EQ(cache.group, 3);
  auto tgt = random_ids(6, 3);
  tgt.select(1, 0).fill_(2);
  steps(tgt, 0, memory, src_bias, "three beams");
  // A beam reorder inside each sentence.
  auto rows = torch::tensor({2, 0, 2, 5, 3, 4}, torch::kLong);
  cache.select_rows(rows);
  auto tgt2 = torch::cat({tgt.index_select(0, rows), random_ids(6, 3)}, 1);
  steps(tgt2, 3, memory, src_bias, "after a beam reorder");
  // Sentence 0 finishes: its rows and its source leave.
  auto rows3 = torch::tensor({3, 4, 5}, torch::kLong), sources = torch::tensor({1}, torch::kLong);
  cache.select_rows(rows3, sources, 3);
  auto tgt3 = torch::cat({tgt2.index_select(0, rows3), random_ids(3, 2)}, 1);
  steps(tgt3, 6, memory.index_select(0, sources), src_bias.index_select(0, sources), "after sentence 0 left");
}

TEST(TransformerTest, Decoder_CacheKeepsWorkingAfterReorderPastCapacity) {
  auto model = tiny_model(25);
  torch::NoGradGuard no_grad;
  auto src = random_ids(2, 4);
  auto src_bias = padding_bias(src);
  auto memory = model->encode(src, src_bias);
  auto tgt = random_ids(2, 66);
  auto cache = model->make_cache();
  // Exactly 64 steps fill the first buffer; a reorder then must keep every slot.
  expect_steps_match_full(model, cache, tgt.narrow(1, 0, 64), 0, memory, src_bias, "first 64");
  auto rows = torch::tensor({1, 0}, torch::kLong);
  cache.select_rows(rows, rows, 1);
  auto tgt2 = tgt.index_select(0, rows);
  expect_steps_match_full(model, cache, tgt2, 64, memory.index_select(0, rows), src_bias.index_select(0, rows),
                          "after reorder at capacity");
}

TEST(TransformerTest, DecodeStep_PastMaxPositionsIsAnError) {
  auto c = tiny_config();
  c.max_positions = 4;
  torch::manual_seed(26);
  Transformer model(c);
  model->eval();
  torch::NoGradGuard no_grad;
  auto src = random_ids(1, 3);
  auto src_bias = padding_bias(src);
  auto memory = model->encode(src, src_bias);
  auto cache = model->make_cache();
  for (int i = 0; i < 4; ++i) model->decode_step(random_ids(1, 1), memory, src_bias, cache);
  const auto message = error_message([&] { model->decode_step(random_ids(1, 1), memory, src_bias, cache); });
  EXPECT_NE(message.find("max_positions"), std::string::npos) << message;
}

int64_t parameter_count(Transformer& model) {
  int64_t n = 0;
  for (const auto& p : model->parameters()) n += p.numel();
  return n;
}

TEST(TransformerTest, Model_TiedEmbeddingsShareOneMatrix) {
  auto c = tiny_config();
  torch::manual_seed(27);
  Transformer untied(c);
  c.share_embeddings = c.tie_output = true;
  Transformer tied(c);
  // Gone: the target embedding (V x D) and the output matrix (V x D); the
  // output bias (V) stays as output_bias.
  EXPECT_EQ(parameter_count(untied) - parameter_count(tied), 2 * c.tgt_vocab * c.d_model);
  EXPECT_EQ(tied->src_embed->weight.data_ptr(), tied->tgt_embed->weight.data_ptr());
  EXPECT_FALSE(tied->output);
  // One matrix in the parameter list, not two views of it.
  int64_t embedding_sized = 0;
  for (const auto& p : tied->parameters()) embedding_sized += p.sizes() == torch::IntArrayRef({c.tgt_vocab, c.d_model});
  EXPECT_EQ(embedding_sized, 1);

  // logits = h E^T + b with E the shared table.
  torch::NoGradGuard no_grad;
  tied->output_bias.uniform_(-1, 1);
  auto h = torch::randn({3, c.d_model});
  auto expected = torch::matmul(h.to(torch::kDouble), tied->src_embed->weight.to(torch::kDouble).t()) +
                  tied->output_bias.to(torch::kDouble);
  EXPECT_TRUE(torch::allclose(tied->logits(h).to(torch::kDouble), expected, 1e-5, 1e-5));
  // A change to the source table is a change to the output layer.
  tied->src_embed->weight[7].add_(1.0);
  EXPECT_FALSE(torch::allclose(tied->logits(h).to(torch::kDouble), expected, 1e-5, 1e-5));
}

TEST(TransformerTest, Config_PresetsHaveThePublishedSizes) {
  struct Expected {
    const char* name;
    int64_t d_model, heads, enc, dec, ffn;
  };
  for (const auto& e : {Expected{"tiny", 64, 4, 2, 2, 256}, Expected{"small", 256, 4, 3, 3, 1024},
                        Expected{"base", 512, 8, 6, 6, 2048}, Expected{"big", 1024, 16, 6, 6, 4096}}) {
    auto c = preset(e.name);
    EXPECT_EQ(c.d_model, e.d_model) << e.name;
    EXPECT_EQ(c.heads, e.heads) << e.name;
    EXPECT_EQ(c.encoder_layers, e.enc) << e.name;
    EXPECT_EQ(c.decoder_layers, e.dec) << e.name;
    EXPECT_EQ(c.ffn, e.ffn) << e.name;
    EXPECT_NO_THROW(c.validate()) << e.name;
  }
  EXPECT_NE(error_message([] { preset("huge"); }).find("huge"), std::string::npos);
}

// Building a model draws its weights; transformer_without_draws leaves the
// generator where it was, so the numbers after it are those a run without it
// draws.
TEST(TransformerTest, WithoutDrawsLeavesTheGeneratorWhereItWas) {
  torch::manual_seed(5);
  const auto expected = torch::rand({4});
  torch::manual_seed(5);
  auto quiet = transformer_without_draws(tiny_config());
  EXPECT_TRUE(torch::equal(torch::rand({4}), expected));
  torch::manual_seed(5);
  Transformer drawn(tiny_config());
  EXPECT_FALSE(torch::equal(torch::rand({4}), expected)) << "a plain build draws, so the check above can fail";
  EXPECT_EQ(quiet->parameters().size(), drawn->parameters().size());
}

TEST(TransformerTest, Config_JsonRoundTripsAndRejectsUnknownField) {
  auto c = tiny_config(true);
  c.share_embeddings = true;
  c.dropout = 0.25;
  auto back = model_config_from_json(to_json(c));
  EXPECT_EQ(to_json(back), to_json(c));
  EXPECT_EQ(back.pre_norm, true);
  EXPECT_EQ(back.dropout, 0.25);

  auto j = to_json(c);
  j["d_modle"] = 128;
  const auto unknown = error_message([&] { model_config_from_json(j); });
  EXPECT_NE(unknown.find("'d_modle'"), std::string::npos) << unknown;

  const auto wrong_type = error_message([] { model_config_from_json(nlohmann::json{{"heads", "four"}}); });
  EXPECT_NE(wrong_type.find("heads"), std::string::npos) << wrong_type;
  EXPECT_NE(wrong_type.find("four"), std::string::npos) << wrong_type;
}

TEST(TransformerTest, Config_FirstDifferenceNamesTheFieldAndBothValues) {
  const auto a = preset("small");
  EXPECT_FALSE(first_difference(a, a).has_value());
  auto b = a;
  b.ffn = 96;
  b.pre_norm = true;
  const auto diff = first_difference(a, b);
  ASSERT_TRUE(diff.has_value());
  EXPECT_EQ(diff->field, "ffn");  // the first in key order, before pre_norm
  EXPECT_EQ(diff->a, "1024");
  EXPECT_EQ(diff->b, "96");
}

TEST(TransformerTest, Config_ValidateRejectsDModelNotDivisibleByHeads) {
  auto c = preset("tiny");
  c.d_model = 66;  // even, but not a multiple of 4 heads
  const auto message = error_message([&] { c.validate(); });
  EXPECT_NE(message.find("d_model"), std::string::npos) << message;
  EXPECT_NE(message.find("66"), std::string::npos) << message;
  EXPECT_NE(message.find("heads"), std::string::npos) << message;
  // The model constructor validates too.
  EXPECT_THROW(Transformer{c}, nmt::Error);

  auto shared = preset("tiny");
  shared.share_embeddings = true;
  shared.tgt_vocab = shared.src_vocab + 1;
  EXPECT_NE(error_message([&] { shared.validate(); }).find("share_embeddings"), std::string::npos);
}

}  // namespace
}  // namespace nmt::model
