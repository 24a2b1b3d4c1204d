#pragma once
// The CPU engine's arithmetic and output layer for a loaded model, chosen in
// one place for every client (nmt translate, nmt serve, the Python module):
// the caller's int8 and shortlist where it gave them, otherwise the run's own
// defaults (a student of nmt distill has "quantize": "int8" and a shortlist
// in its config's "decode" section; engine_defaults in translator.h).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "nmt/decode/translator.h"

namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

struct EngineChoice {
  std::optional<bool> int8;              // nullopt: the run's default
  std::optional<std::string> shortlist;  // a path, or "" / "none" for none; nullopt: the run's default
};

// Quantizes `translator` and loads the shortlist into options.shortlist
// (checked against the vocabularies; errors name the file). The run's
// defaults apply only where the translator runs on the CPU engine with these
// options. Returns a line for the user when they did ("the model's
// defaults: int8, shortlist PATH"), else "".
std::string set_up_engine(const nlohmann::json& model_config, const std::string& run_dir_or_file,
                          const EngineChoice& choice, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                          Translator& translator, TranslateOptions& options);

}  // namespace nmt::decode
