// Greedy and beam search on a fake model: a fixed table of next-token
// probabilities per (sentence, prefix), so every right answer below is
// worked out by hand from the tables.
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "decode/table_step.h"
#include "nmt/common/error.h"
#include "nmt/decode/search.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr int kA = 4, kB = 5;  // 0 <pad>, 1 <unk>, 2 <s>, 3 </s>, 4 'a', 5 'b'
Probs P(double eos, double a, double b) { return {0, 0, 0, eos, a, b}; }

// S0: greedy takes 'a' (.55) and then </s> (.4): P = .22; beam 2 finds
// 'b' </s> with P = .45 * .9 = .405.
const Table kS0{{{{}, P(0, .55, .45)}, {{kA}, P(.4, .35, .25)}, {{kB}, P(.9, .05, .05)}}, P(.9, .06, .04)};
// S1: 'a' </s> (P = .26) has the best log-probability, 'b b b' </s>
// (P = .48 * .8 * .8 * .6 = .18432) the best score under length penalty 1.
const Table kS1{{{{}, P(0, .52, .48)},
                 {{kA}, P(.5, .3, .2)},
                 {{kB}, P(.1, .1, .8)},
                 {{kB, kB}, P(.15, .05, .8)},
                 {{kB, kB, kB}, P(.6, .25, .15)}},
                P(.9, .06, .04)};
// S2: never wants to stop.
const Table kS2{{}, P(.05, .7, .25)};

// The tables below were worked out under GNMT's penalty; the default rule,
// |y|^alpha, has its own tests (LengthRule_*).
SearchOptions options(int64_t beam, double alpha, int64_t n_best = 1, bool allow_eos = true) {
  SearchOptions o;
  o.beam = beam, o.length_penalty = alpha, o.length_rule = "gnmt", o.n_best = n_best, o.allow_eos = allow_eos;
  return o;
}

// GNMT: ((5 + length) / 6)^alpha, computed here independently of the library.
double gnmt(int length, double alpha) { return std::pow((5.0 + length) / 6.0, alpha); }

void expect_hyp(const Hypothesis& h, const std::vector<int>& tokens, double probability, int length_with_eos,
                double alpha, const std::string& what) {
  EXPECT_EQ(h.tokens, tokens) << what;
  EXPECT_NEAR(h.log_prob, std::log(probability), 1e-5) << what;
  EXPECT_NEAR(h.score, std::log(probability) / gnmt(length_with_eos, alpha), 1e-5) << what;
}

TEST(SearchTest, Greedy_TakesTheLocallyBestToken) {
  TableStep step({&kS0});
  auto result = greedy_search(step, 1, 10, options(1, 0.6));
  ASSERT_EQ(result.size(), 1u);
  ASSERT_EQ(result[0].size(), 1u);
  expect_hyp(result[0][0], {kA}, .55 * .4, 2, 0.6, "S0 greedy");
  EXPECT_EQ(step.calls, 2);
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
}

TEST(SearchTest, Beam_FindsTheBetterSequenceGreedyMisses) {
  TableStep step({&kS0});
  auto result = beam_search(step, 1, 10, options(2, 0.0));
  ASSERT_EQ(result[0].size(), 1u);
  expect_hyp(result[0][0], {kB}, .45 * .9, 2, 0.0, "S0 beam 2");
  // Stops as soon as its best candidate is </s>: two steps, not ten.
  EXPECT_EQ(step.calls, 2);
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
}

TEST(SearchTest, Beam_NBestIsOrderedByScore) {
  TableStep step({&kS0});
  auto result = beam_search(step, 1, 10, options(2, 0.6, 2));
  ASSERT_EQ(result[0].size(), 2u);
  expect_hyp(result[0][0], {kB}, .405, 2, 0.6, "S0 1st");
  expect_hyp(result[0][1], {kA}, .22, 2, 0.6, "S0 2nd");
}

