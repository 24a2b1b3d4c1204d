#pragma once
// Options declared once, as a table: each row is one field of an options
// struct with its JSON key, its command-line flag (and the flag that turns a
// boolean off), its help line and, for a choice, the values allowed. The
// config files' keys, their unknown-key and wrong-type errors, the flags and
// their --help lines (cli/options.h) and the Python module's listings all
// come from the rows; the default is the struct's own. A row may also bound
// its value (a range, or the choices): the flags and the files check the same
// bounds.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"

namespace nmt {

enum class OptionKind { integer, number, text, boolean, texts };

template <typename Options>
struct OptionSpec {
  std::string key;       // "max_steps"
  std::string flag;      // "--max-steps"; "" when only a config file sets it
  std::string off_flag;  // a boolean's "--no-..." flag, or ""
  std::string help;      // the default is added after it
  std::string off_help;  // off_flag's help line
  OptionKind kind = OptionKind::integer;
  std::vector<std::string> choices;  // a text option's allowed values; empty: any
  std::function<nlohmann::json(const Options&)> get;
  std::function<void(const nlohmann::json&, Options&)> set;  // nlohmann's type_error on a wrong type
  std::optional<double> min, max;    // a number's bounds, both included
};

template <typename T>
constexpr OptionKind option_kind() {
  if constexpr (std::is_same_v<T, bool>) return OptionKind::boolean;
  else if constexpr (std::is_same_v<T, std::vector<std::string>>) return OptionKind::texts;
  else if constexpr (std::is_integral_v<T>) return OptionKind::integer;
  else if constexpr (std::is_floating_point_v<T>) return OptionKind::number;
  else return OptionKind::text;
}

// A JSON value as a field's type; a list of texts also takes one text.
template <typename T>
T option_value(const nlohmann::json& v) {
  if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    if (v.is_string()) return {v.get<std::string>()};
  }
  return v.get<T>();
}

// A row for a field of Options.
template <typename Options, typename T>
OptionSpec<Options> option_row(T Options::*field, std::string key, std::string flag, std::string help,
                               std::vector<std::string> choices = {}) {
  OptionSpec<Options> s{std::move(key), std::move(flag), "", std::move(help), "", option_kind<T>(), std::move(choices),
                        {}, {}};
  s.get = [field](const Options& o) { return nlohmann::json(o.*field); };
  s.set = [field](const nlohmann::json& v, Options& o) { o.*field = option_value<T>(v); };
  return s;
}

// A row for a field of a member `part` of Options.
template <typename Options, typename P, typename T>
OptionSpec<Options> option_row(P Options::*part, T P::*field, std::string key, std::string flag, std::string help,
                               std::vector<std::string> choices = {}) {
  OptionSpec<Options> s{std::move(key), std::move(flag), "", std::move(help), "", option_kind<T>(), std::move(choices),
                        {}, {}};
  s.get = [part, field](const Options& o) { return nlohmann::json(o.*part.*field); };
  s.set = [part, field](const nlohmann::json& v, Options& o) { o.*part.*field = option_value<T>(v); };
  return s;
}

// A row of a member `part`'s table, as a row of Options (nmt serve's table
// holds the decoding options' rows this way).
template <typename Options, typename P>
OptionSpec<Options> part_row(P Options::*part, const OptionSpec<P>& row) {
  OptionSpec<Options> s{row.key, row.flag, row.off_flag, row.help, row.off_help, row.kind, row.choices,
                        {}, {}, row.min, row.max};
  s.get = [part, get = row.get](const Options& o) { return get(o.*part); };
  s.set = [part, set = row.set](const nlohmann::json& v, Options& o) { set(v, o.*part); };
  return s;
}

// A boolean row that also has a flag turning it off.
template <typename Options>
OptionSpec<Options> with_off_flag(OptionSpec<Options> s, std::string off_flag, std::string off_help) {
  s.off_flag = std::move(off_flag);
  s.off_help = std::move(off_help);
  return s;
}

