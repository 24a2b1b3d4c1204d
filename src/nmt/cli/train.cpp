// nmt train: resolve the configuration (defaults < preset < --config file <
// command line), prepare the vocabulary, train, checkpoint into RUN_DIR.
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/cli/progress.h"
#include "nmt/cli/stop_signal.h"
#include "nmt/common/error.h"
#include "nmt/data/corpus.h"
#include "nmt/data/pair_reader.h"
#include "nmt/dist/launch.h"
#include "nmt/dist/world.h"
#include "nmt/model/config.h"
#include "nmt/text/vocab.h"
#include "nmt/common/format.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/init_from.h"
#include "nmt/train/run_config.h"
#include "nmt/train/trainer.h"

namespace fs = std::filesystem;

namespace nmt::cli {
namespace {

struct TrainCommand {
  std::string config_file;
  bool dry_run = false;
  bool reset_data_position = false;
  int nproc = 1;
  nlohmann::json overrides = nlohmann::json::object();
};

// This process's own command line, for the ranks --nproc starts.
std::vector<std::string> own_arguments() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  for (std::string arg; std::getline(in, arg, '\0');) args.push_back(arg);
  NMT_CHECK(!args.empty(), "cannot read this process's command line (/proc/self/cmdline)");
  args.erase(args.begin());  // the program: /proc/self/exe names it exactly
  return args;
}

// nmt train --nproc N: this process becomes the launcher of N ranks.
void launch(const TrainCommand& cmd, const train::TrainOptions& options) {
  dist::LaunchOptions lo;
  lo.nproc = cmd.nproc;
  lo.grace_s = options.dist_timeout + 10;
  lo.say = [](const std::string& line) { std::cerr << "nmt: " << line << "\n"; };
  const int status = dist::launch_local(fs::read_symlink("/proc/self/exe").string(), own_arguments(), lo);
  if (status != 0) throw CLI::RuntimeError(status);
}

void run(const TrainCommand& cmd) {
  const auto config = train::resolve_train_config(cmd.config_file, cmd.overrides);
  const auto options = train::checked_train_options(config);  // before a vocabulary is trained
  const auto world_info = dist::world_from_env();
  NMT_CHECK(cmd.nproc >= 1, "--nproc must be >= 1, got " << cmd.nproc);
  if (cmd.nproc > 1 && world_info.size == 1 && !cmd.dry_run) return launch(cmd, options);
  // One process, or one rank of several (started by --nproc, torchrun, srun
  // or by hand with torchrun's variables).
  dist::DistOptions dist_options;
  dist_options.backend = options.dist_backend;
  dist_options.timeout_s = options.dist_timeout;
  dist_options.bucket_bytes = static_cast<int64_t>(options.dist_bucket_mb * (1 << 20));
  dist::World world(world_info, dist_options, options.device);
  train::TrainRunOptions run_options;
  run_options.dry_run = cmd.dry_run;
  run_options.reset_data_position = cmd.reset_data_position;
  run_options.say = [](const std::string& line) { std::cerr << line << "\n"; };
  TrainProgress progress(options.max_steps, options.max_time, ::isatty(2) == 1);
  train::TrainCallbacks callbacks;
  callbacks.message = [&](const std::string& line) { progress.message(line); };
  callbacks.on_step = [&](const train::StepReport& r) { progress.step(r); };
  callbacks.stop_requested = [] { return stop_signal() != 0; };
  run_options.before_training = install_stop_handlers;
  const auto trained = train::run_training(config, run_options, callbacks, world);
  progress.finish();
  if (!trained) return;  // a dry run
  const auto& result = *trained;
  if (result.stop_reason == "interrupted") {
    if (world.is_main()) {
      std::cerr << "interrupted by "
                << (stop_signal() == SIGINT ? "SIGINT" : stop_signal() == SIGTERM ? "SIGTERM" : "a stop request to another rank")
                << "; run the same command to resume from " << result.checkpoint << "\n";
    }
    throw CLI::RuntimeError(128 + (stop_signal() ? stop_signal() : SIGTERM));
  }
}

}  // namespace

