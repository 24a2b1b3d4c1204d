// nmt bench translate: generated tokens and sentences per second of the
// batch translator for a grid of beam sizes and batch sizes, with per-batch
// latency (per sentence at batch 1), in fixed-length mode (exactly L tokens a
// sentence, end-of-sentence never chosen) or on real text with a real model.
// With --split-sentences, each timed call translates --batch lines from text
// to text as nmt serve translates a request's text: the in-process
// counterpart of a server request of that many lines.
#include <chrono>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <regex>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "nmt/cpu/int8_product.h"
#include "nmt/cpu/isa.h"
#include "nmt/cli/bench.h"
#include "nmt/cli/op_profile.h"
#include "nmt/cli/options.h"
#include "nmt/common/error.h"
#include "nmt/data/corpus.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/split_translate.h"
#include "nmt/decode/translator.h"
#include "nmt/model/threads.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli::bench {
namespace {

using Clock = std::chrono::steady_clock;

struct TranslateBench {
  CommonOptions common;
  std::string preset = "small", model, input, vocab, shortlist, src_lang;
  bool split_sentences = false;  // time one translator call per --batch lines' sentences
  int64_t fixed_len = 0, sentences = 64, src_len = 20, vocab_size = 8000;
  std::vector<int64_t> beams, batches;  // empty: the standard grid
  bool bf16 = false;
  std::string quantize = "none";
  std::string engine = "auto";
  int workers = 1;
  std::string profile;  // chrome trace of the timed batches (LibTorch's profiler)
};

struct Case {
  int64_t beam = 1, batch = 1;
  int64_t sentences = 0, generated_tokens = 0;
  double seconds = 0, p50_ms = 0, p99_ms = 0;
  double shortlist_pieces = 0;  // with a shortlist: target pieces each sentence scored, on average
  std::optional<double> peer_tokens_per_second;
  double tokens_per_second() const { return static_cast<double>(generated_tokens) / seconds; }
};

// Translates all the sources in one call, as nmt translate does, timing the
// call and each batch; the first batch once before, untimed.
Case measure(decode::Translator& translator, const std::vector<std::vector<int>>& sources,
             decode::TranslateOptions options, int64_t beam, int64_t batch) {
  options.search.beam = beam;
  options.batch_size = batch;
  translator.translate({sources.begin(), sources.begin() + std::min<size_t>(sources.size(), batch)}, options);
  decode::TranslateStats stats;
  translator.translate(sources, options, &stats);
  Case c;
  c.beam = beam, c.batch = batch, c.sentences = static_cast<int64_t>(sources.size());
  c.seconds = stats.seconds;
  c.generated_tokens = stats.generated_tokens;
  std::vector<double> latency_ms;
  for (double s : stats.batch_seconds) latency_ms.push_back(1000 * s);
  c.p50_ms = percentile(latency_ms, 50);
  c.p99_ms = percentile(latency_ms, 99);
  if (stats.sentences > 0)
    c.shortlist_pieces = static_cast<double>(stats.shortlist_pieces) / static_cast<double>(stats.sentences);
  return c;
}

// Lines as a server takes a request's text: one call per `batch` lines, in
// the lines' order, from text to text (cut into sentences, encoded, all the
// sentences in one batch, decoded, joined), each call timed from outside:
// what a request of that many lines costs without HTTP. The first call once
// before, untimed.
struct TextInput {
  std::vector<std::string> lines;
  std::string lang;  // the sentence rules' language
  const text::Vocab* src = nullptr;
  const text::Vocab* tgt = nullptr;
};

Case measure_lines(decode::Translator& translator, const TextInput& input, decode::TranslateOptions options,
                   int64_t beam, int64_t batch) {
  options.search.beam = beam;
  options.batch_size = std::numeric_limits<int32_t>::max();  // a call's sentences in one batch
  std::vector<std::vector<std::string>> calls;
  for (size_t line = 0; line < input.lines.size(); ++line) {
    if (line % static_cast<size_t>(batch) == 0) calls.emplace_back();
    calls.back().push_back(input.lines[line]);
  }
  const auto call = [&](const std::vector<std::string>& lines, decode::TranslateStats* stats) {
    return decode::translate_texts(translator, lines, input.lang, *input.src, *input.tgt, options, stats);
  };
  call(calls.front(), nullptr);
  Case c;
  c.beam = beam, c.batch = batch;
  std::vector<double> latency_ms;
  int64_t shortlist_pieces = 0;
  for (const auto& lines : calls) {
    decode::TranslateStats stats;  // each call's own: a call starts its stats afresh
    const auto start = Clock::now();
    call(lines, &stats);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    c.seconds += seconds;
    latency_ms.push_back(1000 * seconds);
    c.sentences += stats.sentences;
    c.generated_tokens += stats.generated_tokens;
    shortlist_pieces += stats.shortlist_pieces;
  }
  c.p50_ms = percentile(latency_ms, 50);
  c.p99_ms = percentile(latency_ms, 99);
  c.shortlist_pieces = static_cast<double>(shortlist_pieces) / static_cast<double>(std::max<int64_t>(1, c.sentences));
  return c;
}

// The peer's fixed-length bench for one batch size and the beams of `cases`:
// "  beam 4  : 3200 tokens in 4.10 s =    780.5 tok/s (...)".
void peer_translate(const TranslateBench& b, const model::ModelConfig& c, const std::string& spm, std::vector<Case>& cases) {
  NMT_CHECK(c.encoder_layers == c.decoder_layers, "the peer has as many encoder as decoder layers");
  std::map<int64_t, std::string> beams_by_batch;
  for (const auto& k : cases) beams_by_batch[k.batch] += (beams_by_batch[k.batch].empty() ? "" : ",") + std::to_string(k.beam);
  const std::regex result(R"(^\s+(greedy|beam (\d+))\s*: (\d+) tokens in ([0-9.]+) s = \s*([0-9.]+) tok/s)");
  for (const auto& [batch, beams] : beams_by_batch) {
    TempDir work;
    std::vector<std::string> args = {
        "--bench-fixed-length", "--fixed-len", std::to_string(b.fixed_len), "--bench-sentences",
        std::to_string(b.sentences), "--decode-batch", std::to_string(batch), "--bench-beams", beams,
        "--threads", std::to_string(b.common.threads), "--workdir", work.path(), "--seed", std::to_string(b.common.seed),
        "--d-model", std::to_string(c.d_model), "--heads", std::to_string(c.heads),
        "--layers", std::to_string(c.encoder_layers), "--ffn", std::to_string(c.ffn),
        "--vocab", std::to_string(c.tgt_vocab), "--max-positions", std::to_string(c.max_positions)};
    if (!b.input.empty()) args.insert(args.end(), {"--test-src", b.input, "--spm", spm});
    else args.insert(args.end(), {"--bench-src-len", std::to_string(b.src_len)});
    if (c.share_embeddings) args.push_back("--share-embeddings");
    if (c.tie_output) args.push_back("--tie-output");
    for (const auto& line : run_peer(args).lines) {
      std::smatch m;
      if (!std::regex_search(line, m, result)) continue;
      const int64_t beam = m[2].matched ? std::stoll(m[2]) : 1;
      for (auto& k : cases)
        if (k.batch == batch && k.beam == beam) k.peer_tokens_per_second = std::stod(m[5]);
    }
  }
}

std::vector<std::vector<int>> random_sources(const TranslateBench& b, int64_t vocab, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> id(4, static_cast<int>(vocab) - 1);
  std::vector<std::vector<int>> sources(b.sentences);
  for (auto& s : sources)
    for (int64_t i = 0; i < b.src_len; ++i) s.push_back(id(rng));
  return sources;
}

void run(const TranslateBench& b) {
  prepare_threads(b.common);
  NMT_CHECK(b.workers <= b.common.threads,
            "--workers (" << b.workers << ") cannot exceed --threads (" << b.common.threads << ")");
  model::set_cpu_threads(b.common.threads / b.workers);
  NMT_CHECK(b.fixed_len > 0 || (!b.input.empty() && !b.model.empty()),
            "give --fixed-len L (exactly L tokens a sentence), or --input FILE with --model RUN_DIR (natural lengths)");
  NMT_CHECK(b.model.empty() || b.vocab.empty(), "--vocab is for a random model; a --model brings its own vocabulary");
  NMT_CHECK(b.shortlist.empty() || !b.model.empty(), "--shortlist needs the --model it was built for");
  NMT_CHECK(b.input.empty() || !b.model.empty() || !b.vocab.empty(), "--input needs --vocab SPM (or a --model)");
  NMT_CHECK(!b.common.vs_torch || b.fixed_len > 0, "--vs-torch compares fixed-length decoding only (the peer cannot "
                                                   "load nmt checkpoints): add --fixed-len L");
  NMT_CHECK(!b.split_sentences || (!b.input.empty() && !b.model.empty()),
            "--split-sentences translates the lines of --input from text to text: "
            "give --input FILE and --model RUN_DIR");
  NMT_CHECK(!b.split_sentences || !b.common.vs_torch,
            "--vs-torch compares fixed-length decoding, not --split-sentences");
  if (b.common.vs_torch) check_peer_available();

  // The model and the vocabulary that encodes --input.
  model::Transformer model{nullptr};
  std::optional<text::Vocab> vocab, tgt_vocab;
  std::string spm_for_peer = b.vocab.empty() ? "" : vocab_model_file(b.vocab), what = "random model, preset " + b.preset;
  std::optional<TempDir> peer_dir;
  nlohmann::json model_config;  // a run's own decoding defaults (an imported Marian model's search rules)
  std::shared_ptr<decode::Shortlist> shortlist;
  if (!b.model.empty()) {
    auto ckpt = train::load_checkpoint(train::resolve_checkpoint(b.model));
    model = ckpt.model;
    model_config = ckpt.info.config;
    vocab = text::Vocab::from_serialized(ckpt.info.src_vocab);
    tgt_vocab = text::Vocab::from_serialized(ckpt.info.tgt_vocab);
    if (!b.shortlist.empty()) {
      shortlist = std::make_shared<decode::Shortlist>(decode::Shortlist::load(b.shortlist));
      shortlist->check_vocabularies(*vocab, *tgt_vocab, b.shortlist);
    }
    what = ckpt.path + " (step " + std::to_string(ckpt.info.step) + ")";
    if (b.common.vs_torch && !b.input.empty()) {  // the peer reads a SentencePiece file
      peer_dir.emplace();
      spm_for_peer = peer_dir->path() + "/spm.model";
      std::ofstream(spm_for_peer, std::ios::binary) << ckpt.info.src_vocab;
    }
  } else {
    auto config = model::preset(b.preset);
    if (!b.vocab.empty()) vocab = load_vocab(b.vocab);
    config.src_vocab = config.tgt_vocab = vocab ? vocab->size() : b.vocab_size;
    config.validate();
    torch::manual_seed(b.common.seed);
    model = model::Transformer(config);
  }
  const auto config = model->config;
  NMT_CHECK(b.fixed_len < config.max_positions,
            "--fixed-len " << b.fixed_len << " exceeds the model's " << config.max_positions << " positions");

  std::mt19937_64 rng(b.common.seed);
  std::vector<std::vector<int>> sources;
  std::optional<TextInput> text_input;  // --split-sentences
  if (!b.input.empty()) {
    auto lines = data::read_lines(b.input);
    NMT_CHECK(!lines.empty(), b.input << " is empty");
    lines.resize(std::min<size_t>(lines.size(), b.sentences));
    if (b.split_sentences) {
      const std::string lang = b.src_lang.empty() ? train::trained_language(model_config, "src_lang") : b.src_lang;
      text_input = TextInput{lines, lang, &*vocab, &*tgt_vocab};
      sources = decode::split_and_encode(lines, lang, *vocab).sources;
    } else {
      for (const auto& line : lines) sources.push_back(vocab->encode(line));
    }
  } else {
    sources = random_sources(b, config.src_vocab, rng);
  }
  // Length-sorted as the translator sorts a whole input, so that each timed
  // batch is one batch of a real run.
  std::stable_sort(sources.begin(), sources.end(), [](const auto& x, const auto& y) { return x.size() < y.size(); });

  decode::Translator translator(model, torch::kCPU);
  if (b.quantize == "int8") translator.quantize_int8();

  decode::TranslateOptions options;
  decode::apply_model_defaults(model_config, options, {});
  options.fixed_length = b.fixed_len;
  options.bf16 = b.bf16;
  options.workers = b.workers;
  options.engine = b.engine;
  options.shortlist = shortlist;
  const std::string engine = translator.engine_for(options);
  NMT_CHECK(b.profile.empty() || engine == "torch",
            "--profile records LibTorch's operators, and the CPU engine runs none: add --engine torch (profile the "
            "engine with perf)");
  const std::vector<int64_t> beams = b.beams.empty() ? std::vector<int64_t>{1, 4} : b.beams;
  const std::vector<int64_t> batches = b.batches.empty() ? std::vector<int64_t>{1, 32} : b.batches;
  std::vector<Case> cases;
  {
    OpProfile profile(b.profile, std::cerr);
    for (int64_t batch : batches)
      for (int64_t beam : beams) {
        std::cerr << "measuring beam " << beam << ", batch " << batch << " ...\n";
        cases.push_back(text_input ? measure_lines(translator, *text_input, options, beam, batch)
                              : measure(translator, sources, options, beam, batch));
      }
  }
  const double rss = peak_rss_mib();
  if (b.common.vs_torch) peer_translate(b, config, spm_for_peer, cases);

  std::vector<std::string> header = {"search", text_input ? "lines a call" : "batch", "sentences", "tokens",
                                     "seconds", "tok/s", "sent/s", "batch p50 ms", "batch p99 ms"};
  if (b.common.vs_torch) header.insert(header.end(), {"peer tok/s", "nmt/peer"});
  Table table(header);
  nlohmann::json json_cases = nlohmann::json::array();
  for (const auto& k : cases) {
    const double sent_per_s = static_cast<double>(k.sentences) / k.seconds;
    std::vector<std::string> row = {k.beam == 1 ? "greedy" : "beam " + std::to_string(k.beam), std::to_string(k.batch),
                                    std::to_string(k.sentences), std::to_string(k.generated_tokens),
                                    fixed(k.seconds, 3), fixed(k.tokens_per_second(), 1), fixed(sent_per_s, 2),
                                    fixed(k.p50_ms, 1), fixed(k.p99_ms, 1)};
    nlohmann::json j = {{"beam", k.beam}, {"batch", k.batch}, {"fixed_len", b.fixed_len},
                        {"sentences", k.sentences}, {"generated_tokens", k.generated_tokens},
                        {"seconds", k.seconds}, {"tokens_per_second", k.tokens_per_second()},
                        {"sentences_per_second", sent_per_s},
                        {"batch_latency_ms", {{"p50", k.p50_ms}, {"p99", k.p99_ms}}}};
    if (shortlist) j["shortlist_pieces_per_sentence"] = k.shortlist_pieces;
    if (b.common.vs_torch) {
      row.push_back(k.peer_tokens_per_second ? fixed(*k.peer_tokens_per_second, 1) : "-");
      row.push_back(k.peer_tokens_per_second ? fixed(k.tokens_per_second() / *k.peer_tokens_per_second, 2) : "-");
      if (k.peer_tokens_per_second) j["peer_tokens_per_second"] = *k.peer_tokens_per_second;
    }
    table.add(row);
    json_cases.push_back(j);
  }
  std::string input = std::to_string(b.sentences) + " random sources of " + std::to_string(b.src_len) + " pieces";
  if (text_input) {
    input = std::to_string(text_input->lines.size()) + " lines of " + b.input + " in " +
            std::to_string(sources.size()) + " sentences";
  } else if (!b.input.empty()) {
    input = std::to_string(sources.size()) + " lines of " + b.input;
  }
  const std::string precision = b.bf16 ? "bfloat16 products" : b.quantize == "int8" ? "int8 linear layers" : "float32";
  const std::string title = "nmt bench translate: " + what + ", " + precision + ", " +
                            (engine == "cpu" ? "the CPU engine, " : "LibTorch, ") +
                            (shortlist ? "shortlist " + b.shortlist + ", " : std::string()) +
                            (b.fixed_len > 0 ? "exactly " + std::to_string(b.fixed_len) + " tokens a sentence"
                                             : std::string("natural lengths")) +
                            ", " + std::to_string(b.common.threads) + " threads" +
                            (b.workers > 1 ? " as " + std::to_string(b.workers) + " workers" : "");
  std::vector<std::string> notes = {"input: " + input + "; peak RSS " + fixed(rss, 0) + " MiB" +
                                        (shortlist && !cases.empty()
                                             ? "; shortlist: " + fixed(cases.front().shortlist_pieces, 0) + " of " +
                                                   std::to_string(config.tgt_vocab) + " target pieces a sentence"
                                             : std::string()),
                                    std::string("tokens: generated pieces of the best hypothesis, </s> not counted; ") +
                                        (text_input ? "latency: wall time of one call from text to text over a batch of "
                                                      "lines, their sentences in one batch (--split-sentences)"
                                               : "latency: wall time of one batch (one sentence at batch 1)"),
                                    cpu::isa_report() + "; int8 products: " + cpu::int8_kernel_name(cpu::int8_kernel())};
  nlohmann::json j = {{"command", "translate"}, {"model", what}, {"config", model::to_json(config)},
                      {"input", input}, {"split_sentences", b.split_sentences}, {"fixed_len", b.fixed_len},
                      {"threads", b.common.threads},
                      {"workers", b.workers}, {"precision", precision}, {"engine", engine},
                      {"cases", json_cases}, {"peak_rss_mib", rss}, {"cpu_isa", cpu::isa_name(cpu::cpu_isa())},
                      {"int8_kernel", cpu::int8_kernel_name(cpu::int8_kernel())}};
  report(title, table, notes, j, b.common);
}

}  // namespace

