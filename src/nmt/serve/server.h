#pragma once
// `nmt serve`: LibreTranslate's HTTP API (POST /translate, /detect; GET
// /languages, /frontend/settings) over the batch scheduler, plus /health,
// /metrics (Prometheus) and the page at /. httplib stays in server.cpp.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nmt/decode/translator.h"
#include "nmt/serve/access.h"
#include "nmt/serve/batch_scheduler.h"

namespace nmt::serve {

struct ServerOptions {
  std::vector<std::string> models;  // RUN_DIR[:SRC-TGT], one per language pair
  std::string host = "127.0.0.1";   // loopback unless asked
  int port = 5000;                  // 0: any free port
  int threads = 2;                  // CPU threads for decoding, shared by the workers
  int workers = 0;                  // decoding workers; 0 = one per thread
  int http_threads = 64;            // connections served at once (keep-alive ones hold one each)
  std::string device = "cpu";
  bool int8 = false;
  decode::TranslateOptions translate;  // beam, length penalty, output limits, bf16
  SchedulerOptions scheduling;         // max_batch_tokens, max_wait_ms, queue_limit, batching
  int64_t char_limit = -1;             // characters per text (-1: none), as LibreTranslate
  int64_t batch_limit = -1;            // texts per request (-1: none)
  int64_t max_body_bytes = 1 << 20;    // larger bodies get 413
  int timeout_ms = 30000;              // a request still waiting then gets 503
  std::string cors;                    // Access-Control-Allow-Origin ("" = no CORS headers; "*" = any)
  AccessOptions access;
  int frontend_timeout_ms = 500;       // the page's typing debounce (/frontend/settings)
};

class Server {
 public:
  // Loads the models and starts the decoding workers.
  explicit Server(const ServerOptions& options);
  ~Server();
  // Binds host:port; returns the port (the one chosen when port is 0).
  int bind();
  // Serves until stop(); then answers the requests in flight, lets the
  // workers finish the queue, and returns.
  void run();
  // Stops accepting connections (safe from any thread).
  void stop();
  int64_t requests_served() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The command: load, bind, print "nmt serve: listening on http://HOST:PORT",
// serve until SIGINT or SIGTERM, then drain and return.
void run_server(const ServerOptions& options);

}  // namespace nmt::serve
