#include "nmt/text/sentence_splitter.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <cctype>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>

#include "nmt/common/error.h"
#include "nmt/text/utf8.h"

namespace nmt::text {

namespace {

// Letters, digits, '-' and '_' ("en", "pt-BR", "zh_Hant"): nothing ICU would
// read as a keyword or a variant, and a bound on what the cache may hold.
bool is_language_code(const std::string& lang) {
  if (lang.size() > 35) return false;
  for (char c : lang) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  }
  return true;
}

// Building a sentence iterator reads ICU's rule data and, with exceptions,
// builds their trie; a clone of one built before skips both. One prototype
// per language, shared by every thread: the mutex guards the map and the
// clone (an ICU iterator is not to be used by two threads at once).
class IteratorCache {
 public:
  std::unique_ptr<icu::BreakIterator> get(const std::string& lang) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& prototype = prototypes_[lang];
    if (!prototype) {
      UErrorCode status = U_ZERO_ERROR;
      icu::Locale locale(lang.c_str());  // "" is the root locale
      // ss=standard: no break after the abbreviations ICU lists for the
      // language ("Mr.", "Dr.", "Sr." ...).
      locale.setKeywordValue("ss", "standard", status);
      prototype.reset(icu::BreakIterator::createSentenceInstance(locale, status));
      NMT_CHECK(U_SUCCESS(status) && prototype,
                "ICU has no sentence rules for '" << lang << "': " << u_errorName(status));
    }
    return std::unique_ptr<icu::BreakIterator>(prototype->clone());
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<icu::BreakIterator>> prototypes_;
};

IteratorCache& iterator_cache() {
  static IteratorCache cache;  // a cache of immutable rules, not state a caller could see
  return cache;
}

// [begin, end) less the white space (Unicode's White_Space) at both ends;
// begin == end when it is all white space.
void trim_white_space(std::string_view text, int32_t& begin, int32_t& end) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  while (begin < end) {
    int32_t next = begin;
    UChar32 c;
    U8_NEXT(bytes, next, end, c);
    if (!u_isUWhiteSpace(c)) break;
    begin = next;
  }
  while (end > begin) {
    int32_t previous = end;
    UChar32 c;
    U8_PREV(bytes, begin, previous, c);
    if (!u_isUWhiteSpace(c)) break;
    end = previous;
  }
}

}  // namespace

SplitText split_sentences(std::string_view text, const std::string& lang) {
  const size_t bad = find_invalid_utf8(text);
  NMT_CHECK(bad == std::string_view::npos, "invalid UTF-8 at byte " << bad + 1);
  NMT_CHECK(is_language_code(lang),
            "unknown language code '" << lang << "' (expected an ISO 639-1 code such as en or es)");
  // ICU's break positions are int32_t.
  NMT_CHECK(text.size() < static_cast<size_t>(std::numeric_limits<int32_t>::max()),
            "a text of " << text.size() << " bytes is too long to split into sentences");
  const auto iterator = iterator_cache().get(lang);

  SplitText split;
  int32_t gap_begin = 0;  // where the text after the last sentence starts
  auto add_segment = [&](int32_t begin, int32_t end) {
    trim_white_space(text, begin, end);
    if (begin == end) return;  // white space only: it stays in the gap
    split.gaps.emplace_back(text.substr(gap_begin, begin - gap_begin));
    split.sentences.emplace_back(text.substr(begin, end - begin));
    gap_begin = end;
  };

  // ICU reads the UTF-8 through a UText, whose indices are byte offsets, so
  // no table from UTF-16 positions back to bytes is needed. Each line is
  // given to ICU alone: the rules break after a line break too (UAX #29's
  // SB4), but this way no locale's rules or exceptions can join two lines.
  UErrorCode status = U_ZERO_ERROR;
  icu::LocalUTextPointer line_text(utext_openUTF8(nullptr, "", 0, &status));
  const auto size = static_cast<int32_t>(text.size());
  for (int32_t line_begin = 0; line_begin < size;) {
    const size_t newline = text.find('\n', line_begin);
    const int32_t line_end = newline == std::string_view::npos ? size : static_cast<int32_t>(newline);
    utext_openUTF8(line_text.getAlias(), text.data() + line_begin, line_end - line_begin, &status);
    iterator->setText(line_text.getAlias(), status);
    NMT_CHECK(U_SUCCESS(status), "ICU cannot read the text to split: " << u_errorName(status));
    int32_t begin = iterator->first();
    for (int32_t end = iterator->next(); end != icu::BreakIterator::DONE; end = iterator->next()) {
      add_segment(line_begin + begin, line_begin + end);
      begin = end;
    }
    line_begin = line_end + 1;  // the '\n' goes into the next gap
  }
  split.gaps.emplace_back(text.substr(gap_begin));
  return split;
}

std::string join_sentences(const SplitText& split, const std::vector<std::string>& translations) {
  NMT_CHECK(translations.size() == split.sentences.size(),
            "a text of " << split.sentences.size() << " sentences cannot be joined with " << translations.size()
                         << " translations");
  NMT_CHECK(split.gaps.size() == split.sentences.size() + 1,
            "a text of " << split.sentences.size() << " sentences needs " << split.sentences.size() + 1
                         << " gaps, not " << split.gaps.size());
  std::string joined = split.gaps[0];
  for (size_t k = 0; k < translations.size(); ++k) {
    joined += translations[k];
    joined += split.gaps[k + 1];
  }
  return joined;
}

}  // namespace nmt::text
