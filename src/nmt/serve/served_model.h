#pragma once
// The models a server holds: one per language pair, each with its
// vocabularies and a translator shared by the decoding workers.
#include <memory>
#include <string>
#include <vector>

#include "nmt/decode/engine_setup.h"
#include "nmt/decode/translator.h"
#include "nmt/text/vocab.h"

namespace nmt::serve {

// `RUN_DIR[:SRC-TGT]` (a run directory or checkpoint file, then optionally
// the language codes; without them they come from the checkpoint's
// data.src_lang/tgt_lang, which `nmt train --src-lang/--tgt-lang` saves).
struct ModelSpec {
  std::string path, source, target;
};
ModelSpec parse_model_spec(const std::string& spec);

struct ModelLoadOptions {
  std::string device = "cpu";
  decode::EngineChoice engine;        // int8 and shortlist; unset: each run's defaults (decode/engine_setup.h)
  decode::TranslateOptions translate;  // the server's (engine, bf16): whether the CPU engine runs
};

struct ServedModel {
  ServedModel(text::Vocab src, text::Vocab tgt) : src_vocab(std::move(src)), tgt_vocab(std::move(tgt)) {}
  std::string path, source, target;
  int64_t step = 0;
  nlohmann::json config;  // the checkpoint's: its "decode" section holds the model's own search defaults
  text::Vocab src_vocab, tgt_vocab;
  std::unique_ptr<decode::Translator> translator;
  std::shared_ptr<const decode::Shortlist> shortlist;  // its output layer's, or null
  std::string engine_note;  // what its run's defaults chose ("" if nothing)
};

// Loads every model; errors name the spec: a missing or corrupt checkpoint,
// no language codes, two models for one pair.
std::vector<std::unique_ptr<ServedModel>> load_models(const std::vector<std::string>& specs,
                                                      const ModelLoadOptions& options);

}  // namespace nmt::serve
