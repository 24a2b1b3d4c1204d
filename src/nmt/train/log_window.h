#pragma once
// The updates since the last log line: their loss, tokens, time and waits,
// and the report and line they give (every --log-every steps and at the end).
#include <cstdint>
#include <string>

#include "nmt/train/trainer.h"

namespace nmt::train {

class LogWindow {
 public:
  // The seconds an update (applied or skipped) waited for gradient sums.
  void wait(double seconds) { comm_wait_ += seconds; }
  // An applied update: its wall time, loss per token, summed NLL and target tokens.
  void add(double seconds, double loss, double nll, int64_t tokens);
  int64_t steps() const { return steps_; }
  // The window's report: loss and perplexity per target token, speed over its time.
  StepReport report(int64_t step, int64_t epoch, double lr, double grad_norm, double train_seconds,
                    double rss_mib) const;
  // "step 100 | epoch 1 | loss ... | 12 s", with the gradient wait per step when ranks > 1.
  std::string line(const StepReport& report, int ranks) const;
  void clear() { *this = LogWindow(); }

 private:
  double seconds_ = 0, loss_ = 0, nll_ = 0, comm_wait_ = 0;
  int64_t tokens_ = 0, steps_ = 0;
};

// The run's last line: "stopped (REASON) at step N; T target tokens in S s
// (... tgt tok/s[, W s of it waiting for gradient sums]); saved CHECKPOINT".
std::string stop_line(const TrainResult& result, double comm_wait_seconds, int ranks);

}  // namespace nmt::train