TEST(SearchTest, Beam_LengthPenaltyPicksTheLongerHypothesis) {
  // Finished on the way: 'a' (P .26, step 1), 'a a' (P .156 * .9, step 2),
  // 'b b b' (P .18432, step 3, when its </s> is the best candidate).
  {
    TableStep step({&kS1});
    auto result = beam_search(step, 1, 10, options(2, 1.0, 2));
    ASSERT_EQ(result[0].size(), 2u);
    expect_hyp(result[0][0], {kB, kB, kB}, .48 * .8 * .8 * .6, 4, 1.0, "S1 alpha 1, 1st");
    expect_hyp(result[0][1], {kA}, .52 * .5, 2, 1.0, "S1 alpha 1, 2nd");
    EXPECT_EQ(step.calls, 4);
    EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  }
  {
    TableStep step({&kS1});
    auto result = beam_search(step, 1, 10, options(2, 0.0, 2));
    ASSERT_EQ(result[0].size(), 2u);
    expect_hyp(result[0][0], {kA}, .26, 2, 0.0, "S1 alpha 0, 1st");
    expect_hyp(result[0][1], {kB, kB, kB}, .18432, 4, 0.0, "S1 alpha 0, 2nd");
  }
}

TEST(SearchTest, MaxLength_ForcesEosAtTheLastStep) {
  {
    TableStep step({&kS2});
    auto result = greedy_search(step, 1, 3, options(1, 0.6));
    expect_hyp(result[0][0], {kA, kA}, .7 * .7 * .05, 3, 0.6, "greedy");
    EXPECT_EQ(step.calls, 3);
  }
  {
    TableStep step({&kS2});
    auto result = beam_search(step, 1, 3, options(2, 0.6));
    expect_hyp(result[0][0], {kA, kA}, .7 * .7 * .05, 3, 0.6, "beam");
    EXPECT_EQ(step.calls, 3);
    EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  }
}

// Each sentence stops at its own limit: S2 (never wants to stop) in rows
// limited to 2 and 4 tokens gives 'a' + </s> and 'a a a' + </s>, the same as
// each alone, while S0 beside them ends by choice.
TEST(SearchTest, MaxLength_IsPerSentence) {
  for (int64_t beam : {1, 2}) {
    const std::string what = "beam " + std::to_string(beam);
    TableStep step({&kS2, &kS0, &kS2});
    auto result = search(step, {2, 6, 4}, options(beam, 0.6));
    expect_hyp(result[0][0], {kA}, .7 * .05, 2, 0.6, what + ", limit 2");
    expect_hyp(result[2][0], {kA, kA, kA}, .7 * .7 * .7 * .05, 4, 0.6, what + ", limit 4");
    EXPECT_EQ(step.calls, 4) << what;  // the longest limit
    EXPECT_TRUE(step.problems.empty()) << step.problems.front();
    for (int64_t limit : {2, 4}) {
      TableStep alone({&kS2});
      EXPECT_EQ(search(alone, {limit}, options(beam, 0.6))[0][0].tokens, result[limit == 2 ? 0 : 2][0].tokens) << what;
    }
    TableStep s0({&kS0});
    EXPECT_EQ(search(s0, {6}, options(beam, 0.6))[0][0].tokens, result[1][0].tokens) << what;
  }
}

TEST(SearchTest, AllowEosFalse_GivesExactlyMaxLengthTokens) {
  // S0 would stop after one token; without </s> the best is 'a a a'
  // (greedy and beam agree: .55 * .35 * .06 beats 'a b a' = .55 * .25 * .06).
  {
    TableStep step({&kS0});
    auto result = greedy_search(step, 1, 3, options(1, 0.6, 1, false));
    expect_hyp(result[0][0], {kA, kA, kA}, .55 * .35 * .06, 3, 0.6, "greedy");
  }
  {
    TableStep step({&kS0});
    auto result = beam_search(step, 1, 3, options(2, 0.6, 1, false));
    expect_hyp(result[0][0], {kA, kA, kA}, .55 * .35 * .06, 3, 0.6, "beam");
    EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  }
}

