// The CPU engine's step (EngineStep) against LibTorch's (TransformerStep) on
// the same random model: the log-probabilities of every step, through a beam
// widening, a reorder with repeats and finished sentences leaving, and the
// searches' results.
#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/engine_step.h"
#include "nmt/decode/translator.h"
#include "nmt/infer/from_model.h"
#include "nmt/model/int8.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

model::ModelConfig config(bool pre_norm, bool tie) {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 60;
  // Heads of 16: the attention kernel's AVX-512 path where the CPU has it.
  c.d_model = 64, c.heads = 4, c.ffn = 96, c.encoder_layers = 2, c.decoder_layers = 2;
  c.pre_norm = pre_norm, c.share_embeddings = tie, c.tie_output = tie;
  c.max_positions = 64;
  return c;
}

// A random model of config(pre_norm, tie), seeded, in eval mode.
model::Transformer eval_model(uint64_t seed, bool pre_norm, bool tie) {
  torch::manual_seed(seed);
  model::Transformer model(config(pre_norm, tie));
  model->eval();
  return model;
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
  auto model = eval_model(11, pre_norm, tie);
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
  std::vector<int64_t> last(3, 2);  // <s>
  double worst = 0;
  for (size_t s = 0; s <= selections.size(); ++s) {
    const auto expected = torch_step.log_probs(last);
    const auto got = engine_step.log_probs(last);
    ASSERT_EQ(got.sizes(), expected.sizes()) << "step " << s;
    const double diff = max_relative_diff(got, expected);
    EXPECT_LT(diff, 1e-5) << "step " << s;
    worst = std::max(worst, diff);
    if (s == selections.size()) break;
    const auto& rows = selections[s];
    torch_step.select_rows(rows, same_sentences[s]);
    engine_step.select_rows(rows, same_sentences[s]);
    const auto next = torch::randint(4, 60, {static_cast<int64_t>(rows.size())}, torch::kLong);
    last.assign(next.data_ptr<int64_t>(), next.data_ptr<int64_t>() + next.numel());
  }
  std::cout << "engine vs LibTorch log-probs (pre_norm " << pre_norm << ", tied " << tie
            << "): max relative diff " << worst << "\n";
}

INSTANTIATE_TEST_SUITE_P(Layouts, EngineStepTest,
                         ::testing::Values(std::make_tuple(true, true), std::make_tuple(false, false)));

// The engine's one-pass top_k (its log-softmax and top-k kernel) against the
// default top_k over LibTorch's log-probabilities: banned tokens, a row held
// to </s>, and k past the number of allowed tokens' share; and any token's
// log-probability after it (last_log_prob).
TEST(EngineStep, TopKMatchesTheDefaultOverLibTorchsLogProbs) {
  auto model = eval_model(13, true, true);
  torch::NoGradGuard no_grad;
  const auto weights = infer::weights_from(model);
  const auto src = sources();
  TransformerStep torch_step(model, src);
  EngineStep engine_step(weights, src);
  TokenRules rules;
  rules.banned = {0, 1, 2};
  rules.eos_only = {0, 1, 0};
  std::vector<int64_t> last(3, 2);
  for (const int64_t k : {int64_t{1}, int64_t{8}}) {
    TopK expected, got;
    torch_step.top_k(last, rules, k, expected);
    engine_step.top_k(last, rules, k, got);
    ASSERT_EQ(got.k, k);
    for (int64_t r = 0; r < 3; ++r) {
      for (int64_t j = 0; j < k; ++j) {
        const auto i = r * k + j;
        if (std::isinf(expected.scores[i])) {
          EXPECT_TRUE(std::isinf(got.scores[i]) && got.scores[i] < 0) << "row " << r << " rank " << j;
          continue;
        }
        EXPECT_EQ(got.ids[i], expected.ids[i]) << "row " << r << " rank " << j;
        EXPECT_NEAR(got.scores[i], expected.scores[i], 1e-5 * std::max(1.0f, std::abs(expected.scores[i])));
        EXPECT_GT(got.ids[i], 2) << "a banned token was chosen";
      }
    }
    EXPECT_EQ(got.ids[k], 3) << "the row held to </s> chooses it";
    if (k > 1) EXPECT_TRUE(std::isinf(got.scores[k + 1])) << "and nothing else";
    // Any token's log-probability under the same rules, as a constrained
    // search asks for the pieces of its phrases.
    for (int64_t r = 0; r < 3; ++r) {
      for (int64_t v = 0; v < 60; ++v) {
        const float want = torch_step.last_log_prob(r, v), have = engine_step.last_log_prob(r, v);
        if (std::isinf(want)) {
          EXPECT_TRUE(std::isinf(have) && have < 0) << "row " << r << " token " << v;
        } else {
          EXPECT_NEAR(have, want, 1e-5 * std::max(1.0f, std::abs(want))) << "row " << r << " token " << v;
        }
      }
      EXPECT_FLOAT_EQ(engine_step.last_log_prob(r, got.ids[r * k]), got.scores[r * k]) << "as top_k scored it";
    }
    EXPECT_TRUE(std::isinf(engine_step.last_log_prob(1, 20))) << "a row held to </s> has nothing else";
    EXPECT_TRUE(std::isinf(engine_step.last_log_prob(0, 1))) << "a banned token";
    torch_step.select_rows({0, 1, 2}, true);
    engine_step.select_rows({0, 1, 2}, true);
    last = {7, 3 + 4, 9};
  }
}

