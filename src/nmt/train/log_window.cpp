#include "nmt/train/log_window.h"

#include <algorithm>

#include "nmt/common/format.h"
#include "nmt/train/loss.h"

namespace nmt::train {

void LogWindow::add(double seconds, double loss, double nll, int64_t tokens) {
  seconds_ += seconds;
  loss_ += loss * static_cast<double>(tokens);
  nll_ += nll;
  tokens_ += tokens, ++steps_;
}

StepReport LogWindow::report(int64_t step, int64_t epoch, double lr, double grad_norm, double train_seconds,
                             double rss_mib) const {
  StepReport r;
  const double tokens = static_cast<double>(std::max<int64_t>(tokens_, 1));
  r.step = step, r.epoch = epoch;
  r.loss = loss_ / tokens, r.ppl = perplexity(nll_ / tokens);
  r.lr = lr, r.grad_norm = grad_norm, r.tgt_tok_per_s = tokens / seconds_;
  r.train_seconds = train_seconds, r.window_steps = steps_, r.rss_mib = rss_mib;
  return r;
}

std::string LogWindow::line(const StepReport& r, int ranks) const {
  return "step " + std::to_string(r.step) + " | epoch " + std::to_string(r.epoch) + " | loss " + fixed(r.loss, 4) +
         " | ppl " + fixed(r.ppl, 2) + " | lr " + fixed(r.lr * 1e4, 3) + "e-4 | gnorm " + fixed(r.grad_norm, 2) +
         " | tgt tok/s " + fixed(r.tgt_tok_per_s, 0) + " | " + fixed(r.rss_mib, 0) + " MiB | " +
         fixed(r.train_seconds, 0) + " s" +
         (ranks > 1 ? " | gradient wait " + fixed(1000 * comm_wait_ / static_cast<double>(steps_), 1) + " ms/step" : "");
}

std::string stop_line(const TrainResult& result, double comm_wait_seconds, int ranks) {
  return "stopped (" + result.stop_reason + ") at step " + std::to_string(result.steps) + "; " +
         std::to_string(result.target_tokens) + " target tokens in " + fixed(result.train_seconds, 1) + " s (" +
         fixed(result.target_tokens / std::max(result.train_seconds, 1e-9), 0) + " tgt tok/s" +
         (ranks > 1 ? ", " + fixed(comm_wait_seconds, 1) + " s of it waiting for gradient sums" : "") + "); saved " +
         result.checkpoint;
}

}  // namespace nmt::train
