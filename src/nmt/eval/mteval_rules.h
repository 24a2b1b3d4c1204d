#pragma once
// The regular expressions of mteval-v13a.pl that several sacreBLEU
// tokenizers share (TokenizerRegexp behind 13a and zh, the Tercom normalizer
// of TER), and the re.sub semantics they rely on, written as loops over code
// points. Private to the eval stage.
#include <string>
#include <string_view>

namespace nmt::eval::mteval {

// Python's str.replace: every non-overlapping occurrence, left to right.
std::u32string replace_all(std::u32string_view text, std::u32string_view from, std::u32string_view to);

// ' '.join(text.split()): Python's whitespace, single spaces, no ends.
std::u32string join_split(std::u32string_view text);

// re.sub of a two-character pattern (first)(second) -> lead + first + gap +
// second + tail. re.sub scans left to right and resumes after each match, so a
// character consumed as the second half of one match cannot start the next
// one; this loop reproduces that (e.g. "a.," -> "a . ," and not "a . , ").
template <typename First, typename Second>
std::u32string sub_pair(std::u32string_view s, First first, Second second, std::u32string_view lead,
                        std::u32string_view gap, std::u32string_view tail) {
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

// re.sub of a one-character class -> ' \1 ': every character for which
// `is_split` holds is padded with a space on each side.
template <typename Pred>
std::u32string pad_each(std::u32string_view s, Pred is_split) {
  std::u32string out;
  out.reserve(s.size() * 2);
  for (char32_t c : s) {
    if (is_split(c)) {
      out += U' ';
      out += c;
      out += U' ';
    } else {
      out += c;
    }
  }
  return out;
}

// r'([\{-\~\[-\` -\&\(-\+\:-\@\/])' -> r' \1 ': ASCII punctuation except
// ' , - . (and the space, which it also pads).
std::u32string pad_punctuation(std::u32string_view s);

// The three rules after it, in order: ([^0-9])([\.,]) -> '\1 \2 ' (period or
// comma not after a digit), ([\.,])([^0-9]) -> ' \1 \2' (not before a digit),
// ([0-9])(-) -> '\1 \2 ' (dash after a digit). [0-9] is ASCII only.
std::u32string split_periods_commas_dashes(std::u32string_view s);

}  // namespace nmt::eval::mteval
