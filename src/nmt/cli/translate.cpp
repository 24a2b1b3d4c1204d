// nmt translate: text in (stdin or --input), translations out (stdout or
// --output), one line each, in input order, a window of lines at a time;
// with --alignment, each followed by Marian's hard alignment.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>
#include <torch/torch.h>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/common/error.h"
#include "nmt/cpu/isa.h"
#include "nmt/decode/alignment.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/terms.h"
#include "nmt/decode/translator.h"
#include "nmt/model/bf16.h"
#include "nmt/model/threads.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli {
namespace {

struct TranslateCommand {
  std::vector<std::string> models;
  std::vector<double> weights;
  std::string input, output, device = "cpu", src_lang, glossary, protect = "none";
  decode::EngineChoice engine;  // --quantize, --shortlist
  std::string protect_pattern;
  bool split_sentences = false, glossary_ignore_case = false;
  int threads = 2;
  int64_t window = 0;
  bool alignment = false;
  bool word_scores = false;
  decode::TranslateOptions options;
  std::set<std::string> given;  // the decoding options' keys given on the command line
};

// The model's decoding defaults (decode/translator.h) where the command line is silent.
void apply_model_defaults(TranslateCommand& cmd, const nlohmann::json& model_config) {
  decode::apply_model_defaults(model_config, cmd.options, cmd.given);
}

// Marian's hard alignment of every hypothesis of a window, after its
// translation: one teacher-forced pass per batch, on every thread, with the
// arithmetic (float32, bfloat16, int8) the translation used.
std::vector<std::vector<std::string>> window_alignments(const TranslateCommand& cmd, decode::Translator& translator,
                                                        const std::vector<std::vector<int>>& sources,
                                                        const std::vector<std::vector<decode::Hypothesis>>& n_best) {
  model::set_cpu_threads(cmd.threads);  // the window's workers are done; the next window sets its own
  model::Bf16Scope autocast(cmd.options.bf16);
  model::Transformer model = translator.model();  // a holder of the same module
  return decode::hard_alignments(model, sources, n_best, cmd.options.batch_size);
}

void run(TranslateCommand cmd) {
  NMT_CHECK(cmd.options.workers <= cmd.threads,
            "--workers (" << cmd.options.workers << ") cannot exceed --threads (" << cmd.threads << ")");
  NMT_CHECK(cmd.options.search.n_best <= cmd.options.search.beam,
            "--n-best (" << cmd.options.search.n_best << ") cannot exceed --beam (" << cmd.options.search.beam
                         << "): a search keeps at most beam hypotheses");
  NMT_CHECK(!cmd.engine.int8.value_or(false) || !cmd.options.bf16, "--quantize int8 and --bf16 exclude each other");
  NMT_CHECK(!cmd.split_sentences || cmd.options.search.n_best <= 1,
            "--n-best (" << cmd.options.search.n_best
                         << ") cannot be used with --split-sentences: a line's sentences have an n-best list each");
  NMT_CHECK(!cmd.split_sentences || !cmd.alignment,
            "--alignment cannot be used with --split-sentences: a line's sentences have an alignment each");
  // One model, or an ensemble: every model reads the same source pieces and
  // scores the same target pieces.
  const auto loaded = train::load_models(cmd.models);
  const auto& ckpt = loaded.checkpoints.front();
  NMT_CHECK(cmd.weights.empty() || cmd.weights.size() == loaded.models.size(),
            "--weights gives " << cmd.weights.size() << " weights for " << loaded.models.size() << " models");
  apply_model_defaults(cmd, ckpt.info.config);
  NMT_CHECK(!cmd.word_scores || cmd.options.search.rule == "marian",
            "--word-scores needs --search marian (its hypotheses keep each token's log-probability)");
  auto src_vocab = text::Vocab::from_serialized(loaded.src_vocab);
  auto tgt_vocab = text::Vocab::from_serialized(loaded.tgt_vocab);
  decode::Translator translator(loaded.models, cmd.weights, torch::Device(cmd.device));
  // int8 and the shortlist: the command line's, else the run's defaults (a
  // distilled student's) on the CPU engine.
  const auto defaults = decode::set_up_engine(ckpt.info.config, cmd.models.front(), cmd.engine, src_vocab, tgt_vocab,
                                              translator, cmd.options);
  if (!defaults.empty()) std::cerr << defaults << " (--quantize none, --shortlist none to change)\n";
  if (cmd.options.continuous && !translator.continuous_for(cmd.options))
    std::cerr << "note: continuous batching does not run " << translator.continuous_refusal(cmd.options)
              << ": fixed batches\n";

  // Lines are read, translated and written a window at a time, so a pipe
  // gets each translation as soon as its window is done (decode/stream.h).
  std::unique_ptr<text::LineReader> input =
      cmd.input.empty() || cmd.input == "-" ? std::make_unique<text::LineReader>(text::LineReader::StandardInput{})
                                            : std::make_unique<text::LineReader>(cmd.input);
  std::ofstream file;
  if (!cmd.output.empty() && cmd.output != "-") {
    file.open(cmd.output);
    NMT_CHECK(file, "cannot write " << cmd.output);
  }
  std::ostream& out = file.is_open() ? file : std::cout;
  const std::string out_name = file.is_open() ? cmd.output : "<stdout>";
  decode::StreamOptions stream;
  if (!cmd.glossary.empty()) {
    auto glossary = std::make_shared<decode::Glossary>(decode::Glossary::read(cmd.glossary, tgt_vocab, cmd.glossary_ignore_case));
    for (const auto& line : glossary->unspellable()) std::cerr << "note: " << line << ": that term is not enforced\n";
    stream.terms.glossary = std::move(glossary);
  }
  auto protect = decode::parse_protect_kinds(cmd.protect);
  protect.pattern = cmd.protect_pattern;
  if (protect.any()) stream.terms.protector = std::make_shared<decode::SpanProtector>(protect, src_vocab, tgt_vocab);
  stream.translate = cmd.options;
  stream.threads = cmd.threads;
  stream.window = cmd.window;
  stream.split_sentences = cmd.split_sentences;
  stream.src_lang = cmd.src_lang.empty() ? train::trained_language(ckpt.info.config, "src_lang") : cmd.src_lang;
  int64_t written = 0;
  auto window_written = [&](size_t lines) {
    out.flush();  // a reader of the pipe gets the window now
    NMT_CHECK(out, "cannot write " << out_name << " after " << written << " lines: " << std::strerror(errno));
    written += static_cast<int64_t>(lines);
  };
  decode::StreamStats stats;
  if (cmd.options.search.n_best <= 1 && !cmd.alignment) {
    stats = decode::translate_text_stream(translator, *input, src_vocab, tgt_vocab, stream,
                                          [&](int64_t, const std::vector<std::string>& lines) {
                                            for (const auto& line : lines) out << line << "\n";
                                            window_written(lines.size());
                                          });
  } else {
    stats = decode::translate_stream(
        translator, *input, src_vocab, stream,
        decode::WindowSourcesSink([&](int64_t first, const std::vector<std::vector<int>>& sources,
                                      const std::vector<std::vector<decode::Hypothesis>>& lines) {
          std::vector<std::vector<std::string>> alignments;
          if (cmd.alignment) alignments = window_alignments(cmd, translator, sources, lines);
          // Marian's layouts: "translation ||| alignment" and
          // "line ||| translation ||| alignment ||| F0= ... ||| score".
          auto alignment = [&](size_t k, size_t h) {
            return !cmd.alignment ? std::string() : " ||| " + (h < alignments[k].size() ? alignments[k][h] : "");
          };
          for (size_t k = 0; k < lines.size(); ++k) {
            const auto& n_best = lines[k];
            if (cmd.options.search.n_best <= 1) {
              out << (n_best.empty() ? "" : tgt_vocab.decode(n_best[0].tokens)) << alignment(k, 0) << "\n";
              continue;
            }
            for (size_t h = 0; h < n_best.size(); ++h) {  // Moses/Marian n-best format
              out << first + static_cast<int64_t>(k) << " ||| " << tgt_vocab.decode(n_best[h].tokens)
                  << alignment(k, h);
              if (cmd.word_scores) {
                std::ostringstream scores;
                scores << std::fixed << std::setprecision(5);
                for (float s : n_best[h].token_log_probs) scores << " " << s;
                out << " ||| WordScores=" << scores.str();
              }
              out << " ||| F0= " << n_best[h].log_prob << " ||| " << n_best[h].score << "\n";
            }
          }
          window_written(lines.size());
        }));
  }
  const auto& total = stats.total;
  std::cerr << "translated " << total.sentences << " sentences, " << total.generated_tokens << " tokens in "
            << std::fixed << std::setprecision(2) << total.seconds << " s ("
            << std::setprecision(0) << total.generated_tokens / std::max(total.seconds, 1e-9) << " tok/s, beam "
            << cmd.options.search.beam << ", batch " << cmd.options.batch_size << ", " << stats.max_workers
            << (stats.max_workers == 1 ? " worker" : " workers") << ", step " << ckpt.info.step << ")\n";
  std::cerr << cpu::isa_report() << "\n";
  if (cmd.options.shortlist && total.sentences > 0) {
    std::cerr << "shortlist: " << total.shortlist_pieces / total.sentences << " of " << ckpt.model_config.tgt_vocab
              << " target pieces a sentence on average\n";
  }
  if (total.truncated_sources > 0) {
    std::cerr << "warning: " << total.truncated_sources << " source lines were longer than the model's "
              << ckpt.model_config.max_positions << " positions and were cut\n";
  }
}

}  // namespace

