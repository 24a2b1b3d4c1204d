#pragma once
// Dynamic loss scaling for float16 training (--precision fp16), as
// PyTorch's GradScaler and Marian's --cost-scaling do it: float16 holds
// nothing below about 6e-8, so small gradients would vanish; the loss is
// multiplied by a power of two before backward and the gradients divided by
// it after (both exact in binary floating point). When a gradient overflows
// (inf or NaN), the update is skipped and the scale halved; after `interval`
// good updates in a row it doubles.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace nmt::train {

struct LossScaleOptions {
  double initial = 65536;   // 2^16, GradScaler's
  double growth = 2;        // after `interval` good updates in a row
  double backoff = 0.5;     // after an overflow
  int64_t interval = 2000;  // GradScaler's growth_interval
  double min_scale = 1.0 / 65536;  // below this, overflows are not float16's range but a diverging run
};

class LossScaler {
 public:
  explicit LossScaler(LossScaleOptions options = {});
  double scale() const { return scale_; }
  int64_t good_in_a_row() const { return good_in_a_row_; }
  // After an update's gradients were checked: `finite` false halves the
  // scale (the update is skipped), true counts towards the next growth.
  // Returns what changed, for the log ("" when the scale stayed).
  std::string update(bool finite);
  // A scale under min_scale: overflows at any scale, so not float16's range.
  bool exhausted() const { return scale_ < options_.min_scale; }

  nlohmann::json state() const;            // what a checkpoint keeps
  void restore(const nlohmann::json& state);  // null: keep the initial state

 private:
  LossScaleOptions options_;
  double scale_;
  int64_t good_in_a_row_ = 0;
};

}  // namespace nmt::train
