// The search driving a real (random, tiny) Transformer through
// TransformerStep, and the batch translator's bookkeeping.
#include <algorithm>
#include <set>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/decode/constrained_search.h"
#include "nmt/decode/decode_options.h"
#include "nmt/decode/search.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/translator.h"
#include "nmt/model/threads.h"
#include "nmt/model/transformer.h"
#include "nmt/text/vocab.h"
#include "error_message.h"

namespace nmt::decode {
namespace {

// A random model rarely stops: `eos_boost` favours </s> so that outputs end
// by choice at various lengths, not only at the length limit.
model::Transformer random_tiny_model(uint64_t seed, double eos_boost) {
  torch::manual_seed(seed);
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 24;
  c.dropout = 0.0;
  c.max_positions = 64;
  model::Transformer model(c);
  model->eval();
  torch::NoGradGuard no_grad;
  model->output->bias[text::kEosId].add_(eos_boost);
  return model;
}

// (N, S) random sources: ids 4..23, </s>, then padding; lengths vary by row.
torch::Tensor random_sources(const std::vector<int64_t>& lengths) {
  int64_t width = 0;
  for (auto n : lengths) width = std::max(width, n + 1);
  auto src = torch::full({static_cast<int64_t>(lengths.size()), width}, text::kPadId, torch::kLong);
  for (size_t i = 0; i < lengths.size(); ++i) {
    src[i].narrow(0, 0, lengths[i]).copy_(torch::randint(4, 24, {lengths[i]}, torch::kLong));
    src[i][lengths[i]] = text::kEosId;
  }
  return src;
}

TEST(TranslatorTest, BeamOne_EqualsGreedy) {
  torch::set_num_threads(2);
  torch::InferenceMode inference;
  auto model = random_tiny_model(36, 1.5);
  auto src = random_sources({6, 2, 9, 4});
  SearchOptions o;
  o.beam = 1, o.length_penalty = 0.6;
  TransformerStep greedy_step(model, src), beam_step(model, src);
  auto greedy = greedy_search(greedy_step, src.size(0), 20, o);
  auto beam = beam_search(beam_step, src.size(0), 20, o);
  ASSERT_EQ(greedy.size(), beam.size());
  for (size_t i = 0; i < greedy.size(); ++i) {
    ASSERT_EQ(greedy[i].size(), 1u);
    ASSERT_EQ(beam[i].size(), 1u);
    EXPECT_EQ(beam[i][0].tokens, greedy[i][0].tokens) << "sentence " << i;
    EXPECT_NEAR(beam[i][0].log_prob, greedy[i][0].log_prob, 1e-4) << "sentence " << i;
    EXPECT_NEAR(beam[i][0].score, greedy[i][0].score, 1e-4) << "sentence " << i;
    std::cout << "sentence " << i << ": " << greedy[i][0].tokens.size() << " tokens\n";
  }
}

// The search rules of search.h, written the slow way for one sentence: every
// hypothesis rescored by a full teacher-forced pass (no cache, no row
// bookkeeping). Beam K, 2K best candidates a step. The former rule (GNMT's
// penalty, or alpha 0): </s> ones within the top K finish, the best K others
// live on; stop when the best candidate is </s>. The shrinking rule (log P /
// |y|^alpha, alpha > 0): of the best K - finished candidates, </s> ones
// finish and the others live on; stop when K have finished. Both stop at
// max_length, whose last step may only choose </s>. Finished ones rank by
// log P / penalty(|y|), |y| counting </s>. With the brevity penalty
// (shrinking rule, `expected` > 0, weight w): a candidate ending in </s> at
// L tokens shorter than `expected` competes with w x (1 - expected / L) x
// L^alpha added, and a finished one ranks with w x (1 - expected / L)
// added. Returns every finished hypothesis, best first.
std::vector<Hypothesis> reference_search(model::Transformer& model, const torch::Tensor& src_row, int64_t K,
                                         int64_t max_length, double alpha, bool gnmt, double expected = 0,
                                         double w = 0) {
  struct Live {
    std::vector<int64_t> tokens;  // <s> + generated
    double score;
  };
  const bool shrinking = !gnmt && alpha != 0;
  const auto brevity = [&](double length) {
    return shrinking && length < expected ? w * (1.0 - expected / length) : 0.0;
  };
  std::vector<Live> live{{{text::kBosId}, 0.0}};
  std::vector<Hypothesis> finished;
  auto src = src_row.unsqueeze(0);
  for (int64_t t = 0; t < max_length; ++t) {
    std::vector<std::tuple<double, double, size_t, int>> candidates;  // rank, score, live index, token
    for (size_t h = 0; h < live.size(); ++h) {
      auto tgt = torch::tensor(live[h].tokens, torch::kLong).unsqueeze(0);
      auto lp = torch::log_softmax(model->forward(src, tgt)[0][-1], -1);  // (V)
      const double ending = static_cast<double>(live[h].tokens.size());  // |y| with </s>: generated + 1
      for (int v = 0; v < lp.size(0); ++v) {
        if (v == text::kPadId || v == text::kBosId || (t == max_length - 1 && v != text::kEosId)) continue;
        const double score = live[h].score + lp[v].item<float>();
        const double rank = v == text::kEosId ? score + brevity(ending) * std::pow(ending, alpha) : score;
        candidates.emplace_back(rank, score, h, v);
      }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
    const size_t open = shrinking ? K - finished.size() : K;
    std::vector<Live> next;
    for (size_t j = 0; j < std::min<size_t>(2 * K, candidates.size()); ++j) {
      const auto& [rank, score, h, v] = candidates[j];
      std::vector<int> generated(live[h].tokens.begin() + 1, live[h].tokens.end());
      if (v == text::kEosId) {
        if (j < open) {
          const double y = generated.size() + 1.0;
          finished.push_back({generated, score, score / std::pow(gnmt ? (5.0 + y) / 6.0 : y, alpha) + brevity(y)});
        }
      } else if (shrinking ? j < open : next.size() < static_cast<size_t>(K)) {
        auto tokens = live[h].tokens;
        tokens.push_back(v);
        next.push_back({tokens, score});
      }
    }
    const bool done = shrinking ? finished.size() >= static_cast<size_t>(K) : std::get<3>(candidates[0]) == text::kEosId;
    if (done || next.empty()) break;
    live = next;
  }
  std::stable_sort(finished.begin(), finished.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
  return finished;
}

TEST(TranslatorTest, Search_MatchesSlowReferenceOnAModel) {
  torch::set_num_threads(2);
  torch::InferenceMode inference;
  auto model = random_tiny_model(36, 1.5);
  torch::manual_seed(37);
  auto src = random_sources({6, 2, 9, 4, 7});
  const int64_t max_length = 12;
  for (const bool gnmt : {false, true}) {
    for (int64_t K : {1, 3}) {
      SearchOptions o;  // the default: log P / |y|, a shrinking beam
      o.beam = K;
      if (gnmt) o.length_rule = "gnmt", o.length_penalty = 0.6;
      const std::string what = std::string(gnmt ? "gnmt 0.6" : "power 1") + ", beam " + std::to_string(K);
      TransformerStep step(model, src);
      auto batched =
          K == 1 ? greedy_search(step, src.size(0), max_length, o) : beam_search(step, src.size(0), max_length, o);
      for (int64_t i = 0; i < src.size(0); ++i) {
        const auto expected = reference_search(model, src[i], K, max_length, o.length_penalty, gnmt).at(0);
        EXPECT_EQ(batched[i][0].tokens, expected.tokens) << what << ", sentence " << i;
        EXPECT_NEAR(batched[i][0].log_prob, expected.log_prob, 1e-4) << what << ", sentence " << i;
        EXPECT_NEAR(batched[i][0].score, expected.score, 1e-4) << what << ", sentence " << i;
      }
    }
  }
}

TEST(TranslatorTest, Translator_RestoresInputOrder) {
  torch::set_num_threads(2);
  Translator translator(random_tiny_model(36, 1.5), torch::kCPU);
  torch::manual_seed(33);
  std::vector<std::vector<int>> sources;
  for (int n : {7, 2, 5, 1, 9, 4, 3}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  int64_t ended_by_choice = 0;
  for (int64_t beam : {1, 3}) {
    TranslateOptions o;
    o.search.beam = beam;
    o.search.n_best = beam == 1 ? 1 : 2;
    o.batch_size = 3;  // several length-sorted batches
    o.max_length_ratio = 1.0, o.max_length_extra = 4;  // each sentence's own limit: 5..13 tokens
    TranslateStats stats;
    auto together = translator.translate(sources, o, &stats);
    ASSERT_EQ(together.size(), sources.size());
    EXPECT_EQ(stats.sentences, static_cast<int64_t>(sources.size()));
    int64_t generated = 0;
    for (size_t i = 0; i < sources.size(); ++i) {
      auto alone = translator.translate({sources[i]}, o);
      ASSERT_EQ(together[i].size(), alone[0].size()) << "beam " << beam << ", sentence " << i;
      for (size_t k = 0; k < alone[0].size(); ++k) {
        const auto& a = alone[0][k];
        const auto& t = together[i][k];
        EXPECT_EQ(t.tokens, a.tokens) << "beam " << beam << ", sentence " << i << ", hypothesis " << k;
        EXPECT_NEAR(t.score, a.score, 1e-4) << "beam " << beam << ", sentence " << i << ", hypothesis " << k;
        EXPECT_NEAR(t.log_prob, a.log_prob, 1e-4) << "beam " << beam << ", sentence " << i << ", hypothesis " << k;
      }
      const auto length = static_cast<int64_t>(alone[0][0].tokens.size());
      ended_by_choice += length > 0 && length + 1 < max_output_length(sources[i].size(), o, 64);
      generated += static_cast<int64_t>(together[i][0].tokens.size());
    }
    EXPECT_EQ(stats.generated_tokens, generated);
  }
  EXPECT_GE(ended_by_choice, 4) << "too few outputs of 1..10 tokens for this test to mean much";
}

// Batches translated by several threads at once: the same outputs as one
// thread, in input order, with every batch timed.
TEST(TranslatorTest, Workers_GiveTheSameTranslationsAsOneThread) {
  model::set_cpu_threads(1);
  Translator translator(random_tiny_model(38, 1.5), torch::kCPU);
  torch::manual_seed(39);
  std::vector<std::vector<int>> sources;
  for (int n : {7, 2, 5, 1, 9, 4, 3, 8, 6, 2, 5, 10, 1}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  for (int64_t beam : {1, 3}) {
    TranslateOptions o;
    o.search.beam = beam;
    o.batch_size = 3;  // 5 batches
    TranslateStats one_stats, three_stats;
    auto one = translator.translate(sources, o, &one_stats);
    o.workers = 3;
    auto three = translator.translate(sources, o, &three_stats);
    ASSERT_EQ(three.size(), sources.size());
    for (size_t i = 0; i < sources.size(); ++i) {
      ASSERT_EQ(three[i].size(), 1u);
      EXPECT_EQ(three[i][0].tokens, one[i][0].tokens) << "beam " << beam << ", sentence " << i;
      EXPECT_NEAR(three[i][0].score, one[i][0].score, 1e-5) << "beam " << beam << ", sentence " << i;
    }
    EXPECT_EQ(three_stats.generated_tokens, one_stats.generated_tokens);
    EXPECT_EQ(three_stats.batch_seconds.size(), 5u);
    EXPECT_EQ(one_stats.batch_seconds.size(), 5u);
  }
  model::set_cpu_threads(2);
}

// Continuous batching (--continuous, on the CPU engine) gives what fixed
// batches give, on one worker and on three, for a model and an ensemble;
// each worker's running search counts as one batch.
TEST(TranslatorTest, Continuous_GivesWhatFixedBatchesGive) {
  model::set_cpu_threads(1);
  Translator single(random_tiny_model(42, 1.5), torch::kCPU);
  Translator ensemble({random_tiny_model(42, 1.5), random_tiny_model(43, 1.5)}, {}, torch::kCPU);
  if (single.engine_for(TranslateOptions{}) != "cpu") GTEST_SKIP() << "built without the CPU engine";
  torch::manual_seed(44);
  std::vector<std::vector<int>> sources;
  for (int n : {7, 2, 5, 1, 9, 4, 3, 8, 6, 2, 5, 10, 1, 12, 3, 7, 4}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  for (auto* translator : {&single, &ensemble}) {
    for (const int64_t beam : {1, 3}) {
      for (const int workers : {1, 3}) {
        const auto what = std::to_string(translator->size()) + " model(s), beam " + std::to_string(beam) + ", " +
                          std::to_string(workers) + " worker(s)";
        TranslateOptions o;
        o.search.beam = beam, o.batch_size = 4, o.workers = workers;
        o.max_length_ratio = 1.0, o.max_length_extra = 4;
        TranslateStats fixed_stats, continuous_stats;
        const auto fixed = translator->translate(sources, o, &fixed_stats);
        o.continuous = true;
        const auto continuous = translator->translate(sources, o, &continuous_stats);
        ASSERT_EQ(continuous.size(), sources.size()) << what;
        int ended_by_choice = 0;
        for (size_t i = 0; i < sources.size(); ++i) {
          ASSERT_EQ(continuous[i].size(), 1u) << what << ", sentence " << i;
          EXPECT_EQ(continuous[i][0].tokens, fixed[i][0].tokens) << what << ", sentence " << i;
          EXPECT_NEAR(continuous[i][0].score, fixed[i][0].score, 1e-4) << what << ", sentence " << i;
          const auto length = static_cast<int64_t>(fixed[i][0].tokens.size());
          ended_by_choice += length + 1 < max_output_length(sources[i].size(), o, 64);
        }
        EXPECT_GE(ended_by_choice, 5) << what << ": too few sentences end early for refills to happen";
        EXPECT_EQ(continuous_stats.generated_tokens, fixed_stats.generated_tokens) << what;
        EXPECT_EQ(fixed_stats.batch_seconds.size(), 5u) << what;
        EXPECT_GE(continuous_stats.batch_seconds.size(), 1u) << what;
        EXPECT_LE(continuous_stats.batch_seconds.size(), static_cast<size_t>(workers)) << what;
      }
    }
  }
  model::set_cpu_threads(2);
}

// The brevity penalty decides which hypotheses finish and their order, as
// reference_search above does; it changes some sentences' best translation,
// and some against ranking the 4-best of a search without it afterwards
// (what it did before it entered the search). The CPU engine's running
// search (--continuous) gives its fixed batches' translations, and greedy
// search is left as it was.
TEST(TranslatorTest, BrevityPenalty_DecidesWhichHypothesesFinishAsAPlainLoopDoes) {
  model::set_cpu_threads(1);
  auto model = random_tiny_model(42, 1.5);
  Translator translator(model, torch::kCPU);
  torch::manual_seed(45);
  std::vector<std::vector<int>> sources;
  for (int n : {7, 2, 5, 1, 9, 4, 3, 8, 6, 2, 5, 10}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  TranslateOptions plain;
  plain.search.beam = 4, plain.search.n_best = 4, plain.batch_size = 4;
  plain.max_length_ratio = 1.0, plain.max_length_extra = 4;
  plain.engine = "torch";
  const auto beams = translator.translate(sources, plain);
  TranslateOptions with = plain;
  with.search.n_best = 2, with.length_ratio = 1.5, with.brevity_weight = 0.5;
  const auto ranked = translator.translate(sources, with);
  int changed = 0, unlike_reranking = 0;
  for (size_t i = 0; i < sources.size(); ++i) {
    const double expected = 1.5 * static_cast<double>(sources[i].size() + 1);
    const auto limit = static_cast<int64_t>(sources[i].size()) + 4;
    auto src = torch::full({static_cast<int64_t>(sources[i].size()) + 1}, text::kEosId, torch::kLong);
    for (size_t j = 0; j < sources[i].size(); ++j) src[static_cast<int64_t>(j)] = sources[i][j];
    torch::NoGradGuard no_grad;
    const auto slow = reference_search(model, src, 4, limit, 1.0, false, expected, 0.5);
    ASSERT_EQ(ranked[i].size(), 2u) << "sentence " << i;
    ASSERT_GE(slow.size(), 2u) << "sentence " << i;
    for (size_t k = 0; k < 2; ++k) {
      EXPECT_EQ(ranked[i][k].tokens, slow[k].tokens) << "sentence " << i << ", rank " << k;
      EXPECT_NEAR(ranked[i][k].score, slow[k].score, 1e-4) << "sentence " << i << ", rank " << k;
    }
    changed += ranked[i][0].tokens != beams[i][0].tokens;
    auto reranked = beams[i];
    rank_with_brevity_penalty(reranked, expected, 0.5, 1);
    unlike_reranking += ranked[i][0].tokens != reranked[0].tokens;
  }
  EXPECT_GE(changed, 2) << "the penalty should change some sentences' best translation";
  EXPECT_GE(unlike_reranking, 1) << "the penalty should change what finishes, not only the order";
  with.engine = "auto";
  if (translator.engine_for(with) == "cpu") {
    const auto fixed = translator.translate(sources, with);
    with.continuous = true;
    const auto continuous = translator.translate(sources, with);
    for (size_t i = 0; i < sources.size(); ++i) {
      EXPECT_EQ(continuous[i][0].tokens, fixed[i][0].tokens) << "sentence " << i << ", continuous";
    }
  }
  TranslateOptions greedy = with;
  greedy.search.beam = 1, greedy.search.n_best = 1, greedy.continuous = false;
  TranslateOptions greedy_plain = greedy;
  greedy_plain.length_ratio = 0;
  const auto a = translator.translate(sources, greedy), b = translator.translate(sources, greedy_plain);
  for (size_t i = 0; i < sources.size(); ++i) EXPECT_EQ(a[i][0].tokens, b[i][0].tokens) << "sentence " << i << ", greedy";
  model::set_cpu_threads(2);
}

// A shortlist restricts each sentence to its own list, so a sentence's
// translation is the same alone, in a fixed batch of 4 and in a running
// search that others join (beam 1 and 3), and every token it writes is on
// its own list, not only on a batch neighbour's.
TEST(TranslatorTest, Shortlist_EachSentenceKeepsItsOwnListInAnyBatch) {
  model::set_cpu_threads(1);
  Translator translator(random_tiny_model(45, 1.5), torch::kCPU);
  if (translator.engine_for(TranslateOptions{}) != "cpu") GTEST_SKIP() << "built without the CPU engine";
  torch::manual_seed(46);
  std::vector<std::vector<int>> sources;
  ShortlistCounter counter(24, 24);
  for (int n : {7, 2, 5, 1, 9, 4, 3, 8, 6, 2, 5, 10}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
    auto tgt = torch::randint(4, 24, {3}, torch::kLong);
    counter.add(sources.back(), {tgt.data_ptr<int64_t>(), tgt.data_ptr<int64_t>() + 3});
  }
  ShortlistOptions shortlist_options;
  shortlist_options.frequent = 2, shortlist_options.per_source = 2;
  TranslateOptions o;
  o.shortlist = std::make_shared<const Shortlist>(counter.finish(shortlist_options));
  o.max_length_ratio = 1.0, o.max_length_extra = 4;
  for (const int64_t beam : {1, 3}) {
    o.search.beam = beam;
    o.batch_size = 1, o.continuous = false;
    const auto alone = translator.translate(sources, o);
    o.batch_size = 4;
    const auto fixed = translator.translate(sources, o);
    o.continuous = true;
    const auto continuous = translator.translate(sources, o);
    int restricted = 0;  // sentences whose list leaves out some piece
    for (size_t i = 0; i < sources.size(); ++i) {
      const auto what = "beam " + std::to_string(beam) + ", sentence " + std::to_string(i);
      ASSERT_EQ(alone[i].size(), 1u) << what;
      for (const auto* other : {&fixed[i], &continuous[i]}) {
        ASSERT_EQ(other->size(), 1u) << what;
        EXPECT_EQ(other->front().tokens, alone[i][0].tokens) << what;
        EXPECT_NEAR(other->front().score, alone[i][0].score, 1e-4) << what;
      }
      const auto list = o.shortlist->vocabulary({&sources[i]});
      restricted += list.size() < 24;
      for (const auto token : alone[i][0].tokens)
        EXPECT_TRUE(std::binary_search(list.begin(), list.end(), int64_t{token})) << what << ": token " << token;
    }
    EXPECT_GE(restricted, 10) << "the lists leave too little out to test";
  }
  model::set_cpu_threads(2);
}

// A worker's engine cache: its engine is made once and reused by every
// later call, int8 weights included, with the translations of a fresh one.
TEST(TranslatorTest, EngineCache_KeepsOneEnginePerModelAndGivesTheSameTranslations) {
  model::set_cpu_threads(1);
  Translator translator(random_tiny_model(40, 1.5), torch::kCPU);
  TranslateOptions o;
  if (translator.engine_for(o) != "cpu") GTEST_SKIP() << "built without the CPU engine";
  torch::manual_seed(41);
  std::vector<std::vector<int>> sources;
  for (int n : {6, 3, 9, 1}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  o.search.beam = 2;
  EngineCache cache;
  EXPECT_EQ(cache.size(), 0u);
  for (int call = 0; call < 3; ++call) {
    const auto fresh = translator.translate(sources, o);
    const auto cached = translator.translate(sources, o, nullptr, &cache);
    for (size_t i = 0; i < sources.size(); ++i) {
      EXPECT_EQ(cached[i][0].tokens, fresh[i][0].tokens) << "call " << call << ", sentence " << i;
      EXPECT_EQ(cached[i][0].score, fresh[i][0].score) << "call " << call << ", sentence " << i;
    }
  }
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.built(), 1);
  o.workers = 2;
  EXPECT_EQ(testing::error_message([&] { translator.translate(sources, o, nullptr, &cache); }),
            "an engine cache serves one worker, got workers = 2");
  model::set_cpu_threads(2);
}

// Constraints on some sentences (constrained_search.h): theirs hold (a
// phrase of two pieces or its one-piece spelling appears; an excluded piece
// does not), the other sentences translate exactly as without them, and
// both engines find the same hypotheses.
TEST(TranslatorTest, Constraints_HoldWhereGiven_OtherSentencesUnchanged) {
  model::set_cpu_threads(1);
  Translator translator(random_tiny_model(42, 1.5), torch::kCPU);
  torch::manual_seed(43);
  std::vector<std::vector<int>> sources;
  for (int n : {7, 2, 5, 1, 9, 4, 3}) {
    auto ids = torch::randint(4, 24, {n}, torch::kLong);
    sources.emplace_back(ids.data_ptr<int64_t>(), ids.data_ptr<int64_t>() + n);
  }
  Phrase include, exclude;
  include.text = "phrase", include.spellings = {{9, 10}, {11}};
  for (int64_t beam : {1, 3}) {
    TranslateOptions o;
    o.search.beam = beam;
    o.batch_size = 3;
    o.engine = "torch";
    const auto plain = translator.translate(sources, o);
    std::vector<Constraints> constraints(sources.size());
    constraints[1].include = {include};
    constraints[4].include = {include};
    size_t excluded = 0;  // a sentence whose translation loses its first piece
    while (excluded < sources.size() && (excluded == 1 || excluded == 4 || plain[excluded][0].tokens.empty())) ++excluded;
    ASSERT_LT(excluded, sources.size());
    exclude.text = "x", exclude.spellings = {{plain[excluded][0].tokens[0]}};
    constraints[excluded].exclude = {exclude};
    const auto got = translator.translate(sources, o, nullptr, nullptr, &constraints);
    for (size_t i = 0; i < sources.size(); ++i) {
      ASSERT_EQ(got[i].size(), 1u);
      if (constraints[i].empty()) {
        EXPECT_EQ(got[i][0].tokens, plain[i][0].tokens) << "beam " << beam << ", sentence " << i;
        EXPECT_NEAR(got[i][0].score, plain[i][0].score, 1e-4) << "beam " << beam << ", sentence " << i;
      }
    }
    EXPECT_TRUE(contains_phrase(got[1][0].tokens, include)) << "beam " << beam;
    EXPECT_TRUE(contains_phrase(got[4][0].tokens, include)) << "beam " << beam;
    EXPECT_FALSE(contains_phrase(got[excluded][0].tokens, exclude)) << "beam " << beam;
    o.engine = "cpu";
    if (translator.engine_for(o) != "cpu") continue;
    const auto engine = translator.translate(sources, o, nullptr, nullptr, &constraints);
    for (size_t i = 0; i < sources.size(); ++i) {
      EXPECT_EQ(engine[i][0].tokens, got[i][0].tokens) << "beam " << beam << ", sentence " << i;
      EXPECT_NEAR(engine[i][0].log_prob, got[i][0].log_prob, 1e-4) << "beam " << beam << ", sentence " << i;
    }
  }
  std::vector<Constraints> too_few(2);
  EXPECT_EQ(testing::error_message([&] { translator.translate(sources, TranslateOptions{}, nullptr, nullptr, &too_few); }),
            "2 sets of constraints for 7 sources");
  model::set_cpu_threads(2);
}

TEST(TranslatorTest, FixedLength_GivesExactlyThatManyTokens) {
  torch::set_num_threads(2);
  Translator translator(random_tiny_model(34, 0.0), torch::kCPU);
  TranslateOptions o;
  o.fixed_length = 7;
  for (int64_t beam : {1, 2}) {
    o.search.beam = beam;
    auto out = translator.translate({{5, 6, 7}, {8}}, o);
    for (const auto& n_best : out) EXPECT_EQ(n_best[0].tokens.size(), 7u) << "beam " << beam;
  }
}

// An ensemble's next-token scores are the weighted sum of its models'
// log-probabilities (weights normalised to 1), each model on its own cache.
TEST(EnsembleTest, LogProbsAreTheWeightedSumOfTheModels) {
  torch::NoGradGuard no_grad;
  auto a = random_tiny_model(1, 0.0), b = random_tiny_model(2, 0.0);
  const auto src = random_sources({5, 3});
  TransformerStep alone_a(a, src), alone_b(b, src);
  std::vector<std::unique_ptr<StepFunction>> members;
  members.push_back(std::make_unique<TransformerStep>(a, src));
  members.push_back(std::make_unique<TransformerStep>(b, src));
  EnsembleStep both(std::move(members), {0.25, 0.75});
  std::vector<int64_t> last = {text::kBosId, text::kBosId};
  for (int step = 0; step < 3; ++step) {
    const auto expected = 0.25 * alone_a.log_probs(last) + 0.75 * alone_b.log_probs(last);
    const auto got = both.log_probs(last);
    EXPECT_TRUE(torch::allclose(got, expected, 1e-5, 1e-6)) << "step " << step;
    last = {5 + step, 7 + step};
  }
  // Weights are normalised; the models must share the target vocabulary.
  Translator unnormalised({a, b}, {1, 3}, torch::kCPU);
  EXPECT_EQ(unnormalised.size(), 2u);
  auto c = model::preset("tiny");
  c.src_vocab = 24, c.tgt_vocab = 30;
  EXPECT_NE(nmt::testing::error_message([&] { Translator({a, model::Transformer(c)}, {}, torch::kCPU); })
                .find("must share the target vocabulary: sizes 24 and 30"),
            std::string::npos);
}

// A run's decode: section sets only the keys a run may default (the
// decoding option table's run_default_keys), and only where the command
// line gave none; a malformed value names the section.
TEST(DecodeOptionsTest, RunDefaultsApplyWhereTheCommandLineIsSilent) {
  TranslateOptions o;
  o.search.normalize = 0.25;  // given on the command line
  const nlohmann::json config = {{"decode",
                                  {{"search", "marian"}, {"normalize", 0.6}, {"allow_unk", false},
                                   {"max_length_factor", 3.0}, {"word_penalty", 0.5}, {"quantize", "int8"}}}};
  apply_model_defaults(config, o, {"normalize"});
  EXPECT_EQ(o.search.rule, "marian");
  EXPECT_EQ(o.search.normalize, 0.25);
  EXPECT_FALSE(o.search.allow_unk);
  EXPECT_EQ(o.max_length_factor, 3.0);
  EXPECT_EQ(o.search.word_penalty, 0.5);
  TranslateOptions r;
  apply_model_defaults({{"decode", {{"length_ratio", 0.74}}}}, r, {});  // what nmt train measures
  EXPECT_EQ(r.length_ratio, 0.74);
  TranslateOptions p;
  apply_model_defaults({{"decode", {{"beam", 12}}}}, p, {});  // not a run's to choose
  EXPECT_EQ(p.search.beam, TranslateOptions{}.search.beam);
  const auto message = testing::error_message([] {
    TranslateOptions q;
    apply_model_defaults({{"decode", {{"allow_unk", "no"}}}}, q, {});
  });
  EXPECT_NE(message.find("the model's decode settings are malformed"), std::string::npos) << message;
  std::set<std::string> keys, flags;
  for (const auto& spec : decode_option_table()) {
    EXPECT_TRUE(keys.insert(spec.key).second) << spec.key;
    EXPECT_TRUE(flags.insert(spec.flag).second) << spec.flag;
  }
  for (const auto& key : run_default_keys()) EXPECT_TRUE(keys.count(key)) << key;
}

}  // namespace
}  // namespace nmt::decode
