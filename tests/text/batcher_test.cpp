#include "nmt/data/batcher.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "nmt/common/error.h"
#include "test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using text::kBosId;
using text::kEosId;
using text::kPadId;

std::vector<int> with_eos(std::vector<int> ids) {
  ids.push_back(kEosId);
  return ids;
}

std::vector<int> with_bos_eos(std::vector<int> ids) {
  ids.insert(ids.begin(), kBosId);
  ids.push_back(kEosId);
  return ids;
}

TEST(EncodePairs, AddsEosToSourceAndBosEosToTarget) {
  const text::Vocab& vocab = english_vocab();
  const ParallelText text{{"the house"}, {"and the light"}};
  EncodeStats stats;
  const std::vector<Example> examples = encode_pairs(text, vocab, vocab, 50, &stats);
  ASSERT_EQ(examples.size(), 1u);
  EXPECT_EQ(examples[0].src, with_eos(vocab.encode("the house")));
  EXPECT_EQ(examples[0].tgt, with_bos_eos(vocab.encode("and the light")));
}

TEST(EncodePairs, CountsDroppedEmptyAndTooLongPairs) {
  const text::Vocab& vocab = english_vocab();
  const std::string exact = "the light of the city";
  const int max_len = static_cast<int>(vocab.encode(exact).size());  // exactly at the limit: kept
  std::string too_long = exact + " and";
  ASSERT_GT(vocab.encode(too_long).size(), static_cast<size_t>(max_len));
  const ParallelText text{{"the house", "", "water", exact, too_long, "the", "the"},
                          {"the city", "water", "", exact, "the", too_long, " "}};
  EncodeStats stats;
  const std::vector<Example> examples = encode_pairs(text, vocab, vocab, max_len, &stats);
  EXPECT_EQ(stats.kept, 2);
  EXPECT_EQ(stats.dropped_empty, 3);  // "" on either side, and " " which has no piece
  EXPECT_EQ(stats.dropped_too_long, 2);
  ASSERT_EQ(examples.size(), 2u);
  EXPECT_EQ(examples[1].src, with_eos(vocab.encode(exact)));
  EXPECT_EQ(encode_pairs(text, vocab, vocab, max_len, nullptr).size(), 2u);  // stats optional
}

// Examples with target lengths 1..60 and source lengths 1..40, ids >= 4 so
// that no pad, <s> or </s> appears inside.
std::vector<Example> random_examples(size_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Example> examples(count);
  for (Example& example : examples) {
    const size_t src_len = 1 + rng() % 40, tgt_len = 1 + rng() % 60;
    for (size_t i = 0; i < src_len; ++i) example.src.push_back(4 + static_cast<int>(rng() % 90));
    for (size_t i = 0; i < tgt_len; ++i) example.tgt.push_back(4 + static_cast<int>(rng() % 90));
    example.src = with_eos(example.src);
    example.tgt = with_bos_eos(example.tgt);
  }
  return examples;
}

// Reads row `row` of a batch back into an example, checking the padding
// layout on the way: ids first, then only pad.
Example unpad_row(const Batch& batch, int64_t row) {
  Example example;
  bool padding = false;
  for (int64_t j = 0; j < batch.src_len; ++j) {
    const int64_t id = batch.src[row * batch.src_len + j];
    if (id == kPadId) padding = true;
    EXPECT_TRUE(id == kPadId || !padding) << "id after padding in src row " << row;
    if (id != kPadId) example.src.push_back(static_cast<int>(id));
  }
  padding = false;
  example.tgt.push_back(static_cast<int>(batch.tgt_in[row * batch.tgt_len]));
  for (int64_t j = 0; j < batch.tgt_len; ++j) {
    const int64_t in = batch.tgt_in[row * batch.tgt_len + j];
    const int64_t out = batch.tgt_out[row * batch.tgt_len + j];
    EXPECT_EQ(in == kPadId, out == kPadId) << "tgt_in and tgt_out padded alike, row " << row;
    if (out == kPadId) padding = true;
    EXPECT_TRUE(out == kPadId || !padding) << "id after padding in tgt_out row " << row;
    // The shift: what the decoder reads at j + 1 is what it had to predict at j.
    if (j + 1 < batch.tgt_len && batch.tgt_in[row * batch.tgt_len + j + 1] != kPadId) {
      EXPECT_EQ(batch.tgt_in[row * batch.tgt_len + j + 1], out);
    }
    if (out != kPadId) example.tgt.push_back(static_cast<int>(out));
  }
  return example;
}

