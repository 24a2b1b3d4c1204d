#include "nmt/distill/distill.h"

#include <filesystem>
#include <memory>

#include <torch/torch.h>

#include "nmt/common/config_file.h"
#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/translator.h"
#include "nmt/dist/world.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/run_config.h"

namespace fs = std::filesystem;

namespace nmt::distill {

Teacher model_teacher(const TeacherOptions& options) {
  const auto loaded = train::load_models({options.model});
  const auto& config = loaded.checkpoints.front().info.config;
  auto translator = std::make_shared<decode::Translator>(loaded.models, std::vector<double>{}, torch::Device(torch::kCPU));
  if (options.int8) translator->quantize_int8();
  decode::StreamOptions stream;
  decode::apply_model_defaults(config, stream.translate, {});
  stream.translate.search.beam = options.beam;
  stream.translate.batch_size = options.batch_size;
  stream.threads = options.threads;
  auto src_vocab = std::make_shared<text::Vocab>(text::Vocab::from_serialized(loaded.src_vocab));
  auto tgt_vocab = std::make_shared<text::Vocab>(text::Vocab::from_serialized(loaded.tgt_vocab));
  return [translator, stream, src_vocab, tgt_vocab](const std::vector<std::string>& sources) {
    decode::StreamStats stats;
    return decode::translate_text_lines(*translator, sources, *src_vocab, *tgt_vocab, stream, stats);
  };
}

std::string distilled_path(const std::string& run_dir) { return (fs::path(run_dir) / "distilled.tsv").string(); }

nlohmann::json student_config(const std::string& teacher, const std::string& run_dir, const StudentOptions& options) {
  const std::string corpus = distilled_path(run_dir);
  NMT_CHECK(fs::exists(corpus), "no distilled corpus in " << run_dir << " (" << corpus
                                                          << "): run nmt distill --stage translate first");
  const auto info = train::read_checkpoint_info(train::resolve_checkpoint(teacher));
  // The teacher's vocabularies, as files nmt train reads.
  const fs::path vocab_dir = fs::path(run_dir) / "vocab";
  fs::create_directories(vocab_dir);
  const bool joint = info.src_vocab == info.tgt_vocab;
  nlohmann::json data = {{"train", corpus}, {"out", run_dir}, {"tie_embeddings", joint},
                         {"src_lang", train::trained_language(info.config, "src_lang")},
                         {"tgt_lang", train::trained_language(info.config, "tgt_lang")}};
  if (joint) {
    write_file_durably((vocab_dir / "spm.model").string(), info.src_vocab, "vocabulary");
    data["vocab"] = vocab_dir.string();
  } else {
    write_file_durably((vocab_dir / "src.spm").string(), info.src_vocab, "vocabulary");
    write_file_durably((vocab_dir / "tgt.spm").string(), info.tgt_vocab, "vocabulary");
    data["src_vocab"] = (vocab_dir / "src.spm").string();
    data["tgt_vocab"] = (vocab_dir / "tgt.spm").string();
  }
  nlohmann::json decode = nlohmann::json::object();
  if (options.int8) decode["quantize"] = "int8";
  if (options.shortlist) decode["shortlist"] = "shortlist.bin";
  nlohmann::json config = {{"preset", options.preset}, {"data", data}, {"decode", decode},
                           {"distilled_from", {{"teacher", train::resolve_checkpoint(teacher)}}}};
  merge_into(config, options.overrides);
  return train::resolve_train_config("", config);
}

std::optional<train::TrainResult> train_student(const std::string& teacher, const std::string& run_dir,
                                                const StudentOptions& options, const train::TrainRunOptions& run,
                                                const train::TrainCallbacks& callbacks) {
  const auto config = student_config(teacher, run_dir, options);
  train::checked_train_options(config);
  const std::string shortlist = (fs::path(run_dir) / "shortlist.bin").string();
  if (options.shortlist && !run.dry_run && !fs::exists(shortlist)) {
    const auto info = train::read_checkpoint_info(train::resolve_checkpoint(teacher));
    const auto src_vocab = text::Vocab::from_serialized(info.src_vocab);
    const auto tgt_vocab = text::Vocab::from_serialized(info.tgt_vocab);
    data::CorpusSpec corpus;
    corpus.paths = {distilled_path(run_dir)};
    auto reader = data::open_corpus(corpus);
    const auto built = decode::Shortlist::build(*reader, src_vocab, tgt_vocab, decode::ShortlistOptions{}, nullptr);
    built.save(shortlist);
    if (run.say) run.say("shortlist: " + std::to_string(built.pairs()) + " pairs of the distilled corpus -> " + shortlist);
  }
  dist::World one_process;
  return train::run_training(config, run, callbacks, one_process);
}

}  // namespace nmt::distill
