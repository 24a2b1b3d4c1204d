// The trainer's pieces on their own: the learning-rate schedule (given,
// from a step budget, from a probe under a time budget, resumed), the run
// progress a checkpoint keeps (round trip, a checkpoint from before a field
// existed), the log window's figures and the length ratio the brevity
// penalty expects, against hand computations.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "nmt/train/auto_options.h"
#include "nmt/train/length_ratio.h"
#include "nmt/train/log_window.h"
#include "nmt/train/lr_schedule.h"
#include "nmt/train/run_progress.h"
#include "nmt/train/schedule.h"
#include "text/test_support.h"

namespace nmt::train {
namespace {

// The ratio of each pair's target to source pieces, </s> counted on both,
// over the first pairs asked for: its mean and standard deviation as a
// plain loop over the same pieces gives them, and the penalty's threshold
// one deviation under the mean.
TEST(LengthRatioTest, MeanAndDeviationOfThePairsPieceRatios) {
  testing::TempDir dir;
  const auto& lines = testing::english_lines();
  std::vector<std::string> src, tgt;  // targets of 1 to 3 source lines: ratios around 2
  for (size_t i = 0; i + 3 < lines.size() && src.size() < 40; ++i) {
    src.push_back(lines[i]);
    tgt.push_back(lines[i] + (i % 3 ? " " + lines[i + 1] : "") + (i % 3 == 2 ? " " + lines[i + 2] : ""));
  }
  testing::write_file(dir.file("s.txt"), testing::join_lines(src));
  testing::write_file(dir.file("t.txt"), testing::join_lines(tgt));
  const auto& vocab = testing::english_vocab();
  data::CorpusSpec corpus;
  corpus.paths = {dir.file("s.txt"), dir.file("t.txt")};
  const auto ratio = measure_length_ratio(corpus, vocab, vocab, 30);
  ASSERT_EQ(ratio.pairs, 30);
  std::vector<double> r;
  for (size_t i = 0; i < 30; ++i) {
    r.push_back(static_cast<double>(vocab.encode(tgt[i]).size() + 1) / static_cast<double>(vocab.encode(src[i]).size() + 1));
  }
  double mean = 0;
  for (const double x : r) mean += x / 30.0;
  double variance = 0;
  for (const double x : r) variance += (x - mean) * (x - mean) / 30.0;
  EXPECT_NEAR(ratio.mean, mean, 1e-9);
  EXPECT_NEAR(ratio.stddev, std::sqrt(variance), 1e-9);
  EXPECT_GT(ratio.stddev, 0.3);  // the targets' lengths vary
  EXPECT_NEAR(ratio.penalised_below(), mean - std::sqrt(variance), 1e-9);
  EXPECT_EQ(ratio.describe().rfind("length ratio: target/source pieces over 30 training pairs: mean ", 0), 0u)
      << ratio.describe();
  EXPECT_EQ(LengthRatio{}.penalised_below(), 0.0);  // no pairs: no penalty
}

TEST(LrScheduleTest, GivenWarmupAndScaleAreThePapers) {
  TrainOptions o;
  o.warmup = 300, o.lr = 2.0, o.max_steps = 1000;
  std::vector<std::string> said;
  LrSchedule s(o, 64, false, [&](const std::string& line) { said.push_back(line); });
  s.start(std::nullopt, 0);
  EXPECT_FALSE(s.probing());
  EXPECT_EQ(s.warmup(), 300);
  EXPECT_NEAR(s.rate(100, 0), 0.004811252243246881, 1e-12);  // ScheduleTest's hand value
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].rfind("schedule: warm-up 300 steps, peak lr", 0), 0u) << said[0];
  EXPECT_NE(said[0].find("(--lr 2.000), then 1/sqrt(step)"), std::string::npos) << said[0];
}

TEST(LrScheduleTest, AutoWarmupIsAShareOfTheStepBudget) {
  TrainOptions o;
  o.max_steps = 1000;  // warm-up 0, lr 0: auto
  LrSchedule s(o, 256, false, [](const std::string&) {});
  s.start(std::nullopt, 0);
  EXPECT_EQ(s.warmup(), auto_warmup(1000, kAutoWarmupShare));
  EXPECT_EQ(s.warmup(), 600);
  // The peak, reached at the warm-up's end, is the automatic one.
  EXPECT_NEAR(s.rate(600, 0), kAutoPeakLr, 1e-12);
  EXPECT_LT(s.rate(599, 0), s.rate(600, 0));
  EXPECT_LT(s.rate(601, 0), s.rate(600, 0));
}

