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

}  // namespace
}  // namespace nmt::eval
