#include "nmt/model/flops.h"

namespace nmt::model {

ForwardFlops forward_flops(const ModelConfig& c, int64_t rows, int64_t src_len, int64_t tgt_len,
                           int64_t output_tokens) {
  const double B = static_cast<double>(rows), S = static_cast<double>(src_len), T = static_cast<double>(tgt_len);
  const double D = static_cast<double>(c.d_model), F = static_cast<double>(c.ffn);
  // 2 * m * k * n for an (m, k) x (k, n) product. Attention over h heads of
  // dk = D / h: scores (B h, Tq, dk) x (B h, dk, Tk) and context
  // (B h, Tq, Tk) x (B h, Tk, dk) are each 2 * B * Tq * Tk * D.
  auto mm = [](double m, double k, double n) { return 2 * m * k * n; };
  auto attention_products = [&](double tq, double tk) { return 2 * mm(B * tq, tk, D); };
  auto feed_forward = [&](double tokens) { return mm(tokens, D, F) + mm(tokens, F, D); };

  const double encoder_layer = mm(B * S, D, 3 * D)         // fused Q/K/V
                               + attention_products(S, S)  // scores + context
                               + mm(B * S, D, D)           // output projection
                               + feed_forward(B * S);
  const double decoder_layer = mm(B * T, D, 3 * D) + attention_products(T, T) + mm(B * T, D, D)  // self
                               + mm(B * T, D, D) + mm(B * S, D, 2 * D)  // cross: Q, fused K/V of the memory
                               + attention_products(T, S) + mm(B * T, D, D)
                               + feed_forward(B * T);
  ForwardFlops f;
  f.encoder = static_cast<double>(c.encoder_layers) * encoder_layer;
  f.decoder = static_cast<double>(c.decoder_layers) * decoder_layer;
  f.output = mm(static_cast<double>(output_tokens), D, static_cast<double>(c.tgt_vocab));
  return f;
}

double train_step_flops(const ModelConfig& config, int64_t rows, int64_t src_len, int64_t tgt_len,
                        int64_t output_tokens) {
  return 3 * forward_flops(config, rows, src_len, tgt_len, output_tokens).total();
}

}  // namespace nmt::model
