// The fused kernels of the CPU engine against LibTorch's operators (the
// training path's math) and, for top-k, a plain sort. Odd sizes, so the
// vector loops' tails are covered.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/infer/kernels.h"
#include "nmt/model/transformer.h"

namespace nmt::infer {
namespace {

std::vector<float> values(const torch::Tensor& t) {
  auto c = t.contiguous().to(torch::kFloat);
  return {c.data_ptr<float>(), c.data_ptr<float>() + c.numel()};
}

// Max |a - b| / max(1, |b|) over the elements.
double max_relative_diff(const std::vector<float>& a, const std::vector<float>& b) {
  EXPECT_EQ(a.size(), b.size());
  double worst = 0;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    worst = std::max(worst, std::abs(double(a[i]) - b[i]) / std::max(1.0, std::abs(double(b[i]))));
  }
  return worst;
}

constexpr double kFloatTolerance = 1e-5;

TEST(Kernels, BiasAloneReluAndSwishMatchLibTorch) {
  torch::manual_seed(1);
  const int64_t rows = 7, cols = 37;
  auto x = torch::randn({rows, cols}) * 3, bias = torch::randn({cols});
  for (const auto activation : {Activation::kNone, Activation::kRelu, Activation::kSwish}) {
    auto got = values(x);
    bias_activation(got.data(), values(bias).data(), rows, cols, activation);
    const auto expected = activation == Activation::kNone   ? x + bias
                          : activation == Activation::kRelu ? torch::relu(x + bias)
                                                            : torch::silu(x + bias);
    EXPECT_LT(max_relative_diff(got, values(expected)), kFloatTolerance);
  }
}

TEST(Kernels, LayerNormMatchesLibTorch) {
  torch::manual_seed(2);
  const int64_t rows = 5, d = 67;
  auto x = torch::randn({rows, d}) * 4 + 1, gamma = torch::randn({d}), beta = torch::randn({d});
  std::vector<float> got(rows * d);
  layer_norm(values(x).data(), got.data(), values(gamma).data(), values(beta).data(), 1e-5f, rows, d);
  const auto expected = torch::layer_norm(x, {d}, gamma, beta, 1e-5);
  EXPECT_LT(max_relative_diff(got, values(expected)), kFloatTolerance);
}

TEST(Kernels, AddResidualLayerNormGivesTheSumAndItsNorm) {
  torch::manual_seed(3);
  const int64_t rows = 3, d = 33;
  auto h = torch::randn({rows, d}), y = torch::randn({rows, d}), bias = torch::randn({d});
  auto gamma = torch::randn({d}), beta = torch::randn({d});
  const auto sum = h + y + bias;
  const auto norm = torch::layer_norm(sum, {d}, gamma, beta, 1e-6);

  // Pre-norm: the residual stream keeps the sum, the norm goes beside it.
  auto stream = values(h);
  std::vector<float> normed(rows * d);
  add_residual_layer_norm(stream.data(), values(y).data(), values(bias).data(), values(gamma).data(),
                          values(beta).data(), 1e-6f, rows, d, normed.data());
  EXPECT_LT(max_relative_diff(stream, values(sum)), kFloatTolerance);
  EXPECT_LT(max_relative_diff(normed, values(norm)), kFloatTolerance);

  // Post-norm: normalised in place. Without a bias or a norm: the plain sum.
  auto in_place = values(h);
  add_residual_layer_norm(in_place.data(), values(y).data(), values(bias).data(), values(gamma).data(),
                          values(beta).data(), 1e-6f, rows, d, in_place.data());
  EXPECT_LT(max_relative_diff(in_place, values(norm)), kFloatTolerance);
  auto plain = values(h);
  add_residual_layer_norm(plain.data(), values(y).data(), nullptr, nullptr, nullptr, 1e-6f, rows, d, nullptr);
  EXPECT_LT(max_relative_diff(plain, values(h + y)), kFloatTolerance);
}

// The training path's attention weights: scale, add the -1e9 bias on padding
// keys, softmax.
TEST(Kernels, ScaledMaskedSoftmaxMatchesBiasedSoftmax) {
  torch::manual_seed(4);
  const int64_t rows = 6, cols = 19;
  const float scale = 0.125f;
  auto scores = torch::randn({rows, cols}) * 5;
  for (const int64_t valid : {int64_t{1}, int64_t{11}, cols}) {
    auto got = values(scores);
    scaled_masked_softmax(got.data(), rows, cols, valid, scale);
    auto bias = torch::zeros({cols});
    bias.narrow(0, valid, cols - valid).fill_(model::kMaskedBias);
    const auto expected = torch::softmax(scores * scale + bias, -1);
    EXPECT_LT(max_relative_diff(got, values(expected)), kFloatTolerance) << "valid " << valid;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = valid; c < cols; ++c) EXPECT_EQ(got[r * cols + c], 0.0f);
    }
  }
}

