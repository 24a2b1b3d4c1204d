#include "nmt/eval/bleu.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "nmt/eval/python_text.h"
#include "nmt/eval/tokenizers.h"

namespace nmt::eval {
namespace {

constexpr int kMaxOrder = 4;

// Sufficient statistics of one segment (or, summed, of a corpus).
struct BleuStats {
  int64_t sys_len = 0, ref_len = 0;
  std::array<int64_t, kMaxOrder> correct{}, total{};

  BleuStats& operator+=(const BleuStats& o) {
    sys_len += o.sys_len;
    ref_len += o.ref_len;
    for (int n = 0; n < kMaxOrder; ++n) correct[n] += o.correct[n], total[n] += o.total[n];
    return *this;
  }
};

// One count table per order; an n-gram is its tokens joined by ' ', which is
// unambiguous because tokens never contain whitespace.
using NgramCounts = std::array<std::unordered_map<std::u32string, int64_t>, kMaxOrder>;

// BLEU._preprocess_segment: rstrip, then 13a; then split() as
// extract_all_word_ngrams does.
std::vector<std::u32string> bleu_tokens(const std::string& segment) {
  return python_split(tokenize_13a(decode_utf8(python_rstrip(segment))));
}

NgramCounts count_ngrams(const std::vector<std::u32string>& tokens) {
  NgramCounts counts;
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::u32string ngram = tokens[i];
    for (int n = 0; n < kMaxOrder && i + n < tokens.size(); ++n) {
      if (n > 0) ngram += U' ', ngram += tokens[i + n];
      ++counts[n][ngram];
    }
  }
  return counts;
}

BleuStats segment_stats(const std::string& hyp, const std::string& ref) {
  const auto hyp_tokens = bleu_tokens(hyp);
  const auto ref_tokens = bleu_tokens(ref);
  const NgramCounts hyp_ngrams = count_ngrams(hyp_tokens);
  const NgramCounts ref_ngrams = count_ngrams(ref_tokens);

  BleuStats stats;
  stats.sys_len = static_cast<int64_t>(hyp_tokens.size());
  stats.ref_len = static_cast<int64_t>(ref_tokens.size());  // one reference: it is the closest
  for (int n = 0; n < kMaxOrder; ++n) {
    for (const auto& [ngram, count] : hyp_ngrams[n]) {
      stats.total[n] += count;
      auto it = ref_ngrams[n].find(ngram);
      if (it != ref_ngrams[n].end()) stats.correct[n] += std::min(count, it->second);  // clipped
    }
  }
  return stats;
}

// sacrebleu.utils.my_log: log(0) is floored to a huge negative number rather
// than -inf, so a zero precision drives the score to exactly 0.
double my_log(double x) { return x == 0.0 ? -9999999999.0 : std::log(x); }

// BLEU.compute_bleu with smooth_method='exp', statement for statement, so the
// floating-point results are the same as Python's.
BleuScore compute_bleu(const BleuStats& s, bool effective_order) {
  BleuScore out;
  out.counts = s.correct;
  out.totals = s.total;
  out.sys_len = s.sys_len;
  out.ref_len = s.ref_len;
  out.effective_order = effective_order;

  if (s.sys_len < s.ref_len) {
    out.bp = s.sys_len > 0
                 ? std::exp(1.0 - static_cast<double>(s.ref_len) / static_cast<double>(s.sys_len))
                 : 0.0;
  } else {
    out.bp = 1.0;
  }

  bool any_correct = false;
  for (int64_t c : s.correct) any_correct = any_correct || c != 0;
  if (!any_correct) return out;  // score 0, precisions 0 (sacreBLEU issue #141)

  double smooth_mteval = 1.0;
  int eff_order = kMaxOrder;
  for (int n = 1; n <= kMaxOrder; ++n) {
    const auto correct = static_cast<double>(s.correct[n - 1]);
    const auto total = static_cast<double>(s.total[n - 1]);
    if (s.total[n - 1] == 0) break;
    if (effective_order) eff_order = n;
    if (s.correct[n - 1] == 0) {
      // NIST "exp" smoothing: each further zero-match order halves the
      // pseudo-count 1/total it is given.
      smooth_mteval *= 2;
      out.precisions[n - 1] = 100.0 / (smooth_mteval * total);
    } else {
      out.precisions[n - 1] = 100.0 * correct / total;
    }
  }

  double log_sum = 0.0;
  for (int n = 0; n < eff_order; ++n) log_sum += my_log(out.precisions[n]);
  out.score = out.bp * std::exp(log_sum / eff_order);
  return out;
}

}  // namespace

std::string BleuScore::signature() const {
  return std::string("nrefs:1|case:mixed|eff:") + (effective_order ? "yes" : "no") +
         "|tok:13a|smooth:exp|version:2.6.0";
}

std::string BleuScore::text() const {
  // sacreBLEU: ratio is 0 when there is no reference token.
  const double ratio =
      ref_len ? static_cast<double>(sys_len) / static_cast<double>(ref_len) : 0.0;
  char buffer[256];
  std::snprintf(buffer, sizeof(buffer),
                " = %.2f %.1f/%.1f/%.1f/%.1f (BP = %.3f ratio = %.3f hyp_len = %" PRId64
                " ref_len = %" PRId64 ")",
                score, precisions[0], precisions[1], precisions[2], precisions[3], bp, ratio,
                sys_len, ref_len);
  return "BLEU|" + signature() + buffer;
}

BleuScore corpus_bleu(const std::vector<std::string>& hyps, const std::vector<std::string>& refs) {
  check_line_counts(hyps.size(), refs.size());
  BleuStats corpus;
  for (size_t i = 0; i < hyps.size(); ++i) corpus += segment_stats(hyps[i], refs[i]);
  return compute_bleu(corpus, /*effective_order=*/false);
}

BleuScore sentence_bleu(const std::string& hyp, const std::string& ref) {
  return compute_bleu(segment_stats(hyp, ref), /*effective_order=*/true);
}

}  // namespace nmt::eval
