#include "nmt/metrics/chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <cairo-svg.h>
#include <cairo.h>

#include "nmt/common/error.h"

namespace nmt::metrics {
namespace {

constexpr const char* kFont = "DejaVu Sans";
constexpr double kTitleSize = 15, kLabelSize = 12, kTickSize = 11;
constexpr double kPad = 10;

// --- ticks ------------------------------------------------------------------

double nice_step(double span, int target_count) {
  const double raw = span / std::max(1, target_count);
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  const double m = norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10;
  return m * magnitude;
}

// One decimal format for every label of an axis: enough digits to tell
// neighbouring ticks apart, never more.
std::string format_fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", std::max(0, decimals), v);
  std::string s = buf;
  if (s.find_first_not_of("-0.") == std::string::npos) return "0";  // "-0.0" -> "0"
  return s;
}

int decimals_for(double step) { return std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9))); }

std::string format_log_tick(double v) {
  if (v >= 1e6) return format_fixed(v / 1e6, v / 1e6 == std::floor(v / 1e6) ? 0 : 1) + "M";
  if (v >= 1e4) return format_fixed(v / 1e3, 0) + "k";
  if (v >= 1) return format_fixed(v, 0);
  return format_fixed(v, decimals_for(v));
}

// --- drawing ----------------------------------------------------------------

struct Rect {
  double x, y, w, h;
};

void set_rgb(cairo_t* cr, uint32_t rgb) {
  cairo_set_source_rgb(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0, (rgb & 0xFF) / 255.0);
}

void set_font(cairo_t* cr, double size, bool bold = false) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

double text_width(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  return e.x_advance;
}

// Draws text with its anchor at (x, y): align 0 left, 0.5 centre, 1 right;
// y is the vertical middle of the text (cap height).
void draw_text(cairo_t* cr, const std::string& text, double x, double y, double align) {
  cairo_font_extents_t fe;
  cairo_font_extents(cr, &fe);
  cairo_move_to(cr, x - align * text_width(cr, text), y + fe.ascent * 0.36);
  cairo_show_text(cr, text.c_str());
}

bool usable(double x, double y, bool log_y) { return std::isfinite(x) && std::isfinite(y) && (!log_y || y > 0); }

// More points than pixels only make files big: keep the lowest and highest
// point of each bucket so spikes survive, in x order.
std::vector<std::pair<double, double>> visible_points(const Series& s, bool log_y, size_t max_points) {
  std::vector<std::pair<double, double>> pts;
  for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
    if (usable(s.x[i], s.y[i], log_y)) pts.emplace_back(s.x[i], s.y[i]);
  }
  if (pts.size() <= max_points) return pts;
  const size_t buckets = max_points / 2;
  std::vector<std::pair<double, double>> thin;
  for (size_t b = 0; b < buckets; ++b) {
    const size_t begin = pts.size() * b / buckets, end = pts.size() * (b + 1) / buckets;
    if (begin == end) continue;
    auto [lo, hi] = std::minmax_element(pts.begin() + begin, pts.begin() + end,
                                        [](const auto& a, const auto& c) { return a.second < c.second; });
    if (lo > hi) std::swap(lo, hi);
    thin.push_back(*lo);
    if (hi != lo) thin.push_back(*hi);
  }
  return thin;
}

struct Frame {
  Rect plot;
  Axis x, y;
  double map_x(double v) const { return plot.x + (v - x.lo) / (x.hi - x.lo) * plot.w; }
  double map_y(double v) const {
    const double t = y.log ? (std::log10(v) - std::log10(y.lo)) / (std::log10(y.hi) - std::log10(y.lo))
                           : (v - y.lo) / (y.hi - y.lo);
    return plot.y + plot.h - t * plot.h;
  }
};

