// nmt translate-file IN OUT: a document translated with its structure kept
// (document/document.h); the format is IN's extension, and OUT keeps it.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <set>

#include <CLI/CLI.hpp>
#include <torch/torch.h>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/decode/alignment.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/split_translate.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/translator.h"
#include "nmt/document/document.h"
#include "nmt/model/threads.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli {
namespace {

struct TranslateFileCommand {
  std::vector<std::string> models;
  std::string input, output, src_lang, place_runs = "position";
  decode::EngineChoice engine;  // --quantize, --shortlist
  int threads = 2;
  document::DocumentLimits limits;
  decode::TranslateOptions options;
  std::set<std::string> given;  // the decoding options' keys given on the command line
};

// Links for the texts split into runs: the cross-attention of each of their
// sentences' best translation (decode/alignment.h), as the server's
// "attention" gives it.
void add_links(decode::Translator& translator, const std::vector<std::string>& texts, const decode::SplitSources& split,
               const std::vector<std::vector<decode::Hypothesis>>& n_best, const text::Vocab& src_vocab,
               const text::Vocab& tgt_vocab, const std::vector<bool>& wants_links, const TranslateFileCommand& cmd,
               std::vector<document::Translation>& out) {
  std::vector<size_t> sentences, text_of_sentence;  // the sentences to align, and their texts
  for (size_t i = 0, k = 0; i < split.texts.size(); ++i) {
    for (size_t s = 0; s < split.texts[i].sentences.size(); ++s, ++k) {
      if (wants_links[i] && !n_best[k].empty()) sentences.push_back(k), text_of_sentence.push_back(i);
    }
  }
  if (sentences.empty()) return;
  std::vector<std::vector<int>> sources, targets;
  for (size_t k : sentences) sources.push_back(split.sources[k]), targets.push_back(n_best[k][0].tokens);
  model::set_cpu_threads(cmd.threads);
  model::Transformer model = translator.model();  // a holder of the same module
  const auto matrices = decode::cross_attention(model, sources, targets, cmd.options.batch_size);
  std::vector<std::vector<document::PieceAttention>> attention(out.size());
  for (size_t j = 0; j < sentences.size(); ++j) {
    auto pieces = decode::attended_pieces(matrices[j], sources[j], targets[j], src_vocab, tgt_vocab);
    attention[text_of_sentence[j]].push_back({std::move(pieces.source), std::move(pieces.target), matrices[j]});
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (!attention[i].empty()) out[i].links = document::links_from_attention(texts[i], out[i].text, attention[i]);
  }
}

void run(TranslateFileCommand cmd) {
  const auto format = document::format_of(cmd.input);
  NMT_CHECK(format, cmd.input << ": unknown document format (known: " << [] {
    std::string names;
    for (const auto& e : document::supported_extensions()) names += (names.empty() ? "" : " ") + e;
    return names;
  }() << ")");
  const auto out_format = document::output_format(*format);
  NMT_CHECK(document::format_of(cmd.output) == out_format,
            cmd.output << ": the translation of " << cmd.input << " is written as "
                       << (out_format == *format ? "the same format" : "HTML") << ", so its name must end in "
                       << [&] {
                            const std::string name = document::output_name(cmd.input, *format);
                            return name.substr(name.find_last_of('.'));
                          }());
  const std::string bytes = text::read_file(cmd.input);

  const auto loaded = train::load_models(cmd.models);
  const auto& ckpt = loaded.checkpoints.front();
  decode::apply_model_defaults(ckpt.info.config, cmd.options, cmd.given);
  const auto src_vocab = text::Vocab::from_serialized(loaded.src_vocab);
  const auto tgt_vocab = text::Vocab::from_serialized(loaded.tgt_vocab);
  decode::Translator translator(loaded.models, {}, torch::Device("cpu"));
  const auto defaults = decode::set_up_engine(ckpt.info.config, cmd.models.front(), cmd.engine, src_vocab, tgt_vocab,
                                              translator, cmd.options);
  if (!defaults.empty()) std::cerr << defaults << " (--quantize none, --shortlist none to change)\n";
  decode::StreamOptions stream;
  stream.translate = cmd.options;
  stream.threads = cmd.threads;
  const std::string lang = cmd.src_lang.empty() ? train::trained_language(ckpt.info.config, "src_lang") : cmd.src_lang;
  decode::StreamStats stats;
  auto translate = [&](const std::vector<std::string>& texts, const std::vector<bool>& wants_links) {
    const auto split = decode::split_and_encode(texts, lang, src_vocab);
    const auto n_best = decode::translate_sources(translator, split.sources, stream, stats);
    const auto joined = decode::join_translations(split, n_best, tgt_vocab);
    std::vector<document::Translation> out(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) out[i].text = joined[i];
    if (cmd.place_runs == "attention") add_links(translator, texts, split, n_best, src_vocab, tgt_vocab, wants_links, cmd, out);
    return out;
  };
  document::DocumentStats document_stats;
  const auto start = std::chrono::steady_clock::now();
  double translating = 0;
  auto timed_translate = [&](const std::vector<std::string>& texts, const std::vector<bool>& wants_links) {
    const auto t0 = std::chrono::steady_clock::now();
    auto out = translate(texts, wants_links);
    translating = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
  };
  const std::string translated =
      document::translate_document(bytes, *format, cmd.input, timed_translate, cmd.limits, &document_stats);
  write_file_durably(cmd.output, translated, "translated document");
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << std::fixed << std::setprecision(2) << "translated " << document_stats.segments << " texts ("
            << document_stats.characters << " characters, " << stats.total.sentences << " sentences, "
            << stats.total.generated_tokens << " tokens) of " << cmd.input << " into " << cmd.output << " in "
            << total << " s (" << translating << " s translating, " << total - translating
            << " s reading and writing the document)\n";
}

}  // namespace

