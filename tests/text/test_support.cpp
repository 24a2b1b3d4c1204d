#include "test_support.h"

#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <fstream>
#include <random>

#include "nmt/data/corpus.h"

namespace nmt::testing {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "nmt_test_XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path);
}

void write_gzip(const std::string& path, const std::string& bytes) {
  gzFile file = gzopen(path.c_str(), "wb");
  if (file == nullptr) throw std::runtime_error("cannot write " + path);
  const int written = gzwrite(file, bytes.data(), static_cast<unsigned>(bytes.size()));
  if (gzclose(file) != Z_OK || written != static_cast<int>(bytes.size())) {
    throw std::runtime_error("cannot write " + path);
  }
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

namespace {

std::vector<std::string> generated_lines(size_t count) {
  const std::vector<std::string> words = {"the", "house", "river", "green", "old",  "walks",
                                          "we",  "saw",   "a",     "light", "city", "under",
                                          "and", "many",  "people", "said", "came", "water"};
  std::mt19937 rng(7);
  std::vector<std::string> lines;
  for (size_t i = 0; i < count; ++i) {
    std::string line = "Line " + std::to_string(i) + ":";
    for (int w = 0; w < 12; ++w) line += " " + words[rng() % words.size()];
    lines.push_back(line + ".");
  }
  return lines;
}

}  // namespace

const std::vector<std::string>& english_lines() {
  static const std::vector<std::string> lines = [] {
    constexpr size_t kCount = 400;
    const std::string bible = std::string(NMT_TEST_DATA) + "/../../data/bible-en-es/train.en";
    if (!std::filesystem::exists(bible)) return generated_lines(kCount);
    std::vector<std::string> all = data::read_lines(bible);
    all.resize(std::min(all.size(), kCount));
    return all;
  }();
  return lines;
}

const text::Vocab& english_vocab() {
  static const text::Vocab vocab = [] {
    TempDir dir;
    write_gzip(dir.file("train.en.gz"), join_lines(english_lines()));
    text::VocabOptions options;
    options.inputs = {dir.file("train.en.gz")};
    options.size = kEnglishVocabSize;
    options.threads = 1;
    return text::Vocab::load(text::train_vocab(options, dir.file("vocab")));
  }();
  return vocab;
}

}  // namespace nmt::testing
