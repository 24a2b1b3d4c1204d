#include "nmt/serve/translation_service.h"

#include <algorithm>
#include <optional>

#include "nmt/common/error.h"
#include "nmt/document/html_text.h"
#include "nmt/decode/alignment.h"
#include "nmt/decode/split_translate.h"

namespace nmt::serve {
namespace {

std::vector<decode::Translator*> translators_of(const std::vector<std::unique_ptr<ServedModel>>& models) {
  std::vector<decode::Translator*> out;
  for (const auto& m : models) out.push_back(m->translator.get());
  return out;
}

}  // namespace

std::vector<decode::TranslateOptions> options_per_model(const std::vector<std::unique_ptr<ServedModel>>& models,
                                                        const decode::TranslateOptions& translate,
                                                        const std::set<std::string>& set_by_user) {
  std::vector<decode::TranslateOptions> per_model;
  for (const auto& m : models) {
    per_model.push_back(translate);
    decode::apply_model_defaults(m->config, per_model.back(), set_by_user);
    per_model.back().shortlist = m->shortlist;
  }
  return per_model;
}

TranslationService::TranslationService(std::vector<std::unique_ptr<ServedModel>> models,
                                       decode::TranslateOptions translate, SchedulerOptions scheduling,
                                       std::function<void(const BatchRecord&)> on_batch, int64_t cache_bytes,
                                       const decode::ProtectOptions& protect,
                                       const std::set<std::string>& set_by_user)
    : models_(std::move(models)), translate_(std::move(translate)), cache_(cache_bytes) {
  for (const auto& m : models_) {
    protectors_.push_back(protect.any() ? std::make_shared<const decode::SpanProtector>(protect, m->src_vocab, m->tgt_vocab)
                                        : nullptr);
  }
  scheduler_ = std::make_unique<BatchScheduler>(translators_of(models_), options_per_model(models_, translate_, set_by_user),
                                                scheduling, std::move(on_batch));
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
  // Every text is one segment, or with HTML one per run of text nodes; every
  // segment is cut into sentences, and all the sentences go out together.
  std::vector<std::optional<document::HtmlText>> documents(texts.size());
  std::vector<std::vector<document::Pieces>> runs(texts.size());  // each HTML text's runs as pieces
  std::vector<std::string> segments;
  std::vector<size_t> first_segment(texts.size(), 0);
  for (size_t i = 0; i < texts.size(); ++i) {
    first_segment[i] = segments.size();
    if (options.html) {  // a run of text nodes split by inline tags is one segment
      documents[i].emplace(texts[i]);
      runs[i] = documents[i]->run_pieces();
      for (const auto& pieces : runs[i]) segments.push_back(document::text_of(pieces));
    } else {
      segments.push_back(texts[i]);
    }
  }
  const auto model_index = static_cast<size_t>(
      std::find_if(models_.begin(), models_.end(), [&](const auto& m) { return m.get() == &model; }) - models_.begin());
  const auto& protector = protectors_[model_index];
  auto split = decode::split_and_encode(segments, model.source, model.src_vocab, protector ? &protector->finder() : nullptr);

  SentenceRequest request;
  request.model = model_index;
  request.n_best = options.html ? 1 : options.alternatives + 1;
  request.attention = options.attention && !options.html;
  // A glossary's terms and the protected spans, sentence by sentence; a
  // sentence with markers is read as the model gets it.
  const decode::Terminology terms{options.glossary, protector};
  std::vector<decode::PreparedSentence> prepared;
  std::vector<decode::Constraints> constraints;
  if (!terms.empty()) {
    for (const auto& text : split.texts) {
      for (const auto& sentence : text.sentences) {
        prepared.push_back(terms.prepare(sentence));
        if (prepared.back().text != sentence) split.sources[prepared.size() - 1] = model.src_vocab.encode(prepared.back().text);
        constraints.push_back(prepared.back().constraints);
      }
    }
  }
  const auto constrained = [&](size_t k) { return !constraints.empty() && !constraints[k].empty(); };
  // The cache's sentences first; the scheduler translates the rest.
  std::vector<SentenceResult> results(split.sources.size());
  std::vector<std::string> keys(split.sources.size());
  std::vector<size_t> missing;
  for (size_t k = 0; k < split.sources.size(); ++k) {
    if (!cache_.enabled() || constrained(k)) {
      missing.push_back(k);
      continue;
    }
    keys[k] = TranslationCache::key(request.model, request.n_best, request.attention, split.sources[k]);
    if (auto hit = cache_.get(keys[k])) {
      results[k] = std::move(*hit);
    } else {
      missing.push_back(k);
    }
  }
  for (size_t k : missing) {
    request.sources.push_back(split.sources[k]);
    if (!constraints.empty()) request.constraints.push_back(std::move(constraints[k]));
  }
  auto ticket = scheduler_->submit(std::move(request));  // none missing: a ticket already done
  if (arrival) arrival->arrived();
  if (!ticket->wait_until(deadline)) throw Timeout();
  if (ticket->error()) std::rethrow_exception(ticket->error());
  for (size_t i = 0; i < missing.size(); ++i) {
    results[missing[i]] = ticket->results()[i];
    if (cache_.enabled() && !keys[missing[i]].empty()) cache_.put(keys[missing[i]], results[missing[i]]);
  }

  // Hypothesis k of each sentence (its last when it has fewer), spans
  // restored, joined into the texts.
  const auto joined = [&](size_t k) {
    std::vector<std::string> sentences;
    for (size_t i = 0; i < results.size(); ++i) {
      const auto& list = results[i].n_best;
      std::string t = list.empty() ? "" : model.tgt_vocab.decode(list[std::min(k, list.size() - 1)].tokens);
      sentences.push_back(prepared.empty() ? t : decode::restore_spans(t, prepared[i]));
    }
    return decode::join_texts(split.texts, sentences);
  };
  const auto translated = joined(0);
  std::vector<std::vector<std::string>> alternatives;
  for (int64_t k = 1; k <= options.alternatives && !options.html; ++k) alternatives.push_back(joined(static_cast<size_t>(k)));

  std::vector<TextTranslation> out(texts.size());
  size_t sentence = 0;  // the first sentence of text i
  for (size_t i = 0; i < texts.size(); ++i) {
    const size_t a = first_segment[i];
    if (options.html) {
      auto& pieces = runs[i];
      for (size_t r = 0; r < pieces.size(); ++r) pieces[r] = document::place_translation(pieces[r], translated[a + r]);
      out[i].text = documents[i]->render(documents[i]->texts_of(pieces));
      continue;
    }
    out[i].text = translated[a];
    for (const auto& alt : alternatives) {
      auto& list = out[i].alternatives;
      if (alt[a] != out[i].text && std::find(list.begin(), list.end(), alt[a]) == list.end()) list.push_back(alt[a]);
    }
    const size_t sentences = split.texts[a].sentences.size();
    for (size_t k = sentence; k < sentence + sentences && options.attention; ++k) {
      if (results[k].n_best.empty()) continue;
      const auto& weights = results[k].attention;
      auto pieces = decode::attended_pieces(weights, split.sources[k], results[k].n_best[0].tokens, model.src_vocab,
                                            model.tgt_vocab);
      out[i].attention.push_back(SentenceAttention{std::move(pieces.source), std::move(pieces.target), weights});
    }
    sentence += sentences;
  }
  return out;
}

}  // namespace nmt::serve
