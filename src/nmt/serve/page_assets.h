#pragma once
// The page at / of nmt serve (src/nmt/serve/page/), compiled into the binary
// by embed_assets.cmake: index.html at "/", every other file at "/static/NAME".
#include <string_view>
#include <vector>

namespace nmt::serve {

struct PageAsset {
  const char* path;          // "/", "/static/app.js", ...
  const char* content_type;  // "text/html; charset=utf-8", ...
  std::string_view body;     // the file's bytes
};

const std::vector<PageAsset>& page_assets();

}  // namespace nmt::serve
