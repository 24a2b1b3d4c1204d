#pragma once
// Glossaries kept by the server (DeepL's v3 glossaries): a named set of
// dictionaries, each one direction (source_lang -> target_lang) of term
// pairs, owned by the API key that made it and visible to it alone. Each
// glossary is one file, DIR/ID.json, written whole and synced before
// create() returns (a crash or a full disk leaves the folder as it was);
// the folder is read back at start-up.
//
// A glossary is compiled for a model's target vocabulary (decode/glossary.h)
// the first time a translation uses it, and kept until it is deleted.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "nmt/decode/glossary.h"

namespace nmt::text {
class Vocab;
}

namespace nmt::serve {

struct GlossaryDictionary {
  std::string source_lang, target_lang;
  std::vector<decode::TermPair> entries;
};

struct StoredGlossary {
  std::string id;     // 32 hex digits
  std::string name;
  std::string owner;  // key_fingerprint (access.h) of the API key that made it
  std::string creation_time;  // UTC, ISO 8601 ("2026-11-26T13:40:00Z")
  std::vector<GlossaryDictionary> dictionaries;
  const GlossaryDictionary* dictionary(const std::string& source, const std::string& target) const;
  int64_t entry_count() const;
};

struct GlossaryLimits {
  int64_t per_owner = 100;      // glossaries one API key (or the keyless) may keep
  int64_t max_entries = 10000;  // term pairs in one glossary, all dictionaries together
};

// Why a request about glossaries fails: its HTTP status and message.
struct GlossaryError {
  int status;
  std::string message;
};

class GlossaryStore {
 public:
  // Creates the folder if needed and reads every glossary in it; a file
  // that is not one is an nmt::Error naming it.
  GlossaryStore(std::string dir, GlossaryLimits limits);
  // Throws GlossaryError 403 past the owner's count, 413 past max_entries.
  StoredGlossary create(const std::string& name, const std::string& owner,
                        std::vector<GlossaryDictionary> dictionaries);
  std::vector<StoredGlossary> list(const std::string& owner) const;
  // Another owner's glossary is as absent as a missing one.
  std::optional<StoredGlossary> get(const std::string& id, const std::string& owner) const;
  bool remove(const std::string& id, const std::string& owner);
  // The glossary's source -> target dictionary compiled for `tgt_vocab`
  // (held by the server for its life); null when the glossary has no such
  // dictionary. Throws GlossaryError 404 for an unknown glossary.
  std::shared_ptr<const decode::Glossary> compiled(const std::string& id, const std::string& owner,
                                                   const std::string& source, const std::string& target,
                                                   const text::Vocab& tgt_vocab);
  const std::string& dir() const { return dir_; }
  const GlossaryLimits& limits() const { return limits_; }

 private:
  std::string path_of(const std::string& id) const;

  std::string dir_;
  GlossaryLimits limits_;
  mutable std::mutex mutex_;
  std::map<std::string, StoredGlossary> glossaries_;  // by id
  std::map<std::tuple<std::string, std::string, std::string, const text::Vocab*>,
           std::shared_ptr<const decode::Glossary>>
      compiled_;  // by id, source, target and vocabulary
};

}  // namespace nmt::serve
