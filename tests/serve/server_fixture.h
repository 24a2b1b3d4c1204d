#pragma once
// Two random tiny models (en-es, es-en) with a vocabulary trained on the
// bundled English lines, saved as checkpoints once per test binary, and a
// server on a free loopback port.
#include <memory>
#include <string>
#include <thread>

#include "nmt/serve/http.h"

#include "nmt/serve/server.h"
#include "text/test_support.h"

namespace nmt::testing {

// The checkpoint files: "<dir>/en-es.pt" and "<dir>/es-en.pt" (languages saved in data.src_lang/tgt_lang).
const std::string& served_models_dir();

// Options for the two models, one worker each thread, greedy by default.
serve::ServerOptions test_server_options();

// A server running on its own thread until the object goes.
class RunningServer {
 public:
  explicit RunningServer(const serve::ServerOptions& options);
  ~RunningServer();
  httplib::Client client() const;
  int port() const { return port_; }
  serve::Server& server() { return *server_; }

 private:
  std::unique_ptr<serve::Server> server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace nmt::testing
