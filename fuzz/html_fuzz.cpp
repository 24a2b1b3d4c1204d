// HTML as the server translates it (serve/html_text.h): the linear shape
// measure, then, within the server's default limits, gumbo's parse, and the
// document rendered back with its own texts is valid UTF-8 that parses again.
#include "fuzz_support.h"
#include "nmt/document/html_text.h"
#include "nmt/text/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string html(reinterpret_cast<const char*>(data), size);
  const auto shape = nmt::document::measure_html(html);
  NMT_FUZZ_EXPECT(shape.depth >= 0 && shape.depth <= shape.elements);
  if (shape.depth > 256 || shape.elements > 100000) return 0;
  try {
    const nmt::document::HtmlText doc(html);
    const auto& texts = doc.texts();
    // Runs cover every text once, in order, and their pieces give the texts back.
    size_t next = 0;
    for (const auto& run : doc.runs()) {
      for (size_t i : run) NMT_FUZZ_EXPECT(i == next++);
    }
    NMT_FUZZ_EXPECT(next == texts.size());
    NMT_FUZZ_EXPECT(doc.texts_of(doc.run_pieces()) == texts);
    // Its own texts rendered back: valid UTF-8 (as the input was), and HTML
    // that parses again. (Not the same texts: malformed markup after a text,
    // such as an unterminated tag at the end, may parse differently once the
    // text's < and > are escaped; the fuzzer found such an input.)
    const std::string again = doc.render(texts);
    NMT_FUZZ_EXPECT(nmt::text::find_invalid_utf8(again) == std::string::npos);
    const nmt::document::HtmlText reparsed(again);
  } catch (const nmt::Error&) {
  }
  return 0;
}
