#include "nmt/train/metrics_log.h"

#include <chrono>
#include <filesystem>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"
#include "nmt/metrics/tensorboard.h"
#include "nmt/train/trainer.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

double unix_time() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Keeps the lines whose step is <= last_step; a torn last line (a crash
// mid-write) is dropped too.
void truncate_after(const std::string& path, int64_t last_step) {
  std::ifstream in(path);
  if (!in) return;
  std::ostringstream kept;
  std::string line;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("step", int64_t{0}) > last_step) continue;
    kept << line << "\n";
  }
  in.close();
  std::ofstream out(path, std::ios::trunc);
  out << kept.str();
}

}  // namespace

MetricsLog::MetricsLog(const std::string& run_dir, int64_t resume_step)
    : path_((fs::path(run_dir) / "metrics.jsonl").string()) {
  truncate_after(path_, resume_step);
  out_.open(path_, std::ios::app);
  NMT_CHECK(out_, "cannot write " << path_);
  events_ = std::make_unique<metrics::EventWriter>((fs::path(run_dir) / "tensorboard").string());
}

MetricsLog::~MetricsLog() = default;

void MetricsLog::train(const StepReport& r) {
  nlohmann::json j = {{"kind", "train"}, {"step", r.step}, {"epoch", r.epoch}, {"time", r.train_seconds},
                      {"wall", unix_time()}, {"loss", r.loss}, {"ppl", r.ppl}, {"lr", r.lr},
                      {"grad_norm", r.grad_norm}, {"tgt_tok_per_s", r.tgt_tok_per_s}};
  out_ << j.dump() << std::endl;
  const double wall = j["wall"];
  for (const char* key : {"loss", "ppl", "lr", "grad_norm", "tgt_tok_per_s"})
    events_->add_scalar(std::string("train/") + key, j[key].get<double>(), r.step, wall);
  events_->flush();
}

void MetricsLog::valid(const ValidReport& r) {
  nlohmann::json j = {{"kind", "valid"}, {"step", r.step}, {"time", r.train_seconds}, {"wall", unix_time()},
                      {"dev_loss", r.loss}, {"dev_ppl", r.ppl}, {"valid_seconds", r.seconds}};
  if (r.bleu) j["dev_bleu"] = *r.bleu;
  if (r.chrf) j["dev_chrf"] = *r.chrf;
  out_ << j.dump() << std::endl;
  const double wall = j["wall"];
  for (const char* key : {"loss", "ppl", "bleu", "chrf"}) {
    const std::string field = std::string("dev_") + key;
    if (j.contains(field)) events_->add_scalar(std::string("dev/") + key, j[field].get<double>(), r.step, wall);
  }
  events_->flush();
}

}  // namespace nmt::train
