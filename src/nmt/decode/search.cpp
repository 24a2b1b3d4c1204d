#include "nmt/decode/search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/marian_search.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

void check_options(const SearchOptions& options) {
  NMT_CHECK(options.beam >= 1, "beam size must be >= 1, got " << options.beam);
  NMT_CHECK(options.n_best >= 1 && options.n_best <= options.beam,
            "n-best (" << options.n_best << ") must be between 1 and the beam size (" << options.beam << ")");
  const auto& rules = length_rules();
  NMT_CHECK(std::find(rules.begin(), rules.end(), options.length_rule) != rules.end(),
            "length rule must be power or gnmt, got '" << options.length_rule << "'");
}

int64_t longest(const std::vector<int64_t>& max_lengths) {
  int64_t n = 0;
  for (const auto m : max_lengths) {
    NMT_CHECK(m >= 1, "a length limit must be >= 1 token, got " << m);
    n = std::max(n, m);
  }
  return n;
}

// The sentences of a search, the first ones and those that join later
// (continuous batching): each one's length limit, the step it joined at,
// and its results.
struct SentenceBook {
  std::vector<int64_t> limits, first_step;
  std::vector<double> expected;  // each sentence's expected length (0: none)
  std::vector<std::vector<Hypothesis>> results;

  explicit SentenceBook(const std::vector<int64_t>& max_lengths, const std::vector<double>* expected_lengths = nullptr)
      : limits(max_lengths), first_step(max_lengths.size(), 0),
        expected(expected_lengths ? *expected_lengths : std::vector<double>(max_lengths.size(), 0.0)),
        results(max_lengths.size()) {
    longest(limits);
    NMT_CHECK(expected.size() == limits.size(), "a search of " << limits.size() << " sentences was given "
                                                  << expected.size() << " expected lengths");
  }
  // Whether step t is sentence s's last: the one that reaches its limit.
  bool last_step(int64_t s, int64_t t) const { return t - first_step[s] == limits[s] - 1; }
  // The ids of the sentences the feed adds before step t, `alive` being searched.
  std::vector<int64_t> join(SentenceFeed* feed, StepFunction& step, size_t alive, int64_t t) {
    if (!feed) return {};
    const int64_t room = feed->capacity() - static_cast<int64_t>(alive);
    if (room <= 0) return {};
    const auto more = feed->join(step, room);
    NMT_CHECK(static_cast<int64_t>(more.size()) <= room,
              "a sentence feed gave " << more.size() << " sentences for room of " << room);
    longest(more);
    std::vector<int64_t> ids;
    for (const auto m : more) {
      ids.push_back(static_cast<int64_t>(limits.size()));
      limits.push_back(m), first_step.push_back(t), results.emplace_back();
    }
    for (const auto id : ids) expected.push_back(feed->expected_length(id));
    return ids;
  }
  void finish(SentenceFeed* feed, int64_t s) const {
    if (feed) feed->finished(s, results[s]);
  }
};

// <pad> and <s> are never generated, nor </s> unless allowed, nor <unk>
// unless allowed; the rows of a live sentence whose step t is its last may
// only choose </s>. Live sentence i is sentence alive[i], with widths[i]
// consecutive rows.
TokenRules rules_at(const SearchOptions& options, const std::vector<int64_t>& alive, const SentenceBook& book,
                    int64_t t, const std::vector<int64_t>& widths) {
  TokenRules rules;
  rules.banned = {text::kPadId, text::kBosId};
  if (!options.allow_eos) rules.banned.push_back(text::kEosId);
  if (!options.allow_unk) rules.banned.push_back(text::kUnkId);
  if (!options.allow_eos) return rules;
  const int64_t rows = std::accumulate(widths.begin(), widths.end(), int64_t{0});
  for (size_t i = 0, first = 0; i < alive.size(); first += widths[i], ++i) {
    if (!book.last_step(alive[i], t)) continue;
    rules.eos_only.resize(rows, 0);
    std::fill_n(rules.eos_only.begin() + static_cast<int64_t>(first), widths[i], 1);
  }
  return rules;
}