void add_translate_command(CLI::App& bench) {
  auto b = std::make_shared<TranslateBench>();
  CLI::App* c = bench.add_subcommand("translate", "Translation throughput (tokens/s, sentences/s) and batch latency");
  auto* preset = c->add_option("--preset", b->preset, "Random model of these dimensions: tiny, small, base or big")
                     ->capture_default_str();
  c->add_option("--model", b->model, "Run directory (latest checkpoint) or checkpoint file instead of a random model")
      ->excludes(preset);
  auto* bf16 = c->add_flag("--bf16", b->bf16, "Matrix products in bfloat16, as nmt translate --bf16");
  c->add_option("--quantize", b->quantize, "int8: linear layers in int8, as nmt translate --quantize int8")
      ->capture_default_str()->check(CLI::IsMember({"none", "int8"}))->excludes(bf16);
  c->add_option("--engine", b->engine, "auto, cpu or torch, as nmt translate --engine")
      ->capture_default_str()->check(CLI::IsMember({"auto", "torch", "cpu"}));
  c->add_option("--shortlist", b->shortlist, "Restrict each sentence's output layer to its shortlist, as nmt translate --shortlist (with --model)");
  c->add_option("--workers", b->workers,
                "Batches translated at once, each on threads/workers threads, as nmt translate --workers")
      ->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_option("--profile", b->profile,
                "Write a chrome://tracing file of every operator in the timed batches (LibTorch's profiler, "
                "--engine torch; slows the run, so its figures are not comparable)");
  c->add_option("--fixed-len", b->fixed_len, "Exactly L tokens a sentence (</s> never chosen); 0 = natural lengths")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{100000}));
  c->add_option("--beam", b->beams, "Beam sizes (default: 1 and 4), 1 = greedy")->check(CLI::Range(1, 1000));
  c->add_option("--batch", b->batches, "Sentences per batch (default: 1 and 32)")->check(CLI::Range(1, 100000));
  c->add_option("--sentences", b->sentences, "Sentences translated per case")->capture_default_str()->check(CLI::Range(1, 10000000));
  c->add_option("--src-len", b->src_len, "Pieces of each random source sentence")->capture_default_str()->check(CLI::Range(1, 100000));
  c->add_option("--input", b->input, "Source text instead of random ids (the first --sentences lines)");
  c->add_option("--vocab", b->vocab, "SentencePiece model that encodes --input for a random model");
  c->add_flag("--split-sentences", b->split_sentences,
              "Translate --input as nmt serve translates a request's text (cut into sentences, all in one batch, "
              "joined), timing one call from text to text per --batch lines: a request's cost without HTTP");
  c->add_option("--src-lang", b->src_lang,
                "Language of --input for --split-sentences (ISO 639-1); default: the model's data.src_lang, else "
                "ICU's root rules");
  c->add_option("--vocab-size", b->vocab_size, "Vocabulary of a random model without --vocab")
      ->capture_default_str()->check(CLI::Range(5, 10000000));
  add_common_options(*c, b->common);
  c->callback([b] { run(*b); });
}

}  // namespace nmt::cli::bench
