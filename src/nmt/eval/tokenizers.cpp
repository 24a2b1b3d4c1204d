#include "nmt/eval/tokenizers.h"

#include <string>

#include <unicode/uchar.h>

#include "nmt/common/error.h"
#include "nmt/eval/mteval_rules.h"
#include "nmt/eval/python_text.h"

namespace nmt::eval {
namespace {

// TokenizerRegexp, the part of 13a that zh shares: the four mteval rules,
// then one space between tokens.
std::u32string tokenize_regexp(std::u32string_view line) {
  return mteval::join_split(mteval::split_periods_commas_dashes(mteval::pad_punctuation(line)));
}

// tokenizer_zh.py's _UCODE_RANGES, copied as written there. As in Python, a
// \u escape takes exactly four hex digits, so u'\u20000' is the two
// characters U+2000 '0' and u'\u2a6d6' is U+2A6D '6': that entry, compared
// as strings, covers U+2001..U+2A6D (general punctuation, currency, arrows,
// math, dingbats...) and not Extension B; the next one is U+2F81..U+2FA1,
// inside the Kangxi radicals anyway, and not the Compatibility Supplement.
struct ZhRange {
  std::u32string_view start, end;
};
constexpr ZhRange kZhRanges[] = {
    {U"\u3400", U"\u4db5"},    // CJK Unified Ideographs Extension A, release 3.0
    {U"\u4e00", U"\u9fa5"},    // CJK Unified Ideographs, release 1.1
    {U"\u9fa6", U"\u9fbb"},    // CJK Unified Ideographs, release 4.1
    {U"\uf900", U"\ufa2d"},    // CJK Compatibility Ideographs, release 1.1
    {U"\ufa30", U"\ufa6a"},    // CJK Compatibility Ideographs, release 3.2
    {U"\ufa70", U"\ufad9"},    // CJK Compatibility Ideographs, release 4.1
    {U"\u20000", U"\u2a6d6"},  // (UTF16) CJK Unified Ideographs Extension B, release 3.1
    {U"\u2f800", U"\u2fa1d"},  // (UTF16) CJK Compatibility Supplement, release 3.1
    {U"\uff00", U"\uffef"},    // Full width ASCII, full width of English punctuation,
                               // half width Katakana, half wide half width kana, Korean alphabet
    {U"\u2e80", U"\u2eff"},    // CJK Radicals Supplement
    {U"\u3000", U"\u303f"},    // CJK punctuation mark
    {U"\u31c0", U"\u31ef"},    // CJK stroke
    {U"\u2f00", U"\u2fdf"},    // Kangxi Radicals
    {U"\u2ff0", U"\u2fff"},    // Chinese character structure
    {U"\u3100", U"\u312f"},    // Phonetic symbols
    {U"\u31a0", U"\u31bf"},    // Phonetic symbols (Taiwanese and Hakka expansion)
    {U"\ufe10", U"\ufe1f"},
    {U"\ufe30", U"\ufe4f"},
    {U"\u2600", U"\u26ff"},
    {U"\u2700", U"\u27bf"},
    {U"\u3200", U"\u32ff"},
    {U"\u3300", U"\u33ff"},
};

bool in_category(char32_t c, uint32_t mask) {
  return (U_GET_GC_MASK(static_cast<UChar32>(c)) & mask) != 0;
}
bool is_number(char32_t c) { return in_category(c, U_GC_N_MASK); }       // \p{N}
bool is_punctuation(char32_t c) { return in_category(c, U_GC_P_MASK); }  // \p{P}
bool is_symbol(char32_t c) { return in_category(c, U_GC_S_MASK); }       // \p{S}
bool not_number(char32_t c) { return !is_number(c); }                   // \P{N}

}  // namespace

const char* tokenizer_name(BleuTokenizer tokenizer) {
  switch (tokenizer) {
    case BleuTokenizer::k13a: return "13a";
    case BleuTokenizer::kIntl: return "intl";
    case BleuTokenizer::kZh: return "zh";
    case BleuTokenizer::kChar: return "char";
    case BleuTokenizer::kNone: return "none";
  }
  return "?";
}

BleuTokenizer parse_bleu_tokenizer(std::string_view name) {
  for (auto t : {BleuTokenizer::k13a, BleuTokenizer::kIntl, BleuTokenizer::kZh,
                 BleuTokenizer::kChar, BleuTokenizer::kNone}) {
    if (name == tokenizer_name(t)) return t;
  }
  NMT_FAIL("unknown BLEU tokenizer '" << name << "' (expected 13a, intl, zh, char or none)");
}

namespace {

// "zh-Hans", "ZH_cn" -> "zh".
std::string primary_subtag(std::string_view language) {
  std::string out;
  for (char c : language) {
    if (c == '-' || c == '_') break;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}

}  // namespace

TargetTokenizer bleu_tokenizer_for(std::string_view target_language) {
  const std::string language = primary_subtag(target_language);
  if (language == "zh") return {BleuTokenizer::kZh, ""};
  if (language == "ja") return {BleuTokenizer::kChar, "ja-mecab"};
  if (language == "ko") return {BleuTokenizer::kChar, "ko-mecab"};
  return {BleuTokenizer::k13a, ""};
}

std::string tokenizer_warning(std::string_view target_language, BleuTokenizer chosen) {
  const std::string language = primary_subtag(target_language);
  if (language == "zh" && chosen != BleuTokenizer::kZh) return "You should use the 'zh' tokenizer for Chinese.";
  if (language == "ja") return "You should use the 'ja-mecab' tokenizer for Japanese.";
  if (language == "ko") return "You should use the 'ko-mecab' tokenizer for Korean.";
  return "";
}

std::u32string tokenize(BleuTokenizer tokenizer, std::u32string_view line) {
  switch (tokenizer) {
    case BleuTokenizer::k13a: return tokenize_13a(line);
    case BleuTokenizer::kIntl: return tokenize_intl(line);
    case BleuTokenizer::kZh: return tokenize_zh(line);
    case BleuTokenizer::kChar: {
      // " ".join(line): BLEU's split() then drops the whitespace characters.
      std::u32string out;
      for (char32_t c : line) {
        if (!out.empty()) out += U' ';
        out += c;
      }
      return out;
    }
    case BleuTokenizer::kNone: return std::u32string(line);
  }
  return std::u32string(line);
}

std::u32string tokenize_13a(std::u32string_view line) {
  // Language-independent part (Tokenizer13a.__call__).
  std::u32string s = mteval::replace_all(line, U"<skipped>", U"");
  s = mteval::replace_all(s, U"-\n", U"");
  s = mteval::replace_all(s, U"\n", U" ");
  s = mteval::replace_all(s, U"&quot;", U"\"");
  s = mteval::replace_all(s, U"&amp;", U"&");
  s = mteval::replace_all(s, U"&lt;", U"<");
  s = mteval::replace_all(s, U"&gt;", U">");
  return tokenize_regexp(U" " + s + U" ");
}

std::string tokenize_13a(const std::string& utf8_line) {
  return encode_utf8(tokenize_13a(decode_utf8(utf8_line)));
}

std::u32string tokenize_intl(std::u32string_view line) {
  // (\P{N})(\p{P}) -> '\1 \2 ': punctuation after a non-number.
  std::u32string s = mteval::sub_pair(line, not_number, is_punctuation, U"", U" ", U" ");
  // (\p{P})(\P{N}) -> ' \1 \2': punctuation before a non-number.
  s = mteval::sub_pair(s, is_punctuation, not_number, U" ", U" ", U"");
  // (\p{S}) -> ' \1 ': every symbol.
  return mteval::join_split(mteval::pad_each(s, is_symbol));
}

bool is_zh_split_char(char32_t c) {
  const std::u32string_view one(&c, 1);  // Python compares the one-character string
  for (const ZhRange& r : kZhRanges) {
    if (r.start <= one && one <= r.end) return true;
  }
  return false;
}

std::u32string tokenize_zh(std::u32string_view line) {
  // line.strip(), each Chinese character padded with spaces, then
  // TokenizerRegexp (without 13a's entity replacements or outer spaces).
  return tokenize_regexp(mteval::pad_each(python_strip(line), is_zh_split_char));
}

}  // namespace nmt::eval