Hypothesis make_hypothesis(std::vector<int> tokens, double log_prob, const SearchOptions& options, bool ended_with_eos) {
  Hypothesis h;
  h.tokens = std::move(tokens);
  h.log_prob = log_prob;
  h.score = hypothesis_score(options, log_prob, static_cast<int64_t>(h.tokens.size()) + (ended_with_eos ? 1 : 0));
  return h;
}

void keep_best(std::vector<Hypothesis>& hyps, int64_t n) {
  std::stable_sort(hyps.begin(), hyps.end(), [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (static_cast<int64_t>(hyps.size()) > n) hyps.resize(n);
}

// One candidate extension of a sentence's live hypotheses.
struct Candidate {
  double score;   // the path's log-probability with the new token
  int64_t beam;   // which of the sentence's rows it extends
  int64_t token;
  double rank = score;  // what it competes with: score, less a short ending's brevity penalty
};

// The best `count` extensions of the `width` rows of one sentence, from
// each row's own best tokens (a sentence's best extensions are among its
// rows' best tokens). Path scores are added in float32; equal scores go to
// the lower beam, then the lower token.
std::vector<Candidate> best_extensions(const TopK& top, int64_t first_row, int64_t width, const double* row_scores,
                                       int64_t count) {
  std::vector<Candidate> all;
  for (int64_t b = 0; b < width; ++b) {
    const float base = static_cast<float>(row_scores[b]);
    if (base == kNegInf) continue;
    const float* s = top.scores.data() + (first_row + b) * top.k;
    const int64_t* id = top.ids.data() + (first_row + b) * top.k;
    for (int64_t j = 0; j < top.k && s[j] != kNegInf; ++j) all.push_back({static_cast<double>(base + s[j]), b, id[j]});
  }
  const auto better = [](const Candidate& a, const Candidate& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.beam != b.beam ? a.beam < b.beam : a.token < b.token;
  };
  const auto n = std::min<size_t>(all.size(), static_cast<size_t>(count));
  std::partial_sort(all.begin(), all.begin() + static_cast<int64_t>(n), all.end(), better);
  all.resize(n);
  return all;
}

// SearchOptions::brevity_weight: each candidate ending in </s> of a
// sentence expected to be `expected` tokens long (history: its rows'
// tokens) ranks with its brevity penalty in path units, and the candidates
// are ordered again, equal ranks keeping their order. Exact over all
// candidates: a row gives at most one </s>, so the best K not ending in it
// are among the sentence's best 2K, and a rank is never above its score.
void rank_short_endings(std::vector<Candidate>& cand, const std::vector<std::vector<int>>& history, int64_t first_row,
                        double expected, const SearchOptions& options) {
  bool moved = false;
  for (auto& c : cand) {
    if (c.token != text::kEosId) continue;
    const auto length = static_cast<int64_t>(history[first_row + c.beam].size()) + 1;
    const double penalty = brevity_penalty(length, expected, options.brevity_weight);
    if (penalty == 0) continue;
    c.rank = c.score + penalty * length_penalty(length, options.length_penalty, options.length_rule);
    moved = true;
  }
  if (moved)
    std::stable_sort(cand.begin(), cand.end(), [](const Candidate& a, const Candidate& b) { return a.rank > b.rank; });
}

}  // namespace

void StepFunction::top_k(const std::vector<int64_t>& last, const TokenRules& rules, int64_t k, TopK& out) {
  auto lp = log_probs(last);  // (rows, V) on the model's device
  const int64_t rows = lp.size(0), V = lp.size(1);
  const auto device = lp.device();
  lp.index_fill_(1, torch::tensor(rules.banned, torch::kLong).to(device), kNegInf);
  std::vector<int64_t> eos_rows;
  for (size_t r = 0; r < rules.eos_only.size(); ++r)
    if (rules.eos_only[r]) eos_rows.push_back(static_cast<int64_t>(r));
  if (!eos_rows.empty()) {
    const auto index = torch::tensor(eos_rows, torch::kLong).to(device);
    const auto eos = lp.select(1, text::kEosId).index_select(0, index);
    lp.index_fill_(0, index, kNegInf);
    lp.select(1, text::kEosId).index_copy_(0, index, eos);
  }
  last_log_probs_ = lp;
  last_log_probs_cpu_ = at::Tensor();
  auto [scores, ids] = lp.topk(std::min(k, V), 1);
  const auto s = scores.to(torch::kCPU, torch::kFloat).contiguous();
  const auto i = ids.to(torch::kCPU).contiguous();
  out.k = k;
  out.scores.assign(rows * k, kNegInf);
  out.ids.assign(rows * k, text::kPadId);
  for (int64_t r = 0; r < rows; ++r) {
    std::copy_n(s.data_ptr<float>() + r * s.size(1), s.size(1), out.scores.data() + r * k);
    std::copy_n(i.data_ptr<int64_t>() + r * i.size(1), i.size(1), out.ids.data() + r * k);
  }
}

void StepFunction::add_sources(const at::Tensor& /*src*/, const SourceVocabularies* /*vocabularies*/) {
  NMT_CHECK(false, "this model's search cannot take sentences into a running batch (continuous batching): "
                   "the CPU engine (--engine cpu) can");
}

float StepFunction::last_log_prob(int64_t row, int64_t token) {
  NMT_CHECK(last_log_probs_.defined(), "last_log_prob before any top_k");
  if (!last_log_probs_cpu_.defined()) last_log_probs_cpu_ = last_log_probs_.to(torch::kCPU, torch::kFloat).contiguous();
  const auto& lp = last_log_probs_cpu_;
  NMT_CHECK(row >= 0 && row < lp.size(0) && token >= 0 && token < lp.size(1),
            "last_log_prob: row " << row << ", token " << token << " outside (" << lp.size(0) << ", " << lp.size(1) << ")");
  return lp.data_ptr<float>()[row * lp.size(1) + token];
}

const std::vector<std::string>& length_rules() {
  static const std::vector<std::string> rules = {"power", "gnmt"};
  return rules;
}

double length_penalty(int64_t length, double alpha, const std::string& length_rule) {
  if (alpha == 0) return 1.0;
  const auto y = static_cast<double>(length);
  return std::pow(length_rule == "gnmt" ? (5.0 + y) / 6.0 : y, alpha);
}

bool shrinks_beam(const SearchOptions& options) {
  return options.rule == "nmt" && options.length_rule == "power" && options.length_penalty != 0;
}

double hypothesis_score(const SearchOptions& options, double log_prob, int64_t length_with_eos) {
  if (options.rule == "marian") {
    const auto length = static_cast<double>(length_with_eos);
    return (log_prob - options.word_penalty * length) / std::pow(length, options.normalize);
  }
  return log_prob / length_penalty(length_with_eos, options.length_penalty, options.length_rule);
}

double brevity_penalty(int64_t length_with_eos, double expected_length, double weight) {
  const auto length = static_cast<double>(std::max<int64_t>(length_with_eos, 1));
  if (weight == 0 || length >= expected_length) return 0.0;
  return weight * (1.0 - expected_length / length);
}

void rank_with_brevity_penalty(std::vector<Hypothesis>& finished, double expected_length, double weight, int64_t keep) {
  for (auto& h : finished) {
    h.score += brevity_penalty(static_cast<int64_t>(h.tokens.size()) + 1, expected_length, weight);
  }
  keep_best(finished, keep);
}

std::vector<std::vector<Hypothesis>> greedy_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                   const SearchOptions& options, SentenceFeed* feed) {
  check_options(options);
  SentenceBook book(max_lengths);
  const int64_t sentences = static_cast<int64_t>(max_lengths.size());
  std::vector<int64_t> alive(sentences);  // sentence id of each live row
  std::iota(alive.begin(), alive.end(), 0);
  std::vector<std::vector<int>> history(sentences);
  std::vector<double> log_prob(sentences, 0.0);
  std::vector<int64_t> last(sentences, text::kBosId);
  TopK top;

  for (int64_t t = 0; !alive.empty(); ++t) {
    step.top_k(last, rules_at(options, alive, book, t, std::vector<int64_t>(alive.size(), 1)), 1, top);
    std::vector<int64_t> keep;
    for (size_t r = 0; r < alive.size(); ++r) {
      const int64_t next = top.ids[r];
      log_prob[r] += top.scores[r];
      const bool eos = next == text::kEosId;
      if (!eos) history[r].push_back(static_cast<int>(next));
      if (eos || book.last_step(alive[r], t)) {
        book.results[alive[r]].push_back(make_hypothesis(std::move(history[r]), log_prob[r], options, eos));
        book.finish(feed, alive[r]);
      } else {
        keep.push_back(static_cast<int64_t>(r));
      }
      last[r] = next;
    }
    if (keep.size() != alive.size()) {  // finished sentences leave the batch
      if (keep.empty() && !feed) break;
      for (size_t i = 0; i < keep.size(); ++i) {
        const auto r = static_cast<size_t>(keep[i]);
        if (r == i) continue;
        alive[i] = alive[r], log_prob[i] = log_prob[r], last[i] = last[r];
        history[i] = std::move(history[r]);
      }
      alive.resize(keep.size()), log_prob.resize(keep.size()), last.resize(keep.size()), history.resize(keep.size());
      step.select_rows(keep, false);
    }
    for (const auto s : book.join(feed, step, alive.size(), t + 1)) {  // their rows come after the others
      alive.push_back(s), log_prob.push_back(0.0), last.push_back(text::kBosId), history.emplace_back();
    }
  }
  return std::move(book.results);
}

