#pragma once
// Analytic floating-point operation counts of the Transformer, for
// throughput and model-FLOPs-utilisation (MFU) figures.
//
// Convention (that of the PaLM/Chinchilla MFU papers):
//   * only matrix products are counted, 2 FLOPs per multiply-add: the Q/K/V,
//     output, feed-forward and vocabulary projections, and the attention
//     score (q k^T) and context (p v) products;
//   * layer norm, softmax, bias adds, ReLU, dropout, the loss and the
//     embedding gather (a lookup, no arithmetic) are not counted;
//   * padded positions are counted, since the padded tensors are multiplied;
//     attention scores cover every (query, key) pair, causal or not, since the
//     mask is added to a full score matrix; the vocabulary projection counts
//     only `output_tokens` rows (training computes logits for non-pad targets only);
//   * a training step is 3x the forward pass: the backward pass of a matrix
//     product is two products of the same size (gradients of input and weight).
#include <cstdint>
#include <string>

#include "nmt/model/config.h"

namespace nmt::model {

struct ForwardFlops {
  double encoder = 0, decoder = 0, output = 0;
  double total() const { return encoder + decoder + output; }
};

// One teacher-forced forward pass of `rows` sentences padded to src_len
// source and tgt_len target positions, logits for output_tokens positions.
ForwardFlops forward_flops(const ModelConfig& config, int64_t rows, int64_t src_len, int64_t tgt_len,
                           int64_t output_tokens);

// Forward + backward of the same batch (3x forward).
double train_step_flops(const ModelConfig& config, int64_t rows, int64_t src_len, int64_t tgt_len,
                        int64_t output_tokens);

// The machine's matrix-product speed, GFLOP/s: the best of a few n x n
// products through LibTorch on the current intra-op threads, in bfloat16
// when `bf16` (under a quarter of a second for n = 1024 on 2 cores).
double measure_matmul_gflops(int64_t n = 1024, bool bf16 = false);
// The same on `device` (cpu, cuda, cuda:N) in `precision` (fp32, bf16 or
// fp16), each product waited for (a GPU runs them asynchronously).
double measure_matmul_gflops_on(const std::string& device, const std::string& precision, int64_t n);

}  // namespace nmt::model
