#include "nmt/metrics/report.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"
#include "nmt/common/format.h"

namespace nmt::metrics {
namespace {

constexpr uint32_t kTrainColor = 0x1f77b4, kDevColor = 0xe8710a, kBleuColor = 0x2ca02c, kChrfColor = 0x9467bd;
constexpr int kSvgWidth = 560, kSvgHeight = 340;

template <typename Point>
Series series(const std::vector<Point>& points, double Point::*field, const std::string& name, uint32_t rgb,
              bool markers) {
  Series s{name, {}, {}, rgb, markers};
  for (const Point& p : points) {
    s.x.push_back(static_cast<double>(p.step));
    s.y.push_back(p.*field);
  }
  return s;
}

Chart loss_chart(const MetricsLog& log) {
  return {"Loss", "step", "cross-entropy (nats/token)",
          {series(log.train, &TrainPoint::loss, "train", kTrainColor, false),
           series(log.valid, &ValidPoint::dev_loss, "dev", kDevColor, true)}};
}

Chart ppl_chart(const MetricsLog& log) {
  return {"Perplexity", "step", "perplexity",
          {series(log.train, &TrainPoint::ppl, "train", kTrainColor, false),
           series(log.valid, &ValidPoint::dev_ppl, "dev", kDevColor, true)},
          true};
}

Chart lr_chart(const MetricsLog& log) {
  return {"Learning rate", "step", "learning rate", {series(log.train, &TrainPoint::lr, "lr", kTrainColor, false)}};
}

Chart score_chart(const MetricsLog& log) {
  return {"Dev BLEU and chrF", "step", "score",
          {series(log.valid, &ValidPoint::dev_bleu, "BLEU", kBleuColor, true),
           series(log.valid, &ValidPoint::dev_chrf, "chrF", kChrfColor, true)},
          false,
          true};
}

// The best finite value of a field over the validations, and its step.
struct Best {
  double value = kMissing;
  int64_t step = 0;
};

Best best(const std::vector<ValidPoint>& valid, double ValidPoint::*field, bool higher_is_better) {
  Best b;
  for (const ValidPoint& p : valid) {
    const double v = p.*field;
    if (!std::isfinite(v)) continue;
    if (!std::isfinite(b.value) || (higher_is_better ? v > b.value : v < b.value)) b = {v, p.step};
  }
  return b;
}

std::string escape_html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// A table cell: "–" for a number the log does not have.
std::string fixed_or_dash(double v, int decimals) { return std::isfinite(v) ? nmt::fixed(v, decimals) : "–"; }

std::string duration(double seconds) {
  if (!std::isfinite(seconds)) return "–";
  const auto s = static_cast<int64_t>(std::llround(seconds));
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
  return buf;
}

std::string best_text(const Best& b, int decimals) {
  if (!std::isfinite(b.value)) return "–";
  return fixed_or_dash(b.value, decimals) + " at step " + std::to_string(b.step);
}

// The last finite value of a training field.
double last_train(const MetricsLog& log, double TrainPoint::*field) {
  for (auto it = log.train.rbegin(); it != log.train.rend(); ++it) {
    if (std::isfinite((*it).*field)) return (*it).*field;
  }
  return kMissing;
}

std::string summary_table(const MetricsLog& log, const std::string& run_dir) {
  const TrainPoint* last = log.train.empty() ? nullptr : &log.train.back();
  std::vector<std::pair<std::string, std::string>> rows = {
      {"run directory", run_dir},
      {"steps", last ? std::to_string(last->step) : "–"},
      {"epoch", last ? fixed_or_dash(last->epoch, 0) : "–"},
      {"training time", last ? duration(last->time) : "–"},
      {"last train loss", fixed_or_dash(last_train(log, &TrainPoint::loss), 3)},
      {"validations", std::to_string(log.valid.size())},
      {"best dev BLEU", best_text(best(log.valid, &ValidPoint::dev_bleu, true), 2)},
      {"best dev chrF", best_text(best(log.valid, &ValidPoint::dev_chrf, true), 2)},
      {"lowest dev loss", best_text(best(log.valid, &ValidPoint::dev_loss, false), 3)},
  };
  std::ostringstream out;
  out << "<table class=\"summary\">\n";
  for (const auto& [name, value] : rows) {
    out << "<tr><th>" << escape_html(name) << "</th><td>" << escape_html(value) << "</td></tr>\n";
  }
  out << "</table>\n";
  return out.str();
}

// The chart as inline SVG, its title as the SVG's accessible name (cairo
// draws text as glyph outlines, so the page has no text of its own there).
std::string figure(const Chart& chart, int index) {
  std::string svg = chart_svg(chart, kSvgWidth, kSvgHeight, "c" + std::to_string(index) + "-");
  const size_t start = svg.find("<svg");
  NMT_CHECK(start != std::string::npos, "cairo wrote no <svg> element for chart '" << chart.title << "'");
  svg.erase(0, start);  // the <?xml ...?> line has no place inside HTML
  svg.insert(svg.find('>') + 1, "\n<title>" + escape_html(chart.title) + "</title>");
  return "<figure>\n" + svg + "</figure>\n";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot open " << path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

constexpr const char* kStyle = R"(body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:24px;color:#222}
h1{font-size:22px;margin:0 0 12px}
table.summary{border-collapse:collapse;margin-bottom:16px}
table.summary th{text-align:left;font-weight:normal;color:#666;padding:2px 16px 2px 0}
table.summary td{font-variant-numeric:tabular-nums;padding:2px 0}
.charts{display:flex;flex-wrap:wrap;gap:8px}
figure{margin:0;border:1px solid #ddd}
figure svg{display:block;max-width:100%;height:auto}
pre{background:#f6f6f6;padding:8px;overflow:auto}
)";

}  // namespace

std::vector<Chart> report_charts(const MetricsLog& log) {
  return {loss_chart(log),
          ppl_chart(log),
          lr_chart(log),
          {"Gradient norm", "step", "L2 norm before clipping",
           {series(log.train, &TrainPoint::grad_norm, "grad norm", kTrainColor, false)}},
          {"Throughput", "step", "target tokens / s",
           {series(log.train, &TrainPoint::tgt_tok_per_s, "tokens/s", kTrainColor, false)},
           false,
           true},
          score_chart(log)};
}

std::vector<Chart> summary_charts(const MetricsLog& log) {
  return {loss_chart(log), ppl_chart(log), lr_chart(log), score_chart(log)};
}

std::string report_html(const MetricsLog& log, const std::string& run_dir, const std::string& config_json) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>Training report: " << escape_html(run_dir) << "</title>\n<style>\n"
      << kStyle << "</style>\n</head>\n<body>\n<h1>Training report</h1>\n"
      << summary_table(log, run_dir) << "<div class=\"charts\">\n";
  const std::vector<Chart> charts = report_charts(log);
  for (size_t i = 0; i < charts.size(); ++i) out << figure(charts[i], static_cast<int>(i));
  out << "</div>\n";
  if (!config_json.empty()) {
    out << "<h2>Configuration</h2>\n<pre>" << escape_html(config_json) << "</pre>\n";
  }
  out << "</body>\n</html>\n";
  return out.str();
}

void write_report(const std::string& run_dir, const std::string& out_html, const std::string& out_png) {
  namespace fs = std::filesystem;
  const std::string log_path = (fs::path(run_dir) / "metrics.jsonl").string();
  NMT_CHECK(fs::is_regular_file(log_path), "no metrics log " << log_path << " (is " << run_dir
                                                             << " the --out directory of a training run?)");
  const MetricsLog log = read_metrics_log(log_path);

  std::string config;
  const std::string config_path = (fs::path(run_dir) / "config.json").string();
  if (fs::exists(config_path)) {
    try {
      config = nlohmann::json::parse(read_file(config_path)).dump(2);
    } catch (const nlohmann::json::parse_error& e) {
      NMT_FAIL(config_path << ": not valid JSON (" << e.what() << ")");
    }
  }

  std::ofstream html(out_html, std::ios::binary);
  NMT_CHECK(html, "cannot create " << out_html);
  html << report_html(log, run_dir, config);
  html.close();
  NMT_CHECK(html, "cannot write " << out_html);
  write_charts_png(summary_charts(log), 2, kPngCellWidth, kPngCellHeight, out_png);
}

}  // namespace nmt::metrics
