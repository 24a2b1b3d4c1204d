#include "nmt/train/trainer.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>

#include <torch/torch.h>

#include "nmt/common/config_file.h"
#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"
#include "nmt/data/batch_stream.h"
#include "nmt/dist/world.h"
#include "nmt/model/threads.h"
#include "nmt/model/transformer.h"
#include "nmt/train/batch_loss.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/average.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/early_stopping.h"
#include "nmt/train/ema.h"
#include "nmt/train/init_from.h"
#include "nmt/train/metrics_writer.h"
#include "nmt/train/schedule.h"
#include "nmt/train/update_step.h"
#include "nmt/train/validator.h"

namespace fs = std::filesystem;

namespace nmt::train {

#define NMT_JSON_FIELDS(X)                                                                                          \
  X(max_steps) X(max_epochs) X(max_time) X(batch_tokens) X(accumulate) X(max_pass_tokens) X(max_len) X(lr)          \
  X(warmup) X(label_smoothing) X(clip) X(max_bad_steps) X(threads) X(seed) X(log_every) X(valid_every)             \
  X(valid_translate) X(valid_beam) X(valid_max_sentences) X(early_stopping_metric) X(patience) X(save_every)        \
  X(keep_checkpoints) X(ema) X(average_last) X(valid_show) X(device) X(chunk_pairs) X(clean) X(replicas) X(lr_schedule) X(dist_backend) X(dist_timeout) X(dist_bucket_mb) \
  X(init_from) X(init_keep_optimizer)

nlohmann::json to_json(const TrainOptions& o) {
  nlohmann::json j;
#define X(name) j[#name] = o.name;
  NMT_JSON_FIELDS(X)
#undef X
  j["bf16"] = o.bf16 ? nlohmann::json(*o.bf16) : nlohmann::json("auto");
  j["clean_min_words"] = o.clean_options.min_words;
  j["clean_max_words"] = o.clean_options.max_words;
  j["clean_max_ratio"] = o.clean_options.max_ratio;
  j["clean_drop_duplicates"] = o.clean_options.drop_duplicates;
  return j;
}

namespace {
std::vector<std::string> names_of(const nlohmann::json& fields) {
  std::vector<std::string> names;
  for (const auto& [key, value] : fields.items()) names.push_back(key);
  return names;
}
}  // namespace

TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions o) {
  NMT_CHECK(j.is_object(), "train config must be an object, got: " << j.dump());
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    try {
#define X(name)                                     \
  if (key == #name) {                               \
    o.name = value.get<decltype(o.name)>();         \
    known = true;                                   \
  }
      NMT_JSON_FIELDS(X)
#undef X
#define Y(key_name, field)                          \
  if (key == key_name) {                            \
    o.field = value.get<decltype(o.field)>();       \
    known = true;                                   \
  }
      Y("clean_min_words", clean_options.min_words) Y("clean_max_words", clean_options.max_words)
      Y("clean_max_ratio", clean_options.max_ratio) Y("clean_drop_duplicates", clean_options.drop_duplicates)
#undef Y
      if (key == "bf16") {
        if (value.is_string() && value.get<std::string>() == "auto") {
          o.bf16.reset();
        } else {
          o.bf16 = value.get<bool>();
        }
        known = true;
      }
    } catch (const nlohmann::json::exception&) {
      NMT_FAIL("train config field '" << key << "' has the wrong type: " << value.dump() << yaml_boolean_hint(value));
    }
    NMT_CHECK(known, "unknown train config field '" << key << "'" << did_you_mean(key, names_of(to_json(TrainOptions{}))));
  }
  NMT_CHECK(o.accumulate >= 1, "train.accumulate must be >= 1, got " << o.accumulate);
  NMT_CHECK(o.max_bad_steps >= 1, "train.max_bad_steps must be >= 1, got " << o.max_bad_steps);
  higher_is_better(o.early_stopping_metric);  // checks the name
  return o;
}

