#include "nmt/eval/bleu.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
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

// BLEU._preprocess_segment: lowercase (optionally), rstrip, tokenize; then
// split() as extract_all_word_ngrams does.
std::vector<std::u32string> bleu_tokens(const std::string& segment, const BleuOptions& options) {
  const std::string text = options.lowercase ? python_lower(segment) : segment;
  return python_split(tokenize(options.tokenizer, decode_utf8(python_rstrip(text))));
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

// BLEU._get_closest_ref_len: the smallest |hyp - ref| wins; on a tie the
// shorter reference.
int64_t closest_ref_len(int64_t hyp_len, const std::vector<int64_t>& ref_lens) {
  int64_t closest_diff = -1, closest_len = -1;
  for (int64_t ref_len : ref_lens) {
    const int64_t diff = std::abs(hyp_len - ref_len);
    if (closest_diff == -1 || diff < closest_diff) {
      closest_diff = diff;
      closest_len = ref_len;
    } else if (diff == closest_diff && ref_len < closest_len) {
      closest_len = ref_len;
    }
  }
  return closest_len;
}

// _extract_reference_info + _compute_segment_statistics for segment i.
BleuStats segment_stats(const std::string& hyp, const ReferenceSets& refs, size_t i,
                        const BleuOptions& options) {
  NgramCounts ref_ngrams;  // the largest count of each n-gram in any reference
  std::vector<int64_t> ref_lens;
  for (const auto& ref : refs) {
    const auto ref_tokens = bleu_tokens(ref[i], options);
    ref_lens.push_back(static_cast<int64_t>(ref_tokens.size()));
    const NgramCounts counts = count_ngrams(ref_tokens);
    for (int n = 0; n < kMaxOrder; ++n) {
      for (const auto& [ngram, count] : counts[n]) {
        int64_t& kept = ref_ngrams[n][ngram];
        kept = std::max(kept, count);
      }
    }
  }
  const auto hyp_tokens = bleu_tokens(hyp, options);
  const NgramCounts hyp_ngrams = count_ngrams(hyp_tokens);

  BleuStats stats;
  stats.sys_len = static_cast<int64_t>(hyp_tokens.size());
  stats.ref_len = closest_ref_len(stats.sys_len, ref_lens);
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
  return "nrefs:" + std::to_string(nrefs) + "|case:" + (options.lowercase ? "lc" : "mixed") +
         "|eff:" + (effective_order ? "yes" : "no") + "|tok:" + tokenizer_name(options.tokenizer) +
         "|smooth:exp|version:2.6.0";
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

BleuScore corpus_bleu(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                      const BleuOptions& options) {
  check_reference_sets(hyps.size(), refs);
  BleuStats corpus;
  for (size_t i = 0; i < hyps.size(); ++i) corpus += segment_stats(hyps[i], refs, i, options);
  BleuScore out = compute_bleu(corpus, /*effective_order=*/false);
  out.nrefs = refs.size();
  out.options = options;
  return out;
}

BleuScore corpus_bleu(const std::vector<std::string>& hyps, const std::vector<std::string>& refs) {
  check_line_counts(hyps.size(), refs.size());
  return corpus_bleu(hyps, ReferenceSets{refs}, BleuOptions{});
}

BleuScore sentence_bleu(const std::string& hyp, const std::string& ref) {
  return compute_bleu(segment_stats(hyp, ReferenceSets{{ref}}, 0, BleuOptions{}),
                      /*effective_order=*/true);
}

}  // namespace nmt::eval
