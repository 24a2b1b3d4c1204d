#include "nmt/eval/ter.h"

#include <algorithm>
#include <cstdio>

#include "nmt/eval/mteval_rules.h"
#include "nmt/eval/python_text.h"
#include "nmt/eval/ter_edits.h"

namespace nmt::eval {
namespace {

bool in(char32_t c, char32_t first, char32_t last) { return c >= first && c <= last; }

// The character classes of tokenizer_ter.py's _normalize_asian, as written
// there (the "Enclosed CJK Letters and Months" class does run to U+3F22).
bool is_cjk_split(char32_t c) {
  return in(c, 0x4E00, 0x9FFF) || in(c, 0x3400, 0x4DBF) ||  // CJK Unified Ideographs, Extension A
         in(c, 0x31C0, 0x31EF) || in(c, 0x2E80, 0x2EFF) ||  // CJK Strokes, Radicals Supplement
         in(c, 0x3300, 0x33FF) || in(c, 0xF900, 0xFAFF) ||  // CJK Compatibility, its Ideographs
         in(c, 0xFE30, 0xFE4F) ||                           // CJK Compatibility Forms
         in(c, 0x3200, 0x3F22);
}

// TercomTokenizer.ASIAN_PUNCT and FULL_WIDTH_PUNCT.
bool is_asian_punct(char32_t c) {
  return c == 0x3001 || c == 0x3002 || in(c, 0x3008, 0x3011) || in(c, 0x3014, 0x301F) ||
         in(c, 0xFF61, 0xFF65) || c == 0x30FB;
}
bool is_full_width_punct(char32_t c) {
  switch (c) {
    case 0xFF0E: case 0xFF0C: case 0xFF1F: case 0xFF1A: case 0xFF1B:
    case 0xFF01: case 0xFF02: case 0xFF08: case 0xFF09:
      return true;
    default:
      return false;
  }
}

// _remove_punct's class [\.,\?:;!\"\(\)].
bool is_removed_punct(char32_t c) {
  return c == U'.' || c == U',' || c == U'?' || c == U':' || c == U';' || c == U'!' || c == U'"' ||
         c == U'(' || c == U')';
}

std::u32string normalize_general_and_western(std::u32string_view line) {
  std::u32string s = mteval::replace_all(line, U"\n-", U"");  // end-of-line hyphenation
  s = mteval::replace_all(s, U"\n", U" ");
  s = mteval::replace_all(s, U"&quot;", U"\"");
  s = mteval::replace_all(s, U"&amp;", U"&");
  s = mteval::replace_all(s, U"&lt;", U"<");
  s = mteval::replace_all(s, U"&gt;", U">");
  s = mteval::pad_punctuation(U" " + s + U" ");
  s = mteval::replace_all(s, U"'s ", U" 's ");  // possessives
  if (s.size() >= 2 && s.compare(s.size() - 2, 2, U"'s") == 0) s.replace(s.size() - 2, 2, U" 's");
  return mteval::split_periods_commas_dashes(s);
}

// _normalize_asian. Its three kana rules are anchored at both ends of the
// string (^ and $ without MULTILINE), so they can only wrap a line made wholly
// of kana in spaces, which the final split removes: they change nothing and
// are left out. The other classes each put a character on its own.
std::u32string normalize_asian(std::u32string_view s) {
  return mteval::pad_each(s, [](char32_t c) {
    return is_cjk_split(c) || is_asian_punct(c) || is_full_width_punct(c);
  });
}

// TER._preprocess_segment (rstrip, then TercomTokenizer), split into words.
std::vector<std::u32string> tercom_words(const std::string& line, const TerOptions& options) {
  std::string text = python_rstrip(line);
  if (!options.case_sensitive) text = python_lower(text);
  std::u32string s = decode_utf8(text);
  if (options.normalized) {
    s = normalize_general_and_western(s);
    if (options.asian_support) s = normalize_asian(s);
  }
  if (options.no_punct) {
    s.erase(std::remove_if(s.begin(), s.end(), is_removed_punct), s.end());
    if (options.asian_support) {
      s.erase(std::remove_if(s.begin(), s.end(),
                             [](char32_t c) { return is_asian_punct(c) || is_full_width_punct(c); }),
              s.end());
    }
  }
  return python_split(s);
}

const char* yes_no(bool b) { return b ? "yes" : "no"; }

}  // namespace

std::string TerScore::signature() const {
  return "nrefs:" + std::to_string(nrefs) + "|case:" + (options.case_sensitive ? "mixed" : "lc") +
         "|tok:tercom|norm:" + yes_no(options.normalized) + "|punct:" + yes_no(!options.no_punct) +
         "|asian:" + yes_no(options.asian_support) + "|version:2.6.0";
}

std::string TerScore::text() const {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), " = %.2f", score);
  return "TER|" + signature() + buffer;
}

std::string tokenize_tercom(const std::string& line, const TerOptions& options) {
  std::u32string joined;
  for (const auto& word : tercom_words(line, options)) {
    if (!joined.empty()) joined += U' ';
    joined += word;
  }
  return encode_utf8(joined);
}

TerScore corpus_ter(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                    const TerOptions& options) {
  check_reference_sets(hyps.size(), refs);
  TerScore out;
  out.nrefs = refs.size();
  out.options = options;
  for (size_t i = 0; i < hyps.size(); ++i) {
    // TER._compute_segment_statistics: the fewest edits over the references,
    // against their average length.
    const auto hyp_words = tercom_words(hyps[i], options);
    int64_t best_edits = 10000000000000000, ref_lengths = 0;
    for (const auto& ref : refs) {
      const TerEdits e = translation_edit_rate(hyp_words, tercom_words(ref[i], options));
      ref_lengths += e.ref_length;
      best_edits = std::min(best_edits, e.edits);
    }
    out.num_edits += best_edits;
    out.ref_length += static_cast<double>(ref_lengths) / static_cast<double>(refs.size());
  }
  // Empty references with a non-empty hypothesis score 100, all empty 0.
  const double rate = out.ref_length > 0 ? static_cast<double>(out.num_edits) / out.ref_length
                      : out.num_edits > 0 ? 1.0
                                          : 0.0;
  out.score = 100 * rate;
  return out;
}

}  // namespace nmt::eval
