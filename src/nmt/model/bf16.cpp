#include "nmt/model/bf16.h"

#include <ATen/Context.h>

#include "nmt/cpu/isa.h"

namespace nmt::model {

void follow_cpu_isa_for_bf16() {
  if (cpu::detected_isa() == cpu::Isa::kAvx512 && cpu::cpu_isa() != cpu::Isa::kAvx512) {
    at::globalContext().setUserEnabledMkldnn(false);
  }
}

}  // namespace nmt::model
