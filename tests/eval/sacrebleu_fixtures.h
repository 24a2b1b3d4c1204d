#pragma once
// The sacreBLEU 2.6.0 reference scores in tests/data/sacrebleu/expected.json
// (see the README there) and the files they were computed from.
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "nmt/eval/scored_lines.h"

namespace nmt::eval::test_data {

inline std::string sacrebleu_dir() { return std::string(NMT_TEST_DATA) + "/sacrebleu/"; }

inline const nlohmann::json& sacrebleu_expected() {
  static const nlohmann::json expected = [] {
    std::ifstream in(sacrebleu_dir() + "expected.json");
    EXPECT_TRUE(in) << "cannot open " << sacrebleu_dir() << "expected.json";
    return nlohmann::json::parse(in);
  }();
  return expected;
}

struct Fixture {
  std::string name;
  const nlohmann::json* expected;  // the fixture's entry in expected.json
  std::vector<std::string> hyps, refs;
};

// Every fixture listed in expected.json, its files read as the sacrebleu CLI reads them.
inline std::vector<Fixture> sacrebleu_fixtures() {
  std::vector<Fixture> fixtures;
  const nlohmann::json& all = sacrebleu_expected().at("fixtures");
  for (auto it = all.begin(); it != all.end(); ++it) {
    const nlohmann::json& entry = it.value();
    fixtures.push_back({it.key(), &entry,
                        read_scored_lines(sacrebleu_dir() + entry.at("hyp").get<std::string>()),
                        read_scored_lines(sacrebleu_dir() + entry.at("ref").get<std::string>())});
  }
  return fixtures;
}

}  // namespace nmt::eval::test_data
