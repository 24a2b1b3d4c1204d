#pragma once
// The few pieces of Python `str` behaviour that sacreBLEU's numbers depend on:
// strings are sequences of Unicode code points, and str.split() / str.rstrip()
// treat a wider set of characters as whitespace than C's isspace (NBSP,
// U+2000..U+200A, U+3000, ...). Matching sacreBLEU exactly means copying these.
#include <string>
#include <string_view>
#include <vector>

namespace nmt::eval {

// Decodes UTF-8 into code points. A malformed byte becomes U+FFFD and decoding
// goes on (nmt score checks its files first, as Python would refuse to read
// them; a validation run should not die on one bad byte of model output).
std::u32string decode_utf8(std::string_view text);
std::string encode_utf8(std::u32string_view text);

// True for exactly the characters Python's str.isspace() accepts.
bool is_python_space(char32_t c);

// Python's s.split() with no argument: runs of whitespace separate tokens,
// leading/trailing whitespace gives no empty tokens.
std::vector<std::u32string> python_split(std::u32string_view text);

// Python's s.rstrip() on a UTF-8 string; the bytes that stay are untouched.
std::string python_rstrip(std::string_view text);
// Python's s.strip() (both ends).
std::u32string python_strip(std::u32string_view text);

// Python's s.lower() on a UTF-8 string: the full Unicode lowercase mapping,
// context included, with no language's tailoring ("İ" -> "i̇", a final "Σ" ->
// "ς", "ß" stays "ß"). ICU's case mapping for the root locale, which is that
// mapping.
std::string python_lower(std::string_view text);

}  // namespace nmt::eval
