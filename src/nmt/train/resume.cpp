#include "nmt/train/resume.h"

#include "nmt/common/error.h"
#include "nmt/dist/world.h"
#include "nmt/train/ema.h"
#include "nmt/train/init_from.h"

namespace nmt::train {

void check_same_model(const LoadedCheckpoint& ckpt, const model::ModelConfig& saved, const model::ModelConfig& now,
                      const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& refusal) {
  const auto diff = model::first_difference(saved, now);
  NMT_CHECK(!diff, refusal << ": model." << diff->field << " is " << diff->a << " there but " << diff->b << " now");
  NMT_CHECK(ckpt.info.src_vocab == src_vocab.serialized(),
            refusal << ": it was trained with another source vocabulary");
  NMT_CHECK(ckpt.info.tgt_vocab == tgt_vocab.serialized(),
            refusal << ": it was trained with another target vocabulary");
}

void check_resume(const LoadedCheckpoint& ckpt, const model::ModelConfig& now, const TrainOptions& options,
                  const text::Vocab& src_vocab, const text::Vocab& tgt_vocab) {
  const auto& latest = ckpt.path;
  check_same_model(ckpt, ckpt.model_config, now, src_vocab, tgt_vocab, "cannot resume from " + latest);
  if (options.reset_data_position || !ckpt.info.config.contains("train")) return;
  const auto order = data_order_difference(ckpt.info.config["train"], to_json(options));
  NMT_CHECK(!order, "cannot resume from " << latest << ": " << *order
                                          << "; its data position would point at other batches (give "
                                             "--reset-data-position to go on with the new options from the "
                                             "start of an epoch)");
}

FineTuningStart fine_tuning_start(const std::string& checkpoint, const model::ModelConfig& model_config,
                                  const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                  bool with_training_weights) {
  auto ckpt = load_checkpoint(checkpoint, with_training_weights);
  auto tuned = ckpt.model_config;
  tuned.dropout = model_config.dropout;  // the one model option a fine-tuning run may change
  check_same_model(ckpt, tuned, model_config, src_vocab, tgt_vocab, "cannot fine-tune " + checkpoint);
  // Built for this run's dropout, with the checkpoint's weights.
  FineTuningStart start;
  start.step = ckpt.info.step;
  start.model = model::transformer_without_draws(model_config);
  copy_weights(ckpt.training_weights ? ckpt.training_weights : ckpt.model, start.model);
  if (ckpt.training_weights) {  // Adam's moments belong to the weights it moved; the average goes on from its own
    start.average = model::transformer_without_draws(model_config);
    copy_weights(ckpt.model, start.average);
  }
  return start;
}

RunStart start_run(const std::string& run_dir, const model::ModelConfig& model_config, const TrainOptions& options,
                   const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, dist::World& world,
                   const std::function<void(const std::string&)>& say) {
  RunStart start;
  start.latest = latest_checkpoint(run_dir);
  if (!start.latest.empty()) {
    // (Building its models draws numbers: the trainer restores the generators.)
    auto ckpt = load_checkpoint(start.latest, /*with_training_weights=*/true);
    check_resume(ckpt, model_config, options, src_vocab, tgt_vocab);
    start.model = ckpt.model;
    if (ckpt.training_weights) start.average = ckpt.model, start.model = ckpt.training_weights;
    start.step = ckpt.info.step, start.epoch = ckpt.info.epoch;
    start.progress = ckpt.info.progress;
  } else if (!options.init_from.empty()) {
    start.init_checkpoint = init_checkpoint(options.init_from);
    auto tuned = fine_tuning_start(start.init_checkpoint, model_config, src_vocab, tgt_vocab, options.init_keep_optimizer);
    start.model = tuned.model, start.average = tuned.average;
    say("fine-tuning from " + start.init_checkpoint + " (step " + std::to_string(tuned.step) + ")");
  } else {
    start.model = model::Transformer(model_config);
  }
  const auto steps = world.max({static_cast<double>(start.step), -static_cast<double>(start.step)});
  NMT_CHECK(steps[0] == -steps[1], "the ranks found different checkpoints in " << run_dir << " (steps " << -steps[1]
                                   << " to " << steps[0] << "): every rank must see the same run directory (a "
                                   "shared file system across machines)");
  start.saved = run_progress_from_json(start.progress);
  start.position = start.saved.position;
  if (options.reset_data_position && !start.latest.empty()) {
    start.position = {start.epoch, 0, 0};  // a new epoch, from the corpus's first pair
    say("--reset-data-position: the data starts afresh (epoch " + std::to_string(start.epoch + 1) +
        ", first pair) instead of at the checkpoint's position");
  }
  return start;
}

}  // namespace nmt::train
