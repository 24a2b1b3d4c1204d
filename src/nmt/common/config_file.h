#pragma once
// Configuration files: YAML (or JSON, which YAML reads too) into JSON, and
// the deep merge that layers defaults, presets, files and command lines.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nmt {

// Which plain scalars are booleans. core: YAML 1.2's, true and false (also
// True, TRUE, False, FALSE), so that a language code such as Norwegian's
// `no` stays a string; nmt's own config files. yaml_cpp: also yes/no, y/n,
// on/off, as yaml-cpp's as<bool> reads them; Marian's files, which Marian
// reads that way.
enum class YamlBooleans { core, yaml_cpp };

// YAML text into JSON: mappings, sequences, and scalars as booleans,
// integers, numbers or strings (quoted ones stay strings). Throws
// YAML's exception on a syntax error.
nlohmann::json parse_yaml(const std::string& text, YamlBooleans booleans = YamlBooleans::core);

// Reads a YAML (or JSON) config file into JSON; nmt::Error naming the file
// and line on a syntax error, or when it holds no mapping.
nlohmann::json read_config_file(const std::string& path);

// For a message about a value of the wrong type: " (YAML's booleans are
// true and false; yes, no, on and off are strings)" when `value` is one of
// those strings, else "".
std::string yaml_boolean_hint(const nlohmann::json& value);

// " (did you mean 'dev_src'?)" when one of `known` is within two edits of
// `key`, else "".
std::string did_you_mean(const std::string& key, const std::vector<std::string>& known);

// Deep merge: values of `top` replace those of `base`, objects are merged key by key.
inline void merge_into(nlohmann::json& base, const nlohmann::json& top) {
  for (const auto& [key, value] : top.items()) {
    if (value.is_object() && base.contains(key) && base[key].is_object()) merge_into(base[key], value);
    else base[key] = value;
  }
}

}  // namespace nmt
