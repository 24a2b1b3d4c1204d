#pragma once
// Translated documents waiting to be downloaded (LibreTranslate's
// /download_file/<name>): kept in memory, never on disk, so a name cannot
// reach a path; each for `ttl` after it is made, and together at most
// `max_bytes` (the oldest go first).
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace nmt::serve {

class TranslatedFiles {
 public:
  using Clock = std::chrono::steady_clock;
  TranslatedFiles(int64_t max_bytes, std::chrono::seconds ttl) : max_bytes_(max_bytes), ttl_(ttl) {}

  // Keeps `bytes` and returns its name: 32 random hex digits, a dot and
  // `file_name` made safe (as werkzeug's secure_filename: ASCII letters,
  // digits, '.', '-' and '_'; spaces become '_'; no leading dots).
  std::string put(const std::string& file_name, std::string bytes);

  struct File {
    std::string download_name;  // the name without its random part
    std::string bytes;
  };
  // The file called `name`, if it is still kept.
  std::optional<File> get(const std::string& name);

  static std::string safe_name(const std::string& file_name);

 private:
  void expire(Clock::time_point now);  // under mutex_
  struct Entry {
    std::string bytes;
    Clock::time_point made;
  };
  int64_t max_bytes_;
  std::chrono::seconds ttl_;
  std::mutex mutex_;
  std::map<std::string, Entry> files_;
  std::deque<std::string> order_;  // names, oldest first
  int64_t bytes_ = 0;
};

}  // namespace nmt::serve
