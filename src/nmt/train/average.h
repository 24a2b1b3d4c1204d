#pragma once
// Checkpoint averaging: the element-wise mean of the parameters of several
// checkpoints of one run (typically the last few), a cheap ensemble that
// usually gains a few tenths of BLEU over the last checkpoint alone.
#include <string>
#include <vector>

namespace nmt::train {

// Averages `inputs` into `output` (weights, config and vocabularies; no
// optimizer state). The mean is accumulated in double. Throws nmt::Error if
// fewer than one input is given, or if an input has another model config or
// vocabulary than the first (naming both files and what differs).
void average_checkpoints(const std::vector<std::string>& inputs, const std::string& output);

}  // namespace nmt::train
