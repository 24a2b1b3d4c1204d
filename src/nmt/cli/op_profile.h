#pragma once
// LibTorch's operator profiler over the lifetime of an object, for
// `nmt bench ... --profile FILE`: on destruction it writes every operator call
// of this thread as a chrome://tracing file and prints the operators that took
// the most self time (time not spent in operators they called).
#include <iosfwd>
#include <string>

namespace nmt::cli::bench {

class OpProfile {
 public:
  // trace == "": does nothing. `report` receives the table.
  OpProfile(std::string trace, std::ostream& report);
  ~OpProfile();
  OpProfile(const OpProfile&) = delete;
  OpProfile& operator=(const OpProfile&) = delete;

 private:
  std::string trace_;
  std::ostream& report_;
};

}  // namespace nmt::cli::bench
