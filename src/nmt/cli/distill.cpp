// nmt distill --teacher RUN_DIR (--train-src F --train-tgt F | --train F)
// --out RUN_DIR [--stage translate|train|all]: a teacher's translations of
// the training sources, then a student trained on them (distill/distill.h).
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/model/config_options.h"
#include "nmt/cli/progress.h"
#include "nmt/cli/stop_signal.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/distill/distill.h"

namespace nmt::cli {
namespace {

struct DistillCommand {
  distill::TeacherOptions teacher;
  std::string train_src, train_tgt, train, src_lang, tgt_lang, out, stage = "all", quantize = "none";
  std::string student_quantize = "int8";
  int64_t chunk_lines = 1000;
  bool no_shortlist = false;
  distill::StudentOptions student;
};

data::CorpusSpec corpus_of(const DistillCommand& cmd) {
  NMT_CHECK(cmd.train.empty() != (cmd.train_src.empty() && cmd.train_tgt.empty()),
            "give the corpus whose sources the teacher translates as --train-src F --train-tgt F, or as --train "
            "FILE.tsv|FILE.tmx");
  NMT_CHECK(cmd.train_src.empty() == cmd.train_tgt.empty(), "--train-src and --train-tgt go together");
  data::CorpusSpec spec;
  spec.paths = cmd.train.empty() ? std::vector<std::string>{cmd.train_src, cmd.train_tgt}
                                 : std::vector<std::string>{cmd.train};
  spec.src_lang = cmd.src_lang, spec.tgt_lang = cmd.tgt_lang;
  return spec;
}

void translate_stage(DistillCommand& cmd) {
  const auto corpus = corpus_of(cmd);
  const int64_t total = data::count_pairs(corpus);
  cmd.teacher.int8 = cmd.quantize == "int8";
  const auto teacher = distill::model_teacher(cmd.teacher);
  const std::string tsv = distill::distilled_path(cmd.out);
  std::filesystem::create_directories(cmd.out);
  const auto start = std::chrono::steady_clock::now();
  int64_t first = -1;
  const auto progress = distill::distill_corpus(corpus, teacher, tsv, cmd.chunk_lines, [&](int64_t lines) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (first < 0) first = lines - cmd.chunk_lines;
    std::cerr << "distill: " << lines << " of " << total << " sources translated by the teacher ("
              << fixed(static_cast<double>(lines - std::max<int64_t>(first, 0)) / std::max(seconds, 1e-9), 1)
              << " lines/s)\n";
    NMT_CHECK(stop_signal() == 0, "interrupted: " << lines << " of " << total << " lines of " << tsv
                                                  << " are on disk; run the same command to go on from there");
  });
  std::cerr << "distill: " << tsv << " holds the teacher's translations of " << progress.kept + progress.written
            << " sources (" << progress.kept << " kept from an earlier run, " << progress.written << " now)\n";
}

void set_student_defaults(DistillCommand& cmd) {
  cmd.student.int8 = cmd.student_quantize == "int8";
  cmd.student.shortlist = !cmd.no_shortlist;
}

void train_stage(DistillCommand& cmd) {
  set_student_defaults(cmd);
  const auto& budget = cmd.student.overrides.value("train", nlohmann::json::object());
  TrainProgress progress(budget.value("max_steps", int64_t{0}), budget.value("max_time", 0.0), ::isatty(2) == 1);
  train::TrainRunOptions run;
  run.say = [](const std::string& line) { std::cerr << line << "\n"; };
  run.before_training = install_stop_handlers;
  train::TrainCallbacks callbacks;
  callbacks.message = [&](const std::string& line) { progress.message(line); };
  callbacks.on_step = [&](const train::StepReport& r) { progress.step(r); };
  callbacks.stop_requested = [] { return stop_signal() != 0; };
  const auto result = distill::train_student(cmd.teacher.model, cmd.out, cmd.student, run, callbacks);
  progress.finish();
  if (result && result->stop_reason == "interrupted") {
    std::cerr << "interrupted; run the same command to resume from " << result->checkpoint << "\n";
    throw CLI::RuntimeError(128 + (stop_signal() ? stop_signal() : SIGTERM));
  }
}

void run(DistillCommand& cmd) {
  NMT_CHECK(!cmd.teacher.model.empty() && !cmd.out.empty(), "nmt distill needs --teacher RUN_DIR and --out RUN_DIR");
  if (cmd.stage == "all") {  // a bad student option is told before the teacher's hours of translation
    set_student_defaults(cmd);
    distill::check_student_options(cmd.teacher.model, cmd.out, cmd.student);
  }
  if (cmd.stage == "translate" || cmd.stage == "all") {
    install_stop_handlers();  // a Ctrl-C ends the chunk in flight, then stops
    translate_stage(cmd);
  }
  if (cmd.stage == "train" || cmd.stage == "all") train_stage(cmd);
}

}  // namespace

