#pragma once
// Translating files while keeping what is not text: the structure, the
// formatting and the non-text parts of plain text, Markdown, subtitles,
// HTML, Office Open XML (.docx, .pptx, .xlsx), OpenDocument (.odt, .odp,
// .ods) and EPUB; a PDF's text (pdf_text.h) comes back as HTML, a section per
// page and a paragraph per paragraph. The same call serves
// `nmt translate-file` and the server's /translate_file.
//
// A document is read into segments: the units that are translated as one
// text (a paragraph of a .docx, a cue of a subtitle file, a cell). A
// segment's text may be split by inline markup (a bold run, a link) into
// pieces; the segment is translated whole, and its translation is placed
// back into the pieces in order, by the translator's links where it gives
// them, else each piece taking the words at the same relative position as
// its share of the source (inline_runs.h). Everything
// between the pieces (tags, XML, timings, markup) is written back as it was.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nmt/common/error.h"
#include "nmt/document/inline_runs.h"

namespace nmt::document {

enum class Format { text, markdown, html, srt, vtt, docx, pptx, xlsx, odt, odp, ods, epub, pdf };

// The format of a file name by its extension, any case (".txt", ".md",
// ".html", ".htm", ".srt", ".vtt", ".docx", ...); nullopt for any other.
std::optional<Format> format_of(const std::string& file_name);
// The media type of a format ("application/vnd.oasis.opendocument.text").
std::string media_type(Format format);
// The format a translation is written in: the input's, but HTML for a PDF.
Format output_format(Format format);
// The translation's file name: `name`, with ".html" for a PDF's ".pdf".
std::string output_name(const std::string& name, Format format);
// The extensions format_of knows, with their dots, for messages and
// /frontend/settings (".pdf" only when pdftotext is on PATH).
const std::vector<std::string>& supported_extensions();

struct DocumentLimits {
  int64_t max_unpacked_bytes = 64 << 20;  // an archive's entries, all together, once unpacked
  int64_t max_entries = 10000;            // entries of an archive
  int64_t max_characters = -1;            // characters (code points) of text to translate (-1: no limit)
  int64_t html_max_depth = 256;           // HTML and XHTML nesting (measure_html)
  int64_t html_max_elements = 1000000;    // HTML and XHTML elements per file
  int64_t xml_max_depth = 1024;           // XML parts of Office and OpenDocument files
  int pdf_max_seconds = 30;               // pdftotext's CPU time (and twice that of wall-clock time)
  int64_t pdf_max_memory_bytes = 1LL << 30;  // pdftotext's address space
};

// A document past a limit: the server answers 413.
struct LimitExceeded : Error {
  using Error::Error;
};

// A text's translation, and where it may say so, links from its bytes to
// the source text's (links_from_attention in inline_runs.h): a text split
// into runs places its words by them (empty: by position).
struct Translation {
  std::string text;
  std::vector<Link> links;
};

// Translates texts (each one or several sentences) and returns one
// translation per text, in order; `wants_links[i]` says whether text i is
// split into runs, so that its links are worth their cost.
using TranslateTexts =
    std::function<std::vector<Translation>(const std::vector<std::string>& texts, const std::vector<bool>& wants_links)>;

struct DocumentStats {
  int64_t segments = 0;    // texts translated
  int64_t characters = 0;  // their characters (code points)
};

// The document in `bytes`, translated; `name` (the file's name) goes into
// messages. Throws nmt::Error for a file that is not what its format says
// (invalid UTF-8, a corrupt archive, malformed XML) and LimitExceeded past
// `limits`; `translate` is called once, with every segment, after the whole
// file has been read and checked.
std::string translate_document(const std::string& bytes, Format format, const std::string& name,
                               const TranslateTexts& translate, const DocumentLimits& limits = {},
                               DocumentStats* stats = nullptr);

}  // namespace nmt::document
