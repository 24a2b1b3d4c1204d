#include "nmt/train/loss_scale.h"

#include "nmt/common/error.h"
#include "nmt/common/format.h"

namespace nmt::train {

LossScaler::LossScaler(LossScaleOptions options) : options_(options), scale_(options.initial) {
  NMT_CHECK(options_.initial > 0 && options_.growth >= 1 && options_.backoff > 0 && options_.backoff < 1 &&
                options_.interval >= 1,
            "loss scaling needs an initial scale > 0, growth >= 1, backoff in (0, 1) and an interval >= 1");
}

std::string LossScaler::update(bool finite) {
  if (!finite) {
    const double old = scale_;
    scale_ *= options_.backoff;
    good_in_a_row_ = 0;
    return "float16 gradients overflowed at loss scale " + fixed(old, old < 1 ? 6 : 0) + ": skipped, loss scale now " +
           fixed(scale_, scale_ < 1 ? 6 : 0);
  }
  if (++good_in_a_row_ < options_.interval) return "";
  good_in_a_row_ = 0;
  if (options_.growth == 1) return "";
  scale_ *= options_.growth;
  return std::to_string(options_.interval) + " updates without overflow; loss scale now " +
         fixed(scale_, scale_ < 1 ? 6 : 0);
}

nlohmann::json LossScaler::state() const { return {{"scale", scale_}, {"good_in_a_row", good_in_a_row_}}; }

void LossScaler::restore(const nlohmann::json& state) {
  if (state.is_null()) return;
  NMT_CHECK(state.is_object() && state.contains("scale") && state["scale"].is_number() &&
                state["scale"].get<double>() > 0,
            "the checkpoint's loss_scale is " << state.dump() << ": expected {\"scale\": > 0, \"good_in_a_row\": N}");
  scale_ = state["scale"].get<double>();
  good_in_a_row_ = state.value("good_in_a_row", int64_t{0});
}

}  // namespace nmt::train
