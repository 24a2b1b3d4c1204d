#include "nmt/serve/translation_service.h"

#include <algorithm>
#include <optional>

#include "nmt/common/error.h"
#include "nmt/serve/html_text.h"
#include "nmt/text/sentence_splitter.h"

namespace nmt::serve {
namespace {

std::vector<decode::Translator*> translators_of(const std::vector<std::unique_ptr<ServedModel>>& models) {
  std::vector<decode::Translator*> out;
  for (const auto& m : models) out.push_back(m->translator.get());
  return out;
}

std::vector<std::string> pieces_with_eos(const text::Vocab& vocab, const std::vector<int>& ids) {
  std::vector<std::string> out;
  out.reserve(ids.size() + 1);
  for (int id : ids) out.push_back(vocab.piece(id));
  out.push_back("</s>");
  return out;
}

}  // namespace

TranslationService::TranslationService(std::vector<std::unique_ptr<ServedModel>> models,
                                       decode::TranslateOptions translate, SchedulerOptions scheduling,
                                       std::function<void(const BatchRecord&)> on_batch)
    : models_(std::move(models)), translate_(std::move(translate)) {
  scheduler_ = std::make_unique<BatchScheduler>(translators_of(models_), translate_, scheduling, std::move(on_batch));
}

const ServedModel* TranslationService::find(const std::string& source, const std::string& target) const {
  for (const auto& m : models_) {
    if (m->source == source && m->target == target) return m.get();
  }
  return nullptr;
}

std::vector<std::string> TranslationService::sources(const std::string& target) const {
  std::vector<std::string> out;
  for (const auto& m : models_) {
    if ((target.empty() || m->target == target) && std::find(out.begin(), out.end(), m->source) == out.end()) {
      out.push_back(m->source);
    }
  }
  return out;
}

std::vector<TextTranslation> TranslationService::translate(const ServedModel& model,
                                                           const std::vector<std::string>& texts,
                                                           const TextOptions& options,
                                                           std::chrono::steady_clock::time_point deadline,
                                                           BatchScheduler::Arrival* arrival) {
  // Every text becomes parts (the whole text, or each text node of its
  // HTML), every part its sentences; all the sentences go out together.
  std::vector<std::optional<HtmlText>> documents(texts.size());
  std::vector<std::vector<text::SplitText>> parts(texts.size());
  SentenceRequest request;
  request.model = static_cast<size_t>(std::find_if(models_.begin(), models_.end(),
                                                   [&](const auto& m) { return m.get() == &model; }) -
                                      models_.begin());
  request.n_best = options.html ? 1 : options.alternatives + 1;
  request.attention = options.attention && !options.html;
  for (size_t i = 0; i < texts.size(); ++i) {
    std::vector<std::string> segments;
    if (options.html) {
      documents[i].emplace(texts[i]);
      segments = documents[i]->texts();
    } else {
      segments.push_back(texts[i]);
    }
    for (const auto& segment : segments) {
      parts[i].push_back(text::split_sentences(segment, model.source));
      for (const auto& sentence : parts[i].back().sentences) request.sources.push_back(model.src_vocab.encode(sentence));
    }
  }
  std::vector<std::vector<int>> sources = request.sources;  // for the attention's source pieces
  auto ticket = scheduler_->submit(std::move(request));
  if (arrival) arrival->arrived();
  if (!ticket->wait_until(deadline)) throw Timeout();
  if (ticket->error()) std::rethrow_exception(ticket->error());
  const auto& results = ticket->results();

  std::vector<TextTranslation> out(texts.size());
  size_t next = 0;  // the next sentence's result
  for (size_t i = 0; i < texts.size(); ++i) {
    std::vector<std::string> translated_parts;
    size_t first = next;
    for (const auto& split : parts[i]) {
      std::vector<std::string> sentences;
      for (size_t k = 0; k < split.sentences.size(); ++k, ++next) {
        const auto& n_best = results[next].n_best;
        sentences.push_back(n_best.empty() ? std::string() : model.tgt_vocab.decode(n_best[0].tokens));
        if (options.attention && !options.html && !n_best.empty()) {
          out[i].attention.push_back(SentenceAttention{pieces_with_eos(model.src_vocab, sources[next]),
                                                       pieces_with_eos(model.tgt_vocab, n_best[0].tokens),
                                                       results[next].attention});
        }
      }
      translated_parts.push_back(text::join_sentences(split, sentences));
    }
    out[i].text = options.html ? documents[i]->render(translated_parts) : translated_parts.front();
    // Alternative k joins each sentence's k-th hypothesis (its best when it has fewer).
    for (int64_t k = 1; k <= options.alternatives && !options.html; ++k) {
      std::vector<std::string> sentences;
      for (size_t s = first; s < next; ++s) {
        const auto& n_best = results[s].n_best;
        const size_t pick = std::min<size_t>(static_cast<size_t>(k), n_best.empty() ? 0 : n_best.size() - 1);
        sentences.push_back(n_best.empty() ? std::string() : model.tgt_vocab.decode(n_best[pick].tokens));
      }
      std::string alternative = text::join_sentences(parts[i].front(), sentences);
      auto& alts = out[i].alternatives;
      if (alternative != out[i].text && std::find(alts.begin(), alts.end(), alternative) == alts.end()) {
        alts.push_back(std::move(alternative));
      }
    }
  }
  return out;
}

}  // namespace nmt::serve
