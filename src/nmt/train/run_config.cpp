#include "nmt/train/run_config.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <tuple>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"
#include "nmt/data/corpus.h"
#include "nmt/data/mixed_reader.h"
#include "nmt/dist/world.h"
#include "nmt/model/config.h"
#include "nmt/model/flops.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/init_from.h"
#include "nmt/train/length_ratio.h"
#include "nmt/text/vocab.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

constexpr const char* kMatmulGflopsKey = "auto_matmul_gflops";  // in the resolved config (config.json)
constexpr const char* kMatmulGflopsEnv = "NMT_AUTO_MATMUL_GFLOPS";

// The matrix-product speed that --preset auto sizes the model by, measured
// once per run: a run being resumed keeps the figure its config.json saved,
// and the ranks that --nproc starts take the launcher's (inherited through
// NMT_AUTO_MATMUL_GFLOPS), so that every process and every restart of a run
// choose the same model.
double run_matmul_gflops(const std::string& run_dir, bool bf16) {
  const auto saved = fs::path(run_dir) / "config.json";
  if (!run_dir.empty() && fs::exists(saved)) {
    std::ifstream in(saved);
    const auto config = nlohmann::json::parse(in, nullptr, false);
    if (config.is_object() && config.contains(kMatmulGflopsKey) && config[kMatmulGflopsKey].is_number()) {
      return config[kMatmulGflopsKey].get<double>();
    }
  }
  if (const char* given = std::getenv(kMatmulGflopsEnv)) {
    char* end = nullptr;
    const double gflops = std::strtod(given, &end);
    NMT_CHECK(end != given && *end == '\0' && gflops > 0,
              kMatmulGflopsEnv << " must be a speed in GFLOP/s above 0, got '" << given << "'");
    return gflops;
  }
  const double gflops = model::measure_matmul_gflops(1024, bf16);
  ::setenv(kMatmulGflopsEnv, std::to_string(gflops).c_str(), 1);
  return gflops;
}

// The corpus named by data.<name>_src/<name>_tgt (two aligned files) or
// data.<name> (one TSV or TMX file); no paths when neither is given.
data::CorpusSpec corpus_spec(const nlohmann::json& d, const std::string& name) {
  data::CorpusSpec spec;
  const std::string src = d.value(name + "_src", ""), tgt = d.value(name + "_tgt", ""), one = d.value(name, "");
  NMT_CHECK(src.empty() == tgt.empty(), "give both --" << name << "-src and --" << name << "-tgt, or neither");
  NMT_CHECK(src.empty() || one.empty(), "give --" << name << "-src/--" << name << "-tgt or --" << name << ", not both");
  if (!src.empty()) spec.paths = {src, tgt};
  if (!one.empty()) spec.paths = {one};
  spec.src_lang = d.value("src_lang", "");
  spec.tgt_lang = d.value("tgt_lang", "");
  if (name == "train" && !d.value("mix", "").empty()) data::set_mix(spec, d.value("mix", ""));
  return spec;
}

// SentencePiece reads plain text: two aligned files are given as they are;
// a TSV or TMX corpus is first written out as text (at most 1M pairs, both
// sides), into the vocabulary directory.
// Lines of each training file read to count its distinct characters.
constexpr int64_t kSampledLines = 200000;

// The options of a vocabulary trained here on `inputs`. A script of
// thousands of characters (Chinese, Japanese) would take most of the pieces
// at full coverage: its rarest characters go to bytes instead, as they would
// to <unk>. `what` names it in the note.
text::VocabOptions vocab_options(const nlohmann::json& d, int threads, std::vector<std::string> inputs,
                                 const std::string& what, const std::function<void(const std::string&)>& say) {
  text::VocabOptions vo;
  vo.inputs = std::move(inputs);
  vo.size = d["vocab_size"];
  vo.type = d["vocab_type"];
  vo.threads = threads;
  const int64_t characters = text::distinct_characters(vo.inputs, kSampledLines);
  if (characters > text::kLargeAlphabet && vo.size > 2 * (text::kEosId + 1 + 256)) {
    vo.character_coverage = 0.9995;
    vo.byte_fallback = true;
    vo.normalization = "identity";
    say(what + ": " + std::to_string(characters) + " distinct characters (more than " +
        std::to_string(text::kLargeAlphabet) +
        ", as in Chinese or Japanese text): character coverage 0.9995 and byte fallback, so the rarest and "
        "unseen characters become UTF-8 bytes, never <unk>; no NFKC normalization, so that full-width "
        "punctuation stays as written");
  }
  return vo;
}

