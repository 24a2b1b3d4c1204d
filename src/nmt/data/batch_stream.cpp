#include "nmt/data/batch_stream.h"

#include <chrono>
#include <random>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"
#include "nmt/data/hash64.h"
#include "nmt/data/mixed_reader.h"

namespace nmt::data {

namespace {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;  // splitmix64's increment

// The shuffle seed of chunk k of epoch e: a function of (seed, e, k) only.
uint64_t chunk_seed(uint64_t seed, int64_t epoch, int64_t chunk) {
  uint64_t h = mix64(seed + kGolden);
  h = mix64(h ^ (static_cast<uint64_t>(epoch) + kGolden));
  return mix64(h ^ (static_cast<uint64_t>(chunk) + 2 * kGolden));
}

std::ostream& operator<<(std::ostream& out, const StreamPosition& p) {
  return out << "epoch " << p.epoch << " chunk " << p.chunk << " batch " << p.batch;
}

}  // namespace

void to_json(nlohmann::json& json, const StreamPosition& position) {
  json = {{"epoch", position.epoch}, {"chunk", position.chunk}, {"batch", position.batch}};
}

void from_json(const nlohmann::json& json, StreamPosition& position) {
  const auto field = [&json](const char* key) {
    NMT_CHECK(json.is_object() && json.contains(key) && json[key].is_number_integer() && json[key].get<int64_t>() >= 0,
              "stream position " << json.dump() << ": expected a non-negative integer '" << key << "'");
    return json[key].get<int64_t>();
  };
  position = {field("epoch"), field("chunk"), field("batch")};
}

BatchStream::BatchStream(CorpusSpec corpus, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                         StreamOptions options, StreamPosition start)
    : corpus_(std::move(corpus)), src_vocab_(src_vocab), tgt_vocab_(tgt_vocab), options_(std::move(options)) {
  NMT_CHECK(options_.chunk_pairs >= 1, "chunk pairs must be at least 1, found " << options_.chunk_pairs);
  NMT_CHECK(options_.max_len >= 1, "maximum length must be at least 1 piece, found " << options_.max_len);
  NMT_CHECK(start.epoch >= 0 && start.chunk >= 0 && start.batch >= 0,
            "stream position has a negative field: " << start);
  start_epoch(start.epoch);
  position_ = start;
  epoch_from_start_ = start.chunk == 0;
  NMT_CHECK(start.chunk <= INT64_MAX / options_.chunk_pairs, "stream position " << start << " is out of range");
  const int64_t before = start.chunk * options_.chunk_pairs;
  NMT_CHECK(skip_pairs(before), "cannot resume at " << start << ": " << describe(corpus_) << " has only "
                                                    << epoch_pairs_ << " pairs, fewer than the " << before
                                                    << " before that chunk (is it the same corpus?)");
  build_chunk();
  NMT_CHECK(start.batch == 0 || start.batch < static_cast<int64_t>(batches_.size()),
            "cannot resume at " << start << ": that chunk has " << batches_.size()
                                << " batches (are the corpus, chunk and batch options the same?)");
  move_to_existing_batch();
  timing_.waited_seconds = 0;  // waiting counts from the first next() on
}

Batch BatchStream::next() {
  Batch batch = std::move(batches_[position_.batch]);
  ++position_.batch;
  move_to_existing_batch();
  return batch;
}

CleanStats BatchStream::clean_stats() const { return clean_stats_; }

void BatchStream::start_epoch(int64_t epoch) {
  if (next_chunk_.valid()) next_chunk_.wait();  // (none is pending here: build_chunk starts none past the end)
  next_chunk_ = {};
  reader_ = open_training_corpus(corpus_, epoch);
  if (options_.clean) cleaner_.emplace(options_.clean_options);
  batches_.clear();
  position_ = {epoch, 0, 0};
  stats_ = {};
  clean_stats_ = {};
  epoch_from_start_ = true;
  epoch_batches_ = 0;
  epoch_pairs_ = 0;
}

bool BatchStream::skip_pairs(int64_t count) {
  SentencePair pair;
  for (int64_t i = 0; i < count; ++i) {
    if (!reader_->next(pair)) return false;
    ++epoch_pairs_;
    if (cleaner_) cleaner_->keep(pair);  // fills the duplicate set as a full read would
  }
  if (cleaner_) clean_stats_ = cleaner_->stats();
  return true;
}

BatchStream::Chunk BatchStream::read_chunk(int64_t epoch, int64_t chunk) {
  const auto start = std::chrono::steady_clock::now();
  Chunk c;
  ParallelText text;
  SentencePair pair;
  while (c.read < options_.chunk_pairs && reader_->next(pair)) {
    ++c.read;
    if (cleaner_ && !cleaner_->keep(pair)) continue;
    text.src.push_back(std::move(pair.src));
    text.tgt.push_back(std::move(pair.tgt));
  }
  if (c.read == 0) return c;
  c.batches = make_batches(encode_pairs(text, src_vocab_, tgt_vocab_, options_.max_len, &c.counts), options_.batch);
  std::mt19937_64 rng(chunk_seed(options_.seed, epoch, chunk));
  shuffle_batches(c.batches, rng);
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return c;
}

bool BatchStream::build_chunk() {
  // The chunk read ahead, or (at an epoch's start) this one read now; get()
  // rethrows an error met while reading it.
  const auto start = std::chrono::steady_clock::now();
  Chunk c = next_chunk_.valid() ? next_chunk_.get() : read_chunk(position_.epoch, position_.chunk);
  timing_.waited_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  epoch_pairs_ += c.read;
  if (cleaner_) clean_stats_ = cleaner_->stats();
  if (c.read == 0) {
    batches_.clear();
    return false;
  }
  ++timing_.chunks;
  timing_.read_seconds += c.seconds;
  batches_ = std::move(c.batches);
  stats_.kept += c.counts.kept;
  stats_.dropped_empty += c.counts.dropped_empty;
  stats_.dropped_too_long += c.counts.dropped_too_long;
  epoch_batches_ += static_cast<int64_t>(batches_.size());
  if (c.read == options_.chunk_pairs) {  // a shorter chunk ended the corpus: nothing follows in this epoch
    next_chunk_ = std::async(std::launch::async, [this, epoch = position_.epoch, chunk = position_.chunk + 1] {
      return read_chunk(epoch, chunk);
    });
  }
  return true;
}

void BatchStream::move_to_existing_batch() {
  while (position_.batch >= static_cast<int64_t>(batches_.size())) {
    ++position_.chunk;
    position_.batch = 0;
    if (build_chunk()) continue;  // it may still have no batch
    // The end of the epoch. One read whole without a batch will not change.
    if (epoch_from_start_ && epoch_batches_ == 0) {
      NMT_CHECK(epoch_pairs_ > 0, "corpus " << describe(corpus_) << " holds no sentence pair");
      const CleanStats cleaned = clean_stats();
      NMT_FAIL("no training pair left after dropping " << stats_.dropped_empty << " empty and "
                                                      << stats_.dropped_too_long << " longer than "
                                                      << options_.max_len << " pieces"
                                                      << (cleaner_ ? " and cleaning out " : "")
                                                      << (cleaner_ ? std::to_string(cleaned.dropped()) : "")
                                                      << " of the " << epoch_pairs_ << " pairs of "
                                                      << describe(corpus_));
    }
    start_epoch(position_.epoch + 1);
    build_chunk();
  }
}

}  // namespace nmt::data
