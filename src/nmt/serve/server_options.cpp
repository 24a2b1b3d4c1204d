#include "nmt/serve/server_options.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"
#include "nmt/decode/decode_options.h"
#include "nmt/decode/terms.h"

namespace nmt::serve {

namespace {

using O = ServerOptions;
using Spec = ServerOptionSpec;
constexpr double k2to(int bits) { return static_cast<double>(int64_t{1} << bits); }

// The decoding options a server takes (decode/decode_options.h); a
// request's alternatives come from the beam, which is bounded here.
std::vector<Spec> decoding_rows() {
  std::vector<Spec> rows;
  for (const char* key : {"beam", "length_penalty", "length_rule", "length_ratio", "brevity_penalty", "max_length_ratio",
                          "max_length_extra", "bf16"}) {
    auto row = part_row(&O::translate, *find_option(decode::decode_option_table(), key));
    if (row.key == "beam") {
      row = with_range(row, 1, 64);
      row.help += "; a request's alternatives <= beam - 1";
    }
    rows.push_back(row);
  }
  for (const auto& row : decode::engine_option_table()) rows.push_back(part_row(&O::engine, row));
  return rows;
}

std::vector<Spec> make_table() {
  std::vector<Spec> t = {
      option_row(&O::models, "model", "--model",
                 "RUN_DIR[:SRC-TGT] (or a checkpoint file), repeatable, one per language pair; without :SRC-TGT the "
                 "languages come from training's --src-lang/--tgt-lang"),
      option_row(&O::host, "host", "--host", "Address to listen on (0.0.0.0: every interface)"),
      with_range(option_row(&O::port, "port", "--port", "Port (0: any free one)"), 0, 65535),
      with_range(option_row(&O::threads, "threads", "--threads", "CPU threads for decoding"), 1, 1024),
      with_range(option_row(&O::workers, "workers", "--workers",
                            "Decoding workers, each translating its own batch; 0 = one per thread"),
                 0, 1024),
  };
  for (auto& row : decoding_rows()) t.push_back(std::move(row));
  const std::vector<Spec> rest = {
      option_row(&O::device, "device", "--device", "cpu | cuda | cuda:N"),
      // Batching across requests (batch_scheduler.h).
      with_range(option_row(&O::scheduling, &SchedulerOptions::max_batch_tokens, "max_batch_tokens",
                            "--max-batch-tokens",
                            "A decoding batch holds at most this many tokens: sentences x hypotheses each (the "
                            "beam, or a request's alternatives where more) x the longest source, padding included"),
                 1, k2to(30)),
      with_range(option_row(&O::scheduling, &SchedulerOptions::max_batch_sentences, "max_batch_sentences",
                            "--max-batch-sentences", "Sentences per decoding batch at most"),
                 1, k2to(20)),
      with_range(option_row(&O::scheduling, &SchedulerOptions::max_wait_ms, "max_wait_ms", "--max-wait-ms",
                            "How long a sentence waits for others to share its batch"),
                 0, 10000),
      with_range(option_row(&O::scheduling, &SchedulerOptions::queue_limit, "queue_limit", "--queue-limit",
                            "Sentences waiting at most; beyond, requests get 429"),
                 1, k2to(30)),
      with_off_flag(option_row(&O::scheduling, &SchedulerOptions::batching, "batching", "",
                               "Batch sentences of different requests together"),
                    "--no-batching", "Translate each request in batches of its own (the baseline for benchmarks)"),
      with_off_flag(option_row(&O::scheduling, &SchedulerOptions::continuous, "continuous", "--continuous",
                               "Continuous batching (CPU engine, --search nmt): a batch keeps running "
                               "and waiting sentences take the rows of those that finish"),
                    "--no-continuous", "Fixed batches: each batch runs until its longest sentence ends"),
      with_range(option_row(&O::scheduling, &SchedulerOptions::priority_sentences, "priority_sentences",
                            "--priority-sentences",
                            "While every worker is busy beside a request longer than --max-batch-sentences, a "
                            "request of at most this many sentences is translated at once by a priority worker "
                            "of its own; 0: none"),
                 0, k2to(20)),
      // Limits: what one request may ask (docs/serving.md, "Limits").
      with_range(option_row(&O::timeout_ms, "timeout_ms", "--timeout-ms", "A request not translated by then gets 503"),
                 1, 3600000),
      with_range(option_row(&O::char_limit, "char_limit", "--char-limit", "Characters per text at most (-1: no limit)"),
                 -1, k2to(40)),
      with_range(option_row(&O::batch_limit, "batch_limit", "--batch-limit", "Texts per request at most (-1: no limit)"),
                 -1, k2to(40)),
      with_range(option_row(&O::max_body_bytes, "max_body_bytes", "--max-body-bytes",
                            "Request bodies larger than this get 413"),
                 1, k2to(40)),
      with_range(option_row(&O::http_threads, "http_threads", "--http-threads", "Connections served at once"), 2,
                 100000),
      with_range(option_row(&O::json_max_depth, "max_json_depth", "--max-json-depth", "JSON bodies nested deeper get 400"),
                 1, 10000),
      with_range(option_row(&O::html_max_depth, "max_html_depth", "--max-html-depth",
                            "format=html: elements nested deeper get 400"),
                 1, k2to(40)),
      with_range(option_row(&O::html_max_elements, "max_html_elements", "--max-html-elements",
                            "format=html: texts with more elements get 400"),
                 1, k2to(40)),
      with_range(option_row(&O::max_attention_weights, "max_attention_weights", "--max-attention-weights",
                            "\"attention\": true: requests that could need more weights get 400"),
                 1, k2to(40)),
      with_range(option_row(&O::read_timeout_ms, "read_timeout_ms", "--read-timeout-ms",
                            "A client silent this long while sending is dropped"),
                 1, 3600000),
      with_range(option_row(&O::write_timeout_ms, "write_timeout_ms", "--write-timeout-ms",
                            "A client not reading its answer this long is dropped"),
                 1, 3600000),
      with_range(option_row(&O::keep_alive_ms, "keep_alive_ms", "--keep-alive-ms",
                            "Idle kept-alive connections close after this (whole seconds)"),
                 1000, 3600000),
      with_range(option_row(&O::request_read_ms, "request_read_ms", "--request-read-ms",
                            "Each request (headers and body) must arrive within keep-alive + this, however slowly it "
                            "trickles (0: no limit)"),
                 0, 3600000),
      with_range(option_row(&O::max_connections_per_client, "max_connections_per_client",
                            "--max-connections-per-client",
                            "Open connections per client address (0: no limit); beyond, 429 and close"),
                 0, 1000000),
      with_range(option_row(&O::cache_mb, "cache_mb", "--cache-mb",
                            "Translated sentences kept for repeats, least recently used out first (MB; 0: no cache)"),
                 0, k2to(20)),
      // Suggestions, glossaries, terms.
      option_row(&O::suggestions_dir, "suggestions_dir", "--suggestions-dir",
                 "Accept POST /suggest and keep each suggestion in DIR/SRC-TGT.tsv (a corpus nmt train reads) with "
                 "its time and key fingerprint in DIR/SRC-TGT.meta.tsv"),
      option_row(&O::glossaries_dir, "glossaries_dir", "--glossaries-dir",
                 "Accept /glossaries (DeepL's v3 shape) and keep each glossary as DIR/ID.json; translate and "
                 "translate_file take a glossary_id"),
      option_row(&O::protect, "protect", "--protect",
                 std::string("Spans every translation carries over verbatim: ") + decode::protect_kinds_help() +
                     " (comma-separated), all or none"),
      with_range(option_row(&O::glossary_limits, &GlossaryLimits::per_owner, "glossaries_per_key",
                            "--glossaries-per-key", "Glossaries one API key (or the keyless) may keep"),
                 1, 1000000),
      with_range(option_row(&O::glossary_limits, &GlossaryLimits::max_entries, "glossary_max_entries",
                            "--glossary-max-entries",
                            "Term pairs in one glossary at most (its body is also under --max-body-bytes)"),
                 1, 100000000),
      // Documents.
      with_range(option_row(&O::file_max_bytes, "max_file_bytes", "--max-file-bytes",
                            "POST /translate_file: larger files get 413; 0 turns document translation off (403)"),
                 0, k2to(34)),
      option_row(&O::file_char_limit, "file_char_limit", "--file-char-limit",
                 "Characters of text per document at most (-1: no limit)"),
      with_range(option_row(&O::file_max_unpacked_bytes, "max_file_unpacked_bytes", "--max-file-unpacked-bytes",
                            "An archive (.docx, .odt, .epub ...) that unpacks to more gets 413 (zip bombs stop here)"),
                 1, k2to(36)),
      with_range(option_row(&O::file_timeout_ms, "file_timeout_ms", "--file-timeout-ms",
                            "A document not translated by then gets 503"),
                 1, k2to(30)),
      with_range(option_row(&O::file_concurrency, "file_concurrency", "--file-concurrency",
                            "Documents translated at once; beyond, 429"),
                 1, 1024),
      option_row(&O::file_runs_by_attention, "file_runs_by_attention", "--file-runs-by-attention",
                 "Place a document's translation back into a text's runs (bold, links) by the model's attention "
                 "rather than by position (one more pass of the model over those texts)"),
      with_range(option_row(&O::download_max_bytes, "download_max_bytes", "--download-max-bytes",
                            "Translated documents kept for GET /download_file, all together (the oldest go first)"),
                 1, k2to(40)),
      with_range(option_row(&O::download_ttl_s, "download_ttl_s", "--download-ttl-s",
                            "How long a translated document can be downloaded"),
                 1, k2to(30)),
      // Access.
      option_row(&O::access, &AccessOptions::keys_file, "api_keys", "--api-keys",
                 "File of API keys, one per line: KEY [REQUESTS_PER_MINUTE]"),
      option_row(&O::access, &AccessOptions::require_key, "require_api_key", "--require-api-key",
                 "Refuse requests without a key (needs --api-keys)"),
      with_range(option_row(&O::access, &AccessOptions::key_failures_limit, "max_key_failures", "--max-key-failures",
                            "Invalid API keys per minute per client address; beyond, 429 (0: no limit)"),
                 0, k2to(40)),
      option_row(&O::allow_key_in_url, "allow_key_in_url", "--allow-key-in-url",
                 "Accept api_key in the URL's query string (refused by default: proxies and logs keep URLs)"),
      with_range(option_row(&O::access, &AccessOptions::req_limit, "req_limit", "--req-limit",
                            "Requests per minute per client address without a key (-1: no limit)"),
                 -1, k2to(40)),
      option_row(&O::cors, "cors", "--cors", "Access-Control-Allow-Origin for browsers on other origins ('*': any)"),
      option_row(&O::frontend_timeout_ms, "frontend_timeout", "--frontend-timeout",
                 "The page's typing pause before it translates (ms)"),
  };
  t.insert(t.end(), rest.begin(), rest.end());
  return t;
}

}  // namespace

const std::vector<ServerOptionSpec>& server_option_table() {
  static const std::vector<ServerOptionSpec> table = make_table();
  return table;
}

void apply_config_file(const std::string& path, const std::set<std::string>& given, ServerOptions& options) {
  const auto config = read_config_file(path);
  NMT_CHECK(config.is_object(), path << ": expected a mapping of option names to values");
  nlohmann::json fields = nlohmann::json::object();
  for (const auto& [name, value] : config.items()) {
    std::string key = name;
    std::replace(key.begin(), key.end(), '-', '_');  // the flags' spelling
    std::string flag = "--" + key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    nlohmann::json v = value;
    const auto* negated = key.rfind("no_", 0) == 0 ? find_option(server_option_table(), key.substr(3)) : nullptr;
    if (negated != nullptr && negated->off_flag == flag && value.is_boolean()) {
      key = negated->key;  // no-batching: true, as the flag --no-batching
      v = !value.get<bool>();
    }
    if (!given.count(key)) fields[key] = v, options.set_by_user.insert(key);
  }
  try {
    options = options_from_json(server_option_table(), fields, options, "serve");
  } catch (const Error& e) {
    NMT_FAIL(path << ": " << e.what());
  }
}

}  // namespace nmt::serve