TEST(Kernels, EmbedMatchesTheModelsScaledEmbeddingPlusPositions) {
  torch::manual_seed(5);
  const int64_t vocab = 50, d = 24, rows = 3, length = 4;
  auto table = torch::randn({vocab, d});
  const auto positions = model::sinusoidal_positions(32, d);
  auto ids = torch::randint(0, vocab, {rows, length}, torch::kLong);
  const float scale = std::sqrt(float(d));
  for (const int64_t start : {int64_t{0}, int64_t{9}}) {
    std::vector<float> got(rows * length * d);
    embed(ids.data_ptr<int64_t>(), rows, length, values(table).data(), d, scale, values(positions).data(), start,
          got.data());
    const auto expected = torch::embedding(table, ids) * scale + positions.narrow(0, start, length);
    EXPECT_LT(max_relative_diff(got, values(expected)), kFloatTolerance) << "start " << start;
  }
}

TEST(Kernels, DotAndAddScaledMatchPlainLoops) {
  torch::manual_seed(9);
  const int64_t n = 77;
  const auto a = values(torch::randn({n})), b = values(torch::randn({n}));
  double expected = 0;
  for (int64_t i = 0; i < n; ++i) expected += double(a[i]) * b[i];
  EXPECT_NEAR(dot(a.data(), b.data(), n), expected, 1e-5 * std::max(1.0, std::abs(expected)));
  auto out = a;
  add_scaled(out.data(), b.data(), 0.25f, n);
  for (int64_t i = 0; i < n; ++i) EXPECT_FLOAT_EQ(out[i], a[i] + 0.25f * b[i]);
}

TEST(Kernels, LogSoftmaxTopKMatchesLibTorchAndPrefersLowerIdsOnTies) {
  torch::manual_seed(6);
  const int64_t rows = 4, cols = 1003, k = 5;
  auto logits = torch::randn({rows, cols}) * 6;
  logits[2][10] = 50, logits[2][700] = 50;  // a tie at the top: the lower id first
  std::vector<float> scores(rows * k);
  std::vector<int64_t> ids(rows * k);
  log_softmax_top_k(values(logits).data(), rows, cols, k, scores.data(), ids.data());
  const auto log_probs = torch::log_softmax(logits, -1);
  for (int64_t r = 0; r < rows; ++r) {
    // The reference: every column, sorted by score, then id.
    auto row = values(log_probs[r]);
    std::vector<int64_t> order(cols);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return row[a] > row[b]; });
    for (int64_t j = 0; j < k; ++j) {
      EXPECT_EQ(ids[r * k + j], order[j]) << "row " << r << " rank " << j;
      EXPECT_NEAR(scores[r * k + j], row[order[j]], 1e-5 * std::max(1.0f, std::abs(row[order[j]])));
    }
  }
  EXPECT_EQ(ids[2 * k], 10);
  EXPECT_EQ(ids[2 * k + 1], 700);
}

}  // namespace
}  // namespace nmt::infer