void data_range(const Chart& chart, bool log_y, double& x_lo, double& x_hi, double& y_lo, double& y_hi) {
  const double inf = std::numeric_limits<double>::infinity();
  x_lo = y_lo = inf;
  x_hi = y_hi = -inf;
  for (const Series& s : chart.series) {
    for (size_t i = 0; i < std::min(s.x.size(), s.y.size()); ++i) {
      if (!usable(s.x[i], s.y[i], log_y)) continue;
      x_lo = std::min(x_lo, s.x[i]), x_hi = std::max(x_hi, s.x[i]);
      y_lo = std::min(y_lo, s.y[i]), y_hi = std::max(y_hi, s.y[i]);
    }
  }
}

bool wants_log_y(const Chart& chart) {
  if (!chart.log_y_if_wide) return false;
  double x_lo, x_hi, y_lo, y_hi;
  data_range(chart, true, x_lo, x_hi, y_lo, y_hi);
  return y_lo <= y_hi && y_hi > 10 * y_lo;
}

// On the title row, right-aligned, so it never covers a curve. One series
// needs no legend: the title names it.
void draw_legend(cairo_t* cr, const Chart& chart, const Rect& cell) {
  if (chart.series.size() < 2) return;
  set_font(cr, kLabelSize);
  double x = cell.x + cell.w - kPad;
  const double y = cell.y + kPad + kTitleSize / 2 + 1;
  for (auto it = chart.series.rbegin(); it != chart.series.rend(); ++it) {
    x -= text_width(cr, it->name);
    cairo_set_source_rgb(cr, 0.13, 0.13, 0.13);
    draw_text(cr, it->name, x, y, 0);
    x -= 6 + 20;
    set_rgb(cr, it->rgb);
    cairo_set_line_width(cr, 2.5);
    cairo_move_to(cr, x, y);
    cairo_line_to(cr, x + 20, y);
    cairo_stroke(cr);
    if (it->markers) {
      cairo_arc(cr, x + 10, y, 3.2, 0, 2 * M_PI);
      cairo_fill(cr);
    }
    x -= 14;
  }
}

void draw_axes(cairo_t* cr, const Chart& chart, const Frame& f, const Rect& cell) {
  const Rect& p = f.plot;
  cairo_set_line_width(cr, 1);
  // gridlines and tick labels
  set_font(cr, kTickSize);
  const std::vector<std::string> ylabels = tick_labels(f.y), xlabels = tick_labels(f.x);
  for (size_t i = 0; i < f.y.ticks.size(); ++i) {
    const double y = std::round(f.map_y(f.y.ticks[i])) + 0.5;
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
    cairo_move_to(cr, p.x, y), cairo_line_to(cr, p.x + p.w, y), cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.27, 0.27, 0.27);
    draw_text(cr, ylabels[i], p.x - 6, y, 1);
  }
  for (size_t i = 0; i < f.x.ticks.size(); ++i) {
    const double x = std::round(f.map_x(f.x.ticks[i])) + 0.5;
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
    cairo_move_to(cr, x, p.y), cairo_line_to(cr, x, p.y + p.h), cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.27, 0.27, 0.27);
    draw_text(cr, xlabels[i], x, p.y + p.h + 6 + kTickSize / 2, 0.5);
  }
  cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
  cairo_rectangle(cr, std::round(p.x) + 0.5, std::round(p.y) + 0.5, std::round(p.w), std::round(p.h));
  cairo_stroke(cr);
  // axis labels and title
  cairo_set_source_rgb(cr, 0.13, 0.13, 0.13);
  set_font(cr, kLabelSize);
  draw_text(cr, chart.x_label, p.x + p.w / 2, cell.y + cell.h - kPad - kLabelSize / 2, 0.5);
  cairo_save(cr);
  cairo_translate(cr, cell.x + kPad + kLabelSize / 2, p.y + p.h / 2);
  cairo_rotate(cr, -M_PI / 2);
  draw_text(cr, chart.y_label + (f.y.log ? " (log scale)" : ""), 0, 0, 0.5);
  cairo_restore(cr);
  set_font(cr, kTitleSize, true);
  draw_text(cr, chart.title, cell.x + kPad, cell.y + kPad + kTitleSize / 2, 0);
}

