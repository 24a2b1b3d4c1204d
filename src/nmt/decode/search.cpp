#include "nmt/decode/search.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/marian_search.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// <pad> and <s> are never generated, nor </s> unless allowed, nor <unk>
// unless allowed.
void restrict_tokens(torch::Tensor& log_probs, const SearchOptions& options) {
  log_probs.select(1, text::kPadId).fill_(-std::numeric_limits<float>::infinity());
  log_probs.select(1, text::kBosId).fill_(-std::numeric_limits<float>::infinity());
  if (!options.allow_eos) log_probs.select(1, text::kEosId).fill_(-std::numeric_limits<float>::infinity());
  if (!options.allow_unk) log_probs.select(1, text::kUnkId).fill_(-std::numeric_limits<float>::infinity());
}

// At step t, the rows of each live sentence that reaches its own limit may
// only choose </s>. Rows come rows_per_sentence to a sentence (1 for greedy
// search, the beam for beam search); alive[i] is live sentence i's index
// into max_lengths.
void force_eos_at_limits(torch::Tensor& log_probs, const std::vector<int64_t>& alive,
                         const std::vector<int64_t>& max_lengths, int64_t t, int64_t rows_per_sentence) {
  for (size_t i = 0; i < alive.size(); ++i) {
    if (t != max_lengths[alive[i]] - 1) continue;
    auto rows = log_probs.narrow(0, static_cast<int64_t>(i) * rows_per_sentence, rows_per_sentence);
    auto eos = rows.select(1, text::kEosId).clone();
    rows.fill_(-std::numeric_limits<float>::infinity());
    rows.select(1, text::kEosId).copy_(eos);
  }
}

void check_options(const SearchOptions& options) {
  NMT_CHECK(options.beam >= 1, "beam size must be >= 1, got " << options.beam);
  NMT_CHECK(options.n_best >= 1 && options.n_best <= options.beam,
            "n-best (" << options.n_best << ") must be between 1 and the beam size (" << options.beam << ")");
}

int64_t longest(const std::vector<int64_t>& max_lengths) {
  int64_t n = 0;
  for (const auto m : max_lengths) {
    NMT_CHECK(m >= 1, "a length limit must be >= 1 token, got " << m);
    n = std::max(n, m);
  }
  return n;
}

Hypothesis make_hypothesis(const torch::Tensor& history_row, int64_t length, double log_prob, double alpha,
                           bool ended_with_eos) {
  Hypothesis h;
  auto row = history_row.accessor<int64_t, 1>();
  for (int64_t i = 0; i < length; ++i) h.tokens.push_back(static_cast<int>(row[i]));
  h.log_prob = log_prob;
  h.score = log_prob / length_penalty(length + (ended_with_eos ? 1 : 0), alpha);
  return h;
}

void keep_best(std::vector<Hypothesis>& hyps, int64_t n) {
  std::stable_sort(hyps.begin(), hyps.end(), [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (static_cast<int64_t>(hyps.size()) > n) hyps.resize(n);
}

}  // namespace

double length_penalty(int64_t length, double alpha) {
  return alpha == 0 ? 1.0 : std::pow((5.0 + static_cast<double>(length)) / 6.0, alpha);
}

std::vector<std::vector<Hypothesis>> greedy_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                   const SearchOptions& options) {
  check_options(options);
  const int64_t sentences = static_cast<int64_t>(max_lengths.size());
  const int64_t max_length = longest(max_lengths);
  std::vector<std::vector<Hypothesis>> results(sentences);
  std::vector<int64_t> alive(sentences);  // sentence id of each live row
  for (int64_t i = 0; i < sentences; ++i) alive[i] = i;
  auto history = torch::zeros({sentences, std::max<int64_t>(max_length, 1)}, torch::kLong);  // host side
  std::vector<double> log_prob(sentences, 0.0);
  auto last = torch::full({sentences}, text::kBosId, torch::kLong);

  for (int64_t t = 0; t < max_length && !alive.empty(); ++t) {
    auto lp = step.log_probs(last);
    restrict_tokens(lp, options);
    if (options.allow_eos) force_eos_at_limits(lp, alive, max_lengths, t, 1);
    auto [best, next] = lp.max(1);
    auto best_cpu = best.to(torch::kCPU, torch::kDouble), next_cpu = next.to(torch::kCPU);
    history.select(1, t).copy_(next_cpu);
    auto b = best_cpu.accessor<double, 1>();
    auto n = next_cpu.accessor<int64_t, 1>();
    std::vector<int64_t> keep;
    for (size_t r = 0; r < alive.size(); ++r) {
      log_prob[r] += b[r];
      const bool eos = n[r] == text::kEosId;
      if (eos || t == max_lengths[alive[r]] - 1) {
        results[alive[r]].push_back(
            make_hypothesis(history[r], eos ? t : t + 1, log_prob[r], options.length_penalty, eos));
      } else {
        keep.push_back(static_cast<int64_t>(r));
      }
    }
    if (keep.size() != alive.size()) {  // finished sentences leave the batch
      if (keep.empty()) break;
      auto rows = torch::tensor(keep, torch::kLong);
      std::vector<int64_t> still;
      std::vector<double> still_lp;
      for (auto r : keep) still.push_back(alive[r]), still_lp.push_back(log_prob[r]);
      alive.swap(still), log_prob.swap(still_lp);
      history = history.index_select(0, rows);
      next = next.index_select(0, rows.to(next.device()));
      step.select_rows(rows.to(next.device()), false);
    }
    last = next;
  }
  return results;
}

