// The batch scheduler's fault isolation, with a translator that fails on
// one marked sentence: only the request holding it fails, the others in the
// same batch get their translations, and the failed request's sentences
// still queued are never translated; the same with continuous batching,
// whose running search takes sentences queued while it runs.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "nmt/common/error.h"
#include "nmt/serve/batch_scheduler.h"

namespace nmt::serve {
namespace {

constexpr int kPoison = 13;  // a sentence [13] makes the translator throw
constexpr int kAttentionPoison = 14;  // [14] translates, but its attention throws

// "Translates" each source into itself reversed; throws for a batch holding [13].
class FailingScheduler : public BatchScheduler {
 public:
  explicit FailingScheduler(SchedulerOptions options, std::function<void(const BatchRecord&)> on_batch = {},
                            decode::TranslateOptions translate = {})
      : BatchScheduler({nullptr}, {std::move(translate)}, options, std::move(on_batch)) {}
  ~FailingScheduler() override { stop_workers(); }

  std::set<std::vector<int>> translated() {
    std::lock_guard<std::mutex> lock(mutex_);
    return translated_;
  }
  int batches() const { return batches_; }
  int searches() const { return searches_; }
  size_t most_running() {
    std::lock_guard<std::mutex> lock(mutex_);
    return most_running_;
  }
  // How many sentences each take() of a running search gave (its first batch included).
  std::vector<size_t> joins() {
    std::lock_guard<std::mutex> lock(mutex_);
    return joins_;
  }
  std::vector<std::vector<int>> finish_order() {
    std::lock_guard<std::mutex> lock(mutex_);
    return finish_order_;
  }

 protected:
  std::vector<std::vector<decode::Hypothesis>> translate_sources(size_t, const std::vector<std::vector<int>>& sources,
                                                                 const decode::TranslateOptions&,
                                                                 decode::TranslateStats* stats,
                                                                 decode::EngineCache&,
                                                                 const std::vector<decode::Constraints>*) override {
    ++batches_;
    for (const auto& s : sources) {
      if (s == std::vector<int>{kPoison}) NMT_FAIL("cannot translate sentence [13]");
    }
    std::vector<std::vector<decode::Hypothesis>> out;
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& s : sources) {
      translated_.insert(s);
      out.push_back({decode::Hypothesis{std::vector<int>(s.rbegin(), s.rend())}});
      stats->generated_tokens += static_cast<int64_t>(s.size());
    }
    return out;
  }
  // A stand-in for the engine's running search: each step every sentence
  // running "generates" one piece, and a sentence of n pieces finishes at
  // its n-th step with its pieces reversed ([13] throws at its first); then
  // the source fills the room.
  bool continuous_for(size_t, const decode::TranslateOptions&) const override { return true; }
  bool search_continuously(size_t, decode::SentenceSource& source, const decode::TranslateOptions& options,
                           decode::TranslateStats& stats, decode::EngineCache&) override {
    struct Running {
      size_t id;
      std::vector<int> source;
      size_t steps = 0;
    };
    std::vector<Running> running;
    size_t ids = 0;
    auto take = [&](int64_t room) {
      auto sources = source.take(room, static_cast<int64_t>(running.size()));
      if (!sources.empty()) {
        std::lock_guard<std::mutex> lock(mutex_);
        joins_.push_back(sources.size());
      }
      for (auto& s : sources) running.push_back({ids++, std::move(s)});
    };
    take(options.batch_size);
    if (running.empty()) return false;
    ++searches_;
    while (!running.empty()) {
      on_step(running.size());
      {
        std::lock_guard<std::mutex> lock(mutex_);
        most_running_ = std::max(most_running_, running.size());
      }
      for (auto& r : running) {
        if (r.source == std::vector<int>{kPoison}) NMT_FAIL("cannot translate sentence [13]");
        ++r.steps;
      }
      for (auto it = running.begin(); it != running.end();) {
        if (it->steps < it->source.size()) {
          ++it;
          continue;
        }
        {
          std::lock_guard<std::mutex> lock(mutex_);
          translated_.insert(it->source);
          finish_order_.push_back(it->source);
        }
        stats.generated_tokens += static_cast<int64_t>(it->source.size());
        source.finished(it->id, {decode::Hypothesis{std::vector<int>(it->source.rbegin(), it->source.rend())}});
        it = running.erase(it);
      }
      take(options.batch_size - static_cast<int64_t>(running.size()));
    }
    return true;
  }
  // Called before each step of a running search with the sentences running.
  virtual void on_step(size_t /*running*/) {}
  // One row per target piece, each all on the first source position.
  std::vector<std::vector<std::vector<float>>> attention_of(size_t, const std::vector<std::vector<int>>& srcs,
                                                            const std::vector<std::vector<int>>& tgts,
                                                            const decode::TranslateOptions&) override {
    std::vector<std::vector<std::vector<float>>> out;
    for (size_t i = 0; i < srcs.size(); ++i) {
      if (srcs[i] == std::vector<int>{kAttentionPoison}) NMT_FAIL("no attention for sentence [14]");
      std::vector<float> row(srcs[i].size() + 1, 0.0f);
      row[0] = 1.0f;
      out.emplace_back(tgts[i].size() + 1, row);
    }
    return out;
  }

