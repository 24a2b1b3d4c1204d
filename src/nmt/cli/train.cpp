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
  add_data_options(*c, o);  // declared once (train/run_config.h)
  add_model_options(*c, o);  // declared once (model/config_options.h)
  // training fields, declared once (train/train_options.h)
  add_train_options(*c, o);
  c->add_option("--nproc", cmd->nproc,
                "Train with N processes on this machine (data-parallel on c10d; --threads is shared among them). "
                "Across machines, start one process per rank with torchrun's variables instead (docs/distributed.md)")
      ->check(CLI::Range(1, 1024));
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
