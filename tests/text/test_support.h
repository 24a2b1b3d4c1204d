#pragma once
// Files and a small trained vocabulary shared by the text and data tests.
#include <filesystem>
#include <string>
#include <vector>

#include "error_message.h"
#include "nmt/text/vocab.h"

namespace nmt::testing {

// A fresh directory under the system temp dir, removed with the object.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string path() const { return path_.string(); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// Writes `bytes` to `path` as they are (no newline added).
void write_file(const std::string& path, const std::string& bytes);
// Writes `bytes` gzip-compressed.
void write_gzip(const std::string& path, const std::string& bytes);
std::string join_lines(const std::vector<std::string>& lines);  // each followed by "\n"

// A few hundred English lines: the first lines of data/bible-en-es/train.en when
// the checkout has it, generated sentences otherwise.
const std::vector<std::string>& english_lines();
// A 300-piece BPE vocabulary trained once (from a .gz file) on english_lines().
const text::Vocab& english_vocab();
constexpr int kEnglishVocabSize = 300;

}  // namespace nmt::testing
