#pragma once
// Small helpers for what nmt prints: numbers with a fixed number of decimals,
// and the process's peak memory.
#include <sys/resource.h>

#include <iomanip>
#include <sstream>
#include <string>

namespace nmt {

// "1634.40" for fixed(1634.4, 2).
inline std::string fixed(double value, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << value;
  return s.str();
}

// Peak resident memory of this process so far, in MiB.
inline double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace nmt
