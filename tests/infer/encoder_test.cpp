// The CPU engine's encoder against model::Transformer::encode: random
// models, pre- and post-norm, relu and swish, rows of different lengths.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/infer/encoder.h"
#include "nmt/infer/from_model.h"

namespace nmt::infer {
namespace {

model::ModelConfig small_config(bool pre_norm, const std::string& activation) {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 40;
  c.d_model = 48, c.heads = 4, c.ffn = 80, c.encoder_layers = 2, c.decoder_layers = 2;
  c.pre_norm = pre_norm, c.activation = activation;
  c.max_positions = 64;
  return c;
}

// Rows of ids 4..39 followed by padding (0), of the given lengths.
torch::Tensor sources(const std::vector<int64_t>& lengths, int64_t length) {
  auto ids = torch::randint(4, 40, {static_cast<int64_t>(lengths.size()), length}, torch::kLong);
  for (size_t r = 0; r < lengths.size(); ++r) ids[r].narrow(0, lengths[r], length - lengths[r]).fill_(0);
  return ids;
}

class EncoderTest : public ::testing::TestWithParam<std::tuple<bool, std::string>> {};

TEST_P(EncoderTest, MatchesTheModelsEncoderAtEveryRealPosition) {
  const auto [pre_norm, activation] = GetParam();
  torch::manual_seed(7);
  model::Transformer model(small_config(pre_norm, activation));
  model->eval();
  torch::NoGradGuard no_grad;
  // Random layer-norm weights too, so that a swapped gamma/beta shows.
  for (auto& p : model->named_parameters()) {
    if (p.key().find("norm") != std::string::npos) p.value().uniform_(-1.5, 1.5);
  }
  const std::vector<int64_t> lengths = {9, 3, 1, 7};
  const int64_t length = 9;
  const auto ids = sources(lengths, length);
  const auto expected = model->encode(ids, model::padding_bias(ids));  // (4, 9, D)

  const auto weights = weights_from(model);
  Encoder encoder(weights);
  const int64_t d = weights.config.d_model;
  std::vector<float> got(lengths.size() * length * d);
  for (int pass = 0; pass < 2; ++pass) {  // the second reuses the buffers
    encoder.encode(ids.data_ptr<int64_t>(), static_cast<int64_t>(lengths.size()), length, lengths.data(), got.data());
    double worst = 0;
    for (size_t r = 0; r < lengths.size(); ++r) {
      for (int64_t t = 0; t < lengths[r]; ++t) {
        for (int64_t i = 0; i < d; ++i) {
          const double e = expected[r][t][i].item<float>(), g = got[(r * length + t) * d + i];
          worst = std::max(worst, std::abs(g - e) / std::max(1.0, std::abs(e)));
        }
      }
    }
    EXPECT_LT(worst, 1e-5) << "pass " << pass;
    std::cout << "encoder vs LibTorch, pre_norm " << pre_norm << " " << activation << ": max relative diff " << worst
              << "\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, EncoderTest,
                         ::testing::Values(std::make_tuple(true, std::string("relu")),
                                           std::make_tuple(false, std::string("relu")),
                                           std::make_tuple(true, std::string("swish"))));

TEST(Encoder, RefusesAnEmptyOrOverlongRow) {
  torch::manual_seed(8);
  model::Transformer model(small_config(true, "relu"));
  const auto weights = weights_from(model);
  Encoder encoder(weights);
  const std::vector<int64_t> ids(2 * 3, 5), lengths = {3, 0};
  std::vector<float> out(2 * 3 * weights.config.d_model);
  EXPECT_NE(nmt::testing::error_message([&] { encoder.encode(ids.data(), 2, 3, lengths.data(), out.data()); })
                .find("source row 1 has length 0, outside 1..3"),
            std::string::npos);
}

}  // namespace
}  // namespace nmt::infer
