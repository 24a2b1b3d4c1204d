#include "serve/server_fixture.h"

#include <torch/torch.h>

#include "nmt/model/transformer.h"
#include "nmt/train/checkpoint.h"

namespace nmt::testing {
namespace {

void save_random_model(const std::string& path, const text::Vocab& vocab, uint64_t seed, const std::string& src,
                       const std::string& tgt) {
  torch::manual_seed(seed);
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = vocab.size();
  c.dropout = 0.0;
  c.max_positions = 128;
  model::Transformer model(c);
  {
    torch::NoGradGuard no_grad;  // outputs that end by choice, at various lengths
    model->output->bias[text::kEosId].add_(4.0);
  }
  train::CheckpointInfo info;
  info.step = 1;
  info.config = {{"model", model::to_json(c)}, {"data", {{"src_lang", src}, {"tgt_lang", tgt}}}};
  info.src_vocab = info.tgt_vocab = vocab.serialized();
  train::save_checkpoint(path, model, nullptr, info);
}

}  // namespace

const std::string& served_models_dir() {
  static TempDir dir;
  static const bool saved = [] {
    save_random_model(dir.file("en-es.pt"), english_vocab(), 11, "en", "es");
    save_random_model(dir.file("es-en.pt"), english_vocab(), 12, "es", "en");
    return true;
  }();
  (void)saved;
  static const std::string path = dir.path();
  return path;
}

serve::ServerOptions test_server_options() {
  serve::ServerOptions o;
  o.models = {served_models_dir() + "/en-es.pt", served_models_dir() + "/es-en.pt"};
  o.port = 0;
  o.threads = 2;
  o.translate.search.beam = 1;
  o.http_threads = 32;
  o.cache_mb = 0;  // each request reaches the scheduler (tests count its batches); CacheTest turns it on
  return o;
}

RunningServer::RunningServer(const serve::ServerOptions& options)
    : server_(std::make_unique<serve::Server>(options)) {
  port_ = server_->bind();
  thread_ = std::thread([this] { server_->run(); });
}

RunningServer::~RunningServer() {
  server_->stop();
  thread_.join();
}

httplib::Client RunningServer::client() const {
  httplib::Client c("127.0.0.1", port_);
  c.set_read_timeout(60, 0);
  return c;
}

}  // namespace nmt::testing
