// int8 linear layers against their float32 originals.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/model/int8.h"
#include "nmt/model/transformer.h"

namespace nmt::model {
namespace {

double relative_error(const torch::Tensor& got, const torch::Tensor& want) {
  return (got - want).norm().item<double>() / want.norm().item<double>();
}

TEST(Int8Test, Linear_IsCloseToFloat32) {
  torch::manual_seed(41);
  torch::InferenceMode inference;
  auto weight = torch::randn({96, 64}) * 0.1, bias = torch::randn({96});
  weight[3].mul_(20);  // one row of large weights: its own scale keeps the others precise
  Int8Linear q(weight, bias);
  auto x = torch::randn({7, 5, 64});
  auto want = torch::nn::functional::linear(x, weight, bias);
  auto got = q.forward(x);
  ASSERT_EQ(got.sizes(), want.sizes());
  const double all = relative_error(got, want);
  const double small_rows = relative_error(got.narrow(-1, 4, 92), want.narrow(-1, 4, 92));
  std::cout << "relative error: " << all << " (rows with ordinary weights: " << small_rows << ")\n";
  EXPECT_LT(all, 0.02);
  EXPECT_LT(small_rows, 0.02);
  // Without a bias, and on a single row.
  Int8Linear no_bias(weight, torch::Tensor());
  EXPECT_LT(relative_error(no_bias.forward(x[0][0].unsqueeze(0)),
                           torch::nn::functional::linear(x[0][0].unsqueeze(0), weight)), 0.02);
}

// Activations are scaled per row: a row's output is bit for bit the same
// alone and beside a row of values a thousand times larger (with one scale
// per call, that row would have crushed the small one to a few levels).
TEST(Int8Test, Linear_RowResultDoesNotDependOnItsBatch) {
  torch::manual_seed(43);
  torch::InferenceMode inference;
  auto weight = torch::randn({48, 32}) * 0.1, bias = torch::randn({48});
  Int8Linear q(weight, bias);
  auto small = torch::randn({1, 32}) * 0.01, large = torch::randn({1, 32}) * 10;
  auto alone = q.forward(small);
  auto together = q.forward(torch::cat({large, small, large}));
  EXPECT_TRUE(torch::equal(together[1].unsqueeze(0), alone)) << "the small row changed with its neighbours";
  EXPECT_TRUE(torch::equal(together[0], together[2]));
  EXPECT_LT(relative_error(alone, torch::nn::functional::linear(small, weight, bias)), 0.02);
  // A row of zeros gives the bias exactly.
  EXPECT_TRUE(torch::equal(q.forward(torch::zeros({2, 32})), bias.unsqueeze(0).expand({2, 48})));
}

TEST(Int8Test, QuantizedModel_LogitsTrackFloat32) {
  for (bool tied : {false, true}) {
    torch::manual_seed(42);
    auto c = preset("tiny");
    c.src_vocab = c.tgt_vocab = 50;
    c.share_embeddings = c.tie_output = tied;
    c.dropout = 0;
    Transformer model(c);
    model->eval();
    torch::InferenceMode inference;
    auto src = torch::randint(4, 50, {3, 9}), tgt = torch::randint(4, 50, {3, 7});
    auto want = model->forward(src, tgt);
    model->quantize_int8();
    auto got = model->forward(src, tgt);
    const double error = relative_error(got, want);
    std::cout << (tied ? "tied" : "untied") << " output: logits relative error " << error << "\n";
    EXPECT_GT(error, 0) << "the products did not change: not quantized";
    EXPECT_LT(error, 0.05);
    // The float32 weights are kept as they were.
    for (const auto& p : model->parameters()) EXPECT_EQ(p.scalar_type(), torch::kFloat);
  }
}

}  // namespace
}  // namespace nmt::model
