// The CPU engine's step (EngineStep) against LibTorch's (TransformerStep) on
// the same random model: the log-probabilities of every step, through a beam
// widening, a reorder with repeats and finished sentences leaving, and the
// searches' results.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/decode/engine_step.h"
#include "nmt/decode/translator.h"
#include "nmt/infer/from_model.h"

namespace nmt::decode {
namespace {

model::ModelConfig config(bool pre_norm, bool tie) {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 60;
  c.d_model = 32, c.heads = 4, c.ffn = 64, c.encoder_layers = 2, c.decoder_layers = 2;
  c.pre_norm = pre_norm, c.share_embeddings = tie, c.tie_output = tie;
  c.max_positions = 64;
  return c;
}

// Sources of different lengths, </s>-terminated and padded, as the translator builds them.
torch::Tensor sources() {
  std::vector<std::vector<int>> s = {{5, 9, 12, 7, 30}, {44}, {8, 8, 21}};
  std::vector<const std::vector<int>*> p;
  for (const auto& x : s) p.push_back(&x);
  return source_batch(p, 64);
}

double max_relative_diff(const torch::Tensor& a, const torch::Tensor& b) {
  return ((a - b).abs() / b.abs().clamp_min(1.0)).max().item<double>();
}

class EngineStepTest : public ::testing::TestWithParam<std::tuple<bool, bool>> {};

TEST_P(EngineStepTest, EveryStepsLogProbsMatchLibTorchsThroughReorders) {
  const auto [pre_norm, tie] = GetParam();
  torch::manual_seed(11);
  model::Transformer model(config(pre_norm, tie));
  model->eval();
  torch::NoGradGuard no_grad;
  const auto weights = infer::weights_from(model);
  const auto src = sources();
  TransformerStep torch_step(model, src);
  EngineStep engine_step(weights, src);

  // Rows per step: 3 sources; then 2 beams each; then a reorder with repeats
  // within sentences; then sentence 1 leaves; then another reorder.
  const std::vector<std::vector<int64_t>> selections = {
      {0, 0, 1, 1, 2, 2}, {1, 0, 2, 2, 5, 4}, {0, 1, 4, 5}, {1, 1, 3, 2}};
  const std::vector<bool> same_sentences = {false, true, false, true};
  auto last = torch::full({3}, 2, torch::kLong);  // <s>
  double worst = 0;
  for (size_t s = 0; s <= selections.size(); ++s) {
    const auto expected = torch_step.log_probs(last);
    const auto got = engine_step.log_probs(last);
    ASSERT_EQ(got.sizes(), expected.sizes()) << "step " << s;
    const double diff = max_relative_diff(got, expected);
    EXPECT_LT(diff, 1e-5) << "step " << s;
    worst = std::max(worst, diff);
    if (s == selections.size()) break;
    const auto rows = torch::tensor(selections[s], torch::kLong);
    torch_step.select_rows(rows, same_sentences[s]);
    engine_step.select_rows(rows, same_sentences[s]);
    last = torch::randint(4, 60, {rows.size(0)}, torch::kLong);
  }
  std::cout << "engine vs LibTorch log-probs (pre_norm " << pre_norm << ", tied " << tie
            << "): max relative diff " << worst << "\n";
}

INSTANTIATE_TEST_SUITE_P(Layouts, EngineStepTest,
                         ::testing::Values(std::make_tuple(true, true), std::make_tuple(false, false)));

// Greedy and beam 4 on the same sources give the same hypotheses, tokens and scores.
TEST(EngineStep, SearchesGiveTheSameHypothesesAsLibTorch) {
  torch::manual_seed(12);
  model::Transformer model(config(true, true));
  model->eval();
  torch::NoGradGuard no_grad;
  {  // A peakier output layer, so that near-ties between tokens are rare.
    model->output_bias.uniform_(-4, 4);
  }
  const auto weights = infer::weights_from(model);
  const auto src = sources();
  for (const int64_t beam : {int64_t{1}, int64_t{4}}) {
    SearchOptions options;
    options.beam = beam;
    TransformerStep torch_step(model, src);
    EngineStep engine_step(weights, src);
    const std::vector<int64_t> limits = {12, 6, 9};
    const auto expected = search(torch_step, limits, options);
    const auto got = search(engine_step, limits, options);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i].size(), expected[i].size());
      for (size_t j = 0; j < got[i].size(); ++j) {
        EXPECT_EQ(got[i][j].tokens, expected[i][j].tokens) << "beam " << beam << " sentence " << i;
        EXPECT_NEAR(got[i][j].score, expected[i][j].score, 1e-4) << "beam " << beam << " sentence " << i;
      }
    }
  }
}

}  // namespace
}  // namespace nmt::decode