 private:
  std::mutex mutex_;
  std::set<std::vector<int>> translated_;
  std::atomic<int> batches_{0}, searches_{0};
  size_t most_running_ = 0;
  std::vector<std::vector<int>> finish_order_;  // by running searches
  std::vector<size_t> joins_;
};

SentenceRequest request(std::vector<std::vector<int>> sources) {
  SentenceRequest r;
  r.sources = std::move(sources);
  return r;
}

const auto kDeadline = [] { return std::chrono::steady_clock::now() + std::chrono::seconds(30); };

// Each case runs with fixed batches and with continuous batching.
class SchedulerModes : public ::testing::TestWithParam<bool> {
 protected:
  SchedulerOptions options() const {
    SchedulerOptions o;
    o.continuous = GetParam();
    return o;
  }
};
INSTANTIATE_TEST_SUITE_P(BatchSchedulerTest, SchedulerModes, ::testing::Values(false, true),
                         [](const auto& info) { return std::string(info.param ? "Continuous" : "Fixed"); });

TEST_P(SchedulerModes, AFailingSentenceFailsOnlyItsOwnRequest) {
  SchedulerOptions options = this->options();
  options.max_wait_ms = 200;
  FailingScheduler scheduler(options);
  std::shared_ptr<Ticket> good, bad, other;
  {
    // Both requests "on their way": the first batch waits for them and takes all six sentences.
    BatchScheduler::Arrival a(scheduler), b(scheduler), c(scheduler);
    good = scheduler.submit(request({{1, 2}, {3, 4, 5}}));
    a.arrived();
    bad = scheduler.submit(request({{6}, {kPoison}, {7, 8}}));
    b.arrived();
    other = scheduler.submit(request({{9, 10}}));
    c.arrived();
  }
  ASSERT_TRUE(good->wait_until(kDeadline()));
  ASSERT_TRUE(bad->wait_until(kDeadline()));
  ASSERT_TRUE(other->wait_until(kDeadline()));
  EXPECT_FALSE(good->error());
  EXPECT_FALSE(other->error());
  ASSERT_EQ(good->results().size(), 2u);
  EXPECT_EQ(good->results()[1].n_best.at(0).tokens, (std::vector<int>{5, 4, 3}));
  EXPECT_EQ(other->results()[0].n_best.at(0).tokens, (std::vector<int>{10, 9}));
  ASSERT_TRUE(bad->error());
  try {
    std::rethrow_exception(bad->error());
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "cannot translate sentence [13]");
  }
}

