#include "nmt/metrics/chart.h"

#include <cmath>
#include <random>
#include <regex>

#include <gtest/gtest.h>

namespace nmt::metrics {
namespace {

using Ticks = std::vector<double>;

void expect_ticks_near(const Ticks& got, const Ticks& want) {
  ASSERT_EQ(got.size(), want.size()) << ::testing::PrintToString(got);
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-9 * std::abs(want[i]) + 1e-15) << i;
}

TEST(NiceTicks, HandPickedRanges) {
  expect_ticks_near(nice_ticks(0, 1), {0, 0.2, 0.4, 0.6, 0.8, 1});
  expect_ticks_near(nice_ticks(2.1, 9.7), {2, 4, 6, 8, 10});
  expect_ticks_near(nice_ticks(1, 500), {0, 100, 200, 300, 400, 500});
  expect_ticks_near(nice_ticks(0, 7e-4), {0, 1e-4, 2e-4, 3e-4, 4e-4, 5e-4, 6e-4, 7e-4});
  expect_ticks_near(nice_ticks(-3, 3), {-3, -2, -1, 0, 1, 2, 3});
  expect_ticks_near(nice_ticks(1e6, 3.4e6), {1e6, 1.5e6, 2e6, 2.5e6, 3e6, 3.5e6});
}

TEST(NiceTicks, StepIsOneTwoOrFiveTimesPowerOfTenAndCoversRange) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-8, 9), unit(0, 1);
  for (int i = 0; i < 2000; ++i) {
    const double scale = std::pow(10.0, exponent(rng));
    const double lo = (unit(rng) - 0.5) * scale, hi = lo + unit(rng) * scale + 1e-3 * scale;
    const Ticks t = nice_ticks(lo, hi);
    ASSERT_GE(t.size(), 3u) << lo << " " << hi;
    ASSERT_LE(t.size(), 10u) << lo << " " << hi;
    EXPECT_LE(t.front(), lo);
    EXPECT_GE(t.back(), hi);
    const double step = t[1] - t[0];
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    EXPECT_TRUE(std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6)
        << "step " << step << " for [" << lo << ", " << hi << "]";
    EXPECT_NEAR(std::remainder(t[0], step), 0, 1e-6 * step);  // ticks sit on multiples of the step
  }
}

TEST(NiceTicks, MinStepKeepsStepsWhole) {
  expect_ticks_near(nice_ticks(0, 2, 5, 1), {0, 1, 2});
  expect_ticks_near(nice_ticks(0, 2), {0, 0.5, 1, 1.5, 2});
  expect_ticks_near(linear_axis(5, 5, 1).ticks, {4, 5, 6});
}

TEST(LinearAxis, SingleValueGetsAWindowAroundIt) {
  const Axis a = linear_axis(5, 5);
  EXPECT_LT(a.lo, 5);
  EXPECT_GT(a.hi, 5);
  const Axis zero = linear_axis(0, 0);
  EXPECT_LT(zero.lo, 0);
  EXPECT_GT(zero.hi, 0);
}

TEST(LogAxis, OneTwoFiveWithinThreeDecadesPowersOfTenBeyond) {
  expect_ticks_near(log_axis(40, 300).ticks, {20, 50, 100, 200, 500});
  expect_ticks_near(log_axis(30, 20000).ticks, {10, 100, 1000, 1e4, 1e5});
  const Axis one = log_axis(7, 7);
  EXPECT_LE(one.lo, 7);
  EXPECT_GE(one.hi, 7);
  EXPECT_GE(one.ticks.size(), 2u);
}

TEST(TickLabels, ShortAndAlike) {
  EXPECT_EQ(tick_labels(linear_axis(0.1, 0.9)), (std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1.0"}));
  EXPECT_EQ(tick_labels(linear_axis(1, 95000)), (std::vector<std::string>{"0", "20k", "40k", "60k", "80k", "100k"}));
  EXPECT_EQ(tick_labels(linear_axis(0, 2.4e6)),
            (std::vector<std::string>{"0", "0.5M", "1.0M", "1.5M", "2.0M", "2.5M"}));
  EXPECT_EQ(tick_labels(linear_axis(0, 7e-4)),
            (std::vector<std::string>{"0", "1e-4", "2e-4", "3e-4", "4e-4", "5e-4", "6e-4", "7e-4"}));
  EXPECT_EQ(tick_labels(linear_axis(1.1e-4, 1.9e-4)),
            (std::vector<std::string>{"1.0e-4", "1.2e-4", "1.4e-4", "1.6e-4", "1.8e-4", "2.0e-4"}));
  EXPECT_EQ(tick_labels(log_axis(30, 20000)), (std::vector<std::string>{"10", "100", "1000", "10k", "100k"}));
}

Chart line_chart(size_t points) {
  Series s{"train", {}, {}};
  for (size_t i = 0; i < points; ++i) {
    s.x.push_back(static_cast<double>(i));
    s.y.push_back(1.0 + std::sin(0.001 * static_cast<double>(i)));
  }
  return {"Loss", "step", "loss", {s}};
}

TEST(ChartSvg, IdsCarryThePrefix) {
  const std::string svg = chart_svg(line_chart(50), 400, 300, "c7-");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("id=\"c7-"), std::string::npos);
  EXPECT_FALSE(std::regex_search(svg, std::regex("id=\"(?!c7-)")));
  EXPECT_FALSE(std::regex_search(svg, std::regex("href=\"#(?!c7-)")));
}

TEST(ChartSvg, MillionPointsStaySmall) {
  // More points than pixels are thinned to each bucket's extremes.
  EXPECT_LT(chart_svg(line_chart(1000000), 560, 340, "").size(), 200000u);
}

TEST(ChartSvg, NonFiniteEmptyAndSinglePointChartsDraw) {
  Chart chart = line_chart(10);
  chart.series[0].y[3] = std::nan("");
  chart.series[0].y[4] = INFINITY;
  EXPECT_NE(chart_svg(chart, 400, 300, "").find("<svg"), std::string::npos);
  EXPECT_NE(chart_svg(line_chart(0), 400, 300, "").find("<svg"), std::string::npos);
  EXPECT_NE(chart_svg(line_chart(1), 400, 300, "").find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace nmt::metrics
