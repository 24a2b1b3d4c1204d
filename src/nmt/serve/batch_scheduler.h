#pragma once
// Dynamic batching for the server. The sentences of every request wait in
// one bounded queue; a persistent pool of decoding workers (threads that keep
// their intra-op thread count, inference mode and precision for their whole
// life) takes them in batches of up to max_batch_tokens (rows x beam x
// length), waiting at most
// max_wait_ms for company, and hands each result back to its request. A
// request's sentences may be spread over several batches; a sentence's
// translation never depends on its batch (decode/translator.h), so it is
// the same as `nmt translate` gives.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "nmt/decode/search.h"
#include "nmt/decode/translator.h"

namespace nmt::serve {

struct SchedulerOptions {
  int workers = 1;                  // decoding threads
  int threads_per_worker = 1;       // intra-op threads of each
  // Sentences x hypotheses each (the beam, or the n-best size where
  // larger) x (longest source + </s>): what the decoder's rows cost, so
  // that a beam of 4 takes a quarter of greedy search's sentences. 4096:
  // 32 sentences of 31 pieces at beam 4. On Zen 5, 64 verses at beam 4
  // translated 5-8% fewer sentences a second at c=64 than 32 (likely its
  // keys and values outgrowing the caches; docs/serving.md).
  int64_t max_batch_tokens = 4096;
  int64_t max_batch_sentences = 64;
  int max_wait_ms = 5;              // how long the first sentence of a batch waits for company
  int64_t queue_limit = 4096;       // sentences waiting at most; more is refused (429)
  bool batching = true;             // false: each batch holds the sentences of one request only
  // Continuous batching (decode::Translator::search_continuously): a
  // worker's batch keeps running, and waiting sentences of its model take
  // the rows of those that finish, between steps, within the same limits.
  // Where it cannot apply (not the CPU engine, Marian's search rule) and
  // for sentences with attention or constraints, batches are fixed.
  bool continuous = true;
  // A priority worker, beside the others: while every worker is busy and
  // a long request (more sentences than max_batch_sentences) is queued or
  // being translated, a request of at most this many sentences is
  // translated at once on a worker of its own, in a batch of its own,
  // instead of waiting for a place in the long request's batches (and
  // then decoding at their pace). It shares the cores with the others for
  // that while. 0: none.
  int64_t priority_sentences = 8;
};

// What a worker did with one batch (for /metrics).
struct BatchRecord {
  // kBatch: a fixed batch, delivered. kSentence: one sentence of a running
  // search, delivered as it finished (no time: the search goes on).
  // kRunningSearch: a running search ended: its time, and its sentences and
  // tokens for the batch figures, already counted sentence by sentence.
  enum class Kind { kBatch, kSentence, kRunningSearch } kind = Kind::kBatch;
  // generated_tokens: those of the translations the batch delivered (a
  // batch that failed and was retried sentence by sentence counts each
  // sentence's once).
  int64_t sentences = 0, tokens = 0, generated_tokens = 0;
  double seconds = 0;
};

struct SentenceResult {
  std::vector<decode::Hypothesis> n_best;
  // attention[t][s]: the best hypothesis's cross-attention (decode/alignment.h), when asked for.
  std::vector<std::vector<float>> attention;
};

// The sentences of one request for one model.
struct SentenceRequest {
  size_t model = 0;                        // index into the scheduler's translators
  std::vector<std::vector<int>> sources;   // piece ids, without </s>
  int64_t n_best = 1;
  bool attention = false;
  // Empty, or one per source: what its translation must contain (a
  // glossary's terms; decode/constrained_search.h).
  std::vector<decode::Constraints> constraints;
};

// A request's place in the queue; results arrive as the batches finish.
class Ticket {
 public:
  // True when every sentence is translated (or one failed: see error()),
  // false when the deadline came first; then its sentences not yet begun
  // leave the queue.
  bool wait_until(std::chrono::steady_clock::time_point deadline);
  const std::vector<SentenceResult>& results() const { return results_; }
  std::exception_ptr error() const { return error_; }
  bool cancelled() const { return cancelled_; }

 private:
  friend class BatchScheduler;
  std::mutex mutex_;
  std::condition_variable done_;
  std::vector<SentenceResult> results_;
  size_t remaining_ = 0;
  std::exception_ptr error_;
  std::atomic<bool> cancelled_{false};  // the workers skip its sentences still queued
};

struct QueueFull : std::exception {
  int64_t waiting, limit;
  QueueFull(int64_t w, int64_t l) : waiting(w), limit(l) {}
  const char* what() const noexcept override { return "translation queue full"; }
};

class BatchScheduler {
 public:
  // translators: one per served model, shared by the workers; `translate`:
  // the search options of each (beam, length penalty, limits, bf16; an
  // imported Marian model's search rules).
  BatchScheduler(std::vector<decode::Translator*> translators, std::vector<decode::TranslateOptions> translate,
                 SchedulerOptions options, std::function<void(const BatchRecord&)> on_batch = {});
  virtual ~BatchScheduler();
  BatchScheduler(const BatchScheduler&) = delete;
  BatchScheduler& operator=(const BatchScheduler&) = delete;

  // A request that will submit sentences soon (it is being read): while any
  // is on its way, a batch waits for company (up to max_wait_ms); when none
  // is, waiting would only add latency, so a batch starts at once. Hold the
  // returned object from a request's arrival until after its submit().
  class Arrival {
   public:
    explicit Arrival(BatchScheduler& s);
    ~Arrival() { arrived(); }
    void arrived();  // its sentences are queued (or it will queue none); idempotent
    Arrival(const Arrival&) = delete;
    Arrival& operator=(const Arrival&) = delete;