TEST(SearchTest, Beam_BatchedSentencesFinishingAtDifferentStepsGiveTheirOwnAnswers) {
  TableStep step({&kS1, &kS0, &kS1, &kS2});
  auto result = beam_search(step, 4, 5, options(2, 1.0));
  ASSERT_EQ(result.size(), 4u);
  for (int s : {0, 2}) expect_hyp(result[s][0], {kB, kB, kB}, .18432, 4, 1.0, "S1 in row " + std::to_string(s));
  expect_hyp(result[1][0], {kB}, .405, 2, 1.0, "S0");
  // S2 with beam 2 and max length 5: 'a a a a' + forced </s>.
  expect_hyp(result[3][0], {kA, kA, kA, kA}, std::pow(.7, 4) * .05, 5, 1.0, "S2");
  EXPECT_EQ(step.calls, 5);
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  // After S0 left (step 2) and S1 (step 4) only S2's two rows remain.
  EXPECT_EQ(step.live_sentences(), (std::vector<int>{3, 3}));
}

TEST(SearchTest, Greedy_BatchedSentencesFinishingAtDifferentStepsGiveTheirOwnAnswers) {
  TableStep step({&kS2, &kS0, &kS1});
  auto result = greedy_search(step, 3, 4, options(1, 0.6));
  ASSERT_EQ(result.size(), 3u);
  expect_hyp(result[0][0], {kA, kA, kA}, .7 * .7 * .7 * .05, 4, 0.6, "S2");
  expect_hyp(result[1][0], {kA}, .22, 2, 0.6, "S0");
  expect_hyp(result[2][0], {kA}, .26, 2, 0.6, "S1");
  EXPECT_EQ(step.calls, 4);
  EXPECT_EQ(step.live_sentences(), (std::vector<int>{0}));
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
}

TEST(SearchTest, BeamOne_EqualsGreedyOnTables) {
  for (const Table* table : {&kS0, &kS1, &kS2}) {
    TableStep a({table}), b({table});
    auto greedy = greedy_search(a, 1, 6, options(1, 0.6));
    auto beam = beam_search(b, 1, 6, options(1, 0.6));
    EXPECT_EQ(beam[0][0].tokens, greedy[0][0].tokens);
    // Beam sums path scores in the model's float32, greedy in double.
    EXPECT_NEAR(beam[0][0].log_prob, greedy[0][0].log_prob, 1e-5);
    EXPECT_NEAR(beam[0][0].score, greedy[0][0].score, 1e-5);
  }
}

TEST(SearchTest, Search_DispatchesOnBeamSize) {
  TableStep a({&kS0}), b({&kS0});
  EXPECT_EQ(search(a, {10}, options(1, 0.0))[0][0].tokens, std::vector<int>{kA});
  EXPECT_EQ(search(b, {10}, options(2, 0.0))[0][0].tokens, std::vector<int>{kB});
}

TEST(SearchTest, LengthPenalty_GnmtAndPower) {
  EXPECT_DOUBLE_EQ(length_penalty(7, 0.0, "gnmt"), 1.0);
  EXPECT_NEAR(length_penalty(1, 0.6, "gnmt"), 1.0, 1e-12);  // (5 + 1) / 6 = 1
  EXPECT_NEAR(length_penalty(7, 0.6, "gnmt"), std::pow(2.0, 0.6), 1e-12);
  EXPECT_NEAR(length_penalty(13, 1.0, "gnmt"), 3.0, 1e-12);
  EXPECT_DOUBLE_EQ(length_penalty(7, 0.0, "power"), 1.0);
  EXPECT_NEAR(length_penalty(4, 1.0, "power"), 4.0, 1e-12);
  EXPECT_NEAR(length_penalty(9, 0.5, "power"), 3.0, 1e-12);
}

