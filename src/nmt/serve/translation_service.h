#pragma once
// Texts in, texts out, for the server: each text is cut into sentences
// (text/sentence_splitter.h; for HTML, the sentences of each text node),
// the sentences of a request go to the batch scheduler together, and the
// translations are joined back with the text's own whitespace, line breaks
// and markup. The same splitting and joining as `nmt translate
// --split-sentences`, so both give the same text for the same input.
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "nmt/decode/glossary.h"
#include "nmt/decode/terms.h"
#include "nmt/document/inline_runs.h"
#include "nmt/serve/batch_scheduler.h"
#include "nmt/serve/served_model.h"
#include "nmt/serve/translation_cache.h"

namespace nmt::serve {

struct TextOptions {
  bool html = false;         // translate the text nodes, keep the markup
  int64_t alternatives = 0;  // more translations of each text from the n-best list (text only)
  bool attention = false;    // the cross-attention of each sentence's best translation
  // A sentence holding one of its source terms gets the target term
  // (decode/glossary.h). Sentences with terms or protected spans bypass the
  // cache.
  std::shared_ptr<const decode::Glossary> glossary;
};

// One sentence's pieces (each list ending with </s>) and where each target
// piece looked (weights[t][s]: target.size() rows of source.size() numbers).
using SentenceAttention = document::PieceAttention;

struct TextTranslation {
  std::string text;
  std::vector<std::string> alternatives;  // distinct, none equal to text
  std::vector<SentenceAttention> attention;  // one per sentence, when asked for
};

struct Timeout : std::exception {
  const char* what() const noexcept override { return "translation timed out"; }
};

// Each model's translate options: the server's, then the model's own
// decoding defaults (an imported Marian model's search rules, a trained
// run's length ratio) for the keys not in set_by_user (the server's options
// that were given), and its shortlist.
std::vector<decode::TranslateOptions> options_per_model(const std::vector<std::unique_ptr<ServedModel>>& models,
                                                        const decode::TranslateOptions& translate,
                                                        const std::set<std::string>& set_by_user);

class TranslationService {
 public:
  // cache_bytes: the sentence cache's size (translation_cache.h); 0 = none.
  // protect: the spans every translation carries over verbatim (decode/terms.h).
  // Each model's own decoding defaults apply over `translate` except for
  // the keys in set_by_user (the server's options that were given).
  TranslationService(std::vector<std::unique_ptr<ServedModel>> models, decode::TranslateOptions translate,
                     SchedulerOptions scheduling, std::function<void(const BatchRecord&)> on_batch = {},
                     int64_t cache_bytes = 0, const decode::ProtectOptions& protect = {},
                     const std::set<std::string>& set_by_user = {});
  const std::vector<std::unique_ptr<ServedModel>>& models() const { return models_; }
  const ServedModel* find(const std::string& source, const std::string& target) const;
  // Source languages with a model (to `target`, when given), in load order, without repeats.
  std::vector<std::string> sources(const std::string& target = "") const;
  const decode::TranslateOptions& translate_options() const { return translate_; }
  BatchScheduler& scheduler() { return *scheduler_; }
  TranslationCache::Stats cache_stats() const { return cache_.stats(); }

  // Throws QueueFull when the queue has no room, Timeout past the deadline,
  // nmt::Error for bad input (invalid UTF-8 in HTML) or a failed batch.
  // `arrival`, when given, is marked arrived once the sentences are queued.
  std::vector<TextTranslation> translate(const ServedModel& model, const std::vector<std::string>& texts,
                                         const TextOptions& options, std::chrono::steady_clock::time_point deadline,
                                         BatchScheduler::Arrival* arrival = nullptr);

 private:
  std::vector<std::unique_ptr<ServedModel>> models_;
  decode::TranslateOptions translate_;
  std::unique_ptr<BatchScheduler> scheduler_;
  TranslationCache cache_;
  std::vector<std::shared_ptr<const decode::SpanProtector>> protectors_;  // one per model; null: none
};

}  // namespace nmt::serve
