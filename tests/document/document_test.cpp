// translate_document on each format with a translator that upper-cases what
// it is given (so each word keeps its length and every piece gets its own
// words back) and records the texts; archives are made and read back with
// zip_archive.h and compared entry by entry.
#include "nmt/document/document.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "document/pdf_fixture.h"
#include "nmt/document/pdf_text.h"
#include "nmt/document/zip_archive.h"

namespace nmt::document {
namespace {

using testing::pdf_of;

// The message of the E that `body` throws ("" when it throws none).
template <typename E, typename F>
std::string thrown(F&& body) {
  try {
    body();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}
#define EXPECT_THROW_MESSAGE(statement, type, text)             \
  do {                                                          \
    const std::string m = thrown<type>([&] { (void)(statement); }); \
    EXPECT_NE(m.find(text), std::string::npos) << m;            \
  } while (0)

using Texts = std::vector<std::string>;

struct Upper {
  Texts seen;
  std::vector<bool> wanted;  // wants_links of each text seen
  TranslateTexts fn() {
    return [this](const Texts& texts, const std::vector<bool>& wants_links) {
      seen.insert(seen.end(), texts.begin(), texts.end());
      wanted.insert(wanted.end(), wants_links.begin(), wants_links.end());
      std::vector<Translation> out;
      for (auto t : texts) {
        std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return std::toupper(c); });
        out.push_back({t, {}});
      }
      return out;
    };
  }
};

std::string translate(const std::string& bytes, const std::string& name, Upper& upper,
                      const DocumentLimits& limits = {}) {
  return translate_document(bytes, *format_of(name), name, upper.fn(), limits);
}

const ZipEntry& entry(const std::vector<ZipEntry>& entries, const std::string& name) {
  auto it = std::find_if(entries.begin(), entries.end(), [&](const ZipEntry& e) { return e.name == name; });
  if (it == entries.end()) throw std::runtime_error("no entry " + name);
  return *it;
}

TEST(FormatOf, KnowsExtensionsInAnyCaseAndNothingElse) {
  EXPECT_EQ(format_of("Report.DOCX"), Format::docx);
  EXPECT_EQ(format_of("a/b/notes.md"), Format::markdown);
  EXPECT_EQ(format_of("page.htm"), Format::html);
  EXPECT_EQ(format_of("book.epub"), Format::epub);
  EXPECT_EQ(format_of("scan.pdf"), Format::pdf);
  EXPECT_EQ(format_of("notes.rtf"), std::nullopt);
  EXPECT_EQ(format_of(".txt"), std::nullopt);  // a name that is only an extension
}

TEST(PlainText, LinesAreTextsAndAWrappedSentenceIsOne) {
  Upper upper;
  const std::string out =
      translate("Hello world.\nThis line wraps\ninto the next one.\n\n2024\nLast line\r\n", "a.txt", upper);
  EXPECT_EQ(upper.seen, (Texts{"Hello world.", "This line wraps into the next one.", "Last line"}));
  EXPECT_EQ(out, "HELLO WORLD.\nTHIS LINE WRAPS\nINTO THE NEXT ONE.\n\n2024\nLAST LINE\r\n");
}

TEST(PlainText, InvalidUtf8IsNamedWithItsByte) {
  Upper upper;
  EXPECT_THROW_MESSAGE(translate("ab\xff", "bad.txt", upper), Error, "bad.txt: invalid UTF-8 at byte 2");
}

TEST(Markdown, KeepsBlocksCodeAndInlineMarkup) {
  Upper upper;
  const std::string out = translate(
      "# Title here\n\nSome **bold** text, `code` and a [link](http://x.org) here\nand more.\n\n"
      "```\nnot translated\n```\n\n| a cell | 12 |\n|---|---|\n- item one\n",
      "a.md", upper);
  EXPECT_EQ(upper.seen, (Texts{"Title here", "Some bold text, and a link here and more.", "a cell", "item one"}));
  EXPECT_EQ(out,
            "# TITLE HERE\n\nSOME **BOLD** TEXT, `code` AND A [LINK](http://x.org) HERE\nAND MORE.\n\n"
            "```\nnot translated\n```\n\n| A CELL | 12 |\n|---|---|\n- ITEM ONE\n");
}

TEST(Subtitles, CueTextIsOneTextAndTimingsStay) {
  Upper upper;
  const std::string srt =
      "1\n00:00:01,000 --> 00:00:02,000\nHello there,\n<i>my friend</i>.\n\n2\n00:00:03,000 --> 00:00:04,500\nBye.\n";
  EXPECT_EQ(translate(srt, "a.srt", upper),
            "1\n00:00:01,000 --> 00:00:02,000\nHELLO THERE,\n<i>MY FRIEND</i>.\n\n2\n00:00:03,000 --> 00:00:04,500\nBYE.\n");
  EXPECT_EQ(upper.seen, (Texts{"Hello there, my friend.", "Bye."}));
}

TEST(Subtitles, WebVttHeaderAndNotesStay) {
  Upper upper;
  const std::string vtt = "WEBVTT\n\nNOTE a note\nstays\n\nintro\n00:01.000 --> 00:02.000\n<v Ann>Good night\n";
  EXPECT_EQ(translate(vtt, "a.vtt", upper),
            "WEBVTT\n\nNOTE a note\nstays\n\nintro\n00:01.000 --> 00:02.000\n<v Ann>GOOD NIGHT\n");
  EXPECT_EQ(upper.seen, (Texts{"Good night"}));
}

TEST(Html, TextNodesAreTranslatedAndMarkupStays) {
  Upper upper;
  EXPECT_EQ(translate("<p title=\"t\">Hello <b>world</b> &amp; more</p>", "a.html", upper),
            "<p title=\"t\">HELLO <b>WORLD</b> &amp; MORE</p>");
}

std::string docx_with(const std::string& body, std::vector<ZipEntry> more = {}) {
  std::vector<ZipEntry> entries = {
      {"[Content_Types].xml", "<?xml version=\"1.0\"?><Types/>"},
      {"word/document.xml",
       "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
       "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body>" +
           body + "</w:body></w:document>"},
      {"word/media/image1.png", std::string("\x89PNG\r\n\x1a\n\0\0binary", 16), true}};
  entries.insert(entries.end(), more.begin(), more.end());
  return write_zip(entries);
}

TEST(Docx, ParagraphIsOneTextAndRunsKeepTheirFormatting) {
  Upper upper;
  const std::string body =
      "<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Hello</w:t></w:r><w:r><w:t xml:space=\"preserve\"> big world</w:t></w:r>"
      "</w:p><w:p><w:r><w:t>3.5</w:t></w:r></w:p>";
  const auto in = docx_with(body, {{"word/header1.xml", "<w:hdr xmlns:w=\"w\"><w:p><w:r><w:t>Top</w:t></w:r></w:p></w:hdr>"}});
  const auto out = read_zip(translate(in, "a.docx", upper), "out", {1 << 20, 100});
  EXPECT_EQ(upper.seen, (Texts{"Hello big world", "Top"}));
  EXPECT_EQ(upper.wanted, (std::vector<bool>{true, false}));  // links only for a text split into runs
  const std::string& document = entry(out, "word/document.xml").data;
  EXPECT_NE(document.find("<w:r><w:rPr><w:b/></w:rPr><w:t>HELLO</w:t></w:r><w:r><w:t xml:space=\"preserve\"> BIG "
                          "WORLD</w:t></w:r></w:p><w:p><w:r><w:t>3.5</w:t></w:r></w:p>"),
            std::string::npos)
      << document;
  EXPECT_EQ(document.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><w:document", 0), 0u);
  EXPECT_EQ(entry(out, "word/header1.xml").data, "<w:hdr xmlns:w=\"w\"><w:p><w:r><w:t>TOP</w:t></w:r></w:p></w:hdr>");
  EXPECT_EQ(entry(out, "word/media/image1.png").data, std::string("\x89PNG\r\n\x1a\n\0\0binary", 16));
  const auto in_entries = read_zip(in, "in", {1 << 20, 100});
  ASSERT_EQ(out.size(), in_entries.size());
  for (size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i].name, in_entries[i].name);
}

TEST(Pptx, ALineBreakSeparatesTheRunsAroundIt) {
  Upper upper;
  const std::string slide =
      "<p:sld><a:p><a:r><a:t>Hello there.</a:t></a:r><a:br/><a:r><a:t>Good night.</a:t></a:r>"
      "<a:fld type=\"slidenum\"><a:t>7</a:t></a:fld><a:br/></a:p></p:sld>";
  const auto in = write_zip({{"ppt/presentation.xml", "<p/>"}, {"ppt/slides/slide1.xml", slide}});
  const auto out = read_zip(translate(in, "a.pptx", upper), "out", {1 << 20, 100});
  EXPECT_EQ(upper.seen, (Texts{"Hello there. Good night."}));
  EXPECT_EQ(entry(out, "ppt/slides/slide1.xml").data,
            "<p:sld><a:p><a:r><a:t>HELLO THERE.</a:t></a:r><a:br/><a:r><a:t>GOOD NIGHT.</a:t></a:r>"
            "<a:fld type=\"slidenum\"><a:t>7</a:t></a:fld><a:br/></a:p></p:sld>");
}

TEST(Xlsx, SharedStringsWithTextAreTranslatedPhoneticsStay) {
  Upper upper;
  const std::string strings =
      "<sst><si><t>Total</t></si><si><t>42</t></si><si><r><t xml:space=\"preserve\">Net </t></r><r><rPr/><t>sales</t>"
      "</r><rPh><t>neto</t></rPh></si></sst>";
  const auto in = write_zip({{"xl/workbook.xml", "<workbook/>"}, {"xl/sharedStrings.xml", strings}});
  const auto out = read_zip(translate(in, "a.xlsx", upper), "out", {1 << 20, 100});
  EXPECT_EQ(upper.seen, (Texts{"Total", "Net sales"}));
  EXPECT_EQ(entry(out, "xl/sharedStrings.xml").data,
            "<sst><si><t>TOTAL</t></si><si><t>42</t></si><si><r><t xml:space=\"preserve\">NET </t></r><r><rPr/><t>SALES"
            "</t></r><rPh><t>neto</t></rPh></si></sst>");
}

TEST(OpenDocument, SpansJoinNotesAreTheirOwnTextAndFieldsStay) {
  Upper upper;
  const std::string content =
      "<office:document-content><office:body><office:text><text:p>See <text:span>this</text:span> note<text:note>"
      "<text:note-citation>1</text:note-citation><text:note-body><text:p>A note</text:p></text:note-body></text:note>"
      " on page <text:page-number>3</text:page-number></text:p></office:text></office:body></office:document-content>";
  const auto in = write_zip({{"mimetype", "application/vnd.oasis.opendocument.text", true}, {"content.xml", content}});
  const auto out = read_zip(translate(in, "a.odt", upper), "out", {1 << 20, 100});
  EXPECT_EQ(upper.seen, (Texts{"See this note on page", "A note"}));
  EXPECT_EQ(out[0].name, "mimetype");
  EXPECT_TRUE(out[0].stored);
  EXPECT_NE(entry(out, "content.xml").data.find("<text:p>SEE <text:span>THIS</text:span> NOTE<text:note><text:note-"
                                                "citation>1</text:note-citation><text:note-body><text:p>A NOTE</text:p>"
                                                "</text:note-body></text:note> ON PAGE <text:page-number>3</text:page-"
                                                "number></text:p>"),
            std::string::npos)
      << entry(out, "content.xml").data;
}

TEST(Epub, ChaptersAreHtmlAndTheTableOfContentsIsTranslated) {
  Upper upper;
  const auto in = write_zip({{"mimetype", "application/epub+zip", true},
                             {"META-INF/container.xml", "<container/>"},
                             {"OEBPS/ch1.xhtml", "<html><body><p>First <em>page</em></p><br/></body></html>"},
                             {"OEBPS/toc.ncx", "<ncx><navMap><navPoint><navLabel><text>Start</text></navLabel>"
                                               "</navPoint></navMap></ncx>"}});
  const auto out = read_zip(translate(in, "a.epub", upper), "out", {1 << 20, 100});
  EXPECT_EQ(entry(out, "OEBPS/ch1.xhtml").data, "<html><body><p>FIRST <em>PAGE</em></p><br/></body></html>");
  EXPECT_EQ(entry(out, "OEBPS/toc.ncx").data,
            "<ncx><navMap><navPoint><navLabel><text>START</text></navLabel></navPoint></navMap></ncx>");
}

TEST(Pdf, TextComesBackAsHtmlASectionPerPageAParagraphPerParagraph) {
  if (!pdf_available()) GTEST_SKIP() << "no pdftotext (poppler-utils)";
  Upper upper;
  const auto pdf = pdf_of({{"In the beginning God created", "the heaven and the earth.", "", "And God saw the light."},
                           {"And God said, Let there be light."}});
  const std::string html = translate_document(pdf, Format::pdf, "dir/a.pdf", upper.fn());
  EXPECT_EQ(upper.seen, (Texts{"In the beginning God created the heaven and the earth.", "And God saw the light.",
                               "And God said, Let there be light."}));
  EXPECT_EQ(html,
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title translate=\"no\">a.pdf</title></head><body>\n"
            "<section class=\"page\" id=\"page-1\">\n<p>IN THE BEGINNING GOD CREATED THE HEAVEN AND THE EARTH.</p>\n"
            "<p>AND GOD SAW THE LIGHT.</p>\n</section>\n<section class=\"page\" id=\"page-2\">\n"
            "<p>AND GOD SAID, LET THERE BE LIGHT.</p>\n</section>\n</body></html>\n");
  EXPECT_EQ(output_format(Format::pdf), Format::html);
  EXPECT_EQ(output_name("scan.v2.pdf", Format::pdf), "scan.v2.html");
}

TEST(Pdf, BadFilesAndLimitsAreNamed) {
  if (!pdf_available()) GTEST_SKIP() << "no pdftotext (poppler-utils)";
  Upper upper;
  EXPECT_THROW_MESSAGE(translate("hello", "a.pdf", upper), Error, "a.pdf: not a PDF file (it does not start with %PDF-)");
  EXPECT_THROW_MESSAGE(translate("%PDF-1.4\nbroken", "b.pdf", upper), Error, "b.pdf: pdftotext cannot read it");
  DocumentLimits limits;
  limits.max_unpacked_bytes = 20;  // the text pdftotext may write
  EXPECT_THROW_MESSAGE(translate(pdf_of({{"A line that is longer than twenty bytes."}}), "c.pdf", upper, limits),
                       LimitExceeded, "c.pdf: its text is longer than 20 bytes");
  EXPECT_TRUE(upper.seen.empty());
}

TEST(Archives, BadFilesAreNamedWithWhatIsWrong) {
  Upper upper;
  EXPECT_THROW_MESSAGE(translate("not a zip", "r.docx", upper), Error, "r.docx: not a readable zip archive");
  EXPECT_THROW_MESSAGE(translate(write_zip({{"a.xml", "<a/>"}}), "r.docx", upper), Error,
                       "r.docx: not a .docx file: the archive has no word/document.xml");
  EXPECT_THROW_MESSAGE(translate(docx_with("<w:p><w:r><w:t>x</w:r></w:p>"), "r.docx", upper), Error,
                       "r.docx:word/document.xml: malformed XML at byte");
  std::string corrupt = docx_with("<w:p><w:r><w:t>Some text here</w:t></w:r></w:p>");
  const size_t at = corrupt.find("binary");
  ASSERT_NE(at, std::string::npos);
  corrupt[at] = 'B';  // the stored PNG's bytes no longer match its CRC
  EXPECT_THROW_MESSAGE(translate(corrupt, "r.docx", upper), Error, "r.docx: entry word/media/image1.png is corrupt");
}

TEST(Archives, AZipBombStopsAtTheUnpackedLimit) {
  Upper upper;
  DocumentLimits limits;
  limits.max_unpacked_bytes = 1 << 20;
  // 8 MB of zeros deflate to about 8 KB.
  const auto bomb = docx_with("<w:p/>", {{"word/zeros.bin", std::string(8 << 20, '\0')}});
  ASSERT_LT(bomb.size(), 64u << 10);
  EXPECT_THROW_MESSAGE(translate(bomb, "b.docx", upper, limits), LimitExceeded,
                       "b.docx: the archive unpacks to more than 1 MB (limit 1048576 bytes), at entry word/zeros.bin");
  limits.max_entries = 2;
  EXPECT_THROW_MESSAGE(translate(bomb, "b.docx", upper, limits), LimitExceeded,
                       "b.docx: the archive has 4 entries (limit 2)");
}

TEST(Limits, TextPastTheCharacterLimitIsRefusedBeforeTranslating) {
  Upper upper;
  DocumentLimits limits;
  limits.max_characters = 10;
  EXPECT_THROW_MESSAGE(translate("Hello world, more\n", "a.txt", upper, limits), LimitExceeded,
                       "a.txt: 17 characters of text to translate (limit 10)");
  EXPECT_TRUE(upper.seen.empty());
}

}  // namespace
}  // namespace nmt::document
