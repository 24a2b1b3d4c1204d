#pragma once
// Where a run stands beyond its step and weights: what a checkpoint saves so
// that a resumed run does what the uninterrupted one would have done (its
// data position, clock, counts, the schedule chosen at its start). One JSON
// form, written by every checkpoint and read back when the run resumes.
#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "nmt/data/batch_stream.h"

namespace nmt::train {

struct RunProgress {
  data::StreamPosition position;     // of the next update's first batch
  double train_seconds = 0;          // since the run began, resumes included
  int64_t target_tokens = 0;         // trained on
  int64_t skipped_steps = 0;         // updates with a non-finite loss or gradient
  int64_t validated_step = -1;       // of the latest validation
  int64_t bad_in_a_row = 0;          // skipped updates since the last good one
  bool epoch_ended = false;          // the last update's batches ended an epoch
  std::optional<int64_t> warmup;     // the schedule's (lr_schedule.h); none while its probe runs
  int64_t expected_steps = 0;        // the steps the schedule expected; 0 = unknown
  nlohmann::json init_scores;        // fine-tuning: the dev scores of the model it started from
  nlohmann::json loss_scale;         // --fp16: the loss scaler's state (loss_scale.h); null = none
};

// The checkpoint's "progress" object; the early-stopping state (early_stopping.h)
// is saved beside these fields in the same object.
nlohmann::json to_json(const RunProgress& progress);
// A field a checkpoint lacks (one saved before it existed) keeps its default.
RunProgress run_progress_from_json(const nlohmann::json& progress);

}  // namespace nmt::train
