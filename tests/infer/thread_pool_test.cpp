// The engine's thread pool: every task runs exactly once per job, jobs
// follow each other without a task lost or run twice (many short jobs, as a
// decoding step launches them), whatever OMP_WAIT_POLICY says, and a task's
// exception reaches the caller.
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "error_message.h"
#include "nmt/common/error.h"
#include "nmt/infer/thread_pool.h"

namespace nmt::infer {
namespace {

TEST(ThreadPool, EveryTaskRunsOncePerJobOverManyShortJobs) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.size(), 3);
  std::vector<std::atomic<int>> runs(7);
  for (int job = 0; job < 20000; ++job) {
    const int tasks = 1 + job % 7;
    pool.run(tasks, [&](int i) { runs[i].fetch_add(1); });
    for (int i = 0; i < 7; ++i) {
      const int expected = i < tasks ? 1 : 0;
      ASSERT_EQ(runs[i].exchange(0), expected) << "job " << job << ", task " << i;
    }
  }
}

TEST(ThreadPool, HelpersThatSleptWakeForTheNextJob) {
  ThreadPool pool(2);
  std::atomic<int> sum{0};
  for (int job = 0; job < 3; ++job) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));  // past the helpers' spin: they sleep
    pool.run(4, [&](int i) { sum += i; });
  }
  EXPECT_EQ(sum.load(), 3 * (0 + 1 + 2 + 3));
}

TEST(ThreadPool, ATasksErrorReachesTheCallerAndThePoolGoesOn) {
  ThreadPool pool(2);
  EXPECT_EQ(testing::error_message([&] {
              pool.run(4, [](int i) { NMT_CHECK(i != 2, "task " << i << " failed"); });
            }),
            "task 2 failed");
  std::atomic<int> ran{0};
  pool.run(5, [&](int) { ++ran; });
  EXPECT_EQ(ran.load(), 5);
}

TEST(ThreadPool, WithoutAPoolTasksRunInOrderOnTheCaller) {
  std::vector<int> order;
  run_tasks(nullptr, 4, [&](int i) { order.push_back(i); });
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(task_count(nullptr, 100), 1);
  ThreadPool pool(2);
  EXPECT_EQ(task_count(&pool, 100), 2);
  EXPECT_EQ(task_count(&pool, 1), 1);
}

}  // namespace
}  // namespace nmt::infer
