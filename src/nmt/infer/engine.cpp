#include "nmt/infer/engine.h"

namespace nmt::infer {

void Engine::start(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths) {
  const auto size = static_cast<size_t>(sources * length * encoder.weights().config.d_model);
  if (memory.size() < size) memory.resize(size);
  encoder.encode(ids, sources, length, lengths, memory.data());
  decoder.start(memory.data(), sources, length, lengths);
}

}  // namespace nmt::infer