void check_train_options(const model::ModelConfig& model_config, const TrainOptions& options) {
  NMT_CHECK(options.max_steps > 0 || options.max_epochs > 0 || options.max_time > 0,
            "training needs a stopping point: --max-steps, --max-epochs or --max-time");
  NMT_CHECK(options.replicas >= 0 && options.replicas <= options.threads,
            "--replicas (" << options.replicas << ") must be between 1 and --threads (" << options.threads
                           << "), or 0 for auto");
  NMT_CHECK(options.lr >= 0, "--lr must be > 0, or 0 for auto; got " << options.lr);
  NMT_CHECK(options.warmup >= 0, "--warmup must be >= 1 step, or 0 for auto; got " << options.warmup);
  NMT_CHECK(options.lr_schedule == "linear" || options.lr_schedule == "inverse-sqrt",
            "--lr-schedule must be inverse-sqrt or linear, got '" << options.lr_schedule << "'");
  NMT_CHECK(options.lr_schedule != "linear" || options.max_steps > 0 || options.max_time > 0,
            "--lr-schedule linear decays to the end of --max-steps or --max-time: give one");
  NMT_CHECK(options.dist_backend == "auto" || options.dist_backend == "gloo" || options.dist_backend == "nccl",
            "--dist-backend must be auto, gloo or nccl, got '" << options.dist_backend << "'");
  NMT_CHECK(options.dist_timeout > 0, "--dist-timeout must be > 0 seconds, got " << options.dist_timeout);
  NMT_CHECK(options.dist_bucket_mb > 0, "--dist-bucket-mb must be > 0, got " << options.dist_bucket_mb);
  NMT_CHECK(options.replicas <= 1 || options.device == "cpu", "--replicas is for CPU training, not " << options.device);
  NMT_CHECK(options.ema == 0 || (options.ema > 0 && options.ema < 1),
            "--ema must be a decay between 0 and 1 such as 0.999, or 0 for none; got " << options.ema);
  NMT_CHECK(options.average_last >= 0 && options.average_last <= options.keep_checkpoints,
            "--average-last " << options.average_last << " needs that many checkpoints kept, but --keep-checkpoints is "
                              << options.keep_checkpoints);
  NMT_CHECK(options.valid_show >= 0, "--valid-show must be >= 0, got " << options.valid_show);
  // A pair of max_len pieces is max_len + 1 positions on each side (</s>
  // after the source, <s> before the target): found here, not hours later
  // inside the embedding when the first such pair comes.
  NMT_CHECK(options.max_len >= 1 && options.max_len + 1 <= model_config.max_positions,
            "train.max_len " << options.max_len << " needs " << options.max_len + 1
                             << " positions (pieces + </s>) but model.max_positions is " << model_config.max_positions
                             << ": lower --max-len to at most " << model_config.max_positions - 1
                             << " or raise --max-positions");
}

int threads_per_process(const TrainOptions& options, int local_processes) {
  return std::max(1, options.threads / std::max(1, local_processes));
}

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

// The options that decide which batch comes at a stream position: resuming
// with other values would silently skip or repeat data.
const std::vector<std::string>& data_order_options() {
  static const std::vector<std::string> names = {"batch_tokens", "chunk_pairs", "max_len", "seed", "clean",
                                                 "clean_min_words", "clean_max_words", "clean_max_ratio",
                                                 "clean_drop_duplicates"};
  return names;
}

// The first data-order option whose value in `saved` (a checkpoint's train
// config) differs from `now`, as "train.batch_tokens is 512 there but 1024 now".
std::optional<std::string> data_order_difference(const nlohmann::json& saved, const nlohmann::json& now) {
  for (const auto& name : data_order_options()) {
    if (!saved.contains(name)) continue;  // a checkpoint from before the option existed
    if (saved[name] != now.at(name)) {
      return "train." + name + " is " + saved[name].dump() + " there but " + now.at(name).dump() + " now";
    }
  }
  return std::nullopt;
}

// One training run: the state that a checkpoint saves and restores.
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
  void validate();
  void save();
  void average_last();
  void resolve_schedule(const nlohmann::json& resumed);
  void finish_probe();  // after the probe steps of a run with a time budget
  // `why`: what the expected steps come from; `resumed`: the warm-up is the checkpoint's.
  void set_schedule(int64_t expected_steps, const std::string& why, bool resumed = false);
  double learning_rate(int64_t step) const;
  // The automatic peak and warm-up share (--lr 0, --warmup 0): lower and
  // shorter when fine-tuning (init_from.h).
  double auto_peak_lr() const { return fine_tuning_ ? kFineTunePeakLr : kAutoPeakLr; }
  double auto_warmup_share() const { return fine_tuning_ ? kFineTuneWarmupShare : kAutoWarmupShare; }
  // Fine-tuning: the model of options_.init_from, into model_ (and into
  // `average` when its checkpoint holds training weights beside it).
  void start_from(const std::string& checkpoint, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                  model::Transformer& average);
  // The warm-up's share of the expected steps.
  double warmup_share() const {
    return expected_steps_ > 0 ? static_cast<double>(warmup_) / static_cast<double>(expected_steps_) : 0.0;
  }
  // The weights that validation, best-*.pt and translation use: the moving
  // average with --ema, else the trained weights themselves.
  model::Transformer& eval_model() { return ema_ ? ema_->model() : model_; }
  void check_resume(const LoadedCheckpoint& ckpt, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab) const;
  // `saved` (the checkpoint's model config, as this run may differ from it)
  // and the checkpoint's vocabularies must be this run's; else nmt::Error,
  // "REFUSAL: model.FIELD is A there but B now" or the side's vocabulary.
  void check_same_model(const LoadedCheckpoint& ckpt, const model::ModelConfig& saved, const text::Vocab& src_vocab,
                        const text::Vocab& tgt_vocab, const std::string& refusal) const;
  nlohmann::json progress() const;
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
  HardwareChoice hardware_;
  // The schedule (auto_options.h): warm-up, scale, the steps the budget is
  // expected to allow (0 = unknown), and whether it decays linearly to the
  // budget's end or as 1/sqrt(step).
  int64_t warmup_ = 0, expected_steps_ = 0;
  double lr_scale_ = 0;
  bool fine_tuning_ = false;     // init_from: a trained model's weights, the fine-tuning schedule
  std::string init_checkpoint_;  // what it started from, on its first start ("" when resumed)
  nlohmann::json init_scores_;   // the dev scores of that model (step 0), reported again at the end
  nlohmann::json last_scores_;   // of the latest validation
  torch::Tensor excluded_outputs_;  // ids out of label smoothing (model::blocked_outputs)
  bool linear_ = false;
  bool probing_ = false;  // a time budget: the first steps are timed before the schedule is set
  std::optional<double> probe_start_;  // train_seconds_ after the first (slower) steps
  std::unique_ptr<dist::GradientReducer> reducer_;
  std::unique_ptr<data::BatchStream> batches_;
  data::StreamPosition next_position_;  // of the next update's first batch: what a checkpoint saves
  std::unique_ptr<Validator> validator_;
  std::unique_ptr<MetricsWriter> metrics_;
  CheckpointInfo info_;
  TrainResult result_;

  int64_t step_ = 0, epochs_done_ = 0, attempts_ = 0, bad_in_a_row_ = 0;
  double train_seconds_ = 0;
  bool epoch_ended_ = false;
  EarlyStopping early_stopping_;  // the best validation of each metric, and when to stop
  int64_t validated_step_ = -1, saved_step_ = -1;
  // The current log window.
  double window_seconds_ = 0, window_loss_ = 0, window_nll_ = 0;
  double window_comm_wait_ = 0, comm_wait_ = 0;  // seconds waiting for gradient sums that backward did not hide
  int64_t window_tokens_ = 0, window_steps_ = 0;
  double last_lr_ = 0, last_grad_norm_ = 0;
};

