#include "nmt/serve/batch_scheduler.h"

#include <algorithm>
#include <unordered_map>

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>

#include "nmt/common/error.h"
#include "nmt/decode/alignment.h"
#include "nmt/model/bf16.h"

namespace nmt::serve {

bool Ticket::wait_until(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (done_.wait_until(lock, deadline, [&] { return remaining_ == 0 || error_; })) return true;
  cancelled_ = true;
  return false;
}

BatchScheduler::BatchScheduler(std::vector<decode::Translator*> translators, std::vector<decode::TranslateOptions> translate,
                               SchedulerOptions options, std::function<void(const BatchRecord&)> on_batch)
    : translators_(std::move(translators)),
      translate_(std::move(translate)),
      options_(options),
      on_batch_(std::move(on_batch)) {
  NMT_CHECK(options_.workers >= 1, "workers must be >= 1, got " << options_.workers);
  NMT_CHECK(translate_.size() == translators_.size(), "one set of translate options per model");
  NMT_CHECK(options_.max_batch_tokens >= 1 && options_.max_batch_sentences >= 1 && options_.queue_limit >= 1,
            "batch and queue limits must be >= 1");
  NMT_CHECK(options_.priority_sentences >= 0, "priority sentences must be >= 0, got " << options_.priority_sentences);
  for (int w = 0; w < options_.workers; ++w) workers_.emplace_back([this] { work(); });
  if (options_.priority_sentences > 0) priority_worker_ = std::thread([this] { work_priority(); });
}

BatchScheduler::~BatchScheduler() { shutdown(); }

void BatchScheduler::stop_workers() { shutdown(); }

std::vector<std::vector<decode::Hypothesis>> BatchScheduler::translate_sources(
    size_t model, const std::vector<std::vector<int>>& sources, const decode::TranslateOptions& options,
    decode::TranslateStats* stats, decode::EngineCache& engines, const std::vector<decode::Constraints>* constraints) {
  return translators_[model]->translate(sources, options, stats, &engines, constraints);
}

bool BatchScheduler::continuous_for(size_t model, const decode::TranslateOptions& options) const {
  return translators_[model]->continuous_for(options);
}

bool BatchScheduler::search_continuously(size_t model, decode::SentenceSource& source,
                                         const decode::TranslateOptions& options, decode::TranslateStats& stats,
                                         decode::EngineCache& engines) {
  return translators_[model]->search_continuously(source, options, stats, engines);
}

BatchScheduler::Arrival::Arrival(BatchScheduler& s) : scheduler_(s) {
  std::lock_guard<std::mutex> lock(scheduler_.mutex_);
  ++scheduler_.arriving_;
}

void BatchScheduler::Arrival::arrived() {
  if (!pending_) return;
  pending_ = false;
  bool queued = false;
  {
    std::lock_guard<std::mutex> lock(scheduler_.mutex_);
    --scheduler_.arriving_;
    queued = !scheduler_.queue_.empty();
  }
  // Only a worker holding a queued sentence waits for arrivals (company);
  // with none queued, waking the idle threads would only cost a lone
  // request their wake-ups.
  if (queued) scheduler_.work_changed_.notify_all();
}

std::shared_ptr<Ticket> BatchScheduler::submit(SentenceRequest request) {
  auto ticket = std::make_shared<Ticket>();
  const size_t n = request.sources.size();
  ticket->results_.resize(n);
  ticket->remaining_ = n;
  if (n == 0) return ticket;
  NMT_CHECK(request.model < translators_.size(), "no model " << request.model);
  NMT_CHECK(request.constraints.empty() || request.constraints.size() == n,
            request.constraints.size() << " sets of constraints for " << n << " sentences");
  const auto now = std::chrono::steady_clock::now();
  bool all_busy = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    NMT_CHECK(!stopping_, "the server is shutting down");
    const auto waiting = static_cast<int64_t>(queue_.size());
    if (waiting + static_cast<int64_t>(n) > options_.queue_limit) throw QueueFull(waiting, options_.queue_limit);
    for (size_t i = 0; i < n; ++i) {
      std::shared_ptr<const decode::Constraints> constraints;
      if (!request.constraints.empty() && !request.constraints[i].empty())
        constraints = std::make_shared<const decode::Constraints>(std::move(request.constraints[i]));
      queue_.push_back(Entry{ticket, i, request.model, request.n_best, request.attention,
                             std::move(request.sources[i]), static_cast<int64_t>(n), std::move(constraints), now});
    }
    all_busy = every_worker_busy();
  }
  work_changed_.notify_all();
  if (all_busy) priority_changed_.notify_one();
  return ticket;
}

