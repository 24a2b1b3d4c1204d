#include "nmt/serve/server.h"

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <future>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "nmt/serve/http.h"
#include <nlohmann/json.hpp>

#include "nmt/common/error.h"
#include "nmt/model/threads.h"
#include "nmt/document/document.h"
#include "nmt/document/html_text.h"
#include "nmt/serve/language_detector.h"
#include "nmt/serve/glossary_api.h"
#include "nmt/serve/languages.h"
#include "nmt/serve/metrics.h"
#include "nmt/serve/page_assets.h"
#include "nmt/serve/request_fields.h"
#include "nmt/serve/suggestions.h"
#include "nmt/serve/translated_files.h"
#include "nmt/serve/translation_service.h"
#include "nmt/text/utf8.h"

namespace nmt::serve {
namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// httplib's server with a cap on the connections one client address holds
// open: past it, a connection gets 429 and is closed before its request is
// read, so a few hosts with idle or trickling connections cannot take every
// HTTP thread from the others.
//
// And a deadline per request: httplib's read timeout bounds each read, so a
// client that sends a byte now and then holds its thread for as long as it
// likes. Each connection must deliver its next request (headers and body)
// within keep-alive + request_read ms of being ready for it: of opening, or
// of the last answer. A watchdog shuts down the sockets past their deadline;
// while a handler runs there is none (the translation has its own).
//
// And kept-alive connections yield to waiting ones: while a connection waits
// for an HTTP thread, each busy connection's next answer closes it
// (Connection: close), so clients that keep their connections busy cannot
// hold every thread from a newcomer (or a health check) for as long as they
// go on sending.
// httplib's thread pool, counting the connections it turns away and those
// that wait for a thread.
class CountingPool : public httplib::TaskQueue {
 public:
  CountingPool(size_t threads, std::atomic<int64_t>& refused, std::atomic<int64_t>& waiting)
      : pool_(threads, threads, threads), refused_(refused), waiting_(waiting) {}
  bool enqueue(std::function<void()> fn) override {
    ++waiting_;
    if (pool_.enqueue([this, fn = std::move(fn)] {
          --waiting_;
          fn();
        }))
      return true;
    --waiting_;
    ++refused_;
    return false;
  }
  void shutdown() override { pool_.shutdown(); }

 private:
  httplib::ThreadPool pool_;
  std::atomic<int64_t>& refused_;
  std::atomic<int64_t>& waiting_;
};

class CappedServer : public httplib::Server {
 public:
  ~CappedServer() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (watchdog_.joinable()) watchdog_.join();
  }
  void set_max_connections_per_client(int n) { max_per_client_ = n; }
  // 0: no deadline. Starts the watchdog.
  void set_request_deadline(std::chrono::milliseconds keep_alive, std::chrono::milliseconds request_read) {
    keep_alive_ = keep_alive;
    request_read_ = request_read;
    if (request_read_.count() > 0 && !watchdog_.joinable()) watchdog_ = std::thread([this] { watch(); });
  }
  DroppedConnections dropped() const { return {refused_, queue_full_, deadline_closed_, yielded_}; }
  // The HTTP threads: `threads`, and as many connections waiting for one;
  // past that a new connection is closed at once (counted).
  void set_threads(size_t threads) {
    new_task_queue = [this, threads] { return new CountingPool(threads, queue_full_, waiting_); };
  }

  // The request's headers have arrived: its body must arrive within
  // request_read.
  void body_expected(const httplib::Request& req) { set_deadline(req, Clock::now() + request_read_); }
  // A handler runs (no deadline) or has answered (the next request's).
  void handling(const httplib::Request& req) { set_deadline(req, Clock::time_point::max()); }
  void answered(const httplib::Request& req) { set_deadline(req, Clock::now() + keep_alive_ + request_read_); }

 private:
  static std::string key(const std::string& address, int port) { return address + " " + std::to_string(port); }

