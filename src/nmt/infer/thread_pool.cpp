#include "nmt/infer/thread_pool.h"

#include <chrono>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "nmt/common/error.h"
#include "nmt/model/threads.h"

namespace nmt::infer {
namespace {

// A spinning thread's hint to the core (x86's pause, ARM's yield).
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// How long a helper spins for the next job before it sleeps: longer than
// the gap between two products of a step, far shorter than a batch.
constexpr auto kSpin = std::chrono::microseconds(200);

}  // namespace

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < threads; ++i) helpers_.emplace_back([this] { helper_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
    state_ += uint64_t{1} << 32;
  }
  wake_.notify_all();
  for (auto& t : helpers_) t.join();
}

void ThreadPool::work(uint32_t generation) {
  uint64_t state = state_.load(std::memory_order_acquire);
  for (;;) {
    if (static_cast<uint32_t>(state >> 32) != generation) return;
    const auto task = static_cast<int>(state & 0xffffu), tasks = static_cast<int>((state >> 16) & 0xffffu);
    if (task >= tasks) return;
    if (!state_.compare_exchange_weak(state, state + 1, std::memory_order_acq_rel)) continue;
    try {
      (*job_.load(std::memory_order_relaxed))(task);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    done_.fetch_add(1, std::memory_order_release);
    state = state_.load(std::memory_order_acquire);
  }
}

void ThreadPool::helper_loop() {
  model::set_openmp_threads(1);  // oneDNN inside a task runs on this thread alone
  uint32_t seen = 0;
  const auto generation = [&] { return static_cast<uint32_t>(state_.load(std::memory_order_acquire) >> 32); };
  for (;;) {
    // Spin for a while, then sleep until a new job is out.
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (generation() == seen && std::chrono::steady_clock::now() < until) spin_pause();
    if (generation() == seen) {
      std::unique_lock<std::mutex> lock(mutex_);
      ++sleeping_;
      wake_.wait(lock, [&] { return generation() != seen; });
      --sleeping_;
    }
    seen = generation();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stop_) return;
    }
    work(seen);
  }
}

void ThreadPool::run(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  NMT_CHECK(tasks <= 0xffff, "a thread pool job of " << tasks << " tasks (at most 65535)");
  // The last job's tasks are all done (run waited for them), so no helper
  // uses job_ until the new generation is out.
  job_.store(&fn, std::memory_order_relaxed);
  error_ = nullptr;
  done_.store(0, std::memory_order_relaxed);
  uint32_t generation;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    generation = static_cast<uint32_t>(state_.load() >> 32) + 1;
    state_.store(static_cast<uint64_t>(generation) << 32 | static_cast<uint64_t>(tasks) << 16,
                 std::memory_order_release);
  }
  if (sleeping_ > 0) wake_.notify_all();
  work(generation);
  while (done_.load(std::memory_order_acquire) < tasks) spin_pause();
  if (error_) std::rethrow_exception(error_);
}

void run_tasks(ThreadPool* pool, int tasks, const std::function<void(int)>& fn) {
  if (pool != nullptr && pool->size() > 1 && tasks > 1) {
    pool->run(tasks, fn);
  } else {
    for (int i = 0; i < tasks; ++i) fn(i);
  }
}

}  // namespace nmt::infer
