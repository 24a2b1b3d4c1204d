#pragma once
// Lower-precision matrix products for the scope of an object: LibTorch's
// autocast runs linear layers and attention products in bfloat16 (or
// float16, on CUDA devices) on the float32 weights (cast once and cached
// while the scope lasts); everything else, and the weights themselves, stay
// float32. Used by training (--precision bf16|fp16) and translation (--bf16).
// Autocast state is per thread.
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

// Autocast for the scope of an object: linear layers and attention products
// in `dtype` (bfloat16, or float16 on CUDA devices only: LibTorch's CPU
// autocast has no float16), everything else float32; at::kFloat = none.
class AutocastScope {
 public:
  explicit AutocastScope(at::ScalarType dtype) : dtype_(dtype) {
    if (dtype_ == at::kFloat) return;
    if (dtype_ == at::kBFloat16) follow_cpu_isa_for_bf16();
    set(true);
  }
  ~AutocastScope() {
    if (dtype_ == at::kFloat) return;
    set(false);
    at::autocast::clear_cache();
  }
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

 private:
  void set(bool enabled) const {
    const bool cpu = dtype_ == at::kBFloat16;  // the CPU's autocast runs bfloat16 only
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    if (cpu) {
      at::autocast::set_autocast_dtype(at::kCPU, dtype_);
      at::autocast::set_autocast_enabled(at::kCPU, enabled);
    }
    at::autocast::set_autocast_dtype(at::kCUDA, dtype_);
    at::autocast::set_autocast_enabled(at::kCUDA, enabled);
#else
    if (cpu) {
      at::autocast::set_autocast_cpu_dtype(dtype_);
      at::autocast::set_cpu_enabled(enabled);
    }
    at::autocast::set_autocast_gpu_dtype(dtype_);
    at::autocast::set_enabled(enabled);
#endif
  }
  at::ScalarType dtype_;
};

// bfloat16 products (--bf16) on the CPU and on CUDA devices alike.
class Bf16Scope : public AutocastScope {
 public:
  explicit Bf16Scope(bool on) : AutocastScope(on ? at::kBFloat16 : at::kFloat) {}
};

}  // namespace nmt::model