  void set_deadline(const httplib::Request& req, Clock::time_point deadline) {
    if (request_read_.count() == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = connections_.find(key(req.remote_addr, req.remote_port));
    if (it != connections_.end()) it->second.deadline = deadline;
  }

  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_) {
      wake_.wait_for(lock, std::chrono::milliseconds(100));
      const auto now = Clock::now();
      for (auto& [name, c] : connections_) {
        if (!c.shut && c.deadline < now) {
          // Under the lock: the socket is still open (closed only after
          // its entry goes), so no other connection can have its number.
          ::shutdown(c.sock, SHUT_RDWR);
          c.shut = true;
          ++deadline_closed_;
        }
      }
    }
  }

  bool process_and_close_socket(socket_t sock) override {
    std::string remote_addr, local_addr;
    int remote_port = 0, local_port = 0;
    httplib::detail::get_remote_ip_and_port(sock, remote_addr, remote_port);
    if (!enter(remote_addr)) {
      ++refused_;
      const std::string body = json{{"error", "Too many connections from this address (limit " +
                                                  std::to_string(max_per_client_) + ")"}}
                                   .dump();
      const std::string answer = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                                 "Retry-After: 1\r\nConnection: close\r\nContent-Length: " +
                                 std::to_string(body.size()) + "\r\n\r\n" + body;
      [[maybe_unused]] auto sent = ::send(sock, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      httplib::detail::drain_and_close_socket(sock);
      return false;
    }
    struct Leave {
      CappedServer* server;
      const std::string& address;
      ~Leave() { server->leave(address); }
    } leave_on_exit{this, remote_addr};
    const std::string name = key(remote_addr, remote_port);
    if (request_read_.count() > 0) {
      std::lock_guard<std::mutex> lock(mutex_);
      connections_[name] = Connection{sock, Clock::now() + keep_alive_ + request_read_, false};
    }
    // The rest is httplib::Server::process_and_close_socket of 0.53.1 (private there).
    httplib::detail::get_local_ip_and_port(sock, local_addr, local_port);
    bool websocket_upgraded = false;
    bool yielding = false;  // this connection closes after its answer, for a waiting one
    const bool ret = httplib::detail::process_server_socket(
        svr_sock_, sock, keep_alive_max_count_, keep_alive_timeout_sec_, read_timeout_sec_, read_timeout_usec_,
        write_timeout_sec_, write_timeout_usec_,
        [&](httplib::Stream& strm, bool close_connection, bool& connection_closed) {
          // Another connection waits for a thread: this request's answer
          // closes this one (one yield per waiting connection).
          const bool yield = !close_connection && !yielding && claim_yield();
          yielding = yielding || yield;
          return process_request(strm, remote_addr, remote_port, local_addr, local_port, close_connection || yield,
                                 connection_closed, nullptr, &websocket_upgraded);
        });
    if (yielding) --yielding_;
    if (request_read_.count() > 0) {  // before the socket closes and its number can be reused
      std::lock_guard<std::mutex> lock(mutex_);
      connections_.erase(name);
    }
    httplib::detail::drain_and_close_socket(sock);
    return ret;
  }

  // A yield for a connection waiting for a thread, unless each waiting one
  // has a connection closing for it already.
  bool claim_yield() {
    int64_t claimed = yielding_.load();
    while (claimed < waiting_.load()) {
      if (yielding_.compare_exchange_weak(claimed, claimed + 1)) {
        ++yielded_;
        return true;
      }
    }
    return false;
  }

  bool enter(const std::string& address) {
    std::lock_guard<std::mutex> lock(mutex_);
    int& n = open_[address];
    if (max_per_client_ > 0 && n >= max_per_client_) {
      if (n == 0) open_.erase(address);
      return false;
    }
    ++n;
    return true;
  }

  void leave(const std::string& address) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = open_.find(address);
    if (it != open_.end() && --it->second <= 0) open_.erase(it);
  }

  struct Connection {
    socket_t sock;
    Clock::time_point deadline;
    bool shut;
  };

  int max_per_client_ = 0;
  std::chrono::milliseconds keep_alive_{0}, request_read_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::map<std::string, int> open_;  // client address -> connections open now
  std::map<std::string, Connection> connections_;  // "address port" -> its socket and deadline
  std::atomic<int64_t> refused_{0}, queue_full_{0}, deadline_closed_{0};
  std::atomic<int64_t> waiting_{0};  // connections accepted and waiting for an HTTP thread
  std::atomic<int64_t> yielding_{0};  // connections closing after their answer for a waiting one
  std::atomic<int64_t> yielded_{0};   // and how many have, in all
  std::thread watchdog_;
};

// True when the URL's query string carries `name` (proxies and access logs keep URLs).
bool in_query_string(const httplib::Request& req, const std::string& name) {
  const auto question = req.target.find('?');
  if (question == std::string::npos) return false;
  httplib::Params query;
  httplib::detail::parse_query_text(req.target.substr(question + 1), query);
  return query.count(name) > 0;
}

}  // namespace

struct Server::Impl {
  ServerOptions options;
  ServerMetrics metrics;
  std::unique_ptr<TranslationService> service;
  std::unique_ptr<AccessControl> access;
  std::unique_ptr<SuggestionStore> suggestions;  // null: /suggest is off
  std::unique_ptr<GlossaryStore> glossaries;     // null: /glossaries is off
  TranslatedFiles files;
  std::atomic<int> documents_in_flight{0};
  CappedServer http;
  std::atomic<int64_t> served{0};

  explicit Impl(const ServerOptions& o)
      : options(o), files(o.download_max_bytes, std::chrono::seconds(o.download_ttl_s)) {
    NMT_CHECK(options.threads >= 1, "--threads must be >= 1, got " << options.threads);
    const int workers = decoding_workers();
    NMT_CHECK(workers <= options.threads,
              "--workers (" << workers << ") cannot exceed --threads (" << options.threads << ")");
    NMT_CHECK(options.translate.search.beam >= 1, "--beam must be >= 1");
    access = std::make_unique<AccessControl>(options.access);
    if (!options.suggestions_dir.empty()) suggestions = std::make_unique<SuggestionStore>(options.suggestions_dir);
    if (!options.glossaries_dir.empty()) {
      glossaries = std::make_unique<GlossaryStore>(options.glossaries_dir, options.glossary_limits);
    }
    ModelLoadOptions load;
    load.device = options.device;
    load.engine = options.engine;
    load.translate = options.translate;
    auto models = load_models(options.models, load);
    for (const auto& m : models) {
      if (!m->engine_note.empty()) {
        std::cerr << "nmt serve: " << m->source << "-" << m->target << ": " << m->engine_note
                  << " (--quantize none, --shortlist none to change)\n";
      }
    }
    // Each worker multiplies on threads / workers intra-op threads, set
    // once: the workers keep them (BatchScheduler::work).
    model::set_cpu_threads(std::max(1, options.threads / workers));
    SchedulerOptions scheduling = options.scheduling;
    scheduling.workers = workers;
    service = std::make_unique<TranslationService>(std::move(models), options.translate, scheduling,
                                                   [this](const BatchRecord& b) { metrics.record_batch(b); },
                                                   options.cache_mb << 20, decode::parse_protect_kinds(options.protect),
                                                   options.set_by_user);
    routes();
  }

