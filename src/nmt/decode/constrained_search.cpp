#include "nmt/decode/constrained_search.h"

#include <algorithm>
#include <limits>

#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr size_t kMaxPhrases = 64;  // a hypothesis's met phrases are the bits of a uint64_t

// A hypothesis inside a phrase: `done` pieces of one of its spellings written.
struct Partial {
  int phrase = 0, spelling = 0, done = 0;
  bool operator==(const Partial& o) const { return phrase == o.phrase && spelling == o.spelling && done == o.done; }
  bool operator<(const Partial& o) const {
    return phrase != o.phrase ? phrase < o.phrase : spelling != o.spelling ? spelling < o.spelling : done < o.done;
  }
};

struct PhraseState {
  uint64_t met = 0;               // bit i: include phrase i appeared
  std::vector<Partial> partials;  // every spelling it is inside, sorted
};

bool has(uint64_t set, size_t i) { return (set >> i) & 1U; }

// One sentence's phrases as the search follows them. Phrases the vocabulary
// cannot spell are left out (their caller said so when it spelled them).
class Tracker {
 public:
  explicit Tracker(const Constraints* c = nullptr) {
    if (!c) return;
    ordered_ = c->ordered;
    for (const auto& p : c->include)
      if (!p.spellings.empty()) include_.push_back(&p);
    for (const auto& p : c->exclude)
      if (!p.spellings.empty()) exclude_.push_back(&p);
    NMT_CHECK(include_.size() <= kMaxPhrases,
              "at most " << kMaxPhrases << " phrases can be required in one sentence, got " << include_.size());
    for (size_t i = 0; i < include_.size(); ++i) {
      units_.push_back(static_cast<int>(include_[i]->spellings.front().size()));
      total_ += units_.back();
      all_ |= uint64_t{1} << i;
    }
  }

  int total_units() const { return total_; }
  bool all_met(const PhraseState& s) const { return s.met == all_; }

  // The pieces met so far: a met phrase counts its SentencePiece spelling's
  // pieces, a partial one its share of them (never all: it is not met yet).
  int progress(const PhraseState& s) const {
    int units = 0, partial = 0;
    for (size_t i = 0; i < include_.size(); ++i)
      if (has(s.met, i)) units += units_[i];
    for (const auto& p : s.partials) {
      const auto length = static_cast<int>(include_[p.phrase]->spellings[p.spelling].size());
      partial = std::max(partial, p.done * units_[p.phrase] / length);
    }
    return units + partial;
  }

  PhraseState advance(const PhraseState& s, int token) const {
    PhraseState next;
    next.met = s.met;
    for (const auto& p : s.partials) {
      const auto& spelling = include_[p.phrase]->spellings[p.spelling];
      if (spelling[p.done] != token) continue;
      if (p.done + 1 == static_cast<int>(spelling.size())) {
        next.met |= uint64_t{1} << p.phrase;
      } else {
        next.partials.push_back({p.phrase, p.spelling, p.done + 1});
      }
    }
    for (size_t i = 0; i < include_.size(); ++i) {
      if (!may_start(s, i)) continue;
      const auto& spellings = include_[i]->spellings;
      for (size_t j = 0; j < spellings.size(); ++j) {
        if (spellings[j][0] != token) continue;
        if (spellings[j].size() == 1) {
          next.met |= uint64_t{1} << i;
        } else {
          next.partials.push_back({static_cast<int>(i), static_cast<int>(j), 1});
        }
      }
    }
    auto& parts = next.partials;
    parts.erase(std::remove_if(parts.begin(), parts.end(), [&](const Partial& p) { return has(next.met, p.phrase); }),
                parts.end());
    std::sort(parts.begin(), parts.end());
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
    return next;
  }

  // The tokens that would advance a phrase from state s (distinct).
  void advancing_tokens(const PhraseState& s, std::vector<int64_t>& out) const {
    out.clear();
    for (const auto& p : s.partials) out.push_back(include_[p.phrase]->spellings[p.spelling][p.done]);
    for (size_t i = 0; i < include_.size(); ++i)
      if (may_start(s, i))
        for (const auto& spelling : include_[i]->spellings) out.push_back(spelling[0]);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }

