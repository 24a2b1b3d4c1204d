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
                            Expected{"/static/style.css", "style.css", "text/css; charset=utf-8"},
                            Expected{"/static/openapi.json", "openapi.json", "application/json"}}) {
    const auto* asset = find_asset(e.path);
    ASSERT_NE(asset, nullptr) << "no asset at " << e.path;
    EXPECT_STREQ(asset->content_type, e.type) << e.path;
    EXPECT_EQ(std::string(asset->body), read_file(page + e.file)) << e.path;
  }
  EXPECT_EQ(nmt::serve::page_assets().size(), 4u);
}

TEST(PageAssets, PageRefersOnlyToEmbeddedAssets) {
  const std::string_view html = find_asset("/")->body;
  for (const char* ref : {"/static/app.js", "/static/style.css"}) {
    EXPECT_NE(html.find(ref), std::string_view::npos) << "index.html does not load " << ref;
    EXPECT_NE(find_asset(ref), nullptr) << ref;
  }
}

}  // namespace