void add_train_command(CLI::App& app) {
  auto cmd = std::make_shared<TrainCommand>();
  auto& o = cmd->overrides;
  CLI::App* c = app.add_subcommand("train", "Train a Transformer on parallel text");
  const train::TrainOptions def;
  c->add_option("--config", cmd->config_file, "YAML/JSON file with preset:, model:, train:, data: sections")
      ->check(CLI::ExistingFile);
  c->add_flag("--dry-run", cmd->dry_run, "Print the resolved configuration and check the inputs, do not train");
  c->add_flag("--reset-data-position", cmd->reset_data_position,
              "Resume the weights, optimizer and step of RUN_DIR's checkpoint but read the data from the start of "
              "an epoch: for new data, or other batch/chunk/length/seed/cleaning options, on purpose");
  c->add_option_function<std::string>(
       "--preset", [cmd](const std::string& v) { cmd->overrides["preset"] = v; },
       "Model size: auto | tiny | small | base | big | student-tiny | student-base (nmt distill); model options override its fields. auto (the default) "
       "picks the size and a recipe (pre-norm, tied embeddings, vocabulary and batch sizes) from the corpus size, "
       "--max-time and the device, and says what it chose")
      ->check(CLI::IsMember({"auto", "tiny", "small", "base", "big", "student-tiny", "student-base"}));
  config_option<std::string>(*c, "--train-src", o, "data", "train_src", "Training source file (plain or .gz)");
  config_option<std::string>(*c, "--train-tgt", o, "data", "train_tgt", "Training target file, line-aligned");
  config_option<std::string>(*c, "--train", o, "data", "train",
                             "Training corpus as one file: FILE.tsv (source TAB target) or FILE.tmx, optionally .gz");
  config_option<std::string>(*c, "--dev", o, "data", "dev", "Validation corpus as one .tsv or .tmx file");
  config_option<std::string>(*c, "--src-lang", o, "data", "src_lang", "Source language code (e.g. en), saved with the model: nmt serve's language; TMX: the side to read (en matches en-GB)");
  config_option<std::string>(*c, "--tgt-lang", o, "data", "tgt_lang", "Target language code (e.g. es), saved with the model; TMX: the side to read");
  config_flag(*c, "--clean", o, "train", "clean",
              "Drop pairs while reading, as nmt clean does (invalid UTF-8, empty, too long, bad ratio, duplicates)");
  config_option<int64_t>(*c, "--chunk-pairs", o, "train", "chunk_pairs",
                         "Pairs read, length-sorted and shuffled together; bounds memory (" +
                             std::to_string(def.chunk_pairs) + ")");
  config_option<std::string>(*c, "--dev-src", o, "data", "dev_src", "Validation source file");
  config_option<std::string>(*c, "--dev-tgt", o, "data", "dev_tgt", "Validation target file");
  config_option<std::string>(*c, "--vocab", o, "data", "vocab",
                             "SentencePiece directory (spm.model) or file; default: train a joint one into RUN_DIR/vocab");
  config_option<std::string>(*c, "--src-vocab", o, "data", "src_vocab", "Source-side SentencePiece model (with --tgt-vocab)");
  config_option<std::string>(*c, "--tgt-vocab", o, "data", "tgt_vocab", "Target-side SentencePiece model (with --src-vocab)");
  config_option<int64_t>(*c, "--vocab-size", o, "data", "vocab_size",
                         "Pieces of the vocabulary trained here (8000; --preset auto: by corpus size)");
  config_option<std::string>(*c, "--vocab-type", o, "data", "vocab_type", "bpe | unigram (bpe)");
  config_flag(*c, "--tie-embeddings", o, "data", "tie_embeddings",
              "One matrix for source and target embeddings and the output layer (joint vocabulary; the default of "
              "--preset auto)");
  c->add_flag_function(
      "--no-tie-embeddings", [cmd](int64_t) { cmd->overrides["data"]["tie_embeddings"] = false; },
      "Separate source, target and output matrices");
  config_option<std::string>(*c, "--out", o, "data", "out", "Run directory: vocabulary, checkpoints");
  config_option<std::string>(*c, "--init-from", o, "train", "init_from",
                             "Fine-tune: start from this run directory's final model or this checkpoint (ours, or "
                             "one made by nmt import marian): its model, vocabulary, languages and decoding defaults, "
                             "a new optimizer and schedule (auto: a peak lr of " + fixed(train::kFineTunePeakLr * 1e4, 0) +
                             "e-4). Options that change the model or vocabulary are refused; --dropout may change");
  config_flag(*c, "--init-from-keep-optimizer", o, "train", "init_keep_optimizer",
              "With --init-from a checkpoint-*.pt of ours (or its run directory): keep Adam's moments too");
  config_option<std::string>(*c, "--mix", o, "data", "mix",
                             "FILE:SHARE: a general corpus (.tsv or .tmx, optionally .gz) making up SHARE (0-1) of the "
                             "pairs trained on, read in turn with --train's, against forgetting when fine-tuning");
  // model fields
  add_model_shape_options(*c, o);
  config_option<double>(*c, "--dropout", o, "model", "dropout", "Dropout rate");
  config_flag(*c, "--pre-norm", o, "model", "pre_norm",
              "LayerNorm before each sub-layer (the default of --preset auto; the other presets put it after, as the paper)");
  c->add_flag_function(
      "--post-norm", [cmd](int64_t) { cmd->overrides["model"]["pre_norm"] = false; },
      "LayerNorm after each sub-layer, as the paper");
  config_option<int64_t>(*c, "--max-positions", o, "model", "max_positions", "Longest sequence the model handles");
  // training fields
  auto d = [](auto v) { return " (" + nlohmann::json(v).dump() + ")"; };
  config_option<int64_t>(*c, "--max-steps", o, "train", "max_steps", "Stop after N updates");
  config_option<int64_t>(*c, "--max-epochs", o, "train", "max_epochs", "Stop after N passes over the data");
  config_option<double>(*c, "--max-time", o, "train", "max_time", "Stop after N seconds of training");
  config_option<int64_t>(*c, "--batch-tokens", o, "train", "batch_tokens", "Tokens per batch: rows x the longer side (source or target), padding included" + d(def.batch_tokens));
  config_option<int64_t>(*c, "--max-len", o, "train", "max_len", "Drop pairs with more pieces on a side" + d(def.max_len));
  config_option<double>(*c, "--lr", o, "train", "lr",
                        "Scale of the inverse-sqrt schedule; 0 = auto: the scale that peaks at " +
                            fixed(train::kAutoPeakLr * 1e3, 1) + "e-3 at the warm-up's end (0)");
  config_option<int64_t>(*c, "--warmup", o, "train", "warmup",
                         "Warm-up steps; 0 = auto: " + fixed(100 * train::kAutoWarmupShare, 0) +
                             "% of the steps that --max-steps or --max-time allow (timed over the first " +
                             std::to_string(train::kProbeSkippedSteps + train::kWarmupProbeSteps) + "), " +
                             std::to_string(train::kMaxAutoWarmup) + " without a budget (0)");
  config_option<std::string>(*c, "--lr-schedule", o, "train", "lr_schedule",
                             "inverse-sqrt | linear: after the warm-up, as 1/sqrt(step) as the paper, or down "
                             "linearly to 1% at the end of --max-steps or --max-time" + d(def.lr_schedule))
      ->check(CLI::IsMember({"linear", "inverse-sqrt"}));
  config_option<double>(*c, "--label-smoothing", o, "train", "label_smoothing", "Label smoothing" + d(def.label_smoothing));
  config_option<double>(*c, "--clip", o, "train", "clip", "Gradient-norm clipping, 0 = off" + d(def.clip));
  config_option<int>(*c, "--threads", o, "train", "threads", "CPU threads" + d(def.threads));
  config_option<int>(*c, "--replicas", o, "train", "replicas",
                     "Data-parallel threads, each running part of every batch on its own model copy with "
                     "threads/replicas threads (CPU); 0 = auto: one per thread, up to 4 (0)");
  config_option<uint64_t>(*c, "--seed", o, "train", "seed", "Random seed" + d(def.seed));
  auto* bf16 = config_flag(*c, "--bf16", o, "train", "bf16",
              "Matrix products in bfloat16 (autocast, CPU or CUDA; float32 weights, loss and Adam); default: on "
              "CPUs that multiply bfloat16 natively (AVX512-BF16, AMX)");
  c->add_flag_function(
      "--no-bf16", [cmd](int64_t) { cmd->overrides["train"]["bf16"] = false; },
      "Matrix products in float32 even where bfloat16 is native")
      ->excludes(bf16);
  config_option<int64_t>(*c, "--accumulate", o, "train", "accumulate",
                         "Batches per update: gradients summed, one optimizer step" + d(def.accumulate));
  config_option<int64_t>(*c, "--max-pass-tokens", o, "train", "max_pass_tokens",
                         "Split batches into passes of at most N tokens, counted as --batch-tokens (same update, less memory); 0 = off");
  config_option<int64_t>(*c, "--max-bad-steps", o, "train", "max_bad_steps",
                         "Stop after N updates in a row with a non-finite loss or gradient" + d(def.max_bad_steps));
  config_option<int64_t>(*c, "--log-every", o, "train", "log_every", "Report every N steps" + d(def.log_every));
  config_option<int64_t>(*c, "--valid-every", o, "train", "valid_every",
                         "Validate every N steps and at each epoch's end" + d(def.valid_every));
  c->add_flag_function(
      "--no-valid-translate", [cmd](int64_t) { cmd->overrides["train"]["valid_translate"] = false; },
      "Validate on dev loss only, without translating the dev set for BLEU/chrF");
  config_option<int64_t>(*c, "--valid-beam", o, "train", "valid_beam", "Beam size of validation translation" + d(def.valid_beam));
  config_option<int64_t>(*c, "--valid-max-sentences", o, "train", "valid_max_sentences",
                         "Translate only the first N dev sentences; 0 = all" + d(def.valid_max_sentences));
  config_option<std::string>(*c, "--early-stopping-metric", o, "train", "early_stopping_metric",
                             "loss | ppl | bleu | chrf" + d(def.early_stopping_metric))
      ->check(CLI::IsMember({"loss", "ppl", "bleu", "chrf"}));
  config_option<int64_t>(*c, "--patience", o, "train", "patience",
                         "Stop after N validations without improvement; 0 = never" + d(def.patience));
  config_option<int64_t>(*c, "--save-every", o, "train", "save_every", "Checkpoint every N steps" + d(def.save_every));
  config_option<int>(*c, "--keep-checkpoints", o, "train", "keep_checkpoints", "Checkpoints kept" + d(def.keep_checkpoints));
  config_option<double>(*c, "--ema", o, "train", "ema",
                        "Keep an exponential moving average of the weights with this decay (e.g. 0.999), as Marian's "
                        "--exponential-smoothing: validation, best-*.pt and the checkpoints' models use it; 0 = off" +
                            d(def.ema));
  config_option<int64_t>(*c, "--average-last", o, "train", "average_last",
                         "At the end, average the last N checkpoints into RUN_DIR/average-STEP.pt, the run's final "
                         "model (needs --keep-checkpoints >= N); 0 = off" + d(def.average_last));
  config_option<int64_t>(*c, "--valid-show", o, "train", "valid_show",
                         "Print the first N dev translations with their sources and references at each validation" +
                             d(def.valid_show));
  config_option<std::string>(*c, "--device", o, "train", "device",
                             "cpu | cuda | cuda:N; with several ranks, cuda is the GPU of LOCAL_RANK" + d(def.device));
  c->add_option("--nproc", cmd->nproc,
                "Train with N processes on this machine (data-parallel on c10d; --threads is shared among them). "
                "Across machines, start one process per rank with torchrun's variables instead (docs/distributed.md)")
      ->check(CLI::Range(1, 1024));
  config_option<std::string>(*c, "--dist-backend", o, "train", "dist_backend",
                             "auto | gloo | nccl: auto is gloo on CPUs, nccl on GPUs" + d(def.dist_backend))
      ->check(CLI::IsMember({"auto", "gloo", "nccl"}));
  config_option<double>(*c, "--dist-timeout", o, "train", "dist_timeout",
                        "Seconds a rank waits for the others (rendezvous, each collective) before the run stops "
                        "with a message naming the missing rank" + d(def.dist_timeout));
  config_option<double>(*c, "--dist-bucket-mb", o, "train", "dist_bucket_mb",
                        "Gradients summed across ranks in buckets of this size, each as soon as backward has "
                        "produced it (a size above the model's waits for the whole backward)" + d(def.dist_bucket_mb));
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
