#pragma once
// Who may translate, and how often: optional API keys (a keys file) with a
// requests-per-minute limit each, and a limit for requests without a key,
// counted per client address. LibreTranslate's rules and messages: an
// unknown key is 403 "Invalid API key"; a missing key where one is required
// is 400; too many requests are 429 "Slowdown: N per 1 minute".
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace nmt::serve {

struct AccessOptions {
  std::string keys_file;     // lines "KEY [REQUESTS_PER_MINUTE]"; '#' starts a comment; "" = no keys
  bool require_key = false;  // requests without a key are refused
  int64_t req_limit = -1;    // requests per minute without a key, per client address; -1 = no limit
};

struct AccessDecision {
  int status = 200;  // 200, 400, 403 or 429
  std::string error;
};

class AccessControl {
 public:
  // Reads the keys file; errors name it and the line.
  explicit AccessControl(AccessOptions options);
  AccessDecision admit(const std::string& api_key, const std::string& client,
                       std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());
  bool has_keys() const { return !keys_.empty(); }
  bool key_required() const { return options_.require_key; }

 private:
  // Counts a request against `limit` per minute; false when it would exceed it.
  bool take(const std::string& who, int64_t limit, std::chrono::steady_clock::time_point now);

  AccessOptions options_;
  std::map<std::string, int64_t> keys_;  // key -> requests per minute (-1: no limit)
  std::mutex mutex_;
  std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> recent_;  // who -> last minute's requests
  std::chrono::steady_clock::time_point last_prune_{};
};

}  // namespace nmt::serve
