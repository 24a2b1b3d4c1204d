// Documents as translate-file and /translate_file read them
// (document/document.h): the first byte picks the format, the rest is the
// file. Whatever the bytes, reading either refuses with nmt::Error or
// writes a document back; with translations of other lengths (empty,
// doubled, Chinese-like without spaces) placed into the runs, with links
// that point anywhere. An archive
// written back with its own texts reads again with as many texts.
#include <vector>

#include "fuzz_support.h"
#include "nmt/document/document.h"

namespace {

using nmt::document::Format;

const Format kFormats[] = {Format::text, Format::markdown, Format::html, Format::srt,  Format::vtt, Format::docx,
                           Format::pptx, Format::xlsx,     Format::odt,  Format::odp,  Format::ods, Format::epub};

bool is_archive(Format f) { return f >= Format::docx; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const Format format = kFormats[data[0] % (sizeof kFormats / sizeof kFormats[0])];
  const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  nmt::document::DocumentLimits limits;
  limits.max_unpacked_bytes = 16 << 20;
  size_t texts_seen = 0;
  auto identity = [&](const std::vector<std::string>& texts, const std::vector<bool>&) {
    texts_seen = texts.size();
    std::vector<nmt::document::Translation> out;
    for (const auto& t : texts) out.push_back({t, {}});
    return out;
  };
  // Links that point anywhere, out of range included.
  auto other_lengths = [](const std::vector<std::string>& texts, const std::vector<bool>& wants_links) {
    std::vector<nmt::document::Translation> out;
    for (size_t i = 0; i < texts.size(); ++i) {
      if (i % 3 == 0) out.push_back({"", {}});
      else if (i % 3 == 1) out.push_back({texts[i] + " " + texts[i], {}});
      else out.push_back({"中文没有空格。好的", {}});
      if (wants_links[i]) {
        for (size_t k = 0; k < 2 * texts[i].size() + 2; k += 3) out.back().links.push_back({k, (k * 7) % (texts[i].size() + 5)});
      }
    }
    return out;
  };
  try {
    nmt::document::translate_document(bytes, format, "f", other_lengths, limits);
    const std::string again = nmt::document::translate_document(bytes, format, "f", identity, limits);
    if (is_archive(format)) {
      const size_t first = texts_seen;
      texts_seen = 0;
      nmt::document::translate_document(again, format, "again", identity, limits);
      NMT_FUZZ_EXPECT(texts_seen == first);
    }
  } catch (const nmt::Error&) {
  }
  return 0;
}
