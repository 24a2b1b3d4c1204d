// `nmt score`: corpus BLEU and chrF of a hypothesis file (or stdin) against a
// reference file, printed as sacreBLEU 2.6.0 prints them or as one JSON object.
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"

namespace nmt::cli {
namespace {

struct ScoreOptions {
  std::string ref_path;
  std::string hyp_path;  // empty: read hypotheses from stdin
  bool json = false;
  int chrf_word_order = 0;  // > 0 adds chrF+ / chrF++ (2) next to plain chrF
  std::vector<std::string> metrics = {"bleu", "chrf"};
};

std::vector<std::string> read_hypotheses(const ScoreOptions& opts) {
  if (!opts.hyp_path.empty()) return eval::read_scored_lines(opts.hyp_path);
  const std::string text((std::istreambuf_iterator<char>(std::cin)),
                         std::istreambuf_iterator<char>());
  return eval::split_scored_lines(text);
}

bool wants(const ScoreOptions& opts, const std::string& metric) {
  for (const auto& m : opts.metrics) {
    if (m == metric) return true;
  }
  return false;
}

nlohmann::ordered_json bleu_json(const eval::BleuScore& s) {
  return {{"score", s.score},         {"counts", s.counts},   {"totals", s.totals},
          {"precisions", s.precisions}, {"bp", s.bp},         {"sys_len", s.sys_len},
          {"ref_len", s.ref_len},     {"signature", s.signature()}};
}

nlohmann::ordered_json chrf_json(const eval::ChrfScore& s) {
  return {{"score", s.score}, {"signature", s.signature()}};
}

void run_score(const ScoreOptions& opts) {
  for (const auto& m : opts.metrics) {
    NMT_CHECK(m == "bleu" || m == "chrf",
              "unknown metric '" << m << "' in --metrics (expected bleu and/or chrf)");
  }
  NMT_CHECK(opts.chrf_word_order >= 0,
            "--chrf-word-order must be >= 0, got " << opts.chrf_word_order);

  const std::vector<std::string> refs = eval::read_scored_lines(opts.ref_path);
  const std::vector<std::string> hyps = read_hypotheses(opts);
  const std::string hyp_name = opts.hyp_path.empty() ? "stdin" : "'" + opts.hyp_path + "'";
  NMT_CHECK(hyps.size() == refs.size(), "hypotheses " << hyp_name << " have " << hyps.size()
                                                      << " lines but references '" << opts.ref_path
                                                      << "' have " << refs.size() << " lines");

  // Plain chrF is always reported so its number stays comparable across
  // runs; a word order adds the chrF+/chrF++ variant beside it.
  std::vector<eval::ChrfScore> chrf_scores;
  if (wants(opts, "chrf")) {
    chrf_scores.push_back(eval::corpus_chrf(hyps, refs));
    if (opts.chrf_word_order > 0) {
      chrf_scores.push_back(eval::corpus_chrf(hyps, refs, opts.chrf_word_order));
    }
  }

  if (opts.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (wants(opts, "bleu")) out["bleu"] = bleu_json(eval::corpus_bleu(hyps, refs));
    for (const auto& s : chrf_scores) {
      out["chrf" + std::string(s.word_order, '+')] = chrf_json(s);  // "chrf", "chrf++"
    }
    std::cout << out.dump(2) << "\n";
    return;
  }
  if (wants(opts, "bleu")) std::cout << eval::corpus_bleu(hyps, refs).text() << "\n";
  for (const auto& s : chrf_scores) std::cout << s.text() << "\n";
}

}  // namespace

void add_score_command(CLI::App& app) {
  auto opts = std::make_shared<ScoreOptions>();
  CLI::App* cmd = app.add_subcommand(
      "score", "Corpus BLEU and chrF of hypotheses against references, exactly as sacreBLEU 2.6.0");
  cmd->add_option("--ref", opts->ref_path, "Reference file, one segment per line")->required();
  cmd->add_option("--hyp", opts->hyp_path, "Hypothesis file (default: read stdin)");
  cmd->add_flag("--json", opts->json, "Print one JSON object instead of sacreBLEU's text lines");
  cmd->add_option("--chrf-word-order", opts->chrf_word_order,
                  "Also report chrF with word n-grams up to this order (2 = chrF++)")
      ->capture_default_str();
  cmd->add_option("--metrics", opts->metrics, "Comma-separated metrics: bleu, chrf")
      ->delimiter(',')
      ->capture_default_str();
  cmd->callback([opts] { run_score(*opts); });
}

}  // namespace nmt::cli