void draw_series(cairo_t* cr, const Series& s, const Frame& f) {
  const auto pts = visible_points(s, f.y.log, static_cast<size_t>(4 * f.plot.w));
  set_rgb(cr, s.rgb);
  cairo_set_line_width(cr, 1.8);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (size_t i = 0; i < pts.size(); ++i) {
    const double x = f.map_x(pts[i].first), y = f.map_y(pts[i].second);
    i == 0 ? cairo_move_to(cr, x, y) : cairo_line_to(cr, x, y);
  }
  cairo_stroke(cr);
  if (s.markers || pts.size() == 1) {
    for (const auto& [vx, vy] : pts) {
      cairo_arc(cr, f.map_x(vx), f.map_y(vy), 3.2, 0, 2 * M_PI);
      cairo_fill(cr);
    }
  }
}

// The whole chart inside `cell`: title and legend on top, axes, curves.
void draw_chart(cairo_t* cr, const Chart& chart, const Rect& cell) {
  const bool log_y = wants_log_y(chart);
  double x_lo, x_hi, y_lo, y_hi;
  data_range(chart, log_y, x_lo, x_hi, y_lo, y_hi);
  const bool empty = !(x_lo <= x_hi);
  if (chart.y_from_zero && !log_y) y_lo = std::min(y_lo, 0.0), y_hi = std::max(y_hi, 0.0);
  Frame f;
  f.x = empty ? linear_axis(0, 1, 1) : linear_axis(std::min(0.0, x_lo), x_hi, 1);
  f.y = empty ? linear_axis(0, 1) : log_y ? log_axis(y_lo, y_hi) : linear_axis(y_lo, y_hi);

  // Margins from the widest labels, so long tick labels are never clipped.
  set_font(cr, kTickSize);
  double y_label_w = 0;
  for (const auto& l : tick_labels(f.y)) y_label_w = std::max(y_label_w, text_width(cr, l));
  const std::vector<std::string> xlabels = tick_labels(f.x);
  const double right = std::max(16.0, text_width(cr, xlabels.back()) / 2 + 6);
  const double left = kPad + kLabelSize + 8 + y_label_w + 6;
  const double top = kPad + kTitleSize + 12, bottom = kPad + kLabelSize + 8 + kTickSize + 8;
  f.plot = {cell.x + left, cell.y + top, cell.w - left - right, cell.h - top - bottom};

  draw_axes(cr, chart, f, cell);
  draw_legend(cr, chart, cell);
  if (empty) {
    set_font(cr, kLabelSize);
    cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
    draw_text(cr, "no data", f.plot.x + f.plot.w / 2, f.plot.y + f.plot.h / 2, 0.5);
    return;
  }
  cairo_save(cr);
  cairo_rectangle(cr, f.plot.x - 4, f.plot.y - 4, f.plot.w + 8, f.plot.h + 8);
  cairo_clip(cr);
  for (const Series& s : chart.series) draw_series(cr, s, f);
  cairo_restore(cr);
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
}

}  // namespace

std::vector<double> nice_ticks(double lo, double hi, int target_count, double min_step) {
  NMT_CHECK(std::isfinite(lo) && std::isfinite(hi) && lo < hi, "nice_ticks needs lo < hi, got " << lo << ", " << hi);
  const double step = std::max(nice_step(hi - lo, target_count), min_step);
  // Integer multiples of the step, so 0.1 + 0.2 drift never shows in a label.
  const double first = std::floor(lo / step + 1e-9), last = std::ceil(hi / step - 1e-9);
  std::vector<double> ticks;
  for (double k = first; k <= last; ++k) ticks.push_back(k == 0 ? 0.0 : k * step);
  return ticks;
}

Axis linear_axis(double lo, double hi, double min_step) {
  if (!(lo < hi)) {  // one value: a window around it
    const double half = std::max(lo == 0 ? 1 : std::abs(lo) * 0.1, min_step);
    lo -= half, hi += half;
  }
  Axis axis;
  axis.ticks = nice_ticks(lo, hi, 5, min_step);
  axis.lo = axis.ticks.front(), axis.hi = axis.ticks.back();
  return axis;
}

