// The sentence splitter (text/sentence_splitter.h) on any valid UTF-8 text
// and a language code: joining the sentences back gives the text.
#include "fuzz_support.h"
#include "nmt/text/sentence_splitter.h"
#include "nmt/text/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const char* kLanguages[] = {"en", "es", "de", "zh", "ja", "ml", "hi", "ar", "th", "xx"};
  const std::string lang = kLanguages[data[0] % 10];
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    const auto split = nmt::text::split_sentences(text, lang);
    NMT_FUZZ_EXPECT(nmt::text::find_invalid_utf8(text) == std::string::npos);
    NMT_FUZZ_EXPECT(nmt::text::join_sentences(split, split.sentences) == text);
  } catch (const nmt::Error&) {
    NMT_FUZZ_EXPECT(nmt::text::find_invalid_utf8(text) != std::string::npos);
  }
  return 0;
}
