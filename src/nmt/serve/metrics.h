#pragma once
// What /metrics reports, in Prometheus's text format: requests and errors
// by path and status code, request latency, batch sizes in sentences and
// tokens, the queue length and the tokens translated.
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "nmt/serve/batch_scheduler.h"
#include "nmt/serve/translation_cache.h"

namespace nmt::serve {

// A cumulative histogram over fixed upper bounds (Prometheus's `le`).
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double value);
  // name_bucket{le="..."} ..., name_sum, name_count; `labels` goes inside the braces.
  void write(std::string& out, const std::string& name, const std::string& labels = "") const;

 private:
  std::vector<double> bounds_;
  std::vector<int64_t> counts_;  // per bound, not cumulative; one more for +Inf
  double sum_ = 0;
  int64_t count_ = 0;
};

// Connections the server closed without serving a request on them: past
// the cap per client address, past the HTTP threads' queue, or past a
// request's deadline (ServerOptions says each limit). And kept-alive ones it
// closed after an answer because another connection waited for a thread
// (served, not dropped: counted on their own).
struct DroppedConnections {
  int64_t per_client_cap = 0, queue_full = 0, request_deadline = 0;
  int64_t keep_alive_yields = 0;
};

class ServerMetrics {
 public:
  ServerMetrics();
  void record_request(const std::string& path, int status, double seconds);
  void record_batch(const BatchRecord& batch);
  // The whole exposition; queue_length and dropped are read at the time of the scrape.
  std::string render(int64_t queue_length, const DroppedConnections& dropped = {},
                     const TranslationCache::Stats& cache = {}) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, int>, int64_t> requests_;  // (path, status) -> count
  Histogram latency_, batch_sentences_, batch_tokens_;
  int64_t batches_ = 0, translated_sentences_ = 0, translated_tokens_ = 0;
  double batch_seconds_ = 0;
};

}  // namespace nmt::serve