   private:
    BatchScheduler& scheduler_;
    bool pending_ = true;
  };

  // Queues the sentences (none: a ticket already done). Throws QueueFull
  // when they do not fit, or nmt::Error after shutdown().
  std::shared_ptr<Ticket> submit(SentenceRequest request);
  // Takes no more; the workers finish what is queued, then stop.
  void shutdown();
  int64_t queued_sentences() const;
  const SchedulerOptions& options() const { return options_; }

 protected:
  // One batch through its model's translator (the tests put a failing one
  // here); constraints: null, or one per source.
  virtual std::vector<std::vector<decode::Hypothesis>> translate_sources(
      size_t model, const std::vector<std::vector<int>>& sources, const decode::TranslateOptions& options,
      decode::TranslateStats* stats, decode::EngineCache& engines, const std::vector<decode::Constraints>* constraints);
  // The cross-attention of the best hypotheses (tgts) of a batch's sources
  // (decode/alignment.h), for the requests that asked.
  virtual std::vector<std::vector<std::vector<float>>> attention_of(size_t model,
                                                                    const std::vector<std::vector<int>>& srcs,
                                                                    const std::vector<std::vector<int>>& tgts,
                                                                    const decode::TranslateOptions& options);
  // Whether a batch of the model can run as a continuous search
  // (decode::Translator::continuous_for).
  virtual bool continuous_for(size_t model, const decode::TranslateOptions& options) const;
  // One running search (decode::Translator::search_continuously); the tests put a failing one here.
  virtual bool search_continuously(size_t model, decode::SentenceSource& source, const decode::TranslateOptions& options,
                                   decode::TranslateStats& stats, decode::EngineCache& engines);
  // Stops the workers; a subclass calls it from its destructor (they call translate_sources).
  void stop_workers();

 private:
  struct Entry {
    std::shared_ptr<Ticket> ticket;
    size_t index;  // the sentence's place in its request
    size_t model;
    int64_t n_best;
    bool attention;
    std::vector<int> source;
    int64_t request_size;  // the sentences of its request
    std::shared_ptr<const decode::Constraints> constraints;  // null: none
    std::chrono::steady_clock::time_point queued_at;
  };
  class RunningSearch;
  void work();
  // The priority worker (SchedulerOptions::priority_sentences).
  void work_priority();
  // Under mutex_: whether the entry's request is long (more sentences than a batch holds).
  bool is_long(const Entry& e) const { return e.request_size > options_.max_batch_sentences; }
  // Under mutex_: whether every regular worker is translating a batch, the
  // only time the priority worker may take a request.
  bool every_worker_busy() const { return busy_ >= options_.workers; }
  // Under mutex_: the request the priority worker should take now, or null.
  const Ticket* priority_request() const;
  // The translate options of a batch of `model` with this n-best size.
  decode::TranslateOptions options_for(size_t model, int64_t n_best, int64_t batch_size) const;
  // The decoder rows one sentence of `model` takes (its beam, or the n-best size where larger).
  int64_t rows_per_sentence(size_t model, int64_t n_best) const;
  bool runs_continuously(const std::vector<Entry>& batch) const;
  // Runs `batch` as a continuous search that takes waiting sentences as its
  // own finish, each handed to its request as soon as it is found. If the
  // search throws, the sentences it had not finished go to translate_batch
  // (its retry keeps the failure to the requests whose sentences fail).
  void run_continuously(std::vector<Entry>& batch, decode::EngineCache& engines);
  // Hands a sentence's result (or its error) to its request.
  static void deliver(const Entry& entry, SentenceResult result, std::exception_ptr error);
  std::vector<Entry> next_batch(std::unique_lock<std::mutex>& lock);
  std::vector<size_t> in_turns(const std::function<bool(const Entry&)>& fits) const;
  // Under mutex_: moves the entries at these ascending queue positions out of the queue.
  std::vector<Entry> take_from_queue(const std::vector<size_t>& taken);
  // Translates the batch and hands each sentence's result to its request.
  // A batch that throws is tried again one sentence at a time, so only the
  // requests whose own sentences fail get the error; a failed request's
  // sentences still queued are dropped.
  // `engines`: the worker's own, kept for its life (buffers, thread pool).
  void translate_batch(std::vector<Entry>& batch, decode::EngineCache& engines);
  // The n-best lists (and attention, where asked) of the entries; throws what the translator throws.
  void translate_entries(const std::vector<Entry>& batch, std::vector<std::vector<decode::Hypothesis>>& found,
                         std::vector<std::vector<std::vector<float>>>& attention, BatchRecord& record,
                         decode::EngineCache& engines);

  std::vector<decode::Translator*> translators_;
  std::vector<decode::TranslateOptions> translate_;
  SchedulerOptions options_;
  std::function<void(const BatchRecord&)> on_batch_;
  mutable std::mutex mutex_;
  // The regular workers wait on work_changed_ (a sentence queued, a request
  // arrived, stopping); the priority worker on priority_changed_, notified
  // only where priority_request() may have become non-null (every regular
  // worker busy and a sentence queued), so that a lone request does not wake it.
  std::condition_variable work_changed_;
  std::condition_variable priority_changed_;
  std::deque<Entry> queue_;
  bool stopping_ = false;
  int arriving_ = 0;  // requests being read that will submit (Arrival)
  int busy_ = 0;       // workers translating a batch
  int busy_long_ = 0;  // of them, those whose batch began with a long request's sentences
  std::vector<std::thread> workers_;
  std::thread priority_worker_;
};

}  // namespace nmt::serve
