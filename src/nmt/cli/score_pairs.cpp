// nmt score-pairs --model M --src F --tgt F: the log-probability the model
// gives each target line as the translation of its source line, one number
// per line (marian-scorer's output, printed as it does: %f).
#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>
#include <torch/torch.h>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/decode/score_pairs.h"
#include "nmt/model/threads.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli {
namespace {

struct ScorePairsCommand {
  std::string model, src, tgt, device = "cpu";
  int64_t batch = 32;
  int threads = 2;
  bool normalize = false;
};

std::vector<std::vector<int>> encode_file(const std::string& path, const text::Vocab& vocab) {
  text::LineReader reader(path);
  std::vector<std::vector<int>> lines;
  std::string line;
  while (reader.next(line)) lines.push_back(vocab.encode(line));
  return lines;
}

void run(const ScorePairsCommand& cmd) {
  model::set_cpu_threads(cmd.threads);
  auto ckpt = train::load_checkpoint(train::resolve_checkpoint(cmd.model));
  const auto src_vocab = text::Vocab::from_serialized(ckpt.info.src_vocab);
  const auto tgt_vocab = text::Vocab::from_serialized(ckpt.info.tgt_vocab);
  const auto sources = encode_file(cmd.src, src_vocab), targets = encode_file(cmd.tgt, tgt_vocab);
  NMT_CHECK(sources.size() == targets.size(), cmd.src << " has " << sources.size() << " lines but " << cmd.tgt
                                                      << " has " << targets.size());
  ckpt.model->to(torch::Device(cmd.device));
  const auto scores = decode::score_pairs(ckpt.model, sources, targets, cmd.batch, torch::Device(cmd.device));
  for (const auto& s : scores) {
    std::printf("%f\n", cmd.normalize ? s.log_prob / static_cast<double>(s.tokens) : s.log_prob);
  }
  std::fflush(stdout);
}

}  // namespace

void add_score_pairs_command(CLI::App& app) {
  auto cmd = std::make_shared<ScorePairsCommand>();
  CLI::App* c = app.add_subcommand("score-pairs",
                                   "Log-probability of each target line given its source line (as marian-scorer)");
  c->add_option("--model", cmd->model, "Run directory (its latest checkpoint) or checkpoint file")->required();
  c->add_option("--src", cmd->src, "Source lines")->required();
  c->add_option("--tgt", cmd->tgt, "Target lines, one per source line")->required();
  c->add_flag("--normalize", cmd->normalize, "Divide by the target's tokens (pieces + </s>), as marian-scorer --normalize");
  c->add_option("--batch", cmd->batch, "Pairs per batch")->capture_default_str()->check(CLI::Range(1, 100000));
  c->add_option("--threads", cmd->threads, "CPU threads")->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_option("--device", cmd->device, "cpu | cuda | cuda:N")->capture_default_str();
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