std::vector<std::string> vocab_inputs(const data::CorpusSpec& corpus, const fs::path& vocab_dir) {
  if (corpus.paths.size() == 2) return corpus.paths;
  fs::create_directories(vocab_dir);
  const std::string text = (vocab_dir / "vocab-input.txt").string();
  std::ofstream out(text);
  auto reader = data::open_corpus(corpus);
  data::SentencePair pair;
  for (int64_t n = 0; n < 1000000 && reader->next(pair); ++n) out << pair.src << "\n" << pair.tgt << "\n";
  NMT_CHECK(out, "cannot write " << text);
  return {text};
}

// Every section and data field of a config is one nmt knows, and each data
// field has its default's type: a misspelt key (`dev_scr`) or a YAML
// boolean where a language code was meant is an error naming it, not
// ignored. (train and model check their own fields.)
void check_config_fields(const nlohmann::json& config) {
  NMT_CHECK(config.is_object(), "a training config is a mapping (preset, model, train, data), got " << config.dump());
  const std::vector<std::string> sections{"preset", "model", "train", "data"};
  // Written by nmt itself into a run's config.json, which --config may read back.
  const std::vector<std::string> written{"auto", kMatmulGflopsKey, "init", "decode", "distilled_from"};
  for (const auto& [key, value] : config.items()) {
    NMT_CHECK(std::count(sections.begin(), sections.end(), key) || std::count(written.begin(), written.end(), key),
              "unknown config section '" << key << "'" << did_you_mean(key, sections)
                                         << " (the sections are preset, model, train and data)");
  }
  NMT_CHECK(config["data"].is_object(), "the config's data section must be a mapping, got " << config["data"].dump());
  const auto& table = data_option_table();
  for (const auto& [key, value] : config["data"].items()) {
    const auto* spec = find_option(table, key);
    NMT_CHECK(spec != nullptr, "unknown data config field '" << key << "'" << did_you_mean(key, option_keys(table)));
    const OptionKind kind = spec->kind;
    const bool ok = kind == OptionKind::text      ? value.is_string()
                    : kind == OptionKind::boolean ? value.is_boolean()
                    : kind == OptionKind::integer ? value.is_number_integer()
                                                  : value.is_number();
    NMT_CHECK(ok, "data config field '" << key << "' must be "
                                        << (kind == OptionKind::text      ? "a string"
                                            : kind == OptionKind::boolean ? "true or false"
                                            : kind == OptionKind::integer ? "an integer"
                                                                          : "a number")
                                        << ", got " << value.dump() << yaml_boolean_hint(value));
  }
}

bool fine_tuning(const nlohmann::json& config) { return !config["train"].value("init_from", "").empty(); }

model::ModelConfig model_config_of(const nlohmann::json& config) {
  // A fine-tuning run's model section is the whole of its checkpoint's.
  if (fine_tuning(config)) return model::model_config_from_json(config["model"]);
  return model::model_config_from_json(config["model"], model::preset(config.value("preset", "small")));
}

}  // namespace

