#include "nmt/decode/translator.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#include <torch/torch.h>

#include "nmt/model/bf16.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

TransformerStep::TransformerStep(model::Transformer model, const torch::Tensor& src)
    : model_(std::move(model)), cache_(model_->make_cache()) {
  src_bias_ = model::padding_bias(src);
  memory_ = model_->encode(src, src_bias_);
}

at::Tensor TransformerStep::log_probs(const at::Tensor& last) {
  auto tokens = last.to(memory_.device()).view({-1, 1});
  auto hidden = model_->decode_step(tokens, memory_, src_bias_, cache_);  // (N, 1, D)
  return torch::log_softmax(model_->logits(hidden.squeeze(1)).to(torch::kFloat), -1);  // (N, V), float32 under bf16 too
}

void TransformerStep::select_rows(const at::Tensor& rows_any_device, bool same_sentences) {
  const auto rows = rows_any_device.to(memory_.device());
  if (!same_sentences) {
    memory_ = memory_.index_select(0, rows);
    src_bias_ = src_bias_.index_select(0, rows);
  }
  cache_.select_rows(rows, same_sentences);
}

Translator::Translator(model::Transformer model, torch::Device device) : model_(std::move(model)), device_(device) {
  model_->to(device_);
  model_->eval();
}

std::vector<std::vector<Hypothesis>> Translator::translate(const std::vector<std::vector<int>>& sources,
                                                           const TranslateOptions& options, TranslateStats* stats) {
  torch::InferenceMode inference;
  model::Bf16Scope bf16(options.bf16 && device_.is_cpu());
  const auto start = std::chrono::steady_clock::now();
  const int64_t max_positions = model_->config.max_positions;
  std::vector<size_t> order(sources.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sources[a].size() < sources[b].size(); });

  std::vector<std::vector<Hypothesis>> results(sources.size());
  TranslateStats local;
  for (size_t first = 0; first < order.size(); first += options.batch_size) {
    const size_t last = std::min(order.size(), first + static_cast<size_t>(options.batch_size));
    // (N, S): pieces + </s>, padded; sources longer than the model's positions are cut.
    int64_t width = 1;
    for (size_t i = first; i < last; ++i) {
      width = std::max<int64_t>(width, std::min<int64_t>(sources[order[i]].size() + 1, max_positions));
    }
    auto src = torch::full({static_cast<int64_t>(last - first), width}, text::kPadId, torch::kLong);
    auto acc = src.accessor<int64_t, 2>();
    for (size_t i = first; i < last; ++i) {
      const auto& s = sources[order[i]];
      const int64_t n = std::min<int64_t>(s.size(), width - 1);
      if (n < static_cast<int64_t>(s.size())) ++local.truncated_sources;
      for (int64_t j = 0; j < n; ++j) acc[i - first][j] = s[j];
      acc[i - first][n] = text::kEosId;
    }
    int64_t max_length = options.fixed_length > 0
                             ? options.fixed_length
                             : static_cast<int64_t>(options.max_length_ratio * width) + options.max_length_extra;
    max_length = std::min(max_length, max_positions);
    SearchOptions search_options = options.search;
    if (options.fixed_length > 0) search_options.allow_eos = false;

    TransformerStep step(model_, src.to(device_));
    auto batch = search(step, src.size(0), max_length, search_options);
    for (size_t i = first; i < last; ++i) {
      if (!batch[i - first].empty()) local.generated_tokens += static_cast<int64_t>(batch[i - first][0].tokens.size());
      results[order[i]] = std::move(batch[i - first]);
    }
  }
  local.sentences = static_cast<int64_t>(sources.size());
  local.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = local;
  return results;
}

std::vector<std::string> Translator::translate_lines(const std::vector<std::string>& lines,
                                                     const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                                     const TranslateOptions& options, TranslateStats* stats) {
  std::vector<std::vector<int>> sources;
  sources.reserve(lines.size());
  for (const auto& line : lines) sources.push_back(src_vocab.encode(line));
  auto hyps = translate(sources, options, stats);
  std::vector<std::string> out;
  out.reserve(hyps.size());
  for (const auto& n_best : hyps) out.push_back(n_best.empty() ? std::string() : tgt_vocab.decode(n_best.front().tokens));
  return out;
}

}  // namespace nmt::decode
