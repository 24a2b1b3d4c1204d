#pragma once
// What a translation attended to: the cross-attention of a (source,
// translation) pair, for the server's heat map ("attention": true), and
// Marian's hard alignment drawn from it (nmt translate --alignment).
#include <cstdint>
#include <string>
#include <vector>

#include "nmt/decode/search.h"
#include "nmt/model/transformer.h"

namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

// weights[t][s]: how much target position t (each generated piece, then
// </s>) attends to source position s (each source piece, then </s>). Rows
// sum to 1.
//
// Which attention: fairseq's --print-alignment convention
// (TransformerDecoder.extract_features_scriptable: alignment_layer defaults
// to the last decoder layer, and the weights are averaged over all heads,
// alignment_heads unset). Marian's transformer takes the first head of the
// last layer instead (transformer-guided-alignment-layer "last", head0); a
// model not trained with guided alignment has no reason to put the alignment
// in head 0, so the average says more.
using AttentionMatrix = std::vector<std::vector<float>>;

// One teacher-forced pass over a batch of (source ids, generated ids) pairs,
// both without </s>; sources longer than the model's positions are cut as
// the translator cuts them (source_batch), so a matrix has
// min(|source|, max_positions - 1) + 1 columns and |target| + 1 rows. The
// model must be in eval mode (dropout off). Runs on the model's device, in
// int8 after quantize_int8(), and in bfloat16 under the caller's
// model::Bf16Scope. Padding does not reach the result: padded source
// positions get weight 0 and padded target rows are dropped, so a pair's
// matrix does not depend on the batch it is in (to float rounding).
std::vector<AttentionMatrix> cross_attention(model::Transformer& model, const std::vector<std::vector<int>>& sources,
                                             const std::vector<std::vector<int>>& targets);

// cross_attention of any number of pairs, batch_size at a time, sorted by
// length so that batches carry little padding; in the pairs' order.
std::vector<AttentionMatrix> cross_attention(model::Transformer& model, const std::vector<std::vector<int>>& sources,
                                             const std::vector<std::vector<int>>& targets, int64_t batch_size);

// The pieces a cross_attention matrix of (source, target) stands for: its
// rows, target's pieces then "</s>"; its columns, the source pieces the
// encoder read (at most max_positions - 1: one fewer than the matrix's
// columns) then "</s>". An empty matrix names every source piece.
struct AttendedPieces {
  std::vector<std::string> source, target;
};
AttendedPieces attended_pieces(const AttentionMatrix& weights, const std::vector<int>& source,
                               const std::vector<int>& target, const text::Vocab& src_vocab,
                               const text::Vocab& tgt_vocab);

// Marian's hard alignment ("--alignment hard"; src/data/alignment.cpp,
// ConvertSoftAlignToHardAlign with threshold 1 and WordAlignment::toString):
// for each target piece, the source position it attends to most, printed as
// "s-t" pairs separated by single spaces, positions counted from 0.
// Followed from Marian: the maximum is taken over every source column, the
// source </s> included (s = number of source pieces is possible); ties go to
// the first (lowest) source position (Marian's strict `<`); the pairs are
// sorted by source position, then target position (WordAlignment::sort), not
// by target position. Not followed: Marian also prints a pair for the target
// </s> (its hypotheses end with the </s> step); we leave the </s> row (the
// last) out, as Amun and fairseq do, since no printed piece stands for it.
// A matrix with only the </s> row (an empty translation) gives "".
std::string hard_alignment(const AttentionMatrix& weights);

// hard_alignment of each hypothesis of each sentence (n_best[i] translates
// sources[i]), by the batched cross_attention.
std::vector<std::vector<std::string>> hard_alignments(model::Transformer& model,
                                                      const std::vector<std::vector<int>>& sources,
                                                      const std::vector<std::vector<Hypothesis>>& n_best,
                                                      int64_t batch_size);

}  // namespace nmt::decode
