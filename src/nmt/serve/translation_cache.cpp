#include "nmt/serve/translation_cache.h"

#include <cstring>

namespace nmt::serve {

std::string TranslationCache::key(size_t model, int64_t n_best, bool attention, const std::vector<int>& source) {
  std::string k = std::to_string(model) + "/" + std::to_string(n_best) + (attention ? "/a/" : "/-/");
  const size_t at = k.size();
  k.resize(at + source.size() * sizeof(int));
  if (!source.empty()) std::memcpy(&k[at], source.data(), source.size() * sizeof(int));
  return k;
}

int64_t TranslationCache::size_of(const std::string& key, const SentenceResult& result) {
  int64_t bytes = static_cast<int64_t>(key.size() + sizeof(Entry)) + 64;  // the list node and the index's share
  for (const auto& h : result.n_best) bytes += static_cast<int64_t>(sizeof(h) + h.tokens.size() * sizeof(int));
  for (const auto& row : result.attention) bytes += static_cast<int64_t>(sizeof(row) + row.size() * sizeof(float));
  return bytes;
}

std::optional<SentenceResult> TranslationCache::get(const std::string& key) {
  if (capacity_ <= 0) return std::nullopt;
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = index_.find(key);
  if (it == index_.end()) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->result;
}

void TranslationCache::put(const std::string& key, const SentenceResult& result) {
  if (capacity_ <= 0) return;
  const int64_t bytes = size_of(key, result);
  if (bytes > capacity_) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (index_.count(key)) return;  // another request put it meanwhile
  order_.push_front(Entry{key, result, bytes});
  index_[key] = order_.begin();
  bytes_ += bytes;
  while (bytes_ > capacity_) {
    bytes_ -= order_.back().bytes;
    index_.erase(order_.back().key);
    order_.pop_back();
  }
}

TranslationCache::Stats TranslationCache::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return {hits_, misses_, bytes_, static_cast<int64_t>(order_.size())};
}

}  // namespace nmt::serve