std::vector<std::vector<Hypothesis>> beam_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                 const SearchOptions& options) {
  check_options(options);
  const int64_t K = options.beam;
  const int64_t sentences = static_cast<int64_t>(max_lengths.size());
  const int64_t max_length = longest(max_lengths);
  std::vector<std::vector<Hypothesis>> finished(sentences);
  std::vector<int64_t> alive(sentences);
  for (int64_t i = 0; i < sentences; ++i) alive[i] = i;

  // Every sentence gets K rows; only the first is live at the start, so the
  // first step does not choose K copies of the same token.
  step.select_rows(torch::arange(sentences, torch::kLong).repeat_interleave(K), false);
  auto scores = torch::full({sentences, K}, kNegInf, torch::kDouble);
  scores.select(1, 0).fill_(0.0);
  auto history = torch::zeros({sentences * K, 0}, torch::kLong);  // host side, (rows, t)
  auto device_last = torch::full({sentences * K}, text::kBosId, torch::kLong);

  for (int64_t t = 0; t < max_length && !alive.empty(); ++t) {
    const int64_t m = static_cast<int64_t>(alive.size());
    auto lp = step.log_probs(device_last);
    const int64_t V = lp.size(1);
    restrict_tokens(lp, options);
    if (options.allow_eos) force_eos_at_limits(lp, alive, max_lengths, t, K);
    // (m, K, V) candidates scored by their whole path; 2K of them so that if
    // up to K end in </s>, K live ones remain.
    auto cand = (scores.to(lp.device(), lp.scalar_type()).unsqueeze(2) + lp.view({m, K, V})).view({m, K * V});
    auto [top_scores_d, top_idx_d] = cand.topk(std::min<int64_t>(2 * K, K * V), 1);
    auto top_scores = top_scores_d.to(torch::kCPU, torch::kDouble);
    auto top_idx = top_idx_d.to(torch::kCPU);
    auto ts = top_scores.accessor<double, 2>();
    auto ti = top_idx.accessor<int64_t, 2>();
    const int64_t C = top_idx.size(1);

    std::vector<int64_t> keep_sentences, rows, new_tokens;
    std::vector<double> new_scores;
    for (int64_t i = 0; i < m; ++i) {
      auto& done_list = finished[alive[i]];
      std::vector<int64_t> beams, toks;
      std::vector<double> sc;
      for (int64_t j = 0; j < C; ++j) {
        const int64_t beam = ti[i][j] / V, tok = ti[i][j] % V;
        if (ts[i][j] == kNegInf) break;
        if (tok == text::kEosId) {
          if (j < K) done_list.push_back(make_hypothesis(history[i * K + beam], t, ts[i][j], options.length_penalty, true));
        } else if (static_cast<int64_t>(beams.size()) < K) {
          beams.push_back(beam), toks.push_back(tok), sc.push_back(ts[i][j]);
        }
      }
      // A sentence ends when its best candidate ends in </s> (then no live
      // hypothesis can reach a higher log-probability) and it has n_best
      // finished hypotheses, or at the length limit.
      const bool best_is_eos = C > 0 && ti[i][0] % V == text::kEosId;
      const bool done = (best_is_eos && static_cast<int64_t>(done_list.size()) >= options.n_best) ||
                        t == max_lengths[alive[i]] - 1 || beams.empty();
      if (done) {
        if (done_list.size() < static_cast<size_t>(options.n_best)) {  // no </s> allowed: take live beams
          for (size_t b = 0; b < beams.size(); ++b) {
            auto h = make_hypothesis(history[i * K + beams[b]], t, sc[b], options.length_penalty, false);
            h.tokens.push_back(static_cast<int>(toks[b]));
            h.score = sc[b] / length_penalty(t + 1, options.length_penalty);
            done_list.push_back(std::move(h));
          }
        }
        keep_best(done_list, options.n_best);
        continue;
      }
      keep_sentences.push_back(i);
      while (static_cast<int64_t>(beams.size()) < K) beams.push_back(beams[0]), toks.push_back(toks[0]), sc.push_back(kNegInf);
      for (int64_t b = 0; b < K; ++b) {
        rows.push_back(i * K + beams[b]), new_tokens.push_back(toks[b]), new_scores.push_back(sc[b]);
      }
    }
    if (keep_sentences.empty()) break;
    const bool same = static_cast<int64_t>(keep_sentences.size()) == m;
    std::vector<int64_t> still;
    for (auto i : keep_sentences) still.push_back(alive[i]);
    alive.swap(still);
    auto rows_t = torch::tensor(rows, torch::kLong);
    auto tok_t = torch::tensor(new_tokens, torch::kLong);
    history = torch::cat({history.index_select(0, rows_t), tok_t.unsqueeze(1)}, 1);
    scores = torch::tensor(new_scores, torch::kDouble).view({static_cast<int64_t>(alive.size()), K});
    step.select_rows(rows_t.to(lp.device()), same);
    device_last = tok_t.to(lp.device());
  }
  return finished;
}

std::vector<std::vector<Hypothesis>> search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                            const SearchOptions& options) {
  if (options.rule == "marian") return marian_beam_search(step, max_lengths, options);
  NMT_CHECK(options.rule == "nmt", "the search rule must be nmt or marian, got '" << options.rule << "'");
  if (options.beam == 1) return greedy_search(step, max_lengths, options);
  return beam_search(step, max_lengths, options);
}

std::vector<std::vector<Hypothesis>> greedy_search(StepFunction& step, int64_t sentences, int64_t max_length,
                                                   const SearchOptions& options) {
  return greedy_search(step, std::vector<int64_t>(sentences, max_length), options);
}

std::vector<std::vector<Hypothesis>> beam_search(StepFunction& step, int64_t sentences, int64_t max_length,
                                                 const SearchOptions& options) {
  return beam_search(step, std::vector<int64_t>(sentences, max_length), options);
}

}  // namespace nmt::decode
