#pragma once
// Command-line options that override one field of a JSON configuration:
// each option has its name, its help line and writes config[section][key]
// only when given, so presets and config files keep their values otherwise.
#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/option_table.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
struct EngineChoice;
struct TranslateOptions;
}

namespace nmt::cli {

using text::load_vocab;
using text::vocab_model_file;

// The flags of an option table's rows (common/option_table.h): all, or
// `keys` only; each calls on_value(row, value) when given, and shows its
// default (of `*defaults`; null: none, when they depend on more) in its help
// line, after `prefix`. Returns the
// options added by key, for checks of the caller's own.
template <typename Options>
std::map<std::string, CLI::Option*> add_table_options(
    CLI::App& app, const std::vector<OptionSpec<Options>>& table, const Options* defaults,
    const std::vector<std::string>& keys, const std::string& prefix,
    std::function<void(const OptionSpec<Options>&, const nlohmann::json&)> on_value) {
  std::map<std::string, CLI::Option*> added;
  for (const auto& spec : table) {
    if (spec.flag.empty() && spec.off_flag.empty()) continue;  // set in a config file only
    if (!keys.empty() && std::find(keys.begin(), keys.end(), spec.key) == keys.end()) continue;
    const auto fallback = defaults != nullptr ? spec.get(*defaults) : nlohmann::json("");
    const bool silent = fallback == "" || (fallback.is_array() && fallback.empty()) || fallback == false;
    std::string help = spec.help + (silent ? "" : " (" + fallback.dump() + ")");
    if (!prefix.empty()) help = prefix + static_cast<char>(std::tolower(static_cast<unsigned char>(help[0]))) + help.substr(1);
    auto given = [&spec, on_value](const nlohmann::json& value) { on_value(spec, value); };
    CLI::Option* option = nullptr;
    if (spec.kind == OptionKind::boolean) {
      if (!spec.flag.empty()) option = app.add_flag_function(spec.flag, [given](int64_t) { given(true); }, help);
      if (!spec.off_flag.empty()) {
        auto* off = app.add_flag_function(spec.off_flag, [given](int64_t) { given(false); }, prefix + spec.off_help);
        if (option != nullptr) off->excludes(option);
        if (option == nullptr) option = off;
      }
    } else if (spec.kind == OptionKind::integer) {
      option = app.add_option_function<int64_t>(spec.flag, [given](int64_t v) { given(v); }, help);
    } else if (spec.kind == OptionKind::number) {
      option = app.add_option_function<double>(spec.flag, [given](double v) { given(v); }, help);
    } else if (spec.kind == OptionKind::texts) {
      option = app.add_option_function<std::vector<std::string>>(
          spec.flag, [given](const std::vector<std::string>& v) { given(v); }, help);
    } else {
      option = app.add_option_function<std::string>(spec.flag, [given](const std::string& v) { given(v); }, help);
      if (!spec.choices.empty()) option->check(CLI::IsMember(spec.choices));
    }
    if (spec.kind == OptionKind::integer && (spec.min || spec.max)) {
      option->check(CLI::Range(spec.min ? static_cast<int64_t>(*spec.min) : std::numeric_limits<int64_t>::lowest(),
                               spec.max ? static_cast<int64_t>(*spec.max) : std::numeric_limits<int64_t>::max()));
    } else if (spec.min || spec.max) {
      option->check(CLI::Range(spec.min.value_or(std::numeric_limits<double>::lowest()),
                               spec.max.value_or(std::numeric_limits<double>::max())));
    }
    added[spec.key] = option;
  }
  return added;
}

// nmt train's flags for its train: options (train/train_options.h), each
// writing overrides["train"][key] when given; `keys`: only those (nmt
// distill's student), their help lines after `prefix`.
void add_train_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys = {},
                       const std::string& prefix = "");

// nmt train's flags for its data: options (train/run_config.h), each
// writing overrides["data"][key] when given; `keys`: only those.
void add_data_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys = {});

// The decoding options' flags (decode/decode_options.h): all, or `keys`
// only; each sets its field of `options` when given and adds its key to
// `given` (when not null), so that a run's own defaults apply only where the
// command line is silent. nmt translate, translate-file and serve.
std::map<std::string, CLI::Option*> add_decoding_options(CLI::App& app, decode::TranslateOptions& options,
                                                         const std::vector<std::string>& keys,
                                                         std::set<std::string>* given);

// nmt train's flags for its model: fields (model/config_options.h), each
// writing overrides["model"][key] when given over the preset; `keys`: only
// those (nmt distill's student: model::model_shape_keys()).
void add_model_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys = {});

// --quantize int8|none and --shortlist FILE|none, into `choice` when given;
// unset, a run's own defaults apply (decode/engine_setup.h): nmt translate,
// translate-file and serve.
void add_engine_options(CLI::App& app, decode::EngineChoice& choice);

// Warns on stderr when torch's matrix products do not run on an optimized BLAS.
void warn_if_slow_blas();

}  // namespace nmt::cli