Trainer::Trainer(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                 const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                 const nlohmann::json& full_config, const TrainCallbacks& callbacks, dist::World& world)
    : model_config_(model_config), options_(options), run_dir_(run_dir),
      callbacks_(callbacks), world_(world), device_(rank_device(options.device, world)),
      early_stopping_(options.early_stopping_metric, options.patience) {
  check_train_options(model_config, options);
  const int threads = threads_per_process(options, world.info().local_size);
  hardware_ = choose_hardware(options, threads, options.device, cpu_has_native_bf16());
  NMT_CHECK(hardware_.replicas <= threads, "--replicas (" << hardware_.replicas << ") must be at most the threads of "
                                           "each process (" << threads << ": --threads " << options.threads
                                           << " shared by " << world.info().local_size << " processes on this machine)");
  model::set_cpu_threads(threads / hardware_.replicas);
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

  data::BatchOptions batch_options;
  batch_options.batch_tokens = options.batch_tokens;
  if (!data.dev.src.empty()) {
    auto dev = data::encode_pairs(data.dev, src_vocab, tgt_vocab, static_cast<int>(model_config.max_positions - 2), nullptr);
    ValidOptions vo;
    vo.translate = options.valid_translate;
    vo.beam = options.valid_beam;
    vo.max_sentences = options.valid_max_sentences;
    const std::string tgt_lang = trained_language(full_config, "tgt_lang");
    const auto tokenizer = eval::bleu_tokenizer_for(tgt_lang);
    vo.bleu_tokenizer = tokenizer.tokenizer;
    if (vo.translate && world_.is_main() && !tokenizer.missing.empty()) {
      message(std::string("dev BLEU: tok:") + eval::tokenizer_name(tokenizer.tokenizer) + ", as sacreBLEU has " +
              tokenizer.missing + " for a " + tgt_lang + " target, which needs MeCab (not in nmt)");
    } else if (vo.translate && world_.is_main() && tokenizer.tokenizer != eval::BleuTokenizer::k13a) {
      message(std::string("dev BLEU: tok:") + eval::tokenizer_name(tokenizer.tokenizer) +
              ", sacreBLEU's tokenizer for a " + tgt_lang + " target (--tgt-lang)");
    }
    validator_ = std::make_unique<Validator>(data.dev, data::make_batches(dev, batch_options), src_vocab, tgt_vocab, vo);
  }

  // Model and optimizer, fresh or resumed with everything the checkpoint holds.
  const std::string latest = latest_checkpoint(run_dir);
  nlohmann::json resumed;
  model::Transformer saved_average{nullptr};  // the moving average of a resumed --ema run
  if (!latest.empty()) {
    // (Building its models draws numbers: the generators are restored below.)
    auto ckpt = load_checkpoint(latest, /*with_training_weights=*/true);
    check_resume(ckpt, src_vocab, tgt_vocab);
    model_ = ckpt.model;
    if (ckpt.training_weights) saved_average = ckpt.model, model_ = ckpt.training_weights;
    step_ = ckpt.info.step, epochs_done_ = ckpt.info.epoch;
    resumed = ckpt.info.progress;
  } else if (!options.init_from.empty()) {
    init_checkpoint_ = init_checkpoint(options.init_from);
    start_from(init_checkpoint_, src_vocab, tgt_vocab, saved_average);
  } else {
    model_ = model::Transformer(model_config);
  }
  fine_tuning_ = !options.init_from.empty();
  // Every rank must start from the same checkpoint: one run directory that
  // all of them see.
  const auto steps = world_.max({static_cast<double>(step_), -static_cast<double>(step_)});
  NMT_CHECK(steps[0] == -steps[1], "the ranks found different checkpoints in " << run_dir << " (steps " << -steps[1]
                                   << " to " << steps[0] << "): every rank must see the same run directory (a "
                                   "shared file system across machines)");

  // After the checks above, so that a refused resume leaves the run as it was.
  if (world_.is_main()) {
    write_file_durably((fs::path(run_dir) / "config.json").string(), full_config.dump(2) + "\n", "run config");
  }

  // Data: streamed in chunks, from the saved position when resuming.
  data::StreamOptions stream;
  stream.batch = batch_options;
  stream.max_len = static_cast<int>(options.max_len);
  stream.chunk_pairs = options.chunk_pairs;
  stream.seed = options.seed;
  stream.clean = options.clean;
  stream.clean_options = options.clean_options;
  data::StreamPosition position;
  if (resumed.contains("position")) position = resumed["position"].get<data::StreamPosition>();
  if (options.reset_data_position && !latest.empty()) {
    position = {epochs_done_, 0, 0};  // a new epoch, from the corpus's first pair
    message("--reset-data-position: the data starts afresh (epoch " + std::to_string(epochs_done_ + 1) +
            ", first pair) instead of at the checkpoint's position");
  }
  data::CorpusSpec corpus = data.train;
  if (options.clean) corpus.check_utf8 = false;  // the cleaner drops and counts invalid UTF-8
  batches_ = std::make_unique<data::BatchStream>(corpus, src_vocab, tgt_vocab, stream, position);
  next_position_ = batches_->position();
  const auto stats = batches_->stats();
  message("train: " + data::describe(corpus) + ", read in chunks of " + std::to_string(options.chunk_pairs) +
          " pairs; first chunk: " + std::to_string(stats.kept) + " pairs kept, " + std::to_string(stats.dropped_empty) +
          " empty and " + std::to_string(stats.dropped_too_long) + " over-long (> " + std::to_string(options.max_len) +
          " pieces) dropped; batches of <= " + std::to_string(options.batch_tokens) + " target tokens");
  if (options.clean) {
    const auto c = batches_->clean_stats();
    message("clean: of " + std::to_string(c.total()) + " pairs read so far, dropped " + std::to_string(c.invalid_utf8) +
            " invalid UTF-8, " + std::to_string(c.empty) + " empty, " + std::to_string(c.too_short) + " too short, " +
            std::to_string(c.too_long) + " too long, " + std::to_string(c.bad_ratio) + " with a length ratio above " +
            fixed(options.clean_options.max_ratio, 1) + ", " + std::to_string(c.duplicate) + " duplicates");
  }

  model_->to(device_);  // before the optimizer, whose state lives where the parameters do
  world_.broadcast(model_->parameters());  // equal already (same seed or checkpoint): made certain
  if (options.ema > 0) {
    if (saved_average) saved_average->to(device_);
    ema_ = std::make_unique<Ema>(saved_average ? saved_average : model_, options.ema);
    if (!latest.empty() && !saved_average) {
      message("--ema: " + latest + " has no moving average; it starts from that checkpoint's weights");
    }
  } else if (saved_average) {
    message("the moving average of " + latest + " is dropped (no --ema now): training goes on from its training "
            "weights, and checkpoints hold those");
  }
  optimizer_ = make_optimizer(model_);
  replicas_ = std::make_unique<Replicas>(model_, hardware_.replicas);
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
      train_seconds_ = resumed.value("train_seconds", 0.0);
      result_.target_tokens = resumed.value("target_tokens", int64_t{0});
      result_.skipped_steps = resumed.value("skipped_steps", int64_t{0});
      early_stopping_.restore(resumed);
      validated_step_ = resumed.value("validated_step", int64_t{-1});
      bad_in_a_row_ = resumed.value("bad_in_a_row", int64_t{0});
      epoch_ended_ = resumed.value("epoch_ended", false);
      init_scores_ = resumed.value("init_scores", nlohmann::json());
    }
    message("resuming from " + latest + " at step " + std::to_string(step_));
  }
  if (world_.is_main()) metrics_ = std::make_unique<MetricsWriter>(run_dir, step_);
  if (!hardware_.note.empty()) message(hardware_.note);
  resolve_schedule(resumed);
  model_->train();
  int64_t params = 0;
  for (const auto& p : model_->parameters()) params += p.numel();
  message("model: " + model::to_json(model_config).dump() + "; " + fixed(params / 1e6, 2) + " M parameters; " +
          std::to_string(torch::get_num_threads()) + " threads; device " + options.device +
          (world_.size() > 1 ? "; " + std::to_string(world_.size()) + " ranks (" + world_.backend() +
                                   "), each on its share of every batch's rows"
                             : ""));
  info_ = CheckpointInfo{0, 0, full_config, src_vocab.serialized(), tgt_vocab.serialized()};
  info_.with_rng_state = true;
  saved_step_ = latest.empty() ? -1 : step_;
}

