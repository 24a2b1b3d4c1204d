#pragma once
// Line charts drawn once with cairo, onto an SVG surface (for HTML pages) or
// an image surface (for PNG files), so both show the same picture.
#include <cstdint>
#include <string>
#include <vector>

namespace nmt::metrics {

struct Series {
  std::string name;           // legend entry
  std::vector<double> x, y;   // same length; non-finite points are skipped
  uint32_t rgb = 0x1f77b4;    // 0xRRGGBB
  bool markers = false;       // a dot at every point (sparse series such as validations)
};

// Curves over training steps: the x axis starts at 0 and has whole-number
// ticks, so charts of one run line up and a single step reads as a step.
struct Chart {
  std::string title, x_label, y_label;
  std::vector<Series> series;
  // Perplexity-like values: a log y axis when the positive data spans more
  // than a factor of 10.
  bool log_y_if_wide = false;
  // Rates and scores: a y axis from 0, so noise does not look like a trend.
  bool y_from_zero = false;
};

struct Axis {
  double lo = 0, hi = 1;
  bool log = false;
  std::vector<double> ticks;  // from lo to hi, both included
};

// Ticks at a step of 1, 2 or 5 × 10^k, about target_count of them, from a
// multiple of the step at or below lo to one at or above hi.
// min_step > 0 (a power of ten) keeps the step from going below it.
std::vector<double> nice_ticks(double lo, double hi, int target_count = 5, double min_step = 0);

// The axis for data in [lo, hi]: the range grows to the outer ticks; an empty
// range (one value) is widened around it.
Axis linear_axis(double lo, double hi, double min_step = 0);
// 0 < lo <= hi. Ticks at 1, 2, 5 × 10^k, or only at powers of ten when the
// data spans more than three decades.
Axis log_axis(double lo, double hi);

// Short labels sharing one format per axis: "0.5", "20k", "1.5M", "2.0e-4".
std::vector<std::string> tick_labels(const Axis& axis);

// A standalone SVG document, width × height px. cairo names glyphs and clip
// paths "glyph0-1", "clip1" in every document; id_prefix makes them unique
// so several charts can be inlined into one HTML page.
std::string chart_svg(const Chart& chart, int width, int height, const std::string& id_prefix);

// Charts in a grid of `columns`, each cell_width × cell_height px, white
// background, written as PNG.
void write_charts_png(const std::vector<Chart>& charts, int columns, int cell_width, int cell_height,
                      const std::string& path);

}  // namespace nmt::metrics
