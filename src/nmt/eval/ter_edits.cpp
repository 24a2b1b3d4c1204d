#include "nmt/eval/ter_edits.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "nmt/common/error.h"

namespace nmt::eval {
namespace {

constexpr int64_t kCostIns = 1, kCostDel = 1, kCostSub = 1;
// Tercom's limits, then lib_ter's own.
constexpr int64_t kMaxShiftSize = 10, kMaxShiftDist = 50, kBeamWidth = 25;
constexpr int64_t kMaxCacheSize = 10000, kMaxShiftCandidates = 1000;
constexpr int64_t kInfinity = 10000000000000000;  // int(1e16): cells outside the beam

// Edit operations in a trace, spelt as lib_ter spells them.
constexpr char kOpIns = 'i', kOpDel = 'd', kOpNop = ' ', kOpSub = 's', kOpUndef = 'x';

using Words = std::vector<int>;  // word ids: equal ids, equal words
struct Cell {
  int64_t cost;
  char op;
};
using Row = std::vector<Cell>;  // one row of the matrix: j = 0..reference words

// lib_ter's BeamEditDistance. Rows of the matrix are cached in a trie keyed
// by hypothesis prefixes, so the many shifted variants of one hypothesis only
// recompute the rows after their first change. Every variant has the same
// length, hence the same beam, so a cached row equals a recomputed one: the
// cache (and its size limit) changes the speed, never the result.
class BeamEditDistance {
 public:
  explicit BeamEditDistance(const Words& ref) : ref_(ref) {
    for (size_t j = 0; j <= ref.size(); ++j) {
      initial_row_.push_back({static_cast<int64_t>(j) * kCostIns, kOpIns});
    }
    empty_row_.assign(ref.size() + 1, Cell{kInfinity, kOpUndef});
    nodes_.emplace_back();  // the root: the empty prefix
  }

  // The distance and the trace of operations, as lib_ter returns them.
  std::pair<int64_t, std::string> operator()(const Words& hyp) {
    // Rows already known for the longest cached prefix of hyp.
    std::vector<const Row*> rows = {&initial_row_};
    size_t node = 0;
    for (int word : hyp) {
      auto it = nodes_[node].next.find(word);
      if (it == nodes_[node].next.end()) break;
      node = it->second;
      rows.push_back(&nodes_[node].row);
    }
    const size_t start = rows.size() - 1;
    std::vector<Row> fresh(hyp.size() - start, empty_row_);
    for (Row& row : fresh) rows.push_back(&row);
    fill_rows(hyp, start, rows, fresh);
    const int64_t distance = rows.back()->back().cost;
    std::string trace = backtrace(hyp.size(), rows);
    add_to_cache(hyp, start, node, std::move(fresh));
    return {distance, std::move(trace)};
  }

 private:
  struct Node {
    std::unordered_map<int, size_t> next;  // word -> child node
    Row row;                               // the matrix row after this prefix
  };

  void fill_rows(const Words& hyp, size_t start, const std::vector<const Row*>& rows,
                 std::vector<Row>& fresh) const {
    const auto n_hyp = static_cast<int64_t>(hyp.size());
    const auto n_ref = static_cast<int64_t>(ref_.size());
    const double length_ratio =
        hyp.empty() ? 1.0 : static_cast<double>(n_ref) / static_cast<double>(n_hyp);
    // Very different lengths: widen the beam so that rows still overlap.
    int64_t beam_width = kBeamWidth;
    if (static_cast<double>(kBeamWidth) < length_ratio / 2) {
      beam_width = static_cast<int64_t>(std::ceil(length_ratio / 2 + static_cast<double>(kBeamWidth)));
    }
    for (int64_t i = static_cast<int64_t>(start) + 1; i <= n_hyp; ++i) {
      const auto pseudo_diag = static_cast<int64_t>(std::floor(static_cast<double>(i) * length_ratio));
      const int64_t min_j = std::max<int64_t>(0, pseudo_diag - beam_width);
      const int64_t max_j = i == n_hyp ? n_ref + 1 : std::min(n_ref + 1, pseudo_diag + beam_width);
      const Row& prev = *rows[i - 1];
      Row& row = fresh[i - 1 - static_cast<int64_t>(start)];
      for (int64_t j = min_j; j < max_j; ++j) {
        if (j == 0) {
          row[0] = {prev[0].cost + kCostDel, kOpDel};
          continue;
        }
        const bool same = hyp[i - 1] == ref_[j - 1];
        // Tercom prefers no-op/substitution, then insertion, then deletion;
        // the trace is flipped afterwards, so deletion comes before insertion
        // here. Only a strictly lower cost replaces an earlier choice.
        const Cell options[] = {{prev[j - 1].cost + (same ? 0 : kCostSub), same ? kOpNop : kOpSub},
                                {prev[j].cost + kCostDel, kOpDel},
                                {row[j - 1].cost + kCostIns, kOpIns}};
        for (const Cell& option : options) {
          if (row[j].cost > option.cost) row[j] = option;
        }
      }
    }
  }

