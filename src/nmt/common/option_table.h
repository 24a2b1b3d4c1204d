#pragma once
// Options declared once, as a table: each row is one field of an options
// struct with its JSON key, its command-line flag (and the flag that turns a
// boolean off), its help line and, for a choice, the values allowed. The
// config files' keys, their unknown-key and wrong-type errors, the flags and
// their --help lines (cli/options.h) and the Python module's listings all
// come from the rows; the default is the struct's own.
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace nmt {

enum class OptionKind { integer, number, text, boolean };

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
};

template <typename T>
constexpr OptionKind option_kind() {
  if constexpr (std::is_same_v<T, bool>) return OptionKind::boolean;
  else if constexpr (std::is_integral_v<T>) return OptionKind::integer;
  else if constexpr (std::is_floating_point_v<T>) return OptionKind::number;
  else return OptionKind::text;
}

// A row for a field of Options.
template <typename Options, typename T>
OptionSpec<Options> option_row(T Options::*field, std::string key, std::string flag, std::string help,
                               std::vector<std::string> choices = {}) {
  OptionSpec<Options> s{std::move(key), std::move(flag), "", std::move(help), "", option_kind<T>(), std::move(choices),
                        {}, {}};
  s.get = [field](const Options& o) { return nlohmann::json(o.*field); };
  s.set = [field](const nlohmann::json& v, Options& o) { o.*field = v.get<T>(); };
  return s;
}

// A row for a field of a member `part` of Options.
template <typename Options, typename P, typename T>
OptionSpec<Options> option_row(P Options::*part, T P::*field, std::string key, std::string flag, std::string help,
                               std::vector<std::string> choices = {}) {
  OptionSpec<Options> s{std::move(key), std::move(flag), "", std::move(help), "", option_kind<T>(), std::move(choices),
                        {}, {}};
  s.get = [part, field](const Options& o) { return nlohmann::json(o.*part.*field); };
  s.set = [part, field](const nlohmann::json& v, Options& o) { o.*part.*field = v.get<T>(); };
  return s;
}

// A boolean row that also has a flag turning it off.
template <typename Options>
OptionSpec<Options> with_off_flag(OptionSpec<Options> s, std::string off_flag, std::string off_help) {
  s.off_flag = std::move(off_flag);
  s.off_help = std::move(off_help);
  return s;
}

template <typename Options>
std::vector<std::string> option_keys(const std::vector<OptionSpec<Options>>& table) {
  std::vector<std::string> keys;
  for (const auto& s : table) keys.push_back(s.key);
  return keys;
}

}  // namespace nmt
