#include "nmt/model/threads.h"

#include <dlfcn.h>

#include <exception>
#include <thread>
#include <vector>

#include <ATen/Parallel.h>

namespace nmt::model {

void set_cpu_threads(int threads) {
  at::set_num_threads(threads);
  // OpenBLAS, when it is the BLAS torch calls; looked up at run time so that
  // other BLAS libraries (or PyTorch's own MKL) need nothing.
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) set(threads);
}

void run_threads(int count, const std::function<void(int)>& work) {
  std::vector<std::exception_ptr> errors(count);
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] {
      try {
        at::init_num_threads();
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
