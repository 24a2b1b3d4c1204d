// Constrained beam search (dynamic beam allocation) on the fake model of
// table_step.h: every answer below is worked out by hand from the tables.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "decode/table_step.h"
#include "error_message.h"
#include "nmt/common/error.h"
#include "nmt/decode/constrained_search.h"
#include "nmt/decode/search.h"

namespace nmt::decode {
namespace {

using nmt::testing::error_message;

constexpr int kA = 4, kB = 5, kC = 6, kD = 7;  // 0 <pad>, 1 <unk>, 2 <s>, 3 </s>, then 'a' 'b' 'c' 'd'
Probs Q(double eos, double a, double b, double c, double d = 0) { return {0, 0, 0, eos, a, b, c, d}; }
const Probs kMostlyEnd = Q(.9, .04, .03, .03);

Phrase phrase(std::vector<std::vector<int>> spellings) {
  Phrase p;
  p.text = "phrase";
  p.spellings = std::move(spellings);
  return p;
}

SearchOptions beam(int64_t k, int64_t n_best = 1) {
  SearchOptions o;
  o.beam = k, o.n_best = n_best, o.length_penalty = 0;
  return o;
}

std::vector<std::vector<Hypothesis>> run(TableStep& step, const std::vector<int64_t>& limits, const SearchOptions& o,
                                         const std::vector<const Constraints*>& constraints) {
  auto out = constrained_search(step, limits, o, constraints);
  EXPECT_TRUE(step.problems.empty()) << step.problems.front();
  return out;
}

// Unconstrained, 'a' </s> (.7 x .9 = .63) wins. With 'c' required: 'c'
// </s> = .1 x .8 = .08 beats 'a' 'c' </s> = .7 x .03 x .95. Step 1: bank 0
// keeps 'a', bank 1 (c met) keeps 'c'; step 2: 'c' </s> (.08) is the best
// candidate, so it ends the search; 'a' </s> (.63) ended without 'c' and
// does not count.
const Table kForce{{{{}, Q(0, .7, .2, .1)}, {{kA}, Q(.9, .04, .03, .03)}, {{kC}, Q(.8, .1, .05, .05)},
                    {{kA, kC}, Q(.95, .02, .02, .01)}},
                   kMostlyEnd};

TEST(ConstrainedSearchTest, Include_BestHypothesisThatHasThePhrase) {
  Constraints c;
  c.include = {phrase({{kC}})};
  for (int64_t k : {1, 2, 4}) {
    TableStep step({&kForce});
    const auto out = run(step, {10}, beam(k), {&c});
    ASSERT_EQ(out[0].size(), 1u) << "beam " << k;
    EXPECT_EQ(out[0][0].tokens, std::vector<int>({kC})) << "beam " << k;
    EXPECT_NEAR(out[0][0].log_prob, std::log(.1 * .8), 1e-5) << "beam " << k;
  }
  TableStep free_step({&kForce});
  EXPECT_EQ(search(free_step, {10}, beam(2))[0][0].tokens, std::vector<int>({kA}));
}

// 'b' 'c' as one phrase (2 pieces: W = 3, a bank per piece). 'b' alone
// would lose to 'a' and 'c' in a plain beam of 2; its bank keeps it, and
// 'b' 'c' </s> = .3 x .2 x .9 = .054 beats 'a' 'b' 'c' </s> = .6 x .1 x .5 x .9.
const Table kTwoPieces{{{{}, Q(0, .6, .3, .1)},
                        {{kA}, Q(.8, .05, .1, .05)},
                        {{kB}, Q(.7, .05, .05, .2)},
                        {{kB, kC}, Q(.9, .05, .03, .02)},
                        {{kA, kB}, Q(.4, .05, .05, .5)},
                        {{kA, kB, kC}, Q(.9, .05, .03, .02)}},
                       kMostlyEnd};

TEST(ConstrainedSearchTest, MultiPiecePhrase_KeptByItsBanks) {
  Constraints c;
  c.include = {phrase({{kB, kC}})};
  TableStep step({&kTwoPieces});
  const auto out = run(step, {10}, beam(2), {&c});
  ASSERT_EQ(out[0].size(), 1u);
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kB, kC}));
  EXPECT_NEAR(out[0][0].log_prob, std::log(.3 * .2 * .9), 1e-5);
  EXPECT_EQ(step.calls, 3);
}

