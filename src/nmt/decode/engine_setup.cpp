#include "nmt/decode/engine_setup.h"

#include <memory>

#include "nmt/decode/shortlist.h"

namespace nmt::decode {

std::string set_up_engine(const nlohmann::json& model_config, const std::string& run_dir_or_file,
                          const EngineChoice& choice, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                          Translator& translator, TranslateOptions& options) {
  const bool cpu_engine = translator.engine_for(options) == "cpu";
  EngineDefaults run;
  if (cpu_engine) run = engine_defaults(model_config, run_dir_or_file);
  const bool int8 = choice.int8 ? *choice.int8 : run.int8;
  std::string shortlist = choice.shortlist ? *choice.shortlist : run.shortlist;
  if (shortlist == "none") shortlist.clear();
  if (int8) translator.quantize_int8();
  if (!shortlist.empty()) {
    auto loaded = std::make_shared<Shortlist>(Shortlist::load(shortlist));
    loaded->check_vocabularies(src_vocab, tgt_vocab, shortlist);
    options.shortlist = std::move(loaded);
  }
  if (!run.int8 && run.shortlist.empty()) return "";
  return std::string("the model's defaults: ") + (int8 ? "int8" : "float32") +
         (shortlist.empty() ? ", no shortlist" : ", shortlist " + shortlist);
}

}  // namespace nmt::decode
