#pragma once
// Which instruction set the CPU kernels use: detected once, lowered on
// request. One binary carries an AVX-512, an AVX2 (x86-64-v3: AVX2 and FMA)
// and a portable C++ version of each hand-vectorised kernel, and every
// dispatch asks cpu_isa().
//
//   NMT_CPU_ISA=avx512|avx2|generic   use at most that set (a machine with
//                                     AVX-512 can run the AVX2 and generic
//                                     paths); asking for more than the CPU
//                                     has is an error.
// Unless ONEDNN_MAX_CPU_ISA is set, the same limit is passed on to oneDNN
// (docs/environment_variables.md).
#include <string>

namespace nmt::cpu {

enum class Isa { kGeneric = 0, kAvx2 = 1, kAvx512 = 2 };

// What the CPU (and the operating system) supports, read once.
struct Features {
  bool avx2 = false;         // with FMA and BMI2: x86-64-v3
  bool avx512 = false;       // F, BW, DQ, VL: x86-64-v4
  bool avx512_vnni = false;  // int8 dot products in one instruction
  bool avx_vnni = false;     // the same on 256-bit vectors (AVX-VNNI)
  bool avx512_bf16 = false;
  bool amx_bf16 = false;
};
const Features& features();

// The best set the CPU has.
Isa detected_isa();
// The set in use: detected_isa(), or NMT_CPU_ISA's when given (read once;
// an unknown name or a set the CPU lacks throws nmt::Error naming both).
Isa cpu_isa();
// The choice itself: `wanted` (NMT_CPU_ISA's value; null or empty for
// none) within `detected`.
Isa choose_isa(const char* wanted, Isa detected);
// Whether int8 products run on VNNI instructions under cpu_isa(): then
// oneDNN's int8 matmul is exact and fast; without them nmt's own kernels are.
bool int8_vnni();
// Whether the CPU multiplies bfloat16 natively under cpu_isa() (AVX512-BF16
// or AMX, and the AVX-512 set in use).
bool native_bf16();

const char* isa_name(Isa isa);
// Parses "avx512", "avx2" or "generic"; throws nmt::Error otherwise.
Isa parse_isa(const std::string& name);
// One line for logs: "cpu: avx2 kernels (NMT_CPU_ISA=avx2; the CPU has
// avx512, avx512_vnni, avx512_bf16)".
std::string isa_report();

}  // namespace nmt::cpu
