#include "nmt/train/trainer.h"

#include <chrono>
#include <cmath>
#include <filesystem>

#include <torch/torch.h>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/data/batch_stream.h"
#include "nmt/decode/search.h"
#include "nmt/dist/world.h"
#include "nmt/model/threads.h"
#include "nmt/model/transformer.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/average.h"
#include "nmt/train/batch_loss.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/checkpoint_keeper.h"
#include "nmt/train/early_stopping.h"
#include "nmt/train/ema.h"
#include "nmt/train/init_from.h"
#include "nmt/train/log_window.h"
#include "nmt/train/lr_schedule.h"
#include "nmt/train/metrics_writer.h"
#include "nmt/train/resume.h"
#include "nmt/train/run_progress.h"
#include "nmt/train/train_stream.h"
#include "nmt/train/update_step.h"
#include "nmt/train/validator.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

// The device of this rank: with several ranks on a machine, "cuda" means
// the GPU of LOCAL_RANK.
std::string rank_device(const std::string& device, const dist::World& world) {
  if (device == "cuda" && world.size() > 1) return "cuda:" + std::to_string(world.info().local_rank);
  return device;
}

// A data error met while reading the training stream (a line without a
// counterpart, invalid UTF-8, a broken TSV line): the run saves its last good
// step before stopping with the message.
struct CorpusError : Error {
  using Error::Error;
};

// One training run. It sets up the pieces (the options checked, the model
// fresh, fine-tuned or resumed, the data stream, the schedule, validation)
// and runs the loop: updates, the log window, validations with best models
// and early stopping, checkpoints, and the decisions every rank takes together.
class Trainer {
 public:
  Trainer(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
          const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
          const nlohmann::json& full_config, const TrainCallbacks& callbacks, dist::World& world);
  TrainResult run();

 private:
  void message(const std::string& line) const {
    if (callbacks_.message && world_.is_main()) callbacks_.message(line);
  }
  void update();  // one optimizer step, or a skipped one; CorpusError when the stream fails
  void log();     // the log window's line and report
  void validate();
  void save();
  // The weights that validation, best-*.pt and translation use: the moving
  // average with --ema, else the trained weights themselves.
  model::Transformer& eval_model() { return ema_ ? ema_->model() : model_; }
  std::string budget_reached() const;

  const model::ModelConfig& model_config_;
  const TrainOptions& options_;
  const std::string run_dir_;
  const TrainCallbacks& callbacks_;
  dist::World& world_;
  torch::Device device_;
  model::Transformer model_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::unique_ptr<Replicas> replicas_;
  std::unique_ptr<Ema> ema_;
  std::unique_ptr<LossScaler> scaler_;  // --fp16 only
  HardwareChoice hardware_;
  std::unique_ptr<LrSchedule> schedule_;
  bool fine_tuning_ = false;     // init_from: a trained model's weights, the fine-tuning schedule
  std::string init_checkpoint_;  // what it started from, on its first start ("" when resumed)
  nlohmann::json last_scores_;   // of the latest validation
  torch::Tensor excluded_outputs_;  // ids out of label smoothing (model::blocked_outputs)
  std::unique_ptr<dist::GradientReducer> reducer_;
  std::unique_ptr<data::BatchStream> batches_;
  std::unique_ptr<Validator> validator_;
  std::unique_ptr<MetricsWriter> metrics_;
  std::unique_ptr<CheckpointKeeper> checkpoints_;
  TrainResult result_;
  RunProgress progress_;  // what a checkpoint saves beside the step (run_progress.h)
  EarlyStopping early_stopping_;  // the best validation of each metric, and when to stop
  int64_t step_ = 0, epochs_done_ = 0, attempts_ = 0;
  LogWindow window_;
  double comm_wait_ = 0;  // seconds waiting for gradient sums that backward did not hide
  double last_lr_ = 0, last_grad_norm_ = 0;
};

