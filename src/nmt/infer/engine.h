#pragma once
// What one thread translates with on the CPU engine: a model's encoder and
// decoder, whose buffers are kept from batch to batch, so that a worker
// allocates only while its batches grow.
#include <cstdint>
#include <vector>

#include "nmt/infer/decoder.h"
#include "nmt/infer/encoder.h"

namespace nmt::infer {

struct Engine {
  explicit Engine(const TransformerWeights& weights) : encoder(weights), decoder(weights) {}
  // A new batch: ids (sources, length), source s's lengths[s] tokens first,
  // padding after; encodes it and starts the decoder on it.
  void start(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths);

  Encoder encoder;
  Decoder decoder;
  std::vector<float> memory;  // (sources, length, D): the encoder's output
};

}  // namespace nmt::infer
