// The int8 product on the kernel this run uses (the CPU's best, or the one
// NMT_CPU_ISA names: CTest runs this file under each) against a plain
// integer loop. Its int32 sums are exact on every kernel, so the floats
// must be equal, not close.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "nmt/cpu/int8_product.h"
#include "nmt/cpu/isa.h"

namespace nmt::cpu {
namespace {

// y = float(sum_k x q) * scale[n], with the weight quantized as the header says.
std::vector<float> plain_product(const std::vector<float>& weight, int64_t out, int64_t in,
                                 const std::vector<int8_t>& x, int64_t rows) {
  std::vector<float> y(rows * out);
  for (int64_t n = 0; n < out; ++n) {
    float max = 0;
    for (int64_t k = 0; k < in; ++k) max = std::max(max, std::abs(weight[n * in + k]));
    const float scale = max == 0 ? 1.0f : max / 127.0f;
    for (int64_t r = 0; r < rows; ++r) {
      int64_t sum = 0;
      for (int64_t k = 0; k < in; ++k) {
        sum += int64_t{x[r * in + k]} * static_cast<int64_t>(std::nearbyint(weight[n * in + k] / scale));
      }
      y[r * out + n] = static_cast<float>(sum) * scale;
    }
  }
  return y;
}

TEST(Int8ProductTest, EqualsPlainIntegerLoopForEveryShape) {
  std::cout << isa_report() << "; kernel " << int8_kernel_name(int8_kernel()) << "\n";
  std::mt19937 gen(7);
  std::normal_distribution<float> normal(0.0f, 0.1f);
  std::uniform_int_distribution<int> byte(-127, 127);
  // Columns and inputs that fill no panel or group exactly, single rows, row
  // counts around the kernels' blocks of 4 and 64 (rows the AVX2 kernel
  // widens at a time), a layer's real shape.
  const int64_t shapes[][3] = {{1, 1, 1},     {5, 3, 1},     {16, 4, 4},     {17, 5, 3},   {33, 7, 2},
                               {48, 64, 5},   {96, 64, 9},   {40, 130, 8},   {512, 256, 6}, {7, 1024, 1},
                               {19, 33, 70},  {32, 9, 129},  {16, 2, 64}};
  for (const auto& shape : shapes) {
    const int64_t out = shape[0], in = shape[1], rows = shape[2];
    std::vector<float> weight(out * in);
    for (auto& w : weight) w = normal(gen);
    std::vector<int8_t> x(rows * in);
    for (auto& v : x) v = static_cast<int8_t>(byte(gen));
    const auto want = plain_product(weight, out, in, x, rows);
    Int8Product product(weight.data(), out, in);
    std::vector<float> got(rows * out, -1.0f);
    product.multiply(x.data(), rows, got.data());
    for (int64_t i = 0; i < rows * out; ++i) {
      ASSERT_EQ(got[i], want[i]) << "out " << out << ", in " << in << ", rows " << rows << ": row " << i / out
                                 << ", column " << i % out;
    }
  }
}

// Every input and weight at full scale, with the signs that make pairs of
// products largest: |x| w pairs reach 2 x 127 x 127, which a kernel that
// shifts x to unsigned (0..254) would saturate in 16 bits.
TEST(Int8ProductTest, FullScaleInputsDoNotSaturate) {
  const int64_t out = 24, in = 64, rows = 3;
  std::vector<float> weight(out * in);
  for (int64_t n = 0; n < out; ++n) {
    for (int64_t k = 0; k < in; ++k) weight[n * in + k] = ((n + k) % 3 == 0 ? -1.0f : 1.0f);
  }
  std::vector<int8_t> x(rows * in);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t k = 0; k < in; ++k) x[r * in + k] = r == 0 ? 127 : (r == 1 ? -127 : ((k % 2) ? 127 : -127));
  }
  Int8Product product(weight.data(), out, in);
  std::vector<float> got(rows * out);
  product.multiply(x.data(), rows, got.data());
  const auto want = plain_product(weight, out, in, x, rows);
  for (int64_t i = 0; i < rows * out; ++i) ASSERT_EQ(got[i], want[i]) << "entry " << i;
  // Row 0 against column 1 (its weights all 1 but every third): a sum the
  // loop can be checked on by hand, 127 x 127 x (43 - 21) / 127.
  int64_t plus = 0;
  for (int64_t k = 0; k < in; ++k) plus += (1 + k) % 3 == 0 ? -1 : 1;
  EXPECT_EQ(got[1], static_cast<float>(127 * 127 * plus) * (1.0f / 127.0f));
}

// The product fills some columns of a wider matrix, as the engine's column
// parts do, and leaves the others alone.
TEST(Int8ProductTest, WritesIntoRowsOfAWiderMatrix) {
  const int64_t out = 20, in = 12, rows = 5, ldy = 31;
  std::vector<float> weight(out * in);
  for (int64_t i = 0; i < out * in; ++i) weight[i] = std::sin(0.7f * static_cast<float>(i));
  std::vector<int8_t> x(rows * in);
  for (int64_t i = 0; i < rows * in; ++i) x[i] = static_cast<int8_t>((i * 37) % 255 - 127);
  Int8Product product(weight.data(), out, in, ldy);
  std::vector<float> y(rows * ldy, 42.0f);
  product.multiply(x.data(), rows, y.data());
  const auto want = plain_product(weight, out, in, x, rows);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t n = 0; n < ldy; ++n) {
      if (n < out) {
        ASSERT_EQ(y[r * ldy + n], want[r * out + n]) << r << ", " << n;
      } else {
        ASSERT_EQ(y[r * ldy + n], 42.0f) << "column " << n << " beyond the product was written";
      }
    }
  }
}

TEST(Int8ProductTest, QuantizeRowRoundsHalfToEvenWithinFullScale) {
  const float x[] = {-2.0f, 1.0f, 0.5f * 2.0f / 127.0f, 1.5f * 2.0f / 127.0f, 2.0f, 0.0f};
  int8_t q[6];
  EXPECT_EQ(quantize_row(x, 6, q), 2.0f / 127.0f);
  EXPECT_EQ(q[0], -127);
  EXPECT_EQ(q[1], 64);  // 63.5 to even
  EXPECT_EQ(q[2], 0);   // 0.5 to even
  EXPECT_EQ(q[3], 2);   // 1.5 to even
  EXPECT_EQ(q[4], 127);
  EXPECT_EQ(q[5], 0);
  const float zeros[3] = {0, 0, 0};
  EXPECT_EQ(quantize_row(zeros, 3, q), 1.0f);
}

}  // namespace
}  // namespace nmt::cpu
