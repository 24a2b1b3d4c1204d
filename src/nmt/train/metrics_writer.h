#pragma once
// Writes what training reports to RUN_DIR/metrics.jsonl, one JSON object per
// line in the schema of nmt/metrics/metrics_log.h, each write checked, read
// by `nmt report` and by people with jq. The same numbers go to TensorBoard event files in RUN_DIR/tensorboard
// (tags train/loss, train/ppl, train/lr, train/grad_norm,
// train/tgt_tok_per_s, dev/loss, dev/ppl, dev/bleu, dev/chrf), one file per
// start or resume of the run.
#include <cstdint>
#include <memory>
#include <string>

namespace nmt {
class AppendFile;
}
namespace nmt::metrics {
class EventWriter;
}

namespace nmt::train {

struct StepReport;
struct ValidReport;

class MetricsWriter {
 public:
  // Opens run_dir/metrics.jsonl for appending. Lines of steps after
  // `resume_step` are dropped first: they came from the part of an
  // interrupted run that the resumed run does again.
  MetricsWriter(const std::string& run_dir, int64_t resume_step);
  ~MetricsWriter();
  void train(const StepReport& report);
  void valid(const ValidReport& report);
  void sync();  // what was written is on disk
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::unique_ptr<AppendFile> out_;
  std::unique_ptr<metrics::EventWriter> events_;
};

}  // namespace nmt::train
