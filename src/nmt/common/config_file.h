#pragma once
// Configuration files: YAML (or JSON, which YAML reads too) into JSON, and
// the deep merge that layers defaults, presets, files and command lines.
#include <string>

#include <nlohmann/json.hpp>

namespace nmt {

// YAML text into JSON: mappings, sequences, and scalars as booleans,
// integers, numbers or strings (quoted ones stay strings). Throws
// YAML's exception on a syntax error.
nlohmann::json parse_yaml(const std::string& text);

// Reads a YAML (or JSON) config file into JSON; nmt::Error naming the file
// and line on a syntax error, or when it holds no mapping.
nlohmann::json read_config_file(const std::string& path);

// Deep merge: values of `top` replace those of `base`, objects are merged key by key.
inline void merge_into(nlohmann::json& base, const nlohmann::json& top) {
  for (const auto& [key, value] : top.items()) {
    if (value.is_object() && base.contains(key) && base[key].is_object()) merge_into(base[key], value);
    else base[key] = value;
  }
}

}  // namespace nmt
