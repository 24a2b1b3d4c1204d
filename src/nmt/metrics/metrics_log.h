#pragma once
// RUN_DIR/metrics.jsonl as the trainer writes it: one JSON object per line,
//   {"kind":"train","step":..,"epoch":..,"time":..,"wall":..,"loss":..,"ppl":..,
//    "lr":..,"grad_norm":..,"tgt_tok_per_s":..,"rss_mib":..}
//   {"kind":"valid","step":..,"time":..,"wall":..,"dev_loss":..,"dev_ppl":..,
//    "dev_bleu":..,"dev_chrf":..,"valid_seconds":..}
// A number that is missing or null (nlohmann writes NaN as null) reads as
// NaN, which the report skips; unknown keys and unknown kinds are ignored.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace nmt::metrics {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

// The numbers of each kind of line, by their JSON key: one list serves the
// writer and the reader, so the two cannot drift apart.
#define NMT_TRAIN_POINT_FIELDS(X) \
  X(epoch) X(time) X(wall) X(loss) X(ppl) X(lr) X(grad_norm) X(tgt_tok_per_s) X(rss_mib)
#define NMT_VALID_POINT_FIELDS(X) X(time) X(wall) X(dev_loss) X(dev_ppl) X(dev_bleu) X(dev_chrf) X(valid_seconds)

struct TrainPoint {
  int64_t step = 0;
  double epoch = kMissing;
  double time = kMissing;  // seconds of training so far
  double wall = kMissing;  // unix seconds
  double loss = kMissing, ppl = kMissing, lr = kMissing, grad_norm = kMissing, tgt_tok_per_s = kMissing;
  double rss_mib = kMissing;  // resident memory when the line was written
};

struct ValidPoint {
  int64_t step = 0;
  double time = kMissing, wall = kMissing;
  double dev_loss = kMissing, dev_ppl = kMissing, dev_bleu = kMissing, dev_chrf = kMissing;
  double valid_seconds = kMissing;
};

// One line of the log, without its newline; a missing (NaN) number is left out.
std::string metrics_line(const TrainPoint& point);
std::string metrics_line(const ValidPoint& point);

struct MetricsLog {
  std::vector<TrainPoint> train;
  std::vector<ValidPoint> valid;
};

// nmt::Error naming FILE:LINE for a line that is not a JSON object, lacks
// "kind" or an integer "step", or holds a non-number where a number belongs.
MetricsLog read_metrics_log(const std::string& path);
MetricsLog parse_metrics_log(const std::string& text, const std::string& name);

}  // namespace nmt::metrics