// A shortlist's vocabularies, one per sentence: each row scores only its
// sentence's pieces, normalised among themselves (the log-softmax of
// LibTorch's log-probabilities over the same pieces), whatever the other
// sentences' lists are (a shorter list's columns are padded), and
// log_probs gives every other piece -inf.
TEST(EngineStep, AShortlistScoresOnlyEachSentencesPiecesNormalisedAmongThemselves) {
  auto model = eval_model(15, true, true);
  torch::NoGradGuard no_grad;
  const auto weights = infer::weights_from(model);
  const auto src = sources();
  const SourceVocabularies vocabularies = {
      {0, 1, 2, 3, 5, 8, 13, 21, 34, 55}, {0, 1, 2, 3, 4, 6, 10, 59}, {0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 57}};
  TransformerStep torch_step(model, src);
  EngineStep engine_step(weights, src, &vocabularies);
  EngineStep copy_step(weights, src, &vocabularies);
  TokenRules rules;
  rules.banned = {0, 1, 2};
  rules.eos_only = {0, 0, 1};
  std::vector<int64_t> last(3, 2);
  TopK got;
  engine_step.top_k(last, rules, 4, got);
  const auto full = torch_step.log_probs(last);
  const auto lp = copy_step.log_probs(last);
  for (int64_t r = 0; r < 3; ++r) {
    const auto& vocabulary = vocabularies[r];
    const auto part = full[r].index_select(0, torch::tensor(vocabulary, torch::kLong));
    const auto expected = part - torch::logsumexp(part, 0);
    if (r < 2) {
      std::vector<std::pair<float, int64_t>> ranked;
      for (size_t j = 3; j < vocabulary.size(); ++j) ranked.emplace_back(expected[j].item<float>(), vocabulary[j]);
      std::sort(ranked.begin(), ranked.end(), [](auto& a, auto& b) { return a.first > b.first; });
      for (int64_t j = 0; j < 4; ++j) {
        EXPECT_EQ(got.ids[r * 4 + j], ranked[j].second) << "row " << r << " rank " << j;
        EXPECT_NEAR(got.scores[r * 4 + j], ranked[j].first, 1e-5);
      }
    } else {
      EXPECT_EQ(got.ids[8], 3) << "the row held to </s>";
      EXPECT_NEAR(got.scores[8], expected[3].item<float>(), 1e-5);
    }
    for (int64_t id = 0; id < 60; ++id) {
      const auto it = std::find(vocabulary.begin(), vocabulary.end(), id);
      if (it == vocabulary.end()) {
        EXPECT_TRUE(std::isinf(lp[r][id].item<float>())) << "row " << r << ": piece " << id << " is not on its list";
        EXPECT_TRUE(std::isinf(engine_step.last_log_prob(r, id)));
      } else {
        EXPECT_NEAR(lp[r][id].item<float>(), expected[it - vocabulary.begin()].item<float>(), 1e-5);
      }
    }
  }
  EXPECT_NEAR(engine_step.last_log_prob(1, 10), lp[1][10].item<float>(), 1e-5);
  EXPECT_TRUE(std::isinf(engine_step.last_log_prob(1, 2))) << "a banned token";
}

