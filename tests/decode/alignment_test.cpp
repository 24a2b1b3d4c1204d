// Cross-attention of a translation (decode/alignment.h) on a random tiny
// model, against the last layer's own projections multiplied out by plain
// loops, and Marian's hard alignment on hand-written matrices.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/decode/alignment.h"
#include "nmt/model/bf16.h"
#include "nmt/model/int8.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr int64_t kVocab = 24, kMaxPositions = 32;

// Random weights, except that the last layer's queries are scaled up so its
// attention is peaked and each head looks somewhere else: a wrong head, layer
// or average then shows.
model::Transformer random_tiny_model(uint64_t seed, bool pre_norm) {
  torch::manual_seed(seed);
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = kVocab;
  c.max_positions = kMaxPositions;
  c.pre_norm = pre_norm;
  model::Transformer model(c);
  model->eval();
  torch::NoGradGuard no_grad;
  model->decoder[c.decoder_layers - 1]->as<model::DecoderLayer>()->cross_attn->q->weight.mul_(4);
  return model;
}

std::vector<int> random_ids(int64_t length) {
  std::vector<int> ids;
  auto t = torch::randint(4, kVocab, {length}, torch::kLong);
  for (int64_t i = 0; i < length; ++i) ids.push_back(static_cast<int>(t[i].item<int64_t>()));
  return ids;
}

torch::Tensor row(std::vector<int> ids, int first, int last) {  // (1, n) ids: first, ids..., last (-1: none)
  std::vector<int64_t> v;
  if (first >= 0) v.push_back(first);
  v.insert(v.end(), ids.begin(), ids.end());
  if (last >= 0) v.push_back(last);
  return torch::tensor(v, torch::kLong).unsqueeze(0);
}

// The last decoder layer's cross-attention for one pair, rebuilt outside the
// decoder: its input from the embeddings and the layers before it, its
// queries and keys from its own q and kv projections, then
// softmax(q k^T / sqrt(dk)) per head in double-precision loops, averaged
// over heads.
AttentionMatrix reference_attention(model::Transformer& m, const std::vector<int>& source,
                                    const std::vector<int>& target) {
  torch::InferenceMode inference;
  const auto& c = m->config;
  const auto src = row(source, -1, text::kEosId), tgt_in = row(target, text::kBosId, -1);
  const int64_t S = src.size(1), T = tgt_in.size(1), D = c.d_model, H = c.heads, dk = D / H;
  const auto no_padding = model::padding_bias(src);
  const auto memory = m->encode(src, no_padding);
  auto x = torch::embedding(m->tgt_embed->weight, tgt_in) * std::sqrt(static_cast<double>(D)) +
           m->positions.narrow(0, 0, T);
  const auto causal = model::causal_bias(T, x.options());
  for (int64_t i = 0; i + 1 < c.decoder_layers; ++i) {
    x = m->decoder[i]->as<model::DecoderLayer>()->forward(x, memory, no_padding, causal);
  }
  auto last = m->decoder[c.decoder_layers - 1]->as<model::DecoderLayer>();
  torch::Tensor query_input;  // what the cross-attention sub-layer reads
  if (c.pre_norm) {
    query_input = last->norm2(x + last->self_attn(last->norm1(x), causal));
  } else {
    query_input = last->norm1(x + last->self_attn(x, causal));
  }
  const auto q = last->cross_attn->q(query_input)[0].to(torch::kDouble).contiguous();                // (T, D)
  const auto k = last->cross_attn->kv(memory)[0].narrow(1, 0, D).to(torch::kDouble).contiguous();  // (S, D)
  const auto qa = q.accessor<double, 2>(), ka = k.accessor<double, 2>();
  AttentionMatrix out(T, std::vector<float>(S, 0.f));
  for (int64_t t = 0; t < T; ++t) {
    std::vector<double> mean(S, 0.0);
    for (int64_t h = 0; h < H; ++h) {
      std::vector<double> score(S);
      double top = -1e300, total = 0;
      for (int64_t s = 0; s < S; ++s) {
        double dot = 0;
        for (int64_t j = h * dk; j < (h + 1) * dk; ++j) dot += qa[t][j] * ka[s][j];
        score[s] = dot / std::sqrt(static_cast<double>(dk));
        top = std::max(top, score[s]);
      }
      for (int64_t s = 0; s < S; ++s) total += score[s] = std::exp(score[s] - top);
      for (int64_t s = 0; s < S; ++s) mean[s] += score[s] / total / static_cast<double>(H);
    }
    for (int64_t s = 0; s < S; ++s) out[t][s] = static_cast<float>(mean[s]);
  }
  return out;
}

