#pragma once
// Translating texts of several sentences (a line of a file, a paragraph sent
// to the server): each text is cut into sentences (text/sentence_splitter.h),
// the sentences of all the texts are translated together, in the same
// batches, and each text comes back with its sentences' translations in
// their places, between its own spaces and line breaks. A sentence's
// translation never depends on its batch (translator.h), so a text gets the
// same translation whatever it is translated with.
#include <string>
#include <vector>

#include "nmt/decode/translator.h"
#include "nmt/text/sentence_splitter.h"

namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

class SpanFinder;

struct SplitSources {
  std::vector<text::SplitText> texts;
  std::vector<std::vector<int>> sources;  // piece ids of the sentences of texts[0], then of texts[1], ...
};

// lang: the texts' language for the sentence rules ("" = ICU's root rules).
// With `spans`, no sentence ends inside one of a text's protected spans (terms.h).
SplitSources split_and_encode(const std::vector<std::string>& texts, const std::string& lang,
                              const text::Vocab& src_vocab, const SpanFinder* spans = nullptr);

// Each text with the best hypothesis of each of its sentences in its place;
// n_best: one list per entry of split.sources, in that order.
std::vector<std::string> join_translations(const SplitSources& split,
                                           const std::vector<std::vector<Hypothesis>>& n_best,
                                           const text::Vocab& tgt_vocab);

// Each text with its sentences' translations in their places
// (translations: the sentences of texts[0], then of texts[1], ...).
std::vector<std::string> join_texts(const std::vector<text::SplitText>& texts,
                                    const std::vector<std::string>& translations);

// split_and_encode, one Translator::translate call, join_translations.
std::vector<std::string> translate_texts(Translator& translator, const std::vector<std::string>& texts,
                                         const std::string& lang, const text::Vocab& src_vocab,
                                         const text::Vocab& tgt_vocab, const TranslateOptions& options,
                                         TranslateStats* stats = nullptr);

}  // namespace nmt::decode
