#include "nmt/text/utf8.h"

#include <cstdint>

namespace nmt::text {

namespace {

bool is_continuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

// Length of the well-formed sequence starting at s[i], or 0 if it is not one.
// The allowed ranges of the second byte are those of the table in RFC 3629
// section 4: they are what excludes overlongs, surrogates and > U+10FFFF.
size_t sequence_length(std::string_view s, size_t i) {
  const auto lead = static_cast<uint8_t>(s[i]);
  if (lead < 0x80) return 1;
  size_t length = 0;
  uint8_t second_min = 0x80, second_max = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;  // 0xC0, 0xC1 would only encode overlong ASCII
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) second_min = 0xA0;  // below: overlong
    if (lead == 0xED) second_max = 0x9F;  // above: surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) second_min = 0x90;  // below: overlong
    if (lead == 0xF4) second_max = 0x8F;  // above: > U+10FFFF
  } else {
    return 0;  // a stray continuation byte, or 0xF5..0xFF
  }
  if (i + length > s.size()) return 0;
  const auto second = static_cast<uint8_t>(s[i + 1]);
  if (second < second_min || second > second_max) return 0;
  for (size_t k = 2; k < length; ++k) {
    if (!is_continuation(static_cast<uint8_t>(s[i + k]))) return 0;
  }
  return length;
}

}  // namespace

size_t find_invalid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    // Fast path: ASCII dominates most corpora.
    if (static_cast<uint8_t>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t length = sequence_length(s, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

size_t code_points(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += !is_continuation(static_cast<uint8_t>(c));
  return n;
}

}  // namespace nmt::text
