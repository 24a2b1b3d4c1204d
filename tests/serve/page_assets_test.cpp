// The page compiled into the binary is the page in the source tree, served at
// the paths and with the content types the browser needs.
#include "nmt/serve/page_assets.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const nmt::serve::PageAsset* find_asset(std::string_view path) {
  for (const auto& asset : nmt::serve::page_assets())
    if (asset.path == path) return &asset;
  return nullptr;
}

TEST(PageAssets, EachPageFileIsEmbeddedByteForByteAtItsPath) {
  const std::string page = std::string(NMT_SOURCE_DIR) + "/src/nmt/serve/page/";
  struct Expected { const char* path; const char* file; const char* type; };
  for (const Expected& e : {Expected{"/", "index.html", "text/html; charset=utf-8"},
                            Expected{"/static/app.js", "app.js", "text/javascript; charset=utf-8"},
                            Expected{"/static/files.js", "files.js", "text/javascript; charset=utf-8"},
                            Expected{"/static/style.css", "style.css", "text/css; charset=utf-8"},
                            Expected{"/static/openapi.json", "openapi.json", "application/json"},
                            Expected{"/static/docs.html", "docs.html", "text/html; charset=utf-8"},
                            Expected{"/static/docs.js", "docs.js", "text/javascript; charset=utf-8"}}) {
    const auto* asset = find_asset(e.path);
    ASSERT_NE(asset, nullptr) << "no asset at " << e.path;
    EXPECT_STREQ(asset->content_type, e.type) << e.path;
    EXPECT_EQ(std::string(asset->body), read_file(page + e.file)) << e.path;
  }
  EXPECT_EQ(nmt::serve::page_assets().size(), 7u);
}

TEST(PageAssets, PageRefersOnlyToEmbeddedAssets) {
  const std::string_view html = find_asset("/")->body;
  for (const char* ref : {"/static/app.js", "/static/files.js", "/static/style.css"}) {
    EXPECT_NE(html.find(ref), std::string_view::npos) << "index.html does not load " << ref;
    EXPECT_NE(find_asset(ref), nullptr) << ref;
  }
  const std::string_view docs = find_asset("/static/docs.html")->body;
  for (const char* ref : {"/static/docs.js", "/static/style.css"}) {
    EXPECT_NE(docs.find(ref), std::string_view::npos) << "docs.html does not load " << ref;
  }
}

}  // namespace
