#pragma once
// A lexical shortlist, as Marian's (--shortlist) and CTranslate2's
// vocabulary map: for each source piece, the target pieces most associated
// with it in a parallel corpus, and the corpus's most frequent target pieces.
// A sentence's output layer is then restricted to its source pieces' lists
// (and the frequent ones), and the search scores only those pieces (the
// log-softmax is taken over them), which makes the output projection a
// fraction of its size.
//
// Association is the Dice coefficient of sentence-level counts,
// 2 c(s, t) / (c(s) + c(t)): a pair that occurs together in most of the
// sentences where either occurs ranks first, so common target pieces do not
// crowd out the rare translations of a rare source piece (they are in the
// frequent list anyway).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace nmt::data {
class PairReader;
}
namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

// The defaults were chosen when a batch took the union of its sentences'
// lists: on batches of 32, longer lists left most of an 8,000-piece
// vocabulary in every batch (docs/performance.md, "Shortlists"). A
// sentence's own list keeps BLEU with them (318 pieces on average there).
struct ShortlistOptions {
  int64_t frequent = 200;     // the corpus's most frequent target pieces, allowed in every batch
  int64_t per_source = 10;    // the target pieces kept for each source piece
  int64_t max_pairs = 2000000;  // sentence pairs counted at most (the first ones)
};

class Shortlist;

// Sentence-level counts of source pieces, target pieces and the pairs of
// them that occur together, one sentence pair at a time.
class ShortlistCounter {
 public:
  ShortlistCounter(int64_t src_vocab, int64_t tgt_vocab);
  void add(const std::vector<int>& src, const std::vector<int>& tgt);  // piece ids, repeats counted once
  int64_t pairs() const { return pairs_; }
  // The frequent list and each source piece's best by Dice (ties to the lower id).
  Shortlist finish(const ShortlistOptions& options) const;

 private:
  std::vector<int64_t> src_count_, tgt_count_;
  std::vector<std::unordered_map<int, uint32_t>> together_;  // [source piece][target piece]
  int64_t pairs_ = 0;
};

class Shortlist {
 public:
  // Counts over the corpus's pairs (at most options.max_pairs), encoded with
  // the model's vocabularies. `progress`, if given, is called every 100,000
  // pairs with the count so far.
  static Shortlist build(data::PairReader& corpus, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                         const ShortlistOptions& options, void (*progress)(int64_t pairs) = nullptr);
  // Throws nmt::Error naming the file and line for a file that is missing,
  // not a shortlist, or corrupt.
  static Shortlist load(const std::string& path);
  // Written durably: a full disk is an error and leaves no partial file.
  void save(const std::string& path) const;
  // Throws nmt::Error if the shortlist was built for other vocabularies.
  void check_vocabularies(const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                          const std::string& path) const;

  // The target ids that sources (piece ids; one sentence's, or several's)
  // may produce: the frequent pieces, every source piece's list and the
  // four reserved ids, sorted.
  std::vector<int64_t> vocabulary(const std::vector<const std::vector<int>*>& sources) const;

  int64_t pairs() const { return pairs_; }
  int64_t tgt_vocab() const { return tgt_size_; }
  const std::vector<int>& frequent() const { return frequent_; }
  const std::vector<int>& of_source(int piece) const { return by_source_.at(piece); }

 private:
  friend class ShortlistCounter;
  std::vector<int> frequent_;
  std::vector<std::vector<int>> by_source_;  // [source piece]: its target pieces, best first
  int64_t src_size_ = 0, tgt_size_ = 0, pairs_ = 0;
  uint64_t src_fingerprint_ = 0, tgt_fingerprint_ = 0;
};

}  // namespace nmt::decode