// A phrase spelled two ways ('b' 'c', or the single piece 'd'): the model
// prefers 'd' (.5 x .9 = .45), which counts.
TEST(ConstrainedSearchTest, AnySpellingCounts) {
  const Table table{{{{}, Q(0, .4, .1, 0, .5)}, {{kB}, Q(.05, .05, .05, .85)}}, kMostlyEnd};
  Constraints both, one;
  both.include = {phrase({{kB, kC}, {kD}})};
  one.include = {phrase({{kB, kC}})};
  TableStep a({&table}), b({&table});
  const auto with_both = run(a, {10}, beam(2), {&both});
  EXPECT_EQ(with_both[0][0].tokens, std::vector<int>({kD}));
  EXPECT_NEAR(with_both[0][0].log_prob, std::log(.5 * .9), 1e-5);
  // Only 'b' 'c': .1 x .85 x .9 beats 'a' 'b' 'c' (.4 x .03 x .03 x .9) and 'd' 'b' 'c'.
  const auto with_one = run(b, {10}, beam(2), {&one});
  EXPECT_EQ(with_one[0][0].tokens, std::vector<int>({kB, kC}));
  EXPECT_NEAR(with_one[0][0].log_prob, std::log(.1 * .85 * .9), 1e-5);
}

// Two phrases 'a' and 'c'. The model writes 'c' 'a' (.6 x .7 x .9 = .378);
// in order, 'a' must come first: 'a' 'c' </s> = .3 x .3 x .9 = .081.
const Table kOrder{{{{}, Q(0, .3, .1, .6)},
                    {{kC}, Q(.2, .7, .05, .05)},
                    {{kC, kA}, Q(.9, .04, .03, .03)},
                    {{kA}, Q(.5, .0, .2, .3)},
                    {{kA, kC}, Q(.9, .04, .03, .03)}},
                   kMostlyEnd};

TEST(ConstrainedSearchTest, Ordered_PhrasesComeInTheirOrder) {
  Constraints c;
  c.include = {phrase({{kA}}), phrase({{kC}})};
  TableStep unordered_step({&kOrder}), ordered_step({&kOrder});
  const auto unordered = run(unordered_step, {10}, beam(2), {&c});
  EXPECT_EQ(unordered[0][0].tokens, std::vector<int>({kC, kA}));
  EXPECT_NEAR(unordered[0][0].log_prob, std::log(.6 * .7 * .9), 1e-5);
  c.ordered = true;
  const auto ordered = run(ordered_step, {10}, beam(2), {&c});
  EXPECT_EQ(ordered[0][0].tokens, std::vector<int>({kA, kC}));
  EXPECT_NEAR(ordered[0][0].log_prob, std::log(.3 * .3 * .9), 1e-5);
}

// Excluded 'a' 'b': the model's 'a' 'b' </s> (.6 x .7 x .9 = .378) is
// refused; 'b' </s> (.4 x .9 = .36) wins; 'a' alone is allowed ('a' 'a'
// </s> = .054, 'a' </s> = .12).
TEST(ConstrainedSearchTest, Exclude_NeverCompletesThePhrase) {
  const Table table{{{{}, Q(0, .6, .4, 0)}, {{kA}, Q(.2, .1, .7, 0)}, {{kA, kB}, Q(.9, .05, .05, 0)}}, kMostlyEnd};
  Constraints c;
  c.exclude = {phrase({{kA, kB}})};
  TableStep free_step({&table}), step({&table});
  EXPECT_EQ(search(free_step, {10}, beam(2))[0][0].tokens, std::vector<int>({kA, kB}));
  const auto out = run(step, {10}, beam(2), {&c});
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kB}));
  EXPECT_NEAR(out[0][0].log_prob, std::log(.4 * .9), 1e-5);
}

// 'b' 'c' cannot fit in a limit of 2 tokens (with </s>): the search gives
// the ended hypothesis that met the most of it, 'b' </s>, not nothing.
TEST(ConstrainedSearchTest, PhraseThatCannotFit_GivesTheHypothesisThatMetMost) {
  Constraints c;
  c.include = {phrase({{kB, kC}})};
  TableStep step({&kTwoPieces});
  const auto out = run(step, {2}, beam(2), {&c});
  ASSERT_EQ(out[0].size(), 1u);
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kB}));
  EXPECT_NEAR(out[0][0].log_prob, std::log(.3 * .7), 1e-5);
}

