#include "nmt/data/batch_stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "text/test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::english_lines;
using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using ::nmt::testing::join_lines;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

using BatchKey = std::tuple<int64_t, int64_t, int64_t, std::vector<int64_t>, std::vector<int64_t>,
                            std::vector<int64_t>>;
BatchKey key(const Batch& batch) {
  return {batch.rows, batch.src_len, batch.tgt_len, batch.src, batch.tgt_in, batch.tgt_out};
}

using Row = std::pair<std::vector<int64_t>, std::vector<int64_t>>;  // src, tgt_out without padding
std::vector<Row> rows(const Batch& batch) {
  std::vector<Row> out;
  const auto strip = [](auto begin, auto end) {
    std::vector<int64_t> ids(begin, end);
    ids.erase(std::remove(ids.begin(), ids.end(), text::kPadId), ids.end());
    return ids;
  };
  for (int64_t r = 0; r < batch.rows; ++r) {
    out.emplace_back(strip(batch.src.begin() + r * batch.src_len, batch.src.begin() + (r + 1) * batch.src_len),
                     strip(batch.tgt_out.begin() + r * batch.tgt_len,
                           batch.tgt_out.begin() + (r + 1) * batch.tgt_len));
  }
  return out;
}

// The English test lines against the same lines shifted by one: distinct
// pairs of varied lengths, written as two plain files.
struct Corpus {
  TempDir dir;
  CorpusSpec spec;
  ParallelText text;
  explicit Corpus(size_t repeat_first = 0) {
    const std::vector<std::string>& lines = english_lines();
    for (size_t i = 0; i < lines.size(); ++i) {
      text.src.push_back(lines[i]);
      text.tgt.push_back(lines[(i + 1) % lines.size()]);
    }
    for (size_t i = 0; i < repeat_first; ++i) {  // exact duplicates, for the cleaner
      text.src.push_back(text.src[i]);
      text.tgt.push_back(text.tgt[i]);
    }
    write_file(dir.file("c.en"), join_lines(text.src));
    write_file(dir.file("c.es"), join_lines(text.tgt));
    spec.paths = {dir.file("c.en"), dir.file("c.es")};
  }
};

StreamOptions small_options(int64_t chunk_pairs) {
  StreamOptions options;
  options.batch.batch_tokens = 600;
  options.max_len = 60;  // drops a few of the longest lines
  options.chunk_pairs = chunk_pairs;
  options.seed = 5;
  return options;
}

struct Handed {
  StreamPosition position;
  Batch batch;
};

// The batches of `count` next() calls, with the position each was handed at.
std::vector<Handed> take(BatchStream& stream, size_t count) {
  std::vector<Handed> out;
  for (size_t i = 0; i < count; ++i) {
    const StreamPosition position = stream.position();
    out.push_back({position, stream.next()});
  }
  return out;
}

std::vector<Handed> take_epoch(BatchStream& stream, int64_t epoch) {
  std::vector<Handed> out;
  while (stream.position().epoch == epoch) {
    const StreamPosition position = stream.position();
    out.push_back({position, stream.next()});
  }
  return out;
}

