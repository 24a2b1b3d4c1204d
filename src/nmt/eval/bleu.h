#pragma once
// Corpus and sentence BLEU computed exactly as sacreBLEU 2.6.0 does with its
// defaults (one reference, 13a tokenizer, mixed case, exp smoothing), so a
// score printed by nmt can be compared with any published sacreBLEU figure.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "nmt/eval/scored_lines.h"  // read_scored_lines, for callers scoring files

namespace nmt::eval {

struct BleuScore {
  double score = 0;  // 0..100
  std::array<int64_t, 4> counts{}, totals{};  // matched / hypothesis n-grams, n = 1..4
  std::array<double, 4> precisions{};         // percent
  double bp = 0;                              // brevity penalty
  int64_t sys_len = 0, ref_len = 0;           // tokens after 13a tokenization
  bool effective_order = false;               // true for sentence BLEU ("eff:yes")

  // "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
  std::string signature() const;
  // "BLEU|<signature> = 70.04 100.0/88.8/78.6/69.6 (BP = 0.839 ratio = 0.851
  //  hyp_len = 5316 ref_len = 6249)", the line sacreBLEU prints.
  std::string text() const;
};

// Line i of hyps is scored against line i of refs; n-gram statistics are
// summed over the corpus before precisions are taken. Different sizes throw.
BleuScore corpus_bleu(const std::vector<std::string>& hyps, const std::vector<std::string>& refs);

// One sentence with effective order (orders with no hypothesis n-grams are
// left out of the geometric mean), as `sacrebleu -sl` computes it.
BleuScore sentence_bleu(const std::string& hyp, const std::string& ref);

}  // namespace nmt::eval