namespace {

// A row of the data: section, whose kind follows its default's JSON type.
DataOptionSpec data_row(std::string key, std::string flag, nlohmann::json fallback, std::string help,
                        std::vector<std::string> choices = {}) {
  const OptionKind kind = fallback.is_boolean()          ? OptionKind::boolean
                          : fallback.is_number_integer() ? OptionKind::integer
                          : fallback.is_number()         ? OptionKind::number
                                                         : OptionKind::text;
  DataOptionSpec s{key, std::move(flag), "", std::move(help), "", kind, std::move(choices), {}, {}};
  s.get = [key, fallback](const nlohmann::json& d) { return d.is_object() && d.contains(key) ? d[key] : fallback; };
  s.set = [key](const nlohmann::json& value, nlohmann::json& d) { d[key] = value; };
  return s;
}

std::vector<DataOptionSpec> make_data_table() {
  auto tie = data_row("tie_embeddings", "--tie-embeddings", false,
                      "One matrix for source and target embeddings and the output layer (joint vocabulary; the "
                      "default of --preset auto)");
  tie = with_off_flag(tie, "--no-tie-embeddings", "Separate source, target and output matrices");
  return {
      data_row("train_src", "--train-src", "", "Training source file (plain or .gz)"),
      data_row("train_tgt", "--train-tgt", "", "Training target file, line-aligned"),
      data_row("train", "--train", "",
               "Training corpus as one file: FILE.tsv (source TAB target) or FILE.tmx, optionally .gz"),
      data_row("dev_src", "--dev-src", "", "Validation source file"),
      data_row("dev_tgt", "--dev-tgt", "", "Validation target file"),
      data_row("dev", "--dev", "", "Validation corpus as one .tsv or .tmx file"),
      data_row("src_lang", "--src-lang", "",
               "Source language code (e.g. en), saved with the model: nmt serve's language; TMX: the side to read (en "
               "matches en-GB)"),
      data_row("tgt_lang", "--tgt-lang", "", "Target language code (e.g. es), saved with the model; TMX: the side to read"),
      data_row("vocab", "--vocab", "",
               "SentencePiece directory (spm.model) or file; default: train a joint one into RUN_DIR/vocab"),
      data_row("src_vocab", "--src-vocab", "", "Source-side SentencePiece model (with --tgt-vocab)"),
      data_row("tgt_vocab", "--tgt-vocab", "", "Target-side SentencePiece model (with --src-vocab)"),
      data_row("vocab_size", "--vocab-size", 8000, "Pieces of the vocabulary trained here (--preset auto: by corpus size)"),
      data_row("vocab_type", "--vocab-type", "bpe", "bpe | unigram", {"bpe", "unigram"}),
      data_row("vocab_sides", "--vocab-sides", "auto",
               "auto | joint | separate: the vocabulary trained here, one for both sides or one per side "
               "(RUN_DIR/vocab/src, RUN_DIR/vocab/tgt); auto: one per side when exactly one side writes a script of "
               "thousands of characters (Chinese, Japanese)",
               vocab_sides_values()),
      tie,
      data_row("mix", "--mix", "",
               "FILE:SHARE: a general corpus (.tsv or .tmx, optionally .gz) making up SHARE (0-1) of the pairs "
               "trained on, read in turn with --train's, against forgetting when fine-tuning"),
      data_row("out", "--out", "", "Run directory: vocabulary, checkpoints"),
  };
}

}  // namespace

const std::vector<DataOptionSpec>& data_option_table() {
  static const std::vector<DataOptionSpec> table = make_data_table();
  return table;
}

nlohmann::json default_train_config() {
  nlohmann::json data = nlohmann::json::object();
  for (const auto& spec : data_option_table()) data[spec.key] = spec.get(nullptr);
  return {{"preset", "auto"}, {"model", nlohmann::json::object()}, {"train", to_json(TrainOptions{})}, {"data", data}};
}

namespace {

// The vocabulary's layout for a vocabulary trained here (none given, not
// fine-tuning), from each side's distinct characters in a sample of the
// training files; a given --tie-embeddings keeps auto joint. Joint where
// the corpus is one file (TSV, TMX).
VocabLayout vocab_layout(const nlohmann::json& config, const nlohmann::json& overrides, const nlohmann::json& file) {
  const auto& d = config["data"];
  const std::string sides = d.value("vocab_sides", "auto");
  const bool trained_here = d.value("vocab", "").empty() && d.value("src_vocab", "").empty() && !fine_tuning(config);
  const auto corpus = corpus_spec(d, "train");
  auto given = file;
  merge_into(given, overrides);
  const bool tie_given = given.contains("data") && given["data"].value("tie_embeddings", false);
  if (!trained_here || (sides == "auto" && (corpus.paths.size() != 2 || tie_given))) {
    return choose_vocab_layout(sides == "auto" ? "joint" : sides, 0, 0);
  }
  if (sides != "auto") return choose_vocab_layout(sides, 0, 0);
  // The given options' own errors first; a missing file is named later, where it is opened.
  train_options_from_json(config["train"]);
  if (!fs::exists(corpus.paths[0]) || !fs::exists(corpus.paths[1])) return choose_vocab_layout("joint", 0, 0);
  return choose_vocab_layout(sides, text::distinct_characters({corpus.paths[0]}, kSampledLines),
                             text::distinct_characters({corpus.paths[1]}, kSampledLines));
}

}  // namespace

