// The .npy header parser on hand-made arrays and broken ones.
#include <gtest/gtest.h>

#include <cstring>

#include "error_message.h"
#include "nmt/interop/npz.h"

namespace nmt::interop {
namespace {

// A version 1.0 .npy file: magic, version, header length, the dict padded
// to a multiple of 64 bytes with a final newline, then the data.
std::string npy(const std::string& dict, const std::string& data) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01', out += '\x00';
  out += static_cast<char>(header.size() & 0xff), out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

std::string floats(std::initializer_list<float> values) {
  std::string bytes(values.size() * 4, '\0');
  std::memcpy(bytes.data(), values.begin(), bytes.size());
  return bytes;
}

TEST(Npy, ParsesShapeTypeAndData) {
  const auto a = parse_npy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
                               floats({1, 2, 3, 4, 5, 6})),
                           "x.npy");
  EXPECT_EQ(a.dtype, "<f4");
  EXPECT_EQ(a.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(a.elements(), 6);
  float sixth = 0;
  std::memcpy(&sixth, a.bytes.data() + 20, 4);
  EXPECT_EQ(sixth, 6.0f);
  const auto scalar = parse_npy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (), }", floats({7})), "s.npy");
  EXPECT_TRUE(scalar.shape.empty());
  EXPECT_EQ(scalar.elements(), 1);
}

TEST(Npy, BrokenArraysAreErrorsNamingTheMember) {
  using testing::error_message;
  EXPECT_EQ(error_message([] { parse_npy("PK\x03\x04 not numpy", "m.npz:Wemb.npy"); }),
            "m.npz:Wemb.npy: not a .npy array");
  EXPECT_EQ(error_message([] {
              parse_npy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", std::string(8, '\0')), "a.npy");
            }),
            "a.npy: element type '<f8' is not supported (float32 and int8 are)");
  EXPECT_EQ(error_message([] {
              parse_npy(npy("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", floats({1})), "b.npy");
            }),
            "b.npy: Fortran-order arrays are not supported");
  EXPECT_EQ(error_message([] {
              parse_npy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", floats({1, 2})), "c.npy");
            }),
            "c.npy: holds 8 bytes of data, its header says 12");
}

}  // namespace
}  // namespace nmt::interop
