// nmt serve: a LibreTranslate-compatible translation server (serve/server.h).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "nmt/cli/commands.h"
#include "nmt/cli/options.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/common/error.h"
#include "nmt/serve/server.h"

namespace nmt::cli {
namespace {

struct ServeCommand {
  std::string config_file;
  decode::EngineChoice engine;  // --quantize, --shortlist
  serve::ServerOptions options;
};

// Values of a --config YAML file, whose keys are the long option names
// ("port: 8080", "model: [runs/en-es, runs/es-en]"), for the options not
// given on the command line: the command line wins.
void apply_config_file(CLI::App& command, const std::string& path) {
  const auto config = read_config_file(path);
  NMT_CHECK(config.is_object(), path << ": expected a mapping of option names to values");
  for (const auto& [key, value] : config.items()) {
    CLI::Option* option = nullptr;
    try {
      option = command.get_option("--" + key);
    } catch (const CLI::OptionNotFound&) {
      NMT_FAIL(path << ": unknown option '" << key << "' (the keys are the long option names of nmt serve)");
    }
    if (option->count() > 0 || key == "config") continue;
    auto text = [](const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
    if (value.is_array()) {
      for (const auto& v : value) option->add_result(text(v));
    } else if (value.is_boolean()) {
      if (value.get<bool>()) option->add_result("true");
      else continue;
    } else {
      option->add_result(text(value));
    }
    try {
      option->run_callback();
    } catch (const CLI::ParseError& e) {
      NMT_FAIL(path << ": " << key << ": " << e.what());
    }
  }
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto cmd = std::make_shared<ServeCommand>();
  auto& o = cmd->options;
  CLI::App* c = app.add_subcommand("serve", "Serve models over HTTP: LibreTranslate's API, and a page at /");
  c->add_option("--model", o.models,
                "RUN_DIR[:SRC-TGT] (or a checkpoint file), repeatable, one per language pair; without :SRC-TGT the "
                "languages come from training's --src-lang/--tgt-lang");
  c->add_option("--config", cmd->config_file, "YAML file of options (keys: the long option names)");
  c->add_option("--host", o.host, "Address to listen on (0.0.0.0: every interface)")->capture_default_str();
  c->add_option("--port", o.port, "Port (0: any free one)")->capture_default_str()->check(CLI::Range(0, 65535));
  c->add_option("--threads", o.threads, "CPU threads for decoding")->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_option("--workers", o.workers, "Decoding workers, each translating its own batch; 0 = one per thread")
      ->capture_default_str()->check(CLI::Range(0, 1024));
  auto decoding = add_decoding_options(
      *c, o.translate, {"beam", "length_penalty", "max_length_ratio", "max_length_extra", "bf16"}, nullptr);
  decoding["beam"]->check(CLI::Range(1, 64));
  decoding["beam"]->description(decoding["beam"]->get_description() + "; a request's alternatives <= beam - 1");
  add_engine_options(*c, cmd->engine);
  c->add_option("--device", o.device, "cpu | cuda | cuda:N")->capture_default_str();
  c->add_option("--max-batch-tokens", o.scheduling.max_batch_tokens,
                "A decoding batch holds at most this many source tokens, padding included (rows x longest)")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
  c->add_option("--max-batch-sentences", o.scheduling.max_batch_sentences, "Sentences per decoding batch at most")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 20));
  c->add_option("--max-wait-ms", o.scheduling.max_wait_ms,
                "How long a sentence waits for others to share its batch")
      ->capture_default_str()->check(CLI::Range(0, 10000));
  c->add_option("--queue-limit", o.scheduling.queue_limit, "Sentences waiting at most; beyond, requests get 429")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
  c->add_flag("!--no-batching", o.scheduling.batching,
              "Translate each request in batches of its own (the baseline for benchmarks)");
  c->add_option("--timeout-ms", o.timeout_ms, "A request not translated by then gets 503")
      ->capture_default_str()->check(CLI::Range(1, 3600000));
  c->add_option("--char-limit", o.char_limit, "Characters per text at most (-1: no limit)")
      ->capture_default_str()->check(CLI::Range(int64_t{-1}, int64_t{1} << 40));
  c->add_option("--batch-limit", o.batch_limit, "Texts per request at most (-1: no limit)")
      ->capture_default_str()->check(CLI::Range(int64_t{-1}, int64_t{1} << 40));
  c->add_option("--max-body-bytes", o.max_body_bytes, "Request bodies larger than this get 413")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--http-threads", o.http_threads, "Connections served at once")
      ->capture_default_str()->check(CLI::Range(2, 100000));
  c->add_option("--max-json-depth", o.json_max_depth, "JSON bodies nested deeper get 400")
      ->capture_default_str()->check(CLI::Range(1, 10000));
  c->add_option("--max-html-depth", o.html_max_depth, "format=html: elements nested deeper get 400")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--max-html-elements", o.html_max_elements, "format=html: texts with more elements get 400")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--max-attention-weights", o.max_attention_weights,
                "\"attention\": true: requests that could need more weights get 400")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--read-timeout-ms", o.read_timeout_ms, "A client silent this long while sending is dropped")
      ->capture_default_str()->check(CLI::Range(1, 3600000));
  c->add_option("--write-timeout-ms", o.write_timeout_ms, "A client not reading its answer this long is dropped")
      ->capture_default_str()->check(CLI::Range(1, 3600000));
  c->add_option("--keep-alive-ms", o.keep_alive_ms, "Idle kept-alive connections close after this (whole seconds)")
      ->capture_default_str()->check(CLI::Range(1000, 3600000));
  c->add_option("--request-read-ms", o.request_read_ms,
                "Each request (headers and body) must arrive within keep-alive + this, however slowly it trickles "
                "(0: no limit)")
      ->capture_default_str()->check(CLI::Range(0, 3600000));
  c->add_option("--max-connections-per-client", o.max_connections_per_client,
                "Open connections per client address (0: no limit); beyond, 429 and close")
      ->capture_default_str()->check(CLI::Range(0, 1000000));
  c->add_option("--cache-mb", o.cache_mb,
                "Translated sentences kept for repeats, least recently used out first (MB; 0: no cache)")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 20));
  c->add_option("--suggestions-dir", o.suggestions_dir,
                "Accept POST /suggest and keep each suggestion in DIR/SRC-TGT.tsv (a corpus nmt train reads) "
                "with its time and key fingerprint in DIR/SRC-TGT.meta.tsv");
  c->add_option("--glossaries-dir", o.glossaries_dir,
                "Accept /glossaries (DeepL's v3 shape) and keep each glossary as DIR/ID.json; translate and "
                "translate_file take a glossary_id");
  c->add_option("--protect", o.protect,
                "Spans every translation carries over verbatim: placeholders ({{...}}), urls, emails, numbers "
                "(comma-separated), all or none")
      ->capture_default_str();
  c->add_option("--glossaries-per-key", o.glossary_limits.per_owner, "Glossaries one API key (or the keyless) may keep")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1000000}));
  c->add_option("--glossary-max-entries", o.glossary_limits.max_entries,
                "Term pairs in one glossary at most (its body is also under --max-body-bytes)")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{100000000}));
  c->add_option("--max-file-bytes", o.file_max_bytes,
                "POST /translate_file: larger files get 413; 0 turns document translation off (403)")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 34));
  c->add_option("--file-char-limit", o.file_char_limit, "Characters of text per document at most (-1: no limit)")
      ->capture_default_str();
  c->add_option("--max-file-unpacked-bytes", o.file_max_unpacked_bytes,
                "An archive (.docx, .odt, .epub ...) that unpacks to more gets 413 (zip bombs stop here)")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 36));
  c->add_option("--file-timeout-ms", o.file_timeout_ms, "A document not translated by then gets 503")
      ->capture_default_str()->check(CLI::Range(1, 1 << 30));
  c->add_option("--file-concurrency", o.file_concurrency, "Documents translated at once; beyond, 429")
      ->capture_default_str()->check(CLI::Range(1, 1024));
  c->add_flag("--file-runs-by-attention", o.file_runs_by_attention,
              "Place a document's translation back into a text's runs (bold, links) by the model's attention "
              "rather than by position (one more pass of the model over those texts)");
  c->add_option("--download-max-bytes", o.download_max_bytes,
                "Translated documents kept for GET /download_file, all together (the oldest go first)")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  c->add_option("--download-ttl-s", o.download_ttl_s, "How long a translated document can be downloaded")
      ->capture_default_str()->check(CLI::Range(1, 1 << 30));
  c->add_option("--api-keys", o.access.keys_file, "File of API keys, one per line: KEY [REQUESTS_PER_MINUTE]");
  c->add_flag("--require-api-key", o.access.require_key, "Refuse requests without a key (needs --api-keys)");
  c->add_option("--max-key-failures", o.access.key_failures_limit,
                "Invalid API keys per minute per client address; beyond, 429 (0: no limit)")
      ->capture_default_str()->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  c->add_flag("--allow-key-in-url", o.allow_key_in_url,
              "Accept api_key in the URL's query string (refused by default: proxies and logs keep URLs)");
  c->add_option("--req-limit", o.access.req_limit,
                "Requests per minute per client address without a key (-1: no limit)")
      ->capture_default_str()->check(CLI::Range(int64_t{-1}, int64_t{1} << 40));
  c->add_option("--cors", o.cors, "Access-Control-Allow-Origin for browsers on other origins ('*': any)");
  c->add_option("--frontend-timeout", o.frontend_timeout_ms, "The page's typing pause before it translates (ms)")
      ->capture_default_str();
  c->callback([cmd, c] {
    if (!cmd->config_file.empty()) apply_config_file(*c, cmd->config_file);
    NMT_CHECK(!cmd->engine.int8.value_or(false) || !cmd->options.translate.bf16,
              "--quantize int8 and --bf16 exclude each other");
    cmd->options.int8 = cmd->engine.int8;
    cmd->options.shortlist = cmd->engine.shortlist;
    serve::run_server(cmd->options);
  });
}

}  // namespace nmt::cli
