#pragma once
// What `nmt train` shows while it runs. On a terminal: a progress bar with
// ETA and live loss and tokens/s on stderr, redrawn after every step, with
// the log lines printed above it. Otherwise: only the plain periodic lines.
#include <chrono>
#include <cstdint>
#include <string>

namespace nmt::train {
struct StepReport;
}

namespace nmt::cli {

class TrainProgress {
 public:
  // The budget that defines 100%: any of the three may be 0 (no limit).
  TrainProgress(int64_t max_steps, double max_time, bool terminal);
  void message(const std::string& line);           // a log line, on stdout
  void step(const train::StepReport& report);      // redraws the bar
  void finish();                                   // leaves the terminal on a fresh line
  // "1h02m", "3m05s", "42s"
  static std::string duration(double seconds);
  // The bar line for a report, without control characters (tests, and the terminal).
  std::string bar(const train::StepReport& report, int width) const;

 private:
  void clear();
  int64_t max_steps_;
  double max_time_;
  bool terminal_;
  bool drawn_ = false;
  std::string last_bar_;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace nmt::cli
