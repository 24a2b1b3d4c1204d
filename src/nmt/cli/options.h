#pragma once
// Command-line options that override one field of a JSON configuration:
// each option has its name, its help line and writes config[section][key]
// only when given, so presets and config files keep their values otherwise.
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/text/vocab.h"

namespace nmt::cli {

template <typename T>
CLI::Option* config_option(CLI::App& app, const std::string& flags, nlohmann::json& overrides,
                           const std::string& section, const std::string& key, const std::string& help) {
  return app.add_option_function<T>(
      flags, [&overrides, section, key](const T& value) { overrides[section][key] = value; }, help);
}

inline CLI::Option* config_flag(CLI::App& app, const std::string& flags, nlohmann::json& overrides,
                                const std::string& section, const std::string& key, const std::string& help) {
  return app.add_flag_function(
      flags, [&overrides, section, key](int64_t count) { overrides[section][key] = count > 0; }, help);
}

// Deep merge: values of `top` replace those of `base`, objects are merged key by key.
inline void merge_into(nlohmann::json& base, const nlohmann::json& top) {
  for (const auto& [key, value] : top.items()) {
    if (value.is_object() && base.contains(key) && base[key].is_object()) merge_into(base[key], value);
    else base[key] = value;
  }
}

// Reads a YAML (or JSON) config file into JSON; nmt::Error naming the file and line on a syntax error.
nlohmann::json read_config_file(const std::string& path);

// A vocabulary directory (holding spm.model) or a .model file.
text::Vocab load_vocab(const std::string& path);
// The .model file of such a path.
std::string vocab_model_file(const std::string& path);

// Warns on stderr when torch's matrix products do not run on an optimized BLAS.
void warn_if_slow_blas();

}  // namespace nmt::cli
