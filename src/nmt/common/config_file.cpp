#include "nmt/common/config_file.h"

#include <fstream>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "nmt/common/error.h"

namespace nmt {
namespace {

nlohmann::json yaml_to_json(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      nlohmann::json j = nlohmann::json::object();
      for (const auto& kv : node) j[kv.first.as<std::string>()] = yaml_to_json(kv.second);
      return j;
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& item : node) j.push_back(yaml_to_json(item));
      return j;
    }
    case YAML::NodeType::Scalar: {
      const std::string s = node.Scalar();
      if (node.Tag() == "!") return s;  // quoted: stays a string
      if (s == "true" || s == "yes") return true;
      if (s == "false" || s == "no") return false;
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

nlohmann::json parse_yaml(const std::string& text) { return yaml_to_json(YAML::Load(text)); }

nlohmann::json read_config_file(const std::string& path) {
  std::ifstream in(path);
  NMT_CHECK(in, "cannot open config file " << path);
  try {
    auto j = yaml_to_json(YAML::Load(in));
    NMT_CHECK(j.is_object(), "config file " << path << " must hold a mapping (preset:, model:, train:, data:)");
    return j;
  } catch (const YAML::Exception& e) {
    NMT_FAIL("config file " << path << ":" << e.mark.line + 1 << ": " << e.msg);
  }
}

}  // namespace nmt