// A shortlisted sentence's scores are the same alone and in a batch whose
// other sentences have longer and shorter lists: its own list's products
// are the same arithmetic whatever the batch (gathered_product), and the
// rest of the step differs in the last bits at most (the matrix products'
// blocking may follow the row count), far below what normalising over the
// batch's lists would change.
TEST(EngineStep, AShortlistedSentenceScoresTheSameAloneAndInABatch) {
  auto model = eval_model(16, true, true);
  torch::NoGradGuard no_grad;
  for (const int threads : {1, 2}) {
    const auto weights = infer::weights_from(model, infer::Precision::kFloat32, threads);
    infer::Engine engine(weights, threads), alone_engine(weights, threads);
    const SourceVocabularies vocabularies = {{0, 1, 2, 3, 4, 9, 17, 40}, {0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 30, 31, 50},
                                             {0, 1, 2, 3, 12}};
    const std::vector<std::vector<int>> s = {{5, 9, 12, 7, 30}, {44}, {8, 8, 21}};
    EngineStep batch(engine, sources(), &vocabularies);
    const SourceVocabularies one = {vocabularies[1]};
    EngineStep alone(alone_engine, source_batch({&s[1]}, 64), &one);
    TokenRules rules;
    rules.banned = {0, 1};
    TopK in_batch, by_itself;
    std::vector<int64_t> last_batch(3, 1), last_alone(1, 1);
    for (int step = 0; step < 4; ++step) {
      batch.top_k(last_batch, rules, 3, in_batch);
      alone.top_k(last_alone, rules, 3, by_itself);
      for (int64_t j = 0; j < 3; ++j) {
        EXPECT_EQ(in_batch.ids[3 + j], by_itself.ids[j]) << threads << " threads, step " << step;
        EXPECT_NEAR(in_batch.scores[3 + j], by_itself.scores[j], 1e-5) << threads << " threads, step " << step;
      }
      for (int64_t r = 0; r < 3; ++r) last_batch[r] = in_batch.ids[r * 3];
      last_alone[0] = by_itself.ids[0];
    }
  }
}

// int8: the engine's products quantize as LibTorch's int8 layers do (per
// output channel, per row), so the two engines' log-probabilities agree far
// closer than int8 agrees with float32.
TEST(EngineStep, Int8LogProbsMatchLibTorchsInt8Model) {
  auto model = eval_model(14, true, true);
  torch::NoGradGuard no_grad;
  const auto int8_weights = infer::weights_from(model, infer::Precision::kInt8);
  const auto src = sources();
  TransformerStep float_step(model, src);
  model->quantize_int8();
  TransformerStep torch_step(model, src);
  EngineStep engine_step(int8_weights, src);
  std::vector<int64_t> last(3, 2);
  double worst = 0, int8_error = 0;
  for (int step = 0; step < 4; ++step) {
    const auto expected = torch_step.log_probs(last);
    worst = std::max(worst, max_relative_diff(engine_step.log_probs(last), expected));
    int8_error = std::max(int8_error, max_relative_diff(float_step.log_probs(last), expected));
    last = {5 + step, 9 + step, 20 + step};
  }
  std::cout << "int8 engine vs LibTorch int8: max relative diff " << worst << "; int8 vs float32: " << int8_error
            << "\n";
  EXPECT_LT(worst, 1e-4);
  EXPECT_GT(int8_error, 10 * worst);
}

// A worker with two threads (products in two column parts, rows split) gives
// the same steps as one thread, and the same hypotheses.
TEST(EngineStep, TwoThreadsGiveWhatOneGives) {
  auto model = eval_model(16, true, true);
  torch::NoGradGuard no_grad;
  for (const auto precision : {infer::Precision::kFloat32, infer::Precision::kInt8}) {
    const auto one = infer::weights_from(model, precision, 1), two = infer::weights_from(model, precision, 2);
    infer::Engine alone(one), pair(two, 2);
    const auto src = sources();
    EngineStep a(alone, src), b(pair, src);
    std::vector<int64_t> last(3, 2);
    for (int step = 0; step < 3; ++step) {
      EXPECT_LT(max_relative_diff(b.log_probs(last), a.log_probs(last)), 1e-6) << "step " << step;
      a.select_rows({0, 0, 1, 2}, false), b.select_rows({0, 0, 1, 2}, false);
      last = {5, 6, 7, 8};
      if (step == 0) continue;
      a.select_rows({1, 2, 3}, false), b.select_rows({1, 2, 3}, false);
      last = {9, 10, 11};
    }
    SearchOptions options;
    EngineStep c(alone, src), d(pair, src);
    const std::vector<int64_t> limits = {12, 6, 9};
    const auto expected = search(c, limits, options), got = search(d, limits, options);
    for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i][0].tokens, expected[i][0].tokens) << "sentence " << i;
  }
}

