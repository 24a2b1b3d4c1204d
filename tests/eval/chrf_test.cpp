#include "nmt/eval/chrf.h"

#include <gtest/gtest.h>

#include "nmt/common/error.h"
#include "sacrebleu_fixtures.h"

namespace nmt::eval {
namespace {

using test_data::sacrebleu_fixtures;

constexpr double kScoreTolerance = 0.01;  // sacreBLEU prints two decimals

TEST(Chrf, MatchesSacrebleuOnFixtures) {
  const auto fixtures = sacrebleu_fixtures();
  ASSERT_EQ(fixtures.size(), 4u);
  for (const auto& f : fixtures) {
    SCOPED_TRACE(f.name);
    const nlohmann::json& want = f.expected->at("chrf");
    const ChrfScore got = corpus_chrf(f.hyps, f.refs);
    EXPECT_NEAR(got.score, want.at("score").get<double>(), kScoreTolerance);
    EXPECT_EQ(got.signature(), want.at("signature").get<std::string>());
    EXPECT_EQ(got.text(), want.at("text").get<std::string>());
  }
}

TEST(ChrfPlusPlus, MatchesSacrebleuOnFixtures) {
  for (const auto& f : sacrebleu_fixtures()) {
    SCOPED_TRACE(f.name);
    const nlohmann::json& want = f.expected->at("chrf++");
    const ChrfScore got = corpus_chrf(f.hyps, f.refs, /*word_order=*/2);
    EXPECT_NEAR(got.score, want.at("score").get<double>(), kScoreTolerance);
    EXPECT_EQ(got.signature(), want.at("signature").get<std::string>());
    EXPECT_EQ(got.text(), want.at("text").get<std::string>());
  }
}

TEST(Chrf, HandCountedCharacterNgrams) {
  // "abcd" vs "abce":   1-grams a,b,c match  -> 3/4 both ways
  //                      2-grams ab, bc       -> 2/3
  //                      3-grams abc          -> 1/2
  //                      4-grams none         -> 0/1
  //                      5-, 6-grams: none on either side, left out.
  // Precision and recall both average (3/4 + 2/3 + 1/2 + 0) / 4 = 23/48, and
  // F-beta of two equal numbers is that number.
  const ChrfScore s = corpus_chrf({"abcd"}, {"abce"});
  EXPECT_NEAR(s.score, 100.0 * 23.0 / 48.0, 1e-9);
}

TEST(Chrf, RecallWeighsMoreThanPrecision) {
  // "ab" vs "abc": 1-grams 2/2 precision, 2/3 recall; 2-grams 1/1 and 1/2;
  // 3-grams: the hypothesis has none, so that order is left out.
  // P = 1, R = (2/3 + 1/2) / 2 = 7/12; F2 = 5PR / (4P + R).
  const double p = 1.0, r = 7.0 / 12.0;
  EXPECT_NEAR(corpus_chrf({"ab"}, {"abc"}).score, 100.0 * 5 * p * r / (4 * p + r), 1e-9);
}

TEST(Chrf, CountsCodePointsNotBytes) {
  // "für" vs "fur": 1-grams f, r match (2/3); no 2- or 3-gram matches.
  // Over bytes the 'ü' would be two units and the score would differ.
  EXPECT_NEAR(corpus_chrf({"für"}, {"fur"}).score, 100.0 * (2.0 / 3.0) / 3.0, 1e-9);
}

TEST(Chrf, IgnoresWhitespaceInCharacterNgrams) {
  EXPECT_DOUBLE_EQ(corpus_chrf({"a bc\u00a0d"}, {"abcd"}).score, 100.0);
}

TEST(Chrf, HypothesisNgramsIgnoredWhereReferenceIsEmpty) {
  // sacreBLEU only counts hypothesis n-grams of an order when the reference
  // has n-grams of that order; an empty reference line costs nothing.
  EXPECT_DOUBLE_EQ(corpus_chrf({"abc", "xyz"}, {"abc", ""}).score, 100.0);
}

TEST(ChrfPlusPlus, SplitsTrailingPunctuationOffWords) {
  // Characters are identical; word 1-grams "a", "b", "." on both sides only
  // because "b." is split into "b" and ".".
  EXPECT_DOUBLE_EQ(corpus_chrf({"a b."}, {"a b ."}, 2).score, 100.0);
}

TEST(ChrfPlusPlus, SplitsOnlyOnePunctuationCharacterPerWord) {
  // "(hi)" becomes "(hi" + ")" (sacreBLEU issue #124), the reference "( hi )"
  // stays three words. Char orders 1-4 match fully (precision = recall = 1),
  // 5 and 6 have no n-grams. Word 1-grams: ")" matches: P 1/2, R 1/3.
  // Word 2-grams: "(hi )" vs "( hi", "hi )": P 0, R 0.
  // Averages over 6 orders: P = 4.5/6, R = (4 + 1/3)/6.
  const double p = 4.5 / 6, r = (4 + 1.0 / 3) / 6;
  EXPECT_NEAR(corpus_chrf({"(hi)"}, {"( hi )"}, 2).score, 100.0 * 5 * p * r / (4 * p + r), 1e-9);
}

TEST(Chrf, TextNamesTheVariant) {
  const ChrfScore plain = corpus_chrf({"abc"}, {"abc"});
  EXPECT_EQ(plain.text(),
            "chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0 = 100.00");
  const ChrfScore plus = corpus_chrf({"abc"}, {"abd"}, 2);
  EXPECT_EQ(plus.signature(), "nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0");
  EXPECT_EQ(plus.text().substr(0, 8), "chrF2++|");
}

TEST(Chrf, EmptyCorpusScoresZeroWithoutCrashing) {
  EXPECT_EQ(corpus_chrf({}, {}).score, 0.0);
  EXPECT_EQ(corpus_chrf({"", ""}, {"some words", "more"}, 2).score, 0.0);
}

TEST(Chrf, MismatchedLineCountsThrowNamingBothCounts) {
  try {
    corpus_chrf({"a"}, {"a", "b", "c", "d"});
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("1 hypothesis lines"), std::string::npos) << message;
    EXPECT_NE(message.find("4 reference lines"), std::string::npos) << message;
  }
}

TEST(Chrf, EachSentenceTakesItsBestReference) {
  // Sentence 1 matches reference 1 exactly, sentence 2 reference 2: the
  // statistics of the best reference are kept per sentence, so the corpus is
  // a perfect 100 though neither reference alone gives it.
  const ChrfScore s = corpus_chrf({"abc", "def"}, ReferenceSets{{"abc", "xyz"}, {"xyz", "def"}}, {});
  EXPECT_DOUBLE_EQ(s.score, 100.0);
  EXPECT_EQ(s.signature(), "nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0");
  EXPECT_LT(corpus_chrf({"abc", "def"}, {"abc", "xyz"}).score, 100.0);
}

TEST(Chrf, LowercaseMakesCaseIrrelevant) {
  const ChrfScore lc = corpus_chrf({"ABC"}, ReferenceSets{{"abc"}}, {0, true});
  EXPECT_DOUBLE_EQ(lc.score, 100.0);
  EXPECT_EQ(lc.text(), "chrF2|nrefs:1|case:lc|eff:yes|nc:6|nw:0|space:no|version:2.6.0 = 100.00");
  EXPECT_DOUBLE_EQ(corpus_chrf({"ABC"}, {"abc"}).score, 0.0);
}

}  // namespace
}  // namespace nmt::eval
