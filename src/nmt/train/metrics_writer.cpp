#include "nmt/train/metrics_writer.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/metrics/metrics_log.h"
#include "nmt/metrics/tensorboard.h"
#include "nmt/train/trainer.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

double unix_time() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Keeps the lines whose step is <= last_step; a torn last line (a crash
// mid-write) is dropped too. The file is rewritten whole through a
// temporary file and a rename, never truncated in place, so a crash or a
// full disk now cannot lose the lines kept.
void truncate_after(const std::string& path, int64_t last_step) {
  std::ifstream in(path);
  if (!in) return;
  std::ostringstream kept;
  std::string line;
  bool dropped = false;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("step", int64_t{0}) > last_step) {
      dropped = true;
      continue;
    }
    kept << line << "\n";
  }
  NMT_CHECK(in.eof(), "cannot read " << path);
  in.close();
  if (dropped) write_file_durably(path, kept.str(), "metrics log");
}

}  // namespace

MetricsWriter::MetricsWriter(const std::string& run_dir, int64_t resume_step)
    : path_((fs::path(run_dir) / "metrics.jsonl").string()) {
  truncate_after(path_, resume_step);
  out_ = std::make_unique<AppendFile>(path_);
  events_ = std::make_unique<metrics::EventWriter>((fs::path(run_dir) / "tensorboard").string());
}

MetricsWriter::~MetricsWriter() = default;

void MetricsWriter::train(const StepReport& r) {
  metrics::TrainPoint p;
  p.step = r.step, p.epoch = static_cast<double>(r.epoch), p.time = r.train_seconds, p.wall = unix_time();
  p.loss = r.loss, p.ppl = r.ppl, p.lr = r.lr, p.grad_norm = r.grad_norm, p.tgt_tok_per_s = r.tgt_tok_per_s;
  p.rss_mib = r.rss_mib;
  out_->append(metrics::metrics_line(p) + "\n");
  for (const auto& [tag, value] : {std::pair{"train/loss", p.loss}, {"train/ppl", p.ppl}, {"train/lr", p.lr},
                                   {"train/grad_norm", p.grad_norm}, {"train/tgt_tok_per_s", p.tgt_tok_per_s}})
    events_->add_scalar(tag, value, r.step, p.wall);
  events_->flush();
}

void MetricsWriter::sync() { out_->sync(); }

void MetricsWriter::valid(const ValidReport& r) {
  metrics::ValidPoint p;
  p.step = r.step, p.time = r.train_seconds, p.wall = unix_time(), p.valid_seconds = r.seconds;
  p.dev_loss = r.loss, p.dev_ppl = r.ppl;
  if (r.bleu) p.dev_bleu = *r.bleu;
  if (r.chrf) p.dev_chrf = *r.chrf;
  out_->append(metrics::metrics_line(p) + "\n");
  for (const auto& [tag, value] : {std::pair{"dev/loss", p.dev_loss}, {"dev/ppl", p.dev_ppl},
                                   {"dev/bleu", p.dev_bleu}, {"dev/chrf", p.dev_chrf}})
    if (!std::isnan(value)) events_->add_scalar(tag, value, r.step, p.wall);
  events_->flush();
}

}  // namespace nmt::train
