#pragma once
// What `nmt train` does with its configuration, shared by the command line
// and the Python module: resolve it (defaults < preset < config file <
// overrides), check it before anything is written, prepare the vocabulary
// (given, kept in RUN_DIR, or a joint one trained now, by rank 0 alone),
// read the dev set, save the resolved configuration, and train.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/common/option_table.h"

#include "nmt/train/trainer.h"

namespace nmt::dist {
class World;
}

namespace nmt::train {

// The data: section's options, declared once (common/option_table.h) over
// the section's JSON: its defaults in default_train_config(), the check of
// its keys and their types, nmt train's flags (cli::add_data_options) and
// nmt distill's dev-set flags come from these rows.
using DataOptionSpec = OptionSpec<nlohmann::json>;
const std::vector<DataOptionSpec>& data_option_table();

// The configuration nmt train starts from: preset auto, the trainer's
// defaults, no data.
nlohmann::json default_train_config();

// Defaults, then the file's sections (YAML or JSON; none when ""), then
// `overrides` (the command line's, or Python's dict). With preset auto the
// training corpus is counted and the recipe (auto_options.h) goes between
// the defaults and the file; "auto" then says what it chose.
nlohmann::json resolve_train_config(const std::string& config_file, const nlohmann::json& overrides);

// The train options of a resolved configuration, checked against its model
// (errors name the option), before a vocabulary is trained or a file written.
TrainOptions checked_train_options(const nlohmann::json& config);

struct TrainRunOptions {
  bool dry_run = false;              // check the inputs, print the configuration, train nothing
  bool reset_data_position = false;  // see TrainOptions
  std::function<void(const std::string&)> say;  // rank 0's lines: the vocabulary being trained, the configuration
  std::function<void()> before_training;        // once the inputs are ready (stop handlers, a progress display)
};

// Trains as the configuration says, in one process or as one rank of
// `world`; nullopt after a dry run.
std::optional<TrainResult> run_training(nlohmann::json config, const TrainRunOptions& run,
                                        const TrainCallbacks& callbacks, dist::World& world);

}  // namespace nmt::train
