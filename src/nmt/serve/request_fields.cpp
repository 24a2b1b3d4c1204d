#include "nmt/serve/request_fields.h"

#include <algorithm>

#include "nmt/text/utf8.h"

namespace nmt::serve {

using json = nlohmann::json;

namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

void send_json(httplib::Response& res, const json& body, int status) {
  res.status = status;
  res.set_content(dump(body), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, json{{"error", message}}, status);
}

Fields::Fields(const httplib::Request& req, int json_max_depth) : req_(req) {
  const auto type = req.get_header_value("Content-Type");
  if (type.rfind("application/json", 0) == 0) {
    is_json_ = true;
    // Checked as the parser goes down, before a deep tree is built.
    const json::parser_callback_t depth_limit = [json_max_depth](int depth, json::parse_event_t, json&) {
      if (depth > json_max_depth) {
        throw HttpError{400, "Invalid JSON format: nested deeper than " + std::to_string(json_max_depth) + " levels"};
      }
      return true;
    };
    try {
      json_ = json::parse(req.body, depth_limit);
    } catch (const json::exception& e) {  // a syntax error, or a number too large for a double (found by fuzzing)
      throw HttpError{400, std::string("Invalid JSON format: ") + e.what()};
    }
    if (!json_.is_object()) throw HttpError{400, "Invalid JSON format"};
  }
}

std::optional<json> Fields::get(const std::string& name) const {
  if (is_json_) {
    const auto it = json_.find(name);
    if (it == json_.end() || it->is_null()) return std::nullopt;
    return *it;
  }
  std::string value;
  if (req_.has_param(name)) {
    value = req_.get_param_value(name);
  } else if (req_.form.has_field(name)) {  // multipart: a plain field
    value = req_.form.get_field(name);
  } else if (req_.form.has_file(name)) {  // multipart: a part with a file name
    value = req_.form.get_file(name).content;
  } else {
    return std::nullopt;
  }
  const auto bad = text::find_invalid_utf8(value);
  if (bad != std::string::npos) {
    throw HttpError{400, "Invalid request: " + name + " parameter is not valid UTF-8 (byte " + std::to_string(bad) + ")"};
  }
  return json(value);
}

std::string Fields::string(const std::string& name) const {
  const auto v = get(name);
  if (!v) return "";
  if (!v->is_string()) throw HttpError{400, "Invalid request: " + name + " parameter must be a string"};
  return v->get<std::string>();
}

bool Fields::flag(const std::string& name) const {
  const auto v = get(name);
  if (!v) return false;
  if (v->is_boolean()) return v->get<bool>();
  if (v->is_string()) {
    const auto s = v->get<std::string>();
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0" || s.empty()) return false;
  }
  throw HttpError{400, "Invalid request: " + name + " parameter must be true or false"};
}

std::pair<std::vector<std::string>, bool> read_q(const Fields& fields) {
  const auto q = fields.get("q");
  const auto missing = HttpError{400, "Invalid request: missing q parameter"};
  if (!q) throw missing;
  if (q->is_string()) {
    std::string text = q->get<std::string>();
    if (text.empty()) throw missing;
    if (!fields.is_json()) {  // forms: line endings made LF, as LibreTranslate does
      std::string lf;
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
          if (i + 1 < text.size() && text[i + 1] == '\n') continue;
          lf += '\n';
        } else {
          lf += text[i];
        }
      }
      text = std::move(lf);
    }
    return {{text}, false};
  }
  if (q->is_array()) {
    if (q->empty()) throw missing;
    std::vector<std::string> texts;
    for (const auto& item : *q) {
      if (!item.is_string()) throw HttpError{400, "Invalid request: q parameter must be a string or an array of strings"};
      texts.push_back(item.get<std::string>());
    }
    return {texts, true};
  }
  throw HttpError{400, "Invalid request: q parameter must be a string or an array of strings"};
}

int64_t read_alternatives(const Fields& fields) {
  const auto v = fields.get("alternatives");
  if (!v) return 0;
  const HttpError not_a_number{400, "Invalid request: alternatives parameter is not a number"};
  if (v->is_number_integer()) return std::max<int64_t>(0, v->get<int64_t>());
  if (v->is_string()) {
    const auto s = v->get<std::string>();
    try {
      size_t used = 0;
      const long long n = std::stoll(s, &used);
      if (used != s.size()) throw not_a_number;
      return std::max<int64_t>(0, n);
    } catch (const std::logic_error&) {
      throw not_a_number;
    }
  }
  throw not_a_number;
}


}  // namespace nmt::serve
