// `nmt report`: the training curves of a run directory as one self-contained
// HTML page and a PNG of the main curves.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "nmt/cli/commands.h"
#include "nmt/metrics/report.h"

namespace nmt::cli {
namespace {

struct ReportOptions {
  std::string run_dir;
  std::string html_path;  // empty: RUN_DIR/report.html
  std::string png_path;   // empty: RUN_DIR/report.png
};

void run_report(const ReportOptions& opts) {
  const std::filesystem::path run_dir(opts.run_dir);
  const std::string html = opts.html_path.empty() ? (run_dir / "report.html").string() : opts.html_path;
  const std::string png = opts.png_path.empty() ? (run_dir / "report.png").string() : opts.png_path;
  metrics::write_report(opts.run_dir, html, png);
  std::cout << "wrote " << html << " and " << png << "\n";
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto opts = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Training curves of a run (RUN_DIR/metrics.jsonl) as an HTML page and a PNG");
  cmd->add_option("run_dir", opts->run_dir, "Run directory, the --out of `nmt train`")->required();
  cmd->add_option("-o,--output", opts->html_path, "HTML page to write (default: RUN_DIR/report.html)");
  cmd->add_option("--png", opts->png_path, "PNG of loss, perplexity, learning rate and BLEU/chrF "
                                           "(default: RUN_DIR/report.png)");
  cmd->callback([opts] { run_report(*opts); });
}

}  // namespace nmt::cli
