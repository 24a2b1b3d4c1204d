// The TMX reader (data/tmx_reader.cpp) on any file: every pair it gives, or
// an nmt::Error that names the file.
#include <unistd.h>

#include <cstdio>

#include "fuzz_support.h"
#include "nmt/data/corpus_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/nmt_tmx_fuzz_" + std::to_string(::getpid()) + ".tmx";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    auto reader = nmt::data::open_tmx(path, "en", "es", true);
    nmt::data::SentencePair pair;
    for (int n = 0; n < 100000 && reader->next(pair); ++n) {
    }
  } catch (const nmt::Error& e) {
    NMT_FUZZ_EXPECT(std::string(e.what()).find(path) != std::string::npos);
  }
  return 0;
}
