#pragma once
// The CPU inference engine (infer/) behind the search's StepFunction: what
// TransformerStep does through LibTorch, done by the engine's encoder and
// decoder over plain arrays. Its top_k is one pass over the logits (the
// engine's log-softmax and top-k kernel), so greedy and beam search run
// without a tensor operation.
#include <ATen/core/Tensor.h>

#include <memory>

#include "nmt/decode/search.h"
#include "nmt/infer/engine.h"

namespace nmt::decode {

class EngineStep : public StepFunction {
 public:
  // src: (N, S) ids on the CPU, </s>-terminated and padded at the end, as
  // source_batch gives them. Starts `engine` (a worker's own, kept from
  // batch to batch) on them; the engine must outlive the step. With
  // vocabularies (a shortlist's, one per source), each sentence scores
  // only its own list's tokens, normalised among themselves, so that its
  // scores never depend on the other sentences of its batch; log_probs
  // gives the others -inf.
  EngineStep(infer::Engine& engine, const at::Tensor& src, const SourceVocabularies* vocabularies = nullptr);
  // The same on an engine of its own over `weights`, which must outlive it.
  EngineStep(const infer::TransformerWeights& weights, const at::Tensor& src,
             const SourceVocabularies* vocabularies = nullptr);
  at::Tensor log_probs(const std::vector<int64_t>& last) override;
  void select_rows(const std::vector<int64_t>& rows, bool same_sentences) override;
  void top_k(const std::vector<int64_t>& last, const TokenRules& rules, int64_t k, TopK& out) override;
  float last_log_prob(int64_t row, int64_t token) override;
  // Continuous batching: with vocabularies exactly where the running
  // sources have them.
  void add_sources(const at::Tensor& src, const SourceVocabularies* vocabularies) override;

 private:
  void start(const at::Tensor& src, const SourceVocabularies* vocabularies);
  // Row r's output column of target id `id`, or -1 if its list leaves it out.
  int64_t column_of(int64_t row, int64_t id) const;

  std::unique_ptr<infer::Engine> owned_;
  infer::Engine& engine_;  // owned_, or the caller's
  infer::Decoder& decoder_;  // engine_.decoder
  bool restricted_ = false;  // the sources have vocabularies of their own
  std::vector<float> log_sums_;  // each row's log-softmax normaliser, from the last top_k
  const float* last_logits_ = nullptr;  // the last top_k's (rows, last_columns_), the decoder's buffer
  int64_t last_columns_ = 0;
  std::vector<uint8_t> last_eos_only_;  // its rules' rows that could only end
  std::vector<int64_t> last_banned_;  // its rules' banned ids
  std::vector<float> scratch_scores_;  // top_k's when k exceeds the output columns
  std::vector<int64_t> scratch_ids_;
};

}  // namespace nmt::decode
