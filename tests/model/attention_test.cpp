// Attention and its masks against plain loops in double precision.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/model/attention.h"

namespace nmt::model {
namespace {

constexpr double kTol = 1e-5;  // float32 against a double reference

// softmax(q k^T / sqrt(dk) + bias) v for one (batch, head) pair, by hand.
// q: (Tq, dk), k/v: (Tk, dk) accessors; bias(i, j) gives the additive mask.
template <typename Bias>
std::vector<std::vector<double>> naive_attention(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
                                                 Bias bias) {
  auto qa = q.accessor<float, 2>(), ka = k.accessor<float, 2>(), va = v.accessor<float, 2>();
  const int64_t Tq = q.size(0), Tk = k.size(0), dk = q.size(1);
  std::vector<std::vector<double>> out(Tq, std::vector<double>(dk, 0.0));
  for (int64_t i = 0; i < Tq; ++i) {
    std::vector<double> scores(Tk);
    double max_score = -1e300;
    for (int64_t j = 0; j < Tk; ++j) {
      double dot = 0;
      for (int64_t d = 0; d < dk; ++d) dot += static_cast<double>(qa[i][d]) * ka[j][d];
      scores[j] = dot / std::sqrt(static_cast<double>(dk)) + bias(i, j);
      max_score = std::max(max_score, scores[j]);
    }
    double total = 0;
    for (auto& s : scores) total += (s = std::exp(s - max_score));
    for (int64_t j = 0; j < Tk; ++j) {
      for (int64_t d = 0; d < dk; ++d) out[i][d] += scores[j] / total * va[j][d];
    }
  }
  return out;
}

TEST(AttentionTest, Attention_MatchesNaiveLoop) {
  torch::manual_seed(11);
  const int64_t B = 2, h = 3, Tq = 4, Tk = 5, dk = 8;
  auto q = torch::randn({B, h, Tq, dk}), k = torch::randn({B, h, Tk, dk}), v = torch::randn({B, h, Tk, dk});
  // Row 0 has no padding, row 1 has its last two keys padded.
  auto tokens = torch::tensor({{5, 6, 7, 8, 9}, {5, 6, 7, 0, 0}}, torch::kLong);
  auto bias = padding_bias(tokens);
  Dropout no_dropout(0.0);
  auto out = attend(q, k, v, bias, no_dropout);
  ASSERT_EQ(out.sizes(), torch::IntArrayRef({B, h, Tq, dk}));

  double max_diff = 0;
  for (int64_t b = 0; b < B; ++b) {
    for (int64_t head = 0; head < h; ++head) {
      auto expected = naive_attention(q[b][head], k[b][head], v[b][head],
                                      [&](int64_t, int64_t j) { return (b == 1 && j >= 3) ? -1e9 : 0.0; });
      auto out_head = out[b][head];
      auto got = out_head.accessor<float, 2>();
      for (int64_t i = 0; i < Tq; ++i) {
        for (int64_t d = 0; d < dk; ++d) {
          max_diff = std::max(max_diff, std::abs(got[i][d] - expected[i][d]));
          EXPECT_NEAR(got[i][d], expected[i][d], kTol + kTol * std::abs(expected[i][d]))
              << "b=" << b << " head=" << head << " i=" << i << " d=" << d;
        }
      }
    }
  }
  std::cout << "attend vs naive loop: max |diff| = " << max_diff << "\n";
}

// x W^T + b for one position, by hand: x (D), W (O, D), b (O) -> (O).
std::vector<double> linear_by_hand(const std::vector<double>& x, const torch::Tensor& weight, const torch::Tensor& bias) {
  auto w = weight.accessor<float, 2>();
  auto b = bias.accessor<float, 1>();
  std::vector<double> y(weight.size(0));
  for (int64_t o = 0; o < weight.size(0); ++o) {
    double s = b[o];
    for (int64_t i = 0; i < weight.size(1); ++i) s += static_cast<double>(w[o][i]) * x[i];
    y[o] = s;
  }
  return y;
}

TEST(AttentionTest, SelfAttention_MatchesManualHeadSplit) {
  torch::manual_seed(12);
  const int64_t B = 2, T = 4, D = 12, H = 3, dk = D / H;
  SelfAttention attn(D, H, 0.0);
  attn->eval();
  auto x = torch::randn({B, T, D});
  // Causal mask plus padding of the last position of row 1.
  auto tokens = torch::tensor({{5, 6, 7, 8}, {5, 6, 7, 0}}, torch::kLong);
  auto bias = causal_bias(T, x.options()) + padding_bias(tokens);  // (B, 1, T, T)
  torch::Tensor out;
  {
    torch::NoGradGuard no_grad;
    out = attn->forward(x, bias);
  }
  ASSERT_EQ(out.sizes(), torch::IntArrayRef({B, T, D}));

  auto xa = x.accessor<float, 3>();
  for (int64_t b = 0; b < B; ++b) {
    // Project every position: rows of qkv are [Q; K; V], each D wide, head h
    // owning columns h*dk .. (h+1)*dk of each.
    std::vector<std::vector<double>> proj(T);
    for (int64_t t = 0; t < T; ++t) {
      std::vector<double> xt(D);
      for (int64_t i = 0; i < D; ++i) xt[i] = xa[b][t][i];
      proj[t] = linear_by_hand(xt, attn->qkv->weight, attn->qkv->bias);
    }
    std::vector<std::vector<double>> merged(T, std::vector<double>(D));
    for (int64_t head = 0; head < H; ++head) {
      auto q = torch::empty({T, dk}), k = torch::empty({T, dk}), v = torch::empty({T, dk});
      for (int64_t t = 0; t < T; ++t) {
        for (int64_t d = 0; d < dk; ++d) {
          q[t][d] = proj[t][head * dk + d];
          k[t][d] = proj[t][D + head * dk + d];
          v[t][d] = proj[t][2 * D + head * dk + d];
        }
      }
      auto heads_out = naive_attention(q, k, v, [&](int64_t i, int64_t j) {
        return (j > i || (b == 1 && j == 3)) ? -1e9 : 0.0;
      });
      for (int64_t t = 0; t < T; ++t) {
        for (int64_t d = 0; d < dk; ++d) merged[t][head * dk + d] = heads_out[t][d];
      }
    }
    auto got = out.accessor<float, 3>();
    for (int64_t t = 0; t < T; ++t) {
      auto expected = linear_by_hand(merged[t], attn->out->weight, attn->out->bias);
      for (int64_t i = 0; i < D; ++i) {
        EXPECT_NEAR(got[b][t][i], expected[i], kTol + kTol * std::abs(expected[i])) << "b=" << b << " t=" << t;
      }
    }
  }
}

TEST(AttentionTest, PaddingBias_IsMinusHugeOnPadKeysOnly) {
  auto tokens = torch::tensor({{5, 6, 0}, {7, 0, 0}, {0, 8, 9}}, torch::kLong);
  auto bias = padding_bias(tokens);
  ASSERT_EQ(bias.sizes(), torch::IntArrayRef({3, 1, 1, 3}));
  EXPECT_EQ(bias.scalar_type(), torch::kFloat);
  const float expected[3][3] = {{0, 0, -1e9f}, {0, -1e9f, -1e9f}, {-1e9f, 0, 0}};
  for (int b = 0; b < 3; ++b) {
    for (int s = 0; s < 3; ++s) EXPECT_EQ(bias[b][0][0][s].item<float>(), expected[b][s]) << b << "," << s;
  }
  // Another pad id.
  auto other = padding_bias(torch::tensor({{4, 5}}, torch::kLong), 5);
  EXPECT_EQ(other[0][0][0][0].item<float>(), 0.0f);
  EXPECT_EQ(other[0][0][0][1].item<float>(), -1e9f);
}

TEST(AttentionTest, CausalBias_MasksOnlyTheFuture) {
  auto bias = causal_bias(4, torch::TensorOptions().dtype(torch::kFloat));
  ASSERT_EQ(bias.sizes(), torch::IntArrayRef({4, 4}));
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(bias[i][j].item<float>(), j > i ? -1e9f : 0.0f) << "query " << i << " key " << j;
    }
  }
}

TEST(AttentionTest, FullyMaskedRow_GivesUniformWeightsNotNaN) {
  // A row whose keys are all padding must not produce NaN (the finite -1e9).
  auto q = torch::randn({1, 1, 2, 4}), k = torch::randn({1, 1, 3, 4}), v = torch::randn({1, 1, 3, 4});
  auto bias = padding_bias(torch::zeros({1, 3}, torch::kLong));
  Dropout no_dropout(0.0);
  auto out = attend(q, k, v, bias, no_dropout);
  EXPECT_FALSE(out.isnan().any().item<bool>());
  EXPECT_TRUE(torch::allclose(out[0][0][0], v[0][0].mean(0), 1e-5, 1e-6));
}

TEST(AttentionTest, SplitAndMergeHeads_AreInverse) {
  auto x = torch::randn({2, 5, 12});
  auto heads = split_heads(x, 3);
  ASSERT_EQ(heads.sizes(), torch::IntArrayRef({2, 3, 5, 4}));
  // head 1 of position 2 holds features 4..7
  EXPECT_TRUE(torch::equal(heads[1][1][2], x[1][2].slice(0, 4, 8)));
  EXPECT_TRUE(torch::equal(merge_heads(heads), x));
}

}  // namespace
}  // namespace nmt::model
