#pragma once
// The number of edits TER counts between a tokenized hypothesis and one
// reference, as sacreBLEU 2.6.0's lib_ter.py computes it (a port of Tercom):
// greedy block shifts of the hypothesis while one lowers the edit distance,
// then the word-level Levenshtein distance (insertion, deletion, substitution
// each 1) on a beam around the diagonal. Shift search keeps Tercom's limits:
// blocks of at most 10 words moved at most 50 positions, and at most 1000
// candidate shifts tried per sentence pair.
#include <cstdint>
#include <string>
#include <vector>

namespace nmt::eval {

struct TerEdits {
  int64_t edits = 0;       // shifts + edit distance after them
  int64_t ref_length = 0;  // reference words
};

// An empty reference gives (hypothesis words, 0), as in sacreBLEU.
TerEdits translation_edit_rate(const std::vector<std::u32string>& hyp_words,
                               const std::vector<std::u32string>& ref_words);

}  // namespace nmt::eval