  int decoding_workers() const { return options.workers > 0 ? options.workers : options.threads; }

  // A handler that maps HttpError, QueueFull, Timeout and any other error
  // to LibreTranslate's statuses; the server never dies of a request.
  template <typename F>
  httplib::Server::Handler guarded(F f) {
    return [this, f](const httplib::Request& req, httplib::Response& res) {
      http.handling(req);
      try {
        // The payload limit is the larger of the body and file limits; a
        // chunked body (no Content-Length) to another path is measured here.
        if (req.path != "/translate_file" && static_cast<int64_t>(req.body.size()) > options.max_body_bytes) {
          throw HttpError{413, body_limit_message(req.path)};
        }
        f(req, res);
      } catch (const HttpError& e) {
        send_error(res, e.status, e.message);
      } catch (const QueueFull& e) {
        res.set_header("Retry-After", "1");
        send_error(res, 429,
                   "Slowdown: the translation queue is full (" + std::to_string(e.waiting) + " sentences waiting, limit " +
                       std::to_string(e.limit) + ")");
      } catch (const Timeout&) {
        const int ms = req.path == "/translate_file" ? options.file_timeout_ms : options.timeout_ms;
        send_error(res, 503, "Timed out: no translation within " + std::to_string(ms) + " ms");
      } catch (const nmt::Error& e) {
        send_error(res, 500, std::string("Cannot translate text: ") + e.what());
      } catch (const std::exception& e) {
        send_error(res, 500, std::string("Internal error: ") + e.what());
      }
    };
  }

  // Admits the request's API key (the body's api_key, else an
  // "Authorization: DeepL-Auth-Key KEY" or "Bearer KEY" header) and returns it.
  std::string check_access(const httplib::Request& req, const Fields& fields) {
    if (!options.allow_key_in_url && in_query_string(req, "api_key")) {
      throw HttpError{400, "Invalid request: api_key in the URL is refused, as proxies and logs keep URLs; send it "
                           "in the body (or start the server with --allow-key-in-url)"};
    }
    std::string key = fields.string("api_key");
    if (key.empty() && req.has_header("Authorization")) {
      const auto header = req.get_header_value("Authorization");
      for (const std::string scheme : {"DeepL-Auth-Key ", "Bearer "}) {
        if (header.rfind(scheme, 0) == 0) key = header.substr(scheme.size());
      }
    }
    const auto decision = access->admit(key, req.remote_addr);
    if (decision.status != 200) throw HttpError{decision.status, decision.error};
    return key;
  }

  GlossaryStore& glossary_store() const {
    if (!glossaries) throw HttpError{403, "Glossaries are disabled on this server (start it with --glossaries-dir DIR)."};
    return *glossaries;
  }

  // The target vocabulary of the one model that translates source -> target.
  const text::Vocab& glossary_pair(const std::string& source, const std::string& target) const {
    const auto r = route(source, target);
    if (r.second) {
      throw HttpError{400, "Invalid request: no glossary for " + source + "-" + target + ", which goes through " +
                               language_name(r.pivot()) + " (" + r.pivot() + ")"};
    }
    return r.first->tgt_vocab;
  }

  // A request's glossary_id, compiled for its model; null without one.
  std::shared_ptr<const decode::Glossary> request_glossary(const Fields& fields, const std::string& key,
                                                            const std::string& source, const std::string& target) {
    const std::string id = fields.string("glossary_id");
    if (id.empty()) return nullptr;
    auto& store = glossary_store();
    if (source == "auto") throw HttpError{400, "Invalid request: a glossary needs the source language, not auto"};
    const auto& vocab = glossary_pair(source, target);
    std::shared_ptr<const decode::Glossary> glossary;
    try {
      glossary = store.compiled(id, key_fingerprint(key), source, target, vocab);
    } catch (const GlossaryError& e) {
      throw HttpError{400, "Invalid request: " + e.message};
    }
    if (!glossary) throw HttpError{400, "Invalid request: glossary " + id + " has no " + source + "-" + target + " dictionary"};
    return glossary;
  }

  // LibreTranslate's --char-limit, in characters (code points) per text.
  void check_char_limit(const std::string& t) const {
    const auto n = static_cast<int64_t>(text::code_points(t));
    if (options.char_limit != -1 && n > options.char_limit) {
      throw HttpError{400, "Invalid request: request (" + std::to_string(n) + ") exceeds text limit (" +
                               std::to_string(options.char_limit) + ")"};
    }
  }

  // The model for source -> target, or LibreTranslate's message for why not.
  // A way from source to target: one model, or two through a pivot
  // language (English first, as Argos Translate does for LibreTranslate,
  // then the other targets in load order).
  struct Route {
    const ServedModel* first = nullptr;
    const ServedModel* second = nullptr;  // null: no pivot; else it translates from the pivot language
    const std::string& pivot() const { return second->source; }
    bool operator==(const Route& o) const { return first == o.first && second == o.second; }
  };

  std::optional<Route> find_route(const std::string& source, const std::string& target) const {
    if (const auto* m = service->find(source, target)) return Route{m, nullptr};
    if (source == target) return std::nullopt;
    std::vector<std::string> pivots = {"en"};
    for (const auto& m : service->models()) pivots.push_back(m->target);
    for (const auto& x : pivots) {
      if (x == source || x == target) continue;
      const auto* a = service->find(source, x);
      const auto* b = service->find(x, target);
      if (a && b) return Route{a, b};
    }
    return std::nullopt;
  }

