#include "nmt/cpu/dnnl_engine.h"

#include <cstdlib>

#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/cpu/isa.h"

namespace nmt::cpu {
namespace {

// oneDNN's limit for nmt's, where NMT_CPU_ISA lowered it. oneDNN takes it
// only before its first primitive (LibTorch's included): later, it keeps its
// own choice, and says so by an error status, which changes nothing here.
void limit_onednn() {
  const char* own = std::getenv("ONEDNN_MAX_CPU_ISA");
  if ((own != nullptr && *own != '\0') || cpu_isa() == detected_isa()) return;
  const auto limit = cpu_isa() == Isa::kAvx2 ? dnnl_cpu_isa_avx2 : dnnl_cpu_isa_sse41;
  dnnl_set_max_cpu_isa(limit);
}

}  // namespace

const dnnl::engine& dnnl_cpu_engine() {
  static const dnnl::engine engine = [] {
    limit_onednn();
    return dnnl::engine(dnnl::engine::kind::cpu, 0);
  }();
  return engine;
}

}  // namespace nmt::cpu
