// nmt bench train: target tokens per second of the training step of
// `nmt train` (forward, label-smoothed loss, backward, clipping, Adam), the
// model FLOPs behind them, the machine's sgemm peak and so the MFU.
#include <chrono>
#include <iostream>
#include <numeric>
#include <optional>
#include <random>
#include <regex>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "nmt/cli/bench.h"
#include "nmt/cli/options.h"
#include "nmt/common/error.h"
#include "nmt/data/batcher.h"
#include "nmt/data/corpus.h"
#include "nmt/model/flops.h"
#include "nmt/model/threads.h"
#include "nmt/model/transformer.h"
#include "nmt/train/schedule.h"
#include "nmt/train/train_options.h"
#include "nmt/train/update_step.h"

namespace nmt::cli::bench {
namespace {

using Clock = std::chrono::steady_clock;

struct TrainBench {
  CommonOptions common;
  std::string preset = "small";
  int64_t batch_tokens = 4096, steps = 10, warmup_steps = 2;
  std::string train_src, train_tgt, vocab;
  int64_t vocab_size = 8000;
  int64_t peak_size = 2048;
  bool bf16 = false;
  std::string precision;  // fp32 | bf16 | fp16; "" = bf16 with --bf16, else fp32
  std::string device = "cpu";
  int replicas = 1;
};

// Random pairs, lengths uniform in 10..40 pieces like real sentences, batched
// as training batches them (length-sorted, then shuffled); at least `count` batches.
std::vector<data::Batch> random_batches(const model::ModelConfig& c, int64_t batch_tokens, int64_t count,
                                        std::mt19937_64& rng) {
  std::uniform_int_distribution<int> length(10, 40), src_id(4, static_cast<int>(c.src_vocab) - 1),
      tgt_id(4, static_cast<int>(c.tgt_vocab) - 1);
  std::vector<data::Example> examples;
  std::vector<data::Batch> batches;
  while (static_cast<int64_t>(batches.size()) < count) {
    for (int64_t i = 0; i < count * batch_tokens / 25 + 16; ++i) {
      data::Example e;
      for (int n = length(rng); n > 0; --n) e.src.push_back(src_id(rng));
      e.src.push_back(text::kEosId);
      e.tgt.push_back(text::kBosId);
      for (int n = length(rng); n > 0; --n) e.tgt.push_back(tgt_id(rng));
      e.tgt.push_back(text::kEosId);
      examples.push_back(std::move(e));
    }
    batches = data::make_batches(examples, {batch_tokens, 0});
  }
  data::shuffle_batches(batches, rng);
  return batches;
}

// The corpus encoded and batched as `nmt train` does, in a shuffled order
// (sorted order would put the shortest sentences first).
std::vector<data::Batch> corpus_batches(const TrainBench& b, const text::Vocab& vocab, std::mt19937_64& rng) {
  const auto text = data::read_parallel(b.train_src, b.train_tgt);
  auto batches = data::make_batches(data::encode_pairs(text, vocab, vocab, 256, nullptr), {b.batch_tokens, 0});
  NMT_CHECK(!batches.empty(), "no trainable pairs in " << b.train_src << " / " << b.train_tgt);
  data::shuffle_batches(batches, rng);
  return batches;
}

struct Stats {
  double median = 0, mean = 0, min = 0;
};

Stats stats_of(const std::vector<double>& v) {
  return {median(v), mean(v), *std::min_element(v.begin(), v.end())};
}

// The peer on the same corpus, vocabulary and dimensions, one log line per
// step; its per-step tokens/s after the same warm-up.
std::pair<Stats, double> peer_train(const TrainBench& b, const model::ModelConfig& c) {
  NMT_CHECK(c.encoder_layers == c.decoder_layers, "the peer has as many encoder as decoder layers");
  TempDir work;
  std::vector<std::string> args = {
      "--train-src", b.train_src, "--train-tgt", b.train_tgt, "--spm", vocab_model_file(b.vocab), "--workdir", work.path(),
      "--max-steps", std::to_string(b.warmup_steps + b.steps), "--log-every", "1",
      "--threads", std::to_string(b.common.threads), "--batch-tokens", std::to_string(b.batch_tokens),
      "--d-model", std::to_string(c.d_model), "--heads", std::to_string(c.heads),
      "--layers", std::to_string(c.encoder_layers), "--ffn", std::to_string(c.ffn),
      "--dropout", std::to_string(c.dropout), "--label-smoothing", "0.1", "--clip", "1.0",
      "--max-len", "256", "--seed", std::to_string(b.common.seed), "--device", b.device, "--precision", b.precision};
  if (c.share_embeddings) args.push_back("--share-embeddings");
  if (c.tie_output) args.push_back("--tie-output");
  const auto out = run_peer(args);
  // "step      3 | epoch   1 | loss 9.1 | lr 1.2e-07 | tgt tok/s    1650 (avg 1650) | train 0.0 min"
  const std::regex step_line(R"(^step\s+(\d+) \|.*\| tgt tok/s\s+([0-9.]+) )");
  std::vector<double> rates;
  for (const auto& line : out.lines) {
    std::smatch m;
    if (std::regex_search(line, m, step_line) && std::stoll(m[1]) > b.warmup_steps) rates.push_back(std::stod(m[2]));
  }
  NMT_CHECK(!rates.empty(), "no 'step N | ... | tgt tok/s X' lines in the peer's output");
  return {stats_of(rates), out.peak_rss_mib};
}

void run(TrainBench b) {
  prepare_threads(b.common);
  if (b.precision.empty()) b.precision = b.bf16 ? "bf16" : "fp32";
  NMT_CHECK(!b.bf16 || b.precision == "bf16", "give --bf16 or --precision " << b.precision << ", not both");
  train::check_device_options(b.device, b.replicas, b.precision == "bf16", b.precision == "fp16");
  const torch::Device device(b.device);
  NMT_CHECK(b.train_src.empty() == b.train_tgt.empty() && b.train_src.empty() == b.vocab.empty(),
            "give --train-src, --train-tgt and --vocab together, or none of them (random data)");
  NMT_CHECK(!b.common.vs_torch || !b.train_src.empty(), "--vs-torch with bench train needs --train-src/--train-tgt/--vocab: "
                                                       "the peer trains on text only, not on random ids");
  if (b.common.vs_torch) check_peer_available();
  auto config = model::preset(b.preset);
  std::optional<text::Vocab> vocab;
  if (!b.vocab.empty()) vocab = load_vocab(b.vocab);
  config.src_vocab = config.tgt_vocab = vocab ? vocab->size() : b.vocab_size;
  config.validate();

  torch::manual_seed(b.common.seed);
  std::mt19937_64 rng(b.common.seed);
  const int64_t count = b.warmup_steps + b.steps;
  auto batches = vocab ? corpus_batches(b, *vocab, rng) : random_batches(config, b.batch_tokens, count, rng);

  model::Transformer model(config);
  model->to(device);
  model->train();
  auto optimizer = train::make_optimizer(model);
  NMT_CHECK(b.replicas <= b.common.threads,
            "--replicas (" << b.replicas << ") cannot exceed --threads (" << b.common.threads << ")");
  train::Replicas replicas(model, b.replicas);
  model::set_cpu_threads(b.common.threads / b.replicas);
  std::optional<train::LossScaler> scaler;
  if (b.precision == "fp16") scaler.emplace();
  std::vector<double> rates, seconds, flops, tokens;
  for (int64_t i = 0; i < count; ++i) {
    const auto& batch = batches[i % batches.size()];  // a small corpus is cycled
    const auto start = Clock::now();
    train::UpdateOptions update;
    update.lr = train::inverse_sqrt_lr(i + 1, config.d_model, 4000, 1.0);  // nmt train's defaults
    update.bf16 = b.precision == "bf16", update.fp16 = b.precision == "fp16";
    update.scaler = scaler ? &*scaler : nullptr;
    // (Each update ends by reading its loss: a GPU's work is finished when the clock stops.)
    train::apply_update(model, *optimizer, std::vector<train::DeviceBatch>{train::to_device(batch, device)}, update,
                        &replicas);
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    if (i < b.warmup_steps) continue;
    rates.push_back(static_cast<double>(batch.target_tokens) / s);
    seconds.push_back(s);
    tokens.push_back(static_cast<double>(batch.target_tokens));
    flops.push_back(model::train_step_flops(config, batch.rows, batch.src_len, batch.tgt_len, batch.target_tokens));
  }
  const Stats tok = stats_of(rates);
  const double achieved = std::accumulate(flops.begin(), flops.end(), 0.0) /
                          std::accumulate(seconds.begin(), seconds.end(), 0.0) / 1e9;
  model::set_cpu_threads(b.common.threads);  // the peak on every thread, however the steps ran
  const double peak = model::measure_matmul_gflops_on(b.device, b.precision, b.peak_size);
  const double rss = peak_rss_mib();

  std::optional<std::pair<Stats, double>> peer;
  if (b.common.vs_torch) peer = peer_train(b, config);

  Table table(peer ? std::vector<std::string>{"", "nmt", "peer", "nmt/peer"} : std::vector<std::string>{"", "nmt"});
  auto row = [&](const std::string& name, double value, int digits, std::optional<double> peer_value = {}) {
    std::vector<std::string> r = {name, fixed(value, digits)};
    if (peer) {
      r.push_back(peer_value ? fixed(*peer_value, digits) : "-");
      r.push_back(peer_value ? fixed(value / *peer_value, 2) : "-");
    }
    table.add(r);
  };
  auto peer_of = [&](double Stats::*field) { return peer ? std::optional<double>(peer->first.*field) : std::nullopt; };
  row("tgt tok/s median", tok.median, 0, peer_of(&Stats::median));
  row("tgt tok/s mean", tok.mean, 0, peer_of(&Stats::mean));
  row("tgt tok/s min", tok.min, 0, peer_of(&Stats::min));
  row("tgt tokens/step", mean(tokens), 0);
  row("GFLOP/step", mean(flops) / 1e9, 2);
  row("achieved GFLOP/s", achieved, 2);
  row("product peak GFLOP/s", peak, 2);
  row("MFU %", 100 * achieved / peak, 1);
  row("peak RSS MiB", rss, 0, peer ? std::optional<double>(peer->second) : std::nullopt);

  const std::string data = vocab ? b.train_src + " / " + b.train_tgt : "random ids, 10-40 pieces a side";
  const std::string title = "nmt bench train: preset " + b.preset + ", " + b.precision + " on " + b.device +
                            ", batches of <= " + std::to_string(b.batch_tokens) + " target tokens, " +
                            std::to_string(b.common.threads) + " threads" +
                            (b.replicas > 1 ? " as " + std::to_string(b.replicas) + " replicas" : "") + ", median of " +
                            std::to_string(b.steps) + " steps after " + std::to_string(b.warmup_steps) + " warm-up";
  std::vector<std::string> notes = {
      "data: " + data + "; vocabulary " + std::to_string(config.tgt_vocab),
      "FLOPs: matrix products only, forward + backward = 3x forward (model/flops.h); peak: " +
          std::to_string(b.peak_size) + "^2 products in " + b.precision + " on " + b.device + ", best of 4"};
  nlohmann::json j = {{"command", "train"},
                      {"preset", b.preset},
                      {"model", model::to_json(config)},
                      {"data", data},
                      {"batch_tokens", b.batch_tokens},
                      {"device", b.device}, {"precision", b.precision},
                      {"threads", b.common.threads}, {"replicas", b.replicas},
                      {"steps", b.steps},
                      {"warmup_steps", b.warmup_steps},
                      {"tokens_per_second", {{"median", tok.median}, {"mean", tok.mean}, {"min", tok.min}}},
                      {"target_tokens_per_step", mean(tokens)},
                      {"flops_per_step", mean(flops)},
                      {"achieved_gflops", achieved},
                      {"peak_gflops", peak},
                      {"mfu", achieved / peak},
                      {"peak_rss_mib", rss}};
  if (peer) {
    j["peer"]["tokens_per_second"] = {{"median", peer->first.median}, {"mean", peer->first.mean}, {"min", peer->first.min}};
    j["peer"]["peak_rss_mib"] = peer->second;
    j["ratio_median"] = tok.median / peer->first.median;
  }
  report(title, table, notes, j, b.common);
}

}  // namespace

void add_train_command(CLI::App& bench) {
  auto b = std::make_shared<TrainBench>();
  CLI::App* c = bench.add_subcommand("train", "Training throughput (target tokens/s), model FLOPs and MFU");
  c->add_option("--preset", b->preset, "Model dimensions: tiny, small, base or big")->capture_default_str();
  c->add_option("--batch-tokens", b->batch_tokens, "Batch size: sentences x longest target <= N")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
  c->add_option("--steps", b->steps, "Measured steps")->capture_default_str()->check(CLI::Range(1, 1000000));
  c->add_option("--warmup-steps", b->warmup_steps, "Unmeasured steps first")->capture_default_str()->check(CLI::Range(0, 1000000));
  c->add_option("--train-src", b->train_src, "Source text (default: random ids)");
  c->add_option("--train-tgt", b->train_tgt, "Target text, aligned with --train-src");
  c->add_option("--vocab", b->vocab, "SentencePiece model (file or directory) for --train-src/--train-tgt");
  c->add_option("--vocab-size", b->vocab_size, "Vocabulary of the random data")->capture_default_str()->check(CLI::Range(5, 10000000));
  c->add_option("--replicas", b->replicas, "Data-parallel threads, each with threads/replicas intra-op threads, "
                                           "as nmt train --replicas")
      ->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_flag("--bf16", b->bf16, "Matrix products in bfloat16 (float32 weights, loss and Adam), as nmt train --bf16");
  c->add_option("--precision", b->precision, "fp32 | bf16 | fp16 (CUDA; loss scaling), as nmt train --precision; the "
                                             "peer runs in the same")
      ->check(CLI::IsMember({"fp32", "bf16", "fp16"}));
  c->add_option("--device", b->device, "cpu | cuda | cuda:N, for nmt and the peer")->capture_default_str();
  c->add_option("--peak-size", b->peak_size, "Side of the square sgemm that measures the peak")
      ->capture_default_str()->check(CLI::Range(16, 16384));
  add_common_options(*c, b->common);
  c->callback([b] { run(*b); });
}

}  // namespace nmt::cli::bench
