#include "nmt/eval/chrf.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <unordered_map>

#include "nmt/common/error.h"
#include "nmt/eval/python_text.h"

namespace nmt::eval {
namespace {

using Counts = std::unordered_map<std::u32string, int64_t>;

// Per order (char orders 1..nc first, then word orders 1..nw): the number of
// hypothesis n-grams, reference n-grams and matched (clipped) n-grams.
struct OrderStats {
  int64_t hyp = 0, ref = 0, match = 0;
};
using ChrfStats = std::vector<OrderStats>;

// Python's string.punctuation, which CHRF._PUNCTS is built from.
constexpr std::u32string_view kPunctuation = U"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

bool is_punct(char32_t c) { return kPunctuation.find(c) != std::u32string_view::npos; }

Counts char_ngrams(const std::u32string& line, int n) {
  Counts counts;
  for (size_t i = 0; i + n <= line.size(); ++i) ++counts[line.substr(i, n)];
  return counts;
}

Counts word_ngrams(const std::vector<std::u32string>& words, int n) {
  Counts counts;
  for (size_t i = 0; i + n <= words.size(); ++i) {
    std::u32string ngram = words[i];
    for (int k = 1; k < n; ++k) ngram += U' ', ngram += words[i + k];
    ++counts[ngram];
  }
  return counts;
}

// CHRF._remove_punctuation: one punctuation character is split off the end
// of a word, or failing that off its start, never both ("(hi)" -> "(hi" ")",
// sacreBLEU issue #124, kept for compatibility).
std::vector<std::u32string> split_punctuation(const std::vector<std::u32string>& words) {
  std::vector<std::u32string> tokens;
  for (const auto& w : words) {
    if (w.size() > 1 && is_punct(w.back())) {
      tokens.push_back(w.substr(0, w.size() - 1));
      tokens.push_back(w.substr(w.size() - 1));
    } else if (w.size() > 1 && is_punct(w.front())) {
      tokens.push_back(w.substr(0, 1));
      tokens.push_back(w.substr(1));
    } else {
      tokens.push_back(w);
    }
  }
  return tokens;
}

// The n-gram tables of one segment, in the order the statistics are kept.
std::vector<Counts> all_ngrams(const std::string& segment, int char_order, const ChrfOptions& options) {
  const int word_order = options.word_order;
  const std::vector<std::u32string> words =
      python_split(decode_utf8(options.lowercase ? python_lower(segment) : segment));
  std::u32string chars;  // ''.join(line.split()): whitespace does not count
  for (const auto& w : words) chars += w;

  std::vector<Counts> tables;
  for (int n = 1; n <= char_order; ++n) tables.push_back(char_ngrams(chars, n));
  if (word_order > 0) {
    const auto tokens = split_punctuation(words);
    for (int n = 1; n <= word_order; ++n) tables.push_back(word_ngrams(tokens, n));
  }
  return tables;
}

// CHRF._get_match_statistics; hypothesis n-grams only count when the
// reference has n-grams of that order at all.
OrderStats match_statistics(const Counts& hyp, const Counts& ref) {
  OrderStats s;
  int64_t hyp_count = 0;
  for (const auto& [ngram, count] : hyp) {
    hyp_count += count;
    auto it = ref.find(ngram);
    if (it != ref.end()) s.match += std::min(count, it->second);
  }
  s.hyp = ref.empty() ? 0 : hyp_count;
  for (const auto& [ngram, count] : ref) s.ref += count;
  return s;
}

// CHRF._compute_f_score without eps smoothing: precision and recall are each
// averaged over the orders where both sides have n-grams, and the F-beta is
// taken of the two averages (not averaged per order). Same operation order as
// the Python so the doubles agree.
double f_score(const ChrfStats& stats, double beta) {
  const double factor = beta * beta;
  double avg_prec = 0.0, avg_rec = 0.0;
  int effective_order = 0;
  for (const OrderStats& s : stats) {
    if (s.hyp > 0 && s.ref > 0) {
      avg_prec += static_cast<double>(s.match) / static_cast<double>(s.hyp);
      avg_rec += static_cast<double>(s.match) / static_cast<double>(s.ref);
      ++effective_order;
    }
  }
  if (effective_order == 0) return 0.0;
  avg_prec /= effective_order;
  avg_rec /= effective_order;
  if (avg_prec + avg_rec == 0.0) return 0.0;
  double score = (1 + factor) * avg_prec * avg_rec;
  score /= (factor * avg_prec) + avg_rec;
  return 100 * score;
}

// sacreBLEU prints beta as an int ("chrF2"); a fractional one keeps its digits.
std::string format_beta(double beta) {
  char buffer[32];
  if (beta == std::floor(beta)) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", beta);
  } else {
    std::snprintf(buffer, sizeof(buffer), "%g", beta);
  }
  return buffer;
}

}  // namespace

std::string ChrfScore::signature() const {
  return "nrefs:" + std::to_string(nrefs) + "|case:" + (lowercase ? "lc" : "mixed") +
         "|eff:yes|nc:" + std::to_string(char_order) +
         "|nw:" + std::to_string(word_order) + "|space:no|version:2.6.0";
}

std::string ChrfScore::text() const {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), " = %.2f", score);
  return "chrF" + format_beta(beta) + std::string(std::max(word_order, 0), '+') + "|" +
         signature() + buffer;
}

ChrfScore corpus_chrf(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                      const ChrfOptions& options) {
  check_reference_sets(hyps.size(), refs);
  NMT_CHECK(options.word_order >= 0, "chrF word order must be >= 0, got " << options.word_order);
  ChrfScore out;
  out.word_order = options.word_order;
  out.nrefs = refs.size();
  out.lowercase = options.lowercase;

  ChrfStats corpus(out.char_order + options.word_order);
  for (size_t i = 0; i < hyps.size(); ++i) {
    const auto hyp_tables = all_ngrams(hyps[i], out.char_order, options);
    // CHRF._compute_segment_statistics: the reference whose statistics give
    // this sentence the highest F-score, the first of equals.
    ChrfStats best;
    double best_f = -1.0;
    for (const auto& ref : refs) {
      const auto ref_tables = all_ngrams(ref[i], out.char_order, options);
      ChrfStats stats;
      for (size_t k = 0; k < corpus.size(); ++k) {
        stats.push_back(match_statistics(hyp_tables[k], ref_tables[k]));
      }
      const double f = f_score(stats, out.beta);
      if (f > best_f) best_f = f, best = std::move(stats);
    }
    for (size_t k = 0; k < corpus.size(); ++k) {
      corpus[k].hyp += best[k].hyp;
      corpus[k].ref += best[k].ref;
      corpus[k].match += best[k].match;
    }
  }
  out.score = f_score(corpus, out.beta);
  return out;
}

ChrfScore corpus_chrf(const std::vector<std::string>& hyps, const std::vector<std::string>& refs,
                      int word_order) {
  check_line_counts(hyps.size(), refs.size());
  return corpus_chrf(hyps, ReferenceSets{refs}, ChrfOptions{word_order, false});
}

}  // namespace nmt::eval