Trainer::Trainer(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                 const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                 const nlohmann::json& full_config, const TrainCallbacks& callbacks, dist::World& world)
    : model_config_(model_config), options_(options), run_dir_(run_dir),
      callbacks_(callbacks), world_(world), device_(rank_device(options.device, world)),
      early_stopping_(options.early_stopping_metric, options.patience) {
  check_train_options(model_config, options);
  hardware_ = process_hardware(options, world.info().local_size, device_has_native_bf16(device_.str()));
  torch::manual_seed(options.seed);
  // On GPUs each rank draws its own dropout masks (on CPUs the masks come
  // from per-rank generators seeded from the shared CPU one: update_step).
  if (device_.is_cuda()) torch::cuda::manual_seed(options.seed + static_cast<uint64_t>(world.rank()));
  fs::create_directories(run_dir);
  if (world_.is_main()) {
    for (const auto& name : remove_stale_temporaries(run_dir)) {
      message("removed " + name + ", left in " + run_dir + " by a write that was interrupted");
    }
  }
  auto say = [this](const std::string& line) { message(line); };
  ValidOptions valid;
  valid.translate = options.valid_translate, valid.beam = options.valid_beam;
  valid.max_sentences = options.valid_max_sentences;
  if (full_config.contains("decode")) valid.length_ratio = full_config["decode"].value("length_ratio", 0.0);
  validator_ = make_validator(data.dev, src_vocab, tgt_vocab, model_config.max_positions, options.batch_tokens, valid,
                              trained_language(full_config, "tgt_lang"), say);
  NMT_CHECK(!options.tune_alpha || validator_,
            "--tune-alpha translates the dev set, and this run has none: give --dev-src and --dev-tgt, or --dev");

  // Model and optimizer, fresh or resumed with everything the checkpoint holds.
  // (The checks first, so that a refused resume leaves the run as it was.)
  auto start = start_run(run_dir, model_config_, options_, src_vocab, tgt_vocab, world_, say);
  const std::string& latest = start.latest;
  const nlohmann::json& resumed = start.progress;
  const RunProgress& saved = start.saved;
  model_ = start.model, step_ = start.step, epochs_done_ = start.epoch, init_checkpoint_ = start.init_checkpoint;
  fine_tuning_ = !options.init_from.empty();
  if (world_.is_main()) {
    write_file_durably((fs::path(run_dir) / "config.json").string(), full_config.dump(2) + "\n", "run config");
  }
  // Data: streamed in chunks, from the saved position when resuming.
  batches_ = open_train_stream(data.train, src_vocab, tgt_vocab, options, start.position, say);
  progress_.position = batches_->position();

  model_->to(device_);  // before the optimizer, whose state lives where the parameters do
  world_.broadcast(model_->parameters());  // equal already (same seed or checkpoint): made certain
  ema_ = start_ema(options.ema, start.average, model_, latest, say);
  optimizer_ = make_optimizer(model_);
  replicas_ = std::make_unique<Replicas>(model_, hardware_.replicas);
  if (options.fp16) scaler_ = std::make_unique<LossScaler>();
  reducer_ = world_.gradient_reducer(model_->parameters());
  excluded_outputs_ = model::blocked_outputs(model_);
  if (excluded_outputs_.numel() > 0) {
    message("label smoothing leaves out the " + std::to_string(excluded_outputs_.numel()) +
            " ids this model never outputs (output bias " + fixed(model::kBlockedOutputBias, 0) + ")");
  }
  if (!init_checkpoint_.empty() && options.init_keep_optimizer) {
    load_optimizer_state(init_checkpoint_, *optimizer_, device_);
    message("--init-from-keep-optimizer: Adam's moments of " + init_checkpoint_);
  }
  if (!latest.empty()) {
    load_optimizer_state(latest, *optimizer_, device_);
    if (resumed.contains("position")) {
      restore_rng_state(latest, device_);
      const auto position_now = progress_.position;
      progress_ = saved;
      progress_.position = position_now;
      early_stopping_.restore(resumed);
      if (scaler_) scaler_->restore(saved.loss_scale);
    }
    message("resuming from " + latest + " at step " + std::to_string(step_));
  }
  if (world_.is_main()) metrics_ = std::make_unique<MetricsWriter>(run_dir, step_);
  if (!hardware_.note.empty()) message(hardware_.note);
  schedule_ = std::make_unique<LrSchedule>(options_, model_config_.d_model, fine_tuning_, say);
  schedule_->start(saved.warmup, saved.expected_steps);
  model_->train();
  int64_t params = 0;
  for (const auto& p : model_->parameters()) params += p.numel();
  message("model: " + model::to_json(model_config).dump() + "; " + fixed(params / 1e6, 2) + " M parameters; " +
          std::to_string(torch::get_num_threads()) + " threads; device " + options.device +
          (world_.size() > 1 ? "; " + std::to_string(world_.size()) + " ranks (" + world_.backend() +
                                   "), each on its share of every batch's rows"
                             : ""));
  checkpoints_ = std::make_unique<CheckpointKeeper>(
      run_dir, options.keep_checkpoints, CheckpointInfo{0, 0, full_config, src_vocab.serialized(), tgt_vocab.serialized()},
      world_, latest.empty() ? -1 : step_);
}

