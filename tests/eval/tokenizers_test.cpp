// sacreBLEU's intl, zh, char and none tokenizers and Python's str.lower().
// Expected strings were produced by sacreBLEU 2.6.0's own tokenizer classes
// and Python 3.11's str.lower() on the same inputs; the comments say why each
// split happens.
#include "nmt/eval/tokenizers.h"

#include <gtest/gtest.h>

#include "nmt/common/error.h"
#include "nmt/eval/bleu.h"
#include "nmt/eval/python_text.h"

namespace nmt::eval {
namespace {

std::string tok(BleuTokenizer tokenizer, const std::string& line) {
  return encode_utf8(tokenize(tokenizer, decode_utf8(line)));
}

TEST(TokenizerIntl, SplitsUnicodePunctuationAndSymbols) {
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "Hello, world!"), "Hello , world !");
  // € is a currency symbol (Sc), — a dash (Pd), ¿ and ? other punctuation
  // (Po); the ',' and '.' of 1,000.50 sit between two numbers and stay.
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "It costs €1,000.50 — ¿sí?"),
            "It costs € 1,000.50 — ¿ sí ?");
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "«Guillemets»"), "« Guillemets »");  // Pi, Pf
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "a+b=c"), "a + b = c");               // Sm
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "x...y"), "x . . . y");
}

TEST(TokenizerIntl, KeepsPunctuationNextToNumbersAsMtevalV14Does) {
  // A number then a final '.' is not split (the quirk sacreBLEU keeps from
  // mteval-v14.pl), nor "5%": '%' is punctuation (Po) after a number.
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "in 2020."), "in 2020.");
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "e.g. 3.5%"), "e . g . 3.5%");
  // Arabic-Indic digits are numbers (Nd) too.
  EXPECT_EQ(tok(BleuTokenizer::kIntl, "\u0663.\u0665 and \u0663,\u0665."),
            "\u0663.\u0665 and \u0663,\u0665.");
}

TEST(TokenizerZh, SplitsChineseCharactersAndRunsTheRestThrough13aRules) {
  // Each Han character and the ideographic full stop on its own; "C++" by
  // 13a's rules.
  EXPECT_EQ(tok(BleuTokenizer::kZh, "我爱NLP和C++。"), "我 爱 NLP 和 C + + 。");
  // Full-width brackets and letters (U+FF00..U+FFEF) are split too.
  EXPECT_EQ(tok(BleuTokenizer::kZh, "（全角）ＡＢＣ"), "（ 全 角 ） Ａ Ｂ Ｃ");
  // strip() first and no outer spaces: a final "2020." keeps its period,
  // where 13a (which pads the line with spaces) splits it.
  EXPECT_EQ(tok(BleuTokenizer::kZh, "  北京 2020.  "), "北 京 2020.");
  EXPECT_EQ(tokenize_13a(std::string("  北京 2020.  ")), "北京 2020 .");
}

TEST(TokenizerZh, RangesAreComparedAsPythonStrings) {
  // u'\u20000' is U+2000 '0', so that range is U+2001..U+2A6D: an em dash is
  // split, U+2A6D is and U+2A6E is not, and Extension B (U+20000) is not.
  EXPECT_EQ(tok(BleuTokenizer::kZh, "a—b"), "a — b");
  EXPECT_EQ(tok(BleuTokenizer::kZh, "x\u2a6dy\u2a6ez"), "x \u2a6d y\u2a6ez");
  EXPECT_EQ(tok(BleuTokenizer::kZh, "a\U00020000b"), "a\U00020000b");
  EXPECT_TRUE(is_zh_split_char(0x2001));
  EXPECT_FALSE(is_zh_split_char(0x2000));
  EXPECT_FALSE(is_zh_split_char(0x2F800));  // nor the Compatibility Supplement
  EXPECT_TRUE(is_zh_split_char(0x4E00));
  EXPECT_FALSE(is_zh_split_char(U'A'));
}

TEST(TokenizerCharAndNone, SplitEveryCharacterOrNothing) {
  EXPECT_EQ(tok(BleuTokenizer::kChar, "ab c"), "a b   c");  // BLEU's split() drops the spaces
  EXPECT_EQ(tok(BleuTokenizer::kNone, "Hello, world!"), "Hello, world!");
}

