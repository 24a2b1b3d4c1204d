#include "nmt/decode/split_translate.h"

#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

SplitSources split_and_encode(const std::vector<std::string>& texts, const std::string& lang,
                              const text::Vocab& src_vocab) {
  SplitSources split;
  split.texts.reserve(texts.size());
  for (const auto& text : texts) {
    split.texts.push_back(text::split_sentences(text, lang));
    for (const auto& sentence : split.texts.back().sentences) split.sources.push_back(src_vocab.encode(sentence));
  }
  return split;
}

std::vector<std::string> join_translations(const SplitSources& split,
                                           const std::vector<std::vector<Hypothesis>>& n_best,
                                           const text::Vocab& tgt_vocab) {
  NMT_CHECK(n_best.size() == split.sources.size(),
            n_best.size() << " translations for " << split.sources.size() << " sentences");
  std::vector<std::string> joined;
  joined.reserve(split.texts.size());
  size_t next = 0;  // the first sentence of the text being joined
  for (const auto& text : split.texts) {
    std::vector<std::string> translations;
    translations.reserve(text.sentences.size());
    for (size_t k = 0; k < text.sentences.size(); ++k, ++next) {
      translations.push_back(best_translation(n_best[next], tgt_vocab));
    }
    joined.push_back(text::join_sentences(text, translations));
  }
  return joined;
}

std::vector<std::string> translate_texts(Translator& translator, const std::vector<std::string>& texts,
                                         const std::string& lang, const text::Vocab& src_vocab,
                                         const text::Vocab& tgt_vocab, const TranslateOptions& options,
                                         TranslateStats* stats) {
  const auto split = split_and_encode(texts, lang, src_vocab);
  return join_translations(split, translator.translate(split.sources, options, stats), tgt_vocab);
}

}  // namespace nmt::decode
