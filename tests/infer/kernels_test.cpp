// The fused kernels of the CPU engine against LibTorch's operators (the
// training path's math) and, for top-k, a plain sort. Odd sizes, so the
// vector loops' tails are covered.
#include <algorithm>
#include <cmath>
#include <limits>
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

// The int8 products' last pass: act(x * row scale + bias), as LibTorch's
// addcmul then relu or silu; without scales or bias, the activation alone.
TEST(Kernels, ScaleBiasReluAndSwishMatchLibTorch) {
  torch::manual_seed(1);
  const int64_t rows = 7, cols = 37;
  auto x = torch::randn({rows, cols}) * 3, bias = torch::randn({cols}), scales = torch::rand({rows, 1}) + 0.5;
  for (const auto activation : {Activation::kNone, Activation::kRelu, Activation::kSwish}) {
    const auto act = [&](const torch::Tensor& v) {
      return activation == Activation::kNone ? v : activation == Activation::kRelu ? torch::relu(v) : torch::silu(v);
    };
    auto got = values(x);
    scale_bias_activation(got.data(), rows, cols, values(scales).data(), values(bias).data(), activation);
    EXPECT_LT(max_relative_diff(got, values(act(torch::addcmul(bias, x, scales)))), kFloatTolerance);
    auto plain = values(x);
    scale_bias_activation(plain.data(), rows, cols, nullptr, nullptr, activation);
    EXPECT_LT(max_relative_diff(plain, values(act(x))), kFloatTolerance);
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
  auto h = torch::randn({rows, d}), y = torch::randn({rows, d});
  auto gamma = torch::randn({d}), beta = torch::randn({d});
  const auto sum = h + y;
  const auto norm = torch::layer_norm(sum, {d}, gamma, beta, 1e-6);

  // Pre-norm: the residual stream keeps the sum, the norm goes beside it.
  auto stream = values(h);
  std::vector<float> normed(rows * d);
  add_residual_layer_norm(stream.data(), values(y).data(), values(gamma).data(), values(beta).data(), 1e-6f, rows, d,
                          normed.data());
  EXPECT_LT(max_relative_diff(stream, values(sum)), kFloatTolerance);
  EXPECT_LT(max_relative_diff(normed, values(norm)), kFloatTolerance);

  // Post-norm: normalised in place. Without a norm: the plain sum.
  auto in_place = values(h);
  add_residual_layer_norm(in_place.data(), values(y).data(), values(gamma).data(), values(beta).data(), 1e-6f, rows,
                          d, in_place.data());
  EXPECT_LT(max_relative_diff(in_place, values(norm)), kFloatTolerance);
  auto plain = values(h);
  add_residual_layer_norm(plain.data(), values(y).data(), nullptr, nullptr, 1e-6f, rows, d, nullptr);
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

// Attention over keys and values that sit apart in memory (rows of a wider
// matrix, as the cross-attention's keys | values), against LibTorch's
// softmax(q K^T * scale) V per head. Head sizes that take the AVX-512 path
// (multiples of 16: whole chunks of 8 registers and a remainder) and one
// that does not.
class AttendTest : public ::testing::TestWithParam<std::tuple<int64_t, int64_t>> {};

TEST_P(AttendTest, MatchesSoftmaxAttentionPerHead) {
  const auto [heads, head_dim] = GetParam();
  torch::manual_seed(9);
  const int64_t d = heads * head_dim, steps = 13;
  const auto q = torch::randn({d});
  const auto memory = torch::randn({steps, 2 * d}) * 2;  // (steps, keys | values)
  const auto mv = values(memory), qv = values(q);
  std::vector<float> scores(heads * steps), got(d, 123.0f);
  const float scale = 0.25f;
  attend(qv.data(), mv.data(), 2 * d, mv.data() + d, 2 * d, steps, heads, head_dim, scale, scores.data(), got.data());
  const auto k = memory.narrow(1, 0, d).view({steps, heads, head_dim}).transpose(0, 1);  // (H, T, hd)
  const auto v = memory.narrow(1, d, d).view({steps, heads, head_dim}).transpose(0, 1);
  const auto w = torch::softmax(torch::matmul(k, q.view({heads, head_dim, 1})).squeeze(2) * scale, -1);  // (H, T)
  const auto expected = torch::matmul(w.unsqueeze(1), v).reshape({d});
  EXPECT_LT(max_relative_diff(got, values(expected)), kFloatTolerance);
}

INSTANTIATE_TEST_SUITE_P(HeadSizes, AttendTest,
                         ::testing::Values(std::make_tuple(int64_t{4}, int64_t{64}), std::make_tuple(int64_t{5}, int64_t{16}),
                                           std::make_tuple(int64_t{3}, int64_t{48}), std::make_tuple(int64_t{4}, int64_t{6})));

// Softmax over a wide range: what underflows is 0, the rest as LibTorch's.
TEST(Kernels, ScaledMaskedSoftmaxOverAWideRange) {
  const auto x = torch::tensor({0.0f, -50.0f, -100.0f, -200.0f, 30.0f, -1e30f, 29.5f});
  auto got = values(x);
  scaled_masked_softmax(got.data(), 1, 7, 7, 1.0f);
  EXPECT_LT(max_relative_diff(got, values(torch::softmax(x, 0))), kFloatTolerance);
  EXPECT_EQ(got[5], 0.0f);
  EXPECT_GT(got[1], 0.0f) << "e^-80 relative to the largest is still a float32";
}

TEST(Kernels, LogSoftmaxTopKMatchesLibTorchSkipsBannedAndPrefersLowerIdsOnTies) {
  torch::manual_seed(6);
  const int64_t rows = 4, cols = 1003, k = 5;
  auto logits = torch::randn({rows, cols}) * 6;
  logits[2][10] = 50, logits[2][700] = 50;  // a tie at the top: the lower id first
  logits[1][3] = 80;                        // banned: normalises the row, never chosen
  logits[3][999] = 40, logits[3][500] = 40, logits[3][20] = 40;  // a three-way tie
  const std::vector<int64_t> banned = {0, 3};
  std::vector<float> scores(rows * k), log_sums(rows);
  std::vector<int64_t> ids(rows * k);
  auto work = values(logits);
  log_softmax_top_k(work.data(), rows, cols, k, banned.data(), 2, scores.data(), ids.data(), log_sums.data());
  const auto log_probs = torch::log_softmax(logits, -1);
  for (int64_t r = 0; r < rows; ++r) {
    // The reference: every allowed column, sorted by score, then id.
    auto row = values(log_probs[r]);
    std::vector<int64_t> order;
    for (int64_t c = 0; c < cols; ++c)
      if (c != 0 && c != 3) order.push_back(c);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return row[a] > row[b]; });
    for (int64_t j = 0; j < k; ++j) {
      EXPECT_EQ(ids[r * k + j], order[j]) << "row " << r << " rank " << j;
      EXPECT_NEAR(scores[r * k + j], row[order[j]], 1e-5 * std::max(1.0f, std::abs(row[order[j]])));
    }
    const float expected_log_sum = torch::logsumexp(logits[r], 0).item<float>();
    EXPECT_NEAR(log_sums[r], expected_log_sum, 1e-5 * std::abs(expected_log_sum));
    EXPECT_EQ(work[r * cols + 3], -std::numeric_limits<float>::infinity()) << "a banned column is set to -inf";
  }
  EXPECT_EQ(ids[2 * k], 10);
  EXPECT_EQ(ids[2 * k + 1], 700);
  EXPECT_EQ(std::vector<int64_t>(ids.begin() + 3 * k, ids.begin() + 3 * k + 3), (std::vector<int64_t>{20, 500, 999}));
  EXPECT_LT(scores[k], -30) << "row 1's banned 80 still normalises it";
}

