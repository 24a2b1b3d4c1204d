#include "nmt/model/dropout.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include <mutex>

#include "nmt/common/error.h"

namespace nmt::model {
namespace {

thread_local at::Generator thread_generator;  // undefined: LibTorch's default

// murmur3's 32-bit finaliser: every input bit moves every output bit.
inline uint32_t mix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  return h ^ (h >> 16);
}

// mask[i] = scale where the hash of (seed, i) is at least `drop` (a
// threshold out of 2^32), else 0: a Bernoulli(1 - p) mask scaled by
// 1 / (1 - p), counter-based so that the loop vectorises.
void fill_mask(float* mask, int64_t n, uint64_t seed, uint32_t drop, float scale) {
  const auto low = static_cast<uint32_t>(seed), high = static_cast<uint32_t>(seed >> 32);
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t h = mix32(mix32(static_cast<uint32_t>(i) ^ low) + high);
    mask[i] = h >= drop ? scale : 0.0f;
  }
}

}  // namespace

DropoutImpl::DropoutImpl(double p) : p(p) {
  NMT_CHECK(p >= 0 && p < 1, "dropout must be in [0, 1), got " << p);
}

torch::Tensor DropoutImpl::forward(const torch::Tensor& x) {
  if (!is_training() || p == 0 || x.numel() == 0) return x;
  if (!x.device().is_cpu()) return torch::dropout(x, p, true);  // CUDA's fused kernel, its default generator
  // One 64-bit draw from the thread's generator (or LibTorch's default) per
  // call seeds the mask: a run is as reproducible as the generator, whose
  // state checkpoints hold. LibTorch's CPU bernoulli_ draws every element
  // from a Mersenne twister one at a time: nearly half of a tiny model's
  // training step.
  at::Generator generator = thread_generator.defined() ? thread_generator : at::detail::getDefaultCPUGenerator();
  uint64_t seed;
  {
    std::lock_guard<std::mutex> lock(generator.mutex());
    seed = at::check_generator<at::CPUGeneratorImpl>(generator)->random64();
  }
  TORCH_CHECK(x.numel() < (int64_t{1} << 32), "dropout over more than 2^32 elements");
  auto mask = torch::empty(x.sizes(), x.options().dtype(torch::kFloat));
  const auto drop = static_cast<uint32_t>(p * 4294967295.0);  // p < 1: the constructor checks it
  fill_mask(mask.data_ptr<float>(), mask.numel(), seed, drop, static_cast<float>(1.0 / (1.0 - p)));
  return x * mask.to(x.scalar_type());
}

DropoutGenerator::DropoutGenerator(at::Generator generator) : previous_(thread_generator) {
  thread_generator = std::move(generator);
}

DropoutGenerator::~DropoutGenerator() { thread_generator = previous_; }

}  // namespace nmt::model