void Trainer::check_same_model(const LoadedCheckpoint& ckpt, const model::ModelConfig& saved,
                               const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                               const std::string& refusal) const {
  const auto diff = model::first_difference(saved, model_config_);
  NMT_CHECK(!diff, refusal << ": model." << diff->field << " is " << diff->a << " there but " << diff->b << " now");
  NMT_CHECK(ckpt.info.src_vocab == src_vocab.serialized(),
            refusal << ": it was trained with another source vocabulary");
  NMT_CHECK(ckpt.info.tgt_vocab == tgt_vocab.serialized(),
            refusal << ": it was trained with another target vocabulary");
}

void Trainer::start_from(const std::string& checkpoint, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                         model::Transformer& average) {
  auto ckpt = load_checkpoint(checkpoint, /*with_training_weights=*/options_.init_keep_optimizer);
  auto tuned = ckpt.model_config;
  tuned.dropout = model_config_.dropout;  // the one model option a fine-tuning run may change
  check_same_model(ckpt, tuned, src_vocab, tgt_vocab, "cannot fine-tune " + checkpoint);
  // Built for this run's dropout, with the checkpoint's weights.
  model_ = model::transformer_without_draws(model_config_);
  copy_weights(ckpt.training_weights ? ckpt.training_weights : ckpt.model, model_);
  if (ckpt.training_weights) {  // Adam's moments belong to the weights it moved; the average goes on from its own
    average = model::transformer_without_draws(model_config_);
    copy_weights(ckpt.model, average);
  }
  message("fine-tuning from " + checkpoint + " (step " + std::to_string(ckpt.info.step) + ")");
}

