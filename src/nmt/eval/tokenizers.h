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

// sacreBLEU's BLEU tokenizer for a target language, as BLEU(trg_lang=...)
// and the command line's `-l SRC-TGT` choose it when no -tok is given: zh
// for Chinese, ja-mecab for Japanese, ko-mecab for Korean, 13a otherwise.
// The language is a code as --tgt-lang takes it, in any case; its primary
// subtag decides ("zh-Hans", "zh_CN": zh). nmt has no MeCab: for ja and ko,
// `missing` names sacreBLEU's tokenizer and `tokenizer` is char, the nearest
// that needs no dictionary (callers say so, or refuse).
struct TargetTokenizer {
  BleuTokenizer tokenizer = BleuTokenizer::k13a;
  std::string missing;  // "ja-mecab" or "ko-mecab"; empty when sacreBLEU's own is used
};
TargetTokenizer bleu_tokenizer_for(std::string_view target_language);
// sacreBLEU's warning when -tok differs from its language's ("You should use
// the 'zh' tokenizer for Chinese."), or "" when it has none.
std::string tokenizer_warning(std::string_view target_language, BleuTokenizer chosen);

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
