#include "nmt/decode/engine_step.h"

#include <vector>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

EngineStep::EngineStep(const infer::TransformerWeights& weights, const at::Tensor& src_any)
    : encoder_(weights), decoder_(weights) {
  NMT_CHECK(src_any.device().is_cpu(), "the CPU engine decodes on the CPU, not on " << src_any.device());
  const auto src = src_any.to(torch::kLong).contiguous();
  const int64_t sources = src.size(0), length = src.size(1);
  std::vector<int64_t> lengths(sources);
  const auto ids = src.accessor<int64_t, 2>();
  for (int64_t s = 0; s < sources; ++s) {
    int64_t n = length;
    while (n > 0 && ids[s][n - 1] == text::kPadId) --n;  // padding sits at the end
    lengths[s] = n;
  }
  std::vector<float> memory(sources * length * weights.config.d_model);
  encoder_.encode(src.data_ptr<int64_t>(), sources, length, lengths.data(), memory.data());
  decoder_.start(memory.data(), sources, length, lengths.data());
}

at::Tensor EngineStep::log_probs(const at::Tensor& last_any) {
  const auto last = last_any.to(torch::kCPU, torch::kLong).contiguous();
  NMT_CHECK(last.numel() == decoder_.rows(), "log_probs: " << last.numel() << " tokens for " << decoder_.rows()
                                                           << " rows");
  const float* logits = decoder_.step(last.data_ptr<int64_t>());
  const auto n = decoder_.rows();
  const auto vocab = static_cast<int64_t>(decoder_.vocab_size());
  return torch::log_softmax(torch::from_blob(const_cast<float*>(logits), {n, vocab}, torch::kFloat), -1);
}

void EngineStep::select_rows(const at::Tensor& rows_any, bool /*same_sentences*/) {
  const auto rows = rows_any.to(torch::kCPU, torch::kLong).contiguous();
  decoder_.select_rows(rows.data_ptr<int64_t>(), rows.numel());
}

}  // namespace nmt::decode
