// Linked into the test binaries that CTest also runs under a lower
// instruction set (nmt_add_isa_variants), which it names in NMT_TEST_ISA
// (avx2 or generic). Before any test, such a run sets NMT_CPU_ISA and the
// same limits for oneDNN and LibTorch (ONEDNN_MAX_CPU_ISA,
// ATEN_CPU_CAPABILITY), so that the whole run takes that path; it skips
// every test where the CPU lacks the set, or where the set is the CPU's
// best (the plain run has taken that path already).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "nmt/cpu/isa.h"

namespace {

class IsaVariant : public ::testing::Environment {
 public:
  // GTEST_SKIP in an environment's SetUp skips every test but prints no
  // test's "[  SKIPPED ]", which is what CTest looks for
  // (SKIP_REGULAR_EXPRESSION): the line is printed here.
  void skip(const std::string& why) {
    std::cout << "[  SKIPPED ] " << why << std::endl;
    GTEST_SKIP() << why;
  }

  void SetUp() override {
    const char* wanted = std::getenv("NMT_TEST_ISA");
    if (wanted == nullptr || *wanted == '\0') return;
    const auto isa = nmt::cpu::parse_isa(wanted);
    const auto best = nmt::cpu::detected_isa();
    if (static_cast<int>(isa) > static_cast<int>(best)) {
      return skip(std::string("this CPU's best is ") + nmt::cpu::isa_name(best) + ", not " + wanted);
    }
    if (isa == best) return skip(std::string(wanted) + " is this CPU's best: the plain run covers it");
    const bool generic = isa == nmt::cpu::Isa::kGeneric;
    setenv("NMT_CPU_ISA", wanted, 1);
    setenv("ONEDNN_MAX_CPU_ISA", generic ? "SSE41" : "AVX2", 1);
    setenv("ATEN_CPU_CAPABILITY", generic ? "default" : "avx2", 1);
    std::cout << nmt::cpu::isa_report() << "\n";
  }
};

const auto* const registered = ::testing::AddGlobalTestEnvironment(new IsaVariant);

}  // namespace
