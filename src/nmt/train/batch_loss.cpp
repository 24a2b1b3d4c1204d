#include "nmt/train/batch_loss.h"

#include "nmt/text/vocab.h"

namespace nmt::train {

DeviceBatch to_device(const data::Batch& b, const torch::Device& device) {
  auto make = [&](const std::vector<int64_t>& v, int64_t cols) {
    return torch::from_blob(const_cast<int64_t*>(v.data()), {b.rows, cols}, torch::kLong).to(device, false, true);
  };
  return {make(b.src, b.src_len), make(b.tgt_in, b.tgt_len), make(b.tgt_out, b.tgt_len), b.target_tokens};
}

LossSums batch_loss(model::Transformer& model, const DeviceBatch& b, double label_smoothing,
                    const torch::Tensor& excluded) {
  auto src_bias = model::padding_bias(b.src);
  auto hidden = model->decode(b.tgt_in, model->encode(b.src, src_bias), src_bias);  // (B, T, D)
  auto keep = b.tgt_out.ne(text::kPadId).view(-1).nonzero().squeeze(1);             // (N)
  auto h = hidden.reshape({-1, hidden.size(2)}).index_select(0, keep);                // (N, D)
  auto logits = model->logits(h).to(torch::kFloat);  // float32 even when the products ran in bfloat16
  return label_smoothed_cross_entropy(logits, b.tgt_out.view(-1).index_select(0, keep), label_smoothing, excluded);
}

}  // namespace nmt::train
