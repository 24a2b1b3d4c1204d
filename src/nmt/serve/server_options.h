#pragma once
// nmt serve's options: the struct, and its rows (common/option_table.h),
// from which the command's flags, their --help lines and the keys of its
// --config file come.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "nmt/common/option_table.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/translator.h"
#include "nmt/serve/access.h"
#include "nmt/serve/batch_scheduler.h"
#include "nmt/serve/glossary_store.h"

namespace nmt::serve {

struct ServerOptions {
  std::vector<std::string> models;  // RUN_DIR[:SRC-TGT], one per language pair
  std::string host = "127.0.0.1";   // loopback unless asked
  int port = 5000;                  // 0: any free port
  int threads = 2;                  // CPU threads for decoding, shared by the workers
  int workers = 0;                  // decoding workers; 0 = one per thread
  int http_threads = 64;            // connections served at once (keep-alive ones hold one each)
  std::string device = "cpu";
  decode::EngineChoice engine;         // int8, shortlist; unset: each run's default (a distilled student's)
  decode::TranslateOptions translate;  // beam, length penalty, output limits, bf16
  SchedulerOptions scheduling;         // max_batch_tokens, max_wait_ms, queue_limit, batching
  int64_t char_limit = -1;             // characters per text (-1: none), as LibreTranslate
  int64_t batch_limit = -1;            // texts per request (-1: none)
  int64_t max_body_bytes = 1 << 20;    // larger bodies (chunked ones too, counted as they arrive) get 413
  int json_max_depth = 32;             // JSON bodies nested deeper get 400
  int64_t html_max_depth = 256;        // format=html: elements nested deeper get 400 (measure_html)
  int64_t html_max_elements = 100000;  // format=html: more elements per text get 400
  int64_t max_attention_weights = 1000000;  // "attention": true: weights a request may need at most, else 400
  int read_timeout_ms = 5000;          // a client silent this long while sending a request is dropped
  int write_timeout_ms = 5000;         // ... or while not reading its answer
  int keep_alive_ms = 5000;            // an idle kept-alive connection is closed after this
  int request_read_ms = 10000;         // each request (headers and body) must arrive within keep-alive + this
                                       // of its connection being ready for it, however it trickles (0: no limit)
  int max_connections_per_client = 32;  // open connections per client address (0: no limit); beyond, 429 and close
  int timeout_ms = 30000;              // a request still waiting then gets 503
  std::string cors;                    // Access-Control-Allow-Origin ("" = no CORS headers; "*" = any)
  AccessOptions access;
  bool allow_key_in_url = false;       // api_key in the query string is refused unless this is set
  int frontend_timeout_ms = 500;       // the page's typing debounce (/frontend/settings)
  int64_t cache_mb = 64;               // translated sentences kept for repeats (translation_cache.h); 0 = none
  std::string suggestions_dir;         // POST /suggest keeps suggestions here (suggestions.h); "" = off (403)
  // Option keys the command line or --config gave: a model's own decoding
  // defaults (its search rules, its length ratio) do not replace them.
  std::set<std::string> set_by_user;
  std::string glossaries_dir;          // /glossaries keeps glossaries here (glossary_store.h); "" = off (403)
  std::string protect = "placeholders,urls,emails";  // spans carried over verbatim (decode/terms.h); "none"
  GlossaryLimits glossary_limits;      // per API key, and entries per glossary
  // Documents (POST /translate_file, GET /download_file/<name>).
  int64_t file_max_bytes = 10 << 20;   // larger files get 413; 0: files are off (403)
  int64_t file_char_limit = 1000000;   // characters of text per document (-1: none); more get 413
  int64_t file_max_unpacked_bytes = 64 << 20;  // an archive's entries once unpacked; more get 413 (zip bombs)
  int file_timeout_ms = 600000;        // a document not translated by then gets 503
  int file_concurrency = 1;            // documents translated at once; beyond, 429
  bool file_runs_by_attention = false;  // a text split into runs placed back by attention, not by position
  int64_t download_max_bytes = 256 << 20;  // translated documents kept for download, all together
  int download_ttl_s = 3600;           // each kept this long
};

using ServerOptionSpec = OptionSpec<ServerOptions>;
const std::vector<ServerOptionSpec>& server_option_table();

// A YAML (or JSON) file of options, keyed by the rows' keys (`port: 8080`,
// `max_batch_tokens: 4096`; the flags' spelling, `max-batch-tokens`, reads
// too), over `options` for the keys not in `given` (those the command line
// gave: it wins). Errors name the file and the key.
void apply_config_file(const std::string& path, const std::set<std::string>& given, ServerOptions& options);

}  // namespace nmt::serve
