#include "nmt/decode/alignment.h"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <utility>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/translator.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

std::vector<AttentionMatrix> cross_attention(model::Transformer& model, const std::vector<std::vector<int>>& sources,
                                             const std::vector<std::vector<int>>& targets) {
  NMT_CHECK(sources.size() == targets.size(),
            "cross_attention: " << sources.size() << " sources but " << targets.size() << " targets");
  NMT_CHECK(!model->is_training(), "cross_attention: the model is in training mode (dropout on); call eval() first");
  if (sources.empty()) return {};
  const int64_t max_positions = model->config.max_positions;
  const auto n = static_cast<int64_t>(sources.size());

  std::vector<const std::vector<int>*> source_ptrs;
  int64_t width = 1;  // target rows: <s> + pieces in, pieces + </s> out
  for (size_t i = 0; i < sources.size(); ++i) {
    source_ptrs.push_back(&sources[i]);
    const auto rows = static_cast<int64_t>(targets[i].size()) + 1;
    NMT_CHECK(rows <= max_positions, "cross_attention: target " << i << " has " << targets[i].size()
                                                                << " pieces; with </s> that exceeds model.max_positions = "
                                                                << max_positions);
    width = std::max(width, rows);
  }
  const auto src = source_batch(source_ptrs, max_positions);  // (N, S)
  auto tgt_in = torch::full({n, width}, text::kPadId, torch::kLong);  // (N, T): <s> y1 .. y_m, padding
  auto acc = tgt_in.accessor<int64_t, 2>();
  for (int64_t i = 0; i < n; ++i) {
    acc[i][0] = text::kBosId;
    for (size_t j = 0; j < targets[i].size(); ++j) acc[i][j + 1] = targets[i][j];
  }

  torch::Tensor weights;  // (N, h, T, S)
  {
    torch::InferenceMode inference;
    const auto device = model->positions.device();
    const auto src_dev = src.to(device);
    // Padded keys get a -1e9 bias, so their softmax weight is exactly 0;
    // padded target rows come after every real one, which the causal mask
    // keeps them from influencing.
    const auto src_bias = model::padding_bias(src_dev);
    model->decode(tgt_in.to(device), model->encode(src_dev, src_bias), src_bias, &weights);
    weights = weights.mean(1).to(torch::kCPU, torch::kFloat).contiguous();  // (N, T, S), float32 under bf16 too
  }

  std::vector<AttentionMatrix> out(sources.size());
  const auto w = weights.accessor<float, 3>();
  for (int64_t i = 0; i < n; ++i) {
    const auto rows = static_cast<int64_t>(targets[i].size()) + 1;
    const auto columns = std::min<int64_t>(static_cast<int64_t>(sources[i].size()), max_positions - 1) + 1;
    out[i].assign(rows, std::vector<float>(columns));
    for (int64_t t = 0; t < rows; ++t) {
      for (int64_t s = 0; s < columns; ++s) out[i][t][s] = w[i][t][s];
    }
  }
  return out;
}

std::string hard_alignment(const AttentionMatrix& weights) {
  std::vector<std::pair<size_t, size_t>> points;  // (s, t)
  for (size_t t = 0; t + 1 < weights.size(); ++t) {  // the last row, </s>, is left out
    const auto& row = weights[t];
    NMT_CHECK(!row.empty(), "hard_alignment: row " << t << " has no source positions");
    size_t best = 0;
    for (size_t s = 1; s < row.size(); ++s) {
      if (row[best] < row[s]) best = s;  // the first maximum wins
    }
    points.emplace_back(best, t);
  }
  std::sort(points.begin(), points.end());  // by source, then target position
  std::ostringstream text;
  for (size_t i = 0; i < points.size(); ++i) text << (i ? " " : "") << points[i].first << "-" << points[i].second;
  return text.str();
}

std::vector<AttentionMatrix> cross_attention(model::Transformer& model, const std::vector<std::vector<int>>& sources,
                                             const std::vector<std::vector<int>>& targets, int64_t batch_size) {
  NMT_CHECK(sources.size() == targets.size(),
            "cross_attention: " << sources.size() << " sources but " << targets.size() << " targets");
  NMT_CHECK(batch_size >= 1, "batch size must be >= 1, got " << batch_size);
  std::vector<size_t> order(sources.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto length = [&](size_t i) { return sources[i].size() + targets[i].size(); };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return length(a) < length(b); });
  std::vector<AttentionMatrix> out(sources.size());
  for (size_t first = 0; first < order.size(); first += static_cast<size_t>(batch_size)) {
    const size_t last = std::min(order.size(), first + static_cast<size_t>(batch_size));
    std::vector<std::vector<int>> batch_sources, batch_targets;
    for (size_t j = first; j < last; ++j) {
      batch_sources.push_back(sources[order[j]]);
      batch_targets.push_back(targets[order[j]]);
    }
    auto matrices = cross_attention(model, batch_sources, batch_targets);
    for (size_t j = first; j < last; ++j) out[order[j]] = std::move(matrices[j - first]);
  }
  return out;
}

AttendedPieces attended_pieces(const AttentionMatrix& weights, const std::vector<int>& source,
                               const std::vector<int>& target, const text::Vocab& src_vocab,
                               const text::Vocab& tgt_vocab) {
  const size_t seen = weights.empty() ? source.size() : std::min(source.size(), weights[0].size() - 1);
  AttendedPieces out;
  for (size_t s = 0; s < seen; ++s) out.source.push_back(src_vocab.piece(source[s]));
  for (int id : target) out.target.push_back(tgt_vocab.piece(id));
  out.source.push_back("</s>");
  out.target.push_back("</s>");
  return out;
}

std::vector<std::vector<std::string>> hard_alignments(model::Transformer& model,
                                                      const std::vector<std::vector<int>>& sources,
                                                      const std::vector<std::vector<Hypothesis>>& n_best,
                                                      int64_t batch_size) {
  NMT_CHECK(sources.size() == n_best.size(),
            "hard_alignments: " << sources.size() << " sources but " << n_best.size() << " n-best lists");
  std::vector<std::vector<int>> pair_sources, pair_targets;
  std::vector<std::vector<std::string>> out(n_best.size());
  for (size_t i = 0; i < n_best.size(); ++i) {
    out[i].resize(n_best[i].size());
    for (const auto& h : n_best[i]) {
      pair_sources.push_back(sources[i]);
      pair_targets.push_back(h.tokens);
    }
  }
  const auto matrices = cross_attention(model, pair_sources, pair_targets, batch_size);
  size_t pair = 0;
  for (auto& hypotheses : out) {
    for (auto& alignment : hypotheses) alignment = hard_alignment(matrices[pair++]);
  }
  return out;
}

}  // namespace nmt::decode
