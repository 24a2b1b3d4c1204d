#pragma once
// chrF (Popović 2015) and chrF++ (word_order = 2, Popović 2017) computed
// exactly as sacreBLEU 2.6.0's CHRF with its defaults: character 6-grams over
// code points with whitespace removed, beta = 2, one reference, and
// "effective order" (eps_smoothing=False): orders with no n-grams on either
// side are left out of the average.
#include <string>
#include <vector>

#include "nmt/eval/scored_lines.h"  // read_scored_lines, for callers scoring files

namespace nmt::eval {

struct ChrfScore {
  double score = 0;  // 0..100
  int char_order = 6, word_order = 0;
  double beta = 2;

  // "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0"
  std::string signature() const;
  // "chrF2|<signature> = 83.84"; the name is "chrF2++" for word_order 2.
  std::string text() const;
};

// Line i of hyps against line i of refs; n-gram statistics are summed over
// the corpus before the F-score is taken. Different sizes throw.
ChrfScore corpus_chrf(const std::vector<std::string>& hyps, const std::vector<std::string>& refs,
                      int word_order = 0);

}  // namespace nmt::eval
