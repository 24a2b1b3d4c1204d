#pragma once
// `nmt serve`: LibreTranslate's HTTP API (POST /translate, /detect; GET
// /languages, /frontend/settings) over the batch scheduler, plus /health,
// /metrics (Prometheus), DeepL-style /glossaries and the page at /.
// httplib stays in serve/'s .cpp files.
#include <cstdint>
#include <memory>

#include "nmt/serve/server_options.h"

namespace nmt::serve {

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
