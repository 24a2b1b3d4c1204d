#pragma once
// sacreBLEU 2.6.0's BLEU tokenizers (`-tok`), each returning its tokens joined
// by single spaces as sacreBLEU's do:
//   13a   (default) mteval-v13a.pl: splits off most ASCII punctuation, keeps
//         '.' and ',' inside numbers ("1,234.5"), splits '-' only after a
//         digit ("3-45" -> "3 - 45", "a-b" stays).
//   intl  mteval-v14.pl's international tokenizer: every Unicode punctuation
//         character (\p{P}) not between two numbers, and every symbol (\p{S}).
//   zh    each character of sacreBLEU's Chinese ranges on its own, then 13a's
//         rules on the rest.
//   char  every character a token.
//   none  whitespace only.
#include <string>
#include <string_view>

namespace nmt::eval {

enum class BleuTokenizer { k13a, kIntl, kZh, kChar, kNone };

// "13a", "intl", "zh", "char", "none": the name in the signature ("tok:intl").
const char* tokenizer_name(BleuTokenizer tokenizer);
// The tokenizer of that name; throws nmt::Error listing the names otherwise.
BleuTokenizer parse_bleu_tokenizer(std::string_view name);

std::u32string tokenize(BleuTokenizer tokenizer, std::u32string_view line);

std::u32string tokenize_13a(std::u32string_view line);
std::string tokenize_13a(const std::string& utf8_line);
// TokenizerV14International; Unicode categories from ICU.
std::u32string tokenize_intl(std::u32string_view line);
// TokenizerZh.
std::u32string tokenize_zh(std::u32string_view line);

// Whether TokenizerZh puts `c` on its own (its _UCODE_RANGES, compared as
// Python compares strings).
bool is_zh_split_char(char32_t c);

}  // namespace nmt::eval
