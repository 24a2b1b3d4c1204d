#include "nmt/metrics/report.h"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "error_message.h"
#include "metrics_test_support.h"

namespace nmt::metrics {
namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

// 300 steps, validations every 100 steps with BLEU 10, 20, 15 (best at 200).
std::string sample_log() {
  std::string text;
  for (int step = 1; step <= 300; ++step) {
    text += "{\"kind\":\"train\",\"step\":" + std::to_string(step) + ",\"epoch\":" + std::to_string(step / 120) +
            ",\"time\":" + std::to_string(step * 0.5) + ",\"wall\":1700000000,\"loss\":" +
            std::to_string(9.0 / std::sqrt(step)) + ",\"ppl\":" + std::to_string(std::exp(9.0 / std::sqrt(step))) +
            ",\"lr\":0.0005,\"grad_norm\":1.5,\"tgt_tok_per_s\":1600}\n";
    if (step % 100 == 0) {
      const double bleu = step == 100 ? 10 : step == 200 ? 20 : 15;
      text += "{\"kind\":\"valid\",\"step\":" + std::to_string(step) + ",\"dev_loss\":4,\"dev_bleu\":" +
              std::to_string(bleu) + ",\"dev_chrf\":" + std::to_string(2 * bleu) + "}\n";
    }
  }
  return text;
}

TEST(ReportHtml, OneSvgPerChartWithTitlesAndSummary) {
  const MetricsLog log = parse_metrics_log(sample_log(), "m");
  const std::string html = report_html(log, "runs/demo", "{\n  \"lr\": 1\n}");
  const std::vector<Chart> charts = report_charts(log);
  ASSERT_EQ(charts.size(), 6u);
  EXPECT_EQ(count(html, "<svg"), charts.size());
  for (const Chart& c : charts) EXPECT_NE(html.find("<title>" + c.title + "</title>"), std::string::npos) << c.title;
  EXPECT_NE(html.find("<td>runs/demo</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>300</td>"), std::string::npos);                 // steps
  EXPECT_NE(html.find("<td>0:02:30</td>"), std::string::npos);             // 150 s of training
  EXPECT_NE(html.find("<td>20.00 at step 200</td>"), std::string::npos);   // best BLEU
  EXPECT_NE(html.find("<td>40.00 at step 200</td>"), std::string::npos);   // best chrF
  EXPECT_NE(html.find("&quot;lr&quot;: 1"), std::string::npos);             // the config, escaped
  EXPECT_EQ(html.find("<?xml"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);  // nothing loaded from elsewhere
}

TEST(ReportHtml, SvgIdsAreUniqueAcrossCharts) {
  const std::string html = report_html(parse_metrics_log(sample_log(), "m"), "r", "");
  std::set<std::string> ids;
  for (size_t pos = html.find(" id=\""); pos != std::string::npos; pos = html.find(" id=\"", pos + 1)) {
    const size_t start = pos + 5;
    const std::string id = html.substr(start, html.find('"', start) - start);
    EXPECT_TRUE(ids.insert(id).second) << "duplicate id " << id;
  }
  EXPECT_FALSE(ids.empty());
}

TEST(ReportHtml, NoValidationsSinglePointAndNonFiniteValues) {
  const MetricsLog one = parse_metrics_log(
      "{\"kind\":\"train\",\"step\":1,\"loss\":null,\"ppl\":1e300,\"lr\":0,\"grad_norm\":1e308}\n", "m");
  const std::string html = report_html(one, "r", "");
  EXPECT_EQ(count(html, "<svg"), 6u);
  EXPECT_NE(html.find("<th>best dev BLEU</th><td>–</td>"), std::string::npos);
  const MetricsLog empty = parse_metrics_log("", "m");
  EXPECT_EQ(count(report_html(empty, "r", ""), "<svg"), 6u);
}

uint32_t big_endian32(const std::string& bytes, size_t at) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

TEST(WriteReport, WritesHtmlAndPngOfTheGridSize) {
  const auto dir = testing::fresh_test_dir();
  testing::write_bytes(dir / "metrics.jsonl", sample_log());
  testing::write_bytes(dir / "config.json", "{\"model\":{\"d_model\":256}}");
  write_report(dir.string(), (dir / "r.html").string(), (dir / "r.png").string());

  const std::string html = testing::read_bytes(dir / "r.html");
  EXPECT_EQ(count(html, "<svg"), 6u);
  EXPECT_NE(html.find("&quot;d_model&quot;: 256"), std::string::npos);

  const std::string png = testing::read_bytes(dir / "r.png");
  ASSERT_GT(png.size(), 33u);
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian32(png, 16), 2u * kPngCellWidth);   // 2 × 2 grid
  EXPECT_EQ(big_endian32(png, 20), 2u * kPngCellHeight);
  EXPECT_EQ(png.substr(png.size() - 8, 4), "IEND");
}

TEST(WriteReport, MissingMetricsLogNamesIt) {
  const auto dir = testing::fresh_test_dir();
  const std::string message = testing::error_message(
      [&] { write_report(dir.string(), (dir / "r.html").string(), (dir / "r.png").string()); });
  EXPECT_EQ(message.rfind("no metrics log " + (dir / "metrics.jsonl").string(), 0), 0u) << message;
}

TEST(WriteReport, MalformedConfigNamesIt) {
  const auto dir = testing::fresh_test_dir();
  testing::write_bytes(dir / "metrics.jsonl", sample_log());
  testing::write_bytes(dir / "config.json", "{\"model\":");
  const std::string message = testing::error_message(
      [&] { write_report(dir.string(), (dir / "r.html").string(), (dir / "r.png").string()); });
  EXPECT_EQ(message.rfind((dir / "config.json").string() + ": not valid JSON", 0), 0u) << message;
}

}  // namespace
}  // namespace nmt::metrics
