#include "nmt/data/corpus.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "nmt/common/error.h"
#include "nmt/text/line_reader.h"
#include "test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;
using ::nmt::testing::write_gzip;
using Lines = std::vector<std::string>;

TEST(ReadLines, ReadsPlainTextKeepingBlankLines) {
  TempDir dir;
  write_file(dir.file("a.txt"), "first\n\nthird año\n");
  EXPECT_EQ(read_lines(dir.file("a.txt")), (Lines{"first", "", "third año"}));
}

TEST(ReadLines, KeepsALastLineWithoutNewline) {
  TempDir dir;
  write_file(dir.file("a.txt"), "one\ntwo");
  EXPECT_EQ(read_lines(dir.file("a.txt")), (Lines{"one", "two"}));
  write_file(dir.file("empty.txt"), "");
  EXPECT_TRUE(read_lines(dir.file("empty.txt")).empty());
}

TEST(ReadLines, StripsCarriageReturnsOfCrlfLines) {
  TempDir dir;
  write_file(dir.file("dos.txt"), "one\r\ntwo\r\n\r\nin\rside\r\n");
  EXPECT_EQ(read_lines(dir.file("dos.txt")), (Lines{"one", "two", "", "in\rside"}));
}

TEST(ReadLines, DropsAByteOrderMarkOnlyAtTheStart) {
  TempDir dir;
  write_file(dir.file("bom.txt"), "\xEF\xBB\xBFone\n\xEF\xBB\xBFtwo\n");
  EXPECT_EQ(read_lines(dir.file("bom.txt")), (Lines{"one", "\xEF\xBB\xBFtwo"}));
}

TEST(ReadLines, ReadsGzipFiles) {
  TempDir dir;
  const Lines lines = {"Porque es menester que él reine,", "", "hasta poner á todos"};
  write_gzip(dir.file("a.es.gz"), "Porque es menester que él reine,\n\r\nhasta poner á todos\r\n");
  EXPECT_EQ(read_lines(dir.file("a.es.gz")), lines);
}

TEST(ReadLines, ReadsLinesLongerThanTheReadChunk) {
  TempDir dir;
  const std::string long_line(200000, 'x');  // several 64 KiB chunks
  const std::string text = "short\n" + long_line + "\nend\n";
  write_file(dir.file("long.txt"), text);
  write_gzip(dir.file("long.txt.gz"), text);
  const Lines expected = {"short", long_line, "end"};
  EXPECT_EQ(read_lines(dir.file("long.txt")), expected);
  EXPECT_EQ(read_lines(dir.file("long.txt.gz")), expected);
}

TEST(ReadLines, MissingFileNamesIt) {
  TempDir dir;
  const std::string path = dir.file("missing.en");
  EXPECT_EQ(error_message([&] { read_lines(path); }), "cannot open " + path);
}

TEST(ReadLines, DirectoryIsRefusedAtOpen) {
  TempDir dir;
  EXPECT_EQ(error_message([&] { read_lines(dir.file("")); }),
            "cannot open " + dir.file("") + ": it is a directory");
}

TEST(ReadLines, InvalidUtf8NamesFileLineAndByte) {
  TempDir dir;
  const std::string path = dir.file("latin1.txt");
  write_file(path, "fine\nalso fine\nse\xF1or\n");  // "señor" in Latin-1
  EXPECT_EQ(error_message([&] { read_lines(path); }), path + ":3: invalid UTF-8 at byte 3");
}

TEST(ReadLines, TruncatedGzipIsAReadError) {
  TempDir dir;
  const std::string whole = dir.file("whole.gz"), cut = dir.file("cut.gz");
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "line number " + std::to_string(i) + "\n";
  write_gzip(whole, text);
  std::ifstream in(whole, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  write_file(cut, bytes.substr(0, bytes.size() / 2));
  const std::string message = error_message([&] { read_lines(cut); });
  EXPECT_NE(message.find(cut + ": read error"), std::string::npos) << message;
}

TEST(ReadFile, ReadsPlainAndGzipBytesAndReportsTruncation) {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "line " + std::to_string(i) + "\r\n";  // over one 1 MiB read
  write_file(dir.file("plain.txt"), text);
  write_gzip(dir.file("packed.gz"), text);
  EXPECT_EQ(text::read_file(dir.file("plain.txt")), text);  // bytes as they are, CR included
  EXPECT_EQ(text::read_file(dir.file("packed.gz")), text);
  std::ifstream in(dir.file("packed.gz"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  write_file(dir.file("cut.gz"), bytes.substr(0, bytes.size() / 2));
  std::string message = error_message([&] { text::read_file(dir.file("cut.gz")); });
  EXPECT_NE(message.find(dir.file("cut.gz") + ": read error"), std::string::npos) << message;
  message = error_message([&] { text::read_file(dir.file("nope.gz")); });
  EXPECT_EQ(message, "cannot open " + dir.file("nope.gz"));
}

TEST(ReadParallel, ReadsAlignedLines) {
  TempDir dir;
  write_file(dir.file("a.en"), "Hello.\nGood night.\n");
  write_gzip(dir.file("a.es.gz"), "Hola.\nBuenas noches.\n");
  const ParallelText text = read_parallel(dir.file("a.en"), dir.file("a.es.gz"));
  EXPECT_EQ(text.src, (Lines{"Hello.", "Good night."}));
  EXPECT_EQ(text.tgt, (Lines{"Hola.", "Buenas noches."}));
}

TEST(ReadParallel, LineCountMismatchNamesBothFilesAndCounts) {
  TempDir dir;
  const std::string src = dir.file("train.en"), tgt = dir.file("train.es");
  write_file(src, "a\nb\nc\n");
  write_file(tgt, "a\nb\n");
  const std::string message = error_message([&] { read_parallel(src, tgt); });
  EXPECT_EQ(message.rfind(src + " has 3 lines but " + tgt + " has 2 lines", 0), 0u) << message;
}

TEST(ReadParallel, EmptyCorpusIsAnError) {
  TempDir dir;
  const std::string src = dir.file("e.en"), tgt = dir.file("e.es");
  write_file(src, "");
  write_file(tgt, "");
  EXPECT_EQ(error_message([&] { read_parallel(src, tgt); }),
            "parallel corpus " + src + " / " + tgt + " is empty");
}

TEST(ReadParallel, InvalidUtf8InTargetNamesTargetFile) {
  TempDir dir;
  const std::string src = dir.file("a.en"), tgt = dir.file("a.es");
  write_file(src, "one\ntwo\n");
  write_file(tgt, "uno\n\xC3\x28\n");
  EXPECT_EQ(error_message([&] { read_parallel(src, tgt); }), tgt + ":2: invalid UTF-8 at byte 1");
}

}  // namespace
}  // namespace nmt::data
