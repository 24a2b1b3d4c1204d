// `nmt score`: corpus BLEU, chrF and TER of a hypothesis file (or stdin)
// against one or more reference files, printed as sacreBLEU 2.6.0 prints
// them or as one JSON object.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/eval/score_json.h"
#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"
#include "nmt/eval/ter.h"

namespace nmt::cli {
namespace {

struct ScoreOptions {
  std::vector<std::string> ref_paths;
  std::string hyp_path;  // empty: read hypotheses from stdin
  bool json = false;
  std::vector<std::string> metrics = {"bleu", "chrf"};  // printed in this order
  std::string tokenize;  // empty: 13a, or the target language's (--tgt-lang)
  std::string tgt_lang;
  bool lowercase = false;   // BLEU and chrF
  int chrf_word_order = 0;  // > 0 adds chrF+ / chrF++ (2) next to plain chrF
  eval::TerOptions ter;
};

std::vector<std::string> read_hypotheses(const ScoreOptions& opts) {
  if (!opts.hyp_path.empty()) return eval::read_scored_lines(opts.hyp_path);
  const std::string text((std::istreambuf_iterator<char>(std::cin)),
                         std::istreambuf_iterator<char>());
  return eval::split_scored_lines(text, "<stdin>");
}

void run_score(const ScoreOptions& opts) {
  for (const auto& m : opts.metrics) {
    NMT_CHECK(m == "bleu" || m == "chrf" || m == "ter",
              "unknown metric '" << m << "' in --metrics (expected bleu, chrf and/or ter)");
  }
  NMT_CHECK(opts.chrf_word_order >= 0,
            "--chrf-word-order must be >= 0, got " << opts.chrf_word_order);
  eval::BleuOptions bleu_options{eval::BleuTokenizer::k13a, opts.lowercase};
  const bool bleu = std::find(opts.metrics.begin(), opts.metrics.end(), "bleu") != opts.metrics.end();
  if (!opts.tokenize.empty()) {
    bleu_options.tokenizer = eval::parse_bleu_tokenizer(opts.tokenize);
    const auto warning = eval::tokenizer_warning(opts.tgt_lang, bleu_options.tokenizer);
    if (bleu && !warning.empty()) std::cerr << "warning: " << warning << "\n";
  } else if (!opts.tgt_lang.empty()) {
    const auto choice = eval::bleu_tokenizer_for(opts.tgt_lang);
    NMT_CHECK(!bleu || choice.missing.empty(),
              "--tgt-lang " << opts.tgt_lang << ": sacreBLEU scores BLEU for this language with its "
                            << choice.missing
                            << " tokenizer, which needs MeCab and its dictionary; nmt has neither. Give --tokenize "
                               "char (each character a token) or another to score anyway: the signature names it");
    bleu_options.tokenizer = choice.tokenizer;
  }

  const std::vector<std::string> hyps = read_hypotheses(opts);
  const std::string hyp_name = opts.hyp_path.empty() ? "stdin" : "'" + opts.hyp_path + "'";
  const eval::ReferenceSets refs = eval::read_reference_files(opts.ref_paths, hyps.size(), hyp_name);

  // Each metric gives one or two (chrF with a word order) results: a JSON key
  // and sacreBLEU's text line.
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  std::vector<std::string> lines;
  for (const auto& metric : opts.metrics) {
    if (json.contains(metric)) continue;  // listed twice
    if (metric == "bleu") {
      const eval::BleuScore s = eval::corpus_bleu(hyps, refs, bleu_options);
      json["bleu"] = eval::to_json(s);
      lines.push_back(s.text());
    } else if (metric == "chrf") {
      // Plain chrF is always reported so its number stays comparable across
      // runs; a word order adds the chrF+/chrF++ variant beside it.
      std::vector<int> word_orders = {0};
      if (opts.chrf_word_order > 0) word_orders.push_back(opts.chrf_word_order);
      for (int word_order : word_orders) {
        const eval::ChrfScore s = eval::corpus_chrf(hyps, refs, {word_order, opts.lowercase});
        json["chrf" + std::string(word_order, '+')] = eval::to_json(s);  // "chrf", "chrf++"
        lines.push_back(s.text());
      }
    } else {
      const eval::TerScore s = eval::corpus_ter(hyps, refs, opts.ter);
      json["ter"] = eval::to_json(s);
      lines.push_back(s.text());
    }
  }
  if (opts.json) {
    std::cout << json.dump(2) << "\n";
    return;
  }
  for (const auto& line : lines) std::cout << line << "\n";
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto opts = std::make_shared<ScoreOptions>();
  CLI::App* cmd = app.add_subcommand(
      "score",
      "Corpus BLEU, chrF and TER of hypotheses against references, exactly as sacreBLEU 2.6.0");
  cmd->add_option("--ref", opts->ref_paths,
                  "Reference file, one segment per line; repeat for several references")
      ->required()
      ->take_all();
  cmd->add_option("--hyp", opts->hyp_path, "Hypothesis file (default: read stdin)");
  cmd->add_flag("--json", opts->json, "Print one JSON object instead of sacreBLEU's text lines");
  cmd->add_option("--metrics", opts->metrics, "Comma-separated metrics: bleu, chrf, ter")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--tokenize", opts->tokenize,
                  "BLEU tokenizer: 13a, intl, zh, char or none (default: 13a, or the one sacreBLEU uses for "
                  "--tgt-lang)");
  cmd->add_option("--tgt-lang", opts->tgt_lang,
                  "The references' language, as sacreBLEU's -l: zh scores BLEU with the zh tokenizer; ja and ko "
                  "need MeCab (not in nmt)");
  cmd->add_flag("--lowercase", opts->lowercase,
                "Lowercase hypotheses and references for BLEU and chrF (Python's str.lower())");
  cmd->add_option("--chrf-word-order", opts->chrf_word_order,
                  "Also report chrF with word n-grams up to this order (2 = chrF++)")
      ->capture_default_str();
  cmd->add_flag("--ter-case-sensitive", opts->ter.case_sensitive,
                "TER keeps case (sacreBLEU's TER lowercases by default)");
  cmd->add_flag("--ter-normalized", opts->ter.normalized,
                "TER splits punctuation as mteval does before counting edits");
  cmd->add_flag("--ter-no-punct", opts->ter.no_punct, "TER removes . , ? : ; ! \" ( ) first");
  cmd->add_flag("--ter-asian-support", opts->ter.asian_support,
                "With --ter-normalized / --ter-no-punct: CJK characters and punctuation too");
  cmd->callback([opts] { run_score(*opts); });
}

}  // namespace nmt::cli
