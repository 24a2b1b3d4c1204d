#include "nmt/decode/score_pairs.h"

#include <algorithm>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/translator.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

std::vector<PairScore> score_pairs(model::Transformer model, const std::vector<std::vector<int>>& sources,
                                   const std::vector<std::vector<int>>& targets, int64_t batch,
                                   const c10::Device& device) {
  NMT_CHECK(sources.size() == targets.size(),
            "score_pairs: " << sources.size() << " sources but " << targets.size() << " targets");
  NMT_CHECK(batch >= 1, "batch must be >= 1, got " << batch);
  torch::NoGradGuard no_grad;
  model->eval();
  const int64_t max_positions = model->config.max_positions;
  std::vector<PairScore> scores(sources.size());
  for (size_t first = 0; first < sources.size(); first += static_cast<size_t>(batch)) {
    const size_t last = std::min(sources.size(), first + static_cast<size_t>(batch));
    std::vector<const std::vector<int>*> batch_sources;
    int64_t width = 1;
    for (size_t i = first; i < last; ++i) {
      batch_sources.push_back(&sources[i]);
      const int64_t length = static_cast<int64_t>(targets[i].size()) + 1;
      NMT_CHECK(length <= max_positions, "target " << i + 1 << " has " << targets[i].size()
                                                   << " pieces, more than the model's " << max_positions - 1);
      width = std::max(width, length);
    }
    const auto rows = static_cast<int64_t>(last - first);
    // tgt_in = <s> y1 .. yn, tgt_out = y1 .. yn </s>, padded.
    auto tgt_in = torch::full({rows, width}, text::kPadId, torch::kLong);
    auto tgt_out = torch::full({rows, width}, text::kPadId, torch::kLong);
    auto in = tgt_in.accessor<int64_t, 2>(), out = tgt_out.accessor<int64_t, 2>();
    for (int64_t r = 0; r < rows; ++r) {
      const auto& y = targets[first + r];
      in[r][0] = text::kBosId;
      for (size_t j = 0; j < y.size(); ++j) in[r][j + 1] = y[j], out[r][j] = y[j];
      out[r][y.size()] = text::kEosId;
    }
    const auto src = source_batch(batch_sources, max_positions).to(device);
    auto log_probs = torch::log_softmax(model->forward(src, tgt_in.to(device)).to(torch::kFloat), -1);  // (B, T, V)
    auto target = tgt_out.to(device);
    auto picked = log_probs.gather(2, target.unsqueeze(2)).squeeze(2).masked_fill(target.eq(text::kPadId), 0);
    // float32 sums, as Marian adds them.
    auto sums = picked.sum(1).to(torch::kCPU);
    const auto each = picked.to(torch::kCPU).contiguous();
    const auto token = each.accessor<float, 2>();
    for (int64_t r = 0; r < rows; ++r) {
      auto& s = scores[first + r];
      s.log_prob = sums[r].item<float>();
      s.tokens = static_cast<int64_t>(targets[first + r].size()) + 1;
      s.token_log_probs.resize(static_cast<size_t>(s.tokens));
      for (int64_t j = 0; j < s.tokens; ++j) s.token_log_probs[static_cast<size_t>(j)] = token[r][j];
    }
  }
  return scores;
}

std::vector<PairScore> score_pairs(const Translator& translator, const std::vector<std::vector<int>>& sources,
                                   const std::vector<std::vector<int>>& targets, int64_t batch) {
  const auto& models = translator.models();
  const auto& weights = translator.weights();  // checked and normalised by the translator
  const auto& device = translator.device();
  if (models.size() == 1) return score_pairs(models.front(), sources, targets, batch, device);
  std::vector<PairScore> combined;
  for (size_t m = 0; m < models.size(); ++m) {
    auto scores = score_pairs(models[m], sources, targets, batch, device);
    const double w = weights[m];
    if (combined.empty()) {
      combined = std::move(scores);
      for (auto& s : combined)
        for (auto& lp : s.token_log_probs) lp = static_cast<float>(w * lp);
      continue;
    }
    for (size_t i = 0; i < scores.size(); ++i) {
      for (size_t j = 0; j < scores[i].token_log_probs.size(); ++j)
        combined[i].token_log_probs[j] += static_cast<float>(w * scores[i].token_log_probs[j]);
    }
  }
  for (auto& s : combined) {
    double sum = 0;
    for (float lp : s.token_log_probs) sum += lp;
    s.log_prob = sum;
  }
  return combined;
}

}  // namespace nmt::decode
