#include "nmt/data/cleaner.h"

#include <algorithm>
#include <string_view>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "nmt/common/error.h"
#include "nmt/data/hash64.h"
#include "nmt/text/utf8.h"

namespace nmt::data {

namespace {

// The scripts whose characters each count as a word.
constexpr UScriptCode kScriptsWithoutSpaces[] = {
    USCRIPT_HAN,  USCRIPT_HIRAGANA, USCRIPT_KATAKANA, USCRIPT_THAI,
    USCRIPT_LAO,  USCRIPT_KHMER,    USCRIPT_MYANMAR,  USCRIPT_TIBETAN};

bool written_without_spaces(UChar32 c) {
  if (c < 0x80) return false;
  for (UScriptCode script : kScriptsWithoutSpaces) {
    if (uscript_hasScript(c, script)) return true;  // script or script extensions
  }
  return false;
}

// FNV-1a over source, a 0xFF separator (never in valid UTF-8, so "ab"+"c" and
// "a"+"bc" differ) and target; the same on every platform and run.
uint64_t pair_hash(const SentencePair& pair) {
  uint64_t hash = 0xCBF29CE484222325ull;
  const auto add = [&hash](unsigned char byte) { hash = (hash ^ byte) * 0x100000001B3ull; };
  for (char c : pair.src) add(static_cast<unsigned char>(c));
  add(0xFF);
  for (char c : pair.tgt) add(static_cast<unsigned char>(c));
  return mix64(hash);
}

}  // namespace

int64_t length_in_words(std::string_view text) {
  int64_t length = 0;
  bool in_word = false;
  const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
  const auto size = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < size;) {
    UChar32 c;
    U8_NEXT(bytes, i, size, c);
    if (u_isUWhiteSpace(c)) {
      in_word = false;
    } else if ((U_GET_GC_MASK(c) & U_GC_M_MASK) != 0) {
      // A combining mark belongs to the character before it.
    } else if (written_without_spaces(c)) {
      ++length;
      in_word = false;
    } else if (!in_word) {
      ++length;
      in_word = true;
    }
  }
  return length;
}

bool PairHashSet::insert(uint64_t hash) {
  if (hash == 0) hash = 1;  // 0 marks a free slot
  if (10 * (size_ + 1) > 8 * slots_.size()) grow();
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {  // linear probing
    if (slots_[i] == hash) return false;
    if (slots_[i] == 0) {
      slots_[i] = hash;
      ++size_;
      return true;
    }
  }
}

void PairHashSet::grow() {
  std::vector<uint64_t> old = std::move(slots_);
  slots_.assign(std::max<size_t>(1024, 2 * old.size()), 0);
  const size_t mask = slots_.size() - 1;
  for (uint64_t hash : old) {
    if (hash == 0) continue;
    size_t i = hash & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = hash;
  }
}

Cleaner::Cleaner(const CleanOptions& options) : options_(options) {
  NMT_CHECK(options.min_words >= 1, "minimum length must be at least 1 word, found " << options.min_words);
  NMT_CHECK(options.max_words >= options.min_words,
            "maximum length (" << options.max_words << " words) is below the minimum (" << options.min_words << ")");
  NMT_CHECK(options.max_ratio == 0 || options.max_ratio >= 1,
            "maximum length ratio must be at least 1 (or 0 for no limit), found " << options.max_ratio);
}

bool Cleaner::keep(const SentencePair& pair) {
  if (text::find_invalid_utf8(pair.src) != std::string_view::npos ||
      text::find_invalid_utf8(pair.tgt) != std::string_view::npos) {
    ++stats_.invalid_utf8;
    return false;
  }
  const int64_t src_words = length_in_words(pair.src), tgt_words = length_in_words(pair.tgt);
  const int64_t shorter = std::min(src_words, tgt_words), longer = std::max(src_words, tgt_words);
  if (shorter == 0) {
    ++stats_.empty;
    return false;
  }
  if (shorter < options_.min_words) {
    ++stats_.too_short;
    return false;
  }
  if (longer > options_.max_words) {
    ++stats_.too_long;
    return false;
  }
  if (options_.max_ratio > 0 && static_cast<double>(longer) > options_.max_ratio * static_cast<double>(shorter)) {
    ++stats_.bad_ratio;
    return false;
  }
  // Last, so that only pairs otherwise kept take room in the set.
  if (options_.drop_duplicates && !seen_.insert(pair_hash(pair))) {
    ++stats_.duplicate;
    return false;
  }
  ++stats_.kept;
  return true;
}

}  // namespace nmt::data