TEST(MakeBatches, EveryBatchObeysTheTokenLimit) {
  const BatchOptions options{200, 0};
  const std::vector<Batch> batches = make_batches(random_examples(500, 1), options);
  for (const Batch& batch : batches) {
    EXPECT_EQ(batch.src.size(), static_cast<size_t>(batch.rows * batch.src_len));
    EXPECT_EQ(batch.tgt_in.size(), static_cast<size_t>(batch.rows * batch.tgt_len));
    EXPECT_EQ(batch.tgt_out.size(), static_cast<size_t>(batch.rows * batch.tgt_len));
    // Both sides count, padding included: the source bounds a batch as the target does.
    EXPECT_LE(batch.rows * std::max(batch.src_len, batch.tgt_len), options.batch_tokens);
  }
  // Greedy filling: a batch closes only when the next example would not fit.
  EXPECT_LT(batches.size(), 500u / 2);
}

TEST(MakeBatches, EveryExampleAppearsExactlyOnceWithShiftedTargetsAndPadPadding) {
  const std::vector<Example> examples = random_examples(300, 2);
  std::map<std::pair<std::vector<int>, std::vector<int>>, int> expected, found;
  for (const Example& e : examples) ++expected[{e.src, e.tgt}];
  for (const Batch& batch : make_batches(examples, {500, 0})) {
    for (int64_t row = 0; row < batch.rows; ++row) {
      const Example e = unpad_row(batch, row);
      ASSERT_EQ(e.tgt.front(), kBosId);
      ++found[{e.src, e.tgt}];
    }
  }
  EXPECT_EQ(found, expected);
}

TEST(MakeBatches, TokenCountsMatchAHandCount) {
  for (const Batch& batch : make_batches(random_examples(200, 3), {300, 0})) {
    const auto non_pad = [](const std::vector<int64_t>& ids) {
      return std::count_if(ids.begin(), ids.end(), [](int64_t id) { return id != kPadId; });
    };
    EXPECT_EQ(batch.target_tokens, non_pad(batch.tgt_out));
    EXPECT_EQ(batch.source_tokens, non_pad(batch.src));
  }
}

TEST(MakeBatches, SortsByLengthSoPaddingStaysSmall) {
  const std::vector<Batch> batches = make_batches(random_examples(400, 4), {400, 0});
  int64_t padded = 0, real = 0;
  for (size_t i = 0; i < batches.size(); ++i) {
    if (i > 0) {
      EXPECT_GE(batches[i].tgt_len, batches[i - 1].tgt_len);
    }
    padded += batches[i].rows * batches[i].tgt_len;
    real += batches[i].target_tokens;
  }
  EXPECT_LT(padded - real, real / 10) << "target padding above 10%";
}

TEST(MakeBatches, MaxSentencesLimitsRows) {
  for (const Batch& batch : make_batches(random_examples(100, 5), {100000, 7})) {
    EXPECT_LE(batch.rows, 7);
  }
}

TEST(MakeBatches, ExampleLongerThanTheLimitGetsABatchOfItsOwn) {
  std::vector<Example> examples = random_examples(20, 6);
  examples.push_back({{9, kEosId}, with_bos_eos(std::vector<int>(100, 9))});
  const std::vector<Batch> batches = make_batches(examples, {64, 0});
  ASSERT_FALSE(batches.empty());
  EXPECT_EQ(batches.back().rows, 1);
  EXPECT_EQ(batches.back().tgt_len, 101);
}

// A noisy corpus: short targets, some very long sources. Counting only the
// target would put 100 rows of 3 target tokens (and 150 source tokens) in a
// batch of 300 tokens; both sides bound it to 2 rows.
TEST(MakeBatches, LongSourcesBoundTheBatchToo) {
  std::vector<Example> examples;
  for (int i = 0; i < 100; ++i) {
    const int src_len = i % 10 == 0 ? 149 : 2;
    examples.push_back({with_eos(std::vector<int>(src_len, 9)), with_bos_eos({7, 8})});
  }
  int64_t rows = 0;
  for (const Batch& batch : make_batches(examples, {300, 0})) {
    EXPECT_LE(batch.rows * std::max(batch.src_len, batch.tgt_len), 300) << batch.rows << " rows";
    if (batch.src_len == 150) EXPECT_LE(batch.rows, 2);
    rows += batch.rows;
  }
  EXPECT_EQ(rows, 100);
}

