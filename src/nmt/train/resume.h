#pragma once
// Starting from a checkpoint: the checks before a run resumes from its
// latest checkpoint or fine-tunes another run's model (a refusal leaves the
// run directory as it was), and the model a fine-tuning run starts with.
#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "nmt/model/transformer.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/run_progress.h"
#include "nmt/train/train_options.h"

namespace nmt::dist {
class World;
}

namespace nmt::train {

// `saved` (the checkpoint's model config, as this run may differ from it)
// must be `now`, and the checkpoint's vocabularies these; else nmt::Error,
// "REFUSAL: model.FIELD is A there but B now" or the side's vocabulary.
void check_same_model(const LoadedCheckpoint& ckpt, const model::ModelConfig& saved, const model::ModelConfig& now,
                      const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& refusal);

// The run's latest checkpoint, before resuming from it: the same model and
// vocabularies, and (unless --reset-data-position) the same data-order
// options (train_options.h), so that its data position points at the same batches.
void check_resume(const LoadedCheckpoint& ckpt, const model::ModelConfig& now, const TrainOptions& options,
                  const text::Vocab& src_vocab, const text::Vocab& tgt_vocab);

// Fine-tuning (init_from.h): `checkpoint`'s weights in a model built for
// `model_config` (the checkpoint's, but for dropout). With
// with_training_weights and a checkpoint that holds an EMA run's training
// weights, `model` holds those (Adam's moments belong to them) and
// `average` its moving average; else `average` is null.
struct FineTuningStart {
  model::Transformer model{nullptr}, average{nullptr};
  int64_t step = 0;  // the checkpoint's
};
FineTuningStart fine_tuning_start(const std::string& checkpoint, const model::ModelConfig& model_config,
                                  const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                  bool with_training_weights);

// How a run starts: from RUN_DIR's latest checkpoint (checked by
// check_resume; its step, epoch and saved progress), else from --init-from's
// model (fine_tuning_start), else a new model. Every rank must find the same
// checkpoint (one run directory that all of them see), else nmt::Error.
// say() gets the line of a fine-tuning start, or of --reset-data-position.
struct RunStart {
  std::string latest;           // the checkpoint resumed; "" if none
  std::string init_checkpoint;  // the model fine-tuned, on a fine-tuning run's first start; else ""
  model::Transformer model{nullptr};
  model::Transformer average{nullptr};  // the moving average beside it, when the checkpoint has one
  int64_t step = 0, epoch = 0;
  nlohmann::json progress;  // the checkpoint's, as saved; null for a new run
  RunProgress saved;        // read from it (run_progress.h)
  // Where the data resumes: the checkpoint's position, or with
  // --reset-data-position the start of the next epoch.
  data::StreamPosition position;
};
RunStart start_run(const std::string& run_dir, const model::ModelConfig& model_config, const TrainOptions& options,
                   const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, dist::World& world,
                   const std::function<void(const std::string&)>& say);

}  // namespace nmt::train