// A batch whose translations succeed but whose attention fails is retried
// sentence by sentence: only the request of the sentence whose attention
// fails fails, and the batch counts the tokens it delivered once.
TEST(BatchSchedulerTest, AFailingAttentionFailsOnlyItsRequestAndTokensCountOnce) {
  SchedulerOptions options;
  options.max_wait_ms = 200;
  std::mutex records_mutex;
  int64_t generated = 0, batches = 0;
  FailingScheduler scheduler(options, [&](const BatchRecord& r) {
    std::lock_guard<std::mutex> lock(records_mutex);
    generated += r.generated_tokens;
    ++batches;
  });
  auto with_attention = [](std::vector<std::vector<int>> sources) {
    auto r = request(std::move(sources));
    r.attention = true;
    return r;
  };
  std::shared_ptr<Ticket> good, bad;
  {
    BatchScheduler::Arrival a(scheduler), b(scheduler);
    good = scheduler.submit(with_attention({{1, 2}, {3, 4, 5}}));
    a.arrived();
    bad = scheduler.submit(with_attention({{kAttentionPoison}}));
    b.arrived();
  }
  ASSERT_TRUE(good->wait_until(kDeadline()));
  ASSERT_TRUE(bad->wait_until(kDeadline()));
  ASSERT_FALSE(good->error());
  ASSERT_EQ(good->results().size(), 2u);
  EXPECT_EQ(good->results()[1].n_best.at(0).tokens, (std::vector<int>{5, 4, 3}));
  ASSERT_EQ(good->results()[1].attention.size(), 4u);  // 3 pieces and </s>
  EXPECT_EQ(good->results()[1].attention[0], (std::vector<float>{1, 0, 0, 0}));
  ASSERT_TRUE(bad->error());
  try {
    std::rethrow_exception(bad->error());
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()), "no attention for sentence [14]");
  }
  // The batch's record comes after its requests are answered.
  std::unique_lock<std::mutex> lock(records_mutex);
  for (int wait = 0; batches == 0 && wait < 3000; ++wait) {
    lock.unlock();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    lock.lock();
  }
  ASSERT_EQ(batches, 1) << "the three sentences were meant to share one batch";
  EXPECT_EQ(generated, 5) << "tokens of the delivered translations ([2 1] and [5 4 3]), each once";
}

TEST_P(SchedulerModes, AFailedRequestsQueuedSentencesAreDropped) {
  SchedulerOptions options = this->options();
  options.max_batch_sentences = 1;  // one sentence a batch: the rest wait in the queue
  options.max_wait_ms = 0;
  FailingScheduler scheduler(options);
  std::vector<std::vector<int>> sources = {{kPoison}};
  for (int i = 100; i < 140; ++i) sources.push_back({i});
  auto bad = scheduler.submit(request(sources));
  ASSERT_TRUE(bad->wait_until(kDeadline()));
  ASSERT_TRUE(bad->error());
  // A later request is served; of the failed one's 40 good sentences, at
  // most those a worker had already taken were translated.
  auto later = scheduler.submit(request({{1, 2, 3}}));
  ASSERT_TRUE(later->wait_until(kDeadline()));
  EXPECT_FALSE(later->error());
  const auto done = scheduler.translated();
  int of_failed = 0;
  for (const auto& s : done) of_failed += s.size() == 1 && s[0] >= 100;
  EXPECT_LE(of_failed, options.workers) << "sentences of the failed request translated after it failed";
}

// A worker stops at pass() until the test opens the gate; the test can
// wait for the worker to get there first.
class Gate {
 public:
  void pass() {
    std::unique_lock<std::mutex> lock(mutex_);
    reached_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_; });
  }
  void wait_until_reached() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return reached_; });
  }
  void open() {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool reached_ = false, open_ = false;
};

// Records each batch's sources; its first batch waits at a gate until the
// test opens it, so that the requests queued meanwhile are all waiting when
// the next batch is picked.
class GatedScheduler : public FailingScheduler {
 public:
  using FailingScheduler::FailingScheduler;
  ~GatedScheduler() override {
    gate.open();
    stop_workers();
  }
  std::vector<std::vector<std::vector<int>>> batches_seen() {
    std::lock_guard<std::mutex> lock(seen_mutex_);
    return seen_;
  }
  Gate gate;

 protected:
  std::vector<std::vector<decode::Hypothesis>> translate_sources(size_t model, const std::vector<std::vector<int>>& sources,
                                                                 const decode::TranslateOptions& options,
                                                                 decode::TranslateStats* stats,
                                                                 decode::EngineCache& engines,
                                                                 const std::vector<decode::Constraints>* c) override {
    bool first = false;
    {
      std::lock_guard<std::mutex> lock(seen_mutex_);
      seen_.push_back(sources);
      first = seen_.size() == 1;
    }
    if (first) gate.pass();
    return FailingScheduler::translate_sources(model, sources, options, stats, engines, c);
  }

