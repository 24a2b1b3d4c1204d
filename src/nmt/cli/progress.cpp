#include "nmt/cli/progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "nmt/train/trainer.h"

namespace nmt::cli {

TrainProgress::TrainProgress(int64_t max_steps, double max_time, bool terminal)
    : max_steps_(max_steps), max_time_(max_time), terminal_(terminal) {}

std::string TrainProgress::duration(double seconds) {
  const auto s = static_cast<int64_t>(std::max(0.0, std::round(seconds)));
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%lldh%02lldm", static_cast<long long>(s / 3600), static_cast<long long>(s / 60 % 60));
  else if (s >= 60) std::snprintf(text, sizeof text, "%lldm%02llds", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  else std::snprintf(text, sizeof text, "%llds", static_cast<long long>(s));
  return text;
}

std::string TrainProgress::bar(const train::StepReport& r, int width) const {
  // The fraction done is that of whichever budget runs out first.
  double done = 0;
  if (max_steps_ > 0) done = std::max(done, static_cast<double>(r.step) / static_cast<double>(max_steps_));
  if (max_time_ > 0) done = std::max(done, r.train_seconds / max_time_);
  done = std::min(done, 1.0);
  std::ostringstream s;
  if (max_steps_ > 0 || max_time_ > 0) {
    const int filled = static_cast<int>(std::lround(done * width));
    s << "[" << std::string(static_cast<size_t>(filled), '#') << std::string(static_cast<size_t>(width - filled), '.')
      << "] " << std::setw(3) << static_cast<int>(done * 100) << "% ";
  }
  s << "step " << r.step;
  if (max_steps_ > 0) s << "/" << max_steps_;
  s << " | loss " << std::fixed << std::setprecision(3) << r.loss << " | " << std::setprecision(0) << r.tgt_tok_per_s
    << " tok/s | " << duration(r.train_seconds);
  if (done > 0 && done < 1) s << " | ETA " << duration(r.train_seconds * (1 - done) / done);
  return s.str();
}

void TrainProgress::clear() {
  if (drawn_) std::cerr << "\r\033[K" << std::flush;
  drawn_ = false;
}

void TrainProgress::message(const std::string& line) {
  clear();
  std::cout << line << std::endl;
  if (terminal_ && !last_bar_.empty()) {
    std::cerr << last_bar_ << std::flush;
    drawn_ = true;
  }
}

void TrainProgress::step(const train::StepReport& report) {
  if (!terminal_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(200)) return;  // a terminal needs no more
  last_draw_ = now;
  last_bar_ = bar(report, 30);
  std::cerr << "\r\033[K" << last_bar_ << std::flush;
  drawn_ = true;
}

void TrainProgress::finish() {
  clear();
  last_bar_.clear();
}

}  // namespace nmt::cli
