#pragma once
// Command-line options that override one field of a JSON configuration:
// each option has its name, its help line and writes config[section][key]
// only when given, so presets and config files keep their values otherwise.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
struct EngineChoice;
}

namespace nmt::cli {

using text::load_vocab;
using text::vocab_model_file;

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

// The flags of the train: options (train::train_option_table(), which
// declares each once), each writing overrides["train"][key] when given, with
// its default in its help line. `keys`: only those (nmt distill's student),
// their help lines after `prefix`.
void add_train_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys = {},
                       const std::string& prefix = "");

// The model's shape over its preset (model.d_model, heads, encoder_layers,
// decoder_layers, ffn): nmt train's options, and nmt distill's for its student.
void add_model_shape_options(CLI::App& app, nlohmann::json& overrides);

// --quantize int8|none and --shortlist FILE|none, into `choice` when given;
// unset, a run's own defaults apply (decode/engine_setup.h): nmt translate,
// translate-file and serve.
void add_engine_options(CLI::App& app, decode::EngineChoice& choice);

// Warns on stderr when torch's matrix products do not run on an optimized BLAS.
void warn_if_slow_blas();

}  // namespace nmt::cli
