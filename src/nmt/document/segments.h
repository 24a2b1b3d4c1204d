#pragma once
// What each format reader gives translate_document (document.h): the
// segments of a document (each a list of pieces) and how to write the
// document back with other pieces in their place.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "nmt/document/document.h"
#include "nmt/document/inline_runs.h"

namespace nmt::document {

struct Segments {
  std::vector<Pieces> segments;
  // The document with segments[i] replaced by translated[i] (same shapes).
  std::function<std::string(const std::vector<Pieces>& translated)> render;
};

// A document written as fixed text and pieces in order (the text formats).
class Template {
 public:
  void fixed(std::string_view text);
  void piece(std::string text);  // the next piece of the open segment
  // Whitespace inside the open segment (a line break in a wrapped paragraph):
  // it ends the last piece, or opens the next one after markup.
  void glue(std::string_view whitespace);
  void end_segment();            // closes the open segment, when it has pieces
  // Inline markup of a line (Markdown's or tags only) as fixed text, the text between as pieces.
  enum class Markup { markdown, tags };
  void line(std::string_view text, Markup markup);
  Segments finish() &&;

 private:
  struct Chunk {
    std::string fixed;
    size_t segment = 0, piece = 0;
    bool is_piece = false;
  };
  std::vector<Chunk> chunks_;
  std::vector<Pieces> segments_;
  Pieces open_;
  std::string pending_;  // glued whitespace for the open segment's next piece
};

// `text`, after checking it is UTF-8; else nmt::Error "NAME: invalid UTF-8 at byte N".
const std::string& check_utf8(const std::string& text, const std::string& name);

Segments read_plain_text(const std::string& text);
Segments read_markdown(const std::string& text);
Segments read_subtitles(const std::string& text, bool vtt);

// An XML part: each paragraph element's text is one segment, its character
// data the pieces (only that of `holders` elements, when given), nested
// paragraphs being segments of their own and `skipped` elements left alone.
// `breaks` (line breaks, tabs) count as a space between the pieces around them.
struct XmlRules {
  std::vector<std::string> paragraphs, holders, skipped, breaks;
  bool mark_preserved_space = false;  // xml:space="preserve" on a holder whose text has outer spaces (WordprocessingML)
};
Segments read_xml_part(const std::string& xml, const XmlRules& rules, const std::string& name,
                       const DocumentLimits& limits);

// An HTML or XHTML document (html_text.h): each text node is a segment of one piece.
Segments read_html(const std::string& html, const std::string& name, const DocumentLimits& limits);

}  // namespace nmt::document
