#pragma once
// The model: section's fields, declared once (common/option_table.h): the
// JSON every checkpoint and config.json holds (to_json,
// model_config_from_json), its unknown-key and wrong-type errors, and nmt
// train's and nmt distill's model flags (cli/options.h) come from these rows.
#include <string>
#include <vector>

#include "nmt/common/option_table.h"
#include "nmt/model/config.h"

namespace nmt::model {

using ModelOptionSpec = OptionSpec<ModelConfig>;
const std::vector<ModelOptionSpec>& model_option_table();

// The shape over a preset (d_model, heads, encoder_layers, decoder_layers,
// ffn): nmt distill's student takes these flags only.
const std::vector<std::string>& model_shape_keys();

}  // namespace nmt::model