  // Whether `tokens` followed by `token` end with an excluded phrase.
  bool completes_excluded(const std::vector<int>& tokens, int token) const {
    for (const auto* phrase : exclude_) {
      for (const auto& spelling : phrase->spellings) {
        const size_t before = spelling.size() - 1;
        if (spelling.back() != token || tokens.size() < before) continue;
        if (std::equal(spelling.begin(), spelling.end() - 1, tokens.end() - static_cast<int64_t>(before))) return true;
      }
    }
    return false;
  }

 private:
  // Unordered: any phrase not met yet. Ordered: only the first of them.
  bool may_start(const PhraseState& s, size_t i) const {
    if (has(s.met, i)) return false;
    if (!ordered_) return true;
    for (size_t j = 0; j < i; ++j)
      if (!has(s.met, j)) return false;
    return true;
  }

  bool ordered_ = false;
  std::vector<const Phrase*> include_, exclude_;
  std::vector<int> units_;
  int total_ = 0;
  uint64_t all_ = 0;
};

struct Row {
  PhraseState state;
  double score = 0;  // the path's log-probability; -inf for a row that only fills the beam
  std::vector<int> tokens;
  std::vector<float> token_log_probs;
};

struct Candidate {
  double score;
  int64_t row;  // the sentence's row it extends
  int64_t token;
  float token_log_prob;
  PhraseState state;  // after the token
  int bank;
  bool ends;  // </s> after every phrase
};

// Ranked as the unconstrained beam ranks its candidates.
bool better(const Candidate& a, const Candidate& b) {
  if (a.score != b.score) return a.score > b.score;
  return a.row != b.row ? a.row < b.row : a.token < b.token;
}

struct Sentence {
  int64_t index = 0;
  Tracker tracker;
  int64_t width = 0;  // W: its rows once the search has begun
  std::vector<Row> rows;
  std::vector<Hypothesis> finished;
  // Hypotheses that ended before meeting every phrase, kept in case none
  // does: (progress, hypothesis), best first.
  std::vector<std::pair<int, Hypothesis>> unmet;
};

Hypothesis make(const Row& row, int64_t token, double score, float token_log_prob, const SearchOptions& options) {
  Hypothesis h;
  h.tokens = row.tokens;
  const bool eos = token == text::kEosId;
  if (!eos) h.tokens.push_back(static_cast<int>(token));
  h.log_prob = score;
  h.score = hypothesis_score(options, score, static_cast<int64_t>(row.tokens.size()) + 1);
  if (options.rule == "marian") {
    h.token_log_probs = row.token_log_probs;
    h.token_log_probs.push_back(token_log_prob);
  }
  return h;
}

bool more_met(const std::pair<int, Hypothesis>& a, const std::pair<int, Hypothesis>& b) {
  return a.first != b.first ? a.first > b.first : a.second.score > b.second.score;
}

// Dynamic beam allocation over candidates sorted best first: bank b (b
// pieces met) gets W / (N + 1) of the W places, the highest banks one more
// while W leaves a remainder; places a bank cannot fill go to the best of
// the rest. Returns the chosen candidates' positions, best first.
std::vector<size_t> allocate(const std::vector<Candidate>& sorted, int64_t width, int banks) {
  std::vector<int64_t> quota(banks, width / banks);
  for (int64_t extra = width % banks, b = banks - 1; extra > 0; --extra, --b) ++quota[b];
  std::vector<uint8_t> taken(sorted.size(), 0);
  int64_t count = 0;
  for (size_t i = 0; i < sorted.size() && count < width; ++i) {
    if (quota[sorted[i].bank] > 0) --quota[sorted[i].bank], taken[i] = 1, ++count;
  }
  for (size_t i = 0; i < sorted.size() && count < width; ++i) {
    if (!taken[i]) taken[i] = 1, ++count;
  }
  std::vector<size_t> chosen;
  for (size_t i = 0; i < sorted.size(); ++i)
    if (taken[i]) chosen.push_back(i);
  return chosen;
}

}  // namespace

