#pragma once
// nmt distill: sequence-level knowledge distillation (Kim & Rush 2016), the
// way Bergamot's fast CPU students are made. A teacher translates the
// training sources with beam search; a student with a deep encoder and a
// shallow decoder is trained on those translations. Two stages, each of
// which can run alone and resumes where it stopped:
//   translate  RUN_DIR/distilled.tsv (distilled_corpus.h), from the teacher;
//   train      the student in RUN_DIR itself, with the teacher's
//              vocabularies (RUN_DIR/vocab) and a lexical shortlist counted
//              on the distilled corpus (RUN_DIR/shortlist.bin); the run's
//              decoding defaults make nmt translate use int8 products and
//              that shortlist, as the students are meant to run.
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "nmt/distill/distilled_corpus.h"
#include "nmt/train/run_config.h"
#include "nmt/train/trainer.h"

namespace nmt::distill {

struct TeacherOptions {
  std::string model;  // run directory or checkpoint, ours or imported (nmt import marian)
  int64_t beam = 4;
  bool int8 = false;  // the teacher's linear layers in int8 (faster, slightly different translations)
  std::string device = "cpu";  // cpu, or cuda[:N] on a CUDA build (the LibTorch path, float32)
  int threads = 2;
  int64_t batch_size = 32;
};

// Translates as `nmt translate --model M --beam B [--quantize int8] [--device D]` does,
// with the model's own decoding defaults (an imported model's search rules).
Teacher model_teacher(const TeacherOptions& options);

// RUN_DIR/distilled.tsv.
std::string distilled_path(const std::string& run_dir);

// RUN_DIR/distilled.kept-SHARE.tsv (SHARE as 0.500): the pairs kept by
// filter_by_teacher; another share is another file.
std::string kept_path(const std::string& run_dir, double share);

struct FilterResult {
  int64_t kept = 0, total = 0;
  double threshold = 0;  // the lowest log-probability per token kept
};

// Keeps the share (0, 1) of the distilled corpus's pairs that the teacher
// finds likeliest, by log-probability per target token (teacher-forced,
// decode::score_pairs, </s> included), in the corpus's order, into
// kept_path(run_dir, share); pairs tied at the threshold are all kept.
FilterResult filter_by_teacher(const std::string& teacher, const std::string& run_dir, double share, int threads);

struct StudentOptions {
  std::string preset = "student-tiny";  // model/config.h
  double keep_share = 1;  // < 1: train on filter_by_teacher's pairs
  // nmt train's configuration sections over the student's (train: the
  // budget, batch, lr...; data: the dev set), as `nmt train`'s command line.
  nlohmann::json overrides = nlohmann::json::object();
  bool int8 = true;       // the run translates in int8 unless told otherwise
  bool shortlist = true;  // and with RUN_DIR/shortlist.bin
};

// The student's training configuration: the distilled corpus, the teacher's
// vocabularies (RUN_DIR/vocab, which train_student writes), languages and
// tied embeddings when its vocabulary is joint, the preset, the run's
// decoding defaults, then `options.overrides`. Reads only the teacher.
nlohmann::json student_config(const std::string& teacher, const std::string& run_dir, const StudentOptions& options);

// Throws nmt::Error naming the option when the student's training options
// are invalid (a missing budget, a negative --ema...): `nmt distill` checks
// them before the teacher translates, which takes hours on a large corpus.
void check_student_options(const std::string& teacher, const std::string& run_dir, const StudentOptions& options);

// Throws nmt::Error when the distilled corpus is missing. Writes the
// teacher's vocabularies and the shortlist (unless options.shortlist is off)
// into RUN_DIR and trains the student as `nmt train` would with
// student_config (resuming a run that was stopped); nullopt after a dry run.
std::optional<train::TrainResult> train_student(const std::string& teacher, const std::string& run_dir,
                                                const StudentOptions& options, const train::TrainRunOptions& run,
                                                const train::TrainCallbacks& callbacks);

}  // namespace nmt::distill
