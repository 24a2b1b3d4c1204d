#include "nmt/document/document.h"

#include <algorithm>
#include <cctype>
#include <regex>

#include "nmt/document/html_text.h"
#include "nmt/document/pdf_text.h"
#include "nmt/document/segments.h"
#include "nmt/document/zip_archive.h"
#include "nmt/text/utf8.h"

namespace nmt::document {
namespace {

const std::vector<std::pair<std::string, Format>>& extensions() {
  static const std::vector<std::pair<std::string, Format>> table = {
      {".txt", Format::text},  {".md", Format::markdown}, {".markdown", Format::markdown},
      {".html", Format::html}, {".htm", Format::html},    {".srt", Format::srt},
      {".vtt", Format::vtt},   {".docx", Format::docx},   {".pptx", Format::pptx},
      {".xlsx", Format::xlsx}, {".odt", Format::odt},     {".odp", Format::odp},
      {".ods", Format::ods},   {".epub", Format::epub},   {".pdf", Format::pdf}};
  return table;
}

std::string extension_of(Format format) {
  for (const auto& [extension, f] : extensions()) {
    if (f == format) return extension;
  }
  return "";
}

// How an archive's parts are read: by name, as XML paragraphs or as XHTML.
struct PartRule {
  std::regex name;
  XmlRules xml;
  bool xhtml = false;
};

struct ArchiveFormat {
  std::string required;  // the entry that makes an archive this format
  std::vector<PartRule> parts;
};

ArchiveFormat archive_format(Format format) {
  const XmlRules word{{"w:p"}, {"w:t"}, {}, {"w:br", "w:cr", "w:tab"}, true};
  const XmlRules drawing{{"a:p"}, {"a:t"}, {"a:fld"}, {"a:br"}, false};
  // OpenDocument: fields (page numbers, dates, note numbers) stay as they are.
  const XmlRules open_document{{"text:p", "text:h"},
                               {},
                               {"text:note-citation", "text:page-number", "text:page-count", "text:date",
                                "text:time", "text:chapter", "text:sequence", "text:tracked-changes",
                                "text:bookmark-ref", "text:reference-ref"},
                               {"text:line-break", "text:tab", "text:s"},
                               false};
  switch (format) {
    case Format::docx:
      return {"word/document.xml",
              {{std::regex(R"(word/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml)"), word}}};
    case Format::pptx:
      return {"ppt/presentation.xml",
              {{std::regex(R"(ppt/(slides/slide\d+|notesSlides/notesSlide\d+|diagrams/data\d+)\.xml)"), drawing}}};
    case Format::xlsx:
      return {"xl/workbook.xml",
              {{std::regex(R"(xl/sharedStrings\.xml)"), {{"si"}, {"t"}, {"rPh"}, {}, false}},
               {std::regex(R"(xl/worksheets/sheet\d+\.xml)"), {{"is"}, {"t"}, {"rPh"}, {}, false}}}};
    case Format::odt:
    case Format::odp:
    case Format::ods:
      return {"content.xml", {{std::regex(R"((content|styles)\.xml)"), open_document}}};
    case Format::epub:
      return {"META-INF/container.xml",
              {{std::regex(R"(.*\.(xhtml|html|htm))", std::regex::icase), {}, true},
               {std::regex(R"(.*\.ncx)"), {{"navLabel"}, {"text"}, {}, {}, false}}}};
    default:
      NMT_FAIL("not an archive format");
  }
}

Segments read_archive(const std::string& bytes, Format format, const std::string& name,
                      const DocumentLimits& limits) {
  const ArchiveFormat rules = archive_format(format);
  auto entries = std::make_shared<std::vector<ZipEntry>>(
      read_zip(bytes, name, {limits.max_unpacked_bytes, limits.max_entries}));
  NMT_CHECK(std::any_of(entries->begin(), entries->end(), [&](const ZipEntry& e) { return e.name == rules.required; }),
            name << ": not a " << extension_of(format) << " file: the archive has no " << rules.required);
  // Each part's segments, one after another.
  std::vector<std::pair<size_t, Segments>> parts;  // (entry, its segments)
  Segments out;
  for (size_t i = 0; i < entries->size(); ++i) {
    const auto& entry = (*entries)[i];
    for (const auto& rule : rules.parts) {
      if (!std::regex_match(entry.name, rule.name)) continue;
      const std::string part_name = name + ":" + entry.name;
      parts.emplace_back(i, rule.xhtml ? read_html(entry.data, part_name, limits)
                                       : read_xml_part(entry.data, rule.xml, part_name, limits));
      const auto& s = parts.back().second.segments;
      out.segments.insert(out.segments.end(), s.begin(), s.end());
      break;
    }
  }
  out.render = [entries, parts = std::move(parts)](const std::vector<Pieces>& translated) {
    size_t at = 0;
    for (const auto& [entry, segments] : parts) {
      const size_t n = segments.segments.size();
      (*entries)[entry].data = segments.render({translated.begin() + at, translated.begin() + at + n});
      at += n;
    }
    return write_zip(*entries);
  };
  return out;
}

// A PDF's text as HTML: a section per page, a paragraph per run of
// non-blank lines; then read as HTML.
Segments read_pdf(const std::string& bytes, const std::string& name, const DocumentLimits& limits) {
  const auto pages = pdf_pages(bytes, name, limits);
  std::string html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title translate=\"no\">";
  append_html_escaped(html, name.substr(name.find_last_of('/') + 1));
  html += "</title></head><body>\n";
  for (size_t p = 0; p < pages.size(); ++p) {
    html += "<section class=\"page\" id=\"page-" + std::to_string(p + 1) + "\">\n";
    std::string paragraph;
    auto flush = [&] {
      if (trim(paragraph).lead < paragraph.size()) {
        html += "<p>";
        append_html_escaped(html, trim(paragraph).inner(paragraph));
        html += "</p>\n";
      }
      paragraph.clear();
    };
    size_t at = 0;
    while (at < pages[p].size()) {
      const size_t nl = std::min(pages[p].find('\n', at), pages[p].size());
      const std::string_view line = std::string_view(pages[p]).substr(at, nl - at);
      if (trim(line).lead == line.size()) flush();
      else paragraph += std::string(line) + "\n";
      at = nl + 1;
    }
    flush();
    html += "</section>\n";
  }
  html += "</body></html>\n";
  return read_html(html, name, limits);
}

Segments read_document(const std::string& bytes, Format format, const std::string& name,
                       const DocumentLimits& limits) {
  switch (format) {
    case Format::text: return read_plain_text(check_utf8(bytes, name));
    case Format::markdown: return read_markdown(check_utf8(bytes, name));
    case Format::srt: return read_subtitles(check_utf8(bytes, name), false);
    case Format::vtt: return read_subtitles(check_utf8(bytes, name), true);
    case Format::html: return read_html(bytes, name, limits);
    case Format::pdf: return read_pdf(bytes, name, limits);
    default: return read_archive(bytes, format, name, limits);
  }
}

}  // namespace

const std::string& check_utf8(const std::string& text, const std::string& name) {
  const size_t bad = text::find_invalid_utf8(text);
  NMT_CHECK(bad == std::string::npos, name << ": invalid UTF-8 at byte " << bad);
  return text;
}

std::optional<Format> format_of(const std::string& file_name) {
  std::string lower = file_name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const auto& [extension, format] : extensions()) {
    if (lower.size() > extension.size() && lower.compare(lower.size() - extension.size(), extension.size(),
                                                         extension) == 0) {
      return format;
    }
  }
  return std::nullopt;
}

