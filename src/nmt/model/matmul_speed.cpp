#include <algorithm>
#include <chrono>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/model/bf16.h"
#include "nmt/model/flops.h"

namespace nmt::model {

double measure_matmul_gflops(int64_t n, bool bf16) { return measure_matmul_gflops_on("cpu", bf16 ? "bf16" : "fp32", n); }

double measure_matmul_gflops_on(const std::string& device, const std::string& precision, int64_t n) {
  torch::NoGradGuard no_grad;
  NMT_CHECK(precision == "fp32" || precision == "bf16" || precision == "fp16",
            "precision must be fp32, bf16 or fp16, got '" << precision << "'");
  const torch::Device where(device);
  if (precision == "bf16" && where.is_cpu()) follow_cpu_isa_for_bf16();
  const auto type = precision == "bf16" ? torch::kBFloat16 : precision == "fp16" ? torch::kFloat16 : torch::kFloat32;
  const auto options = torch::TensorOptions().dtype(type).device(where);
  const auto a = torch::randn({n, n}).to(options), b = torch::randn({n, n}).to(options);
  auto c = torch::mm(a, b);  // warm-up: threads, caches, the GPU's kernels
  c[0][0].item<float>();
  double best = 0;
  for (int i = 0; i < 4; ++i) {
    const auto start = std::chrono::steady_clock::now();
    c = torch::mm(a, b);
    c[0][0].item<float>();  // waits for the product
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::max(best, 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n) / seconds / 1e9);
  }
  return best;
}

}  // namespace nmt::model
