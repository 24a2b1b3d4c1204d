#pragma once
// Checkpoint averaging: the element-wise mean of the parameters of several
// checkpoints of one run (typically the last few), a cheap ensemble that
// usually gains a few tenths of BLEU over the last checkpoint alone.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "nmt/model/transformer.h"

namespace nmt::dist {
class World;
}

namespace nmt::train {

// Averages `inputs` into `output` (weights, config and vocabularies; no
// optimizer state). The mean is accumulated in double. Throws nmt::Error if
// fewer than one input is given, or if an input has another model config or
// vocabulary than the first (naming both files and what differs).
void average_checkpoints(const std::vector<std::string>& inputs, const std::string& output);

// --average-last at a run's end: the mean of run_dir's newest `count`
// checkpoints, written by the main rank as average-<step>.pt (the run's
// final model, which the run directory resolves to; averages of its earlier
// ends are removed). Returns the line that says so, with what score() says
// of the average when given (" : dev loss ..."), or why nothing was averaged.
std::string average_run_end(const std::string& run_dir, int64_t count, int64_t step, dist::World& world,
                            const std::function<std::string(model::Transformer&)>& score);

}  // namespace nmt::train
