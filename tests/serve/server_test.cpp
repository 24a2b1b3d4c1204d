// The server called over loopback as clients call it: LibreTranslate's
// fields, answers and error codes, and translations equal to the library's
// one sentence at a time, however requests were batched together.
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "nmt/data/pair_reader.h"
#include "nmt/decode/shortlist.h"
#include "nmt/decode/translator.h"
#include "nmt/text/sentence_splitter.h"
#include "nmt/train/checkpoint.h"
#include "nmt/serve/server_options.h"
#include "nmt/serve/translation_service.h"
#include "serve/server_fixture.h"
#include "text/test_support.h"

namespace nmt::testing {
namespace {

using json = nlohmann::json;

json post_json(httplib::Client& c, const std::string& path, const json& body, int expected_status = 200) {
  auto res = c.Post(path.c_str(), body.dump(), "application/json");
  EXPECT_TRUE(res) << "no answer from " << path;
  if (!res) return json();
  EXPECT_EQ(res->status, expected_status) << res->body;
  EXPECT_EQ(res->get_header_value("Content-Type"), "application/json");
  return json::parse(res->body);
}

std::string error_of(httplib::Client& c, const std::string& body, int expected_status,
                     const std::string& type = "application/json") {
  auto res = c.Post("/translate", body, type.c_str());
  EXPECT_TRUE(res);
  if (!res) return "";
  EXPECT_EQ(res->status, expected_status) << res->body;
  return json::parse(res->body).at("error").get<std::string>();
}

// What `nmt translate --split-sentences` gives: each sentence translated
// alone (batch of one), joined with the text's own gaps.
std::string translate_alone(decode::Translator& translator, const text::Vocab& vocab, const std::string& text,
                            const decode::TranslateOptions& options) {
  const auto split = text::split_sentences(text, "en");
  std::vector<std::string> out;
  for (const auto& s : split.sentences) out.push_back(translator.translate_lines({s}, vocab, vocab, options)[0]);
  return text::join_sentences(split, out);
}

// A shortlist for the served models (the same vocabulary on both sides),
// counted on the bundled lines against themselves: 20 frequent pieces and
// 3 per source piece, so each sentence's list is a small part of the vocabulary.
const std::string& shortlist_file() {
  class LinesAgainstThemselves : public data::PairReader {
   public:
    bool next(data::SentencePair& pair) override {
      if (next_ == english_lines().size()) return false;
      pair.src = pair.tgt = english_lines()[next_++];
      return true;
    }
    std::string location() const override { return "line " + std::to_string(next_); }

   private:
    size_t next_ = 0;
  };
  static TempDir dir;
  static const std::string path = [] {
    LinesAgainstThemselves corpus;
    decode::ShortlistOptions o;
    o.frequent = 20, o.per_source = 3;
    decode::Shortlist::build(corpus, english_vocab(), english_vocab(), o).save(dir.file("en.sl"));
    return dir.file("en.sl");
  }();
  return path;
}

// 96 requests from 12 clients at once, beam 2: fixed batches, or a running
// search that sentences join as others finish (continuous batching); with
// a shortlist, each sentence keeps its own list in either.
void expect_concurrent_requests_equal_each_sentence_alone(bool continuous, bool shortlist = false) {
  auto options = test_server_options();
  options.scheduling.continuous = continuous;
  if (shortlist) options.engine.shortlist = shortlist_file();
  options.translate.search.beam = 2;
  options.scheduling.max_wait_ms = 30;  // company is sure to arrive
  RunningServer server(options);
  const auto& lines = english_lines();
  const size_t n = 96;
  std::vector<std::string> answers(n);
  std::vector<std::thread> clients;
  std::atomic<size_t> next{0};
  for (int t = 0; t < 12; ++t) {
    clients.emplace_back([&] {
      auto c = server.client();
      for (size_t i = next++; i < n; i = next++) {
        auto res = c.Post("/translate", json{{"q", lines[i]}, {"source", "en"}, {"target", "es"}}.dump(),
                          "application/json");
        if (res && res->status == 200) answers[i] = json::parse(res->body).at("translatedText").get<std::string>();
        else answers[i] = "<failed>";
      }
    });
  }
  for (auto& t : clients) t.join();

  auto ckpt = train::load_checkpoint(served_models_dir() + "/en-es.pt");
  decode::Translator alone(ckpt.model, torch::Device("cpu"));
  const auto vocab = text::Vocab::from_serialized(ckpt.info.src_vocab);
  decode::TranslateOptions one = options.translate;
  one.batch_size = 1;
  if (shortlist) one.shortlist = std::make_shared<const decode::Shortlist>(decode::Shortlist::load(shortlist_file()));
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(answers[i], translate_alone(alone, vocab, lines[i], one)) << "line " << i << ": " << lines[i];
  }
  // Requests did share batches: fewer batches than sentences.
  auto c = server.client();
  const auto metrics = c.Get("/metrics")->body;
  const auto count = [&](const std::string& name) {
    const auto at = metrics.find("\n" + name + " ");
    return at == std::string::npos ? -1.0 : std::stod(metrics.substr(at + name.size() + 2));
  };
  EXPECT_GE(count("nmt_translated_sentences_total"), static_cast<double>(n));
  EXPECT_LT(count("nmt_batches_total"), count("nmt_translated_sentences_total"));
}

// A model's own decoding defaults fill the server's options that were not
// given: a run's length ratio applies unless --length-ratio was given, on
// the command line or as a key of --config (which counts as given).
TEST(ServerOptionsTest, GivenDecodingOptionsWinOverAModelsOwn) {
  std::vector<std::unique_ptr<serve::ServedModel>> models;
  models.push_back(std::make_unique<serve::ServedModel>(testing::english_vocab(), testing::english_vocab()));
  models.back()->config = {{"decode", {{"length_ratio", 0.74}}}};
  decode::TranslateOptions translate;
  translate.length_ratio = 0.5;
  EXPECT_EQ(serve::options_per_model(models, translate, {})[0].length_ratio, 0.74);
  EXPECT_EQ(serve::options_per_model(models, translate, {"length_ratio"})[0].length_ratio, 0.5);
  testing::TempDir dir;
  testing::write_file(dir.file("serve.yaml"), "length-ratio: 0.5\nbrevity_penalty: 0.25\n");
  serve::ServerOptions options;
  serve::apply_config_file(dir.file("serve.yaml"), {}, options);
  EXPECT_EQ(options.translate.length_ratio, 0.5);
  EXPECT_EQ(options.translate.brevity_weight, 0.25);
  EXPECT_EQ(options.set_by_user, (std::set<std::string>{"length_ratio", "brevity_penalty"}));
  EXPECT_EQ(serve::options_per_model(models, options.translate, options.set_by_user)[0].length_ratio, 0.5);
}

TEST(ServerTest, ConcurrentRequests_EqualEachSentenceTranslatedAlone) {
  expect_concurrent_requests_equal_each_sentence_alone(false);
}

TEST(ServerTest, ConcurrentRequests_Continuous_EqualEachSentenceTranslatedAlone) {
  expect_concurrent_requests_equal_each_sentence_alone(true);
}

TEST(ServerTest, ConcurrentRequests_Shortlisted_EqualEachSentenceTranslatedAlone) {
  expect_concurrent_requests_equal_each_sentence_alone(false, true);
}

TEST(ServerTest, ConcurrentRequests_ContinuousShortlisted_EqualEachSentenceTranslatedAlone) {
  expect_concurrent_requests_equal_each_sentence_alone(true, true);
}

TEST(ServerTest, Translate_AnswersLikeLibreTranslate) {
  auto options = test_server_options();
  options.translate.search.beam = 4;
  RunningServer server(options);
  auto c = server.client();
  const std::string sentence = english_lines()[3];

  const auto one = post_json(c, "/translate", {{"q", sentence}, {"source", "en"}, {"target", "es"}});
  ASSERT_TRUE(one.at("translatedText").is_string());
  EXPECT_FALSE(one.contains("alternatives"));
  EXPECT_FALSE(one.contains("detectedLanguage"));

  const auto list = post_json(c, "/translate", {{"q", {sentence, "", english_lines()[4]}}, {"source", "en"}, {"target", "es"}});
  ASSERT_EQ(list.at("translatedText").size(), 3u);
  EXPECT_EQ(list["translatedText"][0], one["translatedText"]);
  EXPECT_EQ(list["translatedText"][1], "");

  const auto alts = post_json(c, "/translate",
                              {{"q", sentence}, {"source", "en"}, {"target", "es"}, {"alternatives", 3}});
  EXPECT_EQ(alts["translatedText"], one["translatedText"]);
  ASSERT_TRUE(alts.at("alternatives").is_array());
  EXPECT_LE(alts["alternatives"].size(), 3u);
  EXPECT_GE(alts["alternatives"].size(), 1u);
  for (const auto& a : alts["alternatives"]) EXPECT_NE(a, alts["translatedText"]);

  // Our extension: each sentence's pieces and its cross-attention, rows summing to 1.
  const std::string two = sentence + " " + english_lines()[4];
  const auto with = post_json(c, "/translate", {{"q", two}, {"source", "en"}, {"target", "es"}, {"attention", true}});
  const auto sentences = text::split_sentences(two, "en").sentences.size();
  ASSERT_EQ(with.at("attention").size(), sentences);
  for (const auto& a : with["attention"]) {
    ASSERT_EQ(a.at("weights").size(), a.at("target").size());
    EXPECT_EQ(a["source"].back(), "</s>");
    EXPECT_EQ(a["target"].back(), "</s>");
    for (const auto& row : a["weights"]) {
      ASSERT_EQ(row.size(), a["source"].size());
      double sum = 0;
      for (const auto& w : row) sum += w.get<double>();
      EXPECT_NEAR(sum, 1.0, 1e-4);
    }
  }
  EXPECT_FALSE(one.contains("attention"));
  // A sentence longer than the model reads (max_positions 128: 127 pieces
  // and </s>): its source pieces are those the weights' columns stand for.
  std::string long_sentence;
  for (int w = 0; w < 200; ++w) long_sentence += (w ? " " : "") + std::string(w % 2 ? "house" : "water");
  const auto cut = post_json(c, "/translate",
                             {{"q", long_sentence}, {"source", "en"}, {"target", "es"}, {"attention", true}});
  ASSERT_EQ(cut.at("attention").size(), 1u);
  const auto& long_attention = cut["attention"][0];
  EXPECT_EQ(long_attention.at("source").size(), 128u);
  EXPECT_EQ(long_attention["source"].back(), "</s>");
  for (const auto& row : long_attention.at("weights")) ASSERT_EQ(row.size(), long_attention["source"].size());

  // A form, as LibreTranslate's own page and curl -d send it.
  auto form = c.Post("/translate", httplib::Params{{"q", sentence}, {"source", "en"}, {"target", "es"}});
  ASSERT_TRUE(form);
  EXPECT_EQ(form->status, 200);
  EXPECT_EQ(json::parse(form->body)["translatedText"], one["translatedText"]);

  // source auto: detected among the loaded sources with a model to the target.
  const auto detected = post_json(c, "/translate",
                                  {{"q", "¿Dónde está la biblioteca? Quiero leer un libro esta tarde."},
                                   {"source", "auto"}, {"target", "en"}});
  EXPECT_EQ(detected.at("detectedLanguage").at("language"), "es");
  EXPECT_GT(detected["detectedLanguage"]["confidence"].get<double>(), 0.0);
}

TEST(ServerTest, Html_KeepsTheMarkup) {
  RunningServer server(test_server_options());
  auto c = server.client();
  const std::string a = english_lines()[5], b = english_lines()[6];
  const auto plain = post_json(c, "/translate", {{"q", {a, b}}, {"source", "en"}, {"target", "es"}});
  const auto html = post_json(c, "/translate",
                              {{"q", "<p class=\"x\">" + a + "</p>\n<ul><li>" + b + "</li></ul>"},
                               {"source", "en"}, {"target", "es"}, {"format", "html"}});
  const std::string escaped_a = plain["translatedText"][0].get<std::string>();
  const std::string escaped_b = plain["translatedText"][1].get<std::string>();
  const std::string got = html.at("translatedText").get<std::string>();
  EXPECT_EQ(got.rfind("<p class=\"x\">", 0), 0u) << got;
  EXPECT_NE(got.find("</p>\n<ul><li>"), std::string::npos) << got;
  EXPECT_NE(got.find("</li></ul>"), std::string::npos) << got;
}

TEST(ServerTest, OtherEndpoints_AnswerLikeLibreTranslate) {
  RunningServer server(test_server_options());
  auto c = server.client();
  const auto languages = json::parse(c.Get("/languages")->body);
  ASSERT_EQ(languages.size(), 2u);
  EXPECT_EQ(languages[0], (json{{"code", "en"}, {"name", "English"}, {"targets", {"es"}}}));
  EXPECT_EQ(languages[1], (json{{"code", "es"}, {"name", "Spanish"}, {"targets", {"en"}}}));

  const auto settings = json::parse(c.Get("/frontend/settings")->body);
  EXPECT_EQ(settings["charLimit"], -1);
  EXPECT_EQ(settings["language"]["source"]["code"], "en");
  EXPECT_EQ(settings["language"]["target"]["code"], "es");
  EXPECT_EQ(settings["keyRequired"], false);

  const auto health = c.Get("/health");
  EXPECT_EQ(health->status, 200);
  EXPECT_EQ(json::parse(health->body), (json{{"status", "ok"}}));

  const auto detect = post_json(c, "/detect", {{"q", "The weather is lovely today and we are going to the beach."}});
  ASSERT_TRUE(detect.is_array());
  EXPECT_EQ(detect.at(0).at("language"), "en");

  // /spec: OpenAPI 3, with every endpoint and every field the server reads.
  const auto spec = json::parse(c.Get("/spec")->body);
  EXPECT_EQ(spec.at("openapi").get<std::string>().substr(0, 2), "3.");
  for (const auto& [path, method] : std::vector<std::pair<std::string, std::string>>{
           {"/translate", "post"}, {"/detect", "post"}, {"/suggest", "post"}, {"/languages", "get"},
           {"/frontend/settings", "get"}, {"/health", "get"}, {"/metrics", "get"}, {"/spec", "get"}, {"/", "get"},
           {"/translate_file", "post"}, {"/download_file/{name}", "get"}, {"/docs", "get"}, {"/glossaries", "post"},
           {"/glossaries", "get"}, {"/glossaries/{id}", "get"}, {"/glossaries/{id}", "delete"},
           {"/glossaries/{id}/entries", "get"}}) {
    EXPECT_TRUE(spec["paths"].contains(path) && spec["paths"][path].contains(method)) << method << " " << path;
  }
  const auto& fields = spec["paths"]["/translate"]["post"]["requestBody"]["content"]["application/json"]["schema"];
  for (const char* field : {"q", "source", "target", "format", "alternatives", "attention", "api_key", "glossary_id"}) {
    EXPECT_TRUE(fields["properties"].contains(field)) << field;
  }
  for (const char* status : {"200", "400", "403", "413", "429", "500", "503"}) {
    EXPECT_TRUE(spec["paths"]["/translate"]["post"]["responses"].contains(status)) << status;
  }
  const auto& file_fields =
      spec["paths"]["/translate_file"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
  for (const char* field : {"file", "source", "target", "api_key"}) {
    EXPECT_TRUE(file_fields["properties"].contains(field)) << field;
  }
  for (const char* status : {"200", "400", "403", "413", "429", "503"}) {
    EXPECT_TRUE(spec["paths"]["/translate_file"]["post"]["responses"].contains(status)) << status;
  }

  const auto docs = c.Get("/docs");
  EXPECT_EQ(docs->status, 200);
  EXPECT_EQ(docs->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(docs->body.find("/static/docs.js"), std::string::npos);

  const auto page = c.Get("/");
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);

  const auto missing = c.Get("/no-such-page");
  EXPECT_EQ(missing->status, 404);
  EXPECT_TRUE(json::parse(missing->body).contains("error"));

  post_json(c, "/translate", {{"q", "x"}, {"source", "en"}, {"target", "es"}});
  const auto metrics = c.Get("/metrics")->body;
  for (const char* name : {"nmt_requests_total{path=\"/translate\",code=\"200\"} 1", "nmt_request_duration_seconds_bucket",
                           "nmt_batch_sentences_bucket", "nmt_batch_tokens_bucket", "nmt_queue_sentences 0",
                           "nmt_translated_tokens_total", "nmt_requests_total{path=\"/languages\",code=\"200\"} 1"}) {
    EXPECT_NE(metrics.find(name), std::string::npos) << name << " not in\n" << metrics;
  }
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// LibreTranslate's /suggest: 403 unless --suggestions-dir is given; then
// each suggestion is a line of DIR/SRC-TGT.tsv (tabs and line breaks inside
// a text as spaces) that nmt train reads as a corpus, with its time and key
// fingerprint on the same line of DIR/SRC-TGT.meta.tsv.
TEST(ServerTest, Suggest_KeepsSuggestionsForTrainingWhenOn) {
  {
    RunningServer off(test_server_options());
    auto c = off.client();
    EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["suggestions"], false);
    const auto refused = post_json(c, "/suggest", {{"q", "Hello."}, {"s", "Hola."}, {"source", "en"}, {"target", "es"}},
                                   403);
    EXPECT_EQ(refused["error"], "Suggestions are disabled on this server.");
  }
  TempDir dir;
  auto options = test_server_options();
  options.suggestions_dir = dir.file("suggestions");
  RunningServer server(options);
  auto c = server.client();
  EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["suggestions"], true);
  EXPECT_EQ(post_json(c, "/suggest",
                      {{"q", "Hello\tworld.\nAgain."}, {"s", "Hola mundo."}, {"source", "en"}, {"target", "es"}}),
            (json{{"success", true}}));
  const auto form = c.Post("/suggest", httplib::Params{{"q", "Good night."}, {"s", "Buenas noches."},
                                                       {"source", "en"}, {"target", "es"}});
  ASSERT_TRUE(form);
  EXPECT_EQ(form->status, 200) << form->body;
  EXPECT_EQ(post_json(c, "/suggest", {{"q", "Hello."}, {"source", "en"}, {"target", "es"}}, 400)["error"],
            "Invalid request: missing s parameter");
  EXPECT_EQ(post_json(c, "/suggest", {{"q", "Hello."}, {"s", "Hallo."}, {"source", "en"}, {"target", "de"}}, 400)["error"],
            "de is not supported");

  const std::string pairs = dir.file("suggestions/en-es.tsv"), meta = dir.file("suggestions/en-es.meta.tsv");
  EXPECT_EQ(lines_of(pairs), (std::vector<std::string>{"Hello world. Again.\tHola mundo.", "Good night.\tBuenas noches."}));
  const auto stamps = lines_of(meta);
  ASSERT_EQ(stamps.size(), 2u);
  for (const auto& line : stamps) {
    EXPECT_TRUE(std::regex_match(line, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\t-)"))) << line;
  }
  data::CorpusSpec corpus;
  corpus.paths = {pairs};
  const auto text = data::read_corpus(corpus);
  ASSERT_EQ(text.src.size(), 2u);
  EXPECT_EQ(text.tgt[1], "Buenas noches.");

  // A write that fails (here the pair's file is a folder; a full disk alike)
  // is a 500 naming the file, and leaves the other file as it was.
  TempDir broken;
  std::filesystem::create_directories(broken.file("s/en-es.tsv"));
  options.suggestions_dir = broken.file("s");
  RunningServer failing(options);
  auto f = failing.client();
  const auto error = post_json(f, "/suggest", {{"q", "Hi."}, {"s", "Hola."}, {"source", "en"}, {"target", "es"}}, 500);
  EXPECT_NE(error["error"].get<std::string>().find("Cannot save the suggestion: "), std::string::npos) << error;
  EXPECT_NE(error["error"].get<std::string>().find(broken.file("s/en-es.tsv")), std::string::npos) << error;
  EXPECT_TRUE(lines_of(broken.file("s/en-es.meta.tsv")).empty());
}

// With de->en and en->es loaded (and es->en), de->es goes through English:
// /languages lists it, the translation is en->es of de->en's, the answer
// names the pivot, and alternatives and attention are refused with a reason.
TEST(ServerTest, Pivot_TranslatesThroughEnglish) {
  auto options = test_server_options();
  options.models = {served_models_dir() + "/en-es.pt", served_models_dir() + "/es-en.pt",
                    served_models_dir() + "/es-en.pt:de-en"};
  options.translate.search.beam = 2;  // alternatives possible on a direct pair
  RunningServer server(options);
  auto c = server.client();
  const auto languages = json::parse(c.Get("/languages")->body);
  ASSERT_EQ(languages.size(), 3u);
  EXPECT_EQ(languages[2], (json{{"code", "de"}, {"name", "German"}, {"targets", {"en", "es"}}}));
  EXPECT_EQ(languages[0]["targets"], (json{"es"})) << "en: es directly; nothing through a pivot";

  const std::string text = english_lines()[5];
  const auto middle = post_json(c, "/translate", {{"q", text}, {"source", "de"}, {"target", "en"}});
  const auto direct = post_json(c, "/translate", {{"q", middle["translatedText"]}, {"source", "en"}, {"target", "es"}});
  const auto pivoted = post_json(c, "/translate", {{"q", text}, {"source", "de"}, {"target", "es"}});
  EXPECT_EQ(pivoted["translatedText"], direct["translatedText"]);
  EXPECT_EQ(pivoted["pivot"], "en");
  EXPECT_FALSE(direct.contains("pivot"));
  const auto list = post_json(c, "/translate", {{"q", {text, text}}, {"source", "de"}, {"target", "es"}});
  EXPECT_EQ(list["translatedText"], (json{direct["translatedText"], direct["translatedText"]}));
  EXPECT_EQ(list["pivot"], (json{"en", "en"}));

  EXPECT_EQ(post_json(c, "/translate", {{"q", text}, {"source", "de"}, {"target", "es"}, {"alternatives", 1}}, 400)["error"],
            "Invalid request: no alternatives from German (de) to Spanish (es), which goes through English (en)");
  EXPECT_EQ(post_json(c, "/translate", {{"q", text}, {"source", "de"}, {"target", "es"}, {"attention", true}}, 400)["error"],
            "Invalid request: no attention from German (de) to Spanish (es), which goes through English (en)");
}

TEST(ServerTest, BadRequests_Get400WithLibreTranslatesMessages) {
  auto options = test_server_options();
  options.char_limit = 50;
  options.batch_limit = 2;
  options.translate.search.beam = 2;
  RunningServer server(options);
  auto c = server.client();
  EXPECT_EQ(error_of(c, R"({"source":"en","target":"es"})", 400), "Invalid request: missing q parameter");
  EXPECT_EQ(error_of(c, R"({"q":"","source":"en","target":"es"})", 400), "Invalid request: missing q parameter");
  EXPECT_EQ(error_of(c, R"({"q":"hi","target":"es"})", 400), "Invalid request: missing source parameter");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en"})", 400), "Invalid request: missing target parameter");
  EXPECT_EQ(error_of(c, R"({"q":42,"source":"en","target":"es"})", 400),
            "Invalid request: q parameter must be a string or an array of strings");
  EXPECT_EQ(error_of(c, R"({"q":["a",1],"source":"en","target":"es"})", 400),
            "Invalid request: q parameter must be a string or an array of strings");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":7,"target":"es"})", 400),
            "Invalid request: source parameter must be a string");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en","target":"fr"})", 400), "fr is not supported");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en","target":"en"})", 400),
            "English (en) is not available as a target language from English (en)");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en","target":"es","format":"pdf"})", 400), "pdf format is not supported");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en","target":"es","alternatives":"many"})", 400),
            "Invalid request: alternatives parameter is not a number");
  EXPECT_EQ(error_of(c, R"({"q":"hi","source":"en","target":"es","alternatives":1000000})", 400),
            "Invalid request: alternatives parameter must be <= 1");
  EXPECT_EQ(error_of(c, R"({"q":["a","b","c"],"source":"en","target":"es"})", 400),
            "Invalid request: request (3) exceeds text limit (2)");
  EXPECT_EQ(error_of(c, json{{"q", std::string(51, 'a')}, {"source", "en"}, {"target", "es"}}.dump(), 400),
            "Invalid request: request (51) exceeds text limit (50)");
  // 50 characters of two bytes each are within the limit: characters, not bytes, are counted.
  std::string accents;
  for (int i = 0; i < 50; ++i) accents += "é";
  post_json(c, "/translate", {{"q", accents}, {"source", "en"}, {"target", "es"}});

  EXPECT_EQ(error_of(c, R"({"q":"hi", )", 400).rfind("Invalid JSON format: ", 0), 0u);
  EXPECT_EQ(error_of(c, R"(["hi"])", 400), "Invalid JSON format");
  EXPECT_EQ(error_of(c, "{\"q\":\"h\xff\",\"source\":\"en\",\"target\":\"es\"}", 400).rfind("Invalid JSON format: ", 0), 0u);
  EXPECT_EQ(error_of(c, "q=h%FFi&source=en&target=es", 400, "application/x-www-form-urlencoded"),
            "Invalid request: q parameter is not valid UTF-8 (byte 1)");
  // The server is still there.
  EXPECT_EQ(c.Get("/health")->status, 200);
}

