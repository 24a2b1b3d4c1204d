#include "nmt/document/inline_runs.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cmath>

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

std::string text_of(const Pieces& pieces, std::vector<size_t>* owner) {
  std::vector<size_t> piece_of;  // of each byte of the join
  for (size_t i = 0; i < pieces.size(); ++i) piece_of.insert(piece_of.end(), pieces[i].size(), i);
  const std::string joined = join_pieces(pieces);
  const Trimmed t = trim(joined);
  std::string out;
  if (owner) owner->clear();
  bool space = false;
  for (size_t b = t.lead; b < joined.size() - t.trail; ++b) {
    const char c = joined[b];
    if (is_space(c) && space) continue;
    out += is_space(c) ? ' ' : c;
    if (owner) owner->push_back(piece_of[b]);
    space = is_space(c);
  }
  return out;
}

namespace {

// Where each piece's text starts in `text`, searched in order after the
// previous one's end; npos for a piece not found near there (<unk>, </s>).
std::vector<size_t> piece_offsets(std::string_view text, const std::vector<std::string>& pieces, size_t& cursor) {
  static const std::string word_start = "\xE2\x96\x81";  // U+2581
  std::vector<size_t> out;
  for (const auto& piece : pieces) {
    std::string surface;
    for (size_t i = 0; i < piece.size();) {
      if (piece.compare(i, word_start.size(), word_start) == 0) {
        i += word_start.size();
      } else {
        surface += piece[i++];
      }
    }
    const size_t at = surface.empty() || piece == "</s>" ? std::string_view::npos : text.find(surface, cursor);
    // Found near the cursor only: a piece missing here must not pull the rest far ahead.
    if (at == std::string_view::npos || at > cursor + 16) {
      out.push_back(std::string_view::npos);
      continue;
    }
    out.push_back(at);
    cursor = at + surface.size();
  }
  return out;
}

}  // namespace

std::vector<Link> links_from_attention(std::string_view source, std::string_view target,
                                       const std::vector<PieceAttention>& sentences) {
  std::vector<Link> links;
  size_t source_cursor = 0, target_cursor = 0;
  for (const auto& sentence : sentences) {
    const auto from = piece_offsets(source, sentence.source, source_cursor);
    const auto to = piece_offsets(target, sentence.target, target_cursor);
    for (size_t t = 0; t < to.size() && t < sentence.weights.size(); ++t) {
      if (to[t] == std::string_view::npos) continue;
      const auto& row = sentence.weights[t];
      size_t best = std::string_view::npos;
      for (size_t k = 0; k < row.size() && k < from.size(); ++k) {
        if (from[k] != std::string_view::npos && (best == std::string_view::npos || row[k] > row[best])) best = k;
      }
      if (best != std::string_view::npos) links.push_back({to[t], from[best]});
    }
  }
  return links;
}

Trimmed trim(std::string_view s) {
  Trimmed t;
  while (t.lead < s.size() && is_space(s[t.lead])) ++t.lead;
  while (t.trail < s.size() - t.lead && is_space(s[s.size() - 1 - t.trail])) ++t.trail;
  return t;
}

namespace {

// The pieces of `owner` (one per word, in order) moved to follow `links`
// where the order allows: among the assignments in order to pieces with
// text, the one that puts the fewest linked words elsewhere than their
// links point, ties going to the one nearest `owner` (by position).
void follow_links(const Pieces& pieces, std::string_view translation, const std::vector<std::string_view>& words,
                  const std::vector<Link>& links, const std::vector<size_t>& start, std::vector<size_t>& owner) {
  std::vector<size_t> source_piece;  // of each byte of text_of(pieces)
  text_of(pieces, &source_piece);
  std::vector<size_t> eligible;  // pieces with text
  for (size_t i = 0; i + 1 < start.size(); ++i) {
    if (start[i + 1] > start[i]) eligible.push_back(i);
  }
  if (eligible.empty() || words.empty()) return;
  const size_t n_words = words.size(), n_pieces = eligible.size();
  // The piece each word's first link points into (npos: none).
  std::vector<size_t> linked(n_words, std::string_view::npos);
  for (size_t j = 0; j < n_words; ++j) {
    const size_t begin = static_cast<size_t>(words[j].data() - translation.data()), end = begin + words[j].size();
    for (const auto& l : links) {
      if (l.target >= begin && l.target < end && l.source < source_piece.size()) {
        linked[j] = source_piece[l.source];
        break;
      }
    }
  }
  auto rank = [&](size_t piece) {
    return static_cast<double>(std::lower_bound(eligible.begin(), eligible.end(), piece) - eligible.begin());
  };
  // cost[j][e]: the best cost of words 0..j with word j in eligible[e].
  std::vector<std::vector<double>> cost(n_words, std::vector<double>(n_pieces));
  std::vector<std::vector<size_t>> from(n_words, std::vector<size_t>(n_pieces, 0));
  for (size_t j = 0; j < n_words; ++j) {
    double best = 0;
    size_t best_at = 0;
    for (size_t e = 0; e < n_pieces; ++e) {
      const double own = (linked[j] != std::string_view::npos && linked[j] != eligible[e] ? 1.0 : 0.0) +
                         1e-3 * std::abs(static_cast<double>(e) - rank(owner[j]));
      if (j > 0 && (e == 0 || cost[j - 1][e] < best)) best = cost[j - 1][e], best_at = e;
      cost[j][e] = own + (j > 0 ? best : 0.0);
      from[j][e] = best_at;
    }
  }
  size_t e = static_cast<size_t>(std::min_element(cost.back().begin(), cost.back().end()) - cost.back().begin());
  for (size_t j = n_words; j-- > 0;) {
    owner[j] = eligible[e];
    e = from[j][e];
  }
}

}  // namespace

Pieces place_translation(const Pieces& pieces, const std::string& translation, const std::vector<Link>& links) {
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
  if (links.empty()) {
    snap_to_sentence_ends(middle, words, owner);
  } else {
    follow_links(pieces, translation, words, links, start, owner);
  }
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
  auto newlines_only = [](const std::string& ws) {
    return ws.find('\n') != std::string::npos ? ws : std::string();
  };
  Pieces out(n);
  size_t last = n;          // the last piece with words so far
  bool gap_spaced = true;   // the translation has a space after that piece's last word
  bool written = false;     // whitespace written since the last word
  bool emptied = false;     // a piece with text but no words passed since the last word
  // Whitespace between two words. Before the first word, and where a piece
  // that lost its words would leave a second space, only line breaks stay.
  auto between = [&](const std::string& ws) {
    std::string kept = last == n || (written && emptied) ? newlines_only(ws) : keep(ws, gap_spaced);
    written |= !kept.empty();
    return kept;
  };
  for (size_t i = 0; i < n; ++i) {
    std::string before = i == 0 ? lead[i] : between(lead[i]);  // the text's own leading whitespace stays
    if (!placed[i].empty()) {
      if (last != n && spaced_after[last] && !written) before += ' ';
      last = i;
      gap_spaced = spaced_after[i];
      written = emptied = false;
    } else if (start[i + 1] > start[i]) {
      emptied = true;
    }
    bool words_after = false;
    for (size_t k = i + 1; k < n && !words_after; ++k) words_after = !placed[k].empty();
    // After the last word: the source's own, as it is (the text's trailing whitespace).
    const std::string after = i + 1 == n || !words_after ? trail[i] : between(trail[i]);
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