// S1 under the default options (beam 2, log P / |y|, a shrinking beam).
// Step 1's best two candidates are 'b b' (.384) and 'a' </s> (.26): 'a'
// finishes (P .26, 2 tokens with </s>) and the beam shrinks to one; 'b b b'
// (.3072) lives on and finishes at step 3 (P .18432, 4 tokens). By log P /
// |y|: -0.674 against -0.423, so 'b b b'. GNMT's penalty with alpha 0.6 and
// the former stopping rule (end when the best candidate is </s>) also
// finishes 'a a' (P .1404, 3 tokens) at step 2 and divides by 1.097, 1.188
// and 1.275: -1.228, -1.652 and -1.326, so 'a'. The stronger normalisation
// is what keeps young models' beam outputs from running short.
TEST(SearchTest, LengthRule_DefaultIsLogProbPerToken) {
  const SearchOptions defaults;
  EXPECT_EQ(defaults.length_rule, "power");
  EXPECT_EQ(defaults.length_penalty, 1.0);
  auto with = [](const std::string& rule, double alpha) {
    SearchOptions o;
    o.beam = 2, o.length_rule = rule, o.length_penalty = alpha;
    return o;
  };
  TableStep a({&kS1}), b({&kS1}), c({&kS1});
  auto two = with("power", 1.0);
  two.n_best = 2;
  const auto power = beam_search(a, 1, 10, two)[0];
  ASSERT_EQ(power.size(), 2u);
  EXPECT_EQ(power[0].tokens, (std::vector<int>{kB, kB, kB}));
  EXPECT_NEAR(power[0].score, std::log(.18432) / 4, 1e-5);
  EXPECT_NEAR(power[0].log_prob, std::log(.18432), 1e-5);
  EXPECT_EQ(power[1].tokens, std::vector<int>{kA});  // the beam's only other finished hypothesis
  EXPECT_NEAR(power[1].score, std::log(.26) / 2, 1e-5);
  EXPECT_EQ(a.calls, 4);  // steps 0-3: it ends when its second hypothesis finishes
  EXPECT_TRUE(a.problems.empty()) << a.problems.front();
  const auto gnmt = beam_search(b, 1, 10, with("gnmt", 0.6))[0][0];
  EXPECT_EQ(gnmt.tokens, std::vector<int>{kA});
  EXPECT_NEAR(gnmt.score, std::log(.26) / std::pow(7.0 / 6.0, 0.6), 1e-5);
  const auto power06 = beam_search(c, 1, 10, with("power", 0.6))[0][0];
  EXPECT_EQ(power06.tokens, (std::vector<int>{kB, kB, kB}));
  EXPECT_NEAR(power06.score, std::log(.18432) / std::pow(4.0, 0.6), 1e-5);
}