// An n-best list is not filled up with hypotheses that miss the phrase:
// within 2 tokens only 'c' </s> has 'c' ('a' </s> ends without it).
TEST(ConstrainedSearchTest, NBest_OnlyHypothesesThatMeetThePhrases) {
  Constraints c;
  c.include = {phrase({{kC}})};
  TableStep step({&kForce});
  const auto out = run(step, {2}, beam(2, 2), {&c});
  ASSERT_EQ(out[0].size(), 1u);
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kC}));
}

// Sentences with and without constraints in one batch get their own
// answers, and the fake model's rows stay with their sentences (the step
// records any mix-up); the constrained one's banks make its beam wider.
TEST(ConstrainedSearchTest, BatchedSentences_EachGetsItsOwnAnswer) {
  Constraints c;
  c.include = {phrase({{kB, kC}})};
  TableStep step({&kForce, &kTwoPieces, &kOrder});
  const auto out = run(step, {10, 10, 10}, beam(2), {nullptr, &c, nullptr});
  const std::vector<const Table*> tables = {&kForce, &kTwoPieces, &kOrder};
  for (size_t i : {0, 2}) {
    TableStep alone({tables[i]});
    const auto expected = run(alone, {10}, beam(2), {nullptr});
    EXPECT_EQ(out[i][0].tokens, expected[0][0].tokens) << i;
    EXPECT_NEAR(out[i][0].log_prob, expected[0][0].log_prob, 1e-6) << i;
  }
  EXPECT_EQ(out[1][0].tokens, std::vector<int>({kB, kC}));
  // Without constraints the same allocation is a plain beam: kForce's 'a'.
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kA}));
}

// n-best lists hold the hypotheses that met every phrase, best first; the
// rule decides the score (marian: log P / L with normalize 1, L with </s>).
TEST(ConstrainedSearchTest, NBestAndMarianScores) {
  Constraints c;
  c.include = {phrase({{kC}})};
  SearchOptions o = beam(3, 2);
  o.rule = "marian", o.normalize = 1.0;
  TableStep step({&kForce});
  const auto out = run(step, {10}, o, {&c});
  ASSERT_EQ(out[0].size(), 2u);
  for (const auto& h : out[0]) {
    EXPECT_NE(std::find(h.tokens.begin(), h.tokens.end(), kC), h.tokens.end());
    EXPECT_NEAR(h.score, h.log_prob / static_cast<double>(h.tokens.size() + 1), 1e-9);
    ASSERT_EQ(h.token_log_probs.size(), h.tokens.size() + 1);
    double sum = 0;
    for (const float lp : h.token_log_probs) sum += lp;
    EXPECT_NEAR(sum, h.log_prob, 1e-5);
  }
  EXPECT_GE(out[0][0].score, out[0][1].score);
  EXPECT_EQ(out[0][0].tokens, std::vector<int>({kC}));  // .08 over 'a' 'c' (.01995) and 'c' 'a' ...
}

TEST(ConstrainedSearchTest, ContainsPhrase_AnySpellingAnywhere) {
  const auto p = phrase({{kB, kC}, {kD}});
  EXPECT_TRUE(contains_phrase({kA, kB, kC, kA}, p));
  EXPECT_TRUE(contains_phrase({kD}, p));
  EXPECT_FALSE(contains_phrase({kB, kA, kC}, p));
  EXPECT_FALSE(contains_phrase({}, p));
}

TEST(ConstrainedSearchTest, BadArguments_AreErrorsNamingThem) {
  TableStep step({&kForce});
  Constraints c;
  EXPECT_EQ(error_message([&] { constrained_search(step, {10, 10}, beam(2), {&c}); }),
            "1 sets of constraints for 2 sentences");
  for (int i = 0; i < 65; ++i) c.include.push_back(phrase({{kA}}));
  EXPECT_EQ(error_message([&] { constrained_search(step, {10}, beam(2), {&c}); }),
            "at most 64 phrases can be required in one sentence, got 65");
}

}  // namespace
}  // namespace nmt::decode
