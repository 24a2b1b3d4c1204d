#include "nmt/eval/mteval_rules.h"

#include "nmt/eval/python_text.h"

namespace nmt::eval::mteval {
namespace {

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_period_or_comma(char32_t c) { return c == U'.' || c == U','; }

bool is_split_punct(char32_t c) {
  return (c >= 0x7B && c <= 0x7E) || (c >= 0x5B && c <= 0x60) || (c >= 0x20 && c <= 0x26) ||
         (c >= 0x28 && c <= 0x2B) || (c >= 0x3A && c <= 0x40) || c == U'/';
}

}  // namespace

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

std::u32string join_split(std::u32string_view text) {
  std::u32string joined;
  joined.reserve(text.size());
  for (const auto& token : python_split(text)) {
    if (!joined.empty()) joined += U' ';
    joined += token;
  }
  return joined;
}

std::u32string pad_punctuation(std::u32string_view s) { return pad_each(s, is_split_punct); }

std::u32string split_periods_commas_dashes(std::u32string_view s) {
  auto not_digit = [](char32_t c) { return !is_digit(c); };
  auto dash = [](char32_t c) { return c == U'-'; };
  std::u32string out = sub_pair(s, not_digit, is_period_or_comma, U"", U" ", U" ");
  out = sub_pair(out, is_period_or_comma, not_digit, U" ", U" ", U"");
  return sub_pair(out, is_digit, dash, U"", U" ", U" ");
}

}  // namespace nmt::eval::mteval