void Trainer::check_resume(const LoadedCheckpoint& ckpt, const text::Vocab& src_vocab,
                           const text::Vocab& tgt_vocab) const {
  const auto& latest = ckpt.path;
  check_same_model(ckpt, ckpt.model_config, src_vocab, tgt_vocab, "cannot resume from " + latest);
  if (options_.reset_data_position || !ckpt.info.config.contains("train")) return;
  const auto order = data_order_difference(ckpt.info.config["train"], to_json(options_));
  NMT_CHECK(!order, "cannot resume from " << latest << ": " << *order
                                          << "; its data position would point at other batches (give "
                                             "--reset-data-position to go on with the new options from the "
                                             "start of an epoch)");
}

nlohmann::json Trainer::progress() const {
  // Everything that decides what the run does next, so that a resumed run
  // does what the uninterrupted one would have done.
  nlohmann::json progress = {{"position", nlohmann::json(next_position_)}, {"train_seconds", train_seconds_},
                             {"target_tokens", result_.target_tokens}, {"skipped_steps", result_.skipped_steps},
                             {"validated_step", validated_step_}, {"bad_in_a_row", bad_in_a_row_},
                             {"epoch_ended", epoch_ended_},
                             {"warmup", probing_ ? nlohmann::json(nullptr) : nlohmann::json(warmup_)},
                             {"expected_steps", expected_steps_}};
  if (!init_scores_.is_null()) progress["init_scores"] = init_scores_;
  early_stopping_.save(progress);  // the best scores and the validations since the last gain
  return progress;
}

// The warm-up, the scale and the shape: given ones as they are; chosen from
// the step budget, from the speed of the first steps under a time budget, or
// as a checkpoint of the run saved them.
void Trainer::resolve_schedule(const nlohmann::json& resumed) {
  linear_ = options_.lr_schedule == "linear";
  if (resumed.contains("warmup") && resumed["warmup"].is_number_integer()) {
    warmup_ = resumed["warmup"].get<int64_t>();
    set_schedule(resumed.value("expected_steps", int64_t{0}), "as chosen at the run's start", true);
  } else if (options_.max_time > 0 && (options_.warmup == 0 || linear_)) {
    // Until the probe steps have shown the speed: the gentlest start.
    probing_ = true;
    warmup_ = options_.warmup > 0 ? options_.warmup : kMaxAutoWarmup;
    lr_scale_ = options_.lr > 0 ? options_.lr : scale_for_peak(auto_peak_lr(), model_config_.d_model, warmup_);
  } else {
    set_schedule(options_.max_steps, "--max-steps " + std::to_string(options_.max_steps));
  }
}

void Trainer::finish_probe() {
  // Steps after the first few, which allocate memory and are slower.
  const double per_step = probe_start_ ? (train_seconds_ - *probe_start_) / static_cast<double>(kWarmupProbeSteps)
                                       : train_seconds_ / static_cast<double>(std::max<int64_t>(step_, 1));
  auto expected = static_cast<int64_t>(options_.max_time / std::max(per_step, 1e-9));
  if (options_.max_steps > 0) expected = std::min(expected, options_.max_steps);
  probing_ = false;
  set_schedule(expected, "the ~" + std::to_string(expected) + " steps that --max-time " + fixed(options_.max_time, 0) +
                             " allows at " + fixed(per_step, 3) + " s a step");
}

