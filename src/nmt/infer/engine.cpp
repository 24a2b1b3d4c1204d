#include "nmt/infer/engine.h"

namespace nmt::infer {

namespace {

void encode(Engine& engine, const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths) {
  const auto size = static_cast<size_t>(sources * length * engine.encoder.weights().config.d_model);
  if (engine.memory.size() < size) engine.memory.resize(size);
  engine.encoder.encode(ids, sources, length, lengths, engine.memory.data());
}

}  // namespace

void Engine::start(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths) {
  encode(*this, ids, sources, length, lengths);
  decoder.start(memory.data(), sources, length, lengths);
}

void Engine::add(const int64_t* ids, int64_t sources, int64_t length, const int64_t* lengths) {
  encode(*this, ids, sources, length, lengths);
  decoder.add_sources(memory.data(), sources, length, lengths);
}

}  // namespace nmt::infer