std::string Trainer::budget_reached() const {
  if (options_.max_steps > 0 && step_ >= options_.max_steps) return "max-steps";
  if (options_.max_epochs > 0 && epochs_done_ >= options_.max_epochs) return "max-epochs";
  if (options_.max_time > 0 && progress_.train_seconds >= options_.max_time) return "max-time";
  return "";
}

void Trainer::update() {
  const auto start = std::chrono::steady_clock::now();
  // The batches of this update, each split into passes that fit in memory;
  // every pass's loss is divided by the update's target tokens, so the summed
  // gradient equals that of one batch holding them all.
  std::vector<DeviceBatch> passes;
  bool epoch_ended = false;
  try {
    for (int64_t a = 0; a < options_.accumulate && !epoch_ended; ++a) {
      const int64_t epoch = batches_->position().epoch;
      const auto batch = batches_->next();
      epoch_ended = batches_->position().epoch != epoch;
      for (const auto& pass : data::split_batch(batch, options_.max_pass_tokens)) passes.push_back(to_device(pass, device_));
    }
  } catch (const Error& e) {
    throw CorpusError(e.what());  // nothing of this update happened: the progress still says where it began
  }
  progress_.epoch_ended = epoch_ended;
  progress_.position = batches_->position();
  ++attempts_;
  const double lr = schedule_->rate(step_ + 1, progress_.train_seconds);
  UpdateOptions update_options;
  update_options.lr = lr, update_options.label_smoothing = options_.label_smoothing, update_options.clip = options_.clip;
  update_options.excluded_outputs = excluded_outputs_;
  update_options.poison = callbacks_.poison_step && callbacks_.poison_step(attempts_);
  update_options.bf16 = hardware_.bf16;
  update_options.fp16 = options_.fp16, update_options.scaler = scaler_.get();
  world_.entering_step(step_ + 1);
  RankShare share;
  share.world = &world_, share.reducer = reducer_.get();
  const auto update = apply_update(model_, *optimizer_, passes, update_options, replicas_.get(), share);
  window_.wait(reducer_->last_wait_seconds()), comm_wait_ += reducer_->last_wait_seconds();
  const double loss_value = update.loss, grad_norm = update.grad_norm;
  const int64_t tokens = update.target_tokens;
  if (!update.loss_scale_note.empty()) message("update " + std::to_string(step_ + 1) + ": " + update.loss_scale_note);
  if (!update.applied && update.overflow && !scaler_->exhausted()) {
    // float16's range, not the run: the scaler lowered the scale and the next update tries again.
    ++progress_.skipped_steps;
    if (progress_.epoch_ended) ++epochs_done_;
    return;
  }
  if (!update.applied) {
    ++progress_.skipped_steps, ++progress_.bad_in_a_row;
    message("warning: update " + std::to_string(step_ + 1) + " skipped: " +
            (!std::isfinite(loss_value) ? "loss is " + fixed(loss_value, 4) : "gradient norm is " + fixed(grad_norm, 4)) +
            " (" + std::to_string(progress_.bad_in_a_row) + " in a row)");
    NMT_CHECK(progress_.bad_in_a_row < options_.max_bad_steps,
              "training stopped: " << progress_.bad_in_a_row << " updates in a row had a non-finite loss or gradient "
                                   << "(at step " << step_ << "); lower --lr, raise --warmup or check the data. "
                                   << "Checkpoints up to step " << std::max<int64_t>(checkpoints_->saved_step(), 0)
                                   << " are intact");
    if (progress_.epoch_ended) ++epochs_done_;
    return;
  }
  progress_.bad_in_a_row = 0;
  ++step_;
  if (ema_) ema_->update(model_, step_);
  if (progress_.epoch_ended) ++epochs_done_;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  progress_.train_seconds += seconds;
  window_.add(seconds, loss_value, update.nll, tokens);
  progress_.target_tokens += tokens;
  result_.last_loss = loss_value;
  last_lr_ = lr, last_grad_norm_ = grad_norm;
  if (callbacks_.on_step && world_.is_main()) {
    LogWindow one;  // this update alone
    one.add(seconds, loss_value, update.nll, tokens);
    auto r = one.report(step_, epochs_done_ + (progress_.epoch_ended ? 0 : 1), lr, grad_norm, progress_.train_seconds, 0);
    r.loss = loss_value;  // as the update computed it
    callbacks_.on_step(r);
  }
}

