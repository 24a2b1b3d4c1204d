#pragma once
// Fine-tuning: `nmt train --init-from RUN_DIR|CHECKPOINT` starts a new run
// from a trained model, ours or one imported from Marian (OPUS-MT). The new
// run takes that model's configuration, vocabularies, weights, languages and
// decoding defaults; the optimizer and the schedule start afresh (Adam's
// moments come along with --init-from-keep-optimizer, from a checkpoint of
// ours that has them), and so does the step count. Options that would change
// the architecture or the vocabulary are refused; the others (dropout, label
// smoothing, learning rate, warm-up, batch size, data) apply.
#include <string>

#include <nlohmann/json.hpp>

#include "nmt/train/checkpoint.h"

namespace nmt::train {

// The automatic schedule of a fine-tuning run (--lr 0, --warmup 0): a lower
// peak than a new model's, reached sooner, so that the first steps do not
// undo what the model knows (docs/fine-tuning.md).
inline constexpr double kFineTunePeakLr = 3e-4;
inline constexpr double kFineTuneWarmupShare = 0.1;

// The checkpoint that --init-from names: a file as it is, a run directory's
// final model (resolve_checkpoint). Throws nmt::Error naming the path.
std::string init_checkpoint(const std::string& init_from);

// The configuration of a fine-tuning run. `config` is resolved as usual
// (defaults < config file < command line) and `given` holds what the file
// and the command line gave, so that a refusal can tell an option asked for
// from a default. The model section becomes the checkpoint's (dropout may be
// given), the languages and the "decode" section are the checkpoint's unless
// given, and "init" records where the run started. Throws nmt::Error naming
// the option and both values when a given option would change the model or
// its vocabulary.
nlohmann::json fine_tuning_config(nlohmann::json config, const nlohmann::json& given);

// The end of a fine-tuning run: "fine-tuning: step 0 (the model it started
// from) -> step N | dev loss A -> B | dev BLEU ...", from the scores of the
// validation at step 0 and of the last one.
std::string fine_tuning_summary(const nlohmann::json& init_scores, const nlohmann::json& last_scores, int64_t step);

}  // namespace nmt::train
