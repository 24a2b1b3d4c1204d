#include <algorithm>
#include <chrono>

#include <torch/torch.h>

#include "nmt/model/bf16.h"
#include "nmt/model/flops.h"

namespace nmt::model {

double measure_matmul_gflops(int64_t n, bool bf16) {
  torch::NoGradGuard no_grad;
  if (bf16) follow_cpu_isa_for_bf16();
  const auto type = bf16 ? torch::kBFloat16 : torch::kFloat32;
  const auto a = torch::randn({n, n}).to(type), b = torch::randn({n, n}).to(type);
  auto c = torch::mm(a, b);  // warm-up: threads, caches
  double best = 0;
  for (int i = 0; i < 4; ++i) {
    const auto start = std::chrono::steady_clock::now();
    c = torch::mm(a, b);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::max(best, 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n) / seconds / 1e9);
  }
  return best;
}

}  // namespace nmt::model