void Trainer::log() {
  const auto r = window_.report(step_, epochs_done_ + (progress_.epoch_ended ? 0 : 1), last_lr_, last_grad_norm_,
                                progress_.train_seconds, current_rss_mib());
  message(window_.line(r, world_.size()));
  if (world_.is_main()) {
    metrics_->train(r);
    if (callbacks_.on_log) callbacks_.on_log(r);
  }
  window_.clear();
}

void Trainer::validate() {
  if (!validator_ || progress_.validated_step == step_) return;
  progress_.validated_step = step_;
  auto scores = validator_->run(eval_model(), device_);
  result_.dev_nll = scores.loss;
  ValidReport r;
  r.step = step_, r.train_seconds = progress_.train_seconds, r.loss = scores.loss, r.ppl = scores.ppl;
  r.bleu = scores.bleu, r.chrf = scores.chrf, r.seconds = scores.seconds;
  last_scores_ = {{"loss", scores.loss}};
  if (scores.bleu) last_scores_["bleu"] = *scores.bleu, last_scores_["chrf"] = *scores.chrf;
  if (step_ == 0 && fine_tuning_) progress_.init_scores = last_scores_;

  const auto outcome = early_stopping_.add(step_, scores);
  // Each tracked metric's best model is kept (early_stopping.h says which).
  for (const auto& m : outcome.new_best) {
    checkpoints_->save_best(m, early_stopping_.best().at(m).value, step_, epochs_done_, eval_model());
  }
  r.improved = outcome.improved;
  r.stale = early_stopping_.stale();
  for (const auto& line : validation_lines(step_, scores, outcome, r.stale, validator_->dev(), options_.valid_show)) {
    message(line);
  }
  if (!world_.is_main()) return;
  metrics_->valid(r);
  if (callbacks_.on_valid) callbacks_.on_valid(r);
}

void Trainer::save() {
  progress_.warmup = schedule_->probing() ? std::nullopt : std::optional<int64_t>(schedule_->warmup());
  progress_.expected_steps = schedule_->expected_steps();
  if (scaler_) progress_.loss_scale = scaler_->state();
  auto progress = to_json(progress_);
  early_stopping_.save(progress);  // the best scores and the validations since the last gain
  // The log up to this step is on disk before the checkpoint that continues it.
  checkpoints_->save(step_, epochs_done_, progress, eval_model(), optimizer_.get(), ema_ ? &model_ : nullptr,
                     [this] { metrics_->sync(); });
}

