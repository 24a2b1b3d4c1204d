#include "nmt/serve/suggestions.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/serve/access.h"

namespace nmt::serve {
namespace {

int64_t size_of(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<int64_t>(st.st_size) : 0;
}

}  // namespace

std::string tsv_field(const std::string& text) {
  std::string out = text;
  for (char& c : out) {
    if (c == '\t' || c == '\r' || c == '\n') c = ' ';
  }
  return out;
}

SuggestionStore::SuggestionStore(std::string dir) : dir_(std::move(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  NMT_CHECK(!ec && std::filesystem::is_directory(dir_),
            "--suggestions-dir " << dir_ << ": cannot create the folder" << (ec ? ": " + ec.message() : ""));
}

void SuggestionStore::add(const std::string& source_lang, const std::string& target_lang, const std::string& text,
                          const std::string& suggestion, const std::string& api_key) {
  const std::string base = (std::filesystem::path(dir_) / (source_lang + "-" + target_lang)).string();
  const std::string pairs = base + ".tsv", meta = base + ".meta.tsv";
  const std::string pair_line = tsv_field(text) + "\t" + tsv_field(suggestion) + "\n";
  const std::string meta_line = utc_timestamp() + "\t" + key_fingerprint(api_key) + "\n";
  std::lock_guard<std::mutex> lock(mutex_);
  // The meta line first: should the pair's line then fail, the meta file is
  // cut back, so the two files keep the same lines.
  const int64_t meta_size = size_of(meta);
  {
    AppendFile file(meta);
    file.append(meta_line);
    file.sync();
  }
  try {
    AppendFile file(pairs);
    file.append(pair_line);
    file.sync();
  } catch (...) {
    [[maybe_unused]] const int cut = ::truncate(meta.c_str(), meta_size);
    throw;
  }
}

}  // namespace nmt::serve