std::string media_type(Format format) {
  switch (format) {
    case Format::text: return "text/plain; charset=utf-8";
    case Format::markdown: return "text/markdown; charset=utf-8";
    case Format::html: return "text/html; charset=utf-8";
    case Format::srt: return "application/x-subrip; charset=utf-8";
    case Format::vtt: return "text/vtt; charset=utf-8";
    case Format::docx: return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    case Format::pptx: return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
    case Format::xlsx: return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    case Format::odt: return "application/vnd.oasis.opendocument.text";
    case Format::odp: return "application/vnd.oasis.opendocument.presentation";
    case Format::ods: return "application/vnd.oasis.opendocument.spreadsheet";
    case Format::epub: return "application/epub+zip";
    case Format::pdf: return "application/pdf";
  }
  return "application/octet-stream";
}

Format output_format(Format format) { return format == Format::pdf ? Format::html : format; }

std::string output_name(const std::string& name, Format format) {
  if (format != Format::pdf) return name;
  const size_t dot = name.find_last_of('.');
  return (dot == std::string::npos ? name : name.substr(0, dot)) + ".html";
}

const std::vector<std::string>& supported_extensions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& [extension, format] : extensions()) {
      if (format != Format::pdf || pdf_available()) out.push_back(extension);
    }
    return out;
  }();
  return names;
}

Segments read_html(const std::string& html, const std::string& name, const DocumentLimits& limits) {
  const auto shape = measure_html(html);
  NMT_CHECK(shape.depth <= limits.html_max_depth,
            name << ": HTML elements nest " << shape.depth << " deep (limit " << limits.html_max_depth << ")");
  if (shape.elements > limits.html_max_elements) {
    throw LimitExceeded(name + ": " + std::to_string(shape.elements) + " HTML elements (limit " +
                        std::to_string(limits.html_max_elements) + ")");
  }
  auto document = std::make_shared<HtmlText>(check_utf8(html, name));
  Segments out;
  out.segments = document->run_pieces();
  out.render = [document](const std::vector<Pieces>& translated) {
    return document->render(document->texts_of(translated));
  };
  return out;
}

std::string translate_document(const std::string& bytes, Format format, const std::string& name,
                               const TranslateTexts& translate, const DocumentLimits& limits,
                               DocumentStats* stats) {
  const Segments document = read_document(bytes, format, name, limits);
  std::vector<std::string> texts;
  std::vector<bool> wants_links;
  std::vector<size_t> translated_segments;
  int64_t characters = 0;
  for (size_t i = 0; i < document.segments.size(); ++i) {
    if (!has_letter(join_pieces(document.segments[i]))) continue;
    texts.push_back(text_of(document.segments[i]));
    wants_links.push_back(std::count_if(document.segments[i].begin(), document.segments[i].end(), [](const auto& p) {
                            return trim(p).lead < p.size();
                          }) > 1);
    characters += static_cast<int64_t>(text::code_points(texts.back()));
    translated_segments.push_back(i);
  }
  if (limits.max_characters >= 0 && characters > limits.max_characters) {
    throw LimitExceeded(name + ": " + std::to_string(characters) + " characters of text to translate (limit " +
                        std::to_string(limits.max_characters) + ")");
  }
  const auto translations = texts.empty() ? std::vector<Translation>{} : translate(texts, wants_links);
  NMT_CHECK(translations.size() == texts.size(),
            "translate_document: " << translations.size() << " translations for " << texts.size() << " texts");
  std::vector<Pieces> pieces = document.segments;
  for (size_t k = 0; k < translated_segments.size(); ++k) {
    const size_t i = translated_segments[k];
    pieces[i] = place_translation(document.segments[i], translations[k].text, translations[k].links);
  }
  if (stats) *stats = {static_cast<int64_t>(texts.size()), characters};
  return document.render(pieces);
}

}  // namespace nmt::document