void BatchScheduler::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_changed_.notify_all();
  priority_changed_.notify_all();
  for (auto& w : workers_) {
    if (w.joinable()) w.join();
  }
  if (priority_worker_.joinable()) priority_worker_.join();
}

int64_t BatchScheduler::queued_sentences() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int64_t>(queue_.size());
}

void BatchScheduler::work() {
  at::init_num_threads();  // this thread's OpenMP team: the intra-op count the server set
  decode::EngineCache engines;  // this worker's CPU engines, made at its first batch of each model
  for (;;) {
    std::vector<Entry> batch;
    bool long_request = false, wake_priority = false;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      batch = next_batch(lock);
      if (batch.empty()) return;  // stopping, nothing left
      long_request = is_long(batch.front());
      ++busy_, busy_long_ += long_request;
      wake_priority = every_worker_busy() && !queue_.empty();
    }
    // The priority worker may now take a short request, if one is queued
    // and every regular worker is busy (else its condition has not changed).
    if (wake_priority) priority_changed_.notify_one();
    if (runs_continuously(batch)) {
      run_continuously(batch, engines);
    } else {
      translate_batch(batch, engines);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    --busy_, busy_long_ -= long_request;
  }
}

const Ticket* BatchScheduler::priority_request() const {
  if (!every_worker_busy()) return nullptr;  // a free worker takes it at once
  // One pass: the first short request, and whether a long one is about.
  bool long_about = busy_long_ > 0;
  const Ticket* first_short = nullptr;
  for (const auto& e : queue_) {
    if (is_long(e)) {
      long_about = true;
    } else if (first_short == nullptr && e.request_size <= options_.priority_sentences && !e.ticket->cancelled()) {
      first_short = e.ticket.get();
    }
    if (long_about && first_short != nullptr) break;
  }
  return long_about ? first_short : nullptr;
}

// Takes the whole of one short request at a time, in a fixed batch (its
// translation is what any batch gives), while the regular workers are all
// busy beside a long request.
void BatchScheduler::work_priority() {
  at::init_num_threads();
  decode::EngineCache engines;  // its own: it runs beside the regular workers
  for (;;) {
    std::vector<Entry> batch;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      const Ticket* request = nullptr;  // the wait's answer, found under the lock it returns with
      priority_changed_.wait(lock, [&] { return stopping_ || (request = priority_request()) != nullptr; });
      if (stopping_) return;  // the regular workers finish what is queued
      std::vector<size_t> taken;
      for (size_t i = 0; i < queue_.size(); ++i) {
        if (queue_[i].ticket.get() == request) taken.push_back(i);
      }
      batch = take_from_queue(taken);
    }
    translate_batch(batch, engines);
  }
}

