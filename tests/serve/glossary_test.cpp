// The server's glossaries over loopback: DeepL's v3 endpoints (create in
// TSV or CSV, list, get, entries, delete), each key seeing only its own,
// limits and bad requests on their messages, the folder read back by a new
// server, and glossary_id on /translate and /translate_file putting the
// terms in (lines without a term unchanged); protected spans kept verbatim.
#include <regex>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "serve/server_fixture.h"

namespace nmt::testing {
namespace {

using json = nlohmann::json;

// A request with a JSON body (or none) and an optional API key header; the JSON answer.
json call(httplib::Client& c, const std::string& method, const std::string& path, const json& body,
          int expected_status, const std::string& key = "") {
  httplib::Headers headers;
  if (!key.empty()) headers.emplace("Authorization", "DeepL-Auth-Key " + key);
  httplib::Result res;
  if (method == "POST") res = c.Post(path.c_str(), headers, body.dump(), "application/json");
  if (method == "GET") res = c.Get(path.c_str(), headers);
  if (method == "DELETE") res = c.Delete(path.c_str(), headers);
  EXPECT_TRUE(res) << method << " " << path;
  if (!res) return json();
  EXPECT_EQ(res->status, expected_status) << method << " " << path << ": " << res->body;
  return res->body.empty() ? json() : json::parse(res->body);
}

std::string error(httplib::Client& c, const std::string& method, const std::string& path, const json& body, int status,
                  const std::string& key = "") {
  return call(c, method, path, body, status, key).value("error", "");
}

json dictionary(const std::string& source, const std::string& target, const std::string& entries,
                const std::string& format = "tsv") {
  return {{"source_lang", source}, {"target_lang", target}, {"entries", entries}, {"entries_format", format}};
}

json translate(httplib::Client& c, const json& q, const std::string& glossary_id = "") {
  json body = {{"q", q}, {"source", "en"}, {"target", "es"}};
  if (!glossary_id.empty()) body["glossary_id"] = glossary_id;
  return call(c, "POST", "/translate", body, 200)["translatedText"];
}

bool contains(const json& text, const std::string& part) { return text.get<std::string>().find(part) != std::string::npos; }

TEST(ServerGlossaries, OffUnlessAFolderIsGiven) {
  RunningServer off(test_server_options());
  auto c = off.client();
  EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["glossaries"], false);
  const std::string off_message = "Glossaries are disabled on this server (start it with --glossaries-dir DIR).";
  EXPECT_EQ(error(c, "POST", "/glossaries", {{"name", "g"}}, 403), off_message);
  EXPECT_EQ(error(c, "GET", "/glossaries", nullptr, 403), off_message);
  EXPECT_EQ(error(c, "POST", "/translate", {{"q", "a"}, {"source", "en"}, {"target", "es"}, {"glossary_id", "x"}}, 403),
            off_message);
}

TEST(ServerGlossaries, DeepLsEndpoints_TranslateUsesThem_KeptAcrossRestarts) {
  TempDir dir;
  write_file(dir.file("keys"), "key-one\nkey-two\n");
  auto options = test_server_options();
  options.glossaries_dir = dir.file("glossaries");
  options.glossary_limits.per_owner = 2;
  options.glossary_limits.max_entries = 3;
  options.access.keys_file = dir.file("keys");
  std::string id;
  json created;
  {
    RunningServer server(options);
    auto c = server.client();
    EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["glossaries"], true);
    created = call(c, "POST", "/glossaries",
                   {{"name", "names"},
                    {"dictionaries", json::array({dictionary("en", "es", "Moses\tJerusalem\nAaron\tGod\n"),
                                                  dictionary("es", "en", "\"Dios, el\",God\n", "csv")})}},
                   201, "key-one");
    id = created.value("glossary_id", "");
    EXPECT_TRUE(std::regex_match(id, std::regex("[0-9a-f]{32}"))) << id;
    EXPECT_EQ(created["name"], "names");
    EXPECT_EQ(created["dictionaries"],
              json::parse(R"([{"source_lang": "en", "target_lang": "es", "entry_count": 2},
                              {"source_lang": "es", "target_lang": "en", "entry_count": 1}])"));
    EXPECT_TRUE(std::regex_match(created.value("creation_time", ""), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
    EXPECT_FALSE(created.contains("notes"));

    const auto listed = call(c, "GET", "/glossaries", nullptr, 200, "key-one");
    ASSERT_EQ(listed["glossaries"].size(), 1u);
    EXPECT_EQ(listed["glossaries"][0], created);
    EXPECT_EQ(call(c, "GET", "/glossaries/" + id, nullptr, 200, "key-one"), created);
    const auto entries = call(c, "GET", "/glossaries/" + id + "/entries?source_lang=es&target_lang=en", nullptr, 200, "key-one");
    EXPECT_EQ(entries, json::parse(R"({"dictionaries": [{"source_lang": "es", "target_lang": "en",
                                        "entries": "Dios, el\tGod\n", "entries_format": "tsv"}]})"));
    // Another key (and no key) sees nothing of it.
    EXPECT_EQ(call(c, "GET", "/glossaries", nullptr, 200, "key-two")["glossaries"], json::array());
    EXPECT_EQ(error(c, "GET", "/glossaries/" + id, nullptr, 404, "key-two"), "Glossary not found: " + id);
    EXPECT_EQ(error(c, "DELETE", "/glossaries/" + id, nullptr, 404), "Glossary not found: " + id);

    // /translate: a text with a source term gets the target terms; one without is unchanged.
    const json q = {"Moses spoke to Aaron.", "The people went home."};
    const auto plain = translate(c, q);
    json with_body = {{"q", q}, {"source", "en"}, {"target", "es"}, {"glossary_id", id}, {"api_key", "key-one"}};
    const auto with = call(c, "POST", "/translate", with_body, 200)["translatedText"];
    EXPECT_TRUE(contains(with[0], "Jerusalem") && contains(with[0], "God")) << with;
    EXPECT_EQ(with[1], plain[1]);
    EXPECT_NE(with[0], plain[0]);
    EXPECT_EQ(translate(c, q), plain) << "a glossary's translation must not reach the cache";
    with_body["api_key"] = "key-two";
    EXPECT_EQ(error(c, "POST", "/translate", with_body, 400), "Invalid request: Glossary not found: " + id);
    with_body["api_key"] = "key-one", with_body["source"] = "auto";
    EXPECT_EQ(error(c, "POST", "/translate", with_body, 400), "Invalid request: a glossary needs the source language, not auto");
    // /translate_file too.
    httplib::UploadFormDataItems items = {{"file", "Moses spoke.\n", "a.txt", "text/plain"}, {"source", "en", "", ""},
                                          {"target", "es", "", ""}, {"glossary_id", id, "", ""},
                                          {"api_key", "key-one", "", ""}};
    const auto file = c.Post("/translate_file", items);
    ASSERT_TRUE(file);
    ASSERT_EQ(file->status, 200) << file->body;
    const std::string url = json::parse(file->body)["translatedFileUrl"];
    const auto download = c.Get(url.substr(url.find("/download_file/")).c_str());
    ASSERT_TRUE(download);
    EXPECT_NE(download->body.find("Jerusalem"), std::string::npos) << download->body;

    // Bad glossaries, on their messages.
    const auto make = [&](const json& dictionaries, int status) {
      return error(c, "POST", "/glossaries", {{"name", "bad"}, {"dictionaries", dictionaries}}, status, "key-one");
    };
    EXPECT_EQ(error(c, "POST", "/glossaries", {{"dictionaries", json::array()}}, 400, "key-one"),
              "Invalid request: missing name parameter");
    EXPECT_EQ(make(json::array(), 400),
              "Invalid request: dictionaries must be a non-empty list of {source_lang, target_lang, entries}");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\nno tab\n")}), 400),
              "Invalid request: dictionaries[0].entries line 2: expected 'source term<TAB>target term', found no tab in "
              "'no tab'");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\na\tc\n")}), 400),
              "Invalid request: dictionaries[0].entries line 2: the source term 'a' is already at line 1");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "\"a,b\n", "csv")}), 400),
              "Invalid request: dictionaries[0].entries line 1: a quoted field is not closed");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\n", "xml")}), 400),
              "Invalid request: dictionaries[0].entries_format must be tsv or csv, got 'xml'");
    EXPECT_EQ(make(json::array({dictionary("en", "de", "a\tb\n")}), 400), "de is not supported");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\n"), dictionary("en", "es", "c\td\n")}), 400),
              "Invalid request: dictionaries[1] repeats en-es (one dictionary a direction)");
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\nc\td\n"), dictionary("es", "en", "e\tf\ng\th\n")}), 413),
              "Invalid request: the glossary has 4 entries, more than the limit (3)");
    // A term the model's vocabulary cannot spell is kept, with a note.
    const auto noted = call(c, "POST", "/glossaries",
                            {{"name", "snow"}, {"dictionaries", json::array({dictionary("en", "es", "snow\t\xe2\x98\x83\n")})}},
                            201, "key-one");
    ASSERT_TRUE(noted.contains("notes")) << noted;
    EXPECT_NE(noted["notes"][0].get<std::string>().find("needs '\xe2\x98\x83', which the target vocabulary lacks"),
              std::string::npos)
        << noted;
    EXPECT_EQ(make(json::array({dictionary("en", "es", "a\tb\n")}), 403),
              "Glossary limit reached: this API key keeps 2 glossaries (limit 2); delete one first");
    EXPECT_EQ(call(c, "DELETE", "/glossaries/" + noted["glossary_id"].get<std::string>(), nullptr, 204, "key-one"), json());
    EXPECT_EQ(call(c, "GET", "/glossaries", nullptr, 200, "key-one")["glossaries"].size(), 1u);
  }
  // A new server over the same folder has the glossary, and uses it.
  RunningServer again(options);
  auto c = again.client();
  EXPECT_EQ(call(c, "GET", "/glossaries/" + id, nullptr, 200, "key-one"), created);
  json body = {{"q", "Aaron spoke."}, {"source", "en"}, {"target", "es"}, {"glossary_id", id}, {"api_key", "key-one"}};
  EXPECT_TRUE(contains(call(c, "POST", "/translate", body, 200)["translatedText"], "God"));
}

// Placeholders, URLs and e-mail addresses come back verbatim by default
// (decode/terms.h): the test models' vocabulary lacks '@', '{' and '/', so
// they travel as markers; with --protect none nothing is promised.
TEST(ServerProtectedSpans, KeptVerbatimByDefault) {
  RunningServer server(test_server_options());
  auto c = server.client();
  const std::string text = "Write to jane.doe@example.com about {{name}} and https://example.com/a?b=1 today.";
  const auto out = call(c, "POST", "/translate", {{"q", {text, "No spans here."}}, {"source", "en"}, {"target", "es"}},
                        200)["translatedText"];
  for (const char* span : {"jane.doe@example.com", "{{name}}", "https://example.com/a?b=1"}) {
    EXPECT_TRUE(contains(out[0], span)) << span << " in " << out[0];
  }
  auto options = test_server_options();
  options.protect = "none";
  RunningServer plain(options);
  auto p = plain.client();
  const auto without = call(p, "POST", "/translate", {{"q", {text, "No spans here."}}, {"source", "en"}, {"target", "es"}},
                            200)["translatedText"];
  EXPECT_EQ(without[1], out[1]) << "a text without spans is translated as without protection";
}

}  // namespace
}  // namespace nmt::testing