nlohmann::json resolve_train_config(const std::string& config_file, const nlohmann::json& overrides) {
  auto config = default_train_config();
  const auto file = config_file.empty() ? nlohmann::json::object() : read_config_file(config_file);
  merge_into(config, file);
  merge_into(config, overrides);
  check_config_fields(config);
  if (fine_tuning(config)) {
    auto given = file;
    merge_into(given, overrides);
    return fine_tuning_config(config, given);
  }
  const auto layout = vocab_layout(config, overrides, file);
  if (layout.separate) config["data"]["vocab_sides"] = "separate";
  if (config.value("preset", "auto") != "auto") return config;
  // --preset auto: the recipe goes between the defaults and what was given,
  // once the given train options are known to be valid.
  train_options_from_json(config["train"]);
  const auto corpus = corpus_spec(config["data"], "train");
  if (corpus.paths.empty()) {  // nothing to size it on; checked_train_options says what is missing
    config["preset"] = "small";
    return config;
  }
  const auto& d = config["data"];
  const bool joint = d.value("src_vocab", "").empty() && !layout.separate;
  const double max_time = config["train"].value("max_time", 0.0);
  const std::string device = config["train"].value("device", "cpu");
  // A CPU budget: how fast this machine multiplies, in the precision training will use.
  double gflops = 0;
  if (device == "cpu" && max_time > 0) {
    const auto& bf16 = config["train"]["bf16"];
    gflops = run_matmul_gflops(d.value("out", ""), bf16.is_boolean() ? bf16.get<bool>() : cpu_has_native_bf16());
  }
  const auto recipe = auto_recipe(data::count_pairs(corpus), max_time, device, joint, gflops);
  auto resolved = default_train_config();
  merge_into(resolved, recipe.layer);
  merge_into(resolved, file);
  merge_into(resolved, overrides);
  resolved["preset"] = recipe.layer["preset"];
  resolved["auto"] = recipe.note + (layout.note.empty() ? "" : "; " + layout.note);
  if (layout.separate) resolved["data"]["vocab_sides"] = "separate";
  if (gflops > 0) resolved[kMatmulGflopsKey] = gflops;
  return resolved;
}

TrainOptions checked_train_options(const nlohmann::json& config) {
  const auto& d = config["data"];
  NMT_CHECK(!d.value("out", "").empty(), "nmt train needs --out RUN_DIR");
  NMT_CHECK(!corpus_spec(d, "train").paths.empty(),
            "nmt train needs --train-src and --train-tgt, or --train FILE.tsv|FILE.tmx (or data.train_src/train_tgt "
            "or data.train in the config file)");
  auto options = train_options_from_json(config["train"]);
  check_train_options(model_config_of(config), options);
  return options;
}

