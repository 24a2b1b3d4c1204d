#pragma once
// A fake model for search tests: a fixed table of next-token probabilities
// per (sentence, prefix), so every right answer is worked out by hand from
// the tables. Ids 0..3 are <pad>, <unk>, <s>, </s>; a table's rows give
// the probability of each id (all rows of a table as long).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "nmt/decode/search.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

using Probs = std::vector<double>;

// Next-token probabilities of one sentence, keyed by the generated prefix
// (without <s>); prefixes not listed get `fallback`.
struct Table {
  std::map<std::vector<int>, Probs> rows;
  Probs fallback;
  const Probs& at(const std::vector<int>& prefix) const {
    auto it = rows.find(prefix);
    return it == rows.end() ? fallback : it->second;
  }
};

// The fake model. Each row is one hypothesis of one sentence; it keeps the
// row's prefix so a search that loses track of its rows reads the wrong
// probabilities. It also records what a correct search never does. The
// first `batch` tables (all by default) are searched from the start; the
// others join in order, one per source that add_sources gives.
class TableStep : public StepFunction {
 public:
  explicit TableStep(std::vector<const Table*> tables, int64_t batch = -1) : tables_(std::move(tables)) {
    const auto first = batch < 0 ? tables_.size() : static_cast<size_t>(batch);
    for (size_t i = 0; i < first; ++i) sentence_.push_back(static_cast<int>(i)), prefix_.emplace_back();
    joined_ = static_cast<int>(first);
  }

  void add_sources(const at::Tensor& src, const SourceVocabularies* /*vocabularies*/) override {
    for (int64_t i = 0; i < src.size(0); ++i) {
      if (joined_ >= static_cast<int>(tables_.size())) {
        problems.push_back("add_sources: no table left to join");
        return;
      }
      started_[static_cast<int64_t>(sentence_.size())] = false;
      sentence_.push_back(joined_++), prefix_.emplace_back();
    }
  }

  at::Tensor log_probs(const std::vector<int64_t>& last) override {
    ++calls;
    const auto n = static_cast<int64_t>(last.size());
    if (n != static_cast<int64_t>(sentence_.size())) {
      problems.push_back("log_probs got " + std::to_string(n) + " rows, the model holds " +
                         std::to_string(sentence_.size()));
      return torch::zeros({n, vocab_size()});
    }
    auto out = torch::empty({n, vocab_size()});
    std::vector<int> distinct = sentence_;
    std::sort(distinct.begin(), distinct.end());
    most_sentences = std::max(most_sentences, static_cast<int>(std::unique(distinct.begin(), distinct.end()) - distinct.begin()));
    for (int64_t r = 0; r < n; ++r) {
      const int token = static_cast<int>(last[r]);
      if (token == text::kBosId) {
        if (!prefix_[r].empty() || started_[r]) problems.push_back("<s> fed in the middle of a row");
      } else {
        if (token == text::kEosId || token == text::kPadId) problems.push_back("a finished or pad token fed back");
        prefix_[r].push_back(token);
      }
      started_[r] = true;
      const auto& p = tables_[sentence_[r]]->at(prefix_[r]);
      for (size_t v = 0; v < p.size(); ++v) out[r][static_cast<int64_t>(v)] = std::log(p[v]);
    }
    return out;
  }

  void select_rows(const std::vector<int64_t>& rows, bool same_sentences) override {
    ++selects;
    std::vector<int> sentence;
    std::vector<std::vector<int>> prefix;
    std::map<int64_t, bool> started;
    for (int64_t i = 0; i < static_cast<int64_t>(rows.size()); ++i) {
      const int64_t old = rows[i];
      if (old < 0 || old >= static_cast<int64_t>(sentence_.size())) {
        problems.push_back("select_rows: row " + std::to_string(old) + " does not exist");
        return;
      }
      if (same_sentences && (i >= static_cast<int64_t>(sentence_.size()) || sentence_[old] != sentence_[i])) {
        problems.push_back("select_rows(same_sentences=true) moved a row to another sentence");
      }
      sentence.push_back(sentence_[old]), prefix.push_back(prefix_[old]), started[i] = started_[old];
    }
    sentence_.swap(sentence), prefix_.swap(prefix), started_.swap(started);
  }

  int calls = 0, selects = 0;
  int most_sentences = 0;  // sentences in one log_probs call, at most
  std::vector<std::string> problems;
  std::vector<int> live_sentences() const { return sentence_; }

 private:
  int64_t vocab_size() const { return static_cast<int64_t>(tables_.front()->fallback.size()); }

  std::vector<const Table*> tables_;
  std::vector<int> sentence_;               // sentence of each row
  std::vector<std::vector<int>> prefix_;    // generated tokens of each row
  std::map<int64_t, bool> started_;         // row has been fed <s>
  int joined_ = 0;                          // tables searched so far
};


}  // namespace nmt::decode
