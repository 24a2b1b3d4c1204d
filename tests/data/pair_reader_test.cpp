// Plain pairs and TSV through open_corpus / read_corpus.
#include "nmt/data/pair_reader.h"

#include <gtest/gtest.h>

#include "text/test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;
using ::nmt::testing::write_gzip;
using Lines = std::vector<std::string>;

std::vector<SentencePair> read_all(PairReader& reader) {
  std::vector<SentencePair> pairs;
  SentencePair pair;
  while (reader.next(pair)) pairs.push_back(pair);
  return pairs;
}

TEST(TextPairReader, ReadsPlainAndGzipFilesInStepWithLocations) {
  TempDir dir;
  write_file(dir.file("a.en"), "Hello.\r\nGood night.\n");
  write_gzip(dir.file("a.es.gz"), "Hola.\nBuenas noches.\r\n");
  const auto reader = open_corpus({{dir.file("a.en"), dir.file("a.es.gz")}});
  SentencePair pair;
  ASSERT_TRUE(reader->next(pair));
  EXPECT_EQ(pair.src, "Hello.");
  EXPECT_EQ(pair.tgt, "Hola.");
  EXPECT_EQ(reader->location(), dir.file("a.en") + ":1");
  ASSERT_TRUE(reader->next(pair));
  EXPECT_EQ(pair.src, "Good night.");
  EXPECT_EQ(pair.tgt, "Buenas noches.");
  EXPECT_EQ(reader->location(), dir.file("a.en") + ":2");
  EXPECT_FALSE(reader->next(pair));
  EXPECT_EQ(reader->skipped(), 0);
}

TEST(TextPairReader, LineCountsDifferNamesBothFilesCountsAndFirstLineWithoutCounterpart) {
  TempDir dir;
  const std::string src = dir.file("train.en"), tgt = dir.file("train.es");
  write_file(src, "a\nb\n");
  write_file(tgt, "a\nb\nc\nd\n");
  const auto reader = open_corpus({{src, tgt}});
  SentencePair pair;
  ASSERT_TRUE(reader->next(pair));  // streamed: found when the shorter file ends
  ASSERT_TRUE(reader->next(pair));
  EXPECT_EQ(error_message([&] { reader->next(pair); }),
            src + " has 2 lines but " + tgt + " has 4 lines: line 3 of " + tgt +
                " is the first without a counterpart in " + src);
  write_file(src, "a\nb\nc\n");
  write_file(tgt, "a\nb\n");
  EXPECT_EQ(error_message([&] { read_corpus({{src, tgt}}); }),
            src + " has 3 lines but " + tgt + " has 2 lines: line 3 of " + src +
                " is the first without a counterpart in " + tgt);
}

TEST(TextPairReader, InvalidUtf8IsAnErrorOrPassedThrough) {
  TempDir dir;
  const std::string src = dir.file("a.en"), tgt = dir.file("a.es");
  write_file(src, "one\ntwo\n");
  write_file(tgt, "uno\nse\xF1or\n");  // Latin-1
  EXPECT_EQ(error_message([&] { read_corpus({{src, tgt}}); }), tgt + ":2: invalid UTF-8 at byte 3");
  CorpusSpec spec{{src, tgt}};
  spec.check_utf8 = false;
  EXPECT_EQ(read_corpus(spec).tgt, (Lines{"uno", "se\xF1or"}));
}

TEST(TextPairReader, EmptyCorpusIsAnErrorOfReadCorpus) {
  TempDir dir;
  write_file(dir.file("e.en"), "");
  write_file(dir.file("e.es"), "");
  EXPECT_EQ(error_message([&] { read_corpus({{dir.file("e.en"), dir.file("e.es")}}); }),
            "parallel corpus " + dir.file("e.en") + " / " + dir.file("e.es") + " is empty");
  EXPECT_EQ(error_message([&] { count_pairs({{dir.file("e.en"), dir.file("e.es")}}); }),
            "parallel corpus " + dir.file("e.en") + " / " + dir.file("e.es") + " is empty");
}

TEST(TextPairReader, CountPairsStreamsTheWholeCorpusAndItsChecks) {
  TempDir dir;
  write_file(dir.file("a.en"), "one\ntwo\nthree\n");
  write_file(dir.file("a.es"), "uno\ndos\ntres\n");
  EXPECT_EQ(count_pairs({{dir.file("a.en"), dir.file("a.es")}}), 3);
  write_file(dir.file("b.es"), "uno\ndos\n");
  const auto message = error_message([&] { count_pairs({{dir.file("a.en"), dir.file("b.es")}}); });
  EXPECT_NE(message.find("has 3 lines but " + dir.file("b.es") + " has 2 lines"), std::string::npos) << message;
}

TEST(TsvReader, SplitsAtTheTabStripsCrlfAndKeepsEmptyFields) {
  TempDir dir;
  const std::string text = "Hello.\tHola.\r\n\tsolo destino\r\nsource only\t\r\n\t\n";
  write_file(dir.file("a.tsv"), text);
  write_gzip(dir.file("b.TSV.gz"), text);  // the extension in any case
  for (const std::string& path : {dir.file("a.tsv"), dir.file("b.TSV.gz")}) {
    const ParallelText read = read_corpus({{path}});
    EXPECT_EQ(read.src, (Lines{"Hello.", "", "source only", ""}));
    EXPECT_EQ(read.tgt, (Lines{"Hola.", "solo destino", "", ""}));
  }
}

TEST(TsvReader, LineWithoutOrWithTwoTabsNamesFileAndLine) {
  TempDir dir;
  const std::string path = dir.file("bad.tsv");
  write_file(path, "a\tb\nno tab here\n");
  EXPECT_EQ(error_message([&] { read_corpus({{path}}); }), path + ":2: expected source<TAB>target, found no tab");
  write_file(path, "a\tb\nc\td\n\n");
  EXPECT_EQ(error_message([&] { read_corpus({{path}}); }), path + ":3: expected source<TAB>target, found no tab");
  write_file(path, "a\tb\tscore 0.9\n");
  EXPECT_EQ(error_message([&] { read_corpus({{path}}); }),
            path + ":1: expected source<TAB>target, found more than one tab (cut the file to two columns first, "
                   "e.g. cut -f 1,2)");
}

TEST(TsvReader, InvalidUtf8NamesLineAndByteUnlessPassedThrough) {
  TempDir dir;
  const std::string path = dir.file("a.tsv");
  write_file(path, "ok\tbien\ncaf\xE9\tcafe\n");
  EXPECT_EQ(error_message([&] { read_corpus({{path}}); }), path + ":2: invalid UTF-8 at byte 4");
  CorpusSpec spec{{path}};
  spec.check_utf8 = false;
  EXPECT_EQ(read_corpus(spec).src[1], "caf\xE9");
}

TEST(OpenCorpus, RefusesAFileOfUnknownFormatAndAWrongFileCount) {
  TempDir dir;
  write_file(dir.file("a.txt"), "x\n");
  EXPECT_EQ(error_message([&] { open_corpus({{dir.file("a.txt")}}); }),
            "cannot tell the format of " + dir.file("a.txt") +
                ": one corpus file must end in .tsv or .tmx (optionally .gz); give plain text as two files SRC TGT");
  EXPECT_EQ(error_message([&] { open_corpus({{"a", "b", "c"}}); }),
            "a corpus is two line-aligned files SRC TGT or one .tsv or .tmx file, found 3 files: a / b / c");
  EXPECT_EQ(error_message([&] { open_corpus({{dir.file("missing.tsv")}}); }),
            "cannot open " + dir.file("missing.tsv"));
}

}  // namespace
}  // namespace nmt::data
