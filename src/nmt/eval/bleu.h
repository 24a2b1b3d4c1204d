#pragma once
// Corpus and sentence BLEU computed exactly as sacreBLEU 2.6.0 does (exp
// smoothing), with its tokenizers, lowercasing and several references, so a
// score printed by nmt can be compared with any published sacreBLEU figure.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "nmt/eval/scored_lines.h"  // ReferenceSets, read_scored_lines
#include "nmt/eval/tokenizers.h"

namespace nmt::eval {

struct BleuOptions {
  BleuTokenizer tokenizer = BleuTokenizer::k13a;  // sacreBLEU's -tok
  bool lowercase = false;                         // -lc: Python's str.lower() first
};

struct BleuScore {
  double score = 0;  // 0..100
  std::array<int64_t, 4> counts{}, totals{};  // matched / hypothesis n-grams, n = 1..4
  std::array<double, 4> precisions{};         // percent
  double bp = 0;                              // brevity penalty
  int64_t sys_len = 0, ref_len = 0;           // tokens; ref_len sums the closest references
  bool effective_order = false;               // true for sentence BLEU ("eff:yes")
  size_t nrefs = 1;
  BleuOptions options;

  // "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
  std::string signature() const;
  // "BLEU|<signature> = 70.04 100.0/88.8/78.6/69.6 (BP = 0.839 ratio = 0.851
  //  hyp_len = 5316 ref_len = 6249)", the line sacreBLEU prints.
  std::string text() const;
};

// Line i of hyps is scored against line i of every reference: each n-gram is
// clipped by its largest count in any reference, and the reference length is
// the one closest to the hypothesis (the shorter on a tie). Statistics are
// summed over the corpus before precisions are taken. Sizes that differ throw.
BleuScore corpus_bleu(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                      const BleuOptions& options);
// One reference, sacreBLEU's defaults.
BleuScore corpus_bleu(const std::vector<std::string>& hyps, const std::vector<std::string>& refs);

// One sentence with effective order (orders with no hypothesis n-grams are
// left out of the geometric mean), as `sacrebleu -sl` computes it.
BleuScore sentence_bleu(const std::string& hyp, const std::string& ref);

}  // namespace nmt::eval