bool contains_phrase(const std::vector<int>& tokens, const Phrase& phrase) {
  for (const auto& spelling : phrase.spellings)
    if (std::search(tokens.begin(), tokens.end(), spelling.begin(), spelling.end()) != tokens.end()) return true;
  return false;
}

std::vector<std::vector<Hypothesis>> constrained_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                        const SearchOptions& options,
                                                        const std::vector<const Constraints*>& constraints) {
  NMT_CHECK(options.beam >= 1, "beam size must be >= 1, got " << options.beam);
  NMT_CHECK(options.n_best >= 1 && options.n_best <= options.beam,
            "n-best (" << options.n_best << ") must be between 1 and the beam size (" << options.beam << ")");
  NMT_CHECK(options.rule == "nmt" || options.rule == "marian",
            "the search rule must be nmt or marian, got '" << options.rule << "'");
  NMT_CHECK(constraints.size() == max_lengths.size(),
            constraints.size() << " sets of constraints for " << max_lengths.size() << " sentences");
  const int64_t count = static_cast<int64_t>(max_lengths.size());
  std::vector<Sentence> sentences(count);
  for (int64_t i = 0; i < count; ++i) {
    NMT_CHECK(max_lengths[i] >= 1, "a length limit must be >= 1 token, got " << max_lengths[i]);
    auto& s = sentences[i];
    s.index = i;
    s.tracker = Tracker(constraints[i]);
    s.width = std::max<int64_t>(options.beam, s.tracker.total_units() + 1);
    s.rows.push_back(Row{});  // the decoder's start
  }
  std::vector<int64_t> last(count, text::kBosId);
  std::vector<int64_t> alive(count);  // sentences with rows, in row order
  for (int64_t i = 0; i < count; ++i) alive[i] = i;
  TopK top;
  std::vector<int64_t> advancing;

  for (int64_t t = 0; !alive.empty(); ++t) {
    TokenRules rules;
    rules.banned = {text::kPadId, text::kBosId};
    if (!options.allow_eos) rules.banned.push_back(text::kEosId);
    if (!options.allow_unk) rules.banned.push_back(text::kUnkId);
    int64_t k = 0;
    for (const auto i : alive) {
      const auto& s = sentences[i];
      k = std::max(k, 2 * s.width);
      const bool at_limit = options.allow_eos && t == max_lengths[i] - 1;
      rules.eos_only.insert(rules.eos_only.end(), s.rows.size(), at_limit ? 1 : 0);
    }
    step.top_k(last, rules, k, top);

    std::vector<int64_t> rows, next_last, still;
    bool same = true;
    int64_t first_row = 0;
    for (const auto i : alive) {
      auto& s = sentences[i];
      const bool at_limit = t == max_lengths[i] - 1;
      const int64_t n_rows = static_cast<int64_t>(s.rows.size());
      std::vector<Candidate> cand;
      for (int64_t b = 0; b < n_rows; ++b) {
        const auto& row = s.rows[b];
        if (row.score == -std::numeric_limits<double>::infinity()) continue;
        const float base = static_cast<float>(row.score);
        const float* sc = top.scores.data() + (first_row + b) * top.k;
        const int64_t* id = top.ids.data() + (first_row + b) * top.k;
        int64_t listed = 0;
        for (; listed < top.k && sc[listed] != kNegInf; ++listed)
          cand.push_back({static_cast<double>(base + sc[listed]), b, id[listed], sc[listed], {}, 0, false});
        if (at_limit) continue;
        s.tracker.advancing_tokens(row.state, advancing);
        for (const auto token : advancing) {
          if (std::find(id, id + listed, token) != id + listed) continue;
          const float lp = step.last_log_prob(first_row + b, token);
          if (lp != kNegInf) cand.push_back({static_cast<double>(base + lp), b, token, lp, {}, 0, false});
        }
      }
      std::sort(cand.begin(), cand.end(), better);
      std::vector<Candidate> valid;
      for (auto& c : cand) {
        const auto& row = s.rows[c.row];
        if (c.token == text::kEosId) {
          if (!s.tracker.all_met(row.state)) {
            s.unmet.emplace_back(s.tracker.progress(row.state), make(row, c.token, c.score, c.token_log_prob, options));
            continue;
          }
          c.ends = true, c.state = row.state;
        } else {
          if (s.tracker.completes_excluded(row.tokens, static_cast<int>(c.token))) continue;
          c.state = s.tracker.advance(row.state, static_cast<int>(c.token));
        }
        c.bank = s.tracker.progress(c.state);
        valid.push_back(std::move(c));
      }
      std::stable_sort(s.unmet.begin(), s.unmet.end(), more_met);
      if (static_cast<int64_t>(s.unmet.size()) > options.n_best) s.unmet.resize(options.n_best);

      // Ends take their places in the top bank like any candidate; the live
      // rows are the chosen others, topped up to W from the rest.
      const auto chosen = allocate(valid, s.width, s.tracker.total_units() + 1);
      std::vector<uint8_t> used(valid.size(), 0);
      std::vector<size_t> live;
      for (const auto j : chosen) {
        used[j] = 1;
        if (valid[j].ends) {
          s.finished.push_back(make(s.rows[valid[j].row], text::kEosId, valid[j].score, valid[j].token_log_prob, options));
        } else {
          live.push_back(j);
        }
      }
      for (size_t j = 0; j < valid.size() && static_cast<int64_t>(live.size()) < s.width; ++j)
        if (!used[j] && !valid[j].ends) live.push_back(j);
      std::sort(live.begin(), live.end());

      // Done when the best candidate ends (no live one can reach a higher
      // log-probability) and n_best have ended, or at the limit.
      const bool best_ends = !valid.empty() && valid[0].ends;
      const bool done = (best_ends && static_cast<int64_t>(s.finished.size()) >= options.n_best) || at_limit ||
                        live.empty();
      if (done) {
        std::stable_sort(s.finished.begin(), s.finished.end(),
                         [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
        if (static_cast<int64_t>(s.finished.size()) > options.n_best) s.finished.resize(options.n_best);
        // None met every phrase: those that met the most, among the ends and
        // (</s> forbidden) the live rows. (An n-best list is never filled
        // up with hypotheses that miss a phrase.)
        auto fill = s.finished.empty() ? s.unmet : std::vector<std::pair<int, Hypothesis>>{};
        for (const auto j : live) {
          const auto& c = valid[j];
          if (s.finished.empty() || s.tracker.all_met(c.state))
            fill.emplace_back(c.bank, make(s.rows[c.row], c.token, c.score, c.token_log_prob, options));
        }
        std::stable_sort(fill.begin(), fill.end(), more_met);
        for (size_t j = 0; j < fill.size() && static_cast<int64_t>(s.finished.size()) < options.n_best; ++j)
          s.finished.push_back(std::move(fill[j].second));
        s.rows.clear();
        first_row += n_rows;
        same = false;
        continue;
      }
      std::vector<Row> next;
      for (int64_t b = 0; b < s.width; ++b) {
        const bool filler = b >= static_cast<int64_t>(live.size());
        const auto& c = valid[live[filler ? 0 : b]];
        Row r;
        r.state = c.state;
        r.score = filler ? -std::numeric_limits<double>::infinity() : c.score;
        r.tokens = s.rows[c.row].tokens;
        r.tokens.push_back(static_cast<int>(c.token));
        r.token_log_probs = s.rows[c.row].token_log_probs;
        r.token_log_probs.push_back(c.token_log_prob);
        rows.push_back(first_row + c.row), next_last.push_back(c.token);
        next.push_back(std::move(r));
      }
      if (n_rows != s.width) same = false;
      s.rows = std::move(next);
      still.push_back(i);
      first_row += n_rows;
    }
    if (still.empty()) break;
    alive.swap(still);
    step.select_rows(rows, same);
    last.swap(next_last);
  }
  std::vector<std::vector<Hypothesis>> out(count);
  for (int64_t i = 0; i < count; ++i) out[i] = std::move(sentences[i].finished);
  return out;
}

}  // namespace nmt::decode
