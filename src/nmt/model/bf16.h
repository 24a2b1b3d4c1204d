#pragma once
// bfloat16 matrix products on the CPU for the scope of an object: LibTorch's
// CPU autocast runs linear layers and attention products in bfloat16 on the
// float32 weights (cast once and cached while the scope lasts); everything
// else, and the weights themselves, stay float32. Used by training (--bf16)
// and translation (--bf16).
#include <ATen/autocast_mode.h>

namespace nmt::model {

class Bf16Scope {
 public:
  explicit Bf16Scope(bool on) : on_(on) {
    if (!on_) return;
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~Bf16Scope() {
    if (!on_) return;
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();
  }
  Bf16Scope(const Bf16Scope&) = delete;
  Bf16Scope& operator=(const Bf16Scope&) = delete;

 private:
  bool on_;
};

}  // namespace nmt::model