 private:
  std::mutex seen_mutex_;
  std::vector<std::vector<std::vector<int>>> seen_;
};

// Per-request fairness: a one-sentence request queued behind a ten-sentence
// one goes into the next batch (requests take turns), instead of after the
// long request's three batches of four.
TEST(BatchSchedulerTest, AShortRequestBehindALongOneGoesIntoTheNextBatch) {
  SchedulerOptions options;
  options.continuous = false;  // fixed batches: the gate is in translate_sources
  options.max_batch_sentences = 4;
  options.max_wait_ms = 0;
  options.priority_sentences = 0;  // no priority worker: the turns alone
  GatedScheduler scheduler(options);
  auto first = scheduler.submit(request({{99}}));
  scheduler.gate.wait_until_reached();
  std::vector<std::vector<int>> long_sources;
  for (int i = 100; i < 110; ++i) long_sources.push_back({i});
  auto long_request = scheduler.submit(request(long_sources));
  auto short_request = scheduler.submit(request({{7, 8}}));
  scheduler.gate.open();
  for (auto* ticket : {&first, &long_request, &short_request}) {
    ASSERT_TRUE((*ticket)->wait_until(kDeadline()));
    EXPECT_FALSE((*ticket)->error());
  }
  EXPECT_EQ(short_request->results().at(0).n_best.at(0).tokens, (std::vector<int>{8, 7}));
  const auto batches = scheduler.batches_seen();
  ASSERT_EQ(batches.size(), 4u) << "1 + 11 sentences, 4 a batch";
  // The second batch: the long request's first, the short one's, then the long one's next two.
  EXPECT_EQ(batches[1], (std::vector<std::vector<int>>{{100}, {101}, {102}, {7, 8}}));
  EXPECT_EQ(batches[2], (std::vector<std::vector<int>>{{103}, {104}, {105}, {106}}));
}

// The priority worker: while the only worker is held in a batch of a long
// request (ten sentences, four a batch), a two-sentence request is
// translated at once, in a batch of its own; a short request waits for the
// worker when what holds it is not a long request, and when there is no
// priority worker.
TEST(BatchSchedulerTest, AShortRequestBesideALongOneTakesThePriorityWorker) {
  SchedulerOptions options;
  options.continuous = false;  // fixed batches: the gate is in translate_sources
  options.max_batch_sentences = 4;
  options.max_wait_ms = 0;
  std::vector<std::vector<int>> long_sources;
  for (int i = 100; i < 110; ++i) long_sources.push_back({i});
  {
    GatedScheduler scheduler(options);
    auto long_request = scheduler.submit(request(long_sources));
    scheduler.gate.wait_until_reached();
    // The priority worker, woken when the worker took its batch, is asleep
    // again by now (nothing short was queued): the submission must wake it.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto short_request = scheduler.submit(request({{7, 8}, {9}}));
    ASSERT_TRUE(short_request->wait_until(kDeadline())) << "answered while the worker is held";
    EXPECT_EQ(short_request->results().at(1).n_best.at(0).tokens, (std::vector<int>{9}));
    const auto held = scheduler.batches_seen();
    ASSERT_EQ(held.size(), 2u);
    EXPECT_EQ(held[1], (std::vector<std::vector<int>>{{7, 8}, {9}}));
    scheduler.gate.open();
    ASSERT_TRUE(long_request->wait_until(kDeadline()));
    EXPECT_FALSE(long_request->error());
  }
  for (const bool long_first : {false, true}) {
    auto no_priority = options;
    if (long_first) no_priority.priority_sentences = 0;
    GatedScheduler scheduler(no_priority);
    auto first = scheduler.submit(request(long_first ? long_sources : std::vector<std::vector<int>>{{99}}));
    scheduler.gate.wait_until_reached();
    auto short_request = scheduler.submit(request({{7, 8}}));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_EQ(scheduler.batches_seen().size(), 1u) << (long_first ? "no priority worker, yet" : "no long request, yet")
                                                   << " the short request was translated beside the held batch";
    scheduler.gate.open();
    ASSERT_TRUE(short_request->wait_until(kDeadline()));
    ASSERT_TRUE(first->wait_until(kDeadline()));
  }
}

