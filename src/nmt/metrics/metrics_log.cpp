#include "nmt/metrics/metrics_log.h"

#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"

namespace nmt::metrics {
namespace {

using nlohmann::json;

struct LineContext {
  const std::string& name;
  size_t line;
};

double number(const json& obj, const char* key, const LineContext& at) {
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return kMissing;
  NMT_CHECK(it->is_number(), at.name << ":" << at.line << ": \"" << key << "\" must be a number, found "
                                     << it->dump());
  return it->get<double>();
}

int64_t step(const json& obj, const LineContext& at) {
  const auto it = obj.find("step");
  NMT_CHECK(it != obj.end(), at.name << ":" << at.line << ": no \"step\"");
  NMT_CHECK(it->is_number_integer(),
            at.name << ":" << at.line << ": \"step\" must be an integer, found " << it->dump());
  return it->get<int64_t>();
}

#define NMT_READ_FIELD(name) p.name = number(obj, #name, at);
#define NMT_WRITE_FIELD(name) \
  if (!std::isnan(p.name)) j[#name] = p.name;

TrainPoint train_point(const json& obj, const LineContext& at) {
  TrainPoint p;
  p.step = step(obj, at);
  NMT_TRAIN_POINT_FIELDS(NMT_READ_FIELD)
  return p;
}

ValidPoint valid_point(const json& obj, const LineContext& at) {
  ValidPoint p;
  p.step = step(obj, at);
  NMT_VALID_POINT_FIELDS(NMT_READ_FIELD)
  return p;
}

}  // namespace

std::string metrics_line(const TrainPoint& p) {
  json j = {{"kind", "train"}, {"step", p.step}};
  NMT_TRAIN_POINT_FIELDS(NMT_WRITE_FIELD)
  if (!std::isnan(p.epoch)) j["epoch"] = static_cast<int64_t>(p.epoch);  // a count: 3, not 3.0
  return j.dump();
}

std::string metrics_line(const ValidPoint& p) {
  json j = {{"kind", "valid"}, {"step", p.step}};
  NMT_VALID_POINT_FIELDS(NMT_WRITE_FIELD)
  return j.dump();
}

#undef NMT_READ_FIELD
#undef NMT_WRITE_FIELD

MetricsLog parse_metrics_log(const std::string& text, const std::string& name) {
  MetricsLog log;
  std::istringstream lines(text);
  std::string line;
  for (size_t line_no = 1; std::getline(lines, line); ++line_no) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const LineContext at{name, line_no};
    json obj;
    try {
      obj = json::parse(line);
    } catch (const json::parse_error& e) {
      NMT_FAIL(name << ":" << line_no << ": not valid JSON (" << e.what() << ")");
    }
    NMT_CHECK(obj.is_object(), name << ":" << line_no << ": expected a JSON object, found " << obj.type_name());
    const auto kind = obj.find("kind");
    NMT_CHECK(kind != obj.end() && kind->is_string(), name << ":" << line_no << ": no \"kind\" string");
    if (*kind == "train") {
      log.train.push_back(train_point(obj, at));
    } else if (*kind == "valid") {
      log.valid.push_back(valid_point(obj, at));
    }  // other kinds belong to newer writers: ignored like unknown keys
  }
  return log;
}

MetricsLog read_metrics_log(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot open metrics log " << path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_metrics_log(text, path);
}

}  // namespace nmt::metrics
