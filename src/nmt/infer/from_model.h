#pragma once
// Copies a trained model's weights into the CPU engine's plain arrays.
#include "nmt/infer/weights.h"
#include "nmt/model/transformer.h"

namespace nmt::infer {

// Float32 copies of every weight the engine reads, its linear layers packed
// for `precision` in `parts` column parts (pack()). Throws nmt::Error if the model is not a float32
// model on the CPU.
TransformerWeights weights_from(const model::Transformer& model, Precision precision = Precision::kFloat32,
                                int parts = 1);

}  // namespace nmt::infer
