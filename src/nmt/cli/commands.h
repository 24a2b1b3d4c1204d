#pragma once
// Each subcommand lives in its own file and adds itself to the app here.
// The callback of a subcommand does the work; errors are nmt::Error and are
// reported once by main.
namespace CLI {
class App;
}

namespace nmt::cli {

void add_vocab_command(CLI::App& app);
void add_train_command(CLI::App& app);
void add_translate_command(CLI::App& app);
void add_translate_file_command(CLI::App& app);
void add_score_command(CLI::App& app);
void add_average_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_clean_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_import_command(CLI::App& app);
void add_distill_command(CLI::App& app);
void add_score_pairs_command(CLI::App& app);
void add_shortlist_command(CLI::App& app);

}  // namespace nmt::cli
