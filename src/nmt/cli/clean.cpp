// nmt clean: filters a parallel corpus (plain pair, TSV or TMX) into two
// line-aligned files, streaming, and says how many pairs each rule dropped.
#include <CLI/CLI.hpp>

#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/data/cleaner.h"
#include "nmt/data/pair_reader.h"
#include "nmt/text/line_writer.h"

namespace nmt::cli {

namespace {

struct CleanCommand {
  data::CorpusSpec corpus;
  data::CleanOptions clean;
  std::string out_src, out_tgt;
  bool keep_duplicates = false;
};

void print_counts(const data::CleanStats& stats, const data::CleanOptions& options, std::ostream& out) {
  const auto line = [&out](const std::string& reason, int64_t count) {
    out << "  " << std::left << std::setw(28) << reason << std::right << std::setw(10) << count << "\n";
  };
  std::ostringstream ratio;
  ratio << options.max_ratio;
  out << "dropped " << stats.dropped() << ":\n";
  line("invalid UTF-8", stats.invalid_utf8);
  line("empty side", stats.empty);
  line("fewer than " + std::to_string(options.min_words) + " words", stats.too_short);
  line("more than " + std::to_string(options.max_words) + " words", stats.too_long);
  line(options.max_ratio > 0 ? "length ratio above " + ratio.str() : "length ratio (no limit)", stats.bad_ratio);
  line(options.drop_duplicates ? "duplicate" : "duplicate (kept)", stats.duplicate);
  out << "kept " << stats.kept << " of " << stats.total() << " pairs (" << std::fixed << std::setprecision(1)
      << (stats.total() > 0 ? 100.0 * static_cast<double>(stats.kept) / static_cast<double>(stats.total()) : 0.0)
      << "%)\n";
}

void run(CleanCommand& command) {
  command.clean.drop_duplicates = !command.keep_duplicates;
  command.corpus.check_utf8 = false;  // invalid pairs are dropped and counted, not fatal
  data::Cleaner cleaner(command.clean);  // checks the options before any file is opened
  const std::unique_ptr<data::PairReader> reader = data::open_corpus(command.corpus);
  text::LineWriter src(command.out_src), tgt(command.out_tgt);
  data::SentencePair pair;
  while (reader->next(pair)) {
    if (!cleaner.keep(pair)) continue;
    src.write(pair.src);
    tgt.write(pair.tgt);
  }
  src.close();
  tgt.close();
  std::cout << "read " << cleaner.stats().total() << " pairs from " << data::describe(command.corpus) << "\n";
  if (reader->skipped() > 0) {
    std::cout << "skipped " << reader->skipped() << " <tu> without both " << command.corpus.src_lang << " and "
              << command.corpus.tgt_lang << "\n";
  }
  print_counts(cleaner.stats(), command.clean, std::cout);
  std::cout << "wrote " << command.out_src << " and " << command.out_tgt << "\n";
}

}  // namespace

void add_clean_command(CLI::App& app) {
  // The callback runs after parsing, so the option values must outlive this call.
  auto command = std::make_shared<CleanCommand>();
  CLI::App* sub = app.add_subcommand(
      "clean", "Drop broken, empty, too long, unbalanced and duplicate pairs from a parallel corpus");
  sub->add_option("inputs", command->corpus.paths,
                  "SRC TGT (two line-aligned files), or one FILE.tsv (source<TAB>target) or FILE.tmx; "
                  "each may end in .gz")
      ->required()
      ->expected(1, 2);
  sub->add_option("--src-lang", command->corpus.src_lang,
                  "TMX only: xml:lang of the source side (en matches en-US, EN-GB)");
  sub->add_option("--tgt-lang", command->corpus.tgt_lang, "TMX only: xml:lang of the target side");
  sub->add_option("--out-src", command->out_src, "Source file to write (gzip if it ends in .gz)")->required();
  sub->add_option("--out-tgt", command->out_tgt, "Target file to write (gzip if it ends in .gz)")->required();
  sub->add_option("--min-words", command->clean.min_words,
                  "Fewest words a side may have (a character of Chinese, Japanese, Thai... counts as a word)")
      ->capture_default_str();
  sub->add_option("--max-words", command->clean.max_words, "Most words a side may have")->capture_default_str();
  sub->add_option("--max-ratio", command->clean.max_ratio,
                  "Most words of the longer side per word of the shorter; 0 = no limit")
      ->capture_default_str();
  sub->add_flag("--keep-duplicates", command->keep_duplicates, "Keep pairs seen before (dropped by default)");
  sub->callback([command] { run(*command); });
}

}  // namespace nmt::cli
