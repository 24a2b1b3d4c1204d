// The sentence cache on its own (least recently used out first, within its
// bytes), then in the server: a repeated text is answered from it with the
// same translation and no batch, and other options miss.
#include "nmt/serve/translation_cache.h"

#include <chrono>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "serve/server_fixture.h"

namespace nmt::testing {
namespace {

using serve::SentenceResult;
using serve::TranslationCache;
using json = nlohmann::json;

SentenceResult result(std::vector<int> tokens) {
  SentenceResult r;
  r.n_best.push_back(decode::Hypothesis{std::move(tokens)});
  return r;
}

TEST(TranslationCacheTest, KeepsTheMostRecentlyUsedWithinItsBytes) {
  const auto k1 = TranslationCache::key(0, 1, false, {5, 6});
  const auto k2 = TranslationCache::key(0, 1, false, {7});
  const auto k3 = TranslationCache::key(0, 1, false, {8, 9, 10});
  TranslationCache probe(1 << 20);
  probe.put(k1, result({1, 2}));
  const int64_t one = probe.stats().bytes;  // an entry of this shape
  TranslationCache cache(5 * one / 2);      // room for two such entries, not three
  cache.put(k1, result({1, 2}));
  cache.put(k2, result({3}));
  ASSERT_TRUE(cache.get(k1));  // k1 is now the most recent: k2 goes first
  cache.put(k3, result({4, 4, 4}));
  EXPECT_FALSE(cache.get(k2)) << "the least recently used leaves first";
  const auto hit = cache.get(k1);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->n_best.at(0).tokens, (std::vector<int>{1, 2}));
  EXPECT_LE(cache.stats().bytes, 5 * one / 2);
  EXPECT_EQ(cache.stats().entries, 2);
  EXPECT_EQ(cache.stats().hits, 2);
  EXPECT_EQ(cache.stats().misses, 1);
  EXPECT_NE(TranslationCache::key(1, 1, false, {5, 6}), k1) << "the model is part of the key";
  EXPECT_NE(TranslationCache::key(0, 2, false, {5, 6}), k1) << "n-best is part of the key";
  EXPECT_NE(TranslationCache::key(0, 1, true, {5, 6}), k1) << "attention is part of the key";

  TranslationCache off(0);
  off.put(k1, result({1}));
  EXPECT_FALSE(off.get(k1));
  EXPECT_EQ(off.stats().misses, 0) << "a cache that is off counts nothing";
}

int64_t metric(httplib::Client& c, const std::string& name) {
  const auto body = c.Get("/metrics")->body;
  const auto at = body.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stoll(body.substr(at + name.size() + 2));
}

// A batch is recorded just after its requests are answered: the metric once
// it reaches `want` (or after 10 s).
int64_t metric_reaching(httplib::Client& c, const std::string& name, int64_t want) {
  int64_t value = metric(c, name);
  for (int i = 0; i < 1000 && value < want; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    value = metric(c, name);
  }
  return value;
}

TEST(TranslationCacheTest, ServerAnswersARepeatFromTheCacheWithTheSameTranslation) {
  auto options = test_server_options();
  options.cache_mb = 4;
  options.translate.search.beam = 2;
  RunningServer server(options);
  auto c = server.client();
  const json request = {{"q", "The weather is lovely today. We are going to the beach."}, {"source", "en"},
                        {"target", "es"}};
  auto post = [&](const json& body) {
    const auto res = c.Post("/translate", body.dump(), "application/json");
    EXPECT_TRUE(res && res->status == 200);
    return json::parse(res->body);
  };
  const auto first = post(request);
  const int64_t translated = metric_reaching(c, "nmt_translated_sentences_total", 2);
  EXPECT_EQ(translated, 2);
  EXPECT_EQ(metric(c, "nmt_cache_misses_total"), 2);
  const auto again = post(request);
  EXPECT_EQ(again, first);
  EXPECT_EQ(metric(c, "nmt_cache_hits_total"), 2);
  EXPECT_EQ(metric(c, "nmt_translated_sentences_total"), translated) << "no sentence translated again";
  EXPECT_GT(metric(c, "nmt_cache_bytes"), 0);
  json with_alternatives = request;
  with_alternatives["alternatives"] = 1;
  post(with_alternatives);
  EXPECT_EQ(metric_reaching(c, "nmt_translated_sentences_total", translated + 2), translated + 2)
      << "another n-best: translated anew";
}

}  // namespace
}  // namespace nmt::testing
