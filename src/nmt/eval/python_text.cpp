#include "nmt/eval/python_text.h"

#include <memory>

#include <unicode/ucasemap.h>

#include "nmt/common/error.h"

namespace nmt::eval {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// Reads one code point starting at text[pos] and advances pos past it.
// Overlong forms, surrogates and values past U+10FFFF are malformed: they
// give U+FFFD and consume a single byte, so decoding resynchronises.
char32_t next_code_point(std::string_view text, size_t& pos) {
  const auto lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  size_t length = 0;
  char32_t cp = 0;
  char32_t min_value = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1F, min_value = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0F, min_value = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07, min_value = 0x10000;
  } else {
    ++pos;
    return kReplacement;
  }
  if (pos + length > text.size()) {
    ++pos;
    return kReplacement;
  }
  for (size_t i = 1; i < length; ++i) {
    const auto b = static_cast<unsigned char>(text[pos + i]);
    if (!is_continuation(b)) {
      ++pos;
      return kReplacement;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min_value || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++pos;
    return kReplacement;
  }
  pos += length;
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::u32string decode_utf8(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) out += next_code_point(text, pos);
  return out;
}

std::string encode_utf8(std::u32string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char32_t cp : text) append_utf8(out, cp);
  return out;
}

bool is_python_space(char32_t c) {
  // The Unicode characters of bidi class WS/B/S or category Zs, as listed by
  // [c for c in map(chr, range(0x110000)) if c.isspace()] in Python 3.
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
  if (c < 0x85) return false;
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

std::vector<std::u32string> python_split(std::u32string_view text) {
  std::vector<std::u32string> tokens;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_python_space(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !is_python_space(text[i])) ++i;
    if (i > start) tokens.emplace_back(text.substr(start, i - start));
  }
  return tokens;
}

std::string python_rstrip(std::string_view text) {
  size_t keep = 0;  // byte offset just past the last non-space code point
  size_t pos = 0;
  while (pos < text.size()) {
    const char32_t cp = next_code_point(text, pos);
    if (!is_python_space(cp)) keep = pos;
  }
  return std::string(text.substr(0, keep));
}

std::u32string python_strip(std::u32string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && is_python_space(text[begin])) ++begin;
  while (end > begin && is_python_space(text[end - 1])) --end;
  return std::u32string(text.substr(begin, end - begin));
}

std::string python_lower(std::string_view text) {
  // "" is the root locale (nullptr would be the process's default locale,
  // which for tr or lt would map I differently from Python). Built once;
  // ICU only reads it.
  static const std::unique_ptr<UCaseMap, void (*)(UCaseMap*)> map = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<UCaseMap, void (*)(UCaseMap*)> m(ucasemap_open("", 0, &status), ucasemap_close);
    NMT_CHECK(U_SUCCESS(status), "ICU case mapping unavailable: " << u_errorName(status));
    return m;
  }();
  // Lowercasing grows a string by at most 3/2 in UTF-8 (U+0130, 2 bytes, gives
  // 3); a second call with the size ICU asked for covers anything else.
  std::string out(text.size() + text.size() / 2 + 4, '\0');
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    const int32_t length =
        ucasemap_utf8ToLower(map.get(), out.data(), static_cast<int32_t>(out.size()), text.data(),
                             static_cast<int32_t>(text.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      out.resize(static_cast<size_t>(length));
      continue;
    }
    NMT_CHECK(U_SUCCESS(status), "lowercasing failed: " << u_errorName(status));
    out.resize(static_cast<size_t>(length));
    return out;
  }
  NMT_FAIL("lowercasing failed: the output kept outgrowing its buffer");
}

}  // namespace nmt::eval