  // Texts along a route: through a pivot, the first model's translations
  // are the second's input (alternatives and attention are refused there).
  std::vector<TextTranslation> translate_route(const Route& r, const std::vector<std::string>& texts,
                                               const TextOptions& text_options, Clock::time_point deadline,
                                               BatchScheduler::Arrival* arrival = nullptr) {
    auto translated = service->translate(*r.first, texts, text_options, deadline, arrival);
    if (!r.second) return translated;
    std::vector<std::string> middle;
    for (const auto& t : translated) middle.push_back(t.text);
    return service->translate(*r.second, middle, text_options, deadline);
  }

  // Every language of a model, in load order.
  std::vector<std::string> language_codes() const {
    std::vector<std::string> codes;
    for (const auto& m : service->models()) {
      for (const auto& c : {m->source, m->target}) {
        if (std::find(codes.begin(), codes.end(), c) == codes.end()) codes.push_back(c);
      }
    }
    return codes;
  }

  Route route(const std::string& source, const std::string& target) const {
    const auto codes = language_codes();
    auto known = [&](const std::string& code) { return std::find(codes.begin(), codes.end(), code) != codes.end(); };
    if (!known(source)) throw HttpError{400, source + " is not supported"};
    if (!known(target)) throw HttpError{400, target + " is not supported"};
    const auto found = find_route(source, target);
    if (!found) {
      throw HttpError{400, language_name(target) + " (" + target + ") is not available as a target language from " +
                               language_name(source) + " (" + source + ")"};
    }
    return *found;
  }

  void translate(const httplib::Request& req, httplib::Response& res) {
    BatchScheduler::Arrival arrival(service->scheduler());  // a batch may wait for these sentences
    const Fields fields(req, options.json_max_depth);
    const std::string key = check_access(req, fields);
    auto [texts, is_list] = read_q(fields);
    const std::string source = fields.string("source"), target = fields.string("target");
    if (source.empty()) throw HttpError{400, "Invalid request: missing source parameter"};
    if (target.empty()) throw HttpError{400, "Invalid request: missing target parameter"};
    TextOptions text_options;
    text_options.glossary = request_glossary(fields, key, source, target);
    text_options.alternatives = read_alternatives(fields);
    const int64_t most = options.translate.search.beam - 1;
    if (text_options.alternatives > most) {
      throw HttpError{400, "Invalid request: alternatives parameter must be <= " + std::to_string(most)};
    }
    if (is_list && options.batch_limit != -1 && static_cast<int64_t>(texts.size()) > options.batch_limit) {
      throw HttpError{400, "Invalid request: request (" + std::to_string(texts.size()) + ") exceeds text limit (" +
                               std::to_string(options.batch_limit) + ")"};
    }
    for (const auto& t : texts) check_char_limit(t);
    const std::string format = fields.get("format") ? fields.string("format") : "text";
    if (format != "text" && format != "html") throw HttpError{400, format + " format is not supported"};
    text_options.html = format == "html";
    text_options.attention = fields.flag("attention");
    if (text_options.html) check_html(texts);

    // source "auto": each text's language among those with a way to target.
    std::vector<json> detected;
    std::vector<Route> route_of(texts.size());
    if (source == "auto") {
      std::vector<std::string> candidates;
      for (const auto& code : language_codes()) {
        if (find_route(code, target)) candidates.push_back(code);
      }
      if (candidates.empty()) throw HttpError{400, target + " is not supported"};
      for (size_t i = 0; i < texts.size(); ++i) {
        const auto found = detect_languages(texts[i], candidates).front();
        detected.push_back(json{{"confidence", found.confidence}, {"language", found.language}});
        route_of[i] = route(found.language, target);
      }
    } else {
      std::fill(route_of.begin(), route_of.end(), route(source, target));
    }
    bool pivoted = false;
    for (const auto& r : route_of) {
      if (!r.second) continue;
      pivoted = true;
      const std::string way = language_name(r.first->source) + " (" + r.first->source + ") to " +
                              language_name(target) + " (" + target + "), which goes through " +
                              language_name(r.pivot()) + " (" + r.pivot() + ")";
      if (text_options.alternatives > 0) throw HttpError{400, "Invalid request: no alternatives from " + way};
      if (text_options.attention) throw HttpError{400, "Invalid request: no attention from " + way};
    }

    if (text_options.attention) {
      std::vector<const ServedModel*> model_of;
      for (const auto& r : route_of) model_of.push_back(r.first);
      check_attention(texts, model_of);
    }
    const auto deadline = Clock::now() + std::chrono::milliseconds(options.timeout_ms);
    std::vector<TextTranslation> results(texts.size());
    // The texts of one route go to the scheduler together; through a pivot,
    // the first model's translations are the second's input.
    std::vector<Route> distinct;
    for (const auto& r : route_of) {
      if (std::find(distinct.begin(), distinct.end(), r) == distinct.end()) distinct.push_back(r);
    }
    for (const auto& r : distinct) {
      std::vector<std::string> group;
      std::vector<size_t> where;
      for (size_t k = 0; k < texts.size(); ++k) {
        if (!(route_of[k] == r)) continue;
        group.push_back(texts[k]);
        where.push_back(k);
      }
      auto translated = translate_route(r, group, text_options, deadline, &arrival);
      for (size_t k = 0; k < where.size(); ++k) results[where[k]] = std::move(translated[k]);
    }

    json body;
    auto attention_json = [](const TextTranslation& t) {
      json list = json::array();
      for (const auto& a : t.attention) {
        list.push_back(json{{"source", a.source}, {"target", a.target}, {"weights", a.weights}});
      }
      return list;
    };
    if (is_list) {
      json translated = json::array(), alternatives = json::array(), attention = json::array();
      for (const auto& r : results) {
        translated.push_back(r.text);
        alternatives.push_back(r.alternatives);
        attention.push_back(attention_json(r));
      }
      body["translatedText"] = translated;
      if (source == "auto") body["detectedLanguage"] = detected;
      if (text_options.alternatives > 0) body["alternatives"] = alternatives;
      if (text_options.attention) body["attention"] = attention;
      if (pivoted) {  // nmt's extension: the language each text went through (null: none)
        json pivots = json::array();
        for (const auto& r : route_of) pivots.push_back(r.second ? json(r.pivot()) : json());
        body["pivot"] = pivots;
      }
    } else {
      body["translatedText"] = results[0].text;
      if (source == "auto") body["detectedLanguage"] = detected[0];
      if (text_options.alternatives > 0) body["alternatives"] = results[0].alternatives;
      if (text_options.attention) body["attention"] = attention_json(results[0]);
      if (pivoted) body["pivot"] = route_of[0].pivot();  // nmt's extension: the language it went through
    }
    send_json(res, body);
  }

