#include "nmt/document/inline_runs.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

namespace nmt::document {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Code points of `s` that are not whitespace.
size_t weight(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += !is_space(c) && (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

bool is_punctuation(char c) { return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?'; }

// Words with the whitespace after them, a word's closing punctuation being
// a word of its own ("friend." -> "friend", "."), so that a period outside
// a closing tag can stay outside; code points when there is no space.
std::vector<std::string_view> words_of(std::string_view s) {
  std::vector<std::string_view> out;
  const bool spaced = std::any_of(s.begin(), s.end(), is_space);
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    if (spaced) {
      while (j < s.size() && is_space(s[j])) ++j;  // only before the first word
      size_t word_end = j;
      while (word_end < s.size() && !is_space(s[word_end])) ++word_end;
      size_t closing = word_end;
      while (closing > j && is_punctuation(s[closing - 1])) --closing;
      if (closing > j && closing < word_end) {
        out.push_back(s.substr(i, closing - i));
        i = closing;
      }
      j = word_end;
      while (j < s.size() && is_space(s[j])) ++j;
    } else {
      ++j;
      while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) ++j;
    }
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool ends_sentence(std::string_view s) {
  s = trim(s).inner(s);
  for (std::string_view end : {".", "!", "?", "。", "！", "？"}) {
    if (s.size() >= end.size() && s.substr(s.size() - end.size()) == end) return true;
  }
  return false;
}

// Where a piece's source ends a sentence (a line of a slide, a cue's line)
// and the translation ends one within three words of where the piece's
// words end, the piece ends there: "tierra. | Y vió" rather than "tierra. Y | vió".
void snap_to_sentence_ends(const std::vector<std::string_view>& middle, const std::vector<std::string_view>& words,
                           std::vector<size_t>& owner) {
  constexpr size_t kReach = 3;
  for (size_t k = 1; k < words.size(); ++k) {  // a boundary before word k
    const size_t before = owner[k - 1], after = owner[k];
    if (before == after || !ends_sentence(middle[before]) || ends_sentence(words[k - 1])) continue;
    size_t best = 0;
    for (size_t d = 1; d <= kReach && !best; ++d) {
      // Later: words k..j-1 join `before`; `after` must keep a word.
      if (k + d < words.size() && owner[k + d - 1] == after && owner[k + d] == after && ends_sentence(words[k + d - 1])) {
        best = k + d;
      } else if (d < k && owner[k - d - 1] == before && owner[k - d] == before && ends_sentence(words[k - d - 1])) {
        best = k - d;  // earlier: words j..k-1 join `after`
      }
    }
    if (!best) continue;
    for (size_t j = std::min(best, k); j < std::max(best, k); ++j) owner[j] = best > k ? before : after;
  }
}

}  // namespace

std::string join_pieces(const Pieces& pieces) {
  std::string out;
  for (const auto& p : pieces) out += p;
  return out;
}

std::string text_of(const Pieces& pieces) {
  const std::string joined = join_pieces(pieces);
  std::string out;
  bool space = false;
  for (char c : trim(joined).inner(joined)) {
    if (is_space(c) && space) continue;
    out += is_space(c) ? ' ' : c;
    space = is_space(c);
  }
  return out;
}

Trimmed trim(std::string_view s) {
  Trimmed t;
  while (t.lead < s.size() && is_space(s[t.lead])) ++t.lead;
  while (t.trail < s.size() - t.lead && is_space(s[s.size() - 1 - t.trail])) ++t.trail;
  return t;
}

Pieces place_translation(const Pieces& pieces, const std::string& translation) {
  const size_t n = pieces.size();
  if (n == 1) {
    const Trimmed t = trim(pieces[0]);
    return {pieces[0].substr(0, t.lead) + translation + pieces[0].substr(pieces[0].size() - t.trail)};
  }
  // Each piece as its own leading whitespace, middle and trailing whitespace
  // (a piece of only whitespace is all lead).
  std::vector<std::string> lead(n), trail(n);
  std::vector<std::string_view> middle(n);
  for (size_t i = 0; i < n; ++i) {
    const Trimmed t = trim(pieces[i]);
    lead[i] = pieces[i].substr(0, t.lead);
    middle[i] = t.inner(pieces[i]);
    trail[i] = pieces[i].substr(pieces[i].size() - t.trail);
  }
  std::vector<size_t> start(n + 1, 0);  // cumulative source weight
  for (size_t i = 0; i < n; ++i) start[i + 1] = start[i] + weight(middle[i]);
  const double total_source = static_cast<double>(start[n]);

  const auto words = words_of(std::string_view(translation).substr(trim(translation).lead));
  double total_target = 0;
  for (auto w : words) total_target += static_cast<double>(std::max<size_t>(1, weight(w)));
  std::vector<std::string> placed(n);
  std::vector<bool> spaced_after(n, false);  // the translation has a space after the piece's last word
  double seen = 0;
  size_t piece = 0;
  while (piece < n && start[piece + 1] == start[piece]) ++piece;  // the first piece with text
  if (piece == n) piece = 0;
  std::vector<size_t> owner(words.size());  // the piece of each word
  for (size_t k = 0; k < words.size(); ++k) {
    const double w_weight = static_cast<double>(std::max<size_t>(1, weight(words[k])));
    const double middle_at = (seen + w_weight / 2) / total_target * total_source;
    seen += w_weight;
    // The last piece with text that starts at or before the word's middle.
    for (size_t i = piece + 1; i < n; ++i) {
      if (start[i + 1] == start[i]) continue;
      if (static_cast<double>(start[i]) > middle_at) break;
      piece = i;
    }
    owner[k] = piece;
  }
  snap_to_sentence_ends(middle, words, owner);
  // Punctuation right after a word stays with it ("durmieron," rather than
  // "durmieron | , durmiendo"), unless the source's piece opens with punctuation too
  // ("<i>friend</i>.").
  for (size_t k = 1; k < words.size(); ++k) {
    const auto& opening = middle[owner[k]];
    if (is_punctuation(words[k].front()) && !is_space(words[k - 1].back()) &&
        (opening.empty() || !is_punctuation(opening.front()))) {
      owner[k] = owner[k - 1];
    }
  }
  for (size_t k = 0; k < words.size(); ++k) placed[owner[k]] += words[k];
  for (size_t i = 0; i < n; ++i) {
    const Trimmed t = trim(placed[i]);
    spaced_after[i] = t.trail > 0;
    placed[i] = std::string(t.inner(placed[i]));
  }
  // The whitespace between two pieces' words: the source's where the
  // translation has a space there too, and a space where only the
  // translation has one; where the translation has none (Chinese), only
  // the source's line breaks stay.
  auto keep = [](const std::string& ws, bool spaced) {
    return spaced || ws.find('\n') != std::string::npos ? ws : std::string();
  };
  Pieces out(n);
  size_t last = n;  // the last piece with words so far
  bool gap_spaced = true, gap_has_source_space = false;
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) gap_has_source_space |= !trail[i - 1].empty() || !lead[i].empty();
    std::string before = i == 0 ? lead[i] : keep(lead[i], gap_spaced || last == n);
    if (!placed[i].empty()) {
      if (last != n && spaced_after[last] && !gap_has_source_space) before += ' ';
      last = i;
      gap_spaced = spaced_after[i];
      gap_has_source_space = false;
    }
    const bool final_piece = i + 1 == n;
    bool words_after = false;
    for (size_t k = i + 1; k < n && !words_after; ++k) words_after = !placed[k].empty();
    const std::string after = final_piece || !words_after ? trail[i] : keep(trail[i], last == n || gap_spaced);
    out[i] = before + placed[i] + after;
  }
  return out;
}

bool has_letter(std::string_view s) {
  int32_t i = 0;
  const auto length = static_cast<int32_t>(s.size());
  while (i < length) {
    UChar32 c;
    U8_NEXT(reinterpret_cast<const uint8_t*>(s.data()), i, length, c);
    if (c >= 0 && u_isalpha(c)) return true;
  }
  return false;
}

}  // namespace nmt::document