// A row whose number must lie in [min, max].
template <typename Options>
OptionSpec<Options> with_range(OptionSpec<Options> s, double min, double max) {
  s.min = min;
  s.max = max;
  return s;
}

template <typename Options>
std::vector<std::string> option_keys(const std::vector<OptionSpec<Options>>& table) {
  std::vector<std::string> keys;
  for (const auto& s : table) keys.push_back(s.key);
  return keys;
}

template <typename Options>
const OptionSpec<Options>* find_option(const std::vector<OptionSpec<Options>>& table, const std::string& key) {
  const auto it = std::find_if(table.begin(), table.end(), [&](const OptionSpec<Options>& s) { return s.key == key; });
  return it == table.end() ? nullptr : &*it;
}

// Sets the row's field of `o` to `value`; nmt::Error saying what is wrong
// with the value (its type, a choice not allowed, a number out of range),
// for the caller to prefix with where it came from.
template <typename Options>
void set_option(const OptionSpec<Options>& spec, const nlohmann::json& value, Options& o) {
  if (!spec.choices.empty() && value.is_string()) {
    const auto text = value.get<std::string>();
    if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end()) {
      std::ostringstream allowed;
      for (size_t i = 0; i < spec.choices.size(); ++i) allowed << (i ? ", " : "") << spec.choices[i];
      NMT_FAIL("must be one of " << allowed.str() << "; got '" << text << "'" << did_you_mean(text, spec.choices));
    }
  }
  if (value.is_number() && ((spec.min && value.get<double>() < *spec.min) || (spec.max && value.get<double>() > *spec.max))) {
    auto bound = [](std::optional<double> b) {
      return !b ? std::string("...") : *b == static_cast<double>(static_cast<int64_t>(*b))
                                             ? std::to_string(static_cast<int64_t>(*b))
                                             : nlohmann::json(*b).dump();
    };
    NMT_FAIL("must be in [" << bound(spec.min) << ", " << bound(spec.max) << "], got " << value.dump());
  }
  // nlohmann would read true as 1 and 1.5 as 1: numbers are checked here.
  bool fits = spec.kind == OptionKind::integer  ? value.is_number_integer()
              : spec.kind == OptionKind::number ? value.is_number()
                                                : true;
  if (fits) {
    try {
      spec.set(value, o);
    } catch (const nlohmann::json::exception&) {
      fits = false;
    }
  }
  if (!fits) {
    const std::string hint = yaml_boolean_hint(value);
    NMT_FAIL("has the wrong type: " << value.dump()
                                    << (!hint.empty()                          ? hint
                                        : spec.kind == OptionKind::integer   ? " (expected an integer)"
                                        : spec.kind == OptionKind::number    ? " (expected a number)"
                                        : spec.kind == OptionKind::boolean   ? " (expected true or false)"
                                        : spec.kind == OptionKind::texts     ? " (expected a list of strings)"
                                                                             : " (expected a string)"));
  }
}

// The rows' fields as a JSON object.
template <typename Options>
nlohmann::json options_to_json(const std::vector<OptionSpec<Options>>& table, const Options& o) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& spec : table) j[spec.key] = spec.get(o);
  return j;
}

// `j`'s fields over `o`: an unknown key (with the nearest known one), a
// value of the wrong type or out of bounds is an nmt::Error naming the
// section and the key ("unknown train config field 'dev_scr' ...").
template <typename Options>
Options options_from_json(const std::vector<OptionSpec<Options>>& table, const nlohmann::json& j, Options o,
                          const std::string& section) {
  NMT_CHECK(j.is_object(), section << " config must be an object, got: " << j.dump());
  for (const auto& [key, value] : j.items()) {
    const auto* spec = find_option(table, key);
    NMT_CHECK(spec != nullptr, "unknown " << section << " config field '" << key << "'"
                                          << did_you_mean(key, option_keys(table)));
    try {
      set_option(*spec, value, o);
    } catch (const Error& e) {
      NMT_FAIL(section << " config field '" << key << "' " << e.what());
    }
  }
  return o;
}

}  // namespace nmt
