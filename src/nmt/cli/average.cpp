// nmt average: the element-wise mean of several checkpoints' parameters.
#include <iostream>

#include <CLI/CLI.hpp>

#include "nmt/cli/commands.h"
#include "nmt/train/average.h"

namespace nmt::cli {

void add_average_command(CLI::App& app) {
  auto inputs = std::make_shared<std::vector<std::string>>();
  auto output = std::make_shared<std::string>();
  CLI::App* c = app.add_subcommand("average", "Average the parameters of checkpoints of one run into one checkpoint");
  c->add_option("checkpoints", *inputs, "Checkpoint files (e.g. RUN_DIR/checkpoint-*.pt)")->required();
  c->add_option("-o,--output", *output, "The averaged checkpoint")->required();
  c->callback([inputs, output] {
    train::average_checkpoints(*inputs, *output);
    std::cerr << "averaged " << inputs->size() << " checkpoints into " << *output << "\n";
  });
}

}  // namespace nmt::cli