Axis log_axis(double lo, double hi) {
  NMT_CHECK(lo > 0 && lo <= hi, "a log axis needs 0 < lo <= hi, got " << lo << ", " << hi);
  const int first = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
  const int last = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
  const bool decades_only = last - first > 3;
  std::vector<double> candidates;
  for (int k = first; k <= std::max(last, first + 1); ++k) {
    for (double m : {1.0, 2.0, 5.0}) {
      if (!decades_only || m == 1.0) candidates.push_back(m * std::pow(10.0, k));
    }
  }
  // From the last candidate <= lo to the first >= hi.
  const auto below = std::upper_bound(candidates.begin(), candidates.end(), lo * (1 + 1e-9)) - 1;
  const auto above = std::lower_bound(candidates.begin(), candidates.end(), hi * (1 - 1e-9));
  Axis axis;
  axis.log = true;
  axis.ticks.assign(below, above + 1);
  if (axis.ticks.size() < 2) axis.ticks.push_back(axis.ticks.back() * 10);
  axis.lo = axis.ticks.front(), axis.hi = axis.ticks.back();
  return axis;
}

std::vector<std::string> tick_labels(const Axis& axis) {
  std::vector<std::string> labels;
  if (axis.log) {
    for (double t : axis.ticks) labels.push_back(format_log_tick(t));
    return labels;
  }
  const double step = axis.ticks.size() > 1 ? axis.ticks[1] - axis.ticks[0] : 1;
  double max_abs = 0;
  for (double t : axis.ticks) max_abs = std::max(max_abs, std::abs(t));
  if (max_abs < 1e-3 && max_abs > 0) {  // learning rates: 2.0e-4
    const int exponent = static_cast<int>(std::floor(std::log10(max_abs) + 1e-9));
    const double scale = std::pow(10.0, exponent);
    for (double t : axis.ticks) {
      labels.push_back(t == 0 ? "0" : format_fixed(t / scale, decimals_for(step / scale)) + "e" + std::to_string(exponent));
    }
    return labels;
  }
  const double unit = max_abs >= 1e6 ? 1e6 : max_abs >= 1e4 ? 1e3 : 1;
  const std::string suffix = unit == 1e6 ? "M" : unit == 1e3 ? "k" : "";
  for (double t : axis.ticks) {
    labels.push_back(t == 0 ? "0" : format_fixed(t / unit, decimals_for(step / unit)) + suffix);
  }
  return labels;
}

std::string chart_svg(const Chart& chart, int width, int height, const std::string& id_prefix) {
  std::string svg;
  cairo_surface_t* surface = cairo_svg_surface_create_for_stream(append_to_string, &svg, width, height);
  cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX);
  cairo_t* cr = cairo_create(surface);
  draw_chart(cr, chart, {0, 0, static_cast<double>(width), static_cast<double>(height)});
  const cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  cairo_surface_destroy(surface);
  NMT_CHECK(status == CAIRO_STATUS_SUCCESS, "cannot draw chart '" << chart.title << "': "
                                                                   << cairo_status_to_string(status));
  replace_all(svg, "id=\"", "id=\"" + id_prefix);
  replace_all(svg, "href=\"#", "href=\"#" + id_prefix);
  replace_all(svg, "url(#", "url(#" + id_prefix);
  return svg;
}

void write_charts_png(const std::vector<Chart>& charts, int columns, int cell_width, int cell_height,
                      const std::string& path) {
  const int rows = (static_cast<int>(charts.size()) + columns - 1) / columns;
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, columns * cell_width, std::max(1, rows) * cell_height);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  for (size_t i = 0; i < charts.size(); ++i) {
    const Rect cell{static_cast<double>(i % columns * cell_width), static_cast<double>(i / columns * cell_height),
                    static_cast<double>(cell_width), static_cast<double>(cell_height)};
    draw_chart(cr, charts[i], cell);
  }
  cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_write_to_png(surface, path.c_str());
  cairo_surface_destroy(surface);
  NMT_CHECK(status == CAIRO_STATUS_SUCCESS, "cannot write " << path << ": " << cairo_status_to_string(status));
}

}  // namespace nmt::metrics