// Under mutex_. The queue positions of the entries that `fits`, by turns:
// the first sentence of each request (requests in the order their first
// sentence is queued), then the second of each, and so on. Within a
// request, its sentences come in windows of 2 x max_batch_sentences,
// shortest first, so that a batch holds sentences of like lengths (less
// padding in fixed batches); the order changes only within a window.
std::vector<size_t> BatchScheduler::in_turns(const std::function<bool(const Entry&)>& fits) const {
  std::vector<std::vector<size_t>> of_request;
  std::unordered_map<const Ticket*, size_t> request_index;
  for (size_t i = 0; i < queue_.size(); ++i) {
    if (!fits(queue_[i])) continue;
    const auto [it, added] = request_index.emplace(queue_[i].ticket.get(), of_request.size());
    if (added) of_request.emplace_back();
    of_request[it->second].push_back(i);
  }
  const auto window = static_cast<size_t>(2 * options_.max_batch_sentences);
  for (auto& positions : of_request) {
    for (size_t w = 0; w < positions.size(); w += window) {
      std::stable_sort(positions.begin() + static_cast<int64_t>(w),
                       positions.begin() + static_cast<int64_t>(std::min(w + window, positions.size())),
                       [&](size_t a, size_t b) { return queue_[a].source.size() < queue_[b].source.size(); });
    }
  }
  std::vector<size_t> order;
  for (size_t turn = 0, left = 1; left > 0; ++turn) {
    left = 0;
    for (const auto& positions : of_request) {
      if (turn < positions.size()) order.push_back(positions[turn]);
      left += turn + 1 < positions.size();
    }
  }
  return order;
}

// Under mutex_. Waits for a first sentence, then, while other requests are
// on their way (Arrival), up to max_wait_ms after it was queued for enough
// others with the same model and n-best size (they share a search) to fill
// the batch. Requests take turns: one sentence of each (in queue order) per
// round, so that a short request queued behind a long one goes into the
// next batch instead of waiting for all of the long one's.
std::vector<BatchScheduler::Entry> BatchScheduler::next_batch(std::unique_lock<std::mutex>& lock) {
  for (;;) {
    work_changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    queue_.erase(std::remove_if(queue_.begin(), queue_.end(), [](const Entry& e) { return e.ticket->cancelled(); }),
                 queue_.end());
    if (queue_.empty()) {
      if (stopping_) return {};
      continue;
    }
    const size_t model = queue_.front().model;
    const int64_t n_best = queue_.front().n_best;
    const Ticket* request = queue_.front().ticket.get();
    const int64_t hypotheses = rows_per_sentence(model, n_best);
    auto fits = [&](const Entry& e) {
      return e.model == model && e.n_best == n_best && (options_.batching || e.ticket.get() == request);
    };
    // The entries a batch would take now, in ascending queue positions:
    // sentences x hypotheses x (longest source + </s>) within the limits.
    auto pick = [&] {
      std::vector<size_t> taken;
      int64_t longest = 0;
      bool full = false;
      for (const size_t i : in_turns(fits)) {
        const Entry& e = queue_[i];
        const int64_t len = std::max<int64_t>(longest, static_cast<int64_t>(e.source.size()) + 1);
        const auto rows = static_cast<int64_t>(taken.size()) + 1;
        if (!taken.empty() && (rows * hypotheses * len > options_.max_batch_tokens || rows > options_.max_batch_sentences)) {
          full = true;
          break;
        }
        taken.push_back(i);
        longest = len;
      }
      std::sort(taken.begin(), taken.end());
      return std::make_pair(taken, full || !options_.batching);
    };
    const auto deadline = queue_.front().queued_at + std::chrono::milliseconds(options_.max_wait_ms);
    auto [taken, full] = pick();
    while (!full && !stopping_ && arriving_ > 0 && std::chrono::steady_clock::now() < deadline) {
      work_changed_.wait_until(lock, deadline);
      if (queue_.empty() || queue_.front().ticket.get() != request) break;  // another worker took them
      std::tie(taken, full) = pick();
    }
    // `taken` was picked under the lock after the last wait: it is current.
    if (queue_.empty() || queue_.front().ticket.get() != request) continue;

    auto batch = take_from_queue(taken);
    if (!queue_.empty()) work_changed_.notify_all();  // another worker may start on the rest
    return batch;
  }
}

