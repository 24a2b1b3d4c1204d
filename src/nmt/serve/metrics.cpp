#include "nmt/serve/metrics.h"

#include <algorithm>
#include <sstream>

namespace nmt::serve {
namespace {

std::string number(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

void header(std::string& out, const std::string& name, const std::string& type, const std::string& help) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

}  // namespace

Histogram::Histogram(std::vector<double> bounds) : bounds_(std::move(bounds)), counts_(bounds_.size() + 1, 0) {}

void Histogram::observe(double value) {
  const auto k = std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin();  // first bound >= value
  ++counts_[static_cast<size_t>(k)];
  sum_ += value;
  ++count_;
}

void Histogram::write(std::string& out, const std::string& name, const std::string& labels) const {
  const std::string sep = labels.empty() ? "" : labels + ",";
  int64_t cumulative = 0;
  for (size_t i = 0; i < bounds_.size(); ++i) {
    cumulative += counts_[i];
    out += name + "_bucket{" + sep + "le=\"" + number(bounds_[i]) + "\"} " + std::to_string(cumulative) + "\n";
  }
  out += name + "_bucket{" + sep + "le=\"+Inf\"} " + std::to_string(count_) + "\n";
  const std::string braces = labels.empty() ? "" : "{" + labels + "}";
  out += name + "_sum" + braces + " " + number(sum_) + "\n";
  out += name + "_count" + braces + " " + std::to_string(count_) + "\n";
}

ServerMetrics::ServerMetrics()
    : latency_({0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}),
      batch_sentences_({1, 2, 4, 8, 16, 32, 64, 128, 256}),
      batch_tokens_({16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192}) {}

void ServerMetrics::record_request(const std::string& path, int status, double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++requests_[{path, status}];
  latency_.observe(seconds);
}

void ServerMetrics::record_batch(const BatchRecord& batch) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (batch.kind != BatchRecord::Kind::kRunningSearch) {  // a running search's sentences came one by one
    translated_sentences_ += batch.sentences;
    translated_tokens_ += batch.generated_tokens;
  }
  if (batch.kind == BatchRecord::Kind::kSentence) return;
  ++batches_;
  batch_seconds_ += batch.seconds;
  batch_sentences_.observe(static_cast<double>(batch.sentences));
  batch_tokens_.observe(static_cast<double>(batch.tokens));
}

std::string ServerMetrics::render(int64_t queue_length, const DroppedConnections& dropped,
                                  const TranslationCache::Stats& cache) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string out;
  header(out, "nmt_requests_total", "counter", "HTTP requests by path and status code.");
  for (const auto& [key, count] : requests_) {
    out += "nmt_requests_total{path=\"" + key.first + "\",code=\"" + std::to_string(key.second) + "\"} " +
           std::to_string(count) + "\n";
  }
  header(out, "nmt_request_errors_total", "counter", "HTTP requests answered with a status of 400 or more.");
  int64_t errors = 0;
  for (const auto& [key, count] : requests_) errors += key.second >= 400 ? count : 0;
  out += "nmt_request_errors_total " + std::to_string(errors) + "\n";
  header(out, "nmt_request_duration_seconds", "histogram", "Time from a request's arrival to its response.");
  latency_.write(out, "nmt_request_duration_seconds");
  header(out, "nmt_batch_sentences", "histogram", "Sentences per decoding batch.");
  batch_sentences_.write(out, "nmt_batch_sentences");
  header(out, "nmt_batch_tokens", "histogram", "Source tokens per decoding batch, padding included (rows x longest).");
  batch_tokens_.write(out, "nmt_batch_tokens");
  header(out, "nmt_queue_sentences", "gauge", "Sentences waiting for a decoding worker.");
  out += "nmt_queue_sentences " + std::to_string(queue_length) + "\n";
  header(out, "nmt_batches_total", "counter", "Decoding batches translated (a running search counts once, when it ends).");
  out += "nmt_batches_total " + std::to_string(batches_) + "\n";
  header(out, "nmt_translated_sentences_total", "counter", "Sentences translated.");
  out += "nmt_translated_sentences_total " + std::to_string(translated_sentences_) + "\n";
  header(out, "nmt_translated_tokens_total", "counter", "Target tokens generated.");
  out += "nmt_translated_tokens_total " + std::to_string(translated_tokens_) + "\n";
  header(out, "nmt_decode_seconds_total", "counter", "Time the decoding workers spent on batches.");
  out += "nmt_decode_seconds_total " + number(batch_seconds_) + "\n";
  header(out, "nmt_dropped_connections_total", "counter", "Connections closed without serving them, by reason.");
  out += "nmt_dropped_connections_total{reason=\"per_client_cap\"} " + std::to_string(dropped.per_client_cap) + "\n";
  out += "nmt_dropped_connections_total{reason=\"queue_full\"} " + std::to_string(dropped.queue_full) + "\n";
  out += "nmt_dropped_connections_total{reason=\"request_deadline\"} " + std::to_string(dropped.request_deadline) +
         "\n";
  header(out, "nmt_keep_alive_yields_total", "counter",
         "Kept-alive connections closed after an answer because another connection waited for an HTTP thread.");
  out += "nmt_keep_alive_yields_total " + std::to_string(dropped.keep_alive_yields) + "\n";
  header(out, "nmt_cache_hits_total", "counter", "Sentences answered from the translation cache.");
  out += "nmt_cache_hits_total " + std::to_string(cache.hits) + "\n";
  header(out, "nmt_cache_misses_total", "counter", "Sentences looked up in the cache and translated.");
  out += "nmt_cache_misses_total " + std::to_string(cache.misses) + "\n";
  header(out, "nmt_cache_bytes", "gauge", "Bytes the translation cache holds (--cache-mb bounds them).");
  out += "nmt_cache_bytes " + std::to_string(cache.bytes) + "\n";
  return out;
}

}  // namespace nmt::serve
