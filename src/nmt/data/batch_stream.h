#pragma once
// Training batches from a corpus read as a stream: memory bounded by one chunk
// of pairs, and a position that says exactly where to resume.
//
// Each epoch reads the corpus from its start in chunks of chunk_pairs raw pairs
// (as the reader yields them, before cleaning and encoding). A chunk is
// cleaned (optionally), encoded as encode_pairs does (dropping empty and
// over-long pairs), grouped into batches by make_batches, and the batches are
// shuffled by a generator seeded from (seed, epoch, chunk) alone. So the
// batches of a position are a pure function of the corpus, the options and the
// position, and resuming at {e, k, b} reads and discards k * chunk_pairs raw
// pairs (not encoded), builds chunk k and skips b batches.
//
// Pairs are shuffled only within a chunk: a corpus sorted by anything (length,
// source, date) should be shuffled once on disk (shuf, or `paste | shuf | cut`)
// or given a chunk_pairs that covers it.
//
// While the trainer works through a chunk, the next chunk of the same epoch
// is read and encoded on a thread of its own, so that a large corpus does not
// stop training at every chunk; an error in it (a bad line) comes out of the
// next() that needs that chunk, as it would without the thread.
//
// With clean and drop_duplicates on, the duplicate set spans the epoch (pairs
// skipped on resume go through the cleaner too, so a resumed run drops the same
// pairs); it is the one part that grows with the corpus, by 10-20 bytes per
// distinct pair (cleaner.h).
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "nmt/data/batcher.h"
#include "nmt/data/cleaner.h"
#include "nmt/data/pair_reader.h"
#include "nmt/text/vocab.h"

namespace nmt::data {

struct StreamOptions {
  BatchOptions batch;            // batch_tokens, max_sentences
  int max_len = 256;             // pieces per side, as encode_pairs
  int64_t chunk_pairs = 250000;  // raw pairs read, encoded, length-sorted and batched together
  uint64_t seed = 1;
  bool clean = false;            // apply the cleaner on the fly
  CleanOptions clean_options;
};

// The next batch to hand out: epoch (0-based), chunk of that epoch, batch
// within the chunk's shuffled order.
// Time spent on chunks since the stream opened: building them (on the
// read-ahead thread or not), and how long next() waited for one (the chunk
// read ahead, or the first chunk of an epoch, read there and then).
struct ChunkTiming {
  int64_t chunks = 0;          // chunks built (read, encoded, batched), the constructor's included
  double read_seconds = 0;     // building them, wherever it ran
  double waited_seconds = 0;   // next() blocked on them
};

struct StreamPosition {
  int64_t epoch = 0, chunk = 0, batch = 0;
  bool operator==(const StreamPosition& other) const {
    return epoch == other.epoch && chunk == other.chunk && batch == other.batch;
  }
};

// {"epoch": e, "chunk": k, "batch": b}, for checkpoints. from_json throws
// nmt::Error on a missing or negative field.
void to_json(nlohmann::json& json, const StreamPosition& position);
void from_json(const nlohmann::json& json, StreamPosition& position);

class BatchStream {
 public:
  // Opens the corpus and builds the chunk of `start`, so errors in the corpus
  // or options (and a start beyond the corpus) are thrown here, as nmt::Error.
  BatchStream(CorpusSpec corpus, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
              StreamOptions options, StreamPosition start = {});
  // The next batch; at the end of an epoch it starts the next one (reopening
  // the corpus). Never returns an empty batch. Throws nmt::Error "no training
  // pair left after dropping ..." when a whole epoch gives no batch.
  Batch next();
  // Of the batch next() will return: always a batch that exists (the chunks
  // and epochs that give none are passed over), so saving it and starting a
  // stream there continues exactly.
  StreamPosition position() const { return position_; }
  // Counts so far in the current epoch, for logs. After a resume in the middle
  // of an epoch, stats() covers only the chunks built since (skipped pairs are
  // not encoded); clean_stats() covers the skipped pairs too.
  EncodeStats stats() const { return stats_; }
  CleanStats clean_stats() const;
  ChunkTiming timing() const { return timing_; }

 private:
  void start_epoch(int64_t epoch);
  bool skip_pairs(int64_t count);  // false if the corpus ended first
  bool build_chunk();              // false at the end of the corpus

  // A chunk read from reader_ and encoded, batched and shuffled.
  struct Chunk {
    std::vector<Batch> batches;
    EncodeStats counts;
    int64_t read = 0;  // raw pairs; 0 at the end of the corpus
    double seconds = 0;  // building it
  };
  Chunk read_chunk(int64_t epoch, int64_t chunk);
  void move_to_existing_batch();   // past chunks and epochs without batches

  CorpusSpec corpus_;
  text::Vocab src_vocab_, tgt_vocab_;  // cheap shared copies
  StreamOptions options_;
  std::unique_ptr<PairReader> reader_;
  std::optional<Cleaner> cleaner_;  // per epoch
  std::vector<Batch> batches_;      // of chunk position_.chunk, shuffled
  StreamPosition position_;
  EncodeStats stats_;
  bool epoch_from_start_ = true;  // the epoch was read from chunk 0 (not resumed in the middle)
  int64_t epoch_batches_ = 0;     // batches the current epoch has given
  int64_t epoch_pairs_ = 0;       // raw pairs the current epoch has read
  CleanStats clean_stats_;        // the cleaner's counts up to the current chunk
  ChunkTiming timing_;
  // Chunk position_.chunk + 1 of the epoch, being read on its own thread (it
  // alone touches reader_ and cleaner_ meanwhile). Last, so that it is
  // waited for before they are destroyed.
  std::future<Chunk> next_chunk_;
};

}  // namespace nmt::data