void add_translate_file_command(CLI::App& app) {
  auto cmd = std::make_shared<TranslateFileCommand>();
  cmd->options.workers = 0;  // as nmt translate: one per thread when there are batches for each
  CLI::App* c = app.add_subcommand(
      "translate-file",
      "Translate a document and keep its structure and formatting: .txt .md .html .srt .vtt .docx .pptx .xlsx "
      ".odt .odp .ods .epub (the output has the input's format); .pdf (its text, as HTML: a section per page)");
  c->add_option("input", cmd->input, "The document")->required();
  c->add_option("output", cmd->output, "Where its translation goes (same extension; .html for a .pdf)")->required();
  c->add_option("--model,-m", cmd->models, "Run directory or checkpoint; several: an ensemble")->required();
  add_decoding_options(*c, cmd->options,
                       {"beam", "length_penalty", "length_rule", "search", "normalize", "word_penalty", "max_length_factor",
                        "allow_unk", "batch_size", "max_length_ratio", "max_length_extra"},
                       &cmd->given)["beam"]
      ->check(CLI::Range(1, 1000));
  add_engine_options(*c, cmd->engine);
  c->add_option("--threads", cmd->threads, "CPU threads")->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_option("--src-lang", cmd->src_lang,
                "Language of the document for sentence splitting (ISO 639-1); default: the model's data.src_lang");
  c->add_option("--place-runs", cmd->place_runs,
                "How a translation goes back into a text's runs (bold, links): position (each run takes the words "
                "at its share of the text) or attention (each word goes to the run its source words were in, as "
                "far as the runs' order allows; one more pass of the model over those texts)")
      ->capture_default_str()->check(CLI::IsMember({"position", "attention"}));
  c->add_option("--max-chars", cmd->limits.max_characters, "Refuse documents with more text than this (-1: no limit)")
      ->capture_default_str();
  c->add_option("--max-unpacked-bytes", cmd->limits.max_unpacked_bytes,
                "Refuse archives (.docx, .epub, ...) that unpack to more than this many bytes")
      ->capture_default_str();
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
