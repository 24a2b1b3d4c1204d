#include "nmt/cpu/isa.h"

#include <cstdlib>

#include "nmt/common/error.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define NMT_X86 1
#endif

namespace nmt::cpu {
namespace {

Features read_features() {
  Features f;
#ifdef NMT_X86
  // __builtin_cpu_supports also checks that the OS saves the vector state.
  f.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
  f.avx512 = f.avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  f.avx512_vnni = f.avx512 && __builtin_cpu_supports("avx512vnni");
  f.avx512_bf16 = f.avx512 && __builtin_cpu_supports("avx512bf16");
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (f.avx2 && __get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx)) f.avx_vnni = (eax >> 4) & 1;
  if (f.avx512 && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) f.amx_bf16 = (edx >> 22) & 1;
#endif
  return f;
}

Isa best(const Features& f) { return f.avx512 ? Isa::kAvx512 : (f.avx2 ? Isa::kAvx2 : Isa::kGeneric); }

}  // namespace

Isa choose_isa(const char* wanted, Isa detected) {
  if (wanted == nullptr || *wanted == '\0') return detected;
  const Isa isa = parse_isa(wanted);
  NMT_CHECK(static_cast<int>(isa) <= static_cast<int>(detected),
            "NMT_CPU_ISA=" << wanted << ", but this CPU's best is " << isa_name(detected)
                           << " (NMT_CPU_ISA can only lower the instruction set)");
  return isa;
}

const Features& features() {
  static const Features f = read_features();
  return f;
}

Isa detected_isa() { return best(features()); }

Isa cpu_isa() {
  static const Isa isa = choose_isa(std::getenv("NMT_CPU_ISA"), detected_isa());
  return isa;
}

bool int8_vnni() {
  const Isa isa = cpu_isa();
  // AVX-VNNI only where AVX2 is the CPU's own best: NMT_CPU_ISA=avx2 on a
  // larger CPU stands for an AVX2 machine without VNNI, and oneDNN is then
  // limited to plain AVX2.
  return (isa == Isa::kAvx512 && features().avx512_vnni) ||
         (isa == Isa::kAvx2 && detected_isa() == Isa::kAvx2 && features().avx_vnni);
}

bool native_bf16() { return cpu_isa() == Isa::kAvx512 && (features().avx512_bf16 || features().amx_bf16); }

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::kAvx512: return "avx512";
    case Isa::kAvx2: return "avx2";
    default: return "generic";
  }
}

Isa parse_isa(const std::string& name) {
  for (Isa isa : {Isa::kAvx512, Isa::kAvx2, Isa::kGeneric}) {
    if (name == isa_name(isa)) return isa;
  }
  NMT_FAIL("NMT_CPU_ISA=" << name << ": expected avx512, avx2 or generic");
}

std::string isa_report() {
  const Features& f = features();
  std::string has;
  auto add = [&](bool on, const char* name) {
    if (on) has += std::string(has.empty() ? "" : ", ") + name;
  };
  add(f.avx512, "avx512");
  add(f.avx2 && !f.avx512, "avx2");
  add(f.avx512_vnni, "avx512_vnni");
  add(f.avx_vnni, "avx_vnni");
  add(f.avx512_bf16, "avx512_bf16");
  add(f.amx_bf16, "amx_bf16");
  std::string line = std::string("cpu: ") + isa_name(cpu_isa()) + " kernels";
  const char* wanted = std::getenv("NMT_CPU_ISA");
  const bool lowered = wanted != nullptr && *wanted != '\0';
  line += std::string(" (") + (lowered ? "NMT_CPU_ISA=" + std::string(wanted) + "; " : "") + "the CPU has " +
          (has.empty() ? "none of avx2, avx512" : has) + "; int8 " + (int8_vnni() ? "on VNNI" : "without VNNI") + ")";
  return line;
}

}  // namespace nmt::cpu