void expect_near(const AttentionMatrix& a, const AttentionMatrix& b, double tolerance, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what << ": rows";
  for (size_t t = 0; t < a.size(); ++t) {
    ASSERT_EQ(a[t].size(), b[t].size()) << what << ": columns of row " << t;
    for (size_t s = 0; s < a[t].size(); ++s) EXPECT_NEAR(a[t][s], b[t][s], tolerance) << what << " [" << t << "][" << s << "]";
  }
}

void expect_rows_sum_to_one(const AttentionMatrix& w, double tolerance, const std::string& what) {
  for (size_t t = 0; t < w.size(); ++t) {
    double sum = 0;
    for (float x : w[t]) sum += x;
    EXPECT_NEAR(sum, 1.0, tolerance) << what << " row " << t;
  }
}

TEST(CrossAttentionTest, MatchesSoftmaxOfTheLastLayersOwnProjections) {
  for (bool pre_norm : {false, true}) {
    auto model = random_tiny_model(7, pre_norm);
    const auto source = random_ids(9), target = random_ids(6);
    const auto got = cross_attention(model, {source}, {target});
    ASSERT_EQ(got.size(), 1u);
    const auto want = reference_attention(model, source, target);
    ASSERT_EQ(got[0].size(), target.size() + 1) << "rows: each target piece, then </s>";
    ASSERT_EQ(got[0][0].size(), source.size() + 1) << "columns: each source piece, then </s>";
    expect_near(got[0], want, 1e-5, pre_norm ? "pre-norm" : "post-norm");
    // Far from even (1 / 10 each), so that a wrong head or layer would differ by far more than 1e-5.
    float largest = 0;
    for (const auto& r : want) largest = std::max(largest, *std::max_element(r.begin(), r.end()));
    EXPECT_GT(largest, 0.25f);
  }
}

// With the last layer's queries zeroed every score is 0, so each target
// position spreads its attention evenly over its own source's pieces and
// </s>: 1 / (pieces + 1) each, whatever the padding of the batch.
TEST(CrossAttentionTest, ZeroQueriesGiveEvenWeightsOverRealSourcePositionsOnly) {
  auto model = random_tiny_model(8, false);
  {
    torch::NoGradGuard no_grad;
    auto last = model->decoder[model->config.decoder_layers - 1]->as<model::DecoderLayer>();
    last->cross_attn->q->weight.zero_();
    last->cross_attn->q->bias.zero_();
  }
  const std::vector<std::vector<int>> sources{random_ids(2), random_ids(11), {}}, targets{random_ids(7), {}, random_ids(3)};
  const auto got = cross_attention(model, sources, targets);
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i].size(), targets[i].size() + 1);
    for (const auto& r : got[i]) {
      ASSERT_EQ(r.size(), sources[i].size() + 1);
      for (float w : r) EXPECT_NEAR(w, 1.0 / static_cast<double>(sources[i].size() + 1), 1e-6) << "sentence " << i;
    }
  }
}

TEST(CrossAttentionTest, BatchedEqualsOneAtATime) {
  auto model = random_tiny_model(9, true);
  std::vector<std::vector<int>> sources, targets;
  for (auto [s, t] : std::vector<std::pair<int, int>>{{5, 8}, {1, 2}, {14, 3}, {0, 0}, {7, 12}, {3, 0}}) {
    sources.push_back(random_ids(s));
    targets.push_back(random_ids(t));
  }
  const auto batched = cross_attention(model, sources, targets);
  ASSERT_EQ(batched.size(), sources.size());
  for (size_t i = 0; i < sources.size(); ++i) {
    const auto alone = cross_attention(model, {sources[i]}, {targets[i]});
    const auto what = "sentence " + std::to_string(i);
    expect_near(batched[i], alone[0], 1e-5, what);
    expect_rows_sum_to_one(batched[i], 1e-5, what);  // so the padded columns cut off held nothing
  }
}

