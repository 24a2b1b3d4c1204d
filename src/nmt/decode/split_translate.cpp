#include "nmt/decode/split_translate.h"

#include "nmt/common/error.h"
#include "nmt/decode/terms.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

SplitSources split_and_encode(const std::vector<std::string>& texts, const std::string& lang,
                              const text::Vocab& src_vocab, const SpanFinder* spans) {
  SplitSources split;
  split.texts.reserve(texts.size());
  for (const auto& text : texts) {
    split.texts.push_back(text::split_sentences(text, lang));
    if (spans) keep_spans_whole(split.texts.back(), text, *spans);
    for (const auto& sentence : split.texts.back().sentences) split.sources.push_back(src_vocab.encode(sentence));
  }
  return split;
}

std::vector<std::string> join_texts(const std::vector<text::SplitText>& texts,
                                    const std::vector<std::string>& translations) {
  std::vector<std::string> joined;
  joined.reserve(texts.size());
  size_t next = 0;  // the first sentence of the text being joined
  for (const auto& text : texts) {
    NMT_CHECK(next + text.sentences.size() <= translations.size(),
              translations.size() << " translations for more sentences");
    const std::vector<std::string> mine(translations.begin() + static_cast<int64_t>(next),
                                        translations.begin() + static_cast<int64_t>(next + text.sentences.size()));
    next += text.sentences.size();
    joined.push_back(text::join_sentences(text, mine));
  }
  NMT_CHECK(next == translations.size(), translations.size() << " translations for " << next << " sentences");
  return joined;
}

std::vector<std::string> join_translations(const SplitSources& split,
                                           const std::vector<std::vector<Hypothesis>>& n_best,
                                           const text::Vocab& tgt_vocab) {
  NMT_CHECK(n_best.size() == split.sources.size(),
            n_best.size() << " translations for " << split.sources.size() << " sentences");
  std::vector<std::string> best;
  best.reserve(n_best.size());
  for (const auto& hypotheses : n_best) best.push_back(best_translation(hypotheses, tgt_vocab));
  return join_texts(split.texts, best);
}

std::vector<std::string> translate_texts(Translator& translator, const std::vector<std::string>& texts,
                                         const std::string& lang, const text::Vocab& src_vocab,
                                         const text::Vocab& tgt_vocab, const TranslateOptions& options,
                                         TranslateStats* stats) {
  const auto split = split_and_encode(texts, lang, src_vocab);
  return join_translations(split, translator.translate(split.sources, options, stats), tgt_vocab);
}

}  // namespace nmt::decode
