#pragma once
// Cutting a text into sentences, so that a paragraph is translated sentence
// by sentence (a model trained on sentences translates long inputs badly) and
// put back together with its own spaces and line breaks. ICU's sentence
// break rules (UAX #29) do the cutting, with the abbreviation exceptions ICU
// has for the language ("Mr. Smith" is one sentence in English).
#include <string>
#include <string_view>
#include <vector>

namespace nmt::text {

// A text cut into the sentences to translate and the text between them
// (spaces, tabs, line breaks), kept verbatim: joining
// gaps[0] + sentences[0] + gaps[1] + sentences[1] + ... + gaps[n] gives the input back.
struct SplitText {
  std::vector<std::string> sentences;  // non-empty, no leading/trailing whitespace
  std::vector<std::string> gaps;       // sentences.size() + 1 entries, possibly empty
};

// lang: an ISO 639-1 code ("en", "es", ...) for ICU's sentence rules ("" =
// the root locale's). A line break always ends a sentence. A text with no
// non-space character gives no sentence and one gap, the text itself.
// Throws nmt::Error "invalid UTF-8 at byte N" (N from 1) and
// "unknown language code 'X'" (not letters, digits, '-' or '_').
// Safe to call from many threads at once.
SplitText split_sentences(std::string_view utf8_text, const std::string& lang);

// gaps[0] + translations[0] + gaps[1] + ... ; translations.size() must equal
// split.sentences.size().
std::string join_sentences(const SplitText& split, const std::vector<std::string>& translations);

}  // namespace nmt::text
