#include "nmt/common/config_file.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "nmt/common/error.h"

namespace nmt {
namespace {

bool one_of(const std::string& s, std::initializer_list<const char*> words) {
  for (const char* w : words) {
    if (s == w) return true;
  }
  return false;
}

nlohmann::json yaml_to_json(const YAML::Node& node, YamlBooleans booleans) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      nlohmann::json j = nlohmann::json::object();
      for (const auto& kv : node) j[kv.first.as<std::string>()] = yaml_to_json(kv.second, booleans);
      return j;
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& item : node) j.push_back(yaml_to_json(item, booleans));
      return j;
    }
    case YAML::NodeType::Scalar: {
      const std::string s = node.Scalar();
      if (node.Tag() == "!") return s;  // quoted: stays a string
      if (one_of(s, {"true", "True", "TRUE"})) return true;
      if (one_of(s, {"false", "False", "FALSE"})) return false;
      if (booleans == YamlBooleans::yaml_cpp) {
        if (one_of(s, {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON"})) return true;
        if (one_of(s, {"n", "N", "no", "No", "NO", "off", "Off", "OFF"})) return false;
      }
      try {
        size_t used = 0;
        const long long i = std::stoll(s, &used);
        if (used == s.size()) return i;
        const double d = std::stod(s, &used);
        if (used == s.size()) return d;
      } catch (const std::exception&) {
      }
      return s;
    }
    default:
      return nullptr;
  }
}

}  // namespace

nlohmann::json parse_yaml(const std::string& text, YamlBooleans booleans) {
  return yaml_to_json(YAML::Load(text), booleans);
}

nlohmann::json read_config_file(const std::string& path) {
  std::ifstream in(path);
  NMT_CHECK(in, "cannot open config file " << path);
  try {
    auto j = yaml_to_json(YAML::Load(in), YamlBooleans::core);
    NMT_CHECK(j.is_object(), "config file " << path << " must hold a mapping (preset:, model:, train:, data:)");
    return j;
  } catch (const YAML::Exception& e) {
    NMT_FAIL("config file " << path << ":" << e.mark.line + 1 << ": " << e.msg);
  }
}

std::string yaml_boolean_hint(const nlohmann::json& value) {
  if (!value.is_string()) return "";
  std::string s = value.get<std::string>();
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!one_of(s, {"y", "n", "yes", "no", "on", "off"})) return "";
  return " (YAML's booleans are true and false; yes, no, on and off are strings)";
}

std::string did_you_mean(const std::string& key, const std::vector<std::string>& known) {
  // Levenshtein distance, one row at a time.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      size_t diagonal = row[0];
      row[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        const size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    return row[b.size()];
  };
  std::string best;
  size_t best_distance = 3;
  for (const auto& name : known) {
    const size_t d = distance(key, name);
    if (d < best_distance) best = name, best_distance = d;
  }
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

}  // namespace nmt