TEST(ServerTest, Limits_413ForLargeBodies429ForAFullQueue) {
  auto options = test_server_options();
  options.max_body_bytes = 1000;
  options.scheduling.queue_limit = 3;
  RunningServer server(options);
  auto c = server.client();
  EXPECT_EQ(error_of(c, json{{"q", std::string(2000, 'a')}, {"source", "en"}, {"target", "es"}}.dump(), 413),
            "Request body too large (limit 1000 bytes)");
  const auto full = error_of(c, json{{"q", {"a", "b", "c", "d"}}, {"source", "en"}, {"target", "es"}}.dump(), 429);
  EXPECT_EQ(full.rfind("Slowdown: the translation queue is full", 0), 0u) << full;
  post_json(c, "/translate", {{"q", {"a", "b", "c"}}, {"source", "en"}, {"target", "es"}});
}

TEST(ServerTest, Timeout_503AndTheServerGoesOn) {
  auto options = test_server_options();
  options.timeout_ms = 1;
  RunningServer server(options);
  auto c = server.client();
  std::vector<std::string> many(english_lines().begin(), english_lines().begin() + 200);
  EXPECT_EQ(error_of(c, json{{"q", many}, {"source", "en"}, {"target", "es"}}.dump(), 503),
            "Timed out: no translation within 1 ms");
  EXPECT_EQ(c.Get("/health")->status, 200);
  const auto metrics = c.Get("/metrics")->body;
  EXPECT_NE(metrics.find("nmt_requests_total{path=\"/translate\",code=\"503\"} 1"), std::string::npos) << metrics;
}