void Trainer::set_schedule(int64_t expected_steps, const std::string& why, bool resumed) {
  expected_steps_ = expected_steps;
  if (options_.warmup > 0) {
    warmup_ = options_.warmup;
  } else if (!resumed || warmup_ == 0) {
    warmup_ = auto_warmup(expected_steps_, auto_warmup_share());
  }
  lr_scale_ = options_.lr > 0 ? options_.lr : scale_for_peak(auto_peak_lr(), model_config_.d_model, warmup_);
  const double peak = inverse_sqrt_lr(warmup_, model_config_.d_model, warmup_, lr_scale_);
  message("schedule: warm-up " + std::to_string(warmup_) + " steps" +
          (options_.warmup > 0          ? ""
           : resumed                    ? " (auto, " + why + ")"
           : expected_steps_ == 0       ? " (auto: the paper's, as no step or time budget bounds the run)"
                                        : " (auto: " + fixed(100 * auto_warmup_share(), 0) + "% of " + why + ", within " +
                                    std::to_string(kMinAutoWarmup) + "-" + std::to_string(kMaxAutoWarmup) + ")") +
          ", peak lr " + fixed(peak * 1e4, 2) + "e-4" +
          (options_.lr > 0 ? " (--lr " + fixed(options_.lr, 3) + ")" : fine_tuning_ ? " (auto, fine-tuning)" : " (auto)") +
          (linear_ ? ", then down linearly to " + fixed(100 * kFinalLrShare, 0) + "% of it at the budget's end"
                   : ", then 1/sqrt(step)"));
}

double Trainer::learning_rate(int64_t step) const {
  if (!linear_ || probing_) return inverse_sqrt_lr(step, model_config_.d_model, warmup_, lr_scale_);
  const double peak = inverse_sqrt_lr(warmup_, model_config_.d_model, warmup_, lr_scale_);
  // The share of the budget done: of the steps or of the time, whichever is further.
  double done = 0;
  if (options_.max_steps > 0) done = static_cast<double>(step) / static_cast<double>(options_.max_steps);
  if (options_.max_time > 0) done = std::max(done, train_seconds_ / options_.max_time);
  const double warm = static_cast<double>(step) / static_cast<double>(warmup_);
  const double decay = (1 - done) / (1 - std::min(0.9, warmup_share()));
  return peak * std::max(kFinalLrShare, std::min({1.0, warm, decay}));
}

std::string Trainer::budget_reached() const {
  if (options_.max_steps > 0 && step_ >= options_.max_steps) return "max-steps";
  if (options_.max_epochs > 0 && epochs_done_ >= options_.max_epochs) return "max-epochs";
  if (options_.max_time > 0 && train_seconds_ >= options_.max_time) return "max-time";
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
    throw CorpusError(e.what());  // nothing of this update happened: next_position_ still says where it began
  }
  epoch_ended_ = epoch_ended;
  next_position_ = batches_->position();
  ++attempts_;
  const double lr = learning_rate(step_ + 1);
  UpdateOptions update_options;
  update_options.lr = lr, update_options.label_smoothing = options_.label_smoothing, update_options.clip = options_.clip;
  update_options.excluded_outputs = excluded_outputs_;
  update_options.poison = callbacks_.poison_step && callbacks_.poison_step(attempts_);
  update_options.bf16 = hardware_.bf16;
  world_.entering_step(step_ + 1);
  RankShare share;
  share.world = &world_, share.reducer = reducer_.get();
  const auto update = apply_update(model_, *optimizer_, passes, update_options, replicas_.get(), share);
  window_comm_wait_ += reducer_->last_wait_seconds(), comm_wait_ += reducer_->last_wait_seconds();
  const double loss_value = update.loss, grad_norm = update.grad_norm;
  const int64_t tokens = update.target_tokens;
  if (!update.applied) {
    ++result_.skipped_steps, ++bad_in_a_row_;
    message("warning: update " + std::to_string(step_ + 1) + " skipped: " +
            (!std::isfinite(loss_value) ? "loss is " + fixed(loss_value, 4) : "gradient norm is " + fixed(grad_norm, 4)) +
            " (" + std::to_string(bad_in_a_row_) + " in a row)");
    NMT_CHECK(bad_in_a_row_ < options_.max_bad_steps,
              "training stopped: " << bad_in_a_row_ << " updates in a row had a non-finite loss or gradient (at step "
                                   << step_ << "); lower --lr, raise --warmup or check the data. Checkpoints up to step "
                                   << std::max<int64_t>(saved_step_, 0) << " are intact");
    if (epoch_ended_) ++epochs_done_;
    return;
  }
  bad_in_a_row_ = 0;
  ++step_;
  if (ema_) ema_->update(model_, step_);
  if (epoch_ended_) ++epochs_done_;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  train_seconds_ += seconds, window_seconds_ += seconds;
  window_loss_ += loss_value * static_cast<double>(tokens);
  window_nll_ += update.nll;
  window_tokens_ += tokens, ++window_steps_;
  result_.target_tokens += tokens;
  result_.last_loss = loss_value;
  last_lr_ = lr, last_grad_norm_ = grad_norm;
  if (callbacks_.on_step && world_.is_main()) {
    StepReport r;
    r.step = step_, r.epoch = epochs_done_ + (epoch_ended_ ? 0 : 1);
    r.loss = loss_value, r.ppl = perplexity(update.nll / static_cast<double>(tokens));
    r.lr = lr, r.grad_norm = grad_norm, r.tgt_tok_per_s = static_cast<double>(tokens) / seconds;
    r.train_seconds = train_seconds_, r.window_steps = 1;
    callbacks_.on_step(r);
  }
}