std::vector<BatchScheduler::Entry> BatchScheduler::take_from_queue(const std::vector<size_t>& taken) {
  std::vector<Entry> out;
  out.reserve(taken.size());
  for (size_t i : taken) out.push_back(std::move(queue_[i]));
  size_t k = 0, kept = 0;
  for (size_t i = 0; i < queue_.size(); ++i) {  // erase the taken ones, keeping the order
    if (k < taken.size() && taken[k] == i) {
      ++k;
      continue;
    }
    if (kept != i) queue_[kept] = std::move(queue_[i]);
    ++kept;
  }
  queue_.resize(kept);
  return out;
}

int64_t BatchScheduler::rows_per_sentence(size_t model, int64_t n_best) const {
  return std::max<int64_t>(translate_[model].search.beam, n_best);
}

decode::TranslateOptions BatchScheduler::options_for(size_t model, int64_t n_best, int64_t batch_size) const {
  decode::TranslateOptions options = translate_[model];
  options.batch_size = batch_size;
  options.workers = 1;
  options.search.n_best = n_best;
  return options;
}

void BatchScheduler::translate_entries(const std::vector<Entry>& batch,
                                       std::vector<std::vector<decode::Hypothesis>>& found,
                                       std::vector<std::vector<std::vector<float>>>& attention, BatchRecord& record,
                                       decode::EngineCache& engines) {
  std::vector<std::vector<int>> sources;
  sources.reserve(batch.size());
  for (const auto& e : batch) sources.push_back(e.source);
  const auto options = options_for(batch.front().model, batch.front().n_best, static_cast<int64_t>(batch.size()));
  std::vector<decode::Constraints> constraints;
  if (std::any_of(batch.begin(), batch.end(), [](const Entry& e) { return e.constraints != nullptr; })) {
    for (const auto& e : batch) constraints.push_back(e.constraints ? *e.constraints : decode::Constraints{});
  }
  decode::TranslateStats stats;
  found = translate_sources(batch.front().model, sources, options, &stats, engines,
                            constraints.empty() ? nullptr : &constraints);
  attention.assign(batch.size(), {});
  // The cross-attention of the best hypotheses, for the requests that asked.
  std::vector<size_t> asked;
  for (size_t i = 0; i < batch.size(); ++i) {
    if (batch[i].attention && !found[i].empty()) asked.push_back(i);
  }
  if (!asked.empty()) {
    std::vector<std::vector<int>> srcs, tgts;
    for (size_t i : asked) {
      srcs.push_back(sources[i]);
      tgts.push_back(found[i][0].tokens);
    }
    auto weights = attention_of(batch.front().model, srcs, tgts, options);
    for (size_t k = 0; k < asked.size(); ++k) attention[asked[k]] = std::move(weights[k]);
  }
  // Counted once the batch has all it delivers: a failure above leaves it
  // to the retry, sentence by sentence.
  record.generated_tokens += stats.generated_tokens;
}

std::vector<std::vector<std::vector<float>>> BatchScheduler::attention_of(size_t model_index,
                                                                          const std::vector<std::vector<int>>& srcs,
                                                                          const std::vector<std::vector<int>>& tgts,
                                                                          const decode::TranslateOptions& options) {
  c10::InferenceMode inference;
  model::Bf16Scope autocast(options.bf16);
  model::Transformer model = translators_[model_index]->model();
  return decode::cross_attention(model, srcs, tgts);
}

void BatchScheduler::deliver(const Entry& entry, SentenceResult result, std::exception_ptr error) {
  Ticket& t = *entry.ticket;
  std::lock_guard<std::mutex> lock(t.mutex_);
  if (error) {
    if (!t.error_) t.error_ = error;
    t.cancelled_ = true;  // its sentences still queued are not translated
  } else if (!t.error_) {
    t.results_[entry.index] = std::move(result);
    --t.remaining_;
  }
  if (t.remaining_ == 0 || t.error_) t.done_.notify_all();
}

