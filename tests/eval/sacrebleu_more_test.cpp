// Every record of tests/data/sacrebleu-more/expected.json (see the README
// there): sacreBLEU 2.6.0's scores for its tokenizers, lowercasing, chrF++,
// TER and its options, and two references. Each record names the call that
// made it ("BLEU(tokenize='intl')", "TER(normalized=True, asian_support=True)")
// and its signature the number of references, so the test reads both and
// needs no list of cases: a record added to the file is checked too.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"
#include "nmt/eval/ter.h"

namespace nmt::eval {
namespace {

constexpr double kScoreTolerance = 0.01;  // sacreBLEU prints two decimals

std::string fixture_dir() { return std::string(NMT_TEST_DATA) + "/sacrebleu-more/"; }

nlohmann::json load_expected() {
  std::ifstream in(fixture_dir() + "expected.json");
  EXPECT_TRUE(in) << "cannot open " << fixture_dir() << "expected.json";
  return nlohmann::json::parse(in);
}

// "TER(normalized=True, asian_support=True)" -> TER, {normalized: True, ...};
// string values lose their quotes.
struct MetricCall {
  std::string name;
  std::map<std::string, std::string> args;
};

MetricCall parse_call(const std::string& text) {
  MetricCall call;
  const size_t open = text.find('(');
  call.name = text.substr(0, open);
  const std::string inner = text.substr(open + 1, text.rfind(')') - open - 1);
  size_t start = 0;
  while (start < inner.size()) {
    size_t end = inner.find(',', start);
    if (end == std::string::npos) end = inner.size();
    std::string arg = inner.substr(start, end - start);
    arg.erase(0, arg.find_first_not_of(' '));
    const size_t eq = arg.find('=');
    std::string value = arg.substr(eq + 1);
    if (value.size() >= 2 && value.front() == '\'') value = value.substr(1, value.size() - 2);
    call.args[arg.substr(0, eq)] = value;
    start = end + 1;
  }
  return call;
}

bool as_bool(const std::string& key, const std::string& value) {
  EXPECT_TRUE(value == "True" || value == "False") << key << "=" << value;
  return value == "True";
}

size_t nrefs_of(const std::string& signature) {
  const size_t at = signature.find("nrefs:");
  EXPECT_NE(at, std::string::npos) << signature;
  return std::stoul(signature.substr(at + 6));
}

BleuOptions bleu_options(const MetricCall& call) {
  BleuOptions options;
  for (const auto& [key, value] : call.args) {
    if (key == "tokenize") {
      options.tokenizer = parse_bleu_tokenizer(value);
    } else if (key == "lowercase") {
      options.lowercase = as_bool(key, value);
    } else {
      ADD_FAILURE() << "BLEU option not supported here: " << key;
    }
  }
  return options;
}

ChrfOptions chrf_options(const MetricCall& call) {
  ChrfOptions options;
  for (const auto& [key, value] : call.args) {
    if (key == "word_order") {
      options.word_order = std::stoi(value);
    } else if (key == "lowercase") {
      options.lowercase = as_bool(key, value);
    } else {
      ADD_FAILURE() << "CHRF option not supported here: " << key;
    }
  }
  return options;
}

TerOptions ter_options(const MetricCall& call) {
  TerOptions options;
  for (const auto& [key, value] : call.args) {
    if (key == "case_sensitive") {
      options.case_sensitive = as_bool(key, value);
    } else if (key == "normalized") {
      options.normalized = as_bool(key, value);
    } else if (key == "no_punct") {
      options.no_punct = as_bool(key, value);
    } else if (key == "asian_support") {
      options.asian_support = as_bool(key, value);
    } else {
      ADD_FAILURE() << "TER option not supported here: " << key;
    }
  }
  return options;
}

void expect_bleu_details(const BleuScore& got, const nlohmann::json& want) {
  for (int n = 0; n < 4; ++n) {
    if (want.contains("counts")) {
      EXPECT_EQ(got.counts[n], want["counts"][n].get<int64_t>()) << "order " << n + 1;
    }
    if (want.contains("totals")) {
      EXPECT_EQ(got.totals[n], want["totals"][n].get<int64_t>()) << "order " << n + 1;
    }
    if (want.contains("precisions")) {
      EXPECT_NEAR(got.precisions[n], want["precisions"][n].get<double>(), kScoreTolerance) << "order " << n + 1;
    }
  }
  if (want.contains("bp")) {
    EXPECT_NEAR(got.bp, want["bp"].get<double>(), 1e-6);
  }
  if (want.contains("sys_len")) {
    EXPECT_EQ(got.sys_len, want["sys_len"].get<int64_t>());
  }
  if (want.contains("ref_len")) {
    EXPECT_EQ(got.ref_len, want["ref_len"].get<int64_t>());
  }
}

// Scores one record; returns |ours - sacreBLEU's|.
double check_record(const std::vector<std::string>& hyps, const ReferenceSets& refs,
                    const nlohmann::json& want) {
  const MetricCall call = parse_call(want.at("metric").get<std::string>());
  double score = NAN;
  std::string signature, text;
  if (call.name == "BLEU") {
    const BleuScore got = corpus_bleu(hyps, refs, bleu_options(call));
    expect_bleu_details(got, want);
    score = got.score, signature = got.signature(), text = got.text();
  } else if (call.name == "CHRF") {
    const ChrfScore got = corpus_chrf(hyps, refs, chrf_options(call));
    score = got.score, signature = got.signature(), text = got.text();
  } else if (call.name == "TER") {
    const TerScore got = corpus_ter(hyps, refs, ter_options(call));
    if (want.contains("num_edits")) {
      EXPECT_EQ(got.num_edits, want["num_edits"].get<int64_t>());
    }
    if (want.contains("ref_length")) {
      EXPECT_NEAR(got.ref_length, want["ref_length"].get<double>(), 1e-9);
    }
    score = got.score, signature = got.signature(), text = got.text();
  } else {
    ADD_FAILURE() << "metric not supported here: " << call.name;
    return 0;
  }
  EXPECT_NEAR(score, want.at("score").get<double>(), kScoreTolerance);
  EXPECT_EQ(signature, want.at("signature").get<std::string>());
  EXPECT_EQ(text, want.at("text").get<std::string>());
  return std::abs(score - want.at("score").get<double>());
}

TEST(SacrebleuMore, EveryRecordMatchesSacrebleu) {
  const nlohmann::json expected = load_expected();
  size_t records = 0, checked = 0;
  double max_diff = 0;
  for (const auto& [name, fixture] : expected.at("fixtures").items()) {
    const auto hyps = read_scored_lines(fixture_dir() + fixture.at("hyp").get<std::string>());
    ASSERT_EQ(hyps.size(), fixture.at("lines").get<size_t>()) << name;
    ReferenceSets all_refs;
    for (const auto& ref : fixture.at("refs")) {
      all_refs.push_back(read_scored_lines(fixture_dir() + ref.get<std::string>()));
    }
    for (const auto& [key, want] : fixture.at("scores").items()) {
      SCOPED_TRACE(name + " " + key + " " + want.at("metric").get<std::string>());
      ++records;
      const size_t nrefs = nrefs_of(want.at("signature").get<std::string>());
      ASSERT_LE(nrefs, all_refs.size());
      const ReferenceSets refs(all_refs.begin(), all_refs.begin() + static_cast<ptrdiff_t>(nrefs));
      max_diff = std::max(max_diff, check_record(hyps, refs, want));
      ++checked;
    }
  }
  EXPECT_GE(records, 46u);  // the file as copied; more may be added
  EXPECT_EQ(checked, records);
  std::cout << "checked " << checked << " sacreBLEU records; largest score difference "
            << max_diff << "\n";
}

}  // namespace
}  // namespace nmt::eval
