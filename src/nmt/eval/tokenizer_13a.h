#pragma once
// sacreBLEU's default BLEU tokenizer "13a" (Tokenizer13a + TokenizerRegexp),
// itself a copy of mteval-v13a.pl: it splits off most ASCII punctuation,
// keeps '.' and ',' inside numbers ("1,234.5"), and splits '-' only after a
// digit ("3-45" -> "3 - 45", "a-b" stays).
#include <string>
#include <string_view>

namespace nmt::eval {

// Returns the tokens joined by single spaces, as sacreBLEU's tokenizer does.
std::u32string tokenize_13a(std::u32string_view line);
std::string tokenize_13a(const std::string& utf8_line);

}  // namespace nmt::eval
