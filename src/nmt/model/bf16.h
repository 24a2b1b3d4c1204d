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

class Bf16Scope {
 public:
  explicit Bf16Scope(bool on) : on_(on) {
    if (on_) set(true);
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
