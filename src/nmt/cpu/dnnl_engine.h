#pragma once
// The one oneDNN CPU engine that every oneDNN primitive of nmt runs on
// (LibTorch's int8 layers, the CPU inference engine's products). Defined
// where nmt is built with oneDNN. Creating it first passes cpu_isa()'s limit
// on to oneDNN, unless ONEDNN_MAX_CPU_ISA already sets oneDNN's own.
namespace dnnl {
struct engine;
}

namespace nmt::cpu {

const dnnl::engine& dnnl_cpu_engine();

}  // namespace nmt::cpu
