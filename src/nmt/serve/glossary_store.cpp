#include "nmt/serve/glossary_store.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/common/format.h"

namespace nmt::serve {
namespace {

using json = nlohmann::json;

std::string new_id() {
  std::random_device random;  // /dev/urandom
  static const char* hex = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 32; ++i) id += hex[random() & 15];
  return id;
}

bool is_id(const std::string& s) {
  return s.size() == 32 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

json to_json(const StoredGlossary& g) {
  json dictionaries = json::array();
  for (const auto& d : g.dictionaries) {
    dictionaries.push_back(
        {{"source_lang", d.source_lang}, {"target_lang", d.target_lang}, {"entries", decode::term_pairs_tsv(d.entries)}});
  }
  return {{"glossary_id", g.id},
          {"name", g.name},
          {"owner", g.owner},
          {"creation_time", g.creation_time},
          {"dictionaries", dictionaries}};
}

StoredGlossary from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot read the glossary file " << path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  StoredGlossary g;
  try {
    const auto j = json::parse(bytes.str());
    g.id = j.at("glossary_id").get<std::string>();
    g.name = j.at("name").get<std::string>();
    g.owner = j.at("owner").get<std::string>();
    g.creation_time = j.at("creation_time").get<std::string>();
    for (const auto& d : j.at("dictionaries")) {
      GlossaryDictionary dictionary;
      dictionary.source_lang = d.at("source_lang").get<std::string>();
      dictionary.target_lang = d.at("target_lang").get<std::string>();
      dictionary.entries = decode::read_term_pairs(d.at("entries").get<std::string>(), path + " entries");
      g.dictionaries.push_back(std::move(dictionary));
    }
  } catch (const json::exception& e) {
    NMT_FAIL("the glossary file " << path << " is not a glossary: " << e.what());
  }
  NMT_CHECK(is_id(g.id) && std::filesystem::path(path).stem() == g.id,
            "the glossary file " << path << " holds the id '" << g.id << "', not its name's");
  return g;
}

}  // namespace

const GlossaryDictionary* StoredGlossary::dictionary(const std::string& source, const std::string& target) const {
  for (const auto& d : dictionaries)
    if (d.source_lang == source && d.target_lang == target) return &d;
  return nullptr;
}

int64_t StoredGlossary::entry_count() const {
  int64_t n = 0;
  for (const auto& d : dictionaries) n += static_cast<int64_t>(d.entries.size());
  return n;
}

GlossaryStore::GlossaryStore(std::string dir, GlossaryLimits limits) : dir_(std::move(dir)), limits_(limits) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  NMT_CHECK(!ec && std::filesystem::is_directory(dir_),
            "--glossaries-dir " << dir_ << ": cannot create the folder" << (ec ? ": " + ec.message() : ""));
  remove_stale_temporaries(dir_);
  for (const auto& file : std::filesystem::directory_iterator(dir_)) {
    if (file.path().extension() != ".json") continue;
    auto g = from_file(file.path().string());
    glossaries_.emplace(g.id, std::move(g));
  }
}

std::string GlossaryStore::path_of(const std::string& id) const {
  return (std::filesystem::path(dir_) / (id + ".json")).string();
}

StoredGlossary GlossaryStore::create(const std::string& name, const std::string& owner,
                                     std::vector<GlossaryDictionary> dictionaries) {
  StoredGlossary g;
  g.name = name, g.owner = owner, g.dictionaries = std::move(dictionaries);
  g.creation_time = utc_timestamp();
  if (g.entry_count() > limits_.max_entries) {
    throw GlossaryError{413, "Invalid request: the glossary has " + std::to_string(g.entry_count()) +
                                 " entries, more than the limit (" + std::to_string(limits_.max_entries) + ")"};
  }
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t owned = 0;
  for (const auto& [id, other] : glossaries_) owned += other.owner == owner;
  if (owned >= limits_.per_owner) {
    throw GlossaryError{403, "Glossary limit reached: this API key keeps " + std::to_string(owned) +
                                 " glossaries (limit " + std::to_string(limits_.per_owner) + "); delete one first"};
  }
  do {
    g.id = new_id();
  } while (glossaries_.count(g.id) > 0);
  write_file_durably(path_of(g.id), to_json(g).dump(), "glossary");
  glossaries_.emplace(g.id, g);
  return g;
}

std::vector<StoredGlossary> GlossaryStore::list(const std::string& owner) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<StoredGlossary> out;
  for (const auto& [id, g] : glossaries_)
    if (g.owner == owner) out.push_back(g);
  std::stable_sort(out.begin(), out.end(),
                   [](const StoredGlossary& a, const StoredGlossary& b) { return a.creation_time < b.creation_time; });
  return out;
}

std::optional<StoredGlossary> GlossaryStore::get(const std::string& id, const std::string& owner) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = glossaries_.find(id);
  if (it == glossaries_.end() || it->second.owner != owner) return std::nullopt;
  return it->second;
}

bool GlossaryStore::remove(const std::string& id, const std::string& owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = glossaries_.find(id);
  if (it == glossaries_.end() || it->second.owner != owner) return false;
  const auto path = path_of(id);
  NMT_CHECK(::unlink(path.c_str()) == 0 || errno == ENOENT, "cannot delete the glossary file " << path);
  sync_directory(dir_);
  glossaries_.erase(it);
  for (auto c = compiled_.begin(); c != compiled_.end();) c = std::get<0>(c->first) == id ? compiled_.erase(c) : std::next(c);
  return true;
}

std::shared_ptr<const decode::Glossary> GlossaryStore::compiled(const std::string& id, const std::string& owner,
                                                                const std::string& source, const std::string& target,
                                                                const text::Vocab& tgt_vocab) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = glossaries_.find(id);
  if (it == glossaries_.end() || it->second.owner != owner) {
    throw GlossaryError{404, "Glossary not found: " + id};
  }
  const auto* dictionary = it->second.dictionary(source, target);
  if (!dictionary) return nullptr;
  auto& slot = compiled_[std::make_tuple(id, source, target, &tgt_vocab)];
  if (!slot) {
    slot = std::make_shared<const decode::Glossary>(decode::Glossary::parse(
        decode::term_pairs_tsv(dictionary->entries), "glossary " + id, tgt_vocab, false));
  }
  return slot;
}

}  // namespace nmt::serve
