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
  // batch to batch) on them; the engine must outlive the step. With a
  // vocabulary (a shortlist's for this batch: sorted target ids, the reserved
  // ones included), only those tokens are scored, normalised among
  // themselves; log_probs gives the others -inf.
  EngineStep(infer::Engine& engine, const at::Tensor& src, const std::vector<int64_t>* vocabulary = nullptr);
  // The same on an engine of its own over `weights`, which must outlive it.
  EngineStep(const infer::TransformerWeights& weights, const at::Tensor& src,
             const std::vector<int64_t>* vocabulary = nullptr);
  at::Tensor log_probs(const std::vector<int64_t>& last) override;
  void select_rows(const std::vector<int64_t>& rows, bool same_sentences) override;
  void top_k(const std::vector<int64_t>& last, const TokenRules& rules, int64_t k, TopK& out) override;
  float last_log_prob(int64_t row, int64_t token) override;
  // Continuous batching; not with a shortlist, whose output layer is the
  // first sources' alone.
  void add_sources(const at::Tensor& src) override;

 private:
  void start(const at::Tensor& src, const std::vector<int64_t>* vocabulary);
  // The output column of target id `id`, or -1 if the shortlist left it out.
  int64_t column_of(int64_t id) const;

  std::unique_ptr<infer::Engine> owned_;
  infer::Engine& engine_;  // owned_, or the caller's
  infer::Decoder& decoder_;  // engine_.decoder
  std::vector<float> log_sums_;  // each row's log-softmax normaliser, from the last top_k
  const float* last_logits_ = nullptr;  // the last top_k's (rows, output columns), the decoder's buffer
  std::vector<uint8_t> last_eos_only_;  // its rules' rows that could only end
  std::vector<int64_t> vocabulary_;  // the target id of each output column; empty: column = id
  std::vector<int64_t> banned_columns_;
  std::vector<float> scratch_scores_;  // top_k's when k exceeds the output columns
  std::vector<int64_t> scratch_ids_;
};

}  // namespace nmt::decode