  // gumbo's parse takes time in the square of the nesting depth: the shape
  // is measured in one pass first.
  void check_html(const std::vector<std::string>& texts) const {
    for (const auto& t : texts) {
      const auto shape = document::measure_html(t);
      if (shape.depth > options.html_max_depth) {
        throw HttpError{400, "Invalid request: the HTML nests " + std::to_string(shape.depth) +
                                 " elements deep (limit " + std::to_string(options.html_max_depth) + ")"};
      }
      if (shape.elements > options.html_max_elements) {
        throw HttpError{400, "Invalid request: the HTML has " + std::to_string(shape.elements) + " elements (limit " +
                                 std::to_string(options.html_max_elements) + ")"};
      }
    }
  }

  // The weights attention could need, bounded before any work: each text's
  // source pieces (at most its bytes, and a </s> a sentence) times the
  // longest translation its model may give, within max_positions.
  void check_attention(const std::vector<std::string>& texts, const std::vector<const ServedModel*>& model_of) const {
    const auto& t = options.translate;
    double weights = 0;
    for (size_t i = 0; i < texts.size(); ++i) {
      const auto& model = model_of[i]->config.at("model");
      const double positions = static_cast<double>(model.value("max_positions", int64_t{1024}));
      const double source = 2.0 * static_cast<double>(texts[i].size()) + 1;
      const double target =
          std::min(positions, t.max_length_ratio * std::min(source, positions) + static_cast<double>(t.max_length_extra));
      weights += source * target;
    }
    if (weights > static_cast<double>(options.max_attention_weights)) {
      throw HttpError{400, "Invalid request: attention for these texts could need " +
                               std::to_string(static_cast<int64_t>(weights)) + " weights (limit " +
                               std::to_string(options.max_attention_weights) +
                               "); ask for it with fewer or shorter texts"};
    }
  }

  void detect(const httplib::Request& req, httplib::Response& res) {
    const Fields fields(req, options.json_max_depth);
    check_access(req, fields);
    auto [texts, is_list] = read_q(fields);
    std::string all;
    for (const auto& t : texts) all += t + "\n";
    json list = json::array();
    for (const auto& d : detect_languages(all, service->sources())) {
      list.push_back(json{{"confidence", d.confidence}, {"language", d.language}});
    }
    send_json(res, list);
  }

  // LibreTranslate's /suggest: q and its better translation s, kept for
  // training (suggestions.h).
  void suggest(const httplib::Request& req, httplib::Response& res) {
    if (!suggestions) throw HttpError{403, "Suggestions are disabled on this server."};
    const Fields fields(req, options.json_max_depth);
    check_access(req, fields);
    const std::string q = fields.string("q"), s = fields.string("s");
    const std::string source = fields.string("source"), target = fields.string("target");
    if (q.empty()) throw HttpError{400, "Invalid request: missing q parameter"};
    if (s.empty()) throw HttpError{400, "Invalid request: missing s parameter"};
    if (source.empty()) throw HttpError{400, "Invalid request: missing source parameter"};
    if (target.empty()) throw HttpError{400, "Invalid request: missing target parameter"};
    check_char_limit(q);
    check_char_limit(s);
    route(source, target);  // a pair the server translates, directly or through a pivot
    try {
      suggestions->add(source, target, q, s, fields.string("api_key"));
    } catch (const nmt::Error& e) {
      throw HttpError{500, std::string("Cannot save the suggestion: ") + e.what()};
    }
    send_json(res, json{{"success", true}});
  }

  std::string body_limit_message(const std::string& path) const {
    if (path == "/translate_file") {
      return "Request body too large (file limit " + std::to_string(options.file_max_bytes) + " bytes)";
    }
    return "Request body too large (limit " + std::to_string(options.max_body_bytes) + " bytes)";
  }

