#include "nmt/metrics/metrics_log.h"

#include <cmath>

#include <gtest/gtest.h>

#include "error_message.h"

namespace nmt::metrics {
namespace {

const char* const kLog =
    R"({"kind":"train","step":1,"epoch":0,"time":0.5,"wall":1700000000.5,"loss":9.5,"ppl":13360.7,"lr":1e-6,"grad_norm":4.2,"tgt_tok_per_s":1500})"
    "\n"
    R"({"kind":"train","step":2,"epoch":0,"time":1.0,"wall":1700000001.0,"loss":null,"ppl":null,"lr":2e-6,"grad_norm":3.9,"tgt_tok_per_s":1600,"new_field":"x"})"
    "\n\n"
    R"({"kind":"valid","step":2,"time":1.2,"wall":1700000001.2,"dev_loss":8.75,"dev_ppl":6310.7,"dev_chrf":3.5,"valid_seconds":0.2})"
    "\n"
    R"({"kind":"checkpoint","step":2,"path":"checkpoint-2.pt"})"
    "\n"
    R"({"kind":"train","step":3,"epoch":1,"time":1.5,"wall":1700000001.5,"loss":8.0,"ppl":2981,"lr":3e-6,"grad_norm":3.1,"tgt_tok_per_s":1700})"
    "\n";

TEST(MetricsLog, ReadsTrainAndValidLines) {
  const MetricsLog log = parse_metrics_log(kLog, "metrics.jsonl");
  ASSERT_EQ(log.train.size(), 3u);
  ASSERT_EQ(log.valid.size(), 1u);
  EXPECT_EQ(log.train[0].step, 1);
  EXPECT_EQ(log.train[0].loss, 9.5);
  EXPECT_EQ(log.train[0].lr, 1e-6);
  EXPECT_EQ(log.train[0].tgt_tok_per_s, 1500);
  EXPECT_EQ(log.train[0].wall, 1700000000.5);
  EXPECT_EQ(log.train[2].epoch, 1);
  EXPECT_EQ(log.train[2].grad_norm, 3.1);
  EXPECT_EQ(log.valid[0].step, 2);
  EXPECT_EQ(log.valid[0].dev_loss, 8.75);
  EXPECT_EQ(log.valid[0].dev_chrf, 3.5);
  EXPECT_EQ(log.valid[0].valid_seconds, 0.2);
}

TEST(MetricsLog, WrittenLinesReadBackAsWritten) {
  TrainPoint t;
  t.step = 7, t.epoch = 2, t.time = 3.5, t.wall = 1700000000.25, t.loss = 4.5, t.ppl = 90.0, t.lr = 2e-4;
  t.grad_norm = 0.75, t.tgt_tok_per_s = 1800, t.rss_mib = 612.5;
  ValidPoint v;
  v.step = 7, v.time = 3.5, v.wall = 1700000001.0, v.dev_loss = 4.25, v.dev_ppl = 70.0, v.valid_seconds = 1.5;
  EXPECT_NE(metrics_line(t).find(R"("epoch":2,)"), std::string::npos) << metrics_line(t);  // a count, no ".0"
  EXPECT_EQ(metrics_line(v).find("dev_bleu"), std::string::npos) << "a missing number is left out";
  const MetricsLog log = parse_metrics_log(metrics_line(t) + "\n" + metrics_line(v) + "\n", "m");
  ASSERT_EQ(log.train.size(), 1u);
  ASSERT_EQ(log.valid.size(), 1u);
  const TrainPoint& rt = log.train[0];
  EXPECT_EQ(rt.step, 7);
  EXPECT_EQ(rt.epoch, 2);
  EXPECT_EQ(rt.time, 3.5);
  EXPECT_EQ(rt.wall, 1700000000.25);
  EXPECT_EQ(rt.loss, 4.5);
  EXPECT_EQ(rt.ppl, 90.0);
  EXPECT_EQ(rt.lr, 2e-4);
  EXPECT_EQ(rt.grad_norm, 0.75);
  EXPECT_EQ(rt.tgt_tok_per_s, 1800);
  EXPECT_EQ(rt.rss_mib, 612.5);
  const ValidPoint& rv = log.valid[0];
  EXPECT_EQ(rv.dev_loss, 4.25);
  EXPECT_EQ(rv.dev_ppl, 70.0);
  EXPECT_EQ(rv.valid_seconds, 1.5);
  EXPECT_TRUE(std::isnan(rv.dev_bleu));
  EXPECT_TRUE(std::isnan(rv.dev_chrf));
}

TEST(MetricsLog, MissingAndNullNumbersAreNaN) {
  const MetricsLog log = parse_metrics_log(kLog, "metrics.jsonl");
  EXPECT_TRUE(std::isnan(log.train[1].loss));   // null: NaN as nlohmann writes it
  EXPECT_TRUE(std::isnan(log.valid[0].dev_bleu));  // no BLEU computed
}

TEST(MetricsLog, MalformedLineNamesFileAndLine) {
  const std::string text = std::string(kLog) + "{\"kind\":\"train\",\"step\":4,\"loss\":\n";
  const std::string message = testing::error_message([&] { parse_metrics_log(text, "run/metrics.jsonl"); });
  EXPECT_EQ(message.rfind("run/metrics.jsonl:7: not valid JSON", 0), 0u) << message;
}

TEST(MetricsLog, WrongTypesNameTheField) {
  EXPECT_EQ(testing::error_message([] { parse_metrics_log("{\"kind\":\"train\",\"step\":1,\"loss\":\"high\"}\n", "m"); }),
            "m:1: \"loss\" must be a number, found \"high\"");
  EXPECT_EQ(testing::error_message([] { parse_metrics_log("\n{\"kind\":\"valid\",\"step\":2.5}\n", "m"); }),
            "m:2: \"step\" must be an integer, found 2.5");
  EXPECT_EQ(testing::error_message([] { parse_metrics_log("{\"step\":1}\n", "m"); }), "m:1: no \"kind\" string");
  EXPECT_EQ(testing::error_message([] { parse_metrics_log("[1,2]\n", "m"); }),
            "m:1: expected a JSON object, found array");
}

TEST(MetricsLog, MissingFileErrorNamesIt) {
  EXPECT_EQ(testing::error_message([] { read_metrics_log("/nonexistent/metrics.jsonl"); }),
            "cannot open metrics log /nonexistent/metrics.jsonl");
}

}  // namespace
}  // namespace nmt::metrics
