#pragma once
// What one thread translates with on the CPU engine: a model's encoder and
// decoder, whose buffers are kept from batch to batch, so that a worker
// allocates only while its batches grow.
#include <cstdint>
#include <memory>
#include <vector>

#include "nmt/infer/decoder.h"
#include "nmt/infer/encoder.h"
#include "nmt/infer/thread_pool.h"

namespace nmt::infer {

struct Engine {
  // threads > 1: products and rows spread over a pool of that many threads
  // (the caller's and helpers of its own), best with weights packed in as
  // many parts.
  explicit Engine(const TransformerWeights& weights, int threads = 1)
      : pool(threads > 1 ? std::make_unique<ThreadPool>(threads) : nullptr),
        encoder(weights, pool.get()),
        decoder(weights, pool.get()) {}
  // A new batch: ids (sources, length), source s's lengths[s] tokens first,
  // padding after; encodes it and starts the decoder on it.
  void start(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths);
  // Continuous batching: encodes more sources (the same layout) and adds
  // them to the running batch, one new decoder row each, after the others.
  void add(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths);

  std::unique_ptr<ThreadPool> pool;
  Encoder encoder;
  Decoder decoder;
  std::vector<float> memory;  // (sources, length, D): the encoder's output
};

}  // namespace nmt::infer
