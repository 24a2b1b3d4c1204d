#pragma once
// UTF-8 validation. Corpora are checked before they reach SentencePiece, so a
// broken byte gets a message with file and line instead of a silent <unk>.
#include <cstddef>
#include <string_view>

namespace nmt::text {

// Returns the byte offset of the first invalid UTF-8 sequence, or
// std::string_view::npos if `s` is valid. Follows RFC 3629: overlong forms,
// UTF-16 surrogates (U+D800..U+DFFF), code points above U+10FFFF and truncated
// sequences are invalid.
size_t find_invalid_utf8(std::string_view s);

// Code points in valid UTF-8 (bytes that do not continue a sequence), as
// Python's len counts characters (LibreTranslate's limits).
size_t code_points(std::string_view s);

}  // namespace nmt::text
