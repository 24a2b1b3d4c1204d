#include "nmt/serve/glossary_api.h"

#include <map>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"

namespace nmt::serve {
namespace {

using json = nlohmann::json;

json summary(const StoredGlossary& g) {
  json dictionaries = json::array();
  for (const auto& d : g.dictionaries) {
    dictionaries.push_back({{"source_lang", d.source_lang},
                            {"target_lang", d.target_lang},
                            {"entry_count", static_cast<int64_t>(d.entries.size())}});
  }
  return {{"glossary_id", g.id}, {"name", g.name}, {"dictionaries", dictionaries}, {"creation_time", g.creation_time}};
}

std::string string_field(const json& object, const std::string& name, const std::string& where) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) throw HttpError{400, "Invalid request: missing " + where + name};
  if (!it->is_string()) throw HttpError{400, "Invalid request: " + where + name + " must be a string"};
  return it->get<std::string>();
}

GlossaryDictionary read_dictionary(const json& d, size_t index, const PairCheck& check_pair) {
  const std::string where = "dictionaries[" + std::to_string(index) + "].";
  if (!d.is_object()) throw HttpError{400, "Invalid request: dictionaries[" + std::to_string(index) + "] must be an object"};
  GlossaryDictionary out;
  out.source_lang = string_field(d, "source_lang", where);
  out.target_lang = string_field(d, "target_lang", where);
  const std::string entries = string_field(d, "entries", where);
  const std::string format = d.contains("entries_format") ? string_field(d, "entries_format", where) : "tsv";
  if (format != "tsv" && format != "csv") {
    throw HttpError{400, "Invalid request: " + where + "entries_format must be tsv or csv, got '" + format + "'"};
  }
  check_pair(out.source_lang, out.target_lang);
  const std::string what = where + "entries";
  try {
    out.entries = format == "tsv" ? decode::read_term_pairs(entries, what) : decode::read_term_pairs_csv(entries, what);
  } catch (const nmt::Error& e) {
    throw HttpError{400, std::string("Invalid request: ") + e.what()};
  }
  if (out.entries.empty()) throw HttpError{400, "Invalid request: " + what + " holds no term pair"};
  std::map<std::string, int64_t> line_of;
  for (const auto& p : out.entries) {
    const auto [seen, fresh] = line_of.emplace(p.source, p.line);
    if (!fresh) {
      throw HttpError{400, "Invalid request: " + what + " line " + std::to_string(p.line) + ": the source term '" +
                               p.source + "' is already at line " + std::to_string(seen->second)};
    }
  }
  return out;
}

StoredGlossary found(const GlossaryStore& store, const std::string& id, const std::string& owner) {
  auto g = store.get(id, owner);
  if (!g) throw HttpError{404, "Glossary not found: " + id};
  return std::move(*g);
}

}  // namespace

void create_glossary(GlossaryStore& store, const Fields& fields, const std::string& owner, const PairCheck& check_pair,
                     httplib::Response& res) {
  const std::string name = fields.string("name");
  if (name.empty()) throw HttpError{400, "Invalid request: missing name parameter"};
  const auto list = fields.get("dictionaries");
  if (!list || !list->is_array() || list->empty()) {
    throw HttpError{400, "Invalid request: dictionaries must be a non-empty list of {source_lang, target_lang, entries}"};
  }
  std::vector<GlossaryDictionary> dictionaries;
  std::set<std::pair<std::string, std::string>> pairs;
  for (size_t i = 0; i < list->size(); ++i) {
    auto d = read_dictionary((*list)[i], i, check_pair);
    if (!pairs.emplace(d.source_lang, d.target_lang).second) {
      throw HttpError{400, "Invalid request: dictionaries[" + std::to_string(i) + "] repeats " + d.source_lang + "-" +
                               d.target_lang + " (one dictionary a direction)"};
    }
    dictionaries.push_back(std::move(d));
  }
  try {
    const auto created = store.create(name, owner, std::move(dictionaries));
    auto answer = summary(created);
    json notes = json::array();
    for (const auto& d : created.dictionaries) {
      const auto compiled =
          store.compiled(created.id, owner, d.source_lang, d.target_lang, check_pair(d.source_lang, d.target_lang));
      for (const auto& note : compiled->unspellable()) notes.push_back(note + ": that term is not enforced");
    }
    if (!notes.empty()) answer["notes"] = notes;
    send_json(res, answer, 201);
  } catch (const GlossaryError& e) {
    throw HttpError{e.status, e.message};
  } catch (const nmt::Error& e) {
    throw HttpError{500, std::string("Cannot save the glossary: ") + e.what()};
  }
}

void list_glossaries(const GlossaryStore& store, const std::string& owner, httplib::Response& res) {
  json list = json::array();
  for (const auto& g : store.list(owner)) list.push_back(summary(g));
  send_json(res, json{{"glossaries", list}});
}

void get_glossary(const GlossaryStore& store, const std::string& id, const std::string& owner, httplib::Response& res) {
  send_json(res, summary(found(store, id, owner)));
}

void glossary_entries(const GlossaryStore& store, const std::string& id, const Fields& fields, const std::string& owner,
                      httplib::Response& res) {
  const auto g = found(store, id, owner);
  const std::string source = fields.string("source_lang"), target = fields.string("target_lang");
  json dictionaries = json::array();
  for (const auto& d : g.dictionaries) {
    if ((!source.empty() && d.source_lang != source) || (!target.empty() && d.target_lang != target)) continue;
    dictionaries.push_back({{"source_lang", d.source_lang},
                            {"target_lang", d.target_lang},
                            {"entries", decode::term_pairs_tsv(d.entries)},
                            {"entries_format", "tsv"}});
  }
  if (dictionaries.empty() && (!source.empty() || !target.empty())) {
    throw HttpError{404, "Glossary " + id + " has no " + (source.empty() ? "*" : source) + "-" +
                             (target.empty() ? "*" : target) + " dictionary"};
  }
  send_json(res, json{{"dictionaries", dictionaries}});
}

void delete_glossary(GlossaryStore& store, const std::string& id, const std::string& owner, httplib::Response& res) {
  bool removed = false;
  try {
    removed = store.remove(id, owner);
  } catch (const nmt::Error& e) {
    throw HttpError{500, std::string("Cannot delete the glossary: ") + e.what()};
  }
  if (!removed) throw HttpError{404, "Glossary not found: " + id};
  res.status = 204;
}

}  // namespace nmt::serve
