#pragma once
// TER (translation edit rate, Snover et al. 2006) computed exactly as
// sacreBLEU 2.6.0's TER: the Tercom tokenizer (lowercasing unless
// case-sensitive, optional normalization, punctuation removal and CJK
// splitting), edits counted as in ter_edits.h, and per sentence the fewest
// edits over the references divided by their average length, summed over the
// corpus.
#include <cstdint>
#include <string>
#include <vector>

#include "nmt/eval/scored_lines.h"  // ReferenceSets

namespace nmt::eval {

// sacreBLEU's TER defaults: note that TER is case-insensitive unless asked.
struct TerOptions {
  bool case_sensitive = false;  // --ter-case-sensitive
  bool normalized = false;      // --ter-normalized: mteval-style punctuation splitting
  bool no_punct = false;        // --ter-no-punct: remove . , ? : ; ! " ( )
  bool asian_support = false;   // --ter-asian-support: CJK characters and punctuation too
};

struct TerScore {
  double score = 0;        // 100 * num_edits / ref_length
  int64_t num_edits = 0;   // summed over sentences
  double ref_length = 0;   // summed average reference lengths (words)
  size_t nrefs = 1;
  TerOptions options;

  // "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0"
  std::string signature() const;
  // "TER|<signature> = 20.02", the line sacreBLEU prints.
  std::string text() const;
};

// TercomTokenizer on one line (after sacreBLEU's rstrip): the words joined by
// single spaces.
std::string tokenize_tercom(const std::string& line, const TerOptions& options);

// Line i of hyps against line i of each reference. Sizes that differ throw.
TerScore corpus_ter(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                    const TerOptions& options = {});

}  // namespace nmt::eval