std::vector<Row> expected_rows(const ParallelText& text, const StreamOptions& options) {
  const text::Vocab& vocab = english_vocab();
  std::vector<Row> out;
  for (const Batch& batch : make_batches(encode_pairs(text, vocab, vocab, options.max_len, nullptr), options.batch)) {
    for (Row& row : rows(batch)) out.push_back(std::move(row));
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(BatchStream, OneChunkGivesExactlyTheBatchesOfMakeBatches) {
  Corpus corpus;
  const StreamOptions options = small_options(100000);
  const text::Vocab& vocab = english_vocab();
  std::vector<BatchKey> expected;
  for (const Batch& batch : make_batches(encode_pairs(corpus.text, vocab, vocab, options.max_len, nullptr),
                                         options.batch)) {
    expected.push_back(key(batch));
  }
  BatchStream stream(corpus.spec, vocab, vocab, options);
  std::vector<BatchKey> got;
  for (const Handed& handed : take_epoch(stream, 0)) got.push_back(key(handed.batch));
  EXPECT_NE(got, expected) << "the batches should be shuffled";
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected);
  EXPECT_GT(got.size(), 10u);
}

TEST(BatchStream, EveryPairAppearsOncePerEpochAcrossChunksAndChunksBoundTheRows) {
  Corpus corpus;
  const StreamOptions options = small_options(37);
  const text::Vocab& vocab = english_vocab();
  BatchStream stream(corpus.spec, vocab, vocab, options);
  for (int64_t epoch = 0; epoch < 2; ++epoch) {
    std::vector<Row> got;
    std::map<int64_t, int64_t> rows_of_chunk;
    EncodeStats last_stats;
    for (const Handed& handed : [&] {
           std::vector<Handed> epoch_batches;
           while (stream.position().epoch == epoch) {
             last_stats = stream.stats();  // the last chunk is built before its first batch is handed
             const StreamPosition position = stream.position();
             epoch_batches.push_back({position, stream.next()});
           }
           return epoch_batches;
         }()) {
      ASSERT_GT(handed.batch.rows, 0);
      rows_of_chunk[handed.position.chunk] += handed.batch.rows;
      for (Row& row : rows(handed.batch)) got.push_back(std::move(row));
    }
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected_rows(corpus.text, options)) << "epoch " << epoch;
    for (const auto& [chunk, count] : rows_of_chunk) EXPECT_LE(count, options.chunk_pairs) << "chunk " << chunk;
    EXPECT_EQ(rows_of_chunk.size(), (corpus.text.src.size() + 36) / 37);
    EXPECT_EQ(last_stats.kept, static_cast<int64_t>(got.size()));
    EXPECT_GT(last_stats.dropped_too_long, 0);
  }
}

// timing() counts every chunk built, the read-ahead ones included, and the
// time they took.
TEST(BatchStream, TimingCountsTheChunksBuilt) {
  Corpus corpus;
  const StreamOptions options = small_options(37);
  const text::Vocab& vocab = english_vocab();
  BatchStream stream(corpus.spec, vocab, vocab, options);
  EXPECT_EQ(stream.timing().chunks, 1);
  EXPECT_EQ(stream.timing().waited_seconds, 0) << "the constructor's chunk is not waited for by next()";
  while (stream.position().epoch < 2) stream.next();
  const int64_t per_epoch = static_cast<int64_t>((corpus.text.src.size() + 36) / 37);
  const ChunkTiming timing = stream.timing();
  EXPECT_EQ(timing.chunks, 2 * per_epoch + 1);  // two epochs, and the first chunk of the third
  EXPECT_GT(timing.read_seconds, 0);
  EXPECT_GE(timing.waited_seconds, 0);
}

// Starting at a position gives the batches a stream from the start gives
// after reaching it: at every position of two and a half epochs, across chunk
// and epoch boundaries, with the on-the-fly cleaner dropping duplicates.
TEST(BatchStream, ResumingAtAPositionContinuesExactlyLikeAStreamThatGotThere) {
  Corpus corpus(/*repeat_first=*/30);
  StreamOptions options = small_options(70);
  options.clean = true;
  const text::Vocab& vocab = english_vocab();
  BatchStream full(corpus.spec, vocab, vocab, options);
  std::vector<Handed> reference = take_epoch(full, 0);
  const size_t per_epoch = reference.size();
  for (Handed& handed : take(full, per_epoch * 3 / 2)) reference.push_back(std::move(handed));
  EXPECT_LT(full.clean_stats().total(), static_cast<int64_t>(corpus.text.src.size()))
      << "counts restart with each epoch";
  ASSERT_EQ(reference[per_epoch].position, (StreamPosition{1, 0, 0}));

  constexpr size_t kCompared = 12;
  for (size_t start = 0; start + kCompared <= reference.size(); ++start) {
    BatchStream resumed(corpus.spec, vocab, vocab, options, reference[start].position);
    for (size_t i = 0; i < kCompared; ++i) {
      const Handed& want = reference[start + i];
      ASSERT_EQ(resumed.position(), want.position) << "resumed at " << start << ", batch " << i;
      ASSERT_EQ(key(resumed.next()), key(want.batch)) << "resumed at " << start << ", batch " << i;
    }
  }
}

