#include "nmt/data/cleaner.h"

#include <gtest/gtest.h>

#include "text/test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::error_message;

// Each reason's count known by hand (min 2 words, max 8, ratio 3).
const std::vector<SentencePair> kPairs = {
    {"caf\xE9 noir", "black coffee"},              // invalid UTF-8
    {"", "hola amigo"},                            // empty
    {"two words", "  \t "},                        // empty (whitespace only)
    {"Hi", "Hola amigo"},                          // too short
    {"1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 9"},    // too long
    {"two words", "a b c d e f g"},                // ratio 7/2 > 3
    {"a b c d e f g", "two words"},                // ratio, the other way
    {"two words", "a b c d e f"},                  // ratio exactly 3: kept
    {"the house", "la casa"},                      // kept
    {"the house", "la casa"},                      // duplicate
    {"the house", "la  casa"},                     // kept: nothing is normalised
    {"la casa", "the house"},                      // kept: sides are not interchangeable
    {"x ab", "c y"},                               // kept
    {"x a", "bc y"},                               // kept: not the same pair joined differently
    {"1 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 8"},        // 8 words: kept
    {"the house", "la casa"},                      // duplicate
};

CleanOptions test_options() {
  CleanOptions options;
  options.min_words = 2;
  options.max_words = 8;
  options.max_ratio = 3;
  return options;
}

std::vector<bool> keep_all(Cleaner& cleaner) {
  std::vector<bool> kept;
  for (const SentencePair& pair : kPairs) kept.push_back(cleaner.keep(pair));
  return kept;
}

TEST(Cleaner, CountsEachReasonOnceInOrder) {
  Cleaner cleaner(test_options());
  const std::vector<bool> kept = keep_all(cleaner);
  EXPECT_EQ(kept, (std::vector<bool>{false, false, false, false, false, false, false, true, true, false, true, true,
                                     true, true, true, false}));
  const CleanStats& stats = cleaner.stats();
  EXPECT_EQ(stats.invalid_utf8, 1);
  EXPECT_EQ(stats.empty, 2);
  EXPECT_EQ(stats.too_short, 1);
  EXPECT_EQ(stats.too_long, 1);
  EXPECT_EQ(stats.bad_ratio, 2);
  EXPECT_EQ(stats.duplicate, 2);
  EXPECT_EQ(stats.kept, 7);
  EXPECT_EQ(stats.dropped(), 9);
  EXPECT_EQ(stats.total(), static_cast<int64_t>(kPairs.size()));
}

TEST(Cleaner, KeepsDuplicatesWhenAskedAndIgnoresTheRatioAtZero) {
  CleanOptions options = test_options();
  options.drop_duplicates = false;
  options.max_ratio = 0;
  Cleaner cleaner(options);
  keep_all(cleaner);
  EXPECT_EQ(cleaner.stats().duplicate, 0);
  EXPECT_EQ(cleaner.stats().bad_ratio, 0);
  EXPECT_EQ(cleaner.stats().kept, 11);
}

TEST(Cleaner, DefaultsAreOneTo250WordsAndRatio3) {
  Cleaner cleaner{CleanOptions{}};
  EXPECT_TRUE(cleaner.keep({"Amen.", "Así sea, amén."}));
  EXPECT_FALSE(cleaner.keep({"Amen.", "Así sea, amén, amén."}));
  std::string words;
  for (int i = 0; i < 251; ++i) words += "w" + std::to_string(i) + " ";
  EXPECT_FALSE(cleaner.keep({words, words}));
  EXPECT_EQ(cleaner.stats().bad_ratio, 1);
  EXPECT_EQ(cleaner.stats().too_long, 1);
}

TEST(Cleaner, RefusesOptionsOutOfRange) {
  CleanOptions options;
  options.min_words = 0;
  EXPECT_EQ(error_message([&] { Cleaner{options}; }), "minimum length must be at least 1 word, found 0");
  options = CleanOptions{};
  options.max_words = 0;
  EXPECT_EQ(error_message([&] { Cleaner{options}; }), "maximum length (0 words) is below the minimum (1)");
  options = CleanOptions{};
  options.max_ratio = 0.5;
  EXPECT_EQ(error_message([&] { Cleaner{options}; }),
            "maximum length ratio must be at least 1 (or 0 for no limit), found 0.5");
}

TEST(PairHashSet, FindsEveryValueAgainAcrossGrowth) {
  PairHashSet set;
  for (uint64_t i = 0; i < 100000; ++i) ASSERT_TRUE(set.insert(i * 0x9E3779B97F4A7C15ull)) << i;
  for (uint64_t i = 0; i < 100000; ++i) ASSERT_FALSE(set.insert(i * 0x9E3779B97F4A7C15ull)) << i;
  EXPECT_EQ(set.size(), 100000u);
}

}  // namespace
}  // namespace nmt::data
