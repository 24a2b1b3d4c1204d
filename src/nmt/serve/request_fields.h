#pragma once
// A request's fields as LibreTranslate reads them: from a JSON object or a
// form (urlencoded or multipart), each checked for its type and for UTF-8,
// with LibreTranslate's 400 messages. Answers in JSON.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nmt/serve/http.h"
#include <nlohmann/json.hpp>

namespace nmt::serve {

// An answer with LibreTranslate's status and {"error": message}.
struct HttpError {
  int status;
  std::string message;
};

void send_json(httplib::Response& res, const nlohmann::json& body, int status = 200);
void send_error(httplib::Response& res, int status, const std::string& message);

class Fields {
 public:
  // Throws HttpError 400 for a body that is not a JSON object when the
  // Content-Type says JSON, or one nested deeper than `json_max_depth`.
  explicit Fields(const httplib::Request& req, int json_max_depth = 32);
  bool is_json() const { return is_json_; }
  // The field as JSON (a form's value is a string); nullopt when absent.
  std::optional<nlohmann::json> get(const std::string& name) const;
  std::string string(const std::string& name) const;  // "" when absent; 400 when not a string
  bool flag(const std::string& name) const;           // true/false, "true"/"1"/"false"/"0"

 private:
  const httplib::Request& req_;
  bool is_json_ = false;
  nlohmann::json json_;
};

// q as a list of texts, and whether it was one (LibreTranslate answers in kind).
std::pair<std::vector<std::string>, bool> read_q(const Fields& fields);
// alternatives as a count >= 0 (a number or a numeric string).
int64_t read_alternatives(const Fields& fields);

}  // namespace nmt::serve
