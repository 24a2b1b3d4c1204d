#pragma once
// Which validation is the best so far on each metric, and when training stops
// early (--early-stopping-metric, --patience): decisions taken on the scores
// alone, apart from the training loop, so that they are tested on scripted
// scores rather than on a loss trajectory.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace nmt::train {

// One validation's scores: loss and perplexity always, BLEU and chrF when the
// dev set was translated.
struct DevScores {
  double loss = 0;  // nll per target token (no label smoothing)
  double ppl = 0;
  std::optional<double> bleu, chrf;
};

// Whether a larger value of `metric` (loss | ppl | bleu | chrf) is better, and
// the metric's value in `scores`; nmt::Error for an unknown name or a metric
// that was not computed.
bool higher_is_better(const std::string& metric);
double metric_value(const DevScores& scores, const std::string& metric);

struct BestScore {
  double value = 0;
  int64_t step = 0;  // of the validation that scored it
};

// What one validation changed.
struct ValidationOutcome {
  std::string metric;                 // the one that decided: the chosen one, or loss without BLEU/chrF
  bool improved = false;              // on `metric`
  std::vector<std::string> new_best;  // metrics whose best this validation now is (best-<metric>.pt to write)
};

class EarlyStopping {
 public:
  // metric: the one that decides (loss | ppl | bleu | chrf; loss when BLEU
  // and chrF are not computed). patience: stop after that many validations
  // in a row without improvement on it; 0 = never.
  EarlyStopping(std::string metric, int64_t patience);

  // Records the validation at `step`. The best of each metric is tracked:
  // loss always, BLEU and chrF when computed, perplexity only when it decides
  // (it ranks as the loss does). Only a strictly better value is an
  // improvement: a tie leaves the earlier validation the best.
  ValidationOutcome add(int64_t step, const DevScores& scores);

  int64_t stale() const { return stale_; }  // validations since the last improvement on the deciding metric
  bool should_stop() const { return patience_ > 0 && stale_ >= patience_; }
  const std::map<std::string, BestScore>& best() const { return best_; }

  // The state a checkpoint keeps so that a resumed run decides as the
  // uninterrupted one would: fields "best" ({metric: {"value", "step"}}) and
  // "stale" of the checkpoint's progress object.
  void save(nlohmann::json& progress) const;
  void restore(const nlohmann::json& progress);

 private:
  std::string metric_;
  int64_t patience_;
  std::map<std::string, BestScore> best_;
  int64_t stale_ = 0;
};

}  // namespace nmt::train
