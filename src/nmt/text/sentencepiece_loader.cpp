#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "nmt/common/error.h"
#include "nmt/text/sentencepiece_module.h"

namespace nmt::text {

SentencePieceLibrary& sentencepiece() {
  static SentencePieceLibrary* library = nullptr;
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> candidates;
    if (const char* env = std::getenv("NMT_SENTENCEPIECE_MODULE")) candidates.emplace_back(env);
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) candidates.push_back((exe.parent_path() / "libnmt_sentencepiece.so").string());
    candidates.emplace_back(NMT_SENTENCEPIECE_MODULE_PATH);
    std::string tried;
    for (const auto& path : candidates) {
      if (!std::filesystem::exists(path)) {
        tried += "\n  " + path + " (missing)";
        continue;
      }
      void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
      if (handle == nullptr) {
        tried += "\n  " + path + " (" + ::dlerror() + ")";
        continue;
      }
      auto entry = reinterpret_cast<SentencePieceLibrary* (*)()>(::dlsym(handle, "nmt_sentencepiece_library"));
      if (entry != nullptr) {
        library = entry();
        return;
      }
      tried += "\n  " + path + " (no nmt_sentencepiece_library symbol)";
    }
    NMT_FAIL("cannot load the SentencePiece module libnmt_sentencepiece.so; tried:" << tried);
  });
  NMT_CHECK(library != nullptr, "the SentencePiece module failed to load earlier");
  return *library;
}

}  // namespace nmt::text
