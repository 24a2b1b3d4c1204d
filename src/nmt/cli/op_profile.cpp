#include "nmt/cli/op_profile.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/csrc/autograd/profiler_legacy.h>

#include "nmt/common/error.h"
#include "nmt/common/format.h"

namespace nmt::cli::bench {
namespace {

namespace prof = torch::autograd::profiler;

struct OpTotals {
  int64_t calls = 0;
  double self_us = 0, total_us = 0;
};

}  // namespace

OpProfile::OpProfile(std::string trace, std::ostream& report) : trace_(std::move(trace)), report_(report) {
  if (trace_.empty()) return;
  prof::enableProfilerLegacy(torch::profiler::impl::ProfilerConfig(torch::profiler::impl::ProfilerState::CPU));
}

OpProfile::~OpProfile() {
  if (trace_.empty()) return;
  const auto lists = prof::disableProfilerLegacy();
  // Push/pop ranges nest per thread: a range's self time is its duration
  // minus that of the ranges directly inside it.
  std::map<std::string, OpTotals> ops;
  auto events = nlohmann::json::array();
  double wall_us = 0;
  for (const auto& list : lists) {
    struct Open {
      const prof::LegacyEvent* push;
      double children_us;
    };
    std::vector<Open> stack;
    const prof::LegacyEvent* first = nullptr;
    for (const auto& e : list) {
      if (e.kind() == prof::EventKind::PushRange) {
        if (first == nullptr) first = &e;
        stack.push_back({&e, 0});
      } else if (e.kind() == prof::EventKind::PopRange && !stack.empty()) {
        const Open open = stack.back();
        stack.pop_back();
        const double us = open.push->cpuElapsedUs(e);
        auto& op = ops[open.push->name()];
        ++op.calls;
        op.total_us += us;
        op.self_us += us - open.children_us;
        if (!stack.empty()) stack.back().children_us += us;
        else wall_us += us;
        events.push_back({{"name", open.push->name()}, {"ph", "X"}, {"ts", first->cpuElapsedUs(*open.push)},
                          {"dur", us}, {"pid", 0}, {"tid", open.push->threadId()}});
      }
    }
  }
  std::ofstream out(trace_);
  out << nlohmann::json{{"traceEvents", events}}.dump() << '\n';
  if (!out) report_ << "warning: could not write the profile to " << trace_ << '\n';

  std::vector<std::pair<std::string, OpTotals>> sorted(ops.begin(), ops.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.self_us > b.second.self_us; });
  report_ << "operators by self time (" << fixed(wall_us / 1e6, 3) << " s inside operators; trace in " << trace_
          << "):\n";
  report_ << std::setw(9) << "self ms" << std::setw(8) << "self %" << std::setw(11) << "total ms" << std::setw(9)
          << "calls" << "  operator\n";
  for (size_t i = 0; i < sorted.size() && i < 25; ++i) {
    const auto& [name, t] = sorted[i];
    report_ << std::setw(9) << fixed(t.self_us / 1e3, 1) << std::setw(8) << fixed(100 * t.self_us / wall_us, 1)
            << std::setw(11) << fixed(t.total_us / 1e3, 1) << std::setw(9) << t.calls << "  " << name << '\n';
  }
}

}  // namespace nmt::cli::bench