// Within a request, sentences go into batches shortest first, in windows of
// 2 x max_batch_sentences: lengths 5 1 4 2 | 6 3 8 7, two a batch, give
// batches of lengths {1, 2}, {3, 4}, {5, 6}, {7, 8} (queue order would
// give {5, 1}, {4, 2}, {6, 3}, {8, 7}, each padded to its longest).
TEST(BatchSchedulerTest, ARequestsSentencesGoShortestFirstWithinAWindow) {
  SchedulerOptions options;
  options.continuous = false;  // fixed batches: the gate is in translate_sources
  options.max_batch_sentences = 2;
  options.max_wait_ms = 0;
  options.priority_sentences = 0;
  GatedScheduler scheduler(options);
  auto first = scheduler.submit(request({{99}}));
  scheduler.gate.wait_until_reached();
  std::vector<std::vector<int>> sources;
  for (const int length : {5, 1, 4, 2, 6, 3, 8, 7}) sources.emplace_back(length, length);
  auto eight = scheduler.submit(request(sources));
  scheduler.gate.open();
  ASSERT_TRUE(eight->wait_until(kDeadline()));
  ASSERT_TRUE(first->wait_until(kDeadline()));
  std::vector<std::vector<size_t>> lengths;
  const auto batches = scheduler.batches_seen();
  for (size_t b = 1; b < batches.size(); ++b) {
    lengths.emplace_back();
    for (const auto& s : batches[b]) lengths.back().push_back(s.size());
    std::sort(lengths.back().begin(), lengths.back().end());  // a batch keeps queue order
  }
  EXPECT_EQ(lengths, (std::vector<std::vector<size_t>>{{1, 2}, {3, 4}, {5, 6}, {7, 8}}));
  EXPECT_EQ(eight->results().at(6).n_best.at(0).tokens, std::vector<int>(8, 8)) << "results stay in request order";
}

// Holds a running search at its first step until the test opens the gate.
class GatedSearch : public FailingScheduler {
 public:
  using FailingScheduler::FailingScheduler;
  ~GatedSearch() override {
    gate.open();
    stop_workers();
  }
  Gate gate;

 protected:
  void on_step(size_t) override { gate.pass(); }
};

// Continuous batching: a one-sentence request that arrives while an
// eight-step sentence is searched joins that search at its next step and
// is answered first, without a batch of its own.
TEST(BatchSchedulerTest, Continuous_ASentenceQueuedDuringASearchJoinsIt) {
  SchedulerOptions options;
  options.max_batch_sentences = 4;
  options.max_wait_ms = 0;
  GatedSearch scheduler(options);
  auto long_request = scheduler.submit(request({{1, 2, 3, 4, 5, 6, 7, 8}}));
  scheduler.gate.wait_until_reached();
  auto short_request = scheduler.submit(request({{9}}));
  scheduler.gate.open();
  ASSERT_TRUE(long_request->wait_until(kDeadline()));
  ASSERT_TRUE(short_request->wait_until(kDeadline()));
  EXPECT_EQ(short_request->results().at(0).n_best.at(0).tokens, (std::vector<int>{9}));
  EXPECT_EQ(long_request->results().at(0).n_best.at(0).tokens, (std::vector<int>{8, 7, 6, 5, 4, 3, 2, 1}));
  EXPECT_EQ(scheduler.searches(), 1) << "the short request had a search of its own";
  EXPECT_EQ(scheduler.batches(), 0) << "a fixed batch ran";
  EXPECT_EQ(scheduler.finish_order(), (std::vector<std::vector<int>>{{9}, {1, 2, 3, 4, 5, 6, 7, 8}}));
}

// Sentences join a running search only within the token budget, counted
// over the sentences running: 24 tokens hold two sentences of two pieces
// (+ </s>) at beam 4, so five of them run at most two at a time, all in
// one search.
TEST(BatchSchedulerTest, Continuous_JoinsWithinTheTokenBudget) {
  SchedulerOptions options;
  options.max_batch_tokens = 24;
  options.max_wait_ms = 0;
  FailingScheduler scheduler(options);
  auto ticket = scheduler.submit(request({{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}}));
  ASSERT_TRUE(ticket->wait_until(kDeadline()));
  ASSERT_FALSE(ticket->error());
  EXPECT_EQ(ticket->results().at(4).n_best.at(0).tokens, (std::vector<int>{10, 9}));
  EXPECT_EQ(scheduler.most_running(), 2u);
  EXPECT_EQ(scheduler.searches(), 1);
}