// A row with fewer allowed finite entries than k ends in -inf.
TEST(Kernels, LogSoftmaxTopKPadsARowWithFewerChoices) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> logits = {-inf, 1.0f, -inf, 2.0f, 0.5f};
  const std::vector<int64_t> banned = {4};
  std::vector<float> scores(4);
  std::vector<int64_t> ids(4);
  log_softmax_top_k(logits.data(), 1, 5, 4, banned.data(), 1, scores.data(), ids.data());
  const double log_sum = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(0.5));
  EXPECT_EQ(ids[0], 3);
  EXPECT_EQ(ids[1], 1);
  EXPECT_NEAR(scores[0], 2.0 - log_sum, 1e-6);
  EXPECT_NEAR(scores[1], 1.0 - log_sum, 1e-6);
  EXPECT_EQ(scores[2], -inf);
  EXPECT_EQ(scores[3], -inf);
}

// The rows of a weight that ids name, against a plain double loop; each
// row's sums the same, bit for bit, computed alone or beside others (the
// four-row path and the one-row path), and y's stride respected. d = 70:
// four full lanes and a tail.
TEST(Kernels, GatheredProductMatchesAPlainLoopAndNeverDependsOnTheOtherRows) {
  torch::manual_seed(3);
  const int64_t rows = 7, d = 70, vocab = 40, stride = 13;
  const auto x = values(torch::randn({rows, d}));
  const auto weight = values(torch::randn({vocab, d}));
  const auto bias = values(torch::randn({vocab}));
  const std::vector<int64_t> ids = {0, 3, 4, 17, 22, 38, 39, 11};
  const auto k = static_cast<int64_t>(ids.size());
  std::vector<float> y(rows * stride, 99.0f);
  gathered_product(x.data(), rows, d, weight.data(), bias.data(), ids.data(), k, y.data(), stride);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < k; ++j) {
      double expected = bias[ids[j]];
      for (int64_t i = 0; i < d; ++i) expected += double(x[r * d + i]) * weight[ids[j] * d + i];
      EXPECT_NEAR(y[r * stride + j], expected, 1e-4 * std::max(1.0, std::abs(expected))) << "row " << r << " id " << ids[j];
    }
    for (int64_t j = k; j < stride; ++j) EXPECT_EQ(y[r * stride + j], 99.0f) << "past the k columns";
    std::vector<float> alone(k);
    gathered_product(x.data() + r * d, 1, d, weight.data(), bias.data(), ids.data(), k, alone.data(), k);
    for (int64_t j = 0; j < k; ++j) EXPECT_EQ(alone[j], y[r * stride + j]) << "row " << r << " alone, id " << ids[j];
  }
  std::vector<float> no_bias(k);
  gathered_product(x.data(), 1, d, weight.data(), nullptr, ids.data(), k, no_bias.data(), k);
  EXPECT_NEAR(no_bias[2], y[2] - bias[4], 1e-4);
}

}  // namespace
}  // namespace nmt::infer