void add_translate_command(CLI::App& app) {
  auto cmd = std::make_shared<TranslateCommand>();
  auto& opt = cmd->options;
  CLI::App* c = app.add_subcommand("translate", "Translate text with a trained model");
  c->add_option("--model,-m", cmd->models,
                "Run directory (its latest checkpoint) or checkpoint file; several: an ensemble that averages their "
                "log-probabilities at every step (they must share the vocabularies)")
      ->required();
  c->add_option("--weights", cmd->weights, "Ensemble weights, one per --model (default equal), e.g. 0.6,0.4")
      ->delimiter(',');
  c->add_option("--input,-i", cmd->input, "Source text, one sentence per line (default stdin)");
  c->add_option("--output,-o", cmd->output, "Where translations go (default stdout)");
  auto decoding = add_decoding_options(*c, opt, {}, &cmd->given);
  decoding["beam"]->check(CLI::Range(1, 1000));
  decoding["n_best"]->check(CLI::Range(1, 1000));
  decoding["batch_size"]->check(CLI::Range(1, 1000000));
  c->add_flag("--word-scores", cmd->word_scores,
              "With --n-best and --search marian: each token's log-probability, Marian's WordScores= field");
  add_engine_options(*c, cmd->engine);
  c->add_flag("--alignment", cmd->alignment,
              "After each translation, ' ||| ' and Marian's hard alignment: 's-t' pairs (source position - "
              "target position, from 0, sorted by source) giving for each target piece the source piece its "
              "last decoder layer attends to most (averaged over heads). Positions count subword pieces, not "
              "words; s = the source's piece count is its </s>. With --n-best, a field after the translation");
  c->add_option("--glossary", cmd->glossary,
                 "TSV file of 'source term<TAB>target term' lines: a line holding a source term (as whole words) "
                 "gets its target term, by constrained beam search")
      ->check(CLI::ExistingFile);
  c->add_flag("--glossary-ignore-case", cmd->glossary_ignore_case, "Source terms match whatever their case");
  c->add_option("--protect", cmd->protect,
                std::string("Spans carried over verbatim: ") + decode::protect_kinds_help() +
                    " (comma-separated), all or none")
      ->capture_default_str();
  c->add_option("--protect-pattern", cmd->protect_pattern,
                "A regular expression (ECMAScript) for your own spans to carry over verbatim, e.g. '%[sd]'");
  c->add_option("--threads", cmd->threads, "CPU threads")->capture_default_str()->check(CLI::Range(1, 1024));
  opt.workers = 0;
  c->add_option("--workers", opt.workers,
                "Batches translated at once, each on threads/workers threads: higher throughput on many "
                "sentences; 1 = every thread works on each batch (the lowest latency); 0 = one per thread "
                "when a window has that many batches, else 1")
      ->capture_default_str()->check(CLI::Range(0, 1024));
  c->add_option("--window", cmd->window,
                "Lines read, sorted by length and translated together before they are written; a pause in the "
                "input translates those read so far (pipes get each line back at once); 0 = 100 batches")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  c->add_flag("--split-sentences", cmd->split_sentences,
              "Cut each line into sentences (ICU's rules for --src-lang), translate them, and join their "
              "translations with the line's own spaces; one output line per input line");
  c->add_option("--src-lang", cmd->src_lang,
                "Language of the input for --split-sentences (ISO 639-1: en, es...); default: the model's "
                "data.src_lang, else ICU's root rules");
  c->add_option("--device", cmd->device, "cpu | cuda | cuda:N")->capture_default_str();
  c->add_option("--engine", opt.engine,
                "cpu: the CPU inference engine (float32 or --quantize int8, on the CPU); torch: LibTorch's model "
                "(any device, --bf16, --quantize int8); auto: cpu where it can, else torch")
      ->capture_default_str()->check(CLI::IsMember({"auto", "torch", "cpu"}));
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
