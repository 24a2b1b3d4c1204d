#include "nmt/eval/tokenizer_13a.h"

#include "nmt/eval/python_text.h"

namespace nmt::eval {
namespace {

// Python's str.replace: every non-overlapping occurrence, left to right.
std::u32string replace_all(std::u32string_view text, std::u32string_view from,
                           std::u32string_view to) {
  std::u32string out;
  out.reserve(text.size());
  size_t pos = 0;
  for (size_t hit; (hit = text.find(from, pos)) != std::u32string_view::npos;
       pos = hit + from.size()) {
    out.append(text.substr(pos, hit - pos));
    out.append(to);
  }
  out.append(text.substr(pos));
  return out;
}

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }  // [0-9]: ASCII only
bool is_period_or_comma(char32_t c) { return c == U'.' || c == U','; }

// The character class of the first regex, r'([\{-\~\[-\` -\&\(-\+\:-\@\/])':
// ASCII punctuation except ' , - . (and the space, which it also pads).
bool is_split_punct(char32_t c) {
  return (c >= 0x7B && c <= 0x7E) || (c >= 0x5B && c <= 0x60) || (c >= 0x20 && c <= 0x26) ||
         (c >= 0x28 && c <= 0x2B) || (c >= 0x3A && c <= 0x40) || c == U'/';
}

// re.sub of a two-character pattern (first, second) -> first + gap + second + tail.
// re.sub scans left to right and resumes after each match, so a character
// consumed as the second half of one match cannot start the next one; this
// loop reproduces that (e.g. "a.," -> "a . ," and not "a . , ").
template <typename First, typename Second>
std::u32string sub_pair(const std::u32string& s, First first, Second second,
                        std::u32string_view lead, std::u32string_view gap,
                        std::u32string_view tail) {
  std::u32string out;
  out.reserve(s.size() + s.size() / 4);
  size_t i = 0;
  while (i < s.size()) {
    if (i + 1 < s.size() && first(s[i]) && second(s[i + 1])) {
      out.append(lead);
      out += s[i];
      out.append(gap);
      out += s[i + 1];
      out.append(tail);
      i += 2;
    } else {
      out += s[i++];
    }
  }
  return out;
}

}  // namespace

std::u32string tokenize_13a(std::u32string_view line) {
  // Language-independent part (Tokenizer13a.__call__).
  std::u32string s = replace_all(line, U"<skipped>", U"");
  s = replace_all(s, U"-\n", U"");
  s = replace_all(s, U"\n", U" ");
  s = replace_all(s, U"&quot;", U"\"");
  s = replace_all(s, U"&amp;", U"&");
  s = replace_all(s, U"&lt;", U"<");
  s = replace_all(s, U"&gt;", U">");
  s = U" " + s + U" ";

  // TokenizerRegexp, rule 1: pad every punctuation character with spaces.
  std::u32string padded;
  padded.reserve(s.size() * 2);
  for (char32_t c : s) {
    if (is_split_punct(c)) {
      padded += U' ';
      padded += c;
      padded += U' ';
    } else {
      padded += c;
    }
  }
  auto not_digit = [](char32_t c) { return !is_digit(c); };
  auto digit = [](char32_t c) { return is_digit(c); };
  auto dash = [](char32_t c) { return c == U'-'; };
  // Rule 2: ([^0-9])([\.,]) -> '\1 \2 ': period/comma not preceded by a digit.
  s = sub_pair(padded, not_digit, is_period_or_comma, U"", U" ", U" ");
  // Rule 3: ([\.,])([^0-9]) -> ' \1 \2': period/comma not followed by a digit.
  s = sub_pair(s, is_period_or_comma, not_digit, U" ", U" ", U"");
  // Rule 4: ([0-9])(-) -> '\1 \2 ': dash after a digit.
  s = sub_pair(s, digit, dash, U"", U" ", U" ");

  // ' '.join(line.split())
  std::u32string joined;
  joined.reserve(s.size());
  for (const auto& token : python_split(s)) {
    if (!joined.empty()) joined += U' ';
    joined += token;
  }
  return joined;
}

std::string tokenize_13a(const std::string& utf8_line) {
  return encode_utf8(tokenize_13a(decode_utf8(utf8_line)));
}

}  // namespace nmt::eval
