#pragma once
// Greedy and beam search over any model that can score the next token.
// The search owns no model: it drives a StepFunction, so it can be tested on
// a fixed table of log-probabilities whose right answer is known by hand.
#include <cstdint>
#include <string>
#include <vector>

#include <ATen/core/Tensor.h>

namespace nmt::decode {

struct Hypothesis {
  std::vector<int> tokens;  // generated pieces, without </s>
  double log_prob = 0;      // sum of token log-probabilities, </s> included when generated
  double score = 0;         // log_prob / length penalty (rule "marian": see SearchOptions)
  std::vector<float> token_log_probs;  // rule "marian": each token's, </s> included (Marian's WordScores)
};

struct SearchOptions {
  int64_t beam = 4;             // 1 = greedy
  // Rule "nmt" ranks finished hypotheses by log P / penalty(|y|), |y|
  // counting </s>: "power", |y|^alpha (fairseq's --lenpen, CTranslate2's
  // length_penalty; alpha 1 = the mean log-probability per token); "gnmt",
  // ((5 + |y|) / 6)^alpha (Wu et al. 2016, tensor2tensor).
  // When it ends: with "power" and alpha > 0 the beam shrinks as Marian's
  // does: each step's best K - (finished so far) candidates are taken, those
  // ending in </s> finish, and a sentence ends with K finished hypotheses,
  // so that a longer hypothesis can still finish and win by its mean
  // log-probability. Otherwise (alpha 0, or "gnmt", as nmt searched before)
  // a sentence ends when its best candidate ends in </s>: exact for alpha 0,
  // and cheaper.
  double length_penalty = 1.0;  // alpha
  std::string length_rule = "power";
  int64_t n_best = 1;           // hypotheses returned per sentence (<= beam)
  bool allow_eos = true;        // false: every output has exactly max_length tokens (speed benchmarks)
  // "nmt": ours (below). "marian": marian-decoder's rules (marian_search.h),
  // which use the three options after it.
  std::string rule = "nmt";
  double normalize = 0;         // marian: score = (log P - word_penalty * L) / L^normalize, L counting </s>
  double word_penalty = 0;
  bool allow_unk = true;        // false: <unk> is never chosen (its probability is not given to the others)
  // The brevity penalty inside a shrinking beam (shrinks_beam; 0: off): a
  // candidate ending in </s> whose sentence has an expected length (the
  // search's expected_lengths, SentenceFeed::expected_length) competes for
  // the step's places with its path score plus brevity_penalty(L, E, w) x
  // length_penalty(L): the penalty its final score would get, in the units
  // of a path's log-probability. So a short ending gives its place to a
  // longer continuation, instead of only ranking lower once it has
  // finished. The finished hypothesis keeps its log-probability and score:
  // rank_with_brevity_penalty adds the penalty to them afterwards.
  double brevity_weight = 0;
};

// What a row's next token may be: never a banned one (<pad>, <s>, and </s>
// or <unk> when the options forbid them), and only </s> on a row whose
// sentence reaches its length limit.
struct TokenRules {
  std::vector<int64_t> banned;
  std::vector<uint8_t> eos_only;  // per row; empty: no row
};

// The k best next tokens of each row, best first: scores (rows, k) are
// log-probabilities (normalised over the whole vocabulary, banned tokens
// included), ids (rows, k) the tokens. A row with fewer than k allowed
// tokens ends in scores of -inf. Equal scores are ordered by lower id.
struct TopK {
  int64_t k = 0;
  std::vector<float> scores;
  std::vector<int64_t> ids;
};

// The target ids each source may produce (its sentence's shortlist: sorted,
// distinct, the reserved ids included), one list per source, in the order
// of the sources.
using SourceVocabularies = std::vector<std::vector<int64_t>>;

// What a search needs from a model. Rows are hypotheses; the search tells
// the model which rows survive each step.
class StepFunction {
 public:
  virtual ~StepFunction() = default;
  // last: the newest token of each row -> (rows, V) log-probabilities of the
  // next one, on the model's device.
  virtual at::Tensor log_probs(const std::vector<int64_t>& last) = 0;
  // Keep/reorder rows: new row i continues old row rows[i]. same_sentences is
  // true when every row stays with its source sentence and every sentence
  // keeps its number of rows (a beam reorder), so whatever depends only on
  // the source need not move.
  virtual void select_rows(const std::vector<int64_t>& rows, bool same_sentences) = 0;
  // One step that keeps only the k best next tokens of each row under the
  // rules: all greedy and beam search need. This default takes log_probs and
  // picks on the model's device; a model may do it in one pass of its own.
  virtual void top_k(const std::vector<int64_t>& last, const TokenRules& rules, int64_t k, TopK& out);
  // The log-probability that the last top_k call gave `token` in row `row`,
  // under its rules (-inf for a banned token, or one the model does not
  // score): what a constrained search needs for tokens outside the k best.
  virtual float last_log_prob(int64_t row, int64_t token);
  // Continuous batching: sources (N, S) ids on the CPU, as source_batch
  // gives them, join the running search: one new row each, after the
  // current rows, starting from <s>, while the others go on; where the
  // running sources have vocabularies of their own (a shortlist), the new
  // ones come with theirs (null otherwise). A step function that cannot
  // take them says so.
  virtual void add_sources(const at::Tensor& src, const SourceVocabularies* vocabularies);