  std::string backtrace(size_t n_hyp, const std::vector<const Row*>& rows) const {
    std::string trace;
    size_t i = n_hyp, j = ref_.size();
    while (i > 0 || j > 0) {
      const char op = (*rows[i])[j].op;
      trace += op;
      if (op == kOpSub || op == kOpNop) {
        --i, --j;
      } else if (op == kOpIns) {
        --j;
      } else if (op == kOpDel) {
        --i;
      } else {
        NMT_FAIL("TER: edit distance trace reached an unfilled cell at (" << i << ", " << j << ")");
      }
    }
    std::reverse(trace.begin(), trace.end());
    return trace;
  }

  // `node` holds the prefix hyp[0, start); the fresh rows follow it.
  void add_to_cache(const Words& hyp, size_t start, size_t node, std::vector<Row> fresh) {
    if (cache_size_ >= kMaxCacheSize) return;
    for (size_t k = 0; k < fresh.size(); ++k) {
      const int word = hyp[start + k];
      auto it = nodes_[node].next.find(word);
      if (it == nodes_[node].next.end()) {
        nodes_.push_back({{}, std::move(fresh[k])});
        it = nodes_[node].next.emplace(word, nodes_.size() - 1).first;
        ++cache_size_;
      }
      node = it->second;
    }
  }

