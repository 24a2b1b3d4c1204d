#include "nmt/train/train_stream.h"

#include "nmt/common/format.h"

namespace nmt::train {

std::unique_ptr<data::BatchStream> open_train_stream(data::CorpusSpec corpus, const text::Vocab& src_vocab,
                                                     const text::Vocab& tgt_vocab, const TrainOptions& options,
                                                     const data::StreamPosition& position,
                                                     const std::function<void(const std::string&)>& say) {
  data::StreamOptions stream;
  stream.batch.batch_tokens = options.batch_tokens;
  stream.max_len = static_cast<int>(options.max_len);
  stream.chunk_pairs = options.chunk_pairs;
  stream.seed = options.seed;
  stream.clean = options.clean;
  stream.clean_options = options.clean_options;
  if (options.clean) corpus.check_utf8 = false;  // the cleaner drops and counts invalid UTF-8
  auto batches = std::make_unique<data::BatchStream>(corpus, src_vocab, tgt_vocab, stream, position);
  const auto stats = batches->stats();
  say("train: " + data::describe(corpus) + ", read in chunks of " + std::to_string(options.chunk_pairs) +
      " pairs; first chunk: " + std::to_string(stats.kept) + " pairs kept, " + std::to_string(stats.dropped_empty) +
      " empty and " + std::to_string(stats.dropped_too_long) + " over-long (> " + std::to_string(options.max_len) +
      " pieces) dropped; batches of <= " + std::to_string(options.batch_tokens) + " target tokens");
  if (options.clean) {
    const auto c = batches->clean_stats();
    say("clean: of " + std::to_string(c.total()) + " pairs read so far, dropped " + std::to_string(c.invalid_utf8) +
        " invalid UTF-8, " + std::to_string(c.empty) + " empty, " + std::to_string(c.too_short) + " too short, " +
        std::to_string(c.too_long) + " too long, " + std::to_string(c.bad_ratio) + " with a length ratio above " +
        fixed(options.clean_options.max_ratio, 1) + ", " + std::to_string(c.duplicate) + " duplicates");
  }
  return batches;
}

std::string stream_timing_line(const data::BatchStream& batches) {
  const auto timing = batches.timing();
  return "data: " + std::to_string(timing.chunks) + " chunk" + (timing.chunks == 1 ? "" : "s") +
         " read and encoded in " + fixed(timing.read_seconds, 1) + " s (each next one while training ran); " +
         "training waited " + fixed(timing.waited_seconds, 1) + " s for them after the first";
}

}  // namespace nmt::train
