#include "nmt/serve/served_model.h"

#include <set>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/train/checkpoint.h"

namespace nmt::serve {
namespace {

bool is_code(const std::string& s) {
  if (s.empty() || s.size() > 8) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

}  // namespace

ModelSpec parse_model_spec(const std::string& spec) {
  ModelSpec m;
  m.path = spec;
  const auto colon = spec.rfind(':');
  if (colon == std::string::npos) return m;
  const std::string pair = spec.substr(colon + 1);
  const auto dash = pair.find('-');
  if (dash == std::string::npos || !is_code(pair.substr(0, dash)) || !is_code(pair.substr(dash + 1))) return m;
  m.path = spec.substr(0, colon);
  m.source = pair.substr(0, dash);
  m.target = pair.substr(dash + 1);
  return m;
}

std::vector<std::unique_ptr<ServedModel>> load_models(const std::vector<std::string>& specs,
                                                      const ModelLoadOptions& options) {
  NMT_CHECK(!specs.empty(), "no model to serve: give --model RUN_DIR[:SRC-TGT]");
  std::vector<std::unique_ptr<ServedModel>> models;
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& spec : specs) {
    const ModelSpec m = parse_model_spec(spec);
    auto ckpt = train::load_checkpoint(train::resolve_checkpoint(m.path));
    auto served = std::make_unique<ServedModel>(text::Vocab::from_serialized(ckpt.info.src_vocab),
                                                text::Vocab::from_serialized(ckpt.info.tgt_vocab));
    served->path = ckpt.path;
    served->step = ckpt.info.step;
    served->config = ckpt.info.config;
    served->source = m.source.empty() ? train::trained_language(ckpt.info.config, "src_lang") : m.source;
    served->target = m.target.empty() ? train::trained_language(ckpt.info.config, "tgt_lang") : m.target;
    NMT_CHECK(!served->source.empty() && !served->target.empty(),
              "--model " << spec << ": the checkpoint names no languages; give them as " << m.path
                         << ":SRC-TGT (e.g. " << m.path << ":en-es) or train with --src-lang/--tgt-lang");
    NMT_CHECK(pairs.emplace(served->source, served->target).second,
              "--model " << spec << ": a model for " << served->source << "-" << served->target
                         << " is already loaded");
    served->translator = std::make_unique<decode::Translator>(ckpt.model, torch::Device(options.device));
    auto translate = options.translate;
    served->engine_note = decode::set_up_engine(ckpt.info.config, m.path, options.engine, served->src_vocab,
                                                served->tgt_vocab, *served->translator, translate);
    served->shortlist = translate.shortlist;
    models.push_back(std::move(served));
  }
  return models;
}

}  // namespace nmt::serve
