#include "nmt/eval/tokenizers.h"

#include <gtest/gtest.h>

namespace nmt::eval {
namespace {

// Expected strings were produced by running sacreBLEU's own regexes
// (tokenizer_13a.py + tokenizer_re.py) in Python on the same inputs.

TEST(Tokenizer13a, KeepsSeparatorsInsideNumbers) {
  EXPECT_EQ(tokenize_13a("1,234.5"), "1,234.5");
  EXPECT_EQ(tokenize_13a("1,234,567."), "1,234,567 .");
  EXPECT_EQ(tokenize_13a("version 2.0-dev, 1.2.3"), "version 2.0 - dev , 1.2.3");
}

TEST(Tokenizer13a, SplitsDashOnlyAfterADigit) {
  EXPECT_EQ(tokenize_13a("a-b"), "a-b");
  EXPECT_EQ(tokenize_13a("3-45"), "3 - 45");
  EXPECT_EQ(tokenize_13a("x--y 9--9"), "x--y 9 - -9");
  EXPECT_EQ(tokenize_13a("3\u201345"), "3\u201345");  // en dash is not ASCII punctuation
}

TEST(Tokenizer13a, SplitsAsciiPunctuation) {
  EXPECT_EQ(tokenize_13a("Hello, world."), "Hello , world .");
  EXPECT_EQ(tokenize_13a("It's 5.5% ($3.50)!"), "It's 5.5 % ( $ 3.50 ) !");
  EXPECT_EQ(tokenize_13a("(2,048 / 6-99)"), "( 2,048 / 6 - 99 )");
  EXPECT_EQ(tokenize_13a("e.g. U.S.A."), "e . g . U . S . A .");
  EXPECT_EQ(tokenize_13a("..."), ". . .");
  EXPECT_EQ(tokenize_13a("caf\u00e9."), "caf\u00e9 .");
  // Every range of the first regex's character class; the apostrophe is not in it.
  EXPECT_EQ(tokenize_13a("a[b]c{d}e|f~g^h_i`j\\k"), "a [ b ] c { d } e | f ~ g ^ h _ i ` j \\ k");
  EXPECT_EQ(tokenize_13a("x:y;z<w=v>u?t@s/r!q#p&o*n+m"),
            "x : y ; z < w = v > u ? t @ s / r ! q # p & o * n + m");
  EXPECT_EQ(tokenize_13a("a'b"), "a'b");
}

TEST(Tokenizer13a, ResumesScanningAfterEachRegexMatchLikeReSub) {
  // Rule 2 consumes "a." so "," is not preceded by an unconsumed non-digit;
  // rule 3 then splits it off "b".
  EXPECT_EQ(tokenize_13a("a.,b"), "a . , b");
}

TEST(Tokenizer13a, UnescapesEntitiesInSacrebleuOrder) {
  EXPECT_EQ(tokenize_13a("He said &quot;hi&quot; &amp; left"), "He said \" hi \" & left");
  EXPECT_EQ(tokenize_13a("&lt;b&gt;"), "< b >");
  // &quot; is replaced before &amp;, so "&amp;quot;" becomes "&quot;" text, then split.
  EXPECT_EQ(tokenize_13a("&amp;quot;"), "& quot ;");
}

TEST(Tokenizer13a, DropsSkippedMarkersAndJoinsHyphenatedLineBreaks) {
  EXPECT_EQ(tokenize_13a("a <skipped> b"), "a b");
  EXPECT_EQ(tokenize_13a("foo-\nbar"), "foobar");
  EXPECT_EQ(tokenize_13a("x\ny"), "x y");
}

TEST(Tokenizer13a, SplitsOnPythonWhitespace) {
  EXPECT_EQ(tokenize_13a("1\u00a0234 567.5"), "1 234 567.5");
  EXPECT_EQ(tokenize_13a("  a\t\u3000b  "), "a b");
  EXPECT_EQ(tokenize_13a(""), "");
}

}  // namespace
}  // namespace nmt::eval
