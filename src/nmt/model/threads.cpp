#include "nmt/model/threads.h"

#include <dlfcn.h>

#include <ATen/Parallel.h>

namespace nmt::model {

void set_cpu_threads(int threads) {
  at::set_num_threads(threads);
  // OpenBLAS, when it is the BLAS torch calls; looked up at run time so that
  // other BLAS libraries (or PyTorch's own MKL) need nothing.
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) set(threads);
}

}  // namespace nmt::model
