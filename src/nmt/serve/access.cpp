#include "nmt/serve/access.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <fstream>
#include <sstream>

#include "nmt/common/error.h"

namespace nmt::serve {

AccessControl::Digest AccessControl::digest(const std::string& key) {
  Digest d{};
  unsigned int size = 0;
  NMT_CHECK(EVP_Digest(key.data(), key.size(), d.data(), &size, EVP_sha256(), nullptr) == 1 && size == d.size(),
            "SHA-256 failed (OpenSSL)");
  return d;
}

AccessControl::AccessControl(AccessOptions options) : options_(std::move(options)) {
  if (!options_.keys_file.empty()) {
    std::ifstream in(options_.keys_file);
    NMT_CHECK(in, "cannot read the API keys file " << options_.keys_file);
    std::string line;
    for (int64_t number = 1; std::getline(in, line); ++number) {
      const auto hash = line.find('#');
      if (hash != std::string::npos) line.resize(hash);
      std::istringstream fields(line);
      std::string key, rest;
      int64_t limit = -1;
      if (!(fields >> key)) continue;
      if (fields >> rest) {
        std::istringstream number_field(rest);
        NMT_CHECK(number_field >> limit && number_field.eof() && limit >= 1,
                  options_.keys_file << ":" << number << ": requests per minute must be a whole number >= 1, got '"
                                     << rest << "'");
      }
      NMT_CHECK(!(fields >> rest), options_.keys_file << ":" << number << ": expected 'KEY [REQUESTS_PER_MINUTE]'");
      const Digest d = digest(key);
      NMT_CHECK(!find(d), options_.keys_file << ":" << number << ": key listed twice");
      keys_.push_back({d, limit});
    }
    NMT_CHECK(!keys_.empty(), "the API keys file " << options_.keys_file << " holds no key");
  }
  NMT_CHECK(!options_.require_key || !keys_.empty(), "--require-api-key needs --api-keys FILE");
}

const AccessControl::Key* AccessControl::find(const Digest& d) const {
  const Key* found = nullptr;
  for (const auto& k : keys_) {  // no early exit: the time does not depend on where the key is
    const bool same = CRYPTO_memcmp(k.digest.data(), d.data(), d.size()) == 0;
    if (same) found = &k;
  }
  return found;
}

AccessDecision AccessControl::admit(const std::string& api_key, const std::string& client,
                                    std::chrono::steady_clock::time_point now) {
  const int64_t failures = options_.key_failures_limit;
  const std::string address = "failed:" + client;
  if (failures > 0 && !count(address, failures, now, false)) {
    return {429, "Slowdown: too many invalid API keys from this address (limit " + std::to_string(failures) +
                     " per 1 minute)"};
  }
  if (!api_key.empty()) {
    const Digest d = digest(api_key);
    const Key* key = find(d);
    if (!key) {
      if (failures > 0) count(address, failures, now, true);
      return {403, "Invalid API key"};
    }
    if (key->per_minute > 0 &&
        !count("key:" + std::string(reinterpret_cast<const char*>(d.data()), d.size()), key->per_minute, now, true)) {
      return {429, "Slowdown: " + std::to_string(key->per_minute) + " per 1 minute"};
    }
    return {};
  }
  if (options_.require_key) return {400, "Please contact the server operator to get an API key"};
  if (options_.req_limit > 0 && !count("addr:" + client, options_.req_limit, now, true)) {
    return {429, "Slowdown: " + std::to_string(options_.req_limit) + " per 1 minute"};
  }
  return {};
}

bool AccessControl::count(const std::string& who, int64_t limit, std::chrono::steady_clock::time_point now,
                          bool add) {
  const auto minute_ago = now - std::chrono::minutes(1);
  std::lock_guard<std::mutex> lock(mutex_);
  if (now - last_prune_ > std::chrono::minutes(1)) {  // forget clients quiet for a minute: bounded memory
    for (auto it = recent_.begin(); it != recent_.end();) {
      it = !it->second.empty() && it->second.back() > minute_ago ? std::next(it) : recent_.erase(it);
    }
    last_prune_ = now;
  }
  auto found = recent_.find(who);
  if (found == recent_.end()) {
    if (!add) return true;
    found = recent_.emplace(who, std::deque<std::chrono::steady_clock::time_point>{}).first;
  }
  auto& times = found->second;
  while (!times.empty() && times.front() <= minute_ago) times.pop_front();
  if (static_cast<int64_t>(times.size()) >= limit) return false;
  if (add) times.push_back(now);
  return true;
}

std::string key_fingerprint(const std::string& api_key) {
  if (api_key.empty()) return "-";
  const auto digest = AccessControl::digest(api_key);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < 8; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

}  // namespace nmt::serve
