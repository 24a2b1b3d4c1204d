// Language detection with CLD2 on sentences whose language is known, and its
// restriction to the loaded languages.
#include "nmt/serve/language_detector.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "error_message.h"

namespace nmt::serve {
namespace {

const std::vector<std::string> kEnEsDeFr = {"en", "es", "de", "fr"};

std::string best(const std::string& text, const std::vector<std::string>& candidates = kEnEsDeFr) {
  return detect_languages(text, candidates).front().language;
}

TEST(LanguageDetector, FindsEnglishSpanishGermanAndFrenchSentences) {
  const std::vector<std::pair<std::string, std::string>> sentences = {
      {"The weather is nice today and we are going to the park with the children.", "en"},
      {"Please send me the report before the meeting on Thursday.", "en"},
      {"Hoy hace buen tiempo y vamos a ir al parque con los niños.", "es"},
      {"¿Puedes enviarme el informe antes de la reunión del jueves?", "es"},
      {"Heute ist das Wetter schön und wir gehen mit den Kindern in den Park.", "de"},
      {"Kannst du mir den Bericht vor der Besprechung am Donnerstag schicken?", "de"},
      {"Il fait beau aujourd'hui et nous allons au parc avec les enfants.", "fr"},
      {"Peux-tu m'envoyer le rapport avant la réunion de jeudi ?", "fr"},
  };
  for (const auto& [sentence, language] : sentences) {
    const auto found = detect_languages(sentence, kEnEsDeFr);
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(found.front().language, language) << sentence;
    EXPECT_GE(found.front().confidence, 90) << sentence;
    EXPECT_LE(found.front().confidence, 100) << sentence;
  }
}

TEST(LanguageDetector, FindsSingleWords) {
  EXPECT_EQ(best("Hola"), "es");
  EXPECT_EQ(best("Bonjour"), "fr");
  EXPECT_EQ(best("Danke schön"), "de");
  EXPECT_EQ(best("Hello"), "en");
}

// Three sentences in each language, each side 172 or 173 bytes of letters.
const std::string kEnglish =
    "The weather is nice today and we are going to the park with the children. "
    "Please send me the report before the meeting on Thursday afternoon. "
    "My grandmother used to bake bread every Sunday morning before church. ";
const std::string kSpanish =
    "Hoy hace buen tiempo y vamos a ir al parque con todos los niños. "
    "¿Puedes enviarme el informe antes de la reunión del jueves por la tarde? "
    "Mi abuela solía hornear pan todos los domingos por la mañana antes de misa. ";

TEST(LanguageDetector, ConfidenceIsTheShareOfTheText) {
  // Three parts English, one part Spanish: 74% and 26% of the letters
  // (counted with Python). CLD2 scores chunks of a few words, not sentences,
  // so its shares are rough.
  const auto found = detect_languages(kEnglish + kEnglish + kEnglish + kSpanish, kEnEsDeFr);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].language, "en");
  EXPECT_EQ(found[1].language, "es");
  EXPECT_NEAR(found[0].confidence, 74, 10);
  EXPECT_NEAR(found[1].confidence, 26, 10);
  EXPECT_LE(found[0].confidence + found[1].confidence, 100);
}

TEST(LanguageDetector, KeepsOnlyCandidates) {
  const std::string italian = "Buongiorno, come stai? Oggi andiamo al mare con gli amici.";
  EXPECT_EQ(best(italian, {"en", "it"}), "it");
  // Not loaded: the first candidate, with confidence 0.
  const auto found = detect_languages(italian, {"de", "en"});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].language, "de");
  EXPECT_EQ(found[0].confidence, 0);
  // A mixed text among a part of its languages.
  const auto spanish = detect_languages(kEnglish + kSpanish, {"es"});
  ASSERT_EQ(spanish.size(), 1u);
  EXPECT_EQ(spanish[0].language, "es");
  EXPECT_GT(spanish[0].confidence, 25);
  EXPECT_LT(spanish[0].confidence, 75);
}

TEST(LanguageDetector, NamesLanguagesByTheCodesAServerLoads) {
  // CLD2 says iw and no.
  EXPECT_EQ(best("שלום, מה שלומך היום? אני הולך לחנות לקנות לחם וחלב.", {"en", "he"}), "he");
  EXPECT_EQ(best("Jeg liker å gå tur i skogen om høsten, og i dag skinner solen over byen.", {"en", "nb"}), "nb");
  EXPECT_EQ(best("我们今天下午去公园散步，然后在附近的饭馆吃晚饭。", {"en", "zh"}), "zh");
}

TEST(LanguageDetector, TextWithoutWordsGivesTheFirstCandidateWithZero) {
  for (const std::string text : {"", "   \n\t", "12345 67", "!!! ..."}) {
    const auto found = detect_languages(text, {"fr", "en"});
    ASSERT_EQ(found.size(), 1u) << "'" << text << "'";
    EXPECT_EQ(found[0].language, "fr");
    EXPECT_EQ(found[0].confidence, 0);
  }
  EXPECT_TRUE(detect_languages("Hello there, my friend.", {}).empty());
}

TEST(LanguageDetector, RejectsInvalidUtf8WithItsByte) {
  EXPECT_EQ(testing::error_message([] { detect_languages("Hola \xE6\x97", {"es"}); }),
            "invalid UTF-8 in the text at byte 5");
}

}  // namespace
}  // namespace nmt::serve
