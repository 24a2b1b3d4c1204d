#pragma once
// The one oneDNN CPU engine that every oneDNN primitive of nmt runs on
// (LibTorch's int8 layers here, the CPU inference engine's products).
// Defined where nmt is built with oneDNN.
namespace dnnl {
struct engine;
}

namespace nmt::model {

const dnnl::engine& dnnl_cpu_engine();

}  // namespace nmt::model