void Trainer::validate() {
  if (!validator_ || validated_step_ == step_) return;
  validated_step_ = step_;
  auto scores = validator_->run(eval_model(), device_);
  result_.dev_nll = scores.loss;
  ValidReport r;
  r.step = step_, r.train_seconds = train_seconds_, r.loss = scores.loss, r.ppl = scores.ppl;
  r.bleu = scores.bleu, r.chrf = scores.chrf, r.seconds = scores.seconds;
  last_scores_ = {{"loss", scores.loss}};
  if (scores.bleu) last_scores_["bleu"] = *scores.bleu, last_scores_["chrf"] = *scores.chrf;
  if (step_ == 0 && fine_tuning_) init_scores_ = last_scores_;

  const auto outcome = early_stopping_.add(step_, scores);
  const std::string& metric = outcome.metric;
  std::string line = "step " + std::to_string(step_) + " | dev loss " + fixed(scores.loss, 4) + " | dev ppl " +
                     fixed(scores.ppl, 2);
  if (scores.bleu) line += " | dev BLEU " + fixed(*scores.bleu, 2) + " | dev chrF " + fixed(*scores.chrf, 2);
  // Each tracked metric's best model is kept (early_stopping.h says which).
  for (const auto& m : outcome.new_best) {
    CheckpointInfo best_info = info_;
    best_info.step = step_, best_info.epoch = epochs_done_;
    best_info.progress = {{"best", m}, {"value", early_stopping_.best().at(m).value}};
    best_info.with_rng_state = false;
    if (world_.is_main()) save_checkpoint((fs::path(run_dir_) / ("best-" + m + ".pt")).string(), eval_model(), nullptr, best_info);
  }
  r.improved = outcome.improved;
  r.stale = early_stopping_.stale();
  line += " | " + fixed(scores.seconds, 1) + " s | " +
          (r.improved ? "new best " + metric : "no gain on " + metric + " for " + std::to_string(r.stale) + " validation(s)");
  message(line);
  // A few translations, so that a person sees what the scores mean.
  const auto& dev = validator_->dev();
  for (size_t i = 0; i < scores.translations.size() && static_cast<int64_t>(i) < options_.valid_show; ++i) {
    message("  source:      " + dev.src[i]);
    message("  translation: " + scores.translations[i]);
    message("  reference:   " + dev.tgt[i]);
  }
  if (!world_.is_main()) return;
  metrics_->valid(r);
  if (callbacks_.on_valid) callbacks_.on_valid(r);
}

void Trainer::save() {
  if (saved_step_ == step_) return;
  info_.step = step_, info_.epoch = epochs_done_;
  info_.progress = progress();
  result_.checkpoint = (fs::path(run_dir_) / checkpoint_name(step_)).string();
  saved_step_ = step_;
  if (world_.is_main()) {
    metrics_->sync();  // the log up to this step is on disk before the checkpoint that continues it
    try {
      save_checkpoint(result_.checkpoint, eval_model(), optimizer_.get(), info_, ema_ ? &model_ : nullptr);
    } catch (const Error& e) {
      const std::string kept = latest_checkpoint(run_dir_);
      NMT_FAIL(e.what() << "; " << (kept.empty() ? "no checkpoint was saved before this one" : kept + " is intact"));
    }
    prune_checkpoints(run_dir_, options_.keep_checkpoints);
  }
  world_.barrier();  // the others go on once the checkpoint is on disk
}

