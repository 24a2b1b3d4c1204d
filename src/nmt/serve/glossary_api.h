#pragma once
// The glossary endpoints, in the shape of DeepL's v3 API, over a
// GlossaryStore (glossary_store.h); the server routes to them after it has
// admitted the request's API key, whose fingerprint owns the glossaries:
//   POST   /glossaries                {name, dictionaries: [{source_lang, target_lang, entries,
//                                      entries_format: "tsv" | "csv"}]} -> 201 the glossary
//   GET    /glossaries                -> {glossaries: [...]}
//   GET    /glossaries/ID             -> {glossary_id, name, dictionaries: [{source_lang, target_lang,
//                                      entry_count}], creation_time}
//   GET    /glossaries/ID/entries     [source_lang, target_lang] -> {dictionaries: [{..., entries,
//                                      entries_format: "tsv"}]}
//   DELETE /glossaries/ID             -> 204
// Errors are HttpError with the status and a message naming the field, the
// dictionary and the line.
#include <functional>
#include <string>

#include "nmt/serve/glossary_store.h"
#include "nmt/serve/request_fields.h"

namespace nmt::serve {

// check_pair(source, target) throws HttpError unless the server translates
// source -> target with one model (a glossary's terms cannot cross a
// pivot); it gives that model's target vocabulary. A new glossary's answer
// adds "notes": its target terms that vocabulary cannot spell (not enforced).
using PairCheck = std::function<const text::Vocab&(const std::string& source, const std::string& target)>;

void create_glossary(GlossaryStore& store, const Fields& fields, const std::string& owner, const PairCheck& check_pair,
                     httplib::Response& res);
void list_glossaries(const GlossaryStore& store, const std::string& owner, httplib::Response& res);
void get_glossary(const GlossaryStore& store, const std::string& id, const std::string& owner, httplib::Response& res);
void glossary_entries(const GlossaryStore& store, const std::string& id, const Fields& fields, const std::string& owner,
                      httplib::Response& res);
void delete_glossary(GlossaryStore& store, const std::string& id, const std::string& owner, httplib::Response& res);

}  // namespace nmt::serve
