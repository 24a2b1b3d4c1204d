#pragma once
// From text pairs to padded token batches: encode, drop what cannot be
// trained on, group by length so that padding stays small.
#include <cstdint>
#include <random>
#include <vector>

#include "nmt/data/corpus.h"
#include "nmt/text/vocab.h"

namespace nmt::data {

struct Example {
  std::vector<int> src;  // pieces + </s>
  std::vector<int> tgt;  // <s> + pieces + </s>
};

struct EncodeStats {
  int64_t kept = 0, dropped_empty = 0, dropped_too_long = 0;
};

// Encodes each pair; drops pairs with a side that encodes to no piece, or with
// more than max_len pieces on a side (</s> and <s> not counted). `stats` may be
// null. Throws nmt::Error if max_len < 1 or the sides differ in length.
std::vector<Example> encode_pairs(const ParallelText& text, const text::Vocab& src_vocab,
                                  const text::Vocab& tgt_vocab, int max_len, EncodeStats* stats);

// A padded batch, row-major, padded with text::kPadId:
//   src      (rows x src_len)
//   tgt_in   (rows x tgt_len)  tgt[:-1], what the decoder reads (starts with <s>)
//   tgt_out  (rows x tgt_len)  tgt[1:],  what it must predict (ends with </s>)
struct Batch {
  int64_t rows = 0, src_len = 0, tgt_len = 0;
  std::vector<int64_t> src, tgt_in, tgt_out;
  int64_t target_tokens = 0;  // non-pad entries of tgt_out: the loss is averaged over these
  int64_t source_tokens = 0;  // non-pad entries of src
};

struct BatchOptions {
  // rows x max(src_len, tgt_len) at most, padding included, as fairseq's
  // --max-tokens and Marian's mini-batch words bound both sides (a longer
  // example still gets a batch of its own).
  int64_t batch_tokens = 4096;
  int64_t max_sentences = 0;    // rows at most; 0 = no limit
};

// Groups examples so that rows x the longest side (src or tgt_out) <=
// batch_tokens (at least one example per batch), after sorting by (target length, source length) so that
// sentences of similar length share a batch. Deterministic: same input, same
// batches. Throws nmt::Error on an example with an empty src or a tgt shorter
// than 2 (<s> and </s>).
std::vector<Batch> make_batches(const std::vector<Example>& examples, const BatchOptions& options);

// The batch split by rows into passes of at most max_tokens tokens (rows x
// its longest side, as make_batches counts; at least one row each), every pass trimmed to its
// own longest row: run one after the other, their summed gradients are the
// whole batch's. The batch as it is when it fits or max_tokens <= 0.
std::vector<Batch> split_batch(const Batch& batch, int64_t max_tokens);

// Shuffles the batch order (once per epoch). The same generator state gives the
// same order on every platform: no std::shuffle, whose algorithm the standard
// leaves to the library.
void shuffle_batches(std::vector<Batch>& batches, std::mt19937_64& rng);

}  // namespace nmt::data
