// nmt translate: text in (stdin or --input), translations out (stdout or
// --output), one line each, in input order.
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>

#include <CLI/CLI.hpp>
#include <torch/torch.h>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/data/corpus.h"
#include "nmt/decode/translator.h"
#include "nmt/model/threads.h"
#include "nmt/text/utf8.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli {
namespace {

struct TranslateCommand {
  std::string model, input, output, device = "cpu", quantize = "none";
  int threads = 2;
  decode::TranslateOptions options;
};

std::vector<std::string> read_input(const std::string& path) {
  if (!path.empty() && path != "-") return data::read_lines(path);
  std::vector<std::string> lines;
  std::string line;
  for (size_t n = 1; std::getline(std::cin, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t bad = text::find_invalid_utf8(line);
    NMT_CHECK(bad == std::string::npos, "<stdin>:" << n << ": invalid UTF-8 at byte " << bad);
    lines.push_back(std::move(line));
  }
  return lines;
}

void run(TranslateCommand cmd) {
  NMT_CHECK(cmd.options.workers <= cmd.threads,
            "--workers (" << cmd.options.workers << ") cannot exceed --threads (" << cmd.threads << ")");
  auto ckpt = train::load_checkpoint(train::resolve_checkpoint(cmd.model));
  auto src_vocab = text::Vocab::from_serialized(ckpt.info.src_vocab);
  auto tgt_vocab = text::Vocab::from_serialized(ckpt.info.tgt_vocab);
  auto lines = read_input(cmd.input);

  std::vector<std::vector<int>> sources;
  sources.reserve(lines.size());
  for (const auto& line : lines) sources.push_back(src_vocab.encode(line));
  if (cmd.options.workers == 0) {  // auto: a worker per thread once there are batches enough for them
    const int64_t batches = (static_cast<int64_t>(sources.size()) + cmd.options.batch_size - 1) / cmd.options.batch_size;
    cmd.options.workers = cmd.device == "cpu" ? static_cast<int>(std::clamp<int64_t>(batches, 1, cmd.threads)) : 1;
  }
  // Each worker translates its own batches on threads / workers threads.
  model::set_cpu_threads(cmd.threads / cmd.options.workers);
  decode::Translator translator(ckpt.model, torch::Device(cmd.device));
  if (cmd.quantize == "int8") {
    NMT_CHECK(!cmd.options.bf16, "--quantize int8 and --bf16 exclude each other");
    translator.quantize_int8();
  }
  decode::TranslateStats stats;
  auto results = translator.translate(sources, cmd.options, &stats);

  std::ofstream file;
  if (!cmd.output.empty() && cmd.output != "-") {
    file.open(cmd.output);
    NMT_CHECK(file, "cannot write " << cmd.output);
  }
  std::ostream& out = file.is_open() ? file : std::cout;
  for (size_t i = 0; i < results.size(); ++i) {
    if (cmd.options.search.n_best <= 1) {
      out << (results[i].empty() ? "" : tgt_vocab.decode(results[i][0].tokens)) << "\n";
      continue;
    }
    for (const auto& h : results[i]) {  // Moses/Marian n-best format
      out << i << " ||| " << tgt_vocab.decode(h.tokens) << " ||| F0= " << h.log_prob << " ||| " << h.score << "\n";
    }
  }
  out.flush();
  std::cerr << "translated " << stats.sentences << " sentences, " << stats.generated_tokens << " tokens in "
            << std::fixed << std::setprecision(2) << stats.seconds << " s ("
            << std::setprecision(0) << stats.generated_tokens / std::max(stats.seconds, 1e-9) << " tok/s, beam "
            << cmd.options.search.beam << ", batch " << cmd.options.batch_size << ", " << cmd.options.workers
            << (cmd.options.workers == 1 ? " worker" : " workers") << ", step " << ckpt.info.step << ")\n";
  if (stats.truncated_sources > 0) {
    std::cerr << "warning: " << stats.truncated_sources << " source lines were longer than the model's "
              << ckpt.model_config.max_positions << " positions and were cut\n";
  }
}

}  // namespace

void add_translate_command(CLI::App& app) {
  auto cmd = std::make_shared<TranslateCommand>();
  auto& opt = cmd->options;
  CLI::App* c = app.add_subcommand("translate", "Translate text with a trained model");
  c->add_option("--model", cmd->model, "Run directory (its latest checkpoint) or checkpoint file")->required();
  c->add_option("--input,-i", cmd->input, "Source text, one sentence per line (default stdin)");
  c->add_option("--output,-o", cmd->output, "Where translations go (default stdout)");
  c->add_option("--beam,-b", opt.search.beam, "Beam size, 1 = greedy")->capture_default_str()->check(CLI::Range(1, 1000));
  c->add_option("--n-best", opt.search.n_best, "Hypotheses per sentence (n-best format when > 1)")
      ->capture_default_str()->check(CLI::Range(1, 1000));
  c->add_option("--alpha", opt.search.length_penalty, "GNMT length penalty alpha")->capture_default_str();
  c->add_option("--batch", opt.batch_size, "Sentences per batch")->capture_default_str()->check(CLI::Range(1, 1000000));
  c->add_option("--max-length-ratio", opt.max_length_ratio, "Output tokens <= ratio x source tokens + extra")
      ->capture_default_str();
  c->add_option("--max-length-extra", opt.max_length_extra, "See --max-length-ratio")->capture_default_str();
  c->add_flag("--bf16", opt.bf16, "Matrix products in bfloat16 (autocast, CPU or CUDA): faster, slightly different outputs");
  c->add_option("--quantize", cmd->quantize,
                "int8: linear layers multiply in int8 (weights per output channel, activations per call; CPU)")
      ->capture_default_str()->check(CLI::IsMember({"none", "int8"}));
  c->add_option("--fixed-length", opt.fixed_length, "Generate exactly N tokens per sentence (benchmarks)");
  c->add_option("--threads", cmd->threads, "CPU threads")->capture_default_str()->check(CLI::Range(1, 1024));
  opt.workers = 0;
  c->add_option("--workers", opt.workers,
                "Batches translated at once, each on threads/workers threads: higher throughput on many "
                "sentences; 1 = every thread works on each batch (the lowest latency); 0 = one per thread "
                "when there are that many batches, else 1")
      ->capture_default_str()->check(CLI::Range(0, 1024));
  c->add_option("--device", cmd->device, "cpu | cuda | cuda:N")->capture_default_str();
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
