#pragma once
// chrF (Popović 2015) and chrF++ (word_order = 2, Popović 2017) computed
// exactly as sacreBLEU 2.6.0's CHRF: character 6-grams over code points with
// whitespace removed, beta = 2, "effective order" (eps_smoothing=False:
// orders with no n-grams on either side are left out of the average),
// optionally lowercased, against one or more references.
#include <string>
#include <vector>

#include "nmt/eval/scored_lines.h"  // ReferenceSets, read_scored_lines

namespace nmt::eval {

struct ChrfOptions {
  int word_order = 0;      // 2 = chrF++
  bool lowercase = false;  // Python's str.lower() on both sides first
};

struct ChrfScore {
  double score = 0;  // 0..100
  int char_order = 6, word_order = 0;
  double beta = 2;
  size_t nrefs = 1;
  bool lowercase = false;

  // "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0"
  std::string signature() const;
  // "chrF2|<signature> = 83.84"; the name is "chrF2++" for word_order 2.
  std::string text() const;
};

// Line i of hyps against line i of each reference: per sentence, the
// statistics of the reference with the best sentence chrF are kept (the first
// on a tie); they are summed over the corpus before the F-score is taken.
// Sizes that differ throw.
ChrfScore corpus_chrf(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                      const ChrfOptions& options);
// One reference, no lowercasing.
ChrfScore corpus_chrf(const std::vector<std::string>& hyps, const std::vector<std::string>& refs,
                      int word_order = 0);

}  // namespace nmt::eval
