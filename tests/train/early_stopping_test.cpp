// Early stopping's decisions on scripted dev scores: which validation is an
// improvement, the stale count, the stop after exactly `patience` validations
// without one, which validation is each metric's best, and the state a
// checkpoint keeps. The expected values are counted by hand from the scripts.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "error_message.h"
#include "nmt/train/early_stopping.h"
#include "nmt/train/validator.h"

namespace nmt::train {
namespace {

using nmt::testing::error_message;

const std::vector<std::string> kMetrics = {"loss", "ppl", "bleu", "chrf"};

// Scores in which `metric` is as good as `goodness` says (larger = better:
// 10 - goodness for loss and ppl) and every other metric stays where it
// started. BLEU and chrF are always computed.
DevScores scores_where(const std::string& metric, double goodness) {
  DevScores s;
  s.loss = 3, s.ppl = 20, s.bleu = 15, s.chrf = 40;
  if (metric == "loss") s.loss = 10 - goodness;
  if (metric == "ppl") s.ppl = 10 - goodness;
  if (metric == "bleu") s.bleu = goodness;
  if (metric == "chrf") s.chrf = goodness;
  return s;
}

// The same script for every metric, in its own direction: loss 9 8 8 8.5 7 7
// 8 7.5, BLEU 1 2 2 1.5 3 3 2 2.5. Ties (validations 3 and 6) are no gain.
const std::vector<double> kGoodness = {1, 2, 2, 1.5, 3, 3, 2, 2.5};
const std::vector<bool> kImproved = {true, true, false, false, true, false, false, false};
const std::vector<int64_t> kStale = {0, 0, 1, 2, 0, 1, 2, 3};

TEST(EarlyStoppingTest, EarlyStopping_BetterInTheMetricsDirectionImprovesAndTiesDoNot) {
  for (const auto& metric : kMetrics) {
    SCOPED_TRACE(metric);
    EarlyStopping stopping(metric, 0);
    for (size_t i = 0; i < kGoodness.size(); ++i) {
      const auto outcome = stopping.add(100 * static_cast<int64_t>(i + 1), scores_where(metric, kGoodness[i]));
      EXPECT_EQ(outcome.metric, metric) << "validation " << i + 1;
      EXPECT_EQ(outcome.improved, kImproved[i]) << "validation " << i + 1;
      EXPECT_EQ(stopping.stale(), kStale[i]) << "validation " << i + 1;
      EXPECT_FALSE(stopping.should_stop()) << "patience 0 never stops; validation " << i + 1;
    }
    // The fifth validation (step 500) first reached the best value; its tie
    // at step 600 did not take its place.
    ASSERT_TRUE(stopping.best().count(metric));
    EXPECT_EQ(stopping.best().at(metric).step, 500);
    EXPECT_EQ(stopping.best().at(metric).value, metric == "loss" || metric == "ppl" ? 7.0 : 3.0);
  }
}

TEST(EarlyStoppingTest, EarlyStopping_StopsAfterExactlyPatienceValidationsWithoutGain) {
  for (const auto& metric : kMetrics) {
    for (const int64_t patience : {1, 2, 3}) {
      SCOPED_TRACE(metric + ", patience " + std::to_string(patience));
      EarlyStopping stopping(metric, patience);
      size_t stopped_after = 0;
      for (size_t i = 0; i < kGoodness.size() && !stopping.should_stop(); ++i) {
        stopping.add(static_cast<int64_t>(i + 1), scores_where(metric, kGoodness[i]));
        stopped_after = i + 1;
      }
      EXPECT_TRUE(stopping.should_stop());
      EXPECT_EQ(stopping.stale(), patience);
      // From kStale: 1 first at validation 3, 2 first at 4, 3 first at 8.
      EXPECT_EQ(stopped_after, patience == 1 ? 3u : patience == 2 ? 4u : 8u);
    }
  }
}

TEST(EarlyStoppingTest, EarlyStopping_KeepsTheBestValidationOfEachTrackedMetric) {
  // Loss, BLEU and chrF each best at another validation; early stopping on
  // BLEU. Perplexity ranks as the loss does: tracked only when it decides.
  EarlyStopping stopping("bleu", 2);
  const std::vector<DevScores> script = {
      {4.0, 55.0, 10.0, 30.0},  // step 10: the first is the best of each
      {3.5, 33.0, 12.0, 29.0},  // step 20: loss and BLEU better, chrF worse
      {3.6, 36.0, 12.0, 31.0},  // step 30: chrF better; BLEU ties
      {3.4, 30.0, 11.0, 30.5},  // step 40: loss better; BLEU worse: the second without gain
  };
  const std::vector<std::vector<std::string>> new_best = {{"loss", "bleu", "chrf"}, {"loss", "bleu"}, {"chrf"}, {"loss"}};
  for (size_t i = 0; i < script.size(); ++i) {
    const auto outcome = stopping.add(10 * static_cast<int64_t>(i + 1), script[i]);
    EXPECT_EQ(outcome.new_best, new_best[i]) << "validation " << i + 1;
    EXPECT_EQ(outcome.improved, i < 2) << "validation " << i + 1;
  }
  EXPECT_TRUE(stopping.should_stop());
  EXPECT_EQ(stopping.best().size(), 3u);
  EXPECT_FALSE(stopping.best().count("ppl"));
  EXPECT_EQ(stopping.best().at("loss").step, 40);
  EXPECT_EQ(stopping.best().at("loss").value, 3.4);
  EXPECT_EQ(stopping.best().at("bleu").step, 20);
  EXPECT_EQ(stopping.best().at("chrf").step, 30);

  EarlyStopping on_ppl("ppl", 0);
  on_ppl.add(10, script[0]);
  const auto outcome = on_ppl.add(20, script[1]);
  EXPECT_EQ(outcome.new_best, (std::vector<std::string>{"loss", "bleu", "ppl"}));
  EXPECT_EQ(on_ppl.best().at("ppl").value, 33.0);
}

TEST(EarlyStoppingTest, EarlyStopping_BleuOrChrfWithoutTranslationFallsBackToLoss) {
  for (const std::string metric : {"bleu", "chrf"}) {
    SCOPED_TRACE(metric);
    EarlyStopping stopping(metric, 1);
    DevScores scores;
    scores.loss = 2, scores.ppl = 7.4;
    EXPECT_EQ(stopping.add(1, scores).metric, "loss");
    EXPECT_FALSE(stopping.should_stop());
    scores.loss = 1.5;
    EXPECT_TRUE(stopping.add(2, scores).improved);
    EXPECT_FALSE(stopping.add(3, scores).improved);  // a tie
    EXPECT_TRUE(stopping.should_stop());
    EXPECT_EQ(stopping.best().size(), 1u);
    EXPECT_EQ(stopping.best().at("loss").step, 2);
  }
}

TEST(EarlyStoppingTest, EarlyStopping_RestoredStateDecidesAsTheUninterruptedOne) {
  // Interrupted after validation 4 (stale 2) with patience 3: the restored
  // tracker stops at validation 8, as the uninterrupted one does.
  EarlyStopping first("loss", 3);
  for (size_t i = 0; i < 4; ++i) first.add(static_cast<int64_t>(i + 1), scores_where("loss", kGoodness[i]));
  nlohmann::json progress = {{"position", "kept"}};
  first.save(progress);
  // The fields that checkpoints have always held.
  EXPECT_EQ(progress["stale"], 2);
  EXPECT_EQ(progress["best"]["loss"]["step"], 2);
  EXPECT_EQ(progress["best"]["loss"]["value"], 8.0);
  EXPECT_EQ(progress["position"], "kept");

  EarlyStopping resumed("loss", 3);
  resumed.restore(nlohmann::json::parse(progress.dump()));
  EXPECT_EQ(resumed.stale(), 2);
  for (size_t i = 4; i < kGoodness.size(); ++i) {
    const auto outcome = resumed.add(static_cast<int64_t>(i + 1), scores_where("loss", kGoodness[i]));
    EXPECT_EQ(outcome.improved, kImproved[i]) << "validation " << i + 1;
    EXPECT_EQ(resumed.stale(), kStale[i]) << "validation " << i + 1;
    EXPECT_EQ(resumed.should_stop(), i + 1 == kGoodness.size()) << "validation " << i + 1;
  }
  EXPECT_EQ(resumed.best().at("loss").step, 5);

  EarlyStopping fresh("loss", 3);
  fresh.restore(nlohmann::json::object());  // a checkpoint from before any validation
  EXPECT_EQ(fresh.stale(), 0);
  EXPECT_TRUE(fresh.best().empty());
}

TEST(EarlyStoppingTest, EarlyStopping_UnknownMetricIsRefusedWithTheChoices) {
  const auto message = error_message([] { EarlyStopping("accuracy", 3); });
  EXPECT_EQ(message, "unknown validation metric 'accuracy' (choose loss, ppl, bleu or chrf)");
  DevScores untranslated;
  EXPECT_EQ(error_message([&] { metric_value(untranslated, "chrf"); }),
            "validation metric 'chrf' needs translation of the dev set");
}

// --tune-alpha's line names each alpha's dev BLEU and the best, the first on
// a tie (so the default 1.0 wins a tie it is in).
TEST(EarlyStoppingTest, AlphaReport_NamesTheBestAlphaAndTheDefaultWinsATie) {
  const std::vector<double> alphas = {1.0, 1.3, 1.6, 2.0};
  EXPECT_EQ(alpha_report(4, alphas, {36.49, 36.91, 37.11, 35.87}),
            "length penalty: dev BLEU at beam 4 with --alpha 1.0 / 1.3 / 1.6 / 2.0: 36.49 / 36.91 / 37.11 / 35.87; "
            "best: 1.6 (pass --alpha 1.6 to nmt translate and nmt serve)");
  EXPECT_EQ(alpha_report(4, alphas, {27.05, 26.65, 27.05, 26.32}),
            "length penalty: dev BLEU at beam 4 with --alpha 1.0 / 1.3 / 1.6 / 2.0: 27.05 / 26.65 / 27.05 / 26.32; "
            "best: 1.0 (the default)");
  EXPECT_EQ(alpha_report(2, {1.3, 2.0}, {3.0, 3.0}),
            "length penalty: dev BLEU at beam 2 with --alpha 1.3 / 2.0: 3.00 / 3.00; best: 1.3 (pass --alpha 1.3 to nmt "
            "translate and nmt serve)");
  EXPECT_EQ(error_message([&] { alpha_report(4, alphas, {1.0}); }), "1 BLEU scores for 4 alphas");
}

}  // namespace
}  // namespace nmt::train
