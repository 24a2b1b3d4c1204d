#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace nmt::train {

// The paper's schedule: linear warm-up, then inverse square root decay,
// lr = scale * d_model^-0.5 * min(step^-0.5, step * warmup^-1.5).
inline double inverse_sqrt_lr(int64_t step, int64_t d_model, int64_t warmup, double scale) {
  const double s = static_cast<double>(std::max<int64_t>(step, 1));
  const double w = static_cast<double>(std::max<int64_t>(warmup, 1));
  return scale * std::pow(static_cast<double>(d_model), -0.5) * std::min(std::pow(s, -0.5), s * std::pow(w, -1.5));
}

}  // namespace nmt::train