TEST(BleuTokenizer, NamesRoundTripAndUnknownNamesAreRefused) {
  for (const char* name : {"13a", "intl", "zh", "char", "none"}) {
    EXPECT_STREQ(tokenizer_name(parse_bleu_tokenizer(name)), name);
  }
  try {
    parse_bleu_tokenizer("moses");
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown BLEU tokenizer 'moses'"), std::string::npos) << e.what();
  }
}

TEST(BleuTokenizer, IntlCountsHandCountedTokens) {
  // hyp "Hello , world !" (4 tokens) vs ref "Hello world !" (3): 1-grams 3/4,
  // 2-grams "world !" 1/3, 3-grams 0/2, 4-grams 0/1.
  const BleuScore s = corpus_bleu({"Hello, world!"}, ReferenceSets{{"Hello world!"}},
                                  {BleuTokenizer::kIntl, false});
  EXPECT_EQ(s.counts, (std::array<int64_t, 4>{3, 1, 0, 0}));
  EXPECT_EQ(s.totals, (std::array<int64_t, 4>{4, 3, 2, 1}));
  EXPECT_EQ(s.signature(), "nrefs:1|case:mixed|eff:no|tok:intl|smooth:exp|version:2.6.0");
}

TEST(PythonLower, FullCaseMappingAsPythonStrLower) {
  EXPECT_EQ(python_lower("\u0130"), "i\u0307");            // İ -> i + combining dot above
  EXPECT_EQ(python_lower("ΣΑΣ"), "σας");                   // final sigma
  EXPECT_EQ(python_lower("ΣΑΣ ΣΑΣ"), "σας σας");
  EXPECT_EQ(python_lower("ΑΣ."), "ας.");                   // final before punctuation
  EXPECT_EQ(python_lower("Σ"), "σ");                       // no cased letter before: not final
  EXPECT_EQ(python_lower("ß"), "ß");                       // has no lowercase mapping to change
  EXPECT_EQ(python_lower("\u1e9e"), "ß");                  // capital sharp s
  EXPECT_EQ(python_lower("\u01c5"), "\u01c6");             // title-case digraph Dž -> dž
  EXPECT_EQ(python_lower("ZAŻÓŁĆ GĘŚLĄ JAŹŃ"), "zażółć gęślą jaźń");
  EXPECT_EQ(python_lower(""), "");
}

// sacreBLEU's BLEU(trg_lang=...) without -tok: zh for Chinese, ja-mecab and
// ko-mecab (which nmt lacks: char, named as missing) for Japanese and Korean,
// 13a for every other language; region and script subtags do not matter.
TEST(TargetTokenizer, SacreBleusChoiceForTheTargetLanguage) {
  for (const char* zh : {"zh", "zh-Hans", "ZH_cn", "zh-TW"}) {
    const auto choice = bleu_tokenizer_for(zh);
    EXPECT_EQ(choice.tokenizer, BleuTokenizer::kZh) << zh;
    EXPECT_EQ(choice.missing, "") << zh;
  }
  EXPECT_EQ(bleu_tokenizer_for("ja").missing, "ja-mecab");
  EXPECT_EQ(bleu_tokenizer_for("ja").tokenizer, BleuTokenizer::kChar);
  EXPECT_EQ(bleu_tokenizer_for("ko-KR").missing, "ko-mecab");
  for (const char* other : {"", "es", "de", "ml", "hi", "zho", "zu"}) {
    const auto choice = bleu_tokenizer_for(other);
    EXPECT_EQ(choice.tokenizer, BleuTokenizer::k13a) << other;
    EXPECT_EQ(choice.missing, "") << other;
  }
  EXPECT_EQ(tokenizer_warning("zh", BleuTokenizer::k13a), "You should use the 'zh' tokenizer for Chinese.");
  EXPECT_EQ(tokenizer_warning("zh", BleuTokenizer::kZh), "");
  EXPECT_EQ(tokenizer_warning("ja", BleuTokenizer::kChar), "You should use the 'ja-mecab' tokenizer for Japanese.");
  EXPECT_EQ(tokenizer_warning("es", BleuTokenizer::kChar), "");
}

}  // namespace
}  // namespace nmt::eval
