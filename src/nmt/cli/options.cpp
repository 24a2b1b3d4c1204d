#include "nmt/cli/options.h"

#include <dlfcn.h>

#include <filesystem>
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

std::string vocab_model_file(const std::string& path) {
  const std::filesystem::path p(path);
  return std::filesystem::is_directory(p) ? (p / "spm.model").string() : path;
}

text::Vocab load_vocab(const std::string& path) { return text::Vocab::load(vocab_model_file(path)); }

void warn_if_slow_blas() {
  // Where does the sgemm_ that torch calls resolve? Debian's libblas.so.3 is an
  // alternatives link: follow it to the real file, and warn when that is the
  // reference BLAS. (A loaded libopenblas proves nothing: another dependency
  // may pull it in while sgemm_ still binds to the reference library. Builds
  // with their own BLAS inside libtorch_cpu, such as PyTorch's, are fine.)
  void* sgemm = ::dlsym(RTLD_DEFAULT, "sgemm_");
  Dl_info info{};
  if (sgemm == nullptr || ::dladdr(sgemm, &info) == 0 || info.dli_fname == nullptr) return;
  std::error_code ec;
  auto library = std::filesystem::canonical(info.dli_fname, ec);
  if (ec) library = info.dli_fname;
  const std::string path = library.string(), name = library.filename().string();
  const bool reference = name.rfind("libblas.so", 0) == 0 && path.find("openblas") == std::string::npos &&
                         path.find("blis") == std::string::npos && path.find("atlas") == std::string::npos;
  if (reference) {
    std::cerr << "warning: torch's matrix products run on the reference BLAS (" << path
              << "), about 20x slower than an optimized one.\n"
                 "         Install OpenBLAS: apt-get install libopenblas0-pthread\n";
  }
}

}  // namespace nmt::cli
