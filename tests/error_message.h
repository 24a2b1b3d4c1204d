#pragma once
// Shared by the test binaries: bad inputs are tested on their message.
#include <string>

#include "nmt/common/error.h"

namespace nmt::testing {

// Runs `body`, which must throw nmt::Error; returns its message ("" if it did not throw).
template <typename F>
std::string error_message(F&& body) {
  try {
    body();
  } catch (const nmt::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace nmt::testing
