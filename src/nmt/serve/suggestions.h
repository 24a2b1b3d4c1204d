#pragma once
// Suggested translations (POST /suggest, LibreTranslate's), kept durably per
// language pair under a folder:
//   DIR/SRC-TGT.tsv       source TAB suggestion, a line each: a corpus that
//                         `nmt train --train DIR/SRC-TGT.tsv` reads as it is;
//   DIR/SRC-TGT.meta.tsv  the same lines' time (UTC, ISO 8601) TAB the first
//                         16 hex digits of the API key's SHA-256 ("-" without
//                         a key): never the key itself.
// Tabs and line breaks inside a text become spaces (TSV has no escapes).
// Each suggestion is synced to disk before add() returns; a failed write
// (a full disk) leaves both files as they were and throws nmt::Error
// naming the file.
#include <mutex>
#include <string>

namespace nmt::serve {

class SuggestionStore {
 public:
  // Creates the folder if needed; throws nmt::Error when it cannot.
  explicit SuggestionStore(std::string dir);
  void add(const std::string& source_lang, const std::string& target_lang, const std::string& text,
           const std::string& suggestion, const std::string& api_key);
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  std::mutex mutex_;
};

// What a TSV field becomes: tabs, carriage returns and line feeds as spaces.
std::string tsv_field(const std::string& text);

}  // namespace nmt::serve