TEST(CrossAttentionTest, LongSourceIsCutAsTheTranslatorCutsIt) {
  auto model = random_tiny_model(10, false);
  const auto source = random_ids(kMaxPositions + 10), target = random_ids(4);
  const std::vector<int> cut(source.begin(), source.begin() + (kMaxPositions - 1));
  const auto got = cross_attention(model, {source, random_ids(3)}, {target, target});
  ASSERT_EQ(got[0][0].size(), static_cast<size_t>(kMaxPositions)) << "the first max_positions - 1 pieces, then </s>";
  expect_near(got[0], cross_attention(model, {cut}, {target})[0], 1e-5, "cut source");
}

TEST(CrossAttentionTest, BadInputs_MessageSaysWhy) {
  auto model = random_tiny_model(11, false);
  EXPECT_NE(testing::error_message([&] { cross_attention(model, {random_ids(3)}, {random_ids(kMaxPositions)}); })
                .find("target 0 has 32 pieces; with </s> that exceeds model.max_positions = 32"),
            std::string::npos);
  EXPECT_NE(testing::error_message([&] { cross_attention(model, {random_ids(3), random_ids(2)}, {random_ids(3)}); })
                .find("2 sources but 1 targets"),
            std::string::npos);
  EXPECT_TRUE(cross_attention(model, {}, {}).empty());
  model->train();
  EXPECT_NE(testing::error_message([&] { cross_attention(model, {random_ids(3)}, {random_ids(3)}); })
                .find("training mode"),
            std::string::npos);
}

// int8 and bfloat16 change the arithmetic, not the meaning: rows still sum
// to 1 and stay close to float32's weights.
TEST(CrossAttentionTest, Int8AndBf16_CloseToFloat32) {
  auto model = random_tiny_model(12, false);
  const std::vector<std::vector<int>> sources{random_ids(6), random_ids(10)}, targets{random_ids(5), random_ids(9)};
  const auto reference = cross_attention(model, sources, targets);
  {
    model::Bf16Scope bf16(true);
    const auto got = cross_attention(model, sources, targets);
    for (size_t i = 0; i < got.size(); ++i) {
      expect_rows_sum_to_one(got[i], 2e-2, "bf16");
      expect_near(got[i], reference[i], 0.1, "bf16");
    }
  }
  model->quantize_int8();
  const auto got = cross_attention(model, sources, targets);
  for (size_t i = 0; i < got.size(); ++i) {
    expect_rows_sum_to_one(got[i], 1e-5, "int8");
    expect_near(got[i], reference[i], 0.1, "int8");
  }
}

// Rows: target pieces then </s>; columns: source pieces then </s>.
TEST(HardAlignmentTest, FirstMaximumPerTargetPiece_SortedBySource_TargetEosLeftOut) {
  const AttentionMatrix weights{
      {0.1f, 0.6f, 0.2f, 0.1f},   // t0 -> s1
      {0.3f, 0.3f, 0.2f, 0.2f},   // t1: a tie between s0 and s1 -> the first, s0
      {0.1f, 0.1f, 0.1f, 0.7f},   // t2 -> the source </s>, s3
      {0.9f, 0.0f, 0.0f, 0.1f},   // the target </s>: no pair
  };
  EXPECT_EQ(hard_alignment(weights), "0-1 1-0 3-2");
  EXPECT_EQ(hard_alignment({{0.2f, 0.8f}}), "") << "an empty translation: only the </s> row";
  EXPECT_EQ(hard_alignment({}), "");
}

TEST(HardAlignmentTest, NBestListsInBatches_EqualEachPairAlone) {
  auto model = random_tiny_model(13, false);
  const std::vector<std::vector<int>> sources{random_ids(4), random_ids(9), {}};
  std::vector<std::vector<Hypothesis>> n_best(3);
  for (auto [i, len] : std::vector<std::pair<int, int>>{{0, 5}, {0, 2}, {1, 11}, {2, 3}, {2, 0}, {2, 6}}) {
    n_best[i].push_back(Hypothesis{random_ids(len)});
  }
  const auto got = hard_alignments(model, sources, n_best, 2);
  ASSERT_EQ(got.size(), 3u);
  for (size_t i = 0; i < n_best.size(); ++i) {
    ASSERT_EQ(got[i].size(), n_best[i].size());
    for (size_t k = 0; k < n_best[i].size(); ++k) {
      const auto alone = hard_alignment(cross_attention(model, {sources[i]}, {n_best[i][k].tokens})[0]);
      EXPECT_EQ(got[i][k], alone) << "sentence " << i << " hypothesis " << k;
      if (n_best[i][k].tokens.empty()) EXPECT_EQ(got[i][k], "");
    }
  }
}

}  // namespace
}  // namespace nmt::decode
