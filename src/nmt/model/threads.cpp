#include "nmt/model/threads.h"

#include <dlfcn.h>

#include <atomic>
#include <exception>
#include <thread>
#include <vector>

#include <ATen/Parallel.h>

namespace nmt::model {

namespace {

using SetThreads = void (*)(int);

std::atomic<int> intra_op_threads{0};  // set_cpu_threads' count; 0 = never set

}  // namespace

// Debian's LibTorch runs its own thread pool, so at::set_num_threads leaves
// OpenMP at one thread per core in every thread, and each worker's products
// would start a team of their own. Looked up at run time, as OpenMP comes in
// with the libraries that use it.
void set_openmp_threads(int threads) {
  static const auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "omp_set_num_threads"));
  if (set) set(threads);
}

OpenMpThreadsScope::OpenMpThreadsScope(int threads) : before_(0) {
  using GetThreads = int (*)();
  static const auto get = reinterpret_cast<GetThreads>(::dlsym(RTLD_DEFAULT, "omp_get_max_threads"));
  if (get) before_ = get();
  set_openmp_threads(threads);
}

OpenMpThreadsScope::~OpenMpThreadsScope() {
  if (before_ > 0) set_openmp_threads(before_);
}

int cpu_threads() { return intra_op_threads > 0 ? intra_op_threads.load() : 1; }

void set_cpu_threads(int threads) {
  at::set_num_threads(threads);
  set_openmp_threads(threads);
  intra_op_threads = threads;
  // OpenBLAS, when it is the BLAS torch calls; looked up at run time so that
  // other BLAS libraries (or PyTorch's own MKL) need nothing.
  if (auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) set(threads);
}

void run_threads(int count, const std::function<void(int)>& work) {
  std::vector<std::exception_ptr> errors(count);
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] {
      try {
        at::init_num_threads();
        if (intra_op_threads > 0) set_openmp_threads(intra_op_threads);
        work(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace nmt::model
