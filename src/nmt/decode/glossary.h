#pragma once
// Glossaries: source terms with the target terms their translation must use
// (DeepL's glossaries; a company's product names, a translator's fixed
// renderings). Where a sentence contains a source term, its target term
// becomes a constraint of that sentence's search (constrained_search.h); a
// sentence without one translates exactly as without the glossary.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "nmt/decode/constraints.h"

namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

// A glossary's lines as term pairs, checked (a tab between two non-empty
// terms, UTF-8; blank and '#' lines skipped), without a vocabulary: errors
// name `what` and the line. The CSV form (DeepL's entries_format "csv"):
// "source,target" per line, either field quoted ("..." with "" for a quote).
struct TermPair {
  std::string source, target;
  int64_t line = 0;  // from 1
};
std::vector<TermPair> read_term_pairs(const std::string& text, const std::string& what);
std::vector<TermPair> read_term_pairs_csv(const std::string& text, const std::string& what);
// The pairs as a glossary's TSV lines.
std::string term_pairs_tsv(const std::vector<TermPair>& pairs);

struct GlossaryEntry {
  std::string source, target;
  int64_t line = 0;  // in its file, from 1
  Phrase phrase;     // the target term in the target vocabulary (no spelling: it cannot be written)
};

class Glossary {
 public:
  // "source term<TAB>target term" per line; blank lines and lines starting
  // with '#' are skipped. A line without a tab, an empty term, invalid UTF-8
  // or a source term given twice is an error naming `what` and the line.
  // ignore_case: source terms match whatever their case (Unicode simple
  // case folding); target terms are always written as given.
  static Glossary parse(const std::string& text, const std::string& what, const text::Vocab& tgt_vocab,
                        bool ignore_case);
  static Glossary read(const std::string& path, const text::Vocab& tgt_vocab, bool ignore_case);

  // The entries whose source term appears in `sentence`, in order of
  // appearance: as whole words, except next to characters of scripts
  // written without spaces (Chinese, Japanese, Thai, ...), where any
  // characters match; of overlapping matches the longest wins (then the
  // first).
  std::vector<const GlossaryEntry*> find(const std::string& sentence) const;
  // The distinct target terms of those entries that the vocabulary can spell.
  Constraints constraints_for(const std::string& sentence) const;

  size_t size() const { return entries_.size(); }
  const std::vector<GlossaryEntry>& entries() const { return entries_; }
  // One line per entry whose target term the vocabulary cannot spell:
  // "WHAT line N: 'term' needs 'x', which the target vocabulary lacks".
  const std::vector<std::string>& unspellable() const { return unspellable_; }

 private:
  std::vector<GlossaryEntry> entries_;
  std::vector<std::vector<int32_t>> keys_;  // each entry's source term in code points (folded with ignore_case)
  std::unordered_map<int32_t, std::vector<size_t>> by_first_;  // entries by their key's first code point
  bool ignore_case_ = false;
  std::vector<std::string> unspellable_;
};

}  // namespace nmt::decode
