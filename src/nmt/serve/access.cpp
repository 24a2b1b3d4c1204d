#include "nmt/serve/access.h"

#include <fstream>
#include <sstream>

#include "nmt/common/error.h"

namespace nmt::serve {

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
      NMT_CHECK(keys_.emplace(key, limit).second, options_.keys_file << ":" << number << ": key listed twice");
    }
    NMT_CHECK(!keys_.empty(), "the API keys file " << options_.keys_file << " holds no key");
  }
  NMT_CHECK(!options_.require_key || !keys_.empty(), "--require-api-key needs --api-keys FILE");
}

AccessDecision AccessControl::admit(const std::string& api_key, const std::string& client,
                                    std::chrono::steady_clock::time_point now) {
  if (!api_key.empty()) {
    const auto it = keys_.find(api_key);
    if (it == keys_.end()) return {403, "Invalid API key"};
    if (it->second > 0 && !take("key:" + api_key, it->second, now)) {
      return {429, "Slowdown: " + std::to_string(it->second) + " per 1 minute"};
    }
    return {};
  }
  if (options_.require_key) return {400, "Please contact the server operator to get an API key"};
  if (options_.req_limit > 0 && !take("addr:" + client, options_.req_limit, now)) {
    return {429, "Slowdown: " + std::to_string(options_.req_limit) + " per 1 minute"};
  }
  return {};
}

bool AccessControl::take(const std::string& who, int64_t limit, std::chrono::steady_clock::time_point now) {
  const auto minute_ago = now - std::chrono::minutes(1);
  std::lock_guard<std::mutex> lock(mutex_);
  if (now - last_prune_ > std::chrono::minutes(1)) {  // forget clients quiet for a minute: bounded memory
    for (auto it = recent_.begin(); it != recent_.end();) {
      it = !it->second.empty() && it->second.back() > minute_ago ? std::next(it) : recent_.erase(it);
    }
    last_prune_ = now;
  }
  auto& times = recent_[who];
  while (!times.empty() && times.front() <= minute_ago) times.pop_front();
  if (static_cast<int64_t>(times.size()) >= limit) return false;
  times.push_back(now);
  return true;
}

}  // namespace nmt::serve
