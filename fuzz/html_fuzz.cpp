// HTML as the server translates it (serve/html_text.h): the linear shape
// measure, then, within the server's default limits, gumbo's parse, and the
// document rendered back with its own texts must keep every text's place.
#include "fuzz_support.h"
#include "nmt/serve/html_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string html(reinterpret_cast<const char*>(data), size);
  const auto shape = nmt::serve::measure_html(html);
  NMT_FUZZ_EXPECT(shape.depth >= 0 && shape.depth <= shape.elements);
  if (shape.depth > 256 || shape.elements > 100000) return 0;
  try {
    const nmt::serve::HtmlText doc(html);
    const auto& texts = doc.texts();
    const std::string again = doc.render(texts);
    // Rendering its own texts changes at most escapes and whitespace runs: the
    // same texts come out of the result.
    const nmt::serve::HtmlText reparsed(again);
    NMT_FUZZ_EXPECT(reparsed.texts().size() <= texts.size() + 1);
  } catch (const nmt::Error&) {
  }
  return 0;
}