TEST(ServerTest, ApiKeys_403ForABadKey429PastTheKeysLimit) {
  TempDir dir;
  write_file(dir.file("keys"), "# key  requests per minute\nsecret-one 2\nsecret-two\n");
  auto options = test_server_options();
  options.access.keys_file = dir.file("keys");
  options.access.require_key = true;
  RunningServer server(options);
  auto c = server.client();
  const json base = {{"q", "hi"}, {"source", "en"}, {"target", "es"}};
  auto with_key = [&](const std::string& key) {
    json b = base;
    b["api_key"] = key;
    return b.dump();
  };
  EXPECT_EQ(error_of(c, with_key("wrong"), 403), "Invalid API key");
  EXPECT_EQ(error_of(c, base.dump(), 400), "Please contact the server operator to get an API key");
  post_json(c, "/translate", json::parse(with_key("secret-one")));
  post_json(c, "/translate", json::parse(with_key("secret-one")));
  EXPECT_EQ(error_of(c, with_key("secret-one"), 429), "Slowdown: 2 per 1 minute");
  for (int i = 0; i < 4; ++i) post_json(c, "/translate", json::parse(with_key("secret-two")));  // no limit
  EXPECT_EQ(json::parse(c.Get("/frontend/settings")->body)["keyRequired"], true);
}

