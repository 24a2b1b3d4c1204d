#include "nmt/serve/translated_files.h"

#include <openssl/rand.h>

#include <cctype>

#include "nmt/common/error.h"

namespace nmt::serve {

std::string TranslatedFiles::safe_name(const std::string& file_name) {
  std::string base = file_name.substr(file_name.find_last_of("/\\") == std::string::npos
                                          ? 0
                                          : file_name.find_last_of("/\\") + 1);
  std::string out;
  for (unsigned char c : base) {
    if (std::isalnum(c) || c == '.' || c == '-' || c == '_') out += static_cast<char>(c);
    else if (c == ' ') out += '_';
  }
  const size_t first = out.find_first_not_of("._");
  out = first == std::string::npos ? "" : out.substr(first);
  if (out.empty() || out.find('.') == std::string::npos) out = "document" + (out.empty() ? "" : "_" + out);
  return out.substr(0, 200);
}

std::string TranslatedFiles::put(const std::string& file_name, std::string bytes) {
  unsigned char random[16];
  NMT_CHECK(RAND_bytes(random, sizeof random) == 1, "no random bytes for a file name");
  static const char* hex = "0123456789abcdef";
  std::string name;
  for (unsigned char b : random) name += {hex[b >> 4], hex[b & 15]};
  name += "." + safe_name(file_name);
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = Clock::now();
  expire(now);
  bytes_ += static_cast<int64_t>(bytes.size());
  files_[name] = Entry{std::move(bytes), now};
  order_.push_back(name);
  while (bytes_ > max_bytes_ && order_.size() > 1) {  // the newest stays, whatever its size
    bytes_ -= static_cast<int64_t>(files_[order_.front()].bytes.size());
    files_.erase(order_.front());
    order_.pop_front();
  }
  return name;
}

std::optional<TranslatedFiles::File> TranslatedFiles::get(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  expire(Clock::now());
  const auto it = files_.find(name);
  if (it == files_.end()) return std::nullopt;
  return File{name.substr(name.find('.') + 1), it->second.bytes};
}

void TranslatedFiles::expire(Clock::time_point now) {
  while (!order_.empty()) {
    const auto it = files_.find(order_.front());
    if (it != files_.end() && now - it->second.made < ttl_) break;
    if (it != files_.end()) {
      bytes_ -= static_cast<int64_t>(it->second.bytes.size());
      files_.erase(it);
    }
    order_.pop_front();
  }
}

}  // namespace nmt::serve
