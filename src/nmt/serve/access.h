#pragma once
// Who may translate, and how often: optional API keys (a keys file) with a
// requests-per-minute limit each, and a limit for requests without a key,
// counted per client address. LibreTranslate's rules and messages: an
// unknown key is 403 "Invalid API key"; a missing key where one is required
// is 400; too many requests are 429 "Slowdown: N per 1 minute".
//
// Keys are kept as SHA-256 digests and a presented key is compared with
// every one in constant time, so neither the answer's time nor a memory dump
// gives a key away. Invalid keys are counted per client address: past
// key_failures_limit a minute, that address gets 429 whatever it sends.
#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace nmt::serve {

struct AccessOptions {
  std::string keys_file;     // lines "KEY [REQUESTS_PER_MINUTE]"; '#' starts a comment; "" = no keys
  bool require_key = false;  // requests without a key are refused
  int64_t req_limit = -1;    // requests per minute without a key, per client address; -1 = no limit
  int64_t key_failures_limit = 10;  // invalid keys per minute per client address; beyond, 429 (0: no limit)
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
  using Digest = std::array<unsigned char, 32>;
  static Digest digest(const std::string& key);  // SHA-256
  bool key_required() const { return options_.require_key; }

 private:

  AccessOptions options_;
  struct Key {
    Digest digest;
    int64_t per_minute;  // -1: no limit
  };
  // The key with this digest, compared with every key in constant time; null when none.
  const Key* find(const Digest& d) const;
  // Counts one event for `who` in the last minute; true while under `limit`.
  bool count(const std::string& who, int64_t limit, std::chrono::steady_clock::time_point now, bool add);

  std::vector<Key> keys_;
  std::mutex mutex_;
  std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> recent_;  // who -> last minute's requests
  std::chrono::steady_clock::time_point last_prune_{};
};

// The first 16 hex digits of a key's SHA-256, "-" for no key: what the
// server writes beside what a key did (suggestions, glossaries), never the key.
std::string key_fingerprint(const std::string& api_key);

}  // namespace nmt::serve