void BatchScheduler::translate_batch(std::vector<Entry>& batch, decode::EngineCache& engines) {
  const auto start = std::chrono::steady_clock::now();
  BatchRecord record;
  record.sentences = static_cast<int64_t>(batch.size());
  int64_t longest = 0;
  for (const auto& e : batch) longest = std::max<int64_t>(longest, static_cast<int64_t>(e.source.size()) + 1);
  record.tokens = record.sentences * longest;

  std::vector<std::vector<decode::Hypothesis>> found;
  std::vector<decode::AttentionMatrix> attention;
  std::vector<std::exception_ptr> errors(batch.size());
  try {
    translate_entries(batch, found, attention, record, engines);
  } catch (...) {
    if (batch.size() == 1) {
      errors[0] = std::current_exception();
    } else {  // one sentence at a time: the failure stays with its own request
      found.assign(batch.size(), {});
      attention.assign(batch.size(), {});
      for (size_t i = 0; i < batch.size(); ++i) {
        if (batch[i].ticket->cancelled()) continue;  // its request failed or gave up meanwhile
        std::vector<Entry> one{batch[i]};
        std::vector<std::vector<decode::Hypothesis>> one_found;
        std::vector<decode::AttentionMatrix> one_attention;
        try {
          translate_entries(one, one_found, one_attention, record, engines);
          found[i] = std::move(one_found[0]);
          attention[i] = std::move(one_attention[0]);
        } catch (...) {
          errors[i] = std::current_exception();
          batch[i].ticket->cancelled_ = true;
        }
      }
    }
  }
  for (size_t i = 0; i < batch.size(); ++i) {  // found has every entry without an error: the batch's, or the retry's
    deliver(batch[i], errors[i] ? SentenceResult{} : SentenceResult{std::move(found[i]), std::move(attention[i])},
            errors[i]);
  }
  record.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (on_batch_) on_batch_(record);
}

// A running search's sentences: the batch it starts with, then waiting
// sentences that can share it (same model and n-best size, no attention or
// constraints), in turns as next_batch takes them, within the batch limits
// counted over the sentences running. Each result goes to its request as
// soon as it is found.
class BatchScheduler::RunningSearch : public decode::SentenceSource {
 public:
  static constexpr int64_t kSentencesPerSearch = 16;  // x max_batch_sentences
  RunningSearch(BatchScheduler& scheduler, std::vector<Entry> first)
      : scheduler_(scheduler), first_(std::move(first)), model_(first_.front().model),
        n_best_(first_.front().n_best), request_(first_.front().ticket.get()) {}

  std::vector<std::vector<int>> take(int64_t room, int64_t running) override {
    // A search keeps a little of every sentence it has taken (its length
    // limit, its slot in the results): under a steady load it would never
    // end, so after kSentencesPerSearch x the batch it takes no more, ends
    // when those finish, and the worker starts a new one.
    const auto most = kSentencesPerSearch * scheduler_.options_.max_batch_sentences;
    if (!taken_.empty() && static_cast<int64_t>(taken_.size()) >= most) return {};
    room = std::min(room, most - static_cast<int64_t>(taken_.size()));
    auto joining = taken_.empty() ? std::move(first_) : waiting(room, running);
    std::vector<std::vector<int>> sources;
    for (auto& e : joining) {
      sources.push_back(e.source);
      taken_.push_back(std::move(e));
      done_.push_back(false);
    }
    return sources;
  }
  void finished(size_t id, std::vector<decode::Hypothesis> n_best) override {
    done_.at(id) = true;
    BatchRecord sentence;
    sentence.kind = BatchRecord::Kind::kSentence;
    sentence.sentences = 1;
    sentence.tokens = static_cast<int64_t>(taken_[id].source.size()) + 1;
    sentence.generated_tokens = n_best.empty() ? 0 : static_cast<int64_t>(n_best[0].tokens.size());
    record_.sentences += sentence.sentences;
    record_.tokens += sentence.tokens;
    record_.generated_tokens += sentence.generated_tokens;
    if (scheduler_.on_batch_) scheduler_.on_batch_(sentence);  // counted now (the search goes on), before its answer
    deliver(taken_[id], SentenceResult{std::move(n_best), {}}, nullptr);
    taken_[id] = Entry{};  // its request (and the results it holds) need not wait for the search to end
  }
  // The sentences taken and not finished (after a failure), in the order taken.
  std::vector<Entry> unfinished() {
    std::vector<Entry> out;
    for (size_t i = 0; i < taken_.size(); ++i) {
      if (!done_[i]) out.push_back(std::move(taken_[i]));
    }
    return out;
  }
  BatchRecord& record() { return record_; }

