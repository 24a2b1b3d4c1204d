#pragma once
// Which language a text is in, for LibreTranslate's /detect and source
// "auto", with CLD2 (Compact Language Detector 2).
#include <string>
#include <vector>

namespace nmt::serve {

struct DetectedLanguage {
  std::string language;  // one of the candidates (ISO 639-1 code)
  double confidence;     // 0..100
};

// The languages of `utf8_text` among `candidates` (the loaded source
// languages, ISO 639-1 codes: "en", "es"; "he" and "nb" for Hebrew and
// Norwegian, "zt" or "zh" for traditional Chinese), best first: CLD2's top
// three languages that are candidates. The confidence of a language is the
// percentage of the text's letters CLD2 gives it, halved when CLD2 calls its
// answer unreliable; "Hola" gives es 83, a sentence about 98. The shares of a
// mixed text are rough, as CLD2 scores chunks of a few words: a text of
// equal English and Spanish halves gave en 59, es 40 (71 and 28 with the
// Spanish half first).
//
// Never empty when `candidates` is non-empty: when CLD2 finds none of them
// (an empty text, digits only, a language not loaded), the first candidate
// with confidence 0, as LibreTranslate answers "en" with 0.
//
// CLD2 answers words as short as "Hola" or "Bonjour" in its best-effort mode.
// Its hints (content_language_hint "en,es,de,fr") are not used: they pull
// short texts to a hinted language that is not English ("Hello" came out fr
// and "Hola" de), and what they gain, a Portuguese sentence as es among
// candidates without pt, is a guess with no confidence to give it.
//
// Throws nmt::Error if `utf8_text` is not valid UTF-8.
std::vector<DetectedLanguage> detect_languages(const std::string& utf8_text, const std::vector<std::string>& candidates);

}  // namespace nmt::serve
