#include "nmt/train/run_progress.h"

namespace nmt::train {

nlohmann::json to_json(const RunProgress& p) {
  nlohmann::json j = {{"position", nlohmann::json(p.position)}, {"train_seconds", p.train_seconds},
                      {"target_tokens", p.target_tokens},       {"skipped_steps", p.skipped_steps},
                      {"validated_step", p.validated_step},     {"bad_in_a_row", p.bad_in_a_row},
                      {"epoch_ended", p.epoch_ended},
                      {"warmup", p.warmup ? nlohmann::json(*p.warmup) : nlohmann::json(nullptr)},
                      {"expected_steps", p.expected_steps}};
  if (!p.init_scores.is_null()) j["init_scores"] = p.init_scores;
  if (!p.loss_scale.is_null()) j["loss_scale"] = p.loss_scale;
  return j;
}

RunProgress run_progress_from_json(const nlohmann::json& j) {
  RunProgress p;
  if (!j.is_object()) return p;  // a fresh run: nothing saved
  if (j.contains("position")) p.position = j["position"].get<data::StreamPosition>();
  p.train_seconds = j.value("train_seconds", 0.0);
  p.target_tokens = j.value("target_tokens", int64_t{0});
  p.skipped_steps = j.value("skipped_steps", int64_t{0});
  p.validated_step = j.value("validated_step", int64_t{-1});
  p.bad_in_a_row = j.value("bad_in_a_row", int64_t{0});
  p.epoch_ended = j.value("epoch_ended", false);
  if (j.contains("warmup") && j["warmup"].is_number_integer()) p.warmup = j["warmup"].get<int64_t>();
  p.expected_steps = j.value("expected_steps", int64_t{0});
  p.init_scores = j.value("init_scores", nlohmann::json());
  p.loss_scale = j.value("loss_scale", nlohmann::json());
  return p;
}

}  // namespace nmt::train
