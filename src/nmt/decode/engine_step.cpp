#include "nmt/decode/engine_step.h"

#include <algorithm>
#include <limits>
#include <vector>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/infer/kernels.h"
#include "nmt/infer/thread_pool.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

EngineStep::EngineStep(const infer::TransformerWeights& weights, const at::Tensor& src,
                       const SourceVocabularies* vocabularies)
    : owned_(std::make_unique<infer::Engine>(weights)), engine_(*owned_), decoder_(engine_.decoder) {
  start(src, vocabularies);
}

EngineStep::EngineStep(infer::Engine& engine, const at::Tensor& src, const SourceVocabularies* vocabularies)
    : engine_(engine), decoder_(engine.decoder) {
  start(src, vocabularies);
}

int64_t EngineStep::column_of(int64_t row, int64_t id) const {
  const auto* ids = decoder_.output_ids(row);
  if (ids == nullptr) return id;
  const auto it = std::lower_bound(ids->begin(), ids->end(), id);
  return it != ids->end() && *it == id ? it - ids->begin() : -1;
}

namespace {

// src (N, S) ids on the CPU, padded at the end: its long ids and each source's length.
at::Tensor source_ids(const at::Tensor& src_any, std::vector<int64_t>& lengths) {
  NMT_CHECK(src_any.device().is_cpu(), "the CPU engine decodes on the CPU, not on " << src_any.device());
  auto src = src_any.to(torch::kLong).contiguous();
  const int64_t sources = src.size(0), length = src.size(1);
  lengths.assign(sources, 0);
  const auto ids = src.accessor<int64_t, 2>();
  for (int64_t s = 0; s < sources; ++s) {
    int64_t n = length;
    while (n > 0 && ids[s][n - 1] == text::kPadId) --n;  // padding sits at the end
    lengths[s] = n;
  }
  return src;
}

}  // namespace

namespace {

void check_vocabularies(const SourceVocabularies& vocabularies, int64_t sources) {
  NMT_CHECK(static_cast<int64_t>(vocabularies.size()) == sources,
            vocabularies.size() << " shortlist vocabularies for " << sources << " sources");
  for (const auto& v : vocabularies) {
    NMT_CHECK(std::binary_search(v.begin(), v.end(), int64_t{text::kEosId}), "a shortlist vocabulary without </s>");
  }
}

}  // namespace

void EngineStep::start(const at::Tensor& src_any, const SourceVocabularies* vocabularies) {
  std::vector<int64_t> lengths;
  const auto src = source_ids(src_any, lengths);
  engine_.start(src.data_ptr<int64_t>(), src.size(0), src.size(1), lengths.data());
  restricted_ = vocabularies != nullptr;
  if (restricted_) {
    check_vocabularies(*vocabularies, src.size(0));
    decoder_.restrict_source_outputs(*vocabularies);
  }
}

void EngineStep::add_sources(const at::Tensor& src_any, const SourceVocabularies* vocabularies) {
  NMT_CHECK(restricted_ == (vocabularies != nullptr),
            (restricted_ ? "sources joining a shortlisted search need vocabularies of their own"
                         : "sources joining a search over the whole vocabulary cannot bring a shortlist"));
  std::vector<int64_t> lengths;
  const auto src = source_ids(src_any, lengths);
  if (vocabularies != nullptr) check_vocabularies(*vocabularies, src.size(0));
  engine_.add(src.data_ptr<int64_t>(), src.size(0), src.size(1), lengths.data());
  if (vocabularies != nullptr) decoder_.restrict_source_outputs(*vocabularies);
}

at::Tensor EngineStep::log_probs(const std::vector<int64_t>& last) {
  NMT_CHECK(static_cast<int64_t>(last.size()) == decoder_.rows(),
            "log_probs: " << last.size() << " tokens for " << decoder_.rows() << " rows");
  float* logits = decoder_.step(last.data());
  const auto n = decoder_.rows(), columns = decoder_.output_size();
  auto lp = torch::log_softmax(torch::from_blob(logits, {n, columns}, torch::kFloat), -1);
  if (!restricted_) return lp;
  auto full = torch::full({n, decoder_.vocab_size()}, -std::numeric_limits<float>::infinity());
  const float* from = lp.data_ptr<float>();
  float* to = full.data_ptr<float>();
  for (int64_t r = 0; r < n; ++r) {
    const auto& ids = *decoder_.output_ids(r);
    for (size_t j = 0; j < ids.size(); ++j) to[r * decoder_.vocab_size() + ids[j]] = from[r * columns + j];
  }
  return full;
}

