#include "nmt/text/sentence_splitter.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "error_message.h"

namespace nmt::text {
namespace {

using Strings = std::vector<std::string>;

// Every gap is white space (a hand-written list, not the splitter's test),
// no sentence is empty or starts or ends with one.
bool is_space_byte(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void expect_well_formed(const SplitText& split, const std::string& input) {
  ASSERT_EQ(split.gaps.size(), split.sentences.size() + 1) << input;
  for (const auto& gap : split.gaps) {
    for (char c : gap) EXPECT_TRUE(is_space_byte(c)) << "gap '" << gap << "' of '" << input << "'";
  }
  for (const auto& sentence : split.sentences) {
    ASSERT_FALSE(sentence.empty()) << input;
    EXPECT_FALSE(is_space_byte(sentence.front()) || is_space_byte(sentence.back()))
        << "sentence '" << sentence << "' of '" << input << "'";
  }
}

TEST(SentenceSplitter, CutsAtSentenceEnds) {
  const auto split = split_sentences("Hello world. How are you? Fine!", "en");
  EXPECT_EQ(split.sentences, (Strings{"Hello world.", "How are you?", "Fine!"}));
  EXPECT_EQ(split.gaps, (Strings{"", " ", " ", ""}));
}

TEST(SentenceSplitter, KeepsSpacesTabsAndLineBreaksInTheGaps) {
  const auto split = split_sentences("  One.   Two.\tThree.\r\n\r\nFour.  \n", "en");
  EXPECT_EQ(split.sentences, (Strings{"One.", "Two.", "Three.", "Four."}));
  EXPECT_EQ(split.gaps, (Strings{"  ", "   ", "\t", "\r\n\r\n", "  \n"}));
}

TEST(SentenceSplitter, LineBreakEndsASentenceWithoutPunctuation) {
  const auto split = split_sentences("a title without a period\nand a line after it\n\nthe end", "en");
  EXPECT_EQ(split.sentences, (Strings{"a title without a period", "and a line after it", "the end"}));
  EXPECT_EQ(split.gaps, (Strings{"", "\n", "\n\n", ""}));
}

TEST(SentenceSplitter, SpanishInvertedMarks) {
  const auto split = split_sentences("¿Qué tal? ¡Bien! Gracias.", "es");
  EXPECT_EQ(split.sentences, (Strings{"¿Qué tal?", "¡Bien!", "Gracias."}));
  EXPECT_EQ(split.gaps, (Strings{"", " ", " ", ""}));
}

TEST(SentenceSplitter, ChineseFullStopsWithoutSpaces) {
  const auto split = split_sentences("你好。再见！", "zh");
  EXPECT_EQ(split.sentences, (Strings{"你好。", "再见！"}));
  EXPECT_EQ(split.gaps, (Strings{"", "", ""}));
}

TEST(SentenceSplitter, EnglishAbbreviationsEndNoSentence) {
  // ICU's English exceptions list "Mr." and "Prof." (not "Dr."); the root
  // rules have none.
  const std::string text = "Mr. Smith saw Prof. Jones. They talked.";
  EXPECT_EQ(split_sentences(text, "en").sentences, (Strings{"Mr. Smith saw Prof. Jones.", "They talked."}));
  EXPECT_EQ(split_sentences(text, "").sentences, (Strings{"Mr.", "Smith saw Prof.", "Jones.", "They talked."}));
}

TEST(SentenceSplitter, EmptyAndWhiteSpaceOnlyTextsHaveNoSentence) {
  for (const std::string text : {"", " ", "\n", " \t\r\n \n\n", "\xC2\xA0\xE3\x80\x80"}) {  // NBSP, ideographic space
    const auto split = split_sentences(text, "en");
    EXPECT_TRUE(split.sentences.empty()) << "'" << text << "'";
    EXPECT_EQ(split.gaps, (Strings{text})) << "'" << text << "'";
    EXPECT_EQ(join_sentences(split, {}), text);
  }
}

TEST(SentenceSplitter, JoiningTheSentencesGivesTheInputBack) {
  const Strings inputs = {
      "One sentence",
      "Two  spaces.  Between sentences.",
      "\t\tTabs first. Then text.\t",
      "Windows lines.\r\nSecond line.\r\n",
      "\n\nBlank lines before.\n\n\nAnd between.\n\n",
      "   ",
      "¿Qué tal? ¡Bien!  Y tú…\n¿Todo bien?",
      "Mr. Smith went to Washington. He arrived at 5 p.m. on Monday. Dr. Who?",
      "Emoji 😀 first. Then ünïcödé; and a quote: \"Stop.\" he said.   ",
      "No break.Without space. 3.14 is pi. e.g. this one?",
      "中文句子。第二句！English after. 日本語です。",
      "trailing newline only\n",
  };
  for (const auto& input : inputs) {
    for (const std::string lang : {"", "en", "es"}) {
      const auto split = split_sentences(input, lang);
      expect_well_formed(split, input);
      EXPECT_EQ(join_sentences(split, split.sentences), input) << "lang '" << lang << "'";
    }
  }
}

TEST(SentenceSplitter, JoinPutsTranslationsBetweenTheGaps) {
  const auto split = split_sentences(" Hola.  ¿Cómo estás?\n", "es");
  ASSERT_EQ(split.sentences.size(), 2u);
  EXPECT_EQ(join_sentences(split, {"Hello.", "How are you?"}), " Hello.  How are you?\n");
}

TEST(SentenceSplitter, ManyThreadsGetTheSameSentences) {
  const std::string text = "Mr. Smith is here. ¿Y usted?\nYes!  Fine.";
  const auto expected = split_sentences(text, "en");
  std::vector<Strings> results(8);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < results.size(); ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 200; ++k) results[t] = split_sentences(text, t % 2 ? "en" : "de").sentences;
      results[t] = split_sentences(text, "en").sentences;
    });
  }
  for (auto& thread : threads) thread.join();
  for (const auto& result : results) EXPECT_EQ(result, expected.sentences);
}

TEST(SentenceSplitter, RefusesInvalidUtf8) {
  EXPECT_EQ(testing::error_message([] { split_sentences("Fine. caf\xE9 au lait.", "en"); }),
            "invalid UTF-8 at byte 10");
}

TEST(SentenceSplitter, RefusesMalformedLanguageCode) {
  EXPECT_EQ(testing::error_message([] { split_sentences("Hello.", "en@ss=none"); }),
            "unknown language code 'en@ss=none' (expected an ISO 639-1 code such as en or es)");
}

TEST(SentenceSplitter, JoinRefusesAWrongNumberOfTranslations) {
  const auto split = split_sentences("One. Two.", "en");
  EXPECT_EQ(testing::error_message([&] { join_sentences(split, {"Uno."}); }),
            "a text of 2 sentences cannot be joined with 1 translations");
}

}  // namespace
}  // namespace nmt::text
