// The terminal progress bar of nmt train: fraction, ETA and durations.
#include <gtest/gtest.h>

#include "nmt/cli/progress.h"
#include "nmt/train/trainer.h"

namespace nmt::cli {
namespace {

train::StepReport report(int64_t step, double seconds) {
  train::StepReport r;
  r.step = step, r.loss = 4.25, r.tgt_tok_per_s = 1634.4, r.train_seconds = seconds;
  return r;
}

TEST(TrainProgressTest, Progress_BarShowsStepBudgetAndEta) {
  TrainProgress progress(1000, 0, false);
  // 250 of 1000 steps in 100 s: 300 s to go.
  EXPECT_EQ(progress.bar(report(250, 100), 20),
            "[#####...............]  25% step 250/1000 | loss 4.250 | 1634 tok/s | 1m40s | ETA 5m00s");
}

TEST(TrainProgressTest, Progress_TimeBudgetWinsWhenItRunsOutFirst) {
  TrainProgress progress(100000, 600, false);
  // 10 of 100000 steps but 540 of 600 s: 90% done, 60 s left.
  EXPECT_EQ(progress.bar(report(10, 540), 10),
            "[#########.]  90% step 10/100000 | loss 4.250 | 1634 tok/s | 9m00s | ETA 1m00s");
}

TEST(TrainProgressTest, Progress_NoBudgetMeansNoBar) {
  TrainProgress progress(0, 0, false);
  EXPECT_EQ(progress.bar(report(7, 3), 10), "step 7 | loss 4.250 | 1634 tok/s | 3s");
}

TEST(TrainProgressTest, Progress_DurationsReadLikeAClock) {
  EXPECT_EQ(TrainProgress::duration(0), "0s");
  EXPECT_EQ(TrainProgress::duration(59.4), "59s");
  EXPECT_EQ(TrainProgress::duration(61), "1m01s");
  EXPECT_EQ(TrainProgress::duration(3 * 3600 + 7 * 60 + 30), "3h07m");
}

}  // namespace
}  // namespace nmt::cli