TrainResult Trainer::run() {
  // A fine-tuning run's first start scores the model as it came, so that
  // every later validation (and best-*.pt) is measured against it.
  if (!init_checkpoint_.empty() && step_ == 0) validate();
  std::string reason = budget_reached();
  while (reason.empty()) {
    try {
      update();
    } catch (const CorpusError& e) {
      // The data broke deep in the stream: keep every step trained so far.
      save();  // then the newest checkpoint is the one at step_
      NMT_FAIL(e.what() << "; " << latest_checkpoint(run_dir_) << " holds the last good step (" << step_
                        << "): fix the corpus and run the same command to resume");
    }
    // Decided together: a stop request on any rank stops all, and the
    // slowest rank's clock decides --max-time.
    const auto agreed =
        world_.max({callbacks_.stop_requested && callbacks_.stop_requested() ? 1.0 : 0.0, progress_.train_seconds});
    const bool interrupted = agreed[0] > 0;
    progress_.train_seconds = agreed[1];
    schedule_->after_step(step_, progress_.train_seconds);
    reason = budget_reached();
    if (interrupted && reason.empty()) reason = "interrupted";
    if (window_.steps() > 0 && ((options_.log_every > 0 && step_ % options_.log_every == 0) || !reason.empty())) log();
    // At an epoch's end too, unless a validation ran less than half an
    // interval ago (a short epoch would otherwise validate twice in a row).
    const int64_t validated = progress_.validated_step;
    const bool epoch_valid = progress_.epoch_ended && (options_.valid_every == 0 || validated < 0 ||
                                                       step_ - validated >= options_.valid_every / 2);
    const bool valid_now = (options_.valid_every > 0 && step_ % options_.valid_every == 0) || epoch_valid;
    // A validation due at this step runs before an interruption's save, so
    // that the resumed run goes on as the uninterrupted one would (the best
    // models, the early-stopping count); a budget reached runs it below.
    if (valid_now && (reason.empty() || interrupted)) {
      validate();
      // Every rank validates the same weights; the decision is still taken together.
      if (options_.patience > 0 && world_.any(early_stopping_.should_stop())) reason = "early-stopping";
    }
    if (interrupted) break;
    if (options_.save_every > 0 && step_ % options_.save_every == 0 && reason.empty()) save();
  }
  if (reason != "interrupted") validate();
  save();
  if (reason != "interrupted" && options_.average_last > 1) {
    std::function<std::string(model::Transformer&)> score;
    if (validator_) {
      score = [this](model::Transformer& averaged) {
        averaged->to(device_);
        return ": " + scores_text(validator_->run(averaged, device_), false);
      };
    }
    message(average_run_end(run_dir_, options_.average_last, step_, world_, score));
  }
  if (reason != "interrupted" && options_.tune_alpha && validator_ && world_.is_main()) {
    const std::vector<double> alphas = {1.0, 1.3, 1.6, 2.0};
    const int64_t beam = decode::SearchOptions{}.beam;  // nmt translate's default
    message(alpha_report(beam, alphas, validator_->bleu_by_alpha(eval_model(), device_, beam, alphas)));
  }
  result_.checkpoint = checkpoints_->last().empty() ? latest_checkpoint(run_dir_) : checkpoints_->last();
  result_.steps = step_;
  result_.train_seconds = progress_.train_seconds;
  result_.target_tokens = progress_.target_tokens;
  result_.skipped_steps = progress_.skipped_steps;
  result_.stop_reason = reason;
  if (schedule_->probing()) {  // the budget ended before the speed was known: the schedule it ran with
    message("schedule: warm-up " + std::to_string(schedule_->warmup()) + " steps (auto), kept: the run ended at step " +
            std::to_string(step_) + ", before the " + std::to_string(kProbeSkippedSteps + kWarmupProbeSteps) +
            " steps that time its speed");
  }
  if (!progress_.init_scores.is_null() && !last_scores_.is_null() && progress_.validated_step == step_) {
    message(fine_tuning_summary(progress_.init_scores, last_scores_, step_));
  }
  message(stream_timing_line(*batches_));
  message(stop_line(result_, comm_wait_, world_.size()));
  return result_;
}

}  // namespace

TrainResult train_model(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                        const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                        const nlohmann::json& full_config, const TrainCallbacks& callbacks, dist::World* world) {
  dist::World one_process;
  Trainer trainer(model_config, options, data, src_vocab, tgt_vocab, run_dir, full_config, callbacks,
                  world ? *world : one_process);
  return trainer.run();
}

}  // namespace nmt::train
