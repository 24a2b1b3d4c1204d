#pragma once
// What every fuzz target may throw: nmt::Error for input it refuses, with a
// message. Anything else escaping (another exception, a crash, a sanitizer
// report) is a finding.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "nmt/common/error.h"

#define NMT_FUZZ_EXPECT(condition)                                                     \
  do {                                                                                 \
    if (!(condition)) {                                                                \
      std::cerr << __FILE__ << ":" << __LINE__ << ": expected " #condition "\n";       \
      std::abort();                                                                    \
    }                                                                                  \
  } while (0)