std::optional<TrainResult> run_training(nlohmann::json config, const TrainRunOptions& run,
                                        const TrainCallbacks& callbacks, dist::World& world) {
  auto options = checked_train_options(config);
  options.reset_data_position = run.reset_data_position;
  auto model_config = model_config_of(config);
  const auto& d = config["data"];
  const std::string run_dir = d.value("out", "");
  auto say = [&](const std::string& line) {
    if (run.say && world.is_main()) run.say(line);
  };
  // Rank 0 prepares the vocabulary; the others wait (as long as that takes)
  // and then find it in RUN_DIR.
  constexpr double kVocabularyWait = 24 * 3600;
  if (!world.is_main()) world.barrier(kVocabularyWait);

  TrainData data;
  data.train = corpus_spec(d, "train");
  const auto dev_corpus = corpus_spec(d, "dev");
  if (!dev_corpus.paths.empty()) data.dev = data::read_corpus(dev_corpus);

  // Vocabulary: one per side, one joint given, kept from an earlier run in
  // RUN_DIR, or a joint one trained now.
  std::string src_path = d.value("src_vocab", ""), tgt_path = d.value("tgt_vocab", "");
  NMT_CHECK(src_path.empty() == tgt_path.empty(), "give both --src-vocab and --tgt-vocab, or neither");
  const fs::path run_vocab = fs::path(run_dir) / "vocab";
  std::string vocab_path = d.value("vocab", "");
  if (vocab_path.empty() && fs::exists(run_vocab / "spm.model")) vocab_path = run_vocab.string();
  const bool tuning = fine_tuning(config);
  // One per side (data.vocab_sides separate): RUN_DIR/vocab/src and tgt,
  // each with its side's character coverage.
  const bool separate = d.value("vocab_sides", "auto") == "separate" && vocab_path.empty() && src_path.empty() && !tuning;
  std::string side_src, side_tgt;
  if (separate) {
    NMT_CHECK(data.train.paths.size() == 2,
              "--vocab-sides separate needs --train-src and --train-tgt (one file per side), not " << data::describe(data.train));
    side_src = (run_vocab / "src" / "spm.model").string(), side_tgt = (run_vocab / "tgt" / "spm.model").string();
    for (const auto& [side, file, model] : {std::tuple{"source", data.train.paths[0], side_src},
                                            std::tuple{"target", data.train.paths[1], side_tgt}}) {
      if (fs::exists(model) || run.dry_run) continue;
      auto vo = vocab_options(d, options.threads, {file}, std::string(side) + " side", say);
      say(std::string("training a ") + side + " " + vo.type + " vocabulary of " + std::to_string(vo.size) +
          " pieces into " + fs::path(model).parent_path().string());
      text::train_vocab(vo, fs::path(model).parent_path().string());
    }
  } else if (vocab_path.empty() && src_path.empty() && !run.dry_run && !tuning) {
    auto vo = vocab_options(d, options.threads, vocab_inputs(data.train, run_vocab), "vocabulary", say);
    say("training a joint " + vo.type + " vocabulary of " + std::to_string(vo.size) + " pieces into " +
        run_vocab.string());
    vocab_path = text::train_vocab(vo, run_vocab.string());
  }
  if (run.dry_run) {
    say("corpus " + data::describe(data.train) + ": " + std::to_string(data::count_pairs(data.train)) + " pairs");
  }
  if (world.is_main()) world.barrier(kVocabularyWait);
  if (separate && fs::exists(side_src) && fs::exists(side_tgt)) src_path = side_src, tgt_path = side_tgt;
  if (vocab_path.empty() && src_path.empty() && !tuning) {
    say("config: " + config.dump() + "\n(dry run: the vocabulary would be trained first)");
    return std::nullopt;
  }
  const bool joint = src_path.empty();
  // Fine-tuning: the vocabularies of the model's checkpoint (the run's own
  // latest when it resumes).
  const std::string latest = tuning ? latest_checkpoint(run_dir) : "";
  const auto tuned = tuning ? std::optional(read_checkpoint_info(
                                  latest.empty() ? config["init"]["checkpoint"].get<std::string>() : latest))
                            : std::nullopt;
  auto src_vocab = tuned ? text::Vocab::from_serialized(tuned->src_vocab)
                         : text::load_vocab(joint ? vocab_path : src_path);
  auto tgt_vocab = tuned ? text::Vocab::from_serialized(tuned->tgt_vocab)
                         : joint ? src_vocab : text::load_vocab(tgt_path);
  model_config.src_vocab = src_vocab.size();
  model_config.tgt_vocab = tgt_vocab.size();
  if (d.value("tie_embeddings", false) && !tuned) {
    NMT_CHECK(joint, "--tie-embeddings needs one joint vocabulary, not --src-vocab/--tgt-vocab");
    model_config.share_embeddings = model_config.tie_output = true;
  }
  model_config.validate();
  const bool inherited_decode = config.contains("decode");  // from the checkpoint fine-tuned, or the config file
  if (!run.dry_run) {
    const auto ratio = measure_length_ratio(data.train, src_vocab, tgt_vocab);
    if (ratio.penalised_below() > 0) {
      config["decode"]["length_ratio"] = ratio.penalised_below();
      say(ratio.describe());
    }
  }
  config["model"] = model::to_json(model_config);
  config["train"] = to_json(options);
  if (config.contains("auto")) say(config["auto"].get<std::string>());
  if (tuning && latest.empty()) {  // (a resumed run says where it resumes)
    say("fine-tuning " + config["init"]["checkpoint"].get<std::string>() + " (step " +
        config["init"]["step"].dump() + "): its model, vocabulary" +
        (inherited_decode ? ", languages and decoding defaults" : " and languages") +
        (options.init_keep_optimizer ? "; Adam's moments kept" : "; a fresh optimizer") + ", a new schedule from step 0");
  }
  say("config: " + config.dump());
  if (run.dry_run) return std::nullopt;
  if (run.before_training) run.before_training();
  return train_model(model_config, options, data, src_vocab, tgt_vocab, run_dir, config, callbacks, &world);
}

}  // namespace nmt::train