TEST(MakeBatches, IsDeterministic) {
  const std::vector<Example> examples = random_examples(300, 7);
  const std::vector<Batch> a = make_batches(examples, {256, 0}), b = make_batches(examples, {256, 0});
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].src, b[i].src);
    EXPECT_EQ(a[i].tgt_out, b[i].tgt_out);
  }
}

TEST(MakeBatches, RejectsATargetWithoutBosAndEos) {
  const std::vector<Example> examples = {{{5, kEosId}, {kBosId, 5, kEosId}}, {{5, kEosId}, {kEosId}}};
  const std::string message = error_message([&] { make_batches(examples, {}); });
  EXPECT_EQ(message.rfind("example 1: expected a non-empty source and a target", 0), 0u) << message;
}

// A batch's identity for the shuffle tests: its padded source ids.
std::vector<std::vector<int64_t>> batch_sources(const std::vector<Batch>& batches) {
  std::vector<std::vector<int64_t>> sources;
  for (const Batch& batch : batches) sources.push_back(batch.src);
  return sources;
}

TEST(SplitBatch, PassesHoldTheRowsInOrderTrimmedToTheirLongestRow) {
  // Rows sorted by length as make_batches leaves them: target lengths 2..5.
  std::vector<Example> examples;
  for (int n = 1; n <= 4; ++n) examples.push_back({with_eos(std::vector<int>(n, 7)), with_bos_eos(std::vector<int>(n, 9))});
  BatchOptions options;
  options.batch_tokens = 1000;
  const auto batches = make_batches(examples, options);
  ASSERT_EQ(batches.size(), 1u);
  const Batch& whole = batches[0];
  ASSERT_EQ(whole.rows, 4);
  ASSERT_EQ(whole.tgt_len, 5);

  EXPECT_EQ(split_batch(whole, 0).size(), 1u);   // off
  EXPECT_EQ(split_batch(whole, 20).size(), 1u);  // 4 x 5 fits
  // 10 tokens of 5-long rows: two rows a pass.
  const auto passes = split_batch(whole, 10);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_EQ(passes[0].rows, 2);
  EXPECT_EQ(passes[0].tgt_len, 3);  // trimmed: its rows are 2 and 3 long
  EXPECT_EQ(passes[0].src_len, 3);
  EXPECT_EQ(passes[1].tgt_len, 5);
  int64_t target_tokens = 0, source_tokens = 0;
  std::vector<int64_t> tgt_out;
  for (const auto& p : passes) {
    target_tokens += p.target_tokens, source_tokens += p.source_tokens;
    for (int64_t r = 0; r < p.rows; ++r) {
      for (int64_t c = 0; c < whole.tgt_len; ++c) tgt_out.push_back(c < p.tgt_len ? p.tgt_out[r * p.tgt_len + c] : kPadId);
    }
  }
  EXPECT_EQ(target_tokens, whole.target_tokens);
  EXPECT_EQ(source_tokens, whole.source_tokens);
  EXPECT_EQ(tgt_out, whole.tgt_out);  // same rows, same order, only padding removed
}

TEST(ShuffleBatches, SameSeedGivesSameOrderAndOrderIsAPermutation) {
  const std::vector<Batch> batches = make_batches(random_examples(400, 8), {128, 0});
  ASSERT_GT(batches.size(), 20u);
  std::vector<Batch> a = batches, b = batches, c = batches;
  std::mt19937_64 rng_a(42), rng_b(42), rng_c(43);
  shuffle_batches(a, rng_a);
  shuffle_batches(b, rng_b);
  shuffle_batches(c, rng_c);
  EXPECT_EQ(batch_sources(a), batch_sources(b));
  EXPECT_NE(batch_sources(a), batch_sources(c));
  EXPECT_NE(batch_sources(a), batch_sources(batches));
  auto sorted_a = batch_sources(a), sorted_original = batch_sources(batches);
  std::sort(sorted_a.begin(), sorted_a.end());
  std::sort(sorted_original.begin(), sorted_original.end());
  EXPECT_EQ(sorted_a, sorted_original);
}

}  // namespace
}  // namespace nmt::data