  // LibreTranslate's /translate_file: a multipart form with file, source,
  // target (and api_key); the translated document is kept for download
  // (translated_files.h) and the answer gives its URL.
  void translate_file(const httplib::Request& req, httplib::Response& res) {
    if (options.file_max_bytes <= 0) throw HttpError{403, "Files translation are disabled on this server."};
    const Fields fields(req, options.json_max_depth);
    const std::string key = check_access(req, fields);
    if (!req.form.has_file("file")) throw HttpError{400, "Invalid request: missing file parameter"};
    const auto file = req.form.get_file("file");
    const std::string source = fields.string("source"), target = fields.string("target");
    if (source.empty()) throw HttpError{400, "Invalid request: missing source parameter"};
    if (target.empty()) throw HttpError{400, "Invalid request: missing target parameter"};
    if (file.filename.empty()) throw HttpError{400, "Invalid request: empty file"};
    const auto format = document::format_of(file.filename);
    if (!format) {
      std::string known;
      for (const auto& e : document::supported_extensions()) known += (known.empty() ? "" : ", ") + e;
      throw HttpError{400, "Invalid request: file format not supported (" + file.filename + "; supported: " + known + ")"};
    }
    std::optional<Route> fixed;
    if (source != "auto") fixed = route(source, target);
    const auto glossary = request_glossary(fields, key, source, target);
    // Documents are translated a few at a time: each holds its file, its
    // unpacked parts and their trees in memory.
    struct Slot {
      std::atomic<int>& count;
      ~Slot() { --count; }
    } slot{documents_in_flight};
    if (++documents_in_flight > options.file_concurrency) {
      res.set_header("Retry-After", "5");
      throw HttpError{429, "Slowdown: " + std::to_string(options.file_concurrency) +
                               (options.file_concurrency == 1 ? " document is" : " documents are") +
                               " being translated (--file-concurrency)"};
    }
    const auto deadline = Clock::now() + std::chrono::milliseconds(options.file_timeout_ms);
    auto translate_texts = [&](const std::vector<std::string>& texts, const std::vector<bool>& wants_links) {
      Route r = fixed ? *fixed : detected_route(texts, target);
      // Chunks of texts, two per decoding worker in the queue at a time:
      // enough to keep every worker busy, while other requests' sentences
      // still get into the batches between a long document's, and a
      // document of any length fits the queue.
      constexpr size_t kTextsAtOnce = 64;
      auto translate_chunk = [&, r](size_t at) {
        const size_t end = std::min(texts.size(), at + kTextsAtOnce);
        std::vector<document::Translation> out(end - at);
        // Texts split into runs get their sentences' attention, for links
        // (none through a pivot: two models' attention does not compose).
        for (const bool linked : {false, true}) {
          std::vector<std::string> group;
          std::vector<size_t> where;
          for (size_t k = at; k < end; ++k) {
            const bool links = wants_links[k] && options.file_runs_by_attention && !r.second;
            if (links == linked) group.push_back(texts[k]), where.push_back(k - at);
          }
          if (group.empty()) continue;
          TextOptions text_options;
          text_options.attention = linked;
          text_options.glossary = glossary;
          auto translated = translate_route(r, group, text_options, deadline);
          for (size_t k = 0; k < group.size(); ++k) {
            auto& t = out[where[k]];
            t.text = std::move(translated[k].text);
            if (linked) t.links = document::links_from_attention(group[k], t.text, translated[k].attention);
          }
        }
        return out;
      };
      const size_t in_flight = 2 * static_cast<size_t>(decoding_workers());
      std::vector<document::Translation> out;
      for (size_t at = 0; at < texts.size(); at += in_flight * kTextsAtOnce) {
        std::vector<std::future<std::vector<document::Translation>>> running;
        for (size_t k = 0; k < in_flight && at + k * kTextsAtOnce < texts.size(); ++k) {
          running.push_back(std::async(std::launch::async, translate_chunk, at + k * kTextsAtOnce));
        }
        for (auto& f : running) {
          auto part = f.get();
          out.insert(out.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
        }
      }
      return out;
    };
    document::DocumentLimits limits;
    limits.max_characters = options.file_char_limit;
    limits.max_unpacked_bytes = options.file_max_unpacked_bytes;
    limits.html_max_depth = options.html_max_depth;
    limits.html_max_elements = options.html_max_elements;
    std::string translated;
    try {
      translated = document::translate_document(file.content, *format, file.filename, translate_texts, limits);
    } catch (const document::LimitExceeded& e) {
      throw HttpError{413, std::string("Invalid request: ") + e.what()};
    } catch (const nmt::Error& e) {
      throw HttpError{400, std::string("Invalid request: ") + e.what()};
    }
    const std::string name = files.put(document::output_name(file.filename, *format), std::move(translated));
    const std::string host = req.has_header("Host") ? req.get_header_value("Host")
                                                    : options.host + ":" + std::to_string(req.local_port);
    send_json(res, json{{"translatedFileUrl", "http://" + host + "/download_file/" + name}});
  }

  // The route for a document with source "auto": the language of its
  // first texts (up to 10,000 bytes), among those with a way to target.
  Route detected_route(const std::vector<std::string>& texts, const std::string& target) const {
    std::vector<std::string> candidates;
    for (const auto& code : language_codes()) {
      if (find_route(code, target)) candidates.push_back(code);
    }
    if (candidates.empty()) throw HttpError{400, target + " is not supported"};
    std::string sample;
    for (size_t i = 0; i < texts.size() && sample.size() < 10000; ++i) sample += texts[i] + "\n";
    return route(detect_languages(sample, candidates).front().language, target);
  }

  void download_file(const httplib::Request& req, httplib::Response& res) {
    const std::string name = req.matches[1];
    const auto file = files.get(name);
    if (!file) {
      throw HttpError{404, "File not found: " + name + " (translated files are kept for " +
                               std::to_string(options.download_ttl_s) + " s)"};
    }
    const auto format = document::format_of(file->download_name);
    res.set_header("Content-Disposition", "attachment; filename=\"" + file->download_name + "\"");
    res.set_content(file->bytes, format ? document::media_type(*format) : "application/octet-stream");
  }

  void languages(httplib::Response& res) {
    const auto codes = language_codes();
    json list = json::array();
    for (const auto& code : codes) {
      json targets = json::array();
      for (const auto& m : service->models()) {  // the direct pairs first, in load order
        if (m->source == code) targets.push_back(m->target);
      }
      for (const auto& target : codes) {  // then those through a pivot
        const auto r = find_route(code, target);
        if (r && r->second) targets.push_back(target);
      }
      list.push_back(json{{"code", code}, {"name", language_name(code)}, {"targets", targets}});
    }
    send_json(res, list);
  }

  void frontend_settings(httplib::Response& res) {
    const auto& first = *service->models().front();
    send_json(res, json{{"charLimit", options.char_limit},
                        {"frontendTimeout", options.frontend_timeout_ms},
                        {"apiKeys", access->has_keys()},
                        {"keyRequired", access->key_required()},
                        {"suggestions", suggestions != nullptr},
                        {"glossaries", glossaries != nullptr},
                        {"filesTranslation", options.file_max_bytes > 0},
                        {"supportedFilesFormat", options.file_max_bytes > 0 ? json(document::supported_extensions())
                                                                            : json::array()},
                        {"language",
                         {{"source", {{"code", first.source}, {"name", language_name(first.source)}}},
                          {"target", {{"code", first.target}, {"name", language_name(first.target)}}}}}});
  }

  static std::string metric_path(const std::string& path) {
    static const std::vector<std::string> known = {"/",       "/translate", "/detect",  "/languages",
                                                   "/health", "/metrics",   "/frontend/settings", "/suggest",
                                                   "/spec", "/docs", "/translate_file"};
    if (std::find(known.begin(), known.end(), path) != known.end()) return path;
    if (path.rfind("/download_file/", 0) == 0) return "/download_file";
    if (path == "/glossaries" || path.rfind("/glossaries/", 0) == 0) return "/glossaries";
    return path.rfind("/static/", 0) == 0 ? "/static" : "other";
  }

  void routes() {
    static thread_local Clock::time_point request_start;
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      request_start = Clock::now();
      http.body_expected(req);
      // Only /translate_file may send more than --max-body-bytes: a longer
      // body elsewhere is refused before it is read.
      if (req.path != "/translate_file" && req.has_header("Content-Length") &&
          std::strtoll(req.get_header_value("Content-Length").c_str(), nullptr, 10) > options.max_body_bytes) {
        res.set_header("Connection", "close");
        send_error(res, 413, body_limit_message(req.path));
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    // Counted once the answer is final but before it is written, so a
    // client that reads /metrics after its answer finds its request counted.
    http.set_post_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      http.answered(req);
      ++served;
      metrics.record_request(metric_path(req.path), res.status,
                             std::chrono::duration<double>(Clock::now() - request_start).count());
    });
    // Errors httplib answers itself (no route, a body too large, a bad
    // request line) get a JSON body too.
    http.set_error_handler(httplib::Server::HandlerWithResponse(
        [this](const httplib::Request& req, httplib::Response& res) {
          if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
          std::string message = res.status == 404 ? "Not Found" : res.status == 405 ? "Method Not Allowed" : "Bad Request";
          if (res.status == 413) message = body_limit_message(req.path);
          send_error(res, res.status, message);
          return httplib::Server::HandlerResponse::Handled;
        }));
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
      send_error(res, 500, "Internal error");
    });
    if (!options.cors.empty()) {
      http.set_default_headers({{"Access-Control-Allow-Origin", options.cors}});
      http.Options(".*", [](const httplib::Request&, httplib::Response& res) {
        res.set_header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
        res.set_header("Access-Control-Allow-Headers", "Content-Type, Authorization");
        res.set_header("Access-Control-Max-Age", "86400");
        res.status = 204;
      });
    }
    http.set_payload_max_length(static_cast<size_t>(std::max(options.max_body_bytes, options.file_max_bytes)));
    http.set_keep_alive_max_count(1000);
    const auto seconds = [](int ms) { return std::make_pair(ms / 1000, (ms % 1000) * 1000); };
    http.set_read_timeout(seconds(options.read_timeout_ms).first, seconds(options.read_timeout_ms).second);
    http.set_write_timeout(seconds(options.write_timeout_ms).first, seconds(options.write_timeout_ms).second);
    http.set_keep_alive_timeout(std::max(1, options.keep_alive_ms / 1000));
    http.set_max_connections_per_client(options.max_connections_per_client);
    http.set_request_deadline(std::chrono::seconds(std::max(1, options.keep_alive_ms / 1000)),
                              std::chrono::milliseconds(options.request_read_ms));
    // A fixed pool; connections beyond the threads wait in a queue as long
    // as the pool, and past that are closed at once.
    http.set_threads(static_cast<size_t>(std::max(2, options.http_threads)));

    http.Post("/translate", guarded([this](const auto& req, auto& res) { translate(req, res); }));
    http.Post("/detect", guarded([this](const auto& req, auto& res) { detect(req, res); }));
    http.Post("/suggest", guarded([this](const auto& req, auto& res) { suggest(req, res); }));
    http.Post("/translate_file", guarded([this](const auto& req, auto& res) { translate_file(req, res); }));
    http.Get(R"(/download_file/([^/]+))", guarded([this](const auto& req, auto& res) { download_file(req, res); }));
    http.Get("/languages", guarded([this](const auto&, auto& res) { languages(res); }));
    // DeepL's v3 glossaries (glossary_api.h), each owned by the API key that made it.
    const auto owner = [this](const httplib::Request& req, const Fields& fields) {
      return key_fingerprint(check_access(req, fields));
    };
    const auto pair = [this](const std::string& s, const std::string& t) -> const text::Vocab& {
      return glossary_pair(s, t);
    };
    http.Post("/glossaries", guarded([this, owner, pair](const auto& req, auto& res) {
      auto& store = glossary_store();
      const Fields fields(req, options.json_max_depth);
      create_glossary(store, fields, owner(req, fields), pair, res);
    }));
    http.Get("/glossaries", guarded([this, owner](const auto& req, auto& res) {
      auto& store = glossary_store();
      const Fields fields(req, options.json_max_depth);
      list_glossaries(store, owner(req, fields), res);
    }));
    http.Get(R"(/glossaries/([^/]+))", guarded([this, owner](const auto& req, auto& res) {
      auto& store = glossary_store();
      const Fields fields(req, options.json_max_depth);
      get_glossary(store, req.matches[1], owner(req, fields), res);
    }));
    http.Get(R"(/glossaries/([^/]+)/entries)", guarded([this, owner](const auto& req, auto& res) {
      auto& store = glossary_store();
      const Fields fields(req, options.json_max_depth);
      glossary_entries(store, req.matches[1], fields, owner(req, fields), res);
    }));
    http.Delete(R"(/glossaries/([^/]+))", guarded([this, owner](const auto& req, auto& res) {
      auto& store = glossary_store();
      const Fields fields(req, options.json_max_depth);
      delete_glossary(store, req.matches[1], owner(req, fields), res);
    }));
    http.Get("/frontend/settings", guarded([this](const auto&, auto& res) { frontend_settings(res); }));
    http.Get("/health", [](const auto&, auto& res) { send_json(res, json{{"status", "ok"}}); });
    http.Get("/metrics", [this](const auto&, auto& res) {
      res.set_content(metrics.render(service->scheduler().queued_sentences(), http.dropped(), service->cache_stats()),
                      "text/plain; version=0.0.4");
    });
    // The API as OpenAPI 3 (page/openapi.json, also at /static/openapi.json),
    // and as a page (page/docs.html, which renders /spec).
    for (const auto& asset : page_assets()) {
      const std::string path = asset.path == "/static/openapi.json" ? "/spec"
                               : asset.path == "/static/docs.html"  ? "/docs"
                                                                     : "";
      if (path.empty()) continue;
      const std::string body(asset.body), type(asset.content_type);
      http.Get(path, [body, type](const auto&, auto& res) { res.set_content(body, type.c_str()); });
    }
    for (const auto& asset : page_assets()) {
      const std::string path = asset.path, type = asset.content_type;
      const std::string body(asset.body);
      http.Get(path, [path, type, body](const auto&, auto& res) { res.set_content(body, type.c_str()); });
    }
  }
};