void add_distill_command(CLI::App& app) {
  auto cmd = std::make_shared<DistillCommand>();
  auto& o = cmd->student.overrides;
  CLI::App* c = app.add_subcommand(
      "distill", "Sequence-level knowledge distillation: the teacher translates the training sources (beam search), "
                 "a smaller student trains on its translations");
  c->add_option("--teacher", cmd->teacher.model, "The teacher: a run directory or checkpoint (ours or imported)")
      ->required();
  c->add_option("--train-src", cmd->train_src, "Sources to distil (plain or .gz); the targets are not used");
  c->add_option("--train-tgt", cmd->train_tgt, "The corpus's target side, line-aligned with --train-src");
  c->add_option("--train", cmd->train, "The corpus as one file: FILE.tsv[.gz] or FILE.tmx[.gz]");
  c->add_option("--src-lang", cmd->src_lang, "TMX: the source language to read");
  c->add_option("--tgt-lang", cmd->tgt_lang, "TMX: the target language to read");
  c->add_option("--out", cmd->out, "The student's run directory; the distilled corpus is RUN_DIR/distilled.tsv")
      ->required();
  c->add_option("--stage", cmd->stage, "translate: the distilled corpus only; train: the student only (from the "
                                       "distilled corpus on disk); all: both")
      ->capture_default_str()->check(CLI::IsMember({"translate", "train", "all"}));
  c->add_option("--beam", cmd->teacher.beam, "The teacher's beam")->capture_default_str()->check(CLI::Range(1, 64));
  c->add_option("--quantize", cmd->quantize, "int8: the teacher's linear layers in int8")
      ->capture_default_str()->check(CLI::IsMember({"none", "int8"}));
  c->add_option("--device", cmd->teacher.device, "The teacher's device: cpu, or cuda | cuda:N on a CUDA build")
      ->capture_default_str();
  c->add_option("--chunk-lines", cmd->chunk_lines,
                "Sources translated, written and synced together: what an interruption can lose")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
  c->add_option_function<int>(
       "--threads", [cmd](int threads) { cmd->teacher.threads = threads, cmd->student.overrides["train"]["threads"] = threads; },
       "CPU threads of the teacher and of the student's training (2)")
      ->check(CLI::Range(1, 1024));
  c->add_option("--preset", cmd->student.preset, "The student: student-tiny (256 wide, 6 + 2 layers, FFN 1536) or "
                                                 "student-base (512 wide, 6 + 2 layers, FFN 2048)")
      ->capture_default_str()->check(CLI::IsMember({"student-tiny", "student-base", "tiny", "small", "base"}));
  add_model_options(*c, o, model::model_shape_keys());  // the student's, over its preset's
  c->add_option("--keep-best", cmd->student.keep_share,
                "Train the student on this share (0-1) of the distilled pairs, those the teacher scores highest "
                "(log-probability per token, teacher-forced): RUN_DIR/distilled.kept-SHARE.tsv; 1 = all")
      ->capture_default_str()->check(CLI::Range(0.0, 1.0));
  c->add_option("--student-quantize", cmd->student_quantize,
                "The student's default for nmt translate: int8 or none (--quantize of translate overrides it)")
      ->capture_default_str()->check(CLI::IsMember({"none", "int8"}));
  c->add_flag("--no-shortlist", cmd->no_shortlist,
              "No RUN_DIR/shortlist.bin (by default counted on the distilled corpus and used by nmt translate)");
  add_train_options(*c, o, {"max_steps", "max_time", "max_epochs", "batch_tokens", "lr", "warmup", "ema", "valid_every",
                           "save_every", "seed"},
                    "The student's training: ");
  add_data_options(*c, o, {"dev_src", "dev_tgt", "dev"});  // the original references
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
