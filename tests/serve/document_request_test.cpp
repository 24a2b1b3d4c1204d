// POST /translate_file and GET /download_file over loopback: the document
// comes back with its structure and the same translations /translate gives
// its texts; bad files get LibreTranslate's statuses with messages that say
// what is wrong.
#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "document/pdf_fixture.h"
#include "nmt/document/pdf_text.h"
#include "nmt/document/zip_archive.h"
#include "serve/server_fixture.h"

namespace nmt::testing {
namespace {

using json = nlohmann::json;

httplib::Result post_file(httplib::Client& c, const std::string& name, const std::string& content,
                          const std::string& source = "en", const std::string& target = "es") {
  httplib::UploadFormDataItems items = {{"file", content, name, "application/octet-stream"},
                                        {"source", source, "", ""},
                                        {"target", target, "", ""}};
  return c.Post("/translate_file", items);
}

std::string error_of(const httplib::Result& res, int status) {
  EXPECT_TRUE(res);
  if (!res) return "";
  EXPECT_EQ(res->status, status) << res->body;
  return json::parse(res->body).value("error", "");
}

// The translated file, fetched from the URL the answer gives.
httplib::Result download(httplib::Client& c, const httplib::Result& res, int port, const std::string& name) {
  EXPECT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  const std::string url = json::parse(res->body).at("translatedFileUrl");
  const std::regex shape("http://127\\.0\\.0\\.1:" + std::to_string(port) + "(/download_file/[0-9a-f]{32}\\." +
                         std::regex_replace(name, std::regex("\\."), "\\.") + ")");
  std::smatch m;
  EXPECT_TRUE(std::regex_match(url, m, shape)) << url;
  return c.Get(m[1].str());
}

std::string translated(httplib::Client& c, const std::string& text, const std::string& source = "en") {
  auto res = c.Post("/translate", json{{"q", text}, {"source", source}, {"target", "es"}}.dump(), "application/json");
  return json::parse(res->body).at("translatedText");
}

TEST(DocumentRequests, TextFile_ComesBackWithEachLineTranslatedAsTranslateDoes) {
  RunningServer server(test_server_options());
  auto c = server.client();
  const std::string a = english_lines()[5], b = english_lines()[6];
  const auto file = download(c, post_file(c, "my notes.txt", a + "\n\n" + b + "\n"), server.port(), "my_notes.txt");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->status, 200);
  EXPECT_EQ(file->get_header_value("Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(file->get_header_value("Content-Disposition"), "attachment; filename=\"my_notes.txt\"");
  EXPECT_EQ(file->body, translated(c, a) + "\n\n" + translated(c, b) + "\n");
  // source "auto": the document's language among those with a way to es.
  const auto detected = download(c, post_file(c, "a.txt", a + "\n", "auto"), server.port(), "a.txt");
  EXPECT_EQ(detected->body, translated(c, a) + "\n");
}

TEST(DocumentRequests, Docx_KeepsEveryEntryAndTheRunsFormatting) {
  RunningServer server(test_server_options());
  auto c = server.client();
  const std::string a = english_lines()[7];
  const std::string body = "<w:document xmlns:w=\"w\"><w:body><w:p><w:pPr><w:jc w:val=\"center\"/></w:pPr><w:r><w:t>" +
                           a + "</w:t></w:r></w:p></w:body></w:document>";
  const std::string png("\x89PNG\r\n\x1a\n\0\1\2", 11);
  const auto in = document::write_zip({{"[Content_Types].xml", "<Types/>"},
                                       {"word/document.xml", body},
                                       {"word/media/image1.png", png, true}});
  const auto file = download(c, post_file(c, "r.docx", in), server.port(), "r.docx");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->get_header_value("Content-Type"),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  const auto out = document::read_zip(file->body, "out", {1 << 20, 10});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[2].data, png);
  // Word drops a text's outer spaces unless told to keep them.
  const std::string t = translated(c, a);
  const bool spaced = !t.empty() && (std::isspace(static_cast<unsigned char>(t.front())) ||
                                     std::isspace(static_cast<unsigned char>(t.back())));
  EXPECT_EQ(out[1].data, "<w:document xmlns:w=\"w\"><w:body><w:p><w:pPr><w:jc w:val=\"center\"/></w:pPr><w:r><w:t" +
                             std::string(spaced ? " xml:space=\"preserve\"" : "") + ">" + t +
                             "</w:t></w:r></w:p></w:body></w:document>");
}

// Runs placed by attention: the paragraph's runs hold, together, what
// /translate gives its text, and the file is sound.
TEST(DocumentRequests, RunsByAttention_HoldTheTranslationOfTheWholeParagraph) {
  auto options = test_server_options();
  options.file_runs_by_attention = true;
  RunningServer server(options);
  auto c = server.client();
  const std::string a = english_lines()[5];
  const size_t cut = a.find(' ', a.size() / 2);
  ASSERT_NE(cut, std::string::npos);
  const std::string body = "<w:document xmlns:w=\"w\"><w:body><w:p><w:r><w:t xml:space=\"preserve\">" + a.substr(0, cut) +
                           "</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\">" + a.substr(cut) +
                           "</w:t></w:r></w:p></w:body></w:document>";
  const auto in = document::write_zip({{"word/document.xml", body}});
  const auto file = download(c, post_file(c, "r.docx", in), server.port(), "r.docx");
  ASSERT_TRUE(file);
  const auto out = document::read_zip(file->body, "out", {1 << 20, 10});
  std::string joined;
  const std::regex text("<w:t[^>]*>([^<]*)</w:t>");
  for (std::sregex_iterator it(out[0].data.begin(), out[0].data.end(), text), end; it != end; ++it) joined += (*it)[1];
  // Compared with whitespace runs as one space, ends trimmed (the runs keep the source's spaces).
  auto squeezed = [](const std::string& s) {
    std::istringstream words(s);
    std::string word, out;
    while (words >> word) out += (out.empty() ? "" : " ") + word;
    return out;
  };
  EXPECT_EQ(squeezed(joined), squeezed(translated(c, a))) << out[0].data;
  EXPECT_NE(out[0].data.find("<w:r><w:rPr><w:b/></w:rPr><w:t"), std::string::npos) << out[0].data;
}

TEST(DocumentRequests, Pdf_ComesBackAsHtmlNamedSo) {
  if (!document::pdf_available()) GTEST_SKIP() << "no pdftotext (poppler-utils)";
  RunningServer server(test_server_options());
  auto c = server.client();
  const std::string a = english_lines()[5];
  const auto file = download(c, post_file(c, "scan.pdf", pdf_of({{a}})), server.port(), "scan.html");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(file->get_header_value("Content-Disposition"), "attachment; filename=\"scan.html\"");
  EXPECT_NE(file->body.find("<section class=\"page\" id=\"page-1\">\n<p>"), std::string::npos) << file->body;
}

TEST(DocumentRequests, BadFiles_GetLibreTranslatesStatusesWithWhatIsWrong) {
  auto options = test_server_options();
  options.max_body_bytes = 2000;
  options.file_max_bytes = 100000;
  options.file_max_unpacked_bytes = 1 << 20;
  RunningServer server(options);
  auto c = server.client();
  httplib::UploadFormDataItems no_file = {{"source", "en", "", ""}, {"target", "es", "", ""}};
  EXPECT_EQ(error_of(c.Post("/translate_file", no_file), 400), "Invalid request: missing file parameter");
  EXPECT_EQ(error_of(post_file(c, "a.txt", "Hello", "", "es"), 400), "Invalid request: missing source parameter");
  EXPECT_EQ(error_of(post_file(c, "a.txt", "Hello", "en", "fr"), 400), "fr is not supported");
  const auto rtf = error_of(post_file(c, "notes.rtf", "{\\rtf1}"), 400);
  EXPECT_EQ(rtf.rfind("Invalid request: file format not supported (notes.rtf; supported: .txt, .md", 0), 0u) << rtf;
  EXPECT_EQ(error_of(post_file(c, "r.docx", "not a zip"), 400).rfind("Invalid request: r.docx: not a readable zip archive", 0), 0u);
  EXPECT_EQ(error_of(post_file(c, "bad.txt", "ab\xff"), 400), "Invalid request: bad.txt: invalid UTF-8 at byte 2");
  // 4 MB of zeros deflate to a few KB, far under the file limit.
  const auto bomb = document::write_zip({{"word/document.xml", "<w:document/>"}, {"zeros", std::string(4 << 20, '\0')}});
  ASSERT_LT(bomb.size(), 100000u);
  EXPECT_EQ(error_of(post_file(c, "b.docx", bomb), 413),
            "Invalid request: b.docx: the archive unpacks to more than 1 MB (limit 1048576 bytes), at entry zeros");
  EXPECT_EQ(error_of(post_file(c, "big.txt", std::string(200000, 'a')), 413),
            "Request body too large (file limit 100000 bytes)");
  // Other paths keep the body limit though files may be larger.
  auto res = c.Post("/translate", json{{"q", std::string(5000, 'a')}, {"source", "en"}, {"target", "es"}}.dump(),
                    "application/json");
  EXPECT_EQ(error_of(res, 413), "Request body too large (limit 2000 bytes)");
  // Downloads: unknown names and paths out of the store are not found.
  EXPECT_EQ(c.Get("/download_file/0123456789abcdef0123456789abcdef.a.txt")->status, 404);
  EXPECT_EQ(c.Get("/download_file/..%2F..%2Fetc%2Fpasswd")->status, 404);
  EXPECT_EQ(c.Get("/download_file/../../etc/passwd")->status, 404);
}

TEST(DocumentRequests, Settings_ListTheFormatsAndFilesCanBeTurnedOff) {
  {
    RunningServer server(test_server_options());
    auto c = server.client();
    const auto settings = json::parse(c.Get("/frontend/settings")->body);
    EXPECT_EQ(settings["filesTranslation"], true);
    EXPECT_EQ(settings["supportedFilesFormat"][0], ".txt");
    EXPECT_NE(std::find(settings["supportedFilesFormat"].begin(), settings["supportedFilesFormat"].end(), ".docx"),
              settings["supportedFilesFormat"].end());
  }
  auto options = test_server_options();
  options.file_max_bytes = 0;
  RunningServer server(options);
  auto c = server.client();
  EXPECT_EQ(error_of(post_file(c, "a.txt", "Hello"), 403), "Files translation are disabled on this server.");
  EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["filesTranslation"], false);
}

}  // namespace
}  // namespace nmt::testing