Server::Server(const ServerOptions& options) : impl_(std::make_unique<Impl>(options)) {}

Server::~Server() {
  stop();
  impl_->service->scheduler().shutdown();
}

int Server::bind() {
  auto& o = impl_->options;
  if (o.port == 0) {
    const int port = impl_->http.bind_to_any_port(o.host);
    NMT_CHECK(port > 0, "cannot listen on " << o.host << ": no free port");
    return port;
  }
  NMT_CHECK(impl_->http.bind_to_port(o.host, o.port),
            "cannot listen on " << o.host << ":" << o.port << " (in use, or not an address of this machine)");
  return o.port;
}

void Server::run() {
  impl_->http.listen_after_bind();  // returns after stop(), once the requests in flight are answered
  impl_->service->scheduler().shutdown();
}

void Server::stop() { impl_->http.stop(); }

int64_t Server::requests_served() const { return impl_->served; }

namespace {

// SIGINT/SIGTERM reach whichever thread has them unblocked (LibTorch's and
// OpenBLAS's pools start before the server), so the handler only writes the
// signal to a pipe; a watcher thread reads it and stops the server.
int stop_pipe[2] = {-1, -1};

void on_stop_signal(int signal) {
  const char byte = static_cast<char>(signal);
  [[maybe_unused]] auto written = ::write(stop_pipe[1], &byte, 1);
}

}  // namespace

