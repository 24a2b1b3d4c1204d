#include "nmt/eval/bleu.h"

#include <cmath>

#include <gtest/gtest.h>

#include "nmt/common/error.h"
#include "sacrebleu_fixtures.h"

namespace nmt::eval {
namespace {

using test_data::sacrebleu_fixtures;

// Scores are compared to sacreBLEU's to two decimals, as it prints them.
constexpr double kScoreTolerance = 0.01;

void expect_bleu_equals(const BleuScore& got, const nlohmann::json& want) {
  EXPECT_NEAR(got.score, want.at("score").get<double>(), kScoreTolerance);
  for (int n = 0; n < 4; ++n) {
    EXPECT_EQ(got.counts[n], want.at("counts")[n].get<int64_t>()) << "order " << n + 1;
    EXPECT_EQ(got.totals[n], want.at("totals")[n].get<int64_t>()) << "order " << n + 1;
    EXPECT_NEAR(got.precisions[n], want.at("precisions")[n].get<double>(), kScoreTolerance)
        << "order " << n + 1;
  }
  // bp is in 0..1: compare more tightly than the 0..100 scores.
  EXPECT_NEAR(got.bp, want.at("bp").get<double>(), 1e-6);
  EXPECT_EQ(got.sys_len, want.at("sys_len").get<int64_t>());
  EXPECT_EQ(got.ref_len, want.at("ref_len").get<int64_t>());
}

TEST(Bleu, MatchesSacrebleuOnFixtures) {
  const auto fixtures = sacrebleu_fixtures();
  ASSERT_EQ(fixtures.size(), 4u);
  for (const auto& f : fixtures) {
    SCOPED_TRACE(f.name);
    const nlohmann::json& want = f.expected->at("bleu");
    ASSERT_EQ(f.hyps.size(), f.expected->at("lines").get<size_t>());
    const BleuScore got = corpus_bleu(f.hyps, f.refs);
    expect_bleu_equals(got, want);
    EXPECT_EQ(got.signature(), want.at("signature").get<std::string>());
    EXPECT_EQ(got.text(), want.at("text").get<std::string>());
  }
}

TEST(Bleu, SentenceScoresMatchSacrebleuWithEffectiveOrder) {
  int checked = 0;
  for (const auto& f : sacrebleu_fixtures()) {
    if (!f.expected->contains("sentence_bleu_first5")) continue;  // listed for some fixtures
    SCOPED_TRACE(f.name);
    for (const auto& entry : f.expected->at("sentence_bleu_first5")) {
      SCOPED_TRACE(entry.at("hyp").get<std::string>());
      const BleuScore got =
          sentence_bleu(entry.at("hyp").get<std::string>(), entry.at("ref").get<std::string>());
      expect_bleu_equals(got, entry);
      EXPECT_EQ(got.signature(), f.expected->at("sentence_bleu_signature").get<std::string>());
      ++checked;
    }
  }
  EXPECT_EQ(checked, 10);
}

TEST(Bleu, HandCountedTwoSentenceCorpus) {
  // hyp 1 "the cat sat on the mat"  vs ref "the cat is on the mat"
  //   1-grams: the x2, cat, on, mat match; sat not        -> 5 of 6
  //   2-grams: "the cat", "on the", "the mat"             -> 3 of 5
  //   3-grams: "on the mat"                               -> 1 of 4
  //   4-grams: none                                       -> 0 of 3
  // hyp 2 "a dog."  (13a: "a dog .")  vs ref "a dog barked." ("a dog barked .")
  //   1-grams: a, dog, .                                  -> 3 of 3
  //   2-grams: "a dog" ("dog ." is not in the ref)        -> 1 of 2
  //   3-grams: "a dog ." is not in the ref                -> 0 of 1
  // Corpus: counts 8/4/1/0, totals 9/7/5/3, hyp_len 9, ref_len 10.
  const BleuScore s = corpus_bleu({"the cat sat on the mat", "a dog."},
                                  {"the cat is on the mat", "a dog barked."});
  EXPECT_EQ(s.counts, (std::array<int64_t, 4>{8, 4, 1, 0}));
  EXPECT_EQ(s.totals, (std::array<int64_t, 4>{9, 7, 5, 3}));
  EXPECT_EQ(s.sys_len, 9);
  EXPECT_EQ(s.ref_len, 10);
  // exp smoothing: the first order with no match gets precision 1 / (2 * total).
  const double p4 = 100.0 / (2 * 3);
  EXPECT_NEAR(s.precisions[3], p4, 1e-9);
  const double bp = std::exp(1.0 - 10.0 / 9.0);
  EXPECT_NEAR(s.bp, bp, 1e-12);
  const double geometric_mean = std::pow(800.0 / 9 * (400.0 / 7) * 20.0 * p4, 0.25);
  EXPECT_NEAR(s.score, bp * geometric_mean, 1e-9);
}

TEST(Bleu, ExpSmoothingHalvesAgainForEachFurtherZeroOrder) {
  // "a b c d" vs "a x c y": 1-grams a, c match (2 of 4); no 2-, 3- or 4-gram
  // matches, so they get 100/(2*3), 100/(4*2), 100/(8*1).
  const BleuScore s = corpus_bleu({"a b c d"}, {"a x c y"});
  EXPECT_NEAR(s.precisions[0], 50.0, 1e-9);
  EXPECT_NEAR(s.precisions[1], 100.0 / 6, 1e-9);
  EXPECT_NEAR(s.precisions[2], 100.0 / 8, 1e-9);
  EXPECT_NEAR(s.precisions[3], 100.0 / 8, 1e-9);
  EXPECT_NEAR(s.score, std::pow(50.0 * (100.0 / 6) * 12.5 * 12.5, 0.25), 1e-9);
}

TEST(Bleu, PerfectMatchScores100) {
  const BleuScore s = corpus_bleu({"Hello, world! It costs 1,234.5 $."},
                                  {"Hello, world! It costs 1,234.5 $."});
  EXPECT_DOUBLE_EQ(s.score, 100.0);
  EXPECT_DOUBLE_EQ(s.bp, 1.0);
}

TEST(Bleu, TrailingWhitespaceAndNbspDoNotChangeTheScore) {
  // Python's split() treats NBSP (U+00A0) as a space; rstrip drops trailing tabs.
  const BleuScore nbsp = corpus_bleu({"it costs 1\u00a0234 euros \t"}, {"it costs 1 234 euros"});
  EXPECT_EQ(nbsp.counts, (std::array<int64_t, 4>{5, 4, 3, 2}));
  EXPECT_DOUBLE_EQ(nbsp.score, 100.0);
}

TEST(Bleu, CorpusWithoutAnyFourGramScoresZero) {
  // Without effective order a missing order counts as log(0) (floored), as in
  // sacreBLEU: three matching tokens are not enough for a non-zero corpus BLEU.
  const BleuScore s = corpus_bleu({"1 234 euros"}, {"1 234 euros"});
  EXPECT_EQ(s.counts, (std::array<int64_t, 4>{3, 2, 1, 0}));
  EXPECT_EQ(s.score, 0.0);
  EXPECT_DOUBLE_EQ(sentence_bleu("1 234 euros", "1 234 euros").score, 100.0);
}

TEST(Bleu, EmptyHypothesisCorpusScoresZeroWithoutCrashing) {
  const BleuScore none = corpus_bleu({}, {});
  EXPECT_EQ(none.score, 0.0);
  EXPECT_EQ(none.sys_len, 0);
  EXPECT_EQ(none.text(),
            "BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 0.00 "
            "0.0/0.0/0.0/0.0 (BP = 1.000 ratio = 0.000 hyp_len = 0 ref_len = 0)");

  const BleuScore blank = corpus_bleu({"", ""}, {"a reference", "another one"});
  EXPECT_EQ(blank.score, 0.0);
  EXPECT_EQ(blank.bp, 0.0);
  EXPECT_EQ(blank.ref_len, 4);
}

TEST(Bleu, MismatchedLineCountsThrowNamingBothCounts) {
  try {
    corpus_bleu({"a", "b", "c"}, {"a", "b"});
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("3 hypothesis lines"), std::string::npos) << message;
    EXPECT_NE(message.find("2 reference lines"), std::string::npos) << message;
  }
}

TEST(Bleu, SentenceSignatureSaysEffectiveOrder) {
  const BleuScore s = sentence_bleu("region", "region select");
  EXPECT_EQ(s.signature(), "nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:2.6.0");
  // Only the 1-gram order exists, so the score is bp * 100 = 100 / e.
  EXPECT_NEAR(s.score, 100.0 * std::exp(-1.0), 1e-9);
}

TEST(Bleu, TwoReferencesClipByTheLargerCountAndTakeTheClosestLength) {
  // hyp "a b c d e" (5 tokens); refs "a b c d" (4) and "a b x d e f" (6).
  // Both are 1 token away: the shorter, 4, is the reference length (BP 1).
  // n-grams matched against either reference:
  //   1-grams: a b c d e                    -> 5 of 5
  //   2-grams: ab bc cd (ref 1), de (ref 2) -> 4 of 4
  //   3-grams: abc bcd (ref 1); cde nowhere -> 2 of 3
  //   4-grams: abcd (ref 1); bcde nowhere   -> 1 of 2
  // BLEU = (1 * 1 * 2/3 * 1/2)^(1/4) = (1/3)^(1/4).
  for (const ReferenceSets& refs : {ReferenceSets{{"a b c d"}, {"a b x d e f"}},
                                    ReferenceSets{{"a b x d e f"}, {"a b c d"}}}) {
    const BleuScore s = corpus_bleu({"a b c d e"}, refs, BleuOptions{});
    EXPECT_EQ(s.counts, (std::array<int64_t, 4>{5, 4, 2, 1}));
    EXPECT_EQ(s.totals, (std::array<int64_t, 4>{5, 4, 3, 2}));
    EXPECT_EQ(s.sys_len, 5);
    EXPECT_EQ(s.ref_len, 4);
    EXPECT_NEAR(s.score, 100.0 * std::pow(1.0 / 3.0, 0.25), 1e-9);
    EXPECT_EQ(s.signature(), "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0");
  }
  // A reference of exactly the hypothesis' length wins over a closer-below one.
  EXPECT_EQ(corpus_bleu({"a b c d e"}, ReferenceSets{{"a b c d"}, {"v w x y z"}}, {}).ref_len, 5);
}

TEST(Bleu, RepeatedNgramIsClippedByItsLargestCountInAnyReference) {
  // hyp "the the the": ref 1 has "the" once, ref 2 twice -> 2 of 3 match.
  const BleuScore s = corpus_bleu({"the the the"}, ReferenceSets{{"the cat"}, {"the the dog"}}, {});
  EXPECT_EQ(s.counts[0], 2);
  EXPECT_EQ(s.counts[1], 1);  // "the the" once in ref 2
}

TEST(Bleu, LowercaseAppliesPythonLowerToBothSides) {
  // "ΣΑΣ İ" lowercases to "σας i̇", as the reference is written: 2 of 2
  // 1-grams and 1 of 1 2-gram; without lowercasing nothing matches.
  const BleuOptions lc{BleuTokenizer::k13a, true};
  const BleuScore s = corpus_bleu({"ΣΑΣ \u0130"}, ReferenceSets{{"σας i\u0307"}}, lc);
  EXPECT_EQ(s.counts, (std::array<int64_t, 4>{2, 1, 0, 0}));
  EXPECT_EQ(s.signature(), "nrefs:1|case:lc|eff:no|tok:13a|smooth:exp|version:2.6.0");
  EXPECT_EQ(corpus_bleu({"ΣΑΣ \u0130"}, ReferenceSets{{"σας i\u0307"}}, {}).counts[0], 0);
}

}  // namespace
}  // namespace nmt::eval
