#pragma once
// The helper threads of one engine worker that has more than one core: the
// engine's own, so that a step's products and attention are split over the
// worker's threads however OpenMP is set. A decoding step launches a few
// dozen short jobs back to back; OpenMP's threads either spin between them
// (OMP_WAIT_POLICY=ACTIVE, which steals cores from other pools) or sleep
// and are woken for each (PASSIVE: a batch-1 beam step took 4x as long).
// These helpers spin for a bounded time after each job, then sleep until
// the next, whatever the environment says.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace nmt::infer {

class ThreadPool {
 public:
  // `threads` in all: the caller's thread and threads - 1 helpers.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(helpers_.size()) + 1; }
  // fn(0) ... fn(tasks - 1), spread over the caller and the helpers; returns
  // when all are done. An exception from fn reaches the caller (the first).
  void run(int tasks, const std::function<void(int)>& fn);

 private:
  void helper_loop();
  // Takes tasks of job `generation` until none is left (or a newer job is
  // out, which cannot happen while this one has tasks running).
  void work(uint32_t generation);

  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  // The job in one word: its generation (high 32 bits, one more per job),
  // its number of tasks (16 bits) and its next task (low 16 bits), so that
  // a task is only ever taken from the job it belongs to and counted against
  // that job's own number. job_ is set before the word moves on.
  std::atomic<uint64_t> state_{0};
  std::atomic<const std::function<void(int)>*> job_{nullptr};
  std::atomic<int> done_{0};
  std::atomic<int> sleeping_{0};
  bool stop_ = false;
  std::exception_ptr error_;
};

// Runs fn(0..tasks-1) on `pool` if there is one with more than one thread,
// else in order on the caller's thread.
void run_tasks(ThreadPool* pool, int tasks, const std::function<void(int)>& fn);

// How many tasks to cut `rows` independent rows into: one per thread of the
// pool (1 without one), never more than the rows.
inline int task_count(const ThreadPool* pool, int64_t rows) {
  const int threads = pool != nullptr ? pool->size() : 1;
  return static_cast<int>(rows < threads ? (rows > 0 ? rows : 1) : threads);
}

}  // namespace nmt::infer
