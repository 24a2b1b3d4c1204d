#include "nmt/decode/stream.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>

#include "nmt/common/error.h"
#include "nmt/decode/split_translate.h"
#include "nmt/model/threads.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/sentence_splitter.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

int auto_workers(int64_t sentences, int64_t batch_size, int threads) {
  const int64_t batches = (sentences + batch_size - 1) / std::max<int64_t>(batch_size, 1);
  return static_cast<int>(std::clamp<int64_t>(batches, 1, std::max(threads, 1)));
}

namespace {

void check_options(const StreamOptions& options) {
  NMT_CHECK(options.threads >= 1, "threads must be >= 1, got " << options.threads);
  NMT_CHECK(options.translate.workers >= 0 && options.translate.workers <= options.threads,
            "workers (" << options.translate.workers << ") must be between 0 and the threads (" << options.threads
                        << ")");
  // A bad language code is refused now, not at the first line read.
  if (options.split_sentences) text::split_sentences("", options.src_lang);
}

// Calls translate_window(first, lines, stats) for each window of the input
// (first: the number of its first line, from 0) until the input ends.
using WindowBody = std::function<void(int64_t first, const std::vector<std::string>& lines, StreamStats& stats)>;
StreamStats for_each_window(text::LineReader& input, const StreamOptions& options, const WindowBody& translate_window) {
  const int64_t window = options.window > 0 ? options.window : 100 * options.translate.batch_size;
  const auto start = std::chrono::steady_clock::now();
  StreamStats stats;
  int64_t first_line = 0;
  std::vector<std::string> lines;
  std::string line;
  while (input.next(line)) {  // waits for the first line of a window
    // The window: that line, then whatever follows without a pause. It is
    // translated before the next line is waited for, so a program that
    // writes a line and waits for its translation gets it.
    lines.assign(1, line);
    while (static_cast<int64_t>(lines.size()) < window && input.ready(options.wait_ms) && input.next(line)) {
      lines.push_back(line);
    }
    translate_window(first_line, lines, stats);
    first_line += static_cast<int64_t>(lines.size());
  }
  stats.total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}


std::vector<std::vector<int>> encode_lines(const std::vector<std::string>& lines, const text::Vocab& src_vocab) {
  std::vector<std::vector<int>> sources;
  sources.reserve(lines.size());
  for (const auto& line : lines) sources.push_back(src_vocab.encode(line));
  return sources;
}

}  // namespace

std::vector<std::vector<Hypothesis>> translate_sources(Translator& translator,
                                                       const std::vector<std::vector<int>>& sources,
                                                       const StreamOptions& options, StreamStats& stats,
                                                       const std::vector<Constraints>* constraints) {
  TranslateOptions to = options.translate;
  if (to.workers == 0) {
    to.workers = translator.device().is_cpu()
                     ? auto_workers(static_cast<int64_t>(sources.size()), to.batch_size, options.threads)
                     : 1;
  }
  model::set_cpu_threads(options.threads / to.workers);
  TranslateStats window_stats;
  auto n_best = translator.translate(sources, to, &window_stats, nullptr, constraints);
  stats.total.add(window_stats);
  ++stats.windows;
  stats.max_workers = std::max(stats.max_workers, to.workers);
  return n_best;
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
  check_options(options);
  NMT_CHECK(!options.split_sentences,
            "n-best lists are per sentence: they cannot be given for lines split into sentences");
  NMT_CHECK(!options.terms.protector,
            "protected spans are restored in the best translation only: not with n-best lists or alignments");
  return for_each_window(input, options, [&](int64_t first, const std::vector<std::string>& lines, StreamStats& stats) {
    const auto sources = encode_lines(lines, src_vocab);
    std::vector<Constraints> constraints;
    for (const auto& line : lines) constraints.push_back(options.terms.prepare(line).constraints);
    emit(first, sources,
         translate_sources(translator, sources, options, stats, options.terms.empty() ? nullptr : &constraints));
  });
}

StreamStats translate_text_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                                  const text::Vocab& tgt_vocab, const StreamOptions& options, const TextSink& emit) {
  check_options(options);
  return for_each_window(input, options, [&](int64_t first, const std::vector<std::string>& lines, StreamStats& stats) {
    if (options.split_sentences) {
      std::vector<text::SplitText> split;
      for (const auto& line : lines) {
        split.push_back(text::split_sentences(line, options.src_lang));
        if (options.terms.protector) keep_spans_whole(split.back(), line, options.terms.protector->finder());
      }
      std::vector<std::string> sentences;
      for (const auto& text : split) sentences.insert(sentences.end(), text.sentences.begin(), text.sentences.end());
      emit(first, join_texts(split, translate_text_lines(translator, sentences, src_vocab, tgt_vocab, options, stats)));
      return;
    }
    emit(first, translate_text_lines(translator, lines, src_vocab, tgt_vocab, options, stats));
  });
}

std::vector<std::string> translate_text_lines(Translator& translator, const std::vector<std::string>& lines,
                                              const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                              const StreamOptions& options, StreamStats& stats) {
  std::vector<PreparedSentence> prepared;
  std::vector<Constraints> constraints;
  std::vector<std::vector<int>> sources;
  prepared.reserve(lines.size()), sources.reserve(lines.size());
  for (const auto& line : lines) {
    prepared.push_back(options.terms.prepare(line));
    sources.push_back(src_vocab.encode(prepared.back().text));
    constraints.push_back(prepared.back().constraints);
  }
  const auto n_best =
      translate_sources(translator, sources, options, stats, options.terms.empty() ? nullptr : &constraints);
  std::vector<std::string> translations;
  translations.reserve(n_best.size());
  for (size_t i = 0; i < n_best.size(); ++i) translations.push_back(restore_spans(best_translation(n_best[i], tgt_vocab), prepared[i]));
  return translations;
}

}  // namespace nmt::decode
