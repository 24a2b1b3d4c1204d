// The lexical shortlist: Dice rankings and the frequent list worked out by
// hand on a tiny corpus of piece ids, a batch's vocabulary, the file's round
// trip, and its refusals of broken files on their message.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "error_message.h"
#include "nmt/decode/shortlist.h"

namespace nmt::decode {
namespace {

// Source pieces 4..7, target pieces 4..9. Target 4 ("the") is in every
// sentence; source 5 always comes with target 7; source 6 with target 8 in
// 2 of its 3 sentences, and target 9 once.
ShortlistCounter tiny_corpus() {
  ShortlistCounter c(8, 10);
  c.add({4, 5}, {4, 7});
  c.add({5, 5}, {4, 7, 7});  // repeats count once
  c.add({6}, {4, 8});
  c.add({6, 4}, {4, 8, 5});
  c.add({6}, {4, 9});
  c.add({7}, {4, 5});
  return c;
}

TEST(Shortlist, DiceRanksTheTranslationAboveTheCommonPiece) {
  ShortlistOptions o;
  o.frequent = 2, o.per_source = 2;
  const auto list = tiny_corpus().finish(o);
  EXPECT_EQ(list.pairs(), 6);
  // Counts: target 4 in 6 sentences, 5 in 2, 7 in 2, 8 in 2, 9 in 1.
  EXPECT_EQ(list.frequent(), (std::vector<int>{4, 5}));  // 5, 7 and 8 tie at 2: the lower id
  // Source 5 (2 sentences): 7 -> 2*2/(2+2) = 1; 4 -> 2*2/(2+6) = 0.5.
  EXPECT_EQ(list.of_source(5), (std::vector<int>{7, 4}));
  // Source 6 (3 sentences): 8 -> 2*2/(3+2) = 0.8; 4 -> 2*3/(3+6) = 0.667; 9 -> 2/(3+1) = 0.5; 5 -> 2/(3+2) = 0.4.
  EXPECT_EQ(list.of_source(6), (std::vector<int>{8, 4}));
  EXPECT_TRUE(list.of_source(0).empty()) << "a piece never seen brings nothing";
}

TEST(Shortlist, ABatchGetsTheFrequentPiecesItsSourcesListsAndTheReservedIds) {
  ShortlistOptions o;
  o.frequent = 1, o.per_source = 1;
  const auto list = tiny_corpus().finish(o);
  const std::vector<int> a = {5}, b = {6, 6};
  EXPECT_EQ(list.vocabulary({&a}), (std::vector<int64_t>{0, 1, 2, 3, 4, 7}));
  EXPECT_EQ(list.vocabulary({&a, &b}), (std::vector<int64_t>{0, 1, 2, 3, 4, 7, 8}));
  const std::vector<int> outside = {8};
  EXPECT_EQ(testing::error_message([&] { list.vocabulary({&outside}); }),
            "source piece 8 is outside the shortlist's 8");
}

struct TempFile {
  std::string path = ::testing::TempDir() + "shortlist_test_" + std::to_string(::getpid());
  ~TempFile() { std::remove(path.c_str()); }
  void write(const std::string& text) const { std::ofstream(path) << text; }
};

TEST(Shortlist, SavedAndLoadedGivesTheSameLists) {
  ShortlistOptions o;
  o.frequent = 3, o.per_source = 3;
  const auto list = tiny_corpus().finish(o);
  TempFile file;
  list.save(file.path);
  const auto back = Shortlist::load(file.path);
  EXPECT_EQ(back.pairs(), 6);
  EXPECT_EQ(back.frequent(), list.frequent());
  for (int s = 0; s < 8; ++s) EXPECT_EQ(back.of_source(s), list.of_source(s)) << "source " << s;
}

TEST(Shortlist, BrokenFilesAreRefusedNamingTheLine) {
  TempFile file;
  auto error = [&](const std::string& text) {
    file.write(text);
    return testing::error_message([&] { Shortlist::load(file.path); });
  };
  const std::string head = "nmt-shortlist 1\nvocabularies 2 11 6 22\npairs 3\n";
  EXPECT_EQ(testing::error_message([&] { Shortlist::load(file.path + ".missing"); }),
            "cannot open shortlist " + file.path + ".missing");
  EXPECT_EQ(error("hello\n"), file.path + " is not an nmt shortlist (its first line should be 'nmt-shortlist 1')");
  EXPECT_EQ(error("nmt-shortlist 7\n"), file.path + " is a version 7 shortlist; this nmt reads version 1");
  EXPECT_EQ(error(head + "frequent 2 4\n"), file.path + ":4: expected 2 piece ids, found 1");
  EXPECT_EQ(error(head + "frequent 1 6\n"), file.path + ":4: piece id 6 is outside the vocabulary of 6");
  EXPECT_EQ(error(head + "frequent 1 5\nsource 0 1 4\n"), file.path + ": ends before its source lists (line 6)");
  EXPECT_EQ(error(head + "frequent 1 5\nsource 1 0\n"), file.path + ":5: expected the list of source piece 0, found 1");
  EXPECT_EQ(error(head + "frequent 1 5\nsource 0 0\nsource 1 1 4 5\n"), file.path + ":6: more than 1 piece ids");
  EXPECT_EQ(error(head + "frequent 0\nsource 0 0\nsource 1 0\nextra\n"),
            file.path + ":7: more lines than the 2 source pieces");
  EXPECT_EQ(error(head + "frequent 0\nsource 0 0\nsource 1 0\n"), "") << "a whole file loads";
}

}  // namespace
}  // namespace nmt::decode