std::vector<std::vector<Hypothesis>> beam_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                 const SearchOptions& options, SentenceFeed* feed,
                                                 const std::vector<double>* expected_lengths) {
  check_options(options);
  const int64_t K = options.beam;
  const bool shrinking = shrinks_beam(options);
  const bool brevity = shrinking && options.brevity_weight > 0;
  SentenceBook book(max_lengths, expected_lengths);
  const int64_t sentences = static_cast<int64_t>(max_lengths.size());
  std::vector<int64_t> alive(sentences);
  std::iota(alive.begin(), alive.end(), 0);

  // Live sentence i has widths[i] consecutive rows: one at its start (the
  // decoder's start, so that the first step does not choose K copies of the
  // same token), K after it. A row's score is its path's log-probability;
  // rows that fill a beam without a candidate have -inf.
  std::vector<int64_t> widths(sentences, 1);
  std::vector<double> scores(sentences, 0.0);
  std::vector<std::vector<int>> history(sentences);
  std::vector<int64_t> last(sentences, text::kBosId);
  TopK top;

  for (int64_t t = 0; !alive.empty(); ++t) {
    const int64_t m = static_cast<int64_t>(alive.size());
    // 2K candidates a sentence, so that if up to K end in </s>, K live ones remain.
    step.top_k(last, rules_at(options, alive, book, t, widths), 2 * K, top);

    std::vector<int64_t> keep_sentences, rows, new_tokens;
    std::vector<double> new_scores;
    for (int64_t i = 0, first = 0; i < m; first += widths[i], ++i) {
      auto& done_list = book.results[alive[i]];
      auto cand = best_extensions(top, first, widths[i], scores.data() + first, 2 * K);
      if (brevity && book.expected[alive[i]] > 0) rank_short_endings(cand, history, first, book.expected[alive[i]], options);
      // Shrinking: the best `open` candidates, open = K minus the finished
      // ones, are this step's; those ending in </s> finish, the others live.
      // Otherwise those ending in </s> among the best K finish, and the best
      // K others live.
      const int64_t open = shrinking ? K - static_cast<int64_t>(done_list.size()) : K;
      std::vector<Candidate> live;
      for (size_t j = 0; j < cand.size(); ++j) {
        const auto& c = cand[j];
        if (c.token == text::kEosId) {
          if (static_cast<int64_t>(j) < open)
            done_list.push_back(make_hypothesis(history[first + c.beam], c.score, options, true));
        } else if (shrinking ? static_cast<int64_t>(j) < open : static_cast<int64_t>(live.size()) < K) {
          live.push_back(c);
        }
      }
      // A sentence ends when K hypotheses have finished (shrinking), or when
      // its best candidate ends in </s> (then no live hypothesis can reach a
      // higher log-probability) and it has n_best finished hypotheses, or at
      // the length limit.
      const bool best_is_eos = !cand.empty() && cand[0].token == text::kEosId;
      const bool done = (shrinking ? static_cast<int64_t>(done_list.size()) >= K
                                   : best_is_eos && static_cast<int64_t>(done_list.size()) >= options.n_best) ||
                        book.last_step(alive[i], t) || live.empty();
      if (done) {
        if (done_list.size() < static_cast<size_t>(options.n_best)) {  // no </s> allowed: take live beams
          for (const auto& c : live) {
            auto tokens = history[first + c.beam];
            tokens.push_back(static_cast<int>(c.token));
            done_list.push_back(make_hypothesis(std::move(tokens), c.score, options, false));
          }
        }
        keep_best(done_list, options.n_best);
        book.finish(feed, alive[i]);
        continue;
      }
      keep_sentences.push_back(i);
      for (int64_t b = 0; b < K; ++b) {
        const bool filler = b >= static_cast<int64_t>(live.size());
        const auto& c = live[filler ? 0 : b];
        rows.push_back(first + c.beam), new_tokens.push_back(c.token);
        new_scores.push_back(filler ? -std::numeric_limits<double>::infinity() : c.score);
      }
    }
    if (keep_sentences.empty() && !feed) break;
    // A beam reorder keeps every sentence and its K rows; the first step
    // widens each sentence from one row to K.
    const bool same = static_cast<int64_t>(keep_sentences.size()) == m &&
                      std::all_of(widths.begin(), widths.end(), [K](int64_t w) { return w == K; });
    std::vector<int64_t> still;
    for (auto i : keep_sentences) still.push_back(alive[i]);
    alive.swap(still);
    std::vector<std::vector<int>> new_history(rows.size());
    for (size_t r = 0; r < rows.size(); ++r) {
      new_history[r] = history[rows[r]];
      new_history[r].push_back(static_cast<int>(new_tokens[r]));
    }
    history.swap(new_history);
    scores.swap(new_scores);
    step.select_rows(rows, same);
    last.swap(new_tokens);
    widths.assign(alive.size(), K);
    for (const auto s : book.join(feed, step, alive.size(), t + 1)) {  // one row each, after the others
      alive.push_back(s), widths.push_back(1), scores.push_back(0.0), history.emplace_back();
      last.push_back(text::kBosId);
    }
  }
  return std::move(book.results);
}

std::vector<std::vector<Hypothesis>> search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                            const SearchOptions& options, SentenceFeed* feed,
                                            const std::vector<double>* expected_lengths) {
  if (options.rule == "marian") {
    NMT_CHECK(!feed, "continuous batching runs the search rule nmt, not marian");
    return marian_beam_search(step, max_lengths, options);
  }
  NMT_CHECK(options.rule == "nmt", "the search rule must be nmt or marian, got '" << options.rule << "'");
  if (options.beam == 1) return greedy_search(step, max_lengths, options, feed);
  return beam_search(step, max_lengths, options, feed, expected_lengths);
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