// --average-last K: the mean of the run's last K checkpoints becomes its
// final model (average-<step>.pt, which a run directory resolves to), and is
// validated beside the last checkpoint.
void Trainer::average_last() {
  const auto inputs = newest_checkpoints(run_dir_, options_.average_last);
  if (inputs.size() < 2) {
    message("--average-last " + std::to_string(options_.average_last) + ": the run has " +
            std::to_string(inputs.size()) + " checkpoint, nothing to average (lower --save-every for more)");
    return;
  }
  const std::string output = (fs::path(run_dir_) / average_name(step_)).string();
  if (world_.is_main()) {
    average_checkpoints(inputs, output);
    for (const auto& entry : fs::directory_iterator(run_dir_)) {  // averages of earlier ends of this run
      const auto name = entry.path().filename().string();
      if (name.rfind("average-", 0) == 0 && entry.path() != fs::path(output)) fs::remove(entry.path());
    }
  }
  world_.barrier();
  std::string steps;
  for (const auto& input : inputs) {
    steps += (steps.empty() ? "" : ", ") + std::to_string(std::stoll(fs::path(input).stem().string().substr(11)));
  }
  std::string line = "average of the last " + std::to_string(inputs.size()) + " checkpoints (steps " + steps +
                     ") saved as " + output;
  if (validator_) {
    auto averaged = load_checkpoint(output).model;
    averaged->to(device_);
    const auto scores = validator_->run(averaged, device_);
    line += ": dev loss " + fixed(scores.loss, 4);
    if (scores.bleu) line += " | dev BLEU " + fixed(*scores.bleu, 2) + " | dev chrF " + fixed(*scores.chrf, 2);
  }
  message(line);
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
    const auto agreed = world_.max({callbacks_.stop_requested && callbacks_.stop_requested() ? 1.0 : 0.0, train_seconds_});
    const bool interrupted = agreed[0] > 0;
    train_seconds_ = agreed[1];
    if (probing_ && step_ == kProbeSkippedSteps) probe_start_ = train_seconds_;
    if (probing_ && step_ >= kProbeSkippedSteps + kWarmupProbeSteps) finish_probe();
    reason = budget_reached();
    if (interrupted && reason.empty()) reason = "interrupted";
    if ((options_.log_every > 0 && step_ % options_.log_every == 0 && window_steps_ > 0) || !reason.empty()) {
      if (window_steps_ > 0) {
        StepReport r;
        const double tokens = static_cast<double>(std::max<int64_t>(window_tokens_, 1));
        r.step = step_, r.epoch = epochs_done_ + (epoch_ended_ ? 0 : 1);
        r.loss = window_loss_ / tokens, r.ppl = perplexity(window_nll_ / tokens);
        r.lr = last_lr_, r.grad_norm = last_grad_norm_, r.tgt_tok_per_s = tokens / window_seconds_;
        r.train_seconds = train_seconds_, r.window_steps = window_steps_, r.rss_mib = current_rss_mib();
        message("step " + std::to_string(r.step) + " | epoch " + std::to_string(r.epoch) + " | loss " +
                fixed(r.loss, 4) + " | ppl " + fixed(r.ppl, 2) + " | lr " + fixed(r.lr * 1e4, 3) + "e-4 | gnorm " +
                fixed(r.grad_norm, 2) + " | tgt tok/s " + fixed(r.tgt_tok_per_s, 0) + " | " +
                fixed(r.rss_mib, 0) + " MiB | " + fixed(train_seconds_, 0) + " s" +
                (world_.size() > 1 ? " | gradient wait " + fixed(1000 * window_comm_wait_ / window_steps_, 1) + " ms/step"
                                   : ""));
        if (world_.is_main()) {
          metrics_->train(r);
          if (callbacks_.on_log) callbacks_.on_log(r);
        }
        window_seconds_ = window_loss_ = window_nll_ = window_comm_wait_ = 0, window_tokens_ = window_steps_ = 0;
      }
    }
    // At an epoch's end too, unless a validation ran less than half an
    // interval ago (a short epoch would otherwise validate twice in a row).
    const bool epoch_valid = epoch_ended_ && (options_.valid_every == 0 || validated_step_ < 0 ||
                                              step_ - validated_step_ >= options_.valid_every / 2);
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
  if (reason != "interrupted" && options_.average_last > 1) average_last();
  if (result_.checkpoint.empty()) result_.checkpoint = latest_checkpoint(run_dir_);
  result_.steps = step_;
  result_.train_seconds = train_seconds_;
  result_.stop_reason = reason;
  if (probing_) {  // the budget ended before the speed was known: the schedule it ran with
    message("schedule: warm-up " + std::to_string(warmup_) + " steps (auto), kept: the run ended at step " +
            std::to_string(step_) + ", before the " + std::to_string(kProbeSkippedSteps + kWarmupProbeSteps) +
            " steps that time its speed");
  }
  if (!init_scores_.is_null() && !last_scores_.is_null() && validated_step_ == step_) {
    auto change = [&](const char* key, const char* name, int digits) {
      if (!init_scores_.contains(key) || !last_scores_.contains(key)) return std::string();
      return std::string(" | dev ") + name + " " + fixed(init_scores_[key].get<double>(), digits) + " -> " +
             fixed(last_scores_[key].get<double>(), digits);
    };
    message("fine-tuning: step 0 (the model it started from) -> step " + std::to_string(step_) +
            change("loss", "loss", 4) + change("bleu", "BLEU", 2) + change("chrf", "chrF", 2));
  }
  const auto timing = batches_->timing();
  message("data: " + std::to_string(timing.chunks) + " chunk" + (timing.chunks == 1 ? "" : "s") +
          " read and encoded in " + fixed(timing.read_seconds, 1) + " s (each next one while training ran); " +
          "training waited " + fixed(timing.waited_seconds, 1) + " s for them after the first");
  message("stopped (" + reason + ") at step " + std::to_string(step_) + "; " + std::to_string(result_.target_tokens) +
          " target tokens in " + fixed(train_seconds_, 1) + " s (" +
          fixed(result_.target_tokens / std::max(train_seconds_, 1e-9), 0) + " tgt tok/s" +
          (world_.size() > 1 ? ", " + fixed(comm_wait_, 1) + " s of it waiting for gradient sums" : "") + "); saved " +
          result_.checkpoint);
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
