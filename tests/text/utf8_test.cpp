#include "nmt/text/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace nmt::text {
namespace {

constexpr size_t kValid = std::string_view::npos;

TEST(Utf8, AcceptsAsciiAndMultibyteText) {
  EXPECT_EQ(find_invalid_utf8(""), kValid);
  EXPECT_EQ(find_invalid_utf8("In the beginning."), kValid);
  EXPECT_EQ(find_invalid_utf8("Habla á Aarón, “dile”"), kValid);
  EXPECT_EQ(find_invalid_utf8("日本語 \xF0\x9F\x98\x80"), kValid);  // CJK and an emoji
}

TEST(Utf8, AcceptsBoundaryCodePoints) {
  for (const char* s : {"\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF",
                        "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF"}) {
    EXPECT_EQ(find_invalid_utf8(s), kValid) << "bytes of length " << std::string(s).size();
  }
}

TEST(Utf8, RejectsOverlongEncodings) {
  EXPECT_EQ(find_invalid_utf8("ab\xC0\x80"), 2u);          // U+0000 in two bytes
  EXPECT_EQ(find_invalid_utf8("\xC1\xBF"), 0u);            // U+007F in two bytes
  EXPECT_EQ(find_invalid_utf8("x\xE0\x80\xAF"), 1u);       // '/' in three bytes
  EXPECT_EQ(find_invalid_utf8("\xE0\x9F\xBF"), 0u);        // U+07FF in three bytes
  EXPECT_EQ(find_invalid_utf8("\xF0\x8F\xBF\xBF"), 0u);    // U+FFFF in four bytes
}

TEST(Utf8, RejectsTruncatedSequences) {
  EXPECT_EQ(find_invalid_utf8("a\xC3"), 1u);               // ends after the lead byte
  EXPECT_EQ(find_invalid_utf8("\xE6\x97"), 0u);            // 2 of 3 bytes
  EXPECT_EQ(find_invalid_utf8("ok\xF0\x9F\x98"), 2u);      // 3 of 4 bytes
  EXPECT_EQ(find_invalid_utf8("\xE6\x97x"), 0u);           // continuation replaced by ASCII
  EXPECT_EQ(find_invalid_utf8("\xC3\xC3\xA9"), 0u);        // a lead byte where a continuation belongs
}

TEST(Utf8, RejectsSurrogates) {
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\x80"), 0u);        // U+D800
  EXPECT_EQ(find_invalid_utf8("a\xED\xBF\xBF"), 1u);       // U+DFFF
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\xBD\xED\xB8\x80"), 0u);  // CESU-8 pair for an emoji
}

TEST(Utf8, RejectsCodePointsAboveU10FFFF) {
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);    // U+110000
  EXPECT_EQ(find_invalid_utf8("\xF5\x80\x80\x80"), 0u);
  EXPECT_EQ(find_invalid_utf8("abc\xFF"), 3u);
}

TEST(Utf8, RejectsStrayContinuationBytes) {
  EXPECT_EQ(find_invalid_utf8("\x80"), 0u);
  EXPECT_EQ(find_invalid_utf8("a\xBF" "b"), 1u);
  EXPECT_EQ(find_invalid_utf8("\xC3\xA9\xA9"), 2u);        // é followed by one byte too many
}

TEST(Utf8, ReportsTheFirstInvalidOffset) {
  EXPECT_EQ(find_invalid_utf8("ok \xC3\xA9 \xFF \xFF"), 6u);  // the é before it is fine
}

}  // namespace
}  // namespace nmt::text
