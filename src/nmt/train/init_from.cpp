#include "nmt/train/init_from.h"

#include <string>

#include "nmt/common/error.h"
#include "nmt/common/format.h"

namespace nmt::train {
namespace {

// "d_model" -> "--d-model": the command line's name of a config key.
std::string flag_of(const std::string& key) {
  std::string flag = "--" + key;
  for (auto& c : flag) c = c == '_' ? '-' : c;
  return flag;
}

const nlohmann::json& section(const nlohmann::json& config, const char* name) {
  static const nlohmann::json empty = nlohmann::json::object();
  const auto found = config.find(name);
  return found != config.end() && found->is_object() ? *found : empty;
}

// Refuses what would change the checkpoint's model: a preset, a model field
// other than dropout, a vocabulary.
void check_given(const nlohmann::json& given, const nlohmann::json& model, const std::string& from) {
  const std::string keeps = "--init-from " + from + " keeps its model and vocabulary: ";
  const std::string preset = given.value("preset", "auto");
  NMT_CHECK(preset == "auto", keeps << "--preset " << preset << " would build another model (leave --preset out)");
  for (const auto& [key, value] : section(given, "model").items()) {
    if (key == "dropout") continue;
    NMT_CHECK(model.contains(key), keeps << "model." << key << " is not a model field");
    NMT_CHECK(model[key] == value, keeps << "model." << key << " (" << flag_of(key) << ") is " << model[key].dump()
                                         << " there but " << value.dump()
                                         << " was given; only --dropout of the model may change when fine-tuning");
  }
  const auto& data = section(given, "data");
  for (const char* key : {"vocab", "src_vocab", "tgt_vocab"}) {
    NMT_CHECK(data.value(key, "").empty(),
              keeps << flag_of(key) << " " << data.value(key, "") << " cannot replace the vocabulary the model was "
                    << "trained with (its embeddings are rows of that vocabulary's pieces)");
  }
  for (const char* key : {"vocab_size", "vocab_type"}) {
    NMT_CHECK(!data.contains(key), keeps << flag_of(key) << " would train a new vocabulary");
  }
  if (data.contains("tie_embeddings")) {
    const bool tied = model.value("share_embeddings", false) && model.value("tie_output", false);
    NMT_CHECK(data["tie_embeddings"] == tied, keeps << "its embeddings are " << (tied ? "" : "not ")
                                                    << "tied, and " << (tied ? "--no-tie-embeddings" : "--tie-embeddings")
                                                    << " would change that");
  }
}

}  // namespace

std::string init_checkpoint(const std::string& init_from) {
  try {
    return resolve_checkpoint(init_from);
  } catch (const Error& e) {
    NMT_FAIL("--init-from: " << e.what());
  }
}

nlohmann::json fine_tuning_config(nlohmann::json config, const nlohmann::json& given) {
  const std::string from = config["train"].value("init_from", "");
  // A fine-tuning run being resumed: its own latest checkpoint holds the
  // model (and says where the run started), so the one it started from may
  // be gone by now.
  const std::string out = config["data"].value("out", "");
  const std::string latest = out.empty() ? "" : latest_checkpoint(out);
  const std::string path = latest.empty() ? init_checkpoint(from) : latest;
  const auto info = read_checkpoint_info(path);
  if (!latest.empty()) {
    const auto started = info.config.contains("train") ? info.config.at("train").value("init_from", "") : std::string();
    NMT_CHECK(started == from, "--out " << out << " holds a run that "
                                        << (started.empty() ? "did not start from --init-from"
                                                            : "started from --init-from " + started)
                                        << " (" << latest << "): give another --out to fine-tune from " << from);
  }
  const auto& model = info.config.at("model");
  check_given(given, model, from);
  if (latest.empty() && config["train"].value("init_keep_optimizer", false)) {
    NMT_CHECK(has_optimizer_state(path), "--init-from-keep-optimizer: " << path << " holds no optimizer state ("
                                             << (info.config.contains("imported") ? "an imported model" : "a model "
                                                 "without its training state, as best-*.pt and averages are")
                                             << "); leave the option out to start Adam afresh");
  }
  auto tuned = model;
  if (section(given, "model").contains("dropout")) tuned["dropout"] = given["model"]["dropout"];
  config["model"] = tuned;
  config["preset"] = "init-from";
  auto& data = config["data"];
  data["tie_embeddings"] = model.value("share_embeddings", false) && model.value("tie_output", false);
  for (const char* key : {"src_lang", "tgt_lang"}) {
    if (data.value(key, "").empty()) data[key] = trained_language(info.config, key);
  }
  if (!config.contains("decode") && info.config.contains("decode")) config["decode"] = info.config.at("decode");
  if (!latest.empty() && info.config.contains("init")) {
    config["init"] = info.config.at("init");
  } else {
    config["init"] = {{"checkpoint", path}, {"step", info.step}};
    if (info.config.contains("imported")) config["init"]["imported"] = info.config.at("imported").value("format", "");
  }
  return config;
}

std::string fine_tuning_summary(const nlohmann::json& init_scores, const nlohmann::json& last_scores, int64_t step) {
  auto change = [&](const char* key, const char* name, int digits) {
    if (!init_scores.contains(key) || !last_scores.contains(key)) return std::string();
    return std::string(" | dev ") + name + " " + fixed(init_scores[key].get<double>(), digits) + " -> " +
           fixed(last_scores[key].get<double>(), digits);
  };
  return "fine-tuning: step 0 (the model it started from) -> step " + std::to_string(step) +
         change("loss", "loss", 4) + change("bleu", "BLEU", 2) + change("chrf", "chrF", 2);
}

}  // namespace nmt::train
