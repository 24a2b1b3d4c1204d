// Streams one epoch of a corpus through the training batch stream (read,
// encode, length-sort, batch, shuffle per chunk) without a model, and prints
// pairs, batches, time and peak resident memory: the data side of training
// on a corpus too big to load.
//   stream_epoch SRC TGT SPM_MODEL [CHUNK_PAIRS] [BATCH_TOKENS]
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/data/batch_stream.h"
#include "nmt/text/vocab.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: stream_epoch SRC TGT SPM_MODEL [CHUNK_PAIRS] [BATCH_TOKENS]\n";
    return 2;
  }
  try {
    const auto vocab = nmt::text::Vocab::load(argv[3]);
    nmt::data::StreamOptions options;
    if (argc > 4) options.chunk_pairs = std::stoll(argv[4]);
    if (argc > 5) options.batch.batch_tokens = std::stoll(argv[5]);
    nmt::data::CorpusSpec corpus;
    corpus.paths = {argv[1], argv[2]};
    const auto start = std::chrono::steady_clock::now();
    nmt::data::BatchStream stream(corpus, vocab, vocab, options);
    int64_t batches = 0, rows = 0, tokens = 0;
    while (stream.position().epoch == 0) {
      const auto batch = stream.next();
      ++batches, rows += batch.rows, tokens += batch.target_tokens;
      if (batches % 20000 == 0) std::cerr << batches << " batches, " << rows << " pairs\n";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("pairs %lld  batches %lld  target tokens %lld  seconds %.1f  pairs/s %.0f  peak RSS %.1f MiB"
                "  (chunk %lld pairs, %lld-token batches)\n",
                static_cast<long long>(rows), static_cast<long long>(batches), static_cast<long long>(tokens), seconds,
                rows / seconds, nmt::peak_rss_mib(), static_cast<long long>(options.chunk_pairs),
                static_cast<long long>(options.batch.batch_tokens));
  } catch (const nmt::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
