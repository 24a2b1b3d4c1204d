// nmt: train Transformer translators from parallel text and translate with them.
#include <iostream>

#include <CLI/CLI.hpp>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/common/error.h"

int main(int argc, char** argv) {
  CLI::App app{"nmt: Transformer neural machine translation (clean, vocab, train, translate, translate-file, score, score-pairs, shortlist, average, report, bench, serve, import)"};
  app.require_subcommand(1);
  nmt::cli::add_clean_command(app);
  nmt::cli::add_vocab_command(app);
  nmt::cli::add_train_command(app);
  nmt::cli::add_translate_command(app);
  nmt::cli::add_translate_file_command(app);
  nmt::cli::add_score_command(app);
  nmt::cli::add_average_command(app);
  nmt::cli::add_report_command(app);
  nmt::cli::add_bench_command(app);
  nmt::cli::add_serve_command(app);
  nmt::cli::add_import_command(app);
  nmt::cli::add_distill_command(app);
  nmt::cli::add_score_pairs_command(app);
  nmt::cli::add_shortlist_command(app);
  try {
    nmt::cli::warn_if_slow_blas();
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const nmt::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {  // torch or the standard library: still one clear line
    std::string what = e.what();
    std::cerr << "error: " << what.substr(0, what.find('\n')) << "\n";
    return 1;
  }
  return 0;
}