TEST(ServerTest, Cors_HeadersWhenAsked) {
  auto options = test_server_options();
  options.cors = "https://example.org";
  RunningServer server(options);
  auto c = server.client();
  const auto res = c.Get("/languages");
  EXPECT_EQ(res->get_header_value("Access-Control-Allow-Origin"), "https://example.org");
  const auto preflight = c.Options("/translate");
  EXPECT_EQ(preflight->status, 204);
  EXPECT_NE(preflight->get_header_value("Access-Control-Allow-Methods").find("POST"), std::string::npos);
}

TEST(ServerTest, Stop_AnswersTheRequestsInFlight) {
  auto options = test_server_options();
  options.scheduling.max_wait_ms = 300;  // the request is still queued when stop() comes
  auto running = std::make_unique<RunningServer>(options);
  auto c = running->client();
  std::thread request([&] {
    const auto res = c.Post("/translate", json{{"q", "In the beginning."}, {"source", "en"}, {"target", "es"}}.dump(),
                            "application/json");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->status, 200);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const int port = running->port();
  running.reset();  // stop() and wait
  request.join();
  httplib::Client after("127.0.0.1", port);
  EXPECT_FALSE(after.Get("/health"));  // no longer listening
}

// A port nobody listens on now (the kernel's pick, released).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

TEST(ServerTest, Sigterm_FinishesTheRequestInFlightThenExitsZero) {
  TempDir dir;
  const int port = free_port();
  const std::string log = dir.file("serve.log");
  const std::string model = served_models_dir() + "/en-es.pt", port_text = std::to_string(port);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!std::freopen(log.c_str(), "w", stderr)) ::_exit(127);
    ::execl(NMT_BINARY, NMT_BINARY, "serve", "--model", model.c_str(), "--port", port_text.c_str(), "--threads", "1",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(120, 0);
  bool up = false;
  for (int i = 0; i < 300 && !up; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto health = c.Get("/health");
    up = health && health->status == 200;
  }
  ASSERT_TRUE(up) << "nmt serve did not start";
  // A request long enough to be in flight when SIGTERM comes.
  std::vector<std::string> many(english_lines().begin(), english_lines().begin() + 300);
  int answer_status = 0;
  std::string answer_body;
  std::thread request([&] {
    const auto answer =
        c.Post("/translate", json{{"q", many}, {"source", "en"}, {"target", "es"}}.dump(), "application/json");
    if (answer) answer_status = answer->status, answer_body = answer->body;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGTERM);
  request.join();
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_EQ(answer_status, 200) << "the request in flight got no answer, or not a translation: " << answer_body;
  EXPECT_EQ(json::parse(answer_body).at("translatedText").size(), many.size());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("SIGTERM: finishing the requests in flight, then stopping"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("stopped after"), std::string::npos) << text.str();
  httplib::Client after("127.0.0.1", port);
  EXPECT_FALSE(after.Get("/health"));  // no longer listening
}

}  // namespace
}  // namespace nmt::testing
