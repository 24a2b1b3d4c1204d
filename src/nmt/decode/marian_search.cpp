#include "nmt/decode/marian_search.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

struct Live {
  int64_t row = 0;  // in the step's current rows
  float score = 0;  // summed log-probabilities (float32, as Marian adds them)
  std::vector<int> tokens;
  std::vector<float> token_log_probs;
};

Hypothesis finish(const Live& h, int token, float score, float token_log_prob, const SearchOptions& options) {
  Hypothesis out;
  out.tokens = h.tokens;
  out.token_log_probs = h.token_log_probs;
  out.token_log_probs.push_back(token_log_prob);
  if (token != text::kEosId) out.tokens.push_back(token);
  out.log_prob = score;
  out.score = hypothesis_score(options, score, static_cast<int64_t>(out.token_log_probs.size()));  // </s> included
  return out;
}

}  // namespace

std::vector<std::vector<Hypothesis>> marian_beam_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                        const SearchOptions& options) {
  NMT_CHECK(options.beam >= 1, "beam size must be >= 1, got " << options.beam);
  NMT_CHECK(options.n_best >= 1 && options.n_best <= options.beam,
            "n-best (" << options.n_best << ") must be between 1 and the beam size (" << options.beam << ")");
  const int64_t sentences = static_cast<int64_t>(max_lengths.size());
  std::vector<std::vector<Hypothesis>> finished(sentences);
  // The live hypotheses of each sentence; their rows are consecutive, in
  // sentence order. At the start, one row per sentence: the decoder's start.
  std::vector<std::vector<Live>> live(sentences);
  for (int64_t s = 0; s < sentences; ++s) live[s].push_back(Live{s, 0.0f, {}, {}});
  std::vector<int64_t> last_tokens(sentences, text::kBosId);
  constexpr float kLowest = std::numeric_limits<float>::lowest();
  const float kNegInf = -std::numeric_limits<float>::infinity();

  for (int64_t t = 0; !last_tokens.empty(); ++t) {
    auto lp_device = step.log_probs(last_tokens);
    auto lp = lp_device.to(torch::kCPU, torch::kFloat).contiguous();  // (rows, V)
    const int64_t V = lp.size(1);
    // <pad> and <s> are ours, not the model's words: never generated.
    lp.select(1, text::kPadId).fill_(kNegInf);
    lp.select(1, text::kBosId).fill_(kNegInf);
    if (!options.allow_eos) lp.select(1, text::kEosId).fill_(kNegInf);
    std::vector<int64_t> next_rows;
    std::vector<int64_t> next_tokens;
    for (int64_t s = 0; s < sentences; ++s) {
      auto& hyps = live[s];
      if (hyps.empty()) continue;
      const int64_t B = static_cast<int64_t>(hyps.size()), first = hyps.front().row;
      std::vector<float> prev(B);
      for (int64_t b = 0; b < B; ++b) prev[b] = hyps[b].score;
      auto rows = lp.narrow(0, first, B);
      auto scores = rows + torch::tensor(prev).unsqueeze(1);  // (B, V) path scores
      if (!options.allow_unk) scores.select(1, text::kUnkId).fill_(kLowest);
      const int64_t want = std::min<int64_t>(t == 0 ? options.beam : B, B * V);
      auto [top, index] = scores.view({-1}).topk(want);
      const float* top_p = top.data_ptr<float>();
      const int64_t* index_p = index.data_ptr<int64_t>();
      const float* lp_p = rows.data_ptr<float>();
      const bool at_limit = t + 1 >= max_lengths[s];
      std::vector<Live> next;
      for (int64_t j = 0; j < want; ++j) {
        if (top_p[j] == kNegInf) break;
        const int64_t b = index_p[j] / V;
        const int token = static_cast<int>(index_p[j] % V);
        const float token_lp = lp_p[b * V + token];
        if (token == text::kEosId || at_limit) {
          finished[s].push_back(finish(hyps[b], token, top_p[j], token_lp, options));
          continue;
        }
        Live h{0, top_p[j], hyps[b].tokens, hyps[b].token_log_probs};
        h.tokens.push_back(token);
        h.token_log_probs.push_back(token_lp);
        h.row = first + b;  // the row it continues, for now
        next.push_back(std::move(h));
      }
      for (auto& h : next) {
        next_rows.push_back(h.row);
        next_tokens.push_back(h.tokens.back());
        h.row = static_cast<int64_t>(next_rows.size()) - 1;
      }
      hyps = std::move(next);
    }
    if (next_rows.empty()) break;
    step.select_rows(next_rows, false);
    last_tokens = std::move(next_tokens);
  }
  for (auto& list : finished) {
    std::stable_sort(list.begin(), list.end(), [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
    if (static_cast<int64_t>(list.size()) > options.n_best) list.resize(options.n_best);
  }
  return finished;
}

}  // namespace nmt::decode
