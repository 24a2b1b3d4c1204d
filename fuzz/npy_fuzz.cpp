// The .npy parser of Marian models (interop/npz.h): an array whose bytes
// match its dtype and shape, or an nmt::Error.
#include "fuzz_support.h"
#include "nmt/interop/npz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    const auto array = nmt::interop::parse_npy(bytes, "fuzz.npy");
    const int64_t width = array.dtype == "<f4" ? 4 : 1;
    NMT_FUZZ_EXPECT(static_cast<int64_t>(array.bytes.size()) == array.elements() * width);
  } catch (const nmt::Error&) {
  }
  return 0;
}