 private:
  at::Tensor last_log_probs_;  // the default top_k's (rows, V), rules applied, on its device
  at::Tensor last_log_probs_cpu_;  // the same on the CPU, copied at the first last_log_prob
};

// Continuous batching: sentences that join a running search as others
// finish, so that rows freed by short sentences are filled at once instead
// of idling until the batch's longest sentence ends. A sentence's result
// stays what it would be alone: the search treats each sentence on its own.
class SentenceFeed {
 public:
  virtual ~SentenceFeed() = default;
  // Sentences searched at once, joined ones included.
  virtual int64_t capacity() const = 0;
  // Between steps, with room for `room` more sentences: up to that many
  // waiting ones join through step.add_sources; returns the length limit
  // of each (as search's max_lengths), in their rows' order. Empty: none
  // is waiting now (the search ends when its last sentence does).
  virtual std::vector<int64_t> join(StepFunction& step, int64_t room) = 0;
  // A sentence's n-best, as soon as it is found. Sentences are numbered
  // from the search's first ones (0 .. max_lengths.size() - 1) on through
  // those that joined, in order.
  virtual void finished(int64_t /*sentence*/, const std::vector<Hypothesis>& /*n_best*/) {}
  // A joined sentence's expected length in tokens, </s> included, for
  // SearchOptions::brevity_weight (0: none), asked once, after its join.
  virtual double expected_length(int64_t /*sentence*/) const { return 0; }
};

// SearchOptions::length_rule's allowed values: power, gnmt.
const std::vector<std::string>& length_rules();
// The divisor of rule "nmt" (see SearchOptions): length_rule "power" or "gnmt".
double length_penalty(int64_t length, double alpha, const std::string& length_rule);
// Whether beam search shrinks its beam as hypotheses finish (SearchOptions).
bool shrinks_beam(const SearchOptions& options);
// A finished hypothesis's score under the options' rule: "nmt", log P over
// the length penalty; "marian", (log P - word_penalty * L) / L^normalize.
// length_with_eos counts </s> when it was generated.
double hypothesis_score(const SearchOptions& options, double log_prob, int64_t length_with_eos);

// The brevity penalty (Sockeye's "constant" one): what a finished
// hypothesis of `length_with_eos` tokens, shorter than `expected_length`,
// loses from its score: weight x (1 - expected / length), the logarithm of
// BLEU's brevity penalty with the expected length as the reference's.
// 0 when it is not shorter, or weight is 0. Always <= 0.
double brevity_penalty(int64_t length_with_eos, double expected_length, double weight);
// A sentence's finished hypotheses ranked again with the brevity penalty
// added to their scores (each hypothesis ended in </s>, so its length is
// its tokens + 1), best first, equal scores keeping their order; the best
// `keep` are kept. With beam search's shrinking beam (shrinks_beam) the
// score does not choose which hypotheses finish, only their order, so
// ranking the whole beam's afterwards is the same as scoring them so.
void rank_with_brevity_penalty(std::vector<Hypothesis>& finished, double expected_length, double weight, int64_t keep);

// Sentence i (one row per sentence, each starting from <s>) generates at
// most max_lengths[i] tokens (</s> included); its last step may only choose
// </s>. Each sentence's limit is its own, so what a sentence becomes does not
// depend on the other sentences searched with it. With a feed, sentences
// join as others finish (continuous batching), and the result holds every
// sentence, joined ones after the first. expected_lengths (null: none; else
// one per sentence of max_lengths, 0 for none) are the lengths that
// SearchOptions::brevity_weight compares with.
std::vector<std::vector<Hypothesis>> greedy_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                   const SearchOptions& options, SentenceFeed* feed = nullptr);
std::vector<std::vector<Hypothesis>> beam_search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                                 const SearchOptions& options, SentenceFeed* feed = nullptr,
                                                 const std::vector<double>* expected_lengths = nullptr);
// beam == 1 -> greedy_search, else beam_search (rule "nmt"); rule "marian"
// -> marian_beam_search, which takes no feed.
std::vector<std::vector<Hypothesis>> search(StepFunction& step, const std::vector<int64_t>& max_lengths,
                                            const SearchOptions& options, SentenceFeed* feed = nullptr,
                                            const std::vector<double>* expected_lengths = nullptr);

// The same limit for each of `sentences` sentences.
std::vector<std::vector<Hypothesis>> greedy_search(StepFunction& step, int64_t sentences, int64_t max_length,
                                                   const SearchOptions& options);
std::vector<std::vector<Hypothesis>> beam_search(StepFunction& step, int64_t sentences, int64_t max_length,
                                                 const SearchOptions& options);

}  // namespace nmt::decode
