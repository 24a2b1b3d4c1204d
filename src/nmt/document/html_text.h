#pragma once
// Translating HTML while keeping its markup (LibreTranslate's format "html"):
// the text between tags is handed out for translation and spliced back into
// the input, so every byte outside the translated text stays as it was.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nmt/document/inline_runs.h"

namespace nmt::document {

// An HTML fragment or document, parsed with gumbo, and its translatable text.
//
// A text is a run of character data between two tags (or comments) of the
// input, trimmed of its leading and trailing whitespace, which stays in
// place: "<p>Hello <b>world</b>!</p>" has the texts "Hello", "world", "!".
// Not translated:
//  - runs with nothing but whitespace and no-break spaces;
//  - text inside script, style, xmp, iframe, noembed, noframes and plaintext
//    (raw text: entities are not decoded there, so a translation could not
//    be escaped into it);
//  - text inside code, kbd, samp and var (computer code), unless that
//    element has translate="yes", and inside an element with translate="no"
//    (HTML's own attribute), unless an element within has translate="yes";
//  - attribute values (title, alt, ...) and comments.
// Text inside pre is translated (a code block there is pre > code).
//
// Texts are split wherever the input has a tag: "Read <a>the guide</a> now"
// has three texts. Texts that only inline markup separates (a, b, em, span,
// br, img ...: runs()) are one sentence split in pieces: run_pieces() gives
// each run's texts as pieces (with the spaces between them) to translate
// whole and place back (inline_runs.h), texts_of() the texts again.
// Parsing takes time in the square of the nesting depth (HTML's scope
// rules): 30,000 unclosed <div> take 2.3 s, 100,000 <p> with two texts each 0.7 s.
// What an HTML input will cost gumbo, found by one linear pass before it is
// parsed: the elements it opens, and how deep they nest. Elements whose end
// tag HTML may leave out (p, li, td, option, ...), void elements (br, img,
// ...) and self-closed tags do not deepen it; anything else left open does,
// as gumbo keeps it open. Markup inside comments and raw text (script, style,
// textarea, title, ...) is not counted.
// `text` appended to `out` with &, < and > escaped: character data that any
// HTML or XML parser reads back as `text`.
void append_html_escaped(std::string& out, std::string_view text);

struct HtmlShape {
  int64_t elements = 0;
  int64_t depth = 0;  // the deepest nesting reached
};
HtmlShape measure_html(std::string_view html);

class HtmlText {
 public:
  // Throws nmt::Error if `html` is not valid UTF-8.
  explicit HtmlText(std::string html);

  // The text of each translatable run in input order, entities decoded
  // ("&amp;" -> "&") and whitespace runs collapsed to one space as a browser
  // shows them (kept as they are inside pre, listing and textarea).
  const std::vector<std::string>& texts() const { return texts_; }

  // Consecutive texts separated by nothing but whitespace and inline tags
  // (a, b, i, em, strong, span, br, img, sub, sup ...; not code): the
  // indices of each run's texts, every text in exactly one run, in order.
  const std::vector<std::vector<size_t>>& runs() const { return runs_; }
  // Each run's texts as pieces, a text followed by a space where whitespace
  // separates it from the next in the input.
  std::vector<Pieces> run_pieces() const;
  // The texts again from pieces shaped as run_pieces(): whitespace where the
  // input has whitespace between two texts is dropped (the input's stays),
  // a space where the input has none is kept ("luz;</b> y").
  std::vector<std::string> texts_of(const std::vector<Pieces>& pieces) const;

  // The input with texts()[i] replaced by translations[i], escaped (&, <, >);
  // markup, comments, attributes and untranslated text are kept byte for
  // byte. Throws nmt::Error if the counts differ.
  std::string render(const std::vector<std::string>& translations) const;

 private:
  struct Span {
    size_t begin, end;  // the bytes of html_ that a translation replaces
  };
  std::string html_;
  std::vector<std::string> texts_;
  std::vector<Span> spans_;  // spans_[i] holds texts_[i]; in order, disjoint
  std::vector<std::vector<size_t>> runs_;
  std::vector<bool> spaced_after_;  // whitespace between texts_[i] and texts_[i + 1]
};

}  // namespace nmt::document
