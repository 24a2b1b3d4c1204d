#pragma once
// The training report of a run directory: one self-contained HTML page (a
// summary and every curve as inline SVG) and one PNG of the main curves.
#include <string>
#include <vector>

#include "nmt/metrics/chart.h"
#include "nmt/metrics/metrics_log.h"

namespace nmt::metrics {

// Every chart of the HTML page, in page order: loss, perplexity, learning
// rate, grad norm, tokens/s, dev BLEU/chrF.
std::vector<Chart> report_charts(const MetricsLog& log);
// The 2×2 grid of the PNG: loss, perplexity, learning rate, BLEU/chrF.
std::vector<Chart> summary_charts(const MetricsLog& log);

// The HTML page for `log`; config_json: RUN_DIR/config.json pretty-printed,
// or "" when the run has none.
std::string report_html(const MetricsLog& log, const std::string& run_dir, const std::string& config_json);

// Reads RUN_DIR/metrics.jsonl (and RUN_DIR/config.json when present) and
// writes out_html and out_png.
void write_report(const std::string& run_dir, const std::string& out_html, const std::string& out_png);

// PNG size: the 2×2 grid of 600 × 380 px cells.
constexpr int kPngCellWidth = 600, kPngCellHeight = 380;

}  // namespace nmt::metrics
