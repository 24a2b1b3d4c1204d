#include "nmt/train/early_stopping.h"

#include <utility>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"

namespace nmt::train {

bool higher_is_better(const std::string& metric) {
  if (metric == "loss" || metric == "ppl") return false;
  NMT_CHECK(metric == "bleu" || metric == "chrf",
            "unknown validation metric '" << metric << "' (choose loss, ppl, bleu or chrf)");
  return true;
}

double metric_value(const DevScores& scores, const std::string& metric) {
  higher_is_better(metric);  // checks the name
  if (metric == "loss") return scores.loss;
  if (metric == "ppl") return scores.ppl;
  const auto& value = metric == "bleu" ? scores.bleu : scores.chrf;
  NMT_CHECK(value.has_value(), "validation metric '" << metric << "' needs translation of the dev set");
  return *value;
}

EarlyStopping::EarlyStopping(std::string metric, int64_t patience) : metric_(std::move(metric)), patience_(patience) {
  higher_is_better(metric_);  // checks the name
}

ValidationOutcome EarlyStopping::add(int64_t step, const DevScores& scores) {
  ValidationOutcome outcome;
  const bool translated = scores.bleu.has_value();
  outcome.metric = higher_is_better(metric_) && !translated ? "loss" : metric_;
  std::vector<std::string> tracked = {"loss"};
  if (translated) tracked.insert(tracked.end(), {"bleu", "chrf"});
  if (outcome.metric == "ppl") tracked.push_back("ppl");
  for (const auto& m : tracked) {
    const double value = metric_value(scores, m);
    const auto best = best_.find(m);
    const bool better = best == best_.end() ||
                        (higher_is_better(m) ? value > best->second.value : value < best->second.value);
    if (better) {
      best_[m] = {value, step};
      outcome.new_best.push_back(m);
    }
    if (m == outcome.metric) outcome.improved = better;
  }
  stale_ = outcome.improved ? 0 : stale_ + 1;
  return outcome;
}

void EarlyStopping::save(nlohmann::json& progress) const {
  nlohmann::json best = nlohmann::json::object();
  for (const auto& [metric, b] : best_) best[metric] = {{"value", b.value}, {"step", b.step}};
  progress["best"] = best;
  progress["stale"] = stale_;
}

void EarlyStopping::restore(const nlohmann::json& progress) {
  best_.clear();
  const auto best = progress.value("best", nlohmann::json::object());  // named: items() refers to it
  for (const auto& [metric, b] : best.items()) {
    best_[metric] = {b.at("value").get<double>(), b.at("step").get<int64_t>()};
  }
  stale_ = progress.value("stale", int64_t{0});
}

}  // namespace nmt::train