void run_server(const ServerOptions& options) {
  Server server(options);
  const int port = server.bind();
  NMT_CHECK(::pipe(stop_pipe) == 0, "cannot create a pipe: " << std::strerror(errno));
  struct sigaction action {}, old_int {}, old_term {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, &old_int);
  ::sigaction(SIGTERM, &action, &old_term);
  std::thread watcher([&] {
    char signal = 0;
    while (::read(stop_pipe[0], &signal, 1) < 0 && errno == EINTR) {
    }
    if (signal == 0) return;  // the server stopped by itself
    std::cerr << "nmt serve: " << (signal == SIGTERM ? "SIGTERM" : "SIGINT")
              << ": finishing the requests in flight, then stopping\n";
    server.stop();
  });
  std::cerr << "nmt serve: " << options.models.size() << (options.models.size() == 1 ? " model" : " models")
            << ", listening on http://" << options.host << ":" << port << std::endl;
  server.run();
  const char done = 0;
  [[maybe_unused]] auto written = ::write(stop_pipe[1], &done, 1);  // wakes the watcher if no signal came
  watcher.join();
  ::sigaction(SIGINT, &old_int, nullptr);
  ::sigaction(SIGTERM, &old_term, nullptr);
  ::close(stop_pipe[0]);
  ::close(stop_pipe[1]);
  std::cerr << "nmt serve: stopped after " << server.requests_served() << " requests\n";
}

}  // namespace nmt::serve