TEST(BatchStream, CleanerDropsDuplicatesAcrossChunksOfAnEpoch) {
  Corpus corpus(/*repeat_first=*/30);
  StreamOptions options = small_options(75);  // the last chunk keeps some pairs, so its counts are seen
  options.clean = true;
  const text::Vocab& vocab = english_vocab();
  BatchStream stream(corpus.spec, vocab, vocab, options);
  CleanStats last;
  while (stream.position().epoch == 0) {
    last = stream.clean_stats();
    stream.next();
  }
  Cleaner whole(options.clean_options);  // one pass over the whole corpus, for reference
  for (size_t i = 0; i < corpus.text.src.size(); ++i) whole.keep({corpus.text.src[i], corpus.text.tgt[i]});
  EXPECT_EQ(last.total(), static_cast<int64_t>(corpus.text.src.size()));
  EXPECT_GE(last.duplicate, 20);
  EXPECT_EQ(last.duplicate, whole.stats().duplicate);
  EXPECT_EQ(last.bad_ratio, whole.stats().bad_ratio);
  EXPECT_EQ(last.kept, whole.stats().kept);
}

TEST(BatchStream, OrderDependsOnSeedAndEpochButNotOnTheRun) {
  Corpus corpus;
  StreamOptions options = small_options(150);
  const text::Vocab& vocab = english_vocab();
  const auto keys = [&](const StreamOptions& o, int64_t epoch) {
    BatchStream stream(corpus.spec, vocab, vocab, o, {epoch, 0, 0});
    std::vector<BatchKey> out;
    for (const Handed& handed : take_epoch(stream, epoch)) out.push_back(key(handed.batch));
    return out;
  };
  const std::vector<BatchKey> first = keys(options, 0);
  EXPECT_EQ(keys(options, 0), first);
  EXPECT_NE(keys(options, 1), first);
  options.seed = 6;
  EXPECT_NE(keys(options, 0), first);
}

TEST(BatchStream, AnEpochWithoutABatchIsAnError) {
  TempDir dir;
  write_file(dir.file("a.en"), "the house and the river\n\nthe light of the city\n");
  write_file(dir.file("a.es"), "the green house\nwater\n\n");
  const text::Vocab& vocab = english_vocab();
  StreamOptions options = small_options(2);
  options.max_len = 2;
  const CorpusSpec spec{{dir.file("a.en"), dir.file("a.es")}};
  EXPECT_EQ(error_message([&] { BatchStream(spec, vocab, vocab, options); }),
            "no training pair left after dropping 2 empty and 1 longer than 2 pieces of the 3 pairs of " +
                dir.file("a.en") + " / " + dir.file("a.es"));
  write_file(dir.file("e.en"), "");
  write_file(dir.file("e.es"), "");
  EXPECT_EQ(error_message([&] { BatchStream({{dir.file("e.en"), dir.file("e.es")}}, vocab, vocab, options); }),
            "corpus " + dir.file("e.en") + " / " + dir.file("e.es") + " holds no sentence pair");
}

TEST(BatchStream, ResumingBeyondTheCorpusOrChunkIsAnError) {
  Corpus corpus;
  const StreamOptions options = small_options(100);
  const text::Vocab& vocab = english_vocab();
  const std::string pairs = std::to_string(corpus.text.src.size());
  EXPECT_EQ(error_message([&] { BatchStream(corpus.spec, vocab, vocab, options, {0, 9, 0}); }),
            "cannot resume at epoch 0 chunk 9 batch 0: " + corpus.spec.paths[0] + " / " + corpus.spec.paths[1] +
                " has only " + pairs + " pairs, fewer than the 900 before that chunk (is it the same corpus?)");
  const std::string message = error_message([&] { BatchStream(corpus.spec, vocab, vocab, options, {0, 1, 500}); });
  EXPECT_EQ(message.rfind("cannot resume at epoch 0 chunk 1 batch 500: that chunk has ", 0), 0u) << message;
}

TEST(StreamPosition, RoundTripsThroughJson) {
  const StreamPosition position{3, 14, 15};
  const nlohmann::json json = position;
  EXPECT_EQ(json.dump(), R"({"batch":15,"chunk":14,"epoch":3})");
  EXPECT_EQ(json.get<StreamPosition>(), position);
  EXPECT_EQ(error_message([] { nlohmann::json::parse(R"({"epoch":1,"chunk":-2,"batch":0})").get<StreamPosition>(); }),
            R"(stream position {"batch":0,"chunk":-2,"epoch":1}: expected a non-negative integer 'chunk')");
}

}  // namespace
}  // namespace nmt::data