  const Words& ref_;
  Row initial_row_, empty_row_;
  std::deque<Node> nodes_;
  int64_t cache_size_ = 0;
};

// trace_to_alignment on the flipped trace (rewriting the reference into the
// hypothesis): align[r] is the hypothesis position reference word r is
// aligned to (-1 before the first), and which words of each side are errors.
struct Alignment {
  std::vector<int64_t> align;
  std::vector<int> ref_err, hyp_err;
};

Alignment align_from_trace(const std::string& inverse_trace) {
  Alignment a;
  int64_t pos_hyp = -1;
  for (char op : inverse_trace) {
    if (op == kOpIns) {
      op = kOpDel;
    } else if (op == kOpDel) {
      op = kOpIns;
    }
    if (op == kOpNop || op == kOpSub) {
      const int err = op == kOpSub ? 1 : 0;
      a.align.push_back(++pos_hyp);
      a.hyp_err.push_back(err);
      a.ref_err.push_back(err);
    } else if (op == kOpIns) {
      ++pos_hyp;
      a.hyp_err.push_back(1);
    } else {  // deletion: a reference word with no hypothesis word
      a.align.push_back(pos_hyp);
      a.ref_err.push_back(1);
    }
  }
  return a;
}

// words[a:b] appended, with Python's slice clamping.
void append_slice(Words& out, const Words& words, int64_t a, int64_t b) {
  const auto n = static_cast<int64_t>(words.size());
  a = std::clamp<int64_t>(a, 0, n);
  b = std::clamp<int64_t>(b, 0, n);
  if (a < b) out.insert(out.end(), words.begin() + a, words.begin() + b);
}

// _perform_shift: the block words[start, start + length) moved before
// position `target`, case for case as lib_ter writes it.
Words perform_shift(const Words& words, int64_t start, int64_t length, int64_t target) {
  const auto n = static_cast<int64_t>(words.size());
  Words out;
  out.reserve(words.size());
  if (target < start) {
    append_slice(out, words, 0, target);
    append_slice(out, words, start, start + length);
    append_slice(out, words, target, start);
    append_slice(out, words, start + length, n);
  } else if (target > start + length) {
    append_slice(out, words, 0, start);
    append_slice(out, words, start + length, target);
    append_slice(out, words, start, start + length);
    append_slice(out, words, target, n);
  } else {
    append_slice(out, words, 0, start);
    append_slice(out, words, start + length, length + target);
    append_slice(out, words, start, start + length);
    append_slice(out, words, length + target, n);
  }
  return out;
}

int sum(const std::vector<int>& v, int64_t from, int64_t length) {
  int total = 0;
  for (int64_t k = from; k < from + length && k < static_cast<int64_t>(v.size()); ++k) total += v[k];
  return total;
}

// lib_ter's _shift: the best shift of the hypothesis, ranked as Tercom ranks
// them (largest gain, then longest block, then earliest block, then earliest
// target). Returns the gain (0 with the words unchanged when nothing can be
// tried) and counts the candidates tried in `checked`.
std::pair<int64_t, Words> best_shift(const Words& hyp, const Words& ref, BeamEditDistance& distance,
                                     int64_t& checked) {
  const auto [pre_score, inverse_trace] = distance(hyp);
  const Alignment a = align_from_trace(inverse_trace);
  const auto n_hyp = static_cast<int64_t>(hyp.size());
  const auto n_ref = static_cast<int64_t>(ref.size());

  using Rank = std::tuple<int64_t, int64_t, int64_t, int64_t>;  // gain, length, -start, -target
  std::optional<Rank> best;
  Words best_words;

  // One candidate block (_find_shifted_pairs yields each matching length in
  // turn); false once the candidate limit is reached.
  auto try_block = [&](int64_t start_h, int64_t start_r, int64_t length) {
    // Only blocks wrong in the hypothesis, aimed at a wrong reference spot,
    // and not inside themselves.
    if (sum(a.hyp_err, start_h, length) == 0) return true;
    if (sum(a.ref_err, start_r, length) == 0) return true;
    if (start_h <= a.align[start_r] && a.align[start_r] < start_h + length) return true;
    int64_t prev_idx = -1;
    for (int64_t offset = -1; offset < length; ++offset) {
      int64_t idx;
      if (start_r + offset == -1) {
        idx = 0;  // before the beginning
      } else if (start_r + offset < n_ref) {
        idx = a.align[start_r + offset] + 1;  // before, where Tercom inserts after
      } else {
        break;
      }
      if (idx == prev_idx) continue;
      prev_idx = idx;
      Words shifted = perform_shift(hyp, start_h, length, idx);
      const Rank rank{pre_score - distance(shifted).first, length, -start_h, -idx};
      ++checked;
      if (!best || rank > *best) {
        best = rank;
        best_words = std::move(shifted);
      }
    }
    return checked < kMaxShiftCandidates;
  };

  bool stop = false;
  for (int64_t start_h = 0; start_h < n_hyp && !stop; ++start_h) {
    for (int64_t start_r = 0; start_r < n_ref && !stop; ++start_r) {
      if (std::abs(start_r - start_h) > kMaxShiftDist) continue;
      int64_t length = 0;
      while (hyp[start_h + length] == ref[start_r + length] && length < kMaxShiftSize) {
        ++length;
        if (!try_block(start_h, start_r, length)) {
          stop = true;
          break;
        }
        if (n_hyp == start_h + length || n_ref == start_r + length) break;  // one side consumed
      }
    }
  }
  if (!best) return {0, hyp};
  return {std::get<0>(*best), std::move(best_words)};
}

}  // namespace

TerEdits translation_edit_rate(const std::vector<std::u32string>& hyp_words,
                               const std::vector<std::u32string>& ref_words) {
  if (ref_words.empty()) return {static_cast<int64_t>(hyp_words.size()), 0};

  std::unordered_map<std::u32string, int> ids;
  auto to_ids = [&ids](const std::vector<std::u32string>& words) {
    Words out;
    for (const auto& w : words) out.push_back(ids.emplace(w, static_cast<int>(ids.size())).first->second);
    return out;
  };
  const Words ref = to_ids(ref_words);
  Words hyp = to_ids(hyp_words);

  BeamEditDistance distance(ref);
  int64_t shifts = 0, checked = 0;
  while (true) {
    auto [gain, shifted] = best_shift(hyp, ref, distance, checked);
    // At the candidate limit even a good last shift is dropped, as lib_ter does.
    if (checked >= kMaxShiftCandidates || gain <= 0) break;
    ++shifts;
    hyp = std::move(shifted);
  }
  return {shifts + distance(hyp).first, static_cast<int64_t>(ref.size())};
}

}  // namespace nmt::eval
