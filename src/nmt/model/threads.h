#pragma once
// CPU threads of the tensor operations. LibTorch's intra-op pool and
// OpenBLAS's own pool are separate: torch::set_num_threads does not reach
// OpenBLAS, which otherwise starts a thread per core for every sgemm.
// Translation workers and training replicas run on threads of their own.
#include <functional>

namespace nmt::model {

// Both pools to `threads` (>= 1). With 1, every matrix product runs on the
// calling thread, so several threads can each translate their own batch.
void set_cpu_threads(int threads);
// The count set_cpu_threads was last given (1 if never).
int cpu_threads();

// The calling thread's OpenMP team size (oneDNN's products take it). Not
// LibTorch's to set: Debian's LibTorch runs its own pool.
void set_openmp_threads(int threads);

// Sets the calling thread's OpenMP team size for a scope and restores the
// one before when it ends.
class OpenMpThreadsScope {
 public:
  explicit OpenMpThreadsScope(int threads);
  ~OpenMpThreadsScope();
  OpenMpThreadsScope(const OpenMpThreadsScope&) = delete;
  OpenMpThreadsScope& operator=(const OpenMpThreadsScope&) = delete;

 private:
  int before_;
};

// Runs work(0) ... work(count - 1) on `count` threads at once and waits for
// them; rethrows the first exception one of them threw. Each thread first
// takes the intra-op thread count set_cpu_threads gave (its OpenMP team:
// libraries that open OpenMP regions themselves, such as oneDNN, would
// otherwise start one thread per core in each).
void run_threads(int count, const std::function<void(int)>& work);

}  // namespace nmt::model
