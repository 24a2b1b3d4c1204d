#pragma once
// bfloat16 matrix products for the scope of an object: LibTorch's autocast
// runs linear layers and attention products in bfloat16 on the float32
// weights (cast once and cached while the scope lasts); everything else, and
// the weights themselves, stay float32. On the CPU and on CUDA devices alike
// (each has its own autocast switch; both are set). Used by training
// (--bf16) and translation (--bf16). Autocast state is per thread.
#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace nmt::model {

// LibTorch 1.13 sends bfloat16 products to oneDNN wherever the CPU has
// AVX-512 (it reads the CPU, not ONEDNN_MAX_CPU_ISA), and a oneDNN limited
// below AVX-512 then refuses them ("could not create a primitive descriptor
// iterator"). Under NMT_CPU_ISA=avx2|generic, which stands for a CPU without
// AVX-512 (docs/hardware_support.md), this turns LibTorch's oneDNN products
// off, as they are on such a CPU: bfloat16 products take LibTorch's own
// loops. Nothing changes on the CPU's own path. Called before any bfloat16
// product (Bf16Scope, measure_matmul_gflops).
void follow_cpu_isa_for_bf16();

class Bf16Scope {
 public:
  explicit Bf16Scope(bool on) : on_(on) {
    if (!on_) return;
    follow_cpu_isa_for_bf16();
    set(true);
  }
  ~Bf16Scope() {
    if (!on_) return;
    set(false);
    at::autocast::clear_cache();
  }
  Bf16Scope(const Bf16Scope&) = delete;
  Bf16Scope& operator=(const Bf16Scope&) = delete;

 private:
  static void set(bool enabled) {
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    for (auto device : {at::kCPU, at::kCUDA}) {
      at::autocast::set_autocast_dtype(device, at::kBFloat16);
      at::autocast::set_autocast_enabled(device, enabled);
    }
#else
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(enabled);
    at::autocast::set_autocast_gpu_dtype(at::kBFloat16);
    at::autocast::set_enabled(enabled);
#endif
  }
  bool on_;
};

}  // namespace nmt::model
