#include "nmt/decode/stream.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "nmt/common/error.h"
#include "nmt/model/threads.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

int auto_workers(int64_t sentences, int64_t batch_size, int threads) {
  const int64_t batches = (sentences + batch_size - 1) / std::max<int64_t>(batch_size, 1);
  return static_cast<int>(std::clamp<int64_t>(batches, 1, std::max(threads, 1)));
}

StreamStats translate_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                             const StreamOptions& options, const WindowSink& emit) {
  return translate_stream(translator, input, src_vocab, options,
                          WindowSourcesSink([&](int64_t first, const std::vector<std::vector<int>>&,
                                                const std::vector<std::vector<Hypothesis>>& n_best) {
                            emit(first, n_best);
                          }));
}

StreamStats translate_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                             const StreamOptions& options, const WindowSourcesSink& emit) {
  NMT_CHECK(options.threads >= 1, "threads must be >= 1, got " << options.threads);
  NMT_CHECK(options.translate.workers >= 0 && options.translate.workers <= options.threads,
            "workers (" << options.translate.workers << ") must be between 0 and the threads (" << options.threads
                        << ")");
  const int64_t window = options.window > 0 ? options.window : 100 * options.translate.batch_size;
  const auto start = std::chrono::steady_clock::now();
  StreamStats stats;
  int64_t first_line = 0;
  std::string line;
  while (input.next(line)) {  // waits for the first line of a window
    // The window: that line, then whatever follows without a pause. It is
    // translated before the next line is waited for, so a program that
    // writes a line and waits for its translation gets it.
    std::vector<std::vector<int>> sources;
    sources.push_back(src_vocab.encode(line));
    while (static_cast<int64_t>(sources.size()) < window && input.ready(options.wait_ms) && input.next(line)) {
      sources.push_back(src_vocab.encode(line));
    }

    TranslateOptions to = options.translate;
    if (to.workers == 0) {
      to.workers = translator.device().is_cpu()
                       ? auto_workers(static_cast<int64_t>(sources.size()), to.batch_size, options.threads)
                       : 1;
    }
    model::set_cpu_threads(options.threads / to.workers);
    TranslateStats window_stats;
    const auto n_best = translator.translate(sources, to, &window_stats);
    emit(first_line, sources, n_best);
    first_line += static_cast<int64_t>(sources.size());

    stats.total.add(window_stats);
    ++stats.windows;
    stats.max_workers = std::max(stats.max_workers, to.workers);
  }
  stats.total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

}  // namespace nmt::decode
