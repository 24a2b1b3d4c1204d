// nmt serve: a LibreTranslate-compatible translation server (serve/server.h).
#include <set>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/common/error.h"
#include "nmt/serve/server.h"

namespace nmt::cli {
namespace {

struct ServeCommand {
  std::string config_file;
  serve::ServerOptions options;
  std::set<std::string> given;  // keys given on the command line: they win over --config's
};

}  // namespace

void add_serve_command(CLI::App& app) {
  auto cmd = std::make_shared<ServeCommand>();
  CLI::App* c = app.add_subcommand("serve", "Serve models over HTTP: LibreTranslate's API, and a page at /");
  c->add_option("--config", cmd->config_file,
                "YAML file of options: the long option names as keys (port: 8080, max_batch_tokens: 4096)");
  // Every other option, declared once (serve/server_options.h).
  const serve::ServerOptions defaults;
  add_table_options<serve::ServerOptions>(
      *c, serve::server_option_table(), &defaults, {}, "",
      [cmd](const serve::ServerOptionSpec& spec, const nlohmann::json& value) {
        spec.set(value, cmd->options);
        cmd->given.insert(spec.key);
      });
  c->callback([cmd] {
    if (!cmd->config_file.empty()) serve::apply_config_file(cmd->config_file, cmd->given, cmd->options);
    cmd->options.set_by_user.insert(cmd->given.begin(), cmd->given.end());
    NMT_CHECK(!cmd->options.engine.int8.value_or(false) || !cmd->options.translate.bf16,
              "--quantize int8 and --bf16 exclude each other");
    serve::run_server(cmd->options);
  });
}

}  // namespace nmt::cli