// Greedy and beam 4 on the same sources give the same hypotheses, tokens and scores.
TEST(EngineStep, SearchesGiveTheSameHypothesesAsLibTorch) {
  auto model = eval_model(12, true, true);
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
// Continuous batching's feed for the tests below: waiting sources join in
// order, as many as there is room for, each with its own limit.
class WaitingSources : public SentenceFeed {
 public:
  // vocabularies: empty, or one per source (a shortlist's).
  WaitingSources(int64_t capacity, std::vector<std::vector<int>> sources, std::vector<int64_t> limits,
                 SourceVocabularies vocabularies = {})
      : capacity_(capacity), sources_(std::move(sources)), limits_(std::move(limits)),
        vocabularies_(std::move(vocabularies)) {}
  int64_t capacity() const override { return capacity_; }
  std::vector<int64_t> join(StepFunction& step, int64_t room) override {
    std::vector<const std::vector<int>*> batch;
    std::vector<int64_t> limits;
    SourceVocabularies vocabularies;
    for (; next_ < sources_.size() && static_cast<int64_t>(batch.size()) < room; ++next_) {
      batch.push_back(&sources_[next_]), limits.push_back(limits_[next_]);
      if (!vocabularies_.empty()) vocabularies.push_back(vocabularies_[next_]);
    }
    if (!batch.empty()) step.add_sources(source_batch(batch, 64), vocabularies_.empty() ? nullptr : &vocabularies);
    return limits;
  }

 private:
  int64_t capacity_;
  std::vector<std::vector<int>> sources_;
  std::vector<int64_t> limits_;
  SourceVocabularies vocabularies_;
  size_t next_ = 0;
};

// Sentences that join a running batch (their cross keys in freed or new
// places, longer sources than the first ones, rows at earlier positions
// beside later ones) get what each gets alone: greedy on one thread, beam 3
// on two; with the whole vocabulary, and with a shortlist of each
// sentence's own (a joining sentence's list in a place a finished one left).
class ContinuousBatching : public ::testing::TestWithParam<bool> {};

TEST_P(ContinuousBatching, GivesEachSentenceWhatItGetsAlone) {
  const bool shortlisted = GetParam();
  auto model = eval_model(21, true, true);
  torch::NoGradGuard no_grad;
  model->output_bias.uniform_(-4, 4);  // peakier: near-ties between tokens are rare
  torch::manual_seed(22);
  std::vector<std::vector<int>> sources;
  for (const int64_t n : {3, 1, 6, 2, 9, 4, 12, 5, 1}) {
    const auto ids = torch::randint(4, 60, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  std::vector<int64_t> limits;
  for (const auto& s : sources) limits.push_back(static_cast<int64_t>(s.size()) + 4);
  SourceVocabularies vocabularies;  // the reserved ids and 12 to 36 others
  for (size_t i = 0; i < sources.size() && shortlisted; ++i) {
    const auto picked = torch::randperm(56, torch::kLong).slice(0, 0, 12 + 3 * static_cast<int64_t>(i)) + 4;
    std::vector<int64_t> list = {0, 1, 2, 3};
    list.insert(list.end(), picked.data_ptr<int64_t>(), picked.data_ptr<int64_t>() + picked.numel());
    std::sort(list.begin(), list.end());
    vocabularies.push_back(list);
  }
  SourceVocabularies picked;  // vocabularies_of's, read by the step it is given to
  const auto vocabularies_of = [&](std::vector<size_t> indices) -> const SourceVocabularies* {
    if (!shortlisted) return nullptr;
    picked.clear();
    for (const auto i : indices) picked.push_back(vocabularies[i]);
    return &picked;
  };
  for (const int beam : {1, 3}) {
    const int threads = beam == 1 ? 1 : 2;
    // Sentences end by choice, at different steps (the beam's longer
    // hypotheses need a larger push).
    // A list's few pieces give </s> a larger share: a smaller push.
    model->output_bias[text::kEosId] = (beam == 1 ? 3.5 : 5.0) - (shortlisted ? (beam == 1 ? 0.7 : 1.0) : 0.0);
    const auto weights = infer::weights_from(model, infer::Precision::kFloat32, threads);
    infer::Engine engine(weights, threads);
    SearchOptions options;
    options.beam = beam, options.n_best = beam == 1 ? 1 : 2;
    const std::vector<const std::vector<int>*> first = {&sources[0], &sources[1]};
    EngineStep step(engine, source_batch(first, 64), vocabularies_of({0, 1}));
    WaitingSources feed(3, {sources.begin() + 2, sources.end()}, {limits.begin() + 2, limits.end()},
                        shortlisted ? SourceVocabularies(vocabularies.begin() + 2, vocabularies.end()) : SourceVocabularies{});
    const auto got = search(step, {limits[0], limits[1]}, options, &feed);
    ASSERT_EQ(got.size(), sources.size());
    int ended_by_choice = 0, several_tokens = 0;
    for (size_t i = 0; i < sources.size(); ++i) {
      EngineStep one(weights, source_batch({&sources[i]}, 64), vocabularies_of({i}));
      const auto alone = search(one, {limits[i]}, options);
      ASSERT_EQ(got[i].size(), alone[0].size()) << "beam " << beam << " sentence " << i;
      for (size_t k = 0; k < alone[0].size(); ++k) {
        EXPECT_EQ(got[i][k].tokens, alone[0][k].tokens) << "beam " << beam << " sentence " << i << " hypothesis " << k;
        EXPECT_NEAR(got[i][k].score, alone[0][k].score, 1e-4) << "beam " << beam << " sentence " << i;
      }
      const auto length = static_cast<int64_t>(alone[0][0].tokens.size());
      ended_by_choice += length + 1 < limits[i];
      several_tokens += length >= 2;
    }
    // Sentences end at different steps, so rows join beside rows further on.
    EXPECT_GE(ended_by_choice, 4) << "beam " << beam << ": too few sentences end before their limit to test refills";
    EXPECT_GE(several_tokens, 4) << "beam " << beam << ": too few sentences last long enough to test refills";
    std::cout << "beam " << beam << ": " << ended_by_choice << " of " << sources.size() << " end by choice, "
              << several_tokens << " have 2 tokens or more\n";
  }
}

INSTANTIATE_TEST_SUITE_P(EngineStep, ContinuousBatching, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "Shortlisted" : "WholeVocabulary"; });

// A shortlisted search takes sentences only with lists of their own, and a
// search over the whole vocabulary none.
TEST(EngineStep, JoiningSentencesBringAListExactlyWhereTheRunningOnesHaveOne) {
  auto model = eval_model(23, true, true);
  torch::NoGradGuard no_grad;
  const auto weights = infer::weights_from(model);
  const SourceVocabularies three = {{0, 1, 2, 3, 7, 9}, {0, 1, 2, 3, 8}, {0, 1, 2, 3}};
  EngineStep shortlisted(weights, sources(), &three);
  EngineStep whole(weights, sources());
  const auto refused = [](const std::function<void()>& join, const std::string& message) {
    try {
      join();
      ADD_FAILURE() << "joined: expected \"" << message << "\"";
    } catch (const nmt::Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  refused([&] { shortlisted.add_sources(sources(), nullptr); },
          "sources joining a shortlisted search need vocabularies of their own");
  refused([&] { whole.add_sources(sources(), &three); },
          "sources joining a search over the whole vocabulary cannot bring a shortlist");
  const SourceVocabularies two = {{0, 1, 2, 3}, {0, 1, 2, 3}};
  refused([&] { shortlisted.add_sources(sources(), &two); }, "2 shortlist vocabularies for 3 sources");
  const SourceVocabularies no_end = {{0, 1, 2, 7}, {0, 1, 2, 3}, {0, 1, 2, 3}};
  refused([&] { shortlisted.add_sources(sources(), &no_end); }, "a shortlist vocabulary without </s>");
}

}  // namespace nmt::decode
