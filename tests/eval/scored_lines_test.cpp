#include "nmt/eval/scored_lines.h"

#include <fstream>

#include <gtest/gtest.h>

#include "nmt/common/error.h"

namespace nmt::eval {
namespace {

TEST(ScoredLines, StripTrailingWhitespaceLikePythonRstrip) {
  // '\r' ends up stripped (files are split on '\n' only), as do NBSP and
  // U+3000; leading whitespace stays.
  const auto lines = split_scored_lines("a b  \r\n  c\u00a0\n\nlast\u3000");
  EXPECT_EQ(lines, (std::vector<std::string>{"a b", "  c", "", "last"}));
}

TEST(ScoredLines, FinalNewlineDoesNotAddAnEmptyLine) {
  EXPECT_EQ(split_scored_lines("x\ny\n"), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(split_scored_lines("x\n\n"), (std::vector<std::string>{"x", ""}));
  EXPECT_TRUE(split_scored_lines("").empty());
}

TEST(ScoredLines, ReadsAFile) {
  const std::string path = ::testing::TempDir() + "scored_lines_test.txt";
  std::ofstream(path) << "first line \nsecond\n";
  EXPECT_EQ(read_scored_lines(path), (std::vector<std::string>{"first line", "second"}));
}

TEST(ScoredLines, MissingFileErrorNamesIt) {
  try {
    read_scored_lines("/nonexistent/hyps.txt");
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/hyps.txt"), std::string::npos) << e.what();
  }
}

TEST(ScoredLines, InvalidUtf8NamesSourceLineAndByte) {
  try {
    split_scored_lines("fine\nbad \xC3\x28 here\n", "<stdin>");
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    EXPECT_EQ(std::string(e.what()), "<stdin>:2: invalid UTF-8 at byte 5");
  }
  const std::string path = ::testing::TempDir() + "scored_lines_bad.txt";
  std::ofstream(path) << "ok\nok\n\xFF\n";
  try {
    read_scored_lines(path);
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    EXPECT_EQ(std::string(e.what()), path + ":3: invalid UTF-8 at byte 1");
  }
}

TEST(ScoredLines, EveryReferenceFileMustHaveTheHypothesesLineCount) {
  const std::string a = ::testing::TempDir() + "scored_lines_ref_a.txt";
  const std::string b = ::testing::TempDir() + "scored_lines_ref_b.txt";
  std::ofstream(a) << "one\ntwo\n";
  std::ofstream(b) << "one\n";
  EXPECT_EQ(read_reference_files({a, a}, 2, "'h'").size(), 2u);
  try {
    read_reference_files({a, b}, 2, "'h'");
    FAIL() << "expected nmt::Error";
  } catch (const nmt::Error& e) {
    EXPECT_EQ(std::string(e.what()), "hypotheses 'h' have 2 lines but references '" + b + "' have 1 lines");
  }
}

}  // namespace
}  // namespace nmt::eval
