#include "nmt/distill/distill.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>

#include <torch/torch.h>

#include "nmt/common/config_file.h"
#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/decode/score_pairs.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/translator.h"
#include "nmt/dist/world.h"
#include "nmt/model/threads.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/run_config.h"

namespace fs = std::filesystem;

namespace nmt::distill {

Teacher model_teacher(const TeacherOptions& options) {
  const auto loaded = train::load_models({options.model});
  const auto& config = loaded.checkpoints.front().info.config;
  auto translator = std::make_shared<decode::Translator>(loaded.models, std::vector<double>{}, torch::Device(options.device));
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

std::string kept_path(const std::string& run_dir, double share) {
  return (fs::path(run_dir) / ("distilled.kept-" + fixed(share, 3) + ".tsv")).string();
}

FilterResult filter_by_teacher(const std::string& teacher, const std::string& run_dir, double share, int threads) {
  NMT_CHECK(share > 0 && share < 1, "the share of pairs to keep must be between 0 and 1, got " << share);
  const auto loaded = train::load_models({teacher});
  const auto src_vocab = text::Vocab::from_serialized(loaded.src_vocab);
  const auto tgt_vocab = text::Vocab::from_serialized(loaded.tgt_vocab);
  model::set_cpu_threads(threads);
  data::CorpusSpec corpus;
  corpus.paths = {distilled_path(run_dir)};
  // Scores in blocks, so that memory holds one block's pieces.
  constexpr size_t kBlock = 8192;
  std::vector<double> scores;
  auto reader = data::open_corpus(corpus);
  data::SentencePair pair;
  for (bool more = true; more;) {
    std::vector<std::vector<int>> sources, targets;
    while (sources.size() < kBlock && (more = reader->next(pair))) {
      sources.push_back(src_vocab.encode(pair.src));
      targets.push_back(tgt_vocab.encode(pair.tgt));
    }
    if (sources.empty()) break;
    for (const auto& s : decode::score_pairs(loaded.models.front(), sources, targets, 32, torch::kCPU)) {
      scores.push_back(s.log_prob / static_cast<double>(std::max<int64_t>(s.tokens, 1)));
    }
  }
  NMT_CHECK(!scores.empty(), "the distilled corpus " << distilled_path(run_dir) << " is empty");
  auto sorted = scores;
  const auto keep = std::max<size_t>(1, static_cast<size_t>(share * static_cast<double>(scores.size())));
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(keep - 1), sorted.end(),
                   std::greater<double>());
  FilterResult result;
  result.total = static_cast<int64_t>(scores.size());
  result.threshold = sorted[keep - 1];
  std::string kept;
  reader = data::open_corpus(corpus);
  for (size_t i = 0; reader->next(pair); ++i) {
    if (scores[i] >= result.threshold) kept += pair.src + "\t" + pair.tgt + "\n", ++result.kept;
  }
  write_file_durably(kept_path(run_dir, share), kept, "filtered corpus");
  return result;
}

namespace {

std::string student_corpus(const std::string& run_dir, const StudentOptions& options) {
  return options.keep_share < 1 ? kept_path(run_dir, options.keep_share) : distilled_path(run_dir);
}

// The teacher's newest checkpoint (or the one given) and what it says of itself.
struct TeacherCheckpoint {
  std::string path;
  train::CheckpointInfo info;
};

TeacherCheckpoint teacher_checkpoint(const std::string& teacher) {
  auto path = train::resolve_checkpoint(teacher);
  auto info = train::read_checkpoint_info(path);
  return {std::move(path), std::move(info)};
}

nlohmann::json config_from(const TeacherCheckpoint& teacher, const std::string& run_dir, const StudentOptions& options) {
  const auto& info = teacher.info;
  const bool joint = info.src_vocab == info.tgt_vocab;
  const fs::path vocab_dir = fs::path(run_dir) / "vocab";
  nlohmann::json data = {{"train", student_corpus(run_dir, options)}, {"out", run_dir}, {"tie_embeddings", joint},
                         {"src_lang", train::trained_language(info.config, "src_lang")},
                         {"tgt_lang", train::trained_language(info.config, "tgt_lang")}};
  if (joint) {
    data["vocab"] = vocab_dir.string();
  } else {
    data["src_vocab"] = (vocab_dir / "src.spm").string();
    data["tgt_vocab"] = (vocab_dir / "tgt.spm").string();
  }
  nlohmann::json decode = nlohmann::json::object();
  if (options.int8) decode["quantize"] = "int8";
  if (options.shortlist) decode["shortlist"] = "shortlist.bin";
  nlohmann::json config = {{"preset", options.preset}, {"data", data}, {"decode", decode},
                           {"distilled_from", {{"teacher", teacher.path}}}};
  merge_into(config, options.overrides);
  return train::resolve_train_config("", config);
}

// The teacher's vocabularies where the student's config says they are.
void write_vocabularies(const train::CheckpointInfo& info, const nlohmann::json& data) {
  auto write = [](const fs::path& path, const std::string& model) {
    fs::create_directories(path.parent_path());
    write_file_durably(path.string(), model, "vocabulary");
  };
  if (!data.value("vocab", "").empty()) {
    write(fs::path(data.value("vocab", "")) / "spm.model", info.src_vocab);
  } else {
    write(data.value("src_vocab", ""), info.src_vocab);
    write(data.value("tgt_vocab", ""), info.tgt_vocab);
  }
}

}  // namespace

nlohmann::json student_config(const std::string& teacher, const std::string& run_dir, const StudentOptions& options) {
  return config_from(teacher_checkpoint(teacher), run_dir, options);
}

void check_student_options(const std::string& teacher, const std::string& run_dir, const StudentOptions& options) {
  train::checked_train_options(student_config(teacher, run_dir, options));
}

std::optional<train::TrainResult> train_student(const std::string& teacher, const std::string& run_dir,
                                                const StudentOptions& options, const train::TrainRunOptions& run,
                                                const train::TrainCallbacks& callbacks) {
  NMT_CHECK(fs::exists(distilled_path(run_dir)), "no distilled corpus in " << run_dir << " (" << distilled_path(run_dir)
                                                 << "): run nmt distill --stage translate first");
  if (options.keep_share < 1 && !run.dry_run && !fs::exists(kept_path(run_dir, options.keep_share))) {
    const int threads = options.overrides.value("train", nlohmann::json::object()).value("threads", 2);
    const auto kept = filter_by_teacher(teacher, run_dir, options.keep_share, threads);
    if (run.say) {
      run.say("filter: kept " + std::to_string(kept.kept) + " of " + std::to_string(kept.total) +
              " distilled pairs, those the teacher scores at least " + std::to_string(kept.threshold) +
              " per token -> " + kept_path(run_dir, options.keep_share));
    }
  }
  const auto checkpoint = teacher_checkpoint(teacher);
  const auto& info = checkpoint.info;
  const auto config = config_from(checkpoint, run_dir, options);
  train::checked_train_options(config);
  write_vocabularies(info, config["data"]);
  const std::string shortlist = (fs::path(run_dir) / "shortlist.bin").string();
  if (options.shortlist && !run.dry_run && !fs::exists(shortlist)) {
    const auto src_vocab = text::Vocab::from_serialized(info.src_vocab);
    const auto tgt_vocab = text::Vocab::from_serialized(info.tgt_vocab);
    data::CorpusSpec corpus;
    corpus.paths = {student_corpus(run_dir, options)};
    auto reader = data::open_corpus(corpus);
    const auto built = decode::Shortlist::build(*reader, src_vocab, tgt_vocab, decode::ShortlistOptions{}, nullptr);
    built.save(shortlist);
    if (run.say) run.say("shortlist: " + std::to_string(built.pairs()) + " pairs of the distilled corpus -> " + shortlist);
  }
  dist::World one_process;
  return train::run_training(config, run, callbacks, one_process);
}

}  // namespace nmt::distill
