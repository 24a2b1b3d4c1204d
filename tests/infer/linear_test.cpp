// The engine's packed products against plain loops and, for int8, against
// LibTorch's int8 layer (model/int8.h), which quantizes the same way.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/infer/kernels.h"
#include "nmt/infer/linear.h"
#include "nmt/model/int8.h"

namespace nmt::infer {
namespace {

std::vector<float> values(const torch::Tensor& t) {
  const auto c = t.contiguous();
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

// Float32, with its bias and activation fused into oneDNN's primitive.
TEST(Linear, Float32MatchesAPlainLoopForAnyRowCount) {
  torch::manual_seed(21);
  const int64_t out = 77, in = 50;
  const auto w = values(torch::randn({out, in})), b = values(torch::randn({out}));
  const Linear plain(w.data(), nullptr, out, in, Precision::kFloat32);
  const Linear relu(w.data(), b.data(), out, in, Precision::kFloat32, Activation::kRelu);
  const Linear swish(w.data(), b.data(), out, in, Precision::kFloat32, Activation::kSwish);
  for (const int64_t rows : {int64_t{1}, int64_t{5}, int64_t{33}}) {
    const auto x = values(torch::randn({rows, in}));
    std::vector<float> y(rows * out, -1.0f), y_relu(rows * out), y_swish(rows * out);
    plain.forward(x.data(), rows, y.data());
    relu.forward(x.data(), rows, y_relu.data());
    swish.forward(x.data(), rows, y_swish.data());
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t o = 0; o < out; ++o) {
        double expected = 0;
        for (int64_t i = 0; i < in; ++i) expected += double(x[r * in + i]) * w[o * in + i];
        const double tolerance = 1e-5 * std::max(1.0, std::abs(expected));
        EXPECT_NEAR(y[r * out + o], expected, tolerance) << rows << " rows";
        const double biased = expected + b[o];
        EXPECT_NEAR(y_relu[r * out + o], std::max(biased, 0.0), tolerance + 1e-5) << rows << " rows, relu";
        EXPECT_NEAR(y_swish[r * out + o], biased / (1 + std::exp(-biased)), tolerance + 1e-5) << rows << " rows, swish";
      }
    }
  }
}

TEST(Linear, QuantizeRowsIsSymmetricPerRowWithTiesToEven) {
  // Row 0: max 127 -> scale 1, so the values themselves round: 2.5 -> 2, 3.5 -> 4, -0.5 -> -0.
  // Row 1: zeros -> scale 1. Row 2: max 254 -> scale 2.
  const std::vector<float> x = {127, 2.5f, 3.5f, -0.5f, 0, 0, 0, 0, -254, 5, 127, 1};
  std::vector<int8_t> q(12);
  std::vector<float> scales(3);
  quantize_rows(x.data(), 3, 4, q.data(), scales.data());
  EXPECT_EQ(scales, (std::vector<float>{1, 1, 2}));
  EXPECT_EQ(std::vector<int>(q.begin(), q.end()), (std::vector<int>{127, 2, 4, 0, 0, 0, 0, 0, -127, 2, 64, 0}));
}

// Same scheme as the LibTorch path's int8 layer: the products agree to
// float32 rounding, and both stay near the float32 product.
TEST(Linear, Int8MatchesLibTorchsInt8LayerAndStaysNearFloat32) {
  torch::manual_seed(22);
  const int64_t out = 64, in = 96, rows = 9;
  const auto weight = torch::randn({out, in}) * 0.1, bias = torch::randn({out});
  const auto x = torch::randn({rows, in});
  const auto w = values(weight), b = values(bias);
  Linear linear(w.data(), b.data(), out, in, Precision::kInt8);
  std::vector<float> y(rows * out);
  const auto xv = values(x);
  linear.forward(xv.data(), rows, y.data());
  const auto torch_int8 = model::Int8Linear(weight, bias).forward(x);
  const auto float32 = torch::matmul(x, weight.t()) + bias;
  const auto got = torch::from_blob(y.data(), {rows, out}, torch::kFloat);
  EXPECT_TRUE(torch::allclose(got, torch_int8, 1e-5, 1e-5)) << (got - torch_int8).abs().max().item<float>();
  const double error = ((got - float32).abs().max() / float32.abs().max()).item<double>();
  EXPECT_LT(error, 0.03) << "int8 against float32, relative to the largest output";
  EXPECT_GT(error, 0.0) << "int8 must not be float32 in disguise";
}

}  // namespace
}  // namespace nmt::infer