 private:
  std::vector<Entry> waiting(int64_t room, int64_t running) {
    int64_t longest = 0;  // of the sentences running, + </s>
    for (size_t i = 0; i < taken_.size(); ++i) {
      if (!done_[i]) longest = std::max<int64_t>(longest, static_cast<int64_t>(taken_[i].source.size()) + 1);
    }
    const auto& limits = scheduler_.options_;
    const int64_t hypotheses = scheduler_.rows_per_sentence(model_, n_best_);
    // No waiting sentence fits the token budget beside the running ones
    // (each has at least `longest` tokens then): the queue need not be read.
    // Under long sentences this holds at most steps, and each step would
    // otherwise scan the whole queue under the scheduler's lock.
    if ((running + 1) * hypotheses * longest > limits.max_batch_tokens) return {};
    std::lock_guard<std::mutex> lock(scheduler_.mutex_);
    auto& queue = scheduler_.queue_;
    queue.erase(std::remove_if(queue.begin(), queue.end(), [](const Entry& e) { return e.ticket->cancelled(); }),
                queue.end());
    const auto order = scheduler_.in_turns([&](const Entry& e) {
      return e.model == model_ && e.n_best == n_best_ && !e.attention && !e.constraints &&
             (limits.batching || e.ticket.get() == request_);
    });
    std::vector<size_t> taken;
    for (const size_t i : order) {
      const int64_t len = std::max<int64_t>(longest, static_cast<int64_t>(queue[i].source.size()) + 1);
      const int64_t rows = running + static_cast<int64_t>(taken.size()) + 1;
      if (static_cast<int64_t>(taken.size()) == room || rows * hypotheses * len > limits.max_batch_tokens) break;
      taken.push_back(i);
      longest = len;
    }
    // Unless all that wait can join, they join when they are a quarter of
    // the rows or more (the room or the token budget bounds them): the
    // encoder runs faster on several sources than on one after another.
    const auto joining = static_cast<int64_t>(taken.size());
    if (taken.size() < order.size() && joining < std::max<int64_t>(1, (running + joining) / 4)) return {};
    std::sort(taken.begin(), taken.end());
    return scheduler_.take_from_queue(taken);
  }

  BatchScheduler& scheduler_;
  std::vector<Entry> first_;
  const size_t model_;
  const int64_t n_best_;
  const Ticket* request_;
  std::vector<Entry> taken_;  // by id
  std::vector<bool> done_;
  BatchRecord record_;
};

bool BatchScheduler::runs_continuously(const std::vector<Entry>& batch) const {
  if (!options_.continuous) return false;
  for (const auto& e : batch) {
    if (e.attention || e.constraints) return false;
  }
  const auto& first = batch.front();
  return continuous_for(first.model, options_for(first.model, first.n_best, options_.max_batch_sentences));
}

void BatchScheduler::run_continuously(std::vector<Entry>& batch, decode::EngineCache& engines) {
  const auto start = std::chrono::steady_clock::now();
  const size_t model = batch.front().model;
  const auto options = options_for(model, batch.front().n_best, options_.max_batch_sentences);
  RunningSearch running(*this, std::move(batch));
  decode::TranslateStats stats;
  std::vector<Entry> rest;
  try {
    search_continuously(model, running, options, stats, engines);
  } catch (...) {
    rest = running.unfinished();
  }
  auto& record = running.record();
  record.kind = BatchRecord::Kind::kRunningSearch;
  record.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (on_batch_ && record.sentences > 0) on_batch_(record);
  if (!rest.empty()) translate_batch(rest, engines);
}

}  // namespace nmt::serve