// The token budget counts each sentence's hypotheses: 24 tokens take eight
// sentences of two pieces (+ </s>) a batch in greedy search, two at beam
// 4, and four where a request asks for 2 alternatives of a greedy model.
TEST(BatchSchedulerTest, TheTokenBudgetCountsTheBeam) {
  SchedulerOptions options;
  options.max_batch_tokens = 24;
  options.max_wait_ms = 0;
  options.continuous = false;
  const auto sizes_of = [&](int64_t beam, int64_t n_best) {
    std::mutex mutex;
    std::vector<int64_t> sizes;
    decode::TranslateOptions translate;
    translate.search.beam = beam;
    {
      FailingScheduler scheduler(
          options,
          [&](const BatchRecord& r) {
            std::lock_guard<std::mutex> lock(mutex);
            sizes.push_back(r.sentences);
          },
          translate);
      auto eight = request({{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {15, 16}, {17, 18}});
      eight.n_best = n_best;
      auto ticket = scheduler.submit(std::move(eight));
      EXPECT_TRUE(ticket->wait_until(kDeadline()));
    }
    return sizes;
  };
  EXPECT_EQ(sizes_of(1, 1), (std::vector<int64_t>{8}));
  EXPECT_EQ(sizes_of(4, 1), (std::vector<int64_t>{2, 2, 2, 2}));
  EXPECT_EQ(sizes_of(1, 2), (std::vector<int64_t>{4, 4}));
}

// While more wait than can join, sentences join a running search a quarter
// of its rows at a time (the encoder runs faster on several sources), not
// one by one as rows free up: 8 rows, sentences of 1 to 20 pieces, one
// finishing each step.
TEST(BatchSchedulerTest, Continuous_JoinsAQuarterOfTheRowsAtATime) {
  SchedulerOptions options;
  options.max_batch_sentences = 8;
  options.max_wait_ms = 0;
  FailingScheduler scheduler(options);
  std::vector<std::vector<int>> sources;
  for (int k = 1; k <= 20; ++k) sources.push_back(std::vector<int>(static_cast<size_t>(k), 100 + k));
  auto ticket = scheduler.submit(request(sources));
  ASSERT_TRUE(ticket->wait_until(kDeadline()));
  ASSERT_FALSE(ticket->error());
  EXPECT_EQ(ticket->results().at(19).n_best.at(0).tokens, sources[19]);
  EXPECT_EQ(scheduler.searches(), 1);
  const auto joins = scheduler.joins();
  ASSERT_GE(joins.size(), 3u);
  EXPECT_EQ(joins[0], 8u) << "the first batch";
  size_t joined = 0;
  for (size_t j = 1; j < joins.size(); ++j) {
    joined += joins[j];
    EXPECT_GE(joins[j], 2u) << "join " << j << " took fewer than a quarter of 8 rows";
  }
  EXPECT_EQ(joined, 12u);
}

// A running search takes at most 16 x --max-batch-sentences sentences, then
// ends when they finish, so that what it keeps per sentence stays bounded
// under a load that never stops: 40 sentences, 2 a batch, make two searches
// of 32 and 8.
TEST(BatchSchedulerTest, Continuous_ASearchTakesABoundedNumberOfSentences) {
  SchedulerOptions options;
  options.max_batch_sentences = 2;
  options.max_wait_ms = 0;
  FailingScheduler scheduler(options);
  std::vector<std::vector<int>> sources;
  for (int i = 100; i < 140; ++i) sources.push_back({i});
  auto ticket = scheduler.submit(request(sources));
  ASSERT_TRUE(ticket->wait_until(kDeadline()));
  ASSERT_FALSE(ticket->error());
  for (size_t i = 0; i < sources.size(); ++i) EXPECT_EQ(ticket->results().at(i).n_best.at(0).tokens, sources[i]);
  EXPECT_EQ(scheduler.searches(), 2);
  size_t taken = 0;
  for (const auto n : scheduler.joins()) taken += n;
  EXPECT_EQ(taken, 40u);
}

}  // namespace
}  // namespace nmt::serve
