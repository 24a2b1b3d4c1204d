#pragma once
// The decoding options, declared once (common/option_table.h): nmt
// translate's, translate-file's and serve's flags come from these rows, and
// so do the keys of a run's "decode" section, where an imported Marian model
// or a distilled student keeps its own defaults (apply_model_defaults).
#include <string>
#include <vector>

#include "nmt/common/option_table.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/translator.h"

namespace nmt::decode {

using DecodeOptionSpec = OptionSpec<TranslateOptions>;
const std::vector<DecodeOptionSpec>& decode_option_table();

// The keys a run's "decode" section may set (the rest are the caller's):
// search, normalize, word_penalty, max_length_factor, allow_unk, and
// length_ratio (nmt train measures it).
const std::vector<std::string>& run_default_keys();

// --quantize int8|none and --shortlist FILE|none (EngineChoice): unset, a
// run's own defaults apply (engine_setup.h). nmt translate, translate-file
// and serve.
using EngineOptionSpec = OptionSpec<EngineChoice>;
const std::vector<EngineOptionSpec>& engine_option_table();

}  // namespace nmt::decode
