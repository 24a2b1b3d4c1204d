#pragma once
// A text split by inline markup into pieces ("Click ", "here", " to go on"
// for "Click <b>here</b> to go on") is translated as one text, and its
// translation is placed back into the pieces in order.
#include <string>
#include <string_view>
#include <vector>

namespace nmt::document {

using Pieces = std::vector<std::string>;

std::string join_pieces(const Pieces& pieces);

// The text a translator gets for `pieces`: joined, trimmed, each run of
// whitespace one space. `owner`, when given, gets the piece each byte of
// that text comes from.
std::string text_of(const Pieces& pieces, std::vector<size_t>* owner = nullptr);

// A byte of a translation linked to the byte of its source text it was
// translated from (the start of a target piece and of the source piece it
// attended to most).
struct Link {
  size_t target, source;
};

// One sentence's subword pieces (SentencePiece's, "▁" marking a word's
// start; each list may end with "</s>") and weights[t][s], how much target
// piece t attended to source piece s.
struct PieceAttention {
  std::vector<std::string> source, target;
  std::vector<std::vector<float>> weights;
};

// Links of `target` to `source` from its sentences' attention, in order:
// each piece is found in its text after the one before it (pieces the text
// does not hold, such as <unk>, are skipped), and each target piece links to
// the source piece it attends to most (</s> aside).
std::vector<Link> links_from_attention(std::string_view source, std::string_view target,
                                       const std::vector<PieceAttention>& sentences);

// The whitespace around a text, and what lies between.
struct Trimmed {
  size_t lead = 0, trail = 0;  // bytes of leading and trailing whitespace
  std::string_view inner(std::string_view s) const { return s.substr(lead, s.size() - lead - trail); }
};
Trimmed trim(std::string_view s);

// `translation` (of the join of `pieces`, trimmed, whitespace runs as one
// space) spread over the pieces in order. Each piece's words are those of
// the translation whose middle falls in the piece's share of the source's
// non-space characters (words: runs of non-space and the space after them;
// single characters when the translation has no space, as in Chinese), so a
// piece that held a third of the source holds about a third of the
// translation. Each piece keeps its own leading and trailing whitespace (the
// line breaks of a wrapped paragraph stay where they were) where the
// translation has a space between the words around it; where it has none,
// only line breaks stay; where only the translation has a space, the next
// piece's words open with one. Pieces of only whitespace stay as they are.
//
// With `links` (from the translation to text_of(pieces)), a word goes to
// the piece its links point into rather than by position, as far as the
// pieces' order allows (a word linked nowhere goes by position): the
// assignment in order that follows the most links, found by dynamic
// programming.
Pieces place_translation(const Pieces& pieces, const std::string& translation, const std::vector<Link>& links = {});

// Whether `s` holds a letter (Unicode's alphabetic property): texts
// without one (numbers, dates, punctuation) are not translated.
bool has_letter(std::string_view s);

}  // namespace nmt::document
