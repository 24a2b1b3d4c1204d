#pragma once
// 64-bit mixing shared by the duplicate filter and the chunk seeds.
#include <cstdint>

namespace nmt::data {

// splitmix64's finaliser: every input bit moves every output bit; mix64(0) == 0.
inline uint64_t mix64(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace nmt::data
