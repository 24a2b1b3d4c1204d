#pragma once
// Corpus cleaning in the manner of Moses' clean-corpus-n: drop pairs that are
// broken, empty, too short or long, unbalanced, or repeated. Nothing is
// normalised: a kept pair is written back byte for byte.
//
// Lengths are counted without a vocabulary (the numbers mean the same before
// and after a vocabulary change), in words as Moses counts them, except for
// scripts written without spaces between words: there each character is one
// word, as is usual for Chinese and Japanese data (character-level length
// filters). Counted as characters: Han, Hiragana, Katakana, Thai, Lao, Khmer,
// Myanmar and Tibetan, and the marks and punctuation those scripts share (ICU
// script extensions: 。、ー). Combining marks belong to the character before
// them. So "我喜欢喝咖啡。" is 7 long, "私はコーヒーが好き" 9, "I like coffee." 3,
// and "Hello 世界" 3 (one word, two characters). Any Unicode white space
// separates words.
#include <cstdint>
#include <string_view>
#include <vector>

#include "nmt/data/pair_reader.h"

namespace nmt::data {

struct CleanOptions {
  int min_words = 1;        // per side; a side shorter than this is too short
  int max_words = 250;      // per side; a side longer than this is too long
  // Longer side / shorter side (lengths as above) at most; 0 = no limit. Moses' default
  // of 9 lets through most misaligned pairs; 3 still keeps "Amen." / "Así sea,
  // amén." and drops a sentence aligned to a paragraph.
  double max_ratio = 3.0;
  bool drop_duplicates = true;  // a pair (both sides equal) seen before is dropped
};

// Each pair is counted once, under the first reason that applies, in this order.
struct CleanStats {
  int64_t invalid_utf8 = 0;  // a side is not valid UTF-8
  int64_t empty = 0;         // a side has no word (blank or only whitespace)
  int64_t too_short = 0, too_long = 0;
  int64_t bad_ratio = 0;
  int64_t duplicate = 0;
  int64_t kept = 0;
  int64_t dropped() const { return invalid_utf8 + empty + too_short + too_long + bad_ratio + duplicate; }
  int64_t total() const { return dropped() + kept; }
};

// The set of pairs seen, as 64-bit hashes in an open-addressing table: about
// 10-20 bytes per distinct pair (load 0.4-0.8), 200 MB for 10 million pairs.
// Two different pairs share a hash with probability about n^2 / 2^65
// (3e-6 for n = 10 million), and then the second is dropped as a duplicate.
class PairHashSet {
 public:
  bool insert(uint64_t hash);  // false if it was there
  size_t size() const { return size_; }

 private:
  void grow();
  std::vector<uint64_t> slots_;  // 0 = free
  size_t size_ = 0;
};

// The length of one side as the filters count it (see above); `text` must be
// valid UTF-8.
int64_t length_in_words(std::string_view text);

class Cleaner {
 public:
  // Throws nmt::Error on options out of range.
  explicit Cleaner(const CleanOptions& options);
  // Whether the pair should be kept; counts it in stats().
  bool keep(const SentencePair& pair);
  const CleanStats& stats() const { return stats_; }

 private:
  CleanOptions options_;
  CleanStats stats_;
  PairHashSet seen_;
};

}  // namespace nmt::data
