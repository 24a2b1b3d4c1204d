#pragma once
// Translating a stream of lines (a pipe, or a file of any size) in bounded
// memory, as marian-decoder and CTranslate2's translate_iterable do: lines
// are gathered into a window (at most `window` lines, fewer when the input
// pauses), translated (sorted by length, in batches, by the workers) and
// handed back in input order before the next window is read. A sentence's
// translation never depends on its batch (translator.h), so the output is
// the same whatever the windows turn out to be.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "nmt/decode/terms.h"
#include "nmt/decode/translator.h"

namespace nmt::text {
class LineReader;
class Vocab;
}  // namespace nmt::text

namespace nmt::decode {

struct StreamOptions {
  TranslateOptions translate;  // its workers: 0 = chosen for each window by auto_workers
  int threads = 1;             // CPU threads, shared by the workers
  int64_t window = 0;          // lines gathered at most; 0 = 100 batches (Marian's maxi-batch)
  int wait_ms = 20;            // a pause in the input this long translates the lines gathered so far
  // Each line cut into sentences (decode/split_translate.h) with the rules of
  // src_lang (ISO 639-1; "" = ICU's root rules), its sentences translated
  // with the window's, and joined back with the line's own spaces.
  bool split_sentences = false;
  std::string src_lang;
  // Each line (each sentence, when split) is searched under its glossary
  // terms and protected spans (terms.h). Spans that need markers are
  // refused by translate_stream (n-best lists and sources are given as the
  // model read them).
  Terminology terms;
};

// The workers for `sentences` sentences in batches of batch_size on `threads`
// CPU threads: one per thread once there are batches for each (the most
// sentences per second), else one with every thread (the lowest latency).
int auto_workers(int64_t sentences, int64_t batch_size, int threads);

struct StreamStats {
  TranslateStats total;  // over every window
  int64_t windows = 0;
  int max_workers = 0;   // the most workers a window used
};

// Translates one window's sentences (piece ids) with the stream's worker
// policy: options.translate.workers, or auto_workers when 0 (one on a GPU),
// each on threads / workers CPU threads, under `constraints` (one per
// source) when given. The Python module calls it too.
std::vector<std::vector<Hypothesis>> translate_sources(Translator& translator,
                                                       const std::vector<std::vector<int>>& sources,
                                                       const StreamOptions& options, StreamStats& stats,
                                                       const std::vector<Constraints>* constraints = nullptr);

// Reads every line of `input` and translates it a window at a time; after
// each window, emit(first, n_best) gets the n-best lists of lines first,
// first + 1, ... (counted from 0), in input order. Sets the CPU thread pools
// (model::set_cpu_threads) for each window's workers. Refuses
// split_sentences: the sentences of a line have one n-best list each.
using WindowSink = std::function<void(int64_t first, const std::vector<std::vector<Hypothesis>>& n_best)>;
StreamStats translate_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                             const StreamOptions& options, const WindowSink& emit);
// The same, and emit also gets the window's source pieces (the ids the
// translator read, without </s>), line by line: for what needs the source
// next to its translation (nmt translate --alignment).
using WindowSourcesSink = std::function<void(int64_t first, const std::vector<std::vector<int>>& sources,
                                             const std::vector<std::vector<Hypothesis>>& n_best)>;
StreamStats translate_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                             const StreamOptions& options, const WindowSourcesSink& emit);

// Lines of text translated together, as one window of
// translate_text_stream (without split_sentences): each line's best
// translation, in order. For callers that hold their lines (nmt distill's
// teacher).
std::vector<std::string> translate_text_lines(Translator& translator, const std::vector<std::string>& lines,
                                              const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                              const StreamOptions& options, StreamStats& stats);

// The same, one translated line per line (the best hypothesis, or the
// line's sentences' best joined when options.split_sentences): after each
// window, emit(first, lines) gets the translations of lines first, first + 1, ...
using TextSink = std::function<void(int64_t first, const std::vector<std::string>& translations)>;
StreamStats translate_text_stream(Translator& translator, text::LineReader& input, const text::Vocab& src_vocab,
                                  const text::Vocab& tgt_vocab, const StreamOptions& options, const TextSink& emit);

}  // namespace nmt::decode