TEST(LrScheduleTest, ATimeBudgetProbesTheSpeedThenSetsTheWarmup) {
  TrainOptions o;
  o.max_time = 125;
  std::vector<std::string> said;
  LrSchedule s(o, 256, false, [&](const std::string& line) { said.push_back(line); });
  s.start(std::nullopt, 0);
  EXPECT_TRUE(s.probing());
  EXPECT_EQ(s.warmup(), kMaxAutoWarmup);  // the gentlest start until the speed is known
  EXPECT_TRUE(said.empty());
  // The skipped first steps take 1 s each, the probed ones 0.125 s: 1000 steps expected in 125 s.
  double t = 0;
  for (int64_t step = 1; step <= kProbeSkippedSteps + kWarmupProbeSteps; ++step) {
    t += step <= kProbeSkippedSteps ? 1.0 : 0.125;
    s.after_step(step, t);
  }
  EXPECT_FALSE(s.probing());
  EXPECT_EQ(s.expected_steps(), 1000);
  EXPECT_EQ(s.warmup(), 600);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("60% of the ~1000 steps that --max-time 125 allows at 0.125 s a step"), std::string::npos)
      << said[0];
}

TEST(LrScheduleTest, AResumedRunKeepsItsWarmupAndALinearDecayEndsAtTheBudget) {
  TrainOptions o;
  o.max_steps = 1000, o.lr_schedule = "linear";
  std::vector<std::string> said;
  LrSchedule s(o, 256, false, [&](const std::string& line) { said.push_back(line); });
  s.start(int64_t{123}, 1000);
  EXPECT_EQ(s.warmup(), 123);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_NE(said[0].find("(auto, as chosen at the run's start)"), std::string::npos) << said[0];
  const double peak = s.rate(123, 0);  // the warm-up's end
  EXPECT_NEAR(peak, kAutoPeakLr, 1e-12);
  // Step 500 of 1000: (1 - 0.5) / (1 - 123/1000) of the peak.
  EXPECT_NEAR(s.rate(500, 0), peak * (1 - 0.5) / (1 - 0.123), 1e-12);
  EXPECT_NEAR(s.rate(1000, 0), peak * kFinalLrShare, 1e-12);  // never below 1% of the peak
}

TEST(RunProgressTest, RoundTripsAndAnOldCheckpointKeepsDefaults) {
  RunProgress p;
  p.position = {2, 3, 4};
  p.train_seconds = 12.5, p.target_tokens = 1000, p.skipped_steps = 1, p.validated_step = 40, p.bad_in_a_row = 0;
  p.epoch_ended = true, p.warmup = 77, p.expected_steps = 900, p.init_scores = {{"loss", 2.5}};
  const auto back = run_progress_from_json(to_json(p));
  EXPECT_EQ(back.position, p.position);
  EXPECT_EQ(back.train_seconds, 12.5);
  EXPECT_EQ(back.target_tokens, 1000);
  EXPECT_EQ(back.skipped_steps, 1);
  EXPECT_EQ(back.validated_step, 40);
  EXPECT_TRUE(back.epoch_ended);
  EXPECT_EQ(back.warmup, std::optional<int64_t>(77));
  EXPECT_EQ(back.expected_steps, 900);
  EXPECT_EQ(back.init_scores, p.init_scores);
  // While the schedule's probe runs, no warm-up is saved; a checkpoint from
  // before these fields gives the defaults, as a new run has them.
  p.warmup.reset();
  EXPECT_TRUE(to_json(p)["warmup"].is_null());
  EXPECT_FALSE(run_progress_from_json(to_json(p)).warmup);
  const auto old = run_progress_from_json({{"position", {{"epoch", 1}, {"chunk", 0}, {"batch", 5}}}});
  EXPECT_EQ(old.validated_step, -1);
  EXPECT_EQ(old.train_seconds, 0);
  EXPECT_EQ(old.position, (data::StreamPosition{1, 0, 5}));
  EXPECT_EQ(run_progress_from_json(nlohmann::json()).validated_step, -1);  // a new run
}

TEST(LogWindowTest, ReportsPerTokenFiguresOverTheWindow) {
  LogWindow w;
  w.wait(0.5);
  w.add(2.0, 3.0, 300.0, 100);  // loss 3 over 100 tokens, NLL 300
  w.add(2.0, 1.0, 50.0, 100);
  w.wait(0.5);
  const auto r = w.report(7, 1, 1e-3, 0.5, 40, 123);
  EXPECT_EQ(r.window_steps, 2);
  EXPECT_DOUBLE_EQ(r.loss, 2.0);               // (3 * 100 + 1 * 100) / 200
  EXPECT_NEAR(r.ppl, std::exp(350.0 / 200), 1e-9);
  EXPECT_DOUBLE_EQ(r.tgt_tok_per_s, 50.0);     // 200 tokens in 4 s
  EXPECT_EQ(w.line(r, 2),
            "step 7 | epoch 1 | loss 2.0000 | ppl 5.75 | lr 10.000e-4 | gnorm 0.50 | tgt tok/s 50 | 123 MiB | 40 s | "
            "gradient wait 500.0 ms/step");
  w.clear();
  EXPECT_EQ(w.steps(), 0);
}

}  // namespace
}  // namespace nmt::train
