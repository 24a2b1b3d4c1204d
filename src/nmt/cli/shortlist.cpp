// nmt shortlist: a model's lexical shortlist from a parallel corpus, for
// nmt translate --shortlist (decode/shortlist.h).
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/data/pair_reader.h"
#include "nmt/decode/shortlist.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"

namespace nmt::cli {
namespace {

struct ShortlistCommand {
  std::string model, train_src, train_tgt, train, src_lang, tgt_lang, out;
  decode::ShortlistOptions options;
};

void run(const ShortlistCommand& cmd) {
  NMT_CHECK(cmd.train.empty() != (cmd.train_src.empty() && cmd.train_tgt.empty()),
            "give the corpus as --train-src F --train-tgt F, or as --train FILE.tsv|FILE.tmx");
  NMT_CHECK(cmd.train.empty() == !cmd.train_src.empty() && cmd.train_src.empty() == cmd.train_tgt.empty(),
            "--train-src and --train-tgt go together");
  data::CorpusSpec spec;
  spec.paths = cmd.train.empty() ? std::vector<std::string>{cmd.train_src, cmd.train_tgt} : std::vector<std::string>{cmd.train};
  spec.src_lang = cmd.src_lang, spec.tgt_lang = cmd.tgt_lang;
  const auto ckpt = train::load_checkpoint(train::resolve_checkpoint(cmd.model));
  const auto src_vocab = text::Vocab::from_serialized(ckpt.info.src_vocab);
  const auto tgt_vocab = text::Vocab::from_serialized(ckpt.info.tgt_vocab);
  auto corpus = data::open_corpus(spec);
  const auto shortlist = decode::Shortlist::build(*corpus, src_vocab, tgt_vocab, cmd.options, [](int64_t pairs) {
    std::cerr << "shortlist: " << pairs << " pairs counted\n";
  });
  shortlist.save(cmd.out);
  std::cerr << "shortlist: " << shortlist.pairs() << " pairs of " << data::describe(spec) << "; " << cmd.options.frequent
            << " frequent target pieces and up to " << cmd.options.per_source << " per source piece -> " << cmd.out
            << "\n";
}

}  // namespace

void add_shortlist_command(CLI::App& app) {
  auto cmd = std::make_shared<ShortlistCommand>();
  CLI::App* c = app.add_subcommand(
      "shortlist", "A lexical shortlist for translate --shortlist: the target pieces each source piece may bring, "
                   "from a parallel corpus (Dice of sentence co-occurrence)");
  c->add_option("--model", cmd->model, "Run directory or checkpoint whose vocabularies to use")->required();
  c->add_option("--train-src", cmd->train_src, "Source side of the corpus (plain or .gz)");
  c->add_option("--train-tgt", cmd->train_tgt, "Target side, line-aligned with --train-src");
  c->add_option("--train", cmd->train, "The corpus as one file: FILE.tsv[.gz] (source TAB target) or FILE.tmx[.gz]");
  c->add_option("--src-lang", cmd->src_lang, "TMX: the source language to read");
  c->add_option("--tgt-lang", cmd->tgt_lang, "TMX: the target language to read");
  c->add_option("--frequent", cmd->options.frequent, "The most frequent target pieces, allowed in every batch")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 30));
  c->add_option("--per-source", cmd->options.per_source, "Target pieces kept for each source piece")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 30));
  c->add_option("--max-pairs", cmd->options.max_pairs, "Sentence pairs counted at most (the first ones)")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--out", cmd->out, "Shortlist file to write")->required();
  c->callback([cmd] { run(*cmd); });
}

}  // namespace nmt::cli
