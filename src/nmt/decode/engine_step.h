#pragma once
// The CPU inference engine (infer/) behind the search's StepFunction: what
// TransformerStep does through LibTorch, done by the engine's encoder and
// decoder over plain arrays.
#include <ATen/core/Tensor.h>

#include "nmt/decode/search.h"
#include "nmt/infer/decoder.h"
#include "nmt/infer/encoder.h"

namespace nmt::decode {

class EngineStep : public StepFunction {
 public:
  // src: (N, S) ids on the CPU, </s>-terminated and padded at the end, as
  // source_batch gives them. The weights must outlive the step.
  EngineStep(const infer::TransformerWeights& weights, const at::Tensor& src);
  at::Tensor log_probs(const at::Tensor& last) override;
  void select_rows(const at::Tensor& rows, bool same_sentences) override;

 private:
  infer::Encoder encoder_;
  infer::Decoder decoder_;
};

}  // namespace nmt::decode
