#include "nmt/cli/options.h"

#include <fstream>
#include <iostream>

#include <yaml-cpp/yaml.h>

#include "nmt/common/error.h"

namespace nmt::cli {
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

void warn_if_slow_blas() {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  bool optimized = false, reference = false;
  while (std::getline(maps, line)) {
    if (line.find("openblas") != std::string::npos || line.find("libmkl") != std::string::npos ||
        line.find("libblis") != std::string::npos) {
      optimized = true;
    } else if (line.find("/blas/libblas.so") != std::string::npos) {
      reference = true;
    }
  }
  if (reference && !optimized) {
    std::cerr << "warning: torch is running on the reference BLAS (about 20x slower matrix products).\n"
                 "         Install OpenBLAS: apt-get install libopenblas0-pthread\n";
  }
}

}  // namespace nmt::cli
