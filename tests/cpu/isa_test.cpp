// The instruction-set choice: names, the override's messages, the report.
#include <gtest/gtest.h>

#include <cstdlib>

#include "error_message.h"
#include "nmt/common/error.h"
#include "nmt/cpu/int8_product.h"
#include "nmt/cpu/isa.h"

namespace nmt::cpu {
namespace {

TEST(IsaTest, ParsesTheThreeNamesAndNamesTheChoicesOtherwise) {
  EXPECT_EQ(parse_isa("avx512"), Isa::kAvx512);
  EXPECT_EQ(parse_isa("avx2"), Isa::kAvx2);
  EXPECT_EQ(parse_isa("generic"), Isa::kGeneric);
  for (Isa isa : {Isa::kAvx512, Isa::kAvx2, Isa::kGeneric}) EXPECT_EQ(parse_isa(isa_name(isa)), isa);
  EXPECT_EQ(nmt::testing::error_message([] { parse_isa("AVX2"); }),
            "NMT_CPU_ISA=AVX2: expected avx512, avx2 or generic");
  EXPECT_EQ(nmt::testing::error_message([] { parse_isa("sse4"); }),
            "NMT_CPU_ISA=sse4: expected avx512, avx2 or generic");
}

TEST(IsaTest, OverrideOnlyLowersAndSaysWhatTheCpuHas) {
  EXPECT_EQ(choose_isa(nullptr, Isa::kAvx2), Isa::kAvx2);
  EXPECT_EQ(choose_isa("", Isa::kAvx512), Isa::kAvx512);
  EXPECT_EQ(choose_isa("avx2", Isa::kAvx512), Isa::kAvx2);
  EXPECT_EQ(choose_isa("generic", Isa::kAvx2), Isa::kGeneric);
  EXPECT_EQ(choose_isa("avx2", Isa::kAvx2), Isa::kAvx2);
  EXPECT_EQ(nmt::testing::error_message([] { choose_isa("avx512", Isa::kAvx2); }),
            "NMT_CPU_ISA=avx512, but this CPU's best is avx2 (NMT_CPU_ISA can only lower the instruction set)");
  EXPECT_EQ(nmt::testing::error_message([] { choose_isa("avx", Isa::kAvx2); }),
            "NMT_CPU_ISA=avx: expected avx512, avx2 or generic");
}

// The set in use is NMT_CPU_ISA's when this run was given one (CTest runs
// the suites of every kernel under each), else the CPU's best; the kernels
// and the log line follow it.
TEST(IsaTest, ChoiceFollowsTheOverrideAndTheReportSaysSo) {
  const char* wanted = std::getenv("NMT_CPU_ISA");
  const bool given = wanted != nullptr && *wanted != '\0';
  EXPECT_EQ(cpu_isa(), given ? parse_isa(wanted) : detected_isa());
  const std::string report = isa_report();
  std::cout << report << "\n";
  EXPECT_EQ(report.rfind(std::string("cpu: ") + isa_name(cpu_isa()) + " kernels (", 0), 0u) << report;
  if (given) EXPECT_NE(report.find(std::string("NMT_CPU_ISA=") + wanted), std::string::npos) << report;
  if (cpu_isa() == Isa::kGeneric) EXPECT_EQ(int8_kernel(), Int8Kernel::kGeneric);
  if (!int8_vnni() && cpu_isa() != Isa::kGeneric) EXPECT_EQ(int8_kernel(), Int8Kernel::kAvx2);
  if (cpu_isa() != Isa::kAvx512) EXPECT_FALSE(native_bf16());
  // What the CPU has is consistent: each level includes the one below.
  const Features& f = features();
  if (f.avx512) EXPECT_TRUE(f.avx2);
  if (f.avx512_vnni || f.avx512_bf16) EXPECT_TRUE(f.avx512);
}

}  // namespace
}  // namespace nmt::cpu
