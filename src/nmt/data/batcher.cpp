#include "nmt/data/batcher.h"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "nmt/common/error.h"

namespace nmt::data {

std::vector<Example> encode_pairs(const ParallelText& text, const text::Vocab& src_vocab,
                                  const text::Vocab& tgt_vocab, int max_len, EncodeStats* stats) {
  NMT_CHECK(max_len >= 1, "maximum length must be at least 1 piece, found " << max_len);
  NMT_CHECK(text.src.size() == text.tgt.size(),
            "parallel text has " << text.src.size() << " source lines but " << text.tgt.size()
                                 << " target lines");
  EncodeStats counts;
  std::vector<Example> examples;
  examples.reserve(text.src.size());
  for (size_t i = 0; i < text.src.size(); ++i) {
    std::vector<int> src = src_vocab.encode(text.src[i]);
    std::vector<int> tgt = tgt_vocab.encode(text.tgt[i]);
    if (src.empty() || tgt.empty()) {
      ++counts.dropped_empty;
      continue;
    }
    if (src.size() > static_cast<size_t>(max_len) || tgt.size() > static_cast<size_t>(max_len)) {
      ++counts.dropped_too_long;
      continue;
    }
    src.push_back(text::kEosId);
    tgt.insert(tgt.begin(), text::kBosId);
    tgt.push_back(text::kEosId);
    examples.push_back({std::move(src), std::move(tgt)});
  }
  counts.kept = static_cast<int64_t>(examples.size());
  if (stats != nullptr) *stats = counts;
  return examples;
}

namespace {

int64_t target_length(const Example& example) {  // length of tgt_out
  return static_cast<int64_t>(example.tgt.size()) - 1;
}

// The longer of its padded source (pieces + </s>) and target (pieces + </s>) rows.
int64_t example_width(const Example& example) {
  return std::max(static_cast<int64_t>(example.src.size()), target_length(example));
}

// Pads the examples named by `indices` into one batch.
Batch make_batch(const std::vector<Example>& examples, const std::vector<size_t>& indices) {
  Batch batch;
  batch.rows = static_cast<int64_t>(indices.size());
  for (size_t i : indices) {
    batch.src_len = std::max<int64_t>(batch.src_len, static_cast<int64_t>(examples[i].src.size()));
    batch.tgt_len = std::max(batch.tgt_len, target_length(examples[i]));
  }
  batch.src.assign(batch.rows * batch.src_len, text::kPadId);
  batch.tgt_in.assign(batch.rows * batch.tgt_len, text::kPadId);
  batch.tgt_out.assign(batch.rows * batch.tgt_len, text::kPadId);
  for (int64_t row = 0; row < batch.rows; ++row) {
    const Example& example = examples[indices[row]];
    std::copy(example.src.begin(), example.src.end(), batch.src.begin() + row * batch.src_len);
    // tgt_in = tgt[:-1], tgt_out = tgt[1:]: position t reads token t, predicts t + 1.
    std::copy(example.tgt.begin(), example.tgt.end() - 1, batch.tgt_in.begin() + row * batch.tgt_len);
    std::copy(example.tgt.begin() + 1, example.tgt.end(), batch.tgt_out.begin() + row * batch.tgt_len);
    batch.source_tokens += static_cast<int64_t>(example.src.size());
    batch.target_tokens += target_length(example);
  }
  return batch;
}

}  // namespace

std::vector<Batch> make_batches(const std::vector<Example>& examples, const BatchOptions& options) {
  NMT_CHECK(options.batch_tokens >= 1,
            "batch tokens must be at least 1, found " << options.batch_tokens);
  NMT_CHECK(options.max_sentences >= 0,
            "max sentences must be >= 0 (0 = no limit), found " << options.max_sentences);
  for (size_t i = 0; i < examples.size(); ++i) {
    NMT_CHECK(!examples[i].src.empty() && examples[i].tgt.size() >= 2,
              "example " << i << ": expected a non-empty source and a target of at least <s> </s>, "
                         << "found " << examples[i].src.size() << " source and "
                         << examples[i].tgt.size() << " target ids");
  }

  std::vector<size_t> order(examples.size());
  std::iota(order.begin(), order.end(), size_t{0});
  // The index breaks ties, so the order (and every batch) is the same on each run.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto key = [&](size_t i) {
      return std::make_tuple(examples[i].tgt.size(), examples[i].src.size(), i);
    };
    return key(a) < key(b);
  });

  std::vector<Batch> batches;
  std::vector<size_t> current;
  int64_t widest = 0;  // the longest side of the current batch, padding included
  for (size_t i : order) {
    // Rows x the longest side (source or target) of the batch with example
    // i in it: what its padded tensors hold, so that long sources in a noisy
    // corpus cannot make one batch many times larger than the others.
    const int64_t rows = static_cast<int64_t>(current.size()) + 1;
    const int64_t width = std::max(widest, example_width(examples[i]));
    const bool fits = rows * width <= options.batch_tokens &&
                      (options.max_sentences == 0 || rows <= options.max_sentences);
    if (!fits && !current.empty()) {
      batches.push_back(make_batch(examples, current));
      current.clear();
    }
    current.push_back(i);
    widest = current.size() == 1 ? example_width(examples[i]) : width;
  }
  if (!current.empty()) batches.push_back(make_batch(examples, current));
  return batches;
}

std::vector<Batch> split_batch(const Batch& b, int64_t max_tokens) {
  const int64_t width = std::max(b.src_len, b.tgt_len);
  if (max_tokens <= 0 || b.rows * width <= max_tokens || b.rows == 1) return {b};
  const int64_t rows_per_pass = std::max<int64_t>(1, max_tokens / width);
  std::vector<Batch> passes;
  for (int64_t first = 0; first < b.rows; first += rows_per_pass) {
    const int64_t last = std::min(b.rows, first + rows_per_pass);
    auto width = [&](const std::vector<int64_t>& v, int64_t cols) {
      int64_t w = 1;
      for (int64_t r = first; r < last; ++r)
        for (int64_t c = 0; c < cols; ++c)
          if (v[r * cols + c] != text::kPadId) w = std::max(w, c + 1);
      return w;
    };
    auto copy = [&](const std::vector<int64_t>& v, int64_t cols, int64_t new_cols) {
      std::vector<int64_t> out;
      for (int64_t r = first; r < last; ++r) out.insert(out.end(), v.begin() + r * cols, v.begin() + r * cols + new_cols);
      return out;
    };
    Batch p;
    p.rows = last - first;
    p.src_len = width(b.src, b.src_len);
    p.tgt_len = std::max(width(b.tgt_in, b.tgt_len), width(b.tgt_out, b.tgt_len));
    p.src = copy(b.src, b.src_len, p.src_len);
    p.tgt_in = copy(b.tgt_in, b.tgt_len, p.tgt_len);
    p.tgt_out = copy(b.tgt_out, b.tgt_len, p.tgt_len);
    for (auto id : p.tgt_out) p.target_tokens += id != text::kPadId;
    for (auto id : p.src) p.source_tokens += id != text::kPadId;
    passes.push_back(std::move(p));
  }
  return passes;
}

void shuffle_batches(std::vector<Batch>& batches, std::mt19937_64& rng) {
  // Fisher-Yates; the modulo bias of a 64-bit draw is negligible here.
  for (size_t i = batches.size(); i > 1; --i) {
    const size_t j = static_cast<size_t>(rng() % i);
    std::swap(batches[i - 1], batches[j]);
  }
}

}  // namespace nmt::data