TEST(SearchTest, BadOptions_AreErrorsNamingTheValues) {
  TableStep step({&kS0});
  try {
    beam_search(step, 1, 5, options(2, 0.6, 3));
    FAIL() << "n_best > beam accepted";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("3"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(beam_search(step, 1, 5, options(0, 0.6)), nmt::Error);
  // Greedy search finds one hypothesis: more is refused, not silently cut.
  try {
    search(step, {5}, options(1, 0.6, 2));
    FAIL() << "n_best 2 with greedy search accepted";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("n-best (2) must be between 1 and the beam size (1)"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(search(step, {0}, options(1, 0.6)), nmt::Error);
  auto linear = options(2, 0.6);
  linear.length_rule = "linear";
  try {
    beam_search(step, 1, 5, linear);
    FAIL() << "length rule 'linear' accepted";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("length rule must be power or gnmt, got 'linear'"), std::string::npos)
        << e.what();
  }
}

// Marian's rules (marian_search.h), on the same tables, worked by hand.
SearchOptions marian(int64_t beam, double normalize, int64_t n_best) {
  SearchOptions o;
  o.rule = "marian", o.beam = beam, o.normalize = normalize, o.n_best = n_best, o.allow_unk = false;
  return o;
}

// Continuous batching's feed over a TableStep: sentences wait in order,
// each with its length limit, and join as many as there is room for. It
// keeps every result the search reports as soon as it is found.
class QueueFeed : public SentenceFeed {
 public:
  QueueFeed(int64_t capacity, std::vector<int64_t> waiting) : capacity_(capacity), waiting_(std::move(waiting)) {}
  int64_t capacity() const override { return capacity_; }
  std::vector<int64_t> join(StepFunction& step, int64_t room) override {
    const auto n = std::min<int64_t>(room, static_cast<int64_t>(waiting_.size() - next_));
    if (n == 0) return {};
    step.add_sources(torch::zeros({n, 1}, torch::kLong), nullptr);  // TableStep takes its next tables
    std::vector<int64_t> limits(waiting_.begin() + next_, waiting_.begin() + next_ + n);
    next_ += static_cast<size_t>(n);
    return limits;
  }
  void finished(int64_t sentence, const std::vector<Hypothesis>& n_best) override {
    order.push_back(sentence);
    reported[sentence] = n_best;
  }
  double expected_length(int64_t /*sentence*/) const override { return expected; }
  std::vector<int64_t> order;
  std::map<int64_t, std::vector<Hypothesis>> reported;
  double expected = 0;  // every joined sentence's expected length

 private:
  int64_t capacity_;
  std::vector<int64_t> waiting_;
  size_t next_ = 0;
};

// Five sentences, two at a time: the three waiting ones join as rows free
// up, and each gets what it gets searched alone, in fewer steps than
// batches of two that wait for their longer sentence. Every sentence is
// expected to be `expected` tokens long (SearchOptions::brevity_weight).
void expect_continuous_equals_alone(const SearchOptions& o, double expected = 0) {
  const std::vector<const Table*> tables = {&kS1, &kS0, &kS2, &kS0, &kS1};
  const int64_t limit = 5;
  TableStep step(tables, 2);
  QueueFeed feed(2, {limit, limit, limit});
  feed.expected = expected;
  const std::vector<double> first_expected(2, expected), one_expected(1, expected);
  auto result = search(step, {limit, limit}, o, &feed, &first_expected);
  const std::string what = "beam " + std::to_string(o.beam);
  EXPECT_TRUE(step.problems.empty()) << what << ": " << step.problems.front();
  ASSERT_EQ(result.size(), tables.size()) << what;
  EXPECT_EQ(step.most_sentences, 2) << what;
  // S0 ends first (step 2 of 5), and the first waiting sentence takes its place.
  ASSERT_EQ(feed.order.size(), tables.size()) << what;
  EXPECT_EQ(feed.order.front(), o.beam == 1 ? 0 : 1) << what;  // greedy: S1 ends at step 2 too, before it
  int static_calls = 0;
  for (size_t first = 0; first < tables.size(); first += 2) {
    std::vector<const Table*> pair(tables.begin() + first, tables.begin() + std::min(first + 2, tables.size()));
    TableStep batch(pair);
    const std::vector<double> pair_expected(pair.size(), expected);
    search(batch, std::vector<int64_t>(pair.size(), limit), o, nullptr, &pair_expected);
    static_calls += batch.calls;
  }
  EXPECT_LT(step.calls, static_calls) << what;
  for (size_t i = 0; i < tables.size(); ++i) {
    TableStep one({tables[i]});
    const auto alone = search(one, {limit}, o, nullptr, &one_expected);
    const auto in = what + ", sentence " + std::to_string(i);
    ASSERT_EQ(result[i].size(), alone[0].size()) << in;
    ASSERT_EQ(feed.reported[static_cast<int64_t>(i)].size(), alone[0].size()) << in;
    for (size_t k = 0; k < alone[0].size(); ++k) {
      EXPECT_EQ(result[i][k].tokens, alone[0][k].tokens) << in;
      EXPECT_NEAR(result[i][k].log_prob, alone[0][k].log_prob, 1e-9) << in;
      EXPECT_NEAR(result[i][k].score, alone[0][k].score, 1e-9) << in;
      EXPECT_EQ(feed.reported[static_cast<int64_t>(i)][k].tokens, alone[0][k].tokens) << in;
    }
  }
}

TEST(SearchTest, ContinuousBatching_EachSentenceAsAloneInFewerSteps) {
  expect_continuous_equals_alone(options(1, 0.6));
  expect_continuous_equals_alone(options(2, 0.6, 2));
  SearchOptions shrinking;  // the default: power 1, the beam shrinking
  shrinking.beam = 2;
  expect_continuous_equals_alone(shrinking);
  shrinking.brevity_weight = 1.0;  // joined sentences get their expected lengths from the feed
  expect_continuous_equals_alone(shrinking, 4.0);
}

// A step function without add_sources (here: one that forwards the rest to
// a TableStep) is refused by name, and so are a feed that overfills and
// Marian's rule.
class NoJoinStep : public StepFunction {
 public:
  explicit NoJoinStep(TableStep& inner) : inner_(inner) {}
  at::Tensor log_probs(const std::vector<int64_t>& last) override { return inner_.log_probs(last); }
  void select_rows(const std::vector<int64_t>& rows, bool same) override { inner_.select_rows(rows, same); }

 private:
  TableStep& inner_;
};

class GreedyFeed : public SentenceFeed {
 public:
  explicit GreedyFeed(int64_t extra) : extra_(extra) {}
  int64_t capacity() const override { return 2; }
  std::vector<int64_t> join(StepFunction& step, int64_t room) override {
    if (joined_) return {};
    joined_ = true;
    step.add_sources(torch::zeros({room + extra_, 1}, torch::kLong), nullptr);
    return std::vector<int64_t>(room + extra_, 5);
  }

 private:
  int64_t extra_;
  bool joined_ = false;
};

TEST(SearchTest, ContinuousBatching_RefusalsNameWhatIsWrong) {
  const auto expect_error = [](const std::function<void()>& run, const std::string& message) {
    try {
      run();
      FAIL() << "no error; expected: " << message;
    } catch (const nmt::Error& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  expect_error([] {
    TableStep inner({&kS0, &kS0}, 1);
    NoJoinStep step(inner);
    GreedyFeed feed(0);
    greedy_search(step, {5}, options(1, 0.6), &feed);
  }, "cannot take sentences into a running batch (continuous batching): the CPU engine (--engine cpu) can");
  expect_error([] {
    TableStep step({&kS0, &kS0, &kS0}, 1);
    GreedyFeed feed(1);
    beam_search(step, {5}, options(2, 0.6), &feed);
  }, "a sentence feed gave 2 sentences for room of 1");
  expect_error([] {
    TableStep step({&kS0});
    GreedyFeed feed(0);
    search(step, {5}, marian(2, 0, 1), &feed);
  }, "continuous batching runs the search rule nmt, not marian");
}

// The brevity penalty is the logarithm of BLEU's, 1 - expected / length,
// below the expected length, times the weight: by hand, a hypothesis of 2
// tokens (</s> counted) expected to have 5 loses 0.5 x (1 - 5/2) = 0.75.
TEST(SearchTest, BrevityPenalty_IsTheLogOfBleusBelowTheExpectedLength) {
  EXPECT_DOUBLE_EQ(brevity_penalty(2, 5.0, 0.5), -0.75);
  EXPECT_DOUBLE_EQ(brevity_penalty(4, 5.0, 1.0), -0.25);
  EXPECT_DOUBLE_EQ(std::log(std::exp(1.0 - 5.0 / 4.0)), brevity_penalty(4, 5.0, 1.0));  // BLEU's BP, logged
  EXPECT_EQ(brevity_penalty(5, 5.0, 1.0), 0.0);  // at the expected length: none
  EXPECT_EQ(brevity_penalty(9, 5.0, 1.0), 0.0);  // longer: none (not a reward)
  EXPECT_EQ(brevity_penalty(2, 5.0, 0.0), 0.0);  // weight 0: off
}

// Three finished hypotheses, best first by score (mean log-probability):
// 'a' (2 tokens with </s>, -0.4), 'a b b' (4, -0.6), 'a b b b b' (6, -0.9).
// Expecting 4.5 tokens with weight 0.5: 'a' falls to -0.4 + 0.5 x (1 -
// 4.5/2) = -1.025, 'a b b' to -0.6 + 0.5 x (1 - 4.5/4) = -0.6625, the
// longest keeps -0.9: 'a b b' first, then the longest, then 'a'.
TEST(SearchTest, RankWithBrevityPenalty_ShortHypothesesFallBehindLongerOnes) {
  const auto make = [](std::vector<int> tokens, double score) {
    Hypothesis h;
    h.tokens = std::move(tokens), h.score = score;
    return h;
  };
  const std::vector<Hypothesis> finished = {make({kA}, -0.4), make({kA, kB, kB}, -0.6),
                                            make({kA, kB, kB, kB, kB}, -0.9)};
  auto ranked = finished;
  rank_with_brevity_penalty(ranked, 4.5, 0.5, 3);
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0].tokens, finished[1].tokens);
  EXPECT_NEAR(ranked[0].score, -0.6625, 1e-12);
  EXPECT_EQ(ranked[1].tokens, finished[2].tokens);
  EXPECT_NEAR(ranked[1].score, -0.9, 1e-12);
  EXPECT_EQ(ranked[2].tokens, finished[0].tokens);
  EXPECT_NEAR(ranked[2].score, -1.025, 1e-12);
  auto best = finished;
  rank_with_brevity_penalty(best, 4.5, 0.5, 1);  // the n-best asked for
  ASSERT_EQ(best.size(), 1u);
  EXPECT_EQ(best[0].tokens, finished[1].tokens);
  auto unchanged = finished;
  rank_with_brevity_penalty(unchanged, 2.0, 0.5, 3);  // none shorter than expected
  EXPECT_EQ(unchanged[0].tokens, finished[0].tokens);
  EXPECT_EQ(unchanged[0].score, -0.4);
}

// The brevity penalty inside the shrinking beam: S1, beam 2, power 1,
// expected length E = 4, weight 1. Without it (the test below) step 2
// finishes 'a </s>' (P .26). With it, that ending (L = 2) competes as
// log .26 + 1 x (1 - 4/2) x 2 = -3.347, behind 'b b' (log .384) and 'a a'
// (log .156 = -1.858), which live on. Step 3: 'b b b' (log .3072), then
// 'a a </s>' (P .156 x .9 = .1404, L = 3: -1.963 - 1 = -2.963) ahead of
// 'b b </s>' (log .0576 - 1) and 'b b a' (log .0192 = -3.953): it finishes.
// Step 4 finishes 'b b b </s>' (L = 4: no penalty). The scores stay log P /
// L: the final ranking adds the penalty (rank_with_brevity_penalty). A
// sentence without an expected length (0) in the same batch, or a weight
// of 0, keeps 'a </s>'.
TEST(SearchTest, BrevityInSearch_AShortEndingGivesItsPlaceToALongerOne) {
  SearchOptions o;
  o.beam = 2, o.n_best = 2, o.brevity_weight = 1.0;
  TableStep step({&kS1, &kS1});
  const std::vector<double> expected = {4.0, 0.0};
  const auto result = beam_search(step, {10, 10}, o, nullptr, &expected);
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  EXPECT_EQ(step.calls, 4);
  const auto expect = [](const Hypothesis& h, const std::vector<int>& tokens, double p, const std::string& what) {
    EXPECT_EQ(h.tokens, tokens) << what;
    EXPECT_NEAR(h.log_prob, std::log(p), 1e-5) << what;
    EXPECT_NEAR(h.score, std::log(p) / static_cast<double>(tokens.size() + 1), 1e-5) << what;
  };
  ASSERT_EQ(result[0].size(), 2u);
  expect(result[0][0], {kB, kB, kB}, .48 * .8 * .8 * .6, "expected 4, 1st");
  expect(result[0][1], {kA, kA}, .52 * .3 * .9, "expected 4, 2nd");
  ASSERT_EQ(result[1].size(), 2u);
  expect(result[1][0], {kB, kB, kB}, .18432, "no expected length, 1st");
  expect(result[1][1], {kA}, .26, "no expected length, 2nd");
  o.brevity_weight = 0;
  TableStep off({&kS1});
  const std::vector<double> four = {4.0};
  const auto plain = beam_search(off, {10}, o, nullptr, &four);
  ASSERT_EQ(plain[0].size(), 2u);
  expect(plain[0][1], {kA}, .26, "weight 0, 2nd");
  TableStep wrong({&kS1});
  try {
    beam_search(wrong, {10}, o, nullptr, &expected);
    FAIL() << "2 expected lengths for 1 sentence accepted";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("a search of 1 sentences was given 2 expected lengths"), std::string::npos)
        << e.what();
  }
}

// S1, beam 2: step 1 keeps a (.52) and b (.48); step 2's best two of six
// extensions are b b (.384) and a </s> (.26), which finishes, so the beam
// shrinks to one; b b b (.3072), then b b b </s> (.18432) finishes the
// second. Ranked by raw log P, a </s> wins; by log P / L (L counting </s>),
// b b b </s> (-1.691 / 4) beats a </s> (-1.347 / 2).
TEST(MarianSearchTest, BeamShrinksAsHypothesesFinish_NormalizeRanksThem) {
  for (double normalize : {0.0, 1.0}) {
    TableStep step({&kS1});
    auto result = search(step, {10}, marian(2, normalize, 2));
    ASSERT_EQ(result[0].size(), 2u) << "exactly beam finished hypotheses";
    const auto& first = result[0][normalize == 0 ? 0 : 1];
    const auto& second = result[0][normalize == 0 ? 1 : 0];
    EXPECT_EQ(first.tokens, std::vector<int>({kA}));
    EXPECT_NEAR(first.log_prob, std::log(.26), 1e-5);
    EXPECT_NEAR(first.score, std::log(.26) / std::pow(2, normalize), 1e-5);
    EXPECT_EQ(second.tokens, std::vector<int>({kB, kB, kB}));
    EXPECT_NEAR(second.log_prob, std::log(.48 * .8 * .8 * .6), 1e-5);
    EXPECT_NEAR(second.score, std::log(.48 * .8 * .8 * .6) / std::pow(4, normalize), 1e-5);
    ASSERT_EQ(second.token_log_probs.size(), 4u);
    EXPECT_NEAR(second.token_log_probs[3], std::log(.6), 1e-6);
    EXPECT_EQ(step.calls, 4);  // steps of 1 row (the start), 2 rows, then 1, 1
    EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  }
}

// At the length limit every live hypothesis finishes as it is, without </s>;
// the word penalty counts its tokens.
TEST(MarianSearchTest, LengthLimitFinishesLiveHypotheses_WordPenalty) {
  TableStep step({&kS2});
  auto options = marian(1, 0.0, 1);
  options.word_penalty = 0.5;
  auto result = search(step, {3}, options);
  ASSERT_EQ(result[0].size(), 1u);
  EXPECT_EQ(result[0][0].tokens, std::vector<int>({kA, kA, kA}));
  EXPECT_NEAR(result[0][0].log_prob, 3 * std::log(.7), 1e-5);
  EXPECT_NEAR(result[0][0].score, 3 * std::log(.7) - 0.5 * 3, 1e-5);
  EXPECT_EQ(step.calls, 3);
}

// <unk> is passed over but keeps its probability: the chosen word's
// log-probability is not renormalised.
TEST(MarianSearchTest, UnkIsNeverChosenUnlessAllowed) {
  const Table unk_likely{{{{}, Probs{0, .6, 0, .1, .2, .1}}}, P(.9, .05, .05)};
  TableStep step({&unk_likely});
  auto result = search(step, {10}, marian(1, 0.0, 1));
  EXPECT_EQ(result[0][0].tokens, std::vector<int>({kA}));
  EXPECT_NEAR(result[0][0].log_prob, std::log(.2 * .9), 1e-5);
  TableStep allowed_step({&unk_likely});
  auto options = marian(1, 0.0, 1);
  options.allow_unk = true;
  EXPECT_EQ(search(allowed_step, {10}, options)[0][0].tokens, std::vector<int>({text::kUnkId}));
}

// Sentences of one batch keep their own beams, limits and answers.
TEST(MarianSearchTest, BatchedSentencesGiveTheirOwnAnswers) {
  TableStep step({&kS0, &kS1, &kS2});
  auto together = search(step, {10, 10, 3}, marian(2, 1.0, 2));
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  const std::vector<const Table*> tables = {&kS0, &kS1, &kS2};
  const std::vector<int64_t> limits = {10, 10, 3};
  for (size_t i = 0; i < tables.size(); ++i) {
    TableStep alone_step({tables[i]});
    auto alone = search(alone_step, {limits[i]}, marian(2, 1.0, 2));
    ASSERT_EQ(together[i].size(), alone[0].size()) << i;
    for (size_t h = 0; h < alone[0].size(); ++h) {
      EXPECT_EQ(together[i][h].tokens, alone[0][h].tokens) << i;
      EXPECT_NEAR(together[i][h].score, alone[0][h].score, 1e-6) << i;
    }
  }
}

}  // namespace
}  // namespace nmt::decode