void EngineStep::select_rows(const std::vector<int64_t>& rows, bool /*same_sentences*/) {
  decoder_.select_rows(rows.data(), static_cast<int64_t>(rows.size()));
}

void EngineStep::top_k(const std::vector<int64_t>& last, const TokenRules& rules, int64_t k, TopK& out) {
  const int64_t n = decoder_.rows();
  NMT_CHECK(static_cast<int64_t>(last.size()) == n, "top_k: " << last.size() << " tokens for " << n << " rows");
  NMT_CHECK(k >= 1, "top_k: k = " << k);
  float* logits = decoder_.step(last.data());
  const int64_t V = decoder_.output_size();
  last_logits_ = logits, last_columns_ = V;
  last_eos_only_ = rules.eos_only;
  last_banned_ = rules.banned;
  // k past the columns: the kernel fills what it has, the rest stays -inf.
  const int64_t kk = std::min(k, V);
  out.k = k;
  out.scores.assign(n * k, -std::numeric_limits<float>::infinity());
  out.ids.assign(n * k, 0);
  std::vector<float>& scores = kk == k ? out.scores : scratch_scores_;
  std::vector<int64_t>& ids = kk == k ? out.ids : scratch_ids_;
  scores.resize(n * kk), ids.resize(n * kk);
  log_sums_.resize(n);
  std::vector<int64_t> banned;  // the same columns for every row, where the rows share theirs
  if (!restricted_) {
    for (const auto id : rules.banned)
      if (id >= 0 && id < V) banned.push_back(id);
  }
  auto* pool = decoder_.pool();
  const int tasks = infer::task_count(pool, n);
  infer::run_tasks(pool, tasks, [&](int task) {
    const int64_t first = n * task / tasks, rows = n * (task + 1) / tasks - first;
    if (!restricted_) {
      infer::log_softmax_top_k(logits + first * V, rows, V, kk, banned.data(), static_cast<int64_t>(banned.size()),
                               scores.data() + first * kk, ids.data() + first * kk, log_sums_.data() + first);
      return;
    }
    std::vector<int64_t> row_banned;  // each row's own columns of the banned ids
    for (int64_t r = first; r < first + rows; ++r) {
      row_banned.clear();
      for (const auto id : rules.banned)
        if (const auto column = column_of(r, id); column >= 0) row_banned.push_back(column);
      infer::log_softmax_top_k(logits + r * V, 1, V, kk, row_banned.data(), static_cast<int64_t>(row_banned.size()),
                               scores.data() + r * kk, ids.data() + r * kk, log_sums_.data() + r);
    }
  });
  if (kk != k) {
    for (int64_t r = 0; r < n; ++r) {
      std::copy_n(scores.data() + r * kk, kk, out.scores.data() + r * k);
      std::copy_n(ids.data() + r * kk, kk, out.ids.data() + r * k);
    }
  }
  if (restricted_) {
    for (int64_t r = 0; r < n; ++r) {
      const auto& list = *decoder_.output_ids(r);
      for (int64_t j = 0; j < k; ++j) {
        auto& id = out.ids[r * k + j];
        id = id < static_cast<int64_t>(list.size()) ? list[id] : 0;  // past the list: a -inf score
      }
    }
  }
  for (size_t r = 0; r < rules.eos_only.size(); ++r) {  // </s> alone
    if (!rules.eos_only[r]) continue;
    float* s = out.scores.data() + r * k;
    int64_t* id = out.ids.data() + r * k;
    std::fill_n(s, k, -std::numeric_limits<float>::infinity());
    std::fill_n(id, k, int64_t{0});
    s[0] = logits[r * V + column_of(static_cast<int64_t>(r), text::kEosId)] - log_sums_[r], id[0] = text::kEosId;
  }
}

float EngineStep::last_log_prob(int64_t row, int64_t token) {
  NMT_CHECK(last_logits_ != nullptr, "last_log_prob before any top_k");
  NMT_CHECK(row >= 0 && row < decoder_.rows() && token >= 0 && token < decoder_.vocab_size(),
            "last_log_prob: row " << row << ", token " << token << " outside (" << decoder_.rows() << ", "
                                  << decoder_.vocab_size() << ")");
  const int64_t column = column_of(row, token);
  const bool eos_only = static_cast<size_t>(row) < last_eos_only_.size() && last_eos_only_[row];
  if (column < 0 || (eos_only && token != text::kEosId) ||
      std::find(last_banned_.begin(), last_banned_.end(), token) != last_banned_.end())
    return -std::numeric_limits<float>::infinity();
  return last_logits_[row * last_columns_ + column] - log_sums_[row];
}

}  // namespace nmt::decode
