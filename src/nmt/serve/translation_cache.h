#pragma once
// A least-recently-used cache of sentence translations: (model, n-best,
// attention, the sentence's piece ids) -> what the scheduler gave for it.
// Translations do not depend on their batch (a tested property), so a hit
// gives what translating again would. Sized in bytes (keys, hypotheses and
// attention weights counted); capacity 0 turns it off.
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "nmt/serve/batch_scheduler.h"

namespace nmt::serve {

class TranslationCache {
 public:
  explicit TranslationCache(int64_t capacity_bytes) : capacity_(capacity_bytes) {}
  static std::string key(size_t model, int64_t n_best, bool attention, const std::vector<int>& source);
  // Counts a hit or a miss.
  std::optional<SentenceResult> get(const std::string& key);
  void put(const std::string& key, const SentenceResult& result);

  struct Stats {
    int64_t hits = 0, misses = 0, bytes = 0, entries = 0;
  };
  Stats stats() const;
  bool enabled() const { return capacity_ > 0; }

 private:
  struct Entry {
    std::string key;
    SentenceResult result;
    int64_t bytes;
  };
  static int64_t size_of(const std::string& key, const SentenceResult& result);

  int64_t capacity_;
  mutable std::mutex mutex_;
  std::list<Entry> order_;  // most recent first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  int64_t bytes_ = 0, hits_ = 0, misses_ = 0;
};

}  // namespace nmt::serve
