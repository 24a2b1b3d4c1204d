// Loss and learning-rate schedule against hand computations; checkpoints.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "error_message.h"
#include "text/test_support.h"
#include "nmt/common/error.h"
#include "nmt/decode/translator.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/loss.h"
#include "nmt/train/schedule.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

using nmt::testing::error_message;
using nmt::testing::TempDir;
using nmt::testing::write_file;

// ---------------------------------------------------------------- loss

// Per-row -log softmax(logits)[j] in double, by hand.
std::vector<std::vector<double>> neg_log_probs(const torch::Tensor& logits) {
  auto a = logits.accessor<float, 2>();
  std::vector<std::vector<double>> out(logits.size(0));
  for (int64_t i = 0; i < logits.size(0); ++i) {
    double max_x = -1e300, total = 0;
    for (int64_t j = 0; j < logits.size(1); ++j) max_x = std::max<double>(max_x, a[i][j]);
    for (int64_t j = 0; j < logits.size(1); ++j) total += std::exp(a[i][j] - max_x);
    for (int64_t j = 0; j < logits.size(1); ++j) out[i].push_back(-(a[i][j] - max_x - std::log(total)));
  }
  return out;
}

TEST(LossTest, Loss_LabelSmoothingMatchesFormula) {
  torch::manual_seed(41);
  const int64_t N = 5, V = 7;
  auto logits = torch::randn({N, V}) * 3;
  auto targets = torch::tensor({0, 6, 3, 3, 1}, torch::kLong);
  auto nlp = neg_log_probs(logits);
  double nll = 0, mean_nlp = 0;
  for (int64_t i = 0; i < N; ++i) {
    nll += nlp[i][targets[i].item<int64_t>()];
    for (int64_t j = 0; j < V; ++j) mean_nlp += nlp[i][j] / V;
  }

  auto plain = label_smoothed_cross_entropy(logits, targets, 0.0);
  EXPECT_NEAR(plain.loss.item<double>(), nll, 1e-5 * nll);
  EXPECT_NEAR(plain.nll.item<double>(), nll, 1e-5 * nll);

  const double eps = 0.1;
  const double smoothed = (1 - eps) * nll + eps * mean_nlp;
  auto sums = label_smoothed_cross_entropy(logits, targets, eps);
  EXPECT_NEAR(sums.loss.item<double>(), smoothed, 1e-5 * smoothed);
  EXPECT_NEAR(sums.nll.item<double>(), nll, 1e-5 * nll) << "nll must stay the plain NLL under smoothing";
  EXPECT_FALSE(sums.nll.requires_grad());

  // And torch's own label-smoothed cross-entropy, a second reference.
  namespace F = torch::nn::functional;
  auto reference = F::cross_entropy(logits, targets, F::CrossEntropyFuncOptions().label_smoothing(eps).reduction(torch::kSum));
  EXPECT_NEAR(sums.loss.item<double>(), reference.item<double>(), 1e-5 * smoothed);
}

TEST(LossTest, Loss_ExcludedIdsLeaveTheSmoothingShare) {
  // An imported model's ids it never outputs (logit -1e9) take no share of
  // the smoothing: the loss is that of the same logits without their columns,
  // computed by the plain loop over the kept ids.
  torch::manual_seed(43);
  const int64_t N = 4, V = 6;
  auto logits = torch::randn({N, V}) * 2;
  logits.index_put_({torch::indexing::Slice(), 0}, -1e9);
  logits.index_put_({torch::indexing::Slice(), 2}, -1e9);
  auto targets = torch::tensor({1, 5, 3, 4}, torch::kLong);
  const auto excluded = torch::tensor({0, 2}, torch::kLong);
  const std::vector<int64_t> kept = {1, 3, 4, 5};
  auto nlp = neg_log_probs(logits.index_select(1, torch::tensor(kept, torch::kLong)));
  const double eps = 0.1;
  double expected = 0;
  for (int64_t i = 0; i < N; ++i) {
    const auto column = std::find(kept.begin(), kept.end(), targets[i].item<int64_t>()) - kept.begin();
    double mean = 0;
    for (size_t j = 0; j < kept.size(); ++j) mean += nlp[i][j] / static_cast<double>(kept.size());
    expected += (1 - eps) * nlp[i][column] + eps * mean;
  }
  auto sums = label_smoothed_cross_entropy(logits, targets, eps, excluded);
  EXPECT_NEAR(sums.loss.item<double>(), expected, 1e-5 * expected);
  // Without the exclusion the -1e9 logits dominate: eps * 2e9 / V per token.
  EXPECT_GT(label_smoothed_cross_entropy(logits, targets, eps).loss.item<double>(), 1e7);
}

TEST(LossTest, Loss_GradientFlowsToLogits) {
  auto logits = torch::randn({3, 5}, torch::requires_grad());
  auto targets = torch::tensor({1, 2, 4}, torch::kLong);
  label_smoothed_cross_entropy(logits, targets, 0.1).loss.backward();
  // d/dlogits of (1-eps) nll + eps mean(-logp) = softmax - ((1-eps) onehot + eps/V)
  auto expected = torch::softmax(logits.detach(), -1) - 0.1 / 5;
  for (int i = 0; i < 3; ++i) expected[i][targets[i].item<int64_t>()] -= 0.9;
  EXPECT_TRUE(torch::allclose(logits.grad(), expected, 1e-5, 1e-6));
}

// ---------------------------------------------------------------- schedule

TEST(ScheduleTest, Schedule_WarmupThenInverseSqrt) {
  // d_model 512, warmup 4000, scale 1, worked out by hand:
  //   step 1:      512^-0.5 * 4000^-1.5          = 1.746928107e-07
  //   step 4000:   (512 * 4000)^-0.5             = 6.987712430e-04 (the peak)
  //   step 16000:  (512 * 16000)^-0.5            = 3.493856215e-04 (half the peak)
  EXPECT_NEAR(inverse_sqrt_lr(1, 512, 4000, 1.0), 1.746928107421711e-07, 1e-16);
  EXPECT_NEAR(inverse_sqrt_lr(4000, 512, 4000, 1.0), 6.987712429686843e-04, 1e-12);
  EXPECT_NEAR(inverse_sqrt_lr(16000, 512, 4000, 1.0), 3.4938562148434214e-04, 1e-12);
  // Linear in the warm-up, scaled by `scale`: d_model 64, warmup 300, scale 2, step 100.
  EXPECT_NEAR(inverse_sqrt_lr(100, 64, 300, 2.0), 0.004811252243246881, 1e-12);
  EXPECT_DOUBLE_EQ(inverse_sqrt_lr(0, 512, 4000, 1.0), inverse_sqrt_lr(1, 512, 4000, 1.0));
  EXPECT_LT(inverse_sqrt_lr(3999, 512, 4000, 1.0), inverse_sqrt_lr(4000, 512, 4000, 1.0));
  EXPECT_LT(inverse_sqrt_lr(4001, 512, 4000, 1.0), inverse_sqrt_lr(4000, 512, 4000, 1.0));
}

// ---------------------------------------------------------------- checkpoints

model::ModelConfig tiny_config() {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 24;
  c.max_positions = 64;
  return c;
}

CheckpointInfo info_for(const model::ModelConfig& c, int64_t step) {
  CheckpointInfo info;
  info.step = step;
  info.epoch = 2;
  info.config = {{"model", model::to_json(c)}, {"train", nlohmann::json::object()}};
  info.src_vocab = std::string("src\0vocab bytes", 15);
  info.tgt_vocab = "tgt vocab bytes";
  return info;
}

std::vector<std::vector<decode::Hypothesis>> translate(model::Transformer model, int64_t beam) {
  decode::Translator translator(model, torch::kCPU);
  decode::TranslateOptions o;
  o.search.beam = beam;
  return translator.translate({{5, 6, 7, 8}, {9}, {10, 11, 12, 13, 14, 15, 16}}, o);
}

TEST(CheckpointTest, Checkpoint_SaveLoadGivesIdenticalTranslations) {
  torch::set_num_threads(2);
  TempDir dir;
  torch::manual_seed(42);
  const auto config = tiny_config();
  model::Transformer model(config);
  const auto path = dir.file(checkpoint_name(7));
  save_checkpoint(path, model, nullptr, info_for(config, 7));

  auto loaded = load_checkpoint(path);
  EXPECT_EQ(loaded.path, path);
  EXPECT_EQ(loaded.info.step, 7);
  EXPECT_EQ(loaded.info.epoch, 2);
  EXPECT_EQ(loaded.info.config, info_for(config, 7).config);
  EXPECT_EQ(loaded.info.src_vocab, std::string("src\0vocab bytes", 15));
  EXPECT_EQ(loaded.info.tgt_vocab, "tgt vocab bytes");
  EXPECT_EQ(model::to_json(loaded.model_config), model::to_json(config));

  auto saved_params = model->named_parameters();
  auto loaded_params = loaded.model->named_parameters();
  ASSERT_EQ(saved_params.size(), loaded_params.size());
  for (const auto& p : saved_params) {
    ASSERT_TRUE(loaded_params.contains(p.key())) << p.key();
    EXPECT_TRUE(torch::equal(p.value(), loaded_params[p.key()])) << p.key();
  }

  for (int64_t beam : {1, 3}) {
    auto before = translate(model, beam), after = translate(loaded.model, beam);
    ASSERT_EQ(before.size(), after.size());
    for (size_t i = 0; i < before.size(); ++i) {
      EXPECT_EQ(before[i][0].tokens, after[i][0].tokens) << "beam " << beam << ", sentence " << i;
      EXPECT_EQ(before[i][0].score, after[i][0].score) << "beam " << beam << ", sentence " << i;
    }
  }

  // Writing over it goes through a temporary file that does not stay behind.
  save_checkpoint(path, model, nullptr, info_for(config, 8));
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
  EXPECT_EQ(load_checkpoint(path).info.step, 8);
}

TEST(CheckpointTest, Checkpoint_OptimizerStateRoundTrips) {
  TempDir dir;
  torch::manual_seed(43);
  const auto config = tiny_config();
  model::Transformer model(config);
  torch::optim::Adam adam(model->parameters(), torch::optim::AdamOptions(1e-3));
  auto out = model->forward(torch::tensor({{5, 6, 3}}, torch::kLong), torch::tensor({{2, 7}}, torch::kLong));
  out.sum().backward();
  adam.step();
  const auto path = dir.file("ckpt.pt");
  save_checkpoint(path, model, &adam, info_for(config, 1));

  auto loaded = load_checkpoint(path);
  torch::optim::Adam restored(loaded.model->parameters(), torch::optim::AdamOptions(1e-3));
  load_optimizer_state(path, restored);
  ASSERT_EQ(restored.state().size(), adam.state().size());
  // Every parameter's first and second moments came back. Compared as sorted
  // sums, not by key: LibTorch's state keys differ between versions.
  auto moments = [](torch::optim::Adam& optimizer) {
    std::vector<std::pair<double, double>> out;
    for (const auto& entry : optimizer.state()) {
      const auto& state = static_cast<const torch::optim::AdamParamState&>(*entry.second);
      out.emplace_back(state.exp_avg().sum().item<double>(), state.exp_avg_sq().sum().item<double>());
      EXPECT_EQ(state.step(), 1);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const auto saved_moments = moments(adam), loaded_moments = moments(restored);
  ASSERT_EQ(saved_moments.size(), loaded_moments.size());
  for (size_t i = 0; i < saved_moments.size(); ++i) {
    EXPECT_EQ(saved_moments[i], loaded_moments[i]) << "parameter " << i;
  }
  EXPECT_GT(saved_moments.back().second, 0.0);  // the moments are not all zero

  // A checkpoint saved without optimizer: a message naming the file.
  const auto bare = dir.file("bare.pt");
  save_checkpoint(bare, model, nullptr, info_for(config, 1));
  torch::optim::Adam fresh(model->parameters(), torch::optim::AdamOptions(1e-3));
  const auto message = error_message([&] { load_optimizer_state(bare, fresh); });
  EXPECT_NE(message.find(bare), std::string::npos) << message;
}

TEST(CheckpointTest, Checkpoint_CorruptFileGivesClearError) {
  TempDir dir;
  torch::manual_seed(44);
  const auto config = tiny_config();
  model::Transformer model(config);
  const auto good = dir.file("good.pt");
  save_checkpoint(good, model, nullptr, info_for(config, 1));
  const auto bytes = read_bytes(good);
  ASSERT_GT(bytes.size(), 1000u);

  const auto truncated = dir.file("truncated.pt");
  write_file(truncated, bytes.substr(0, bytes.size() / 2));
  auto message = error_message([&] { load_checkpoint(truncated); });
  EXPECT_NE(message.find(truncated), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << "one line, no stack trace: " << message;

  const auto noise = dir.file("noise.pt");
  std::mt19937 rng(7);
  std::string random_bytes(4096, '\0');
  for (auto& c : random_bytes) c = static_cast<char>(rng() & 0xff);
  write_file(noise, random_bytes);
  message = error_message([&] { load_checkpoint(noise); });
  EXPECT_NE(message.find(noise), std::string::npos) << message;

  const auto missing = dir.file("missing.pt");
  message = error_message([&] { load_checkpoint(missing); });
  EXPECT_NE(message.find(missing), std::string::npos) << message;
  EXPECT_NE(message.find("does not exist"), std::string::npos) << message;

}

// A checkpoint whose config disagrees with its weights (written by another
// tool, or edited by hand) must be refused, not run with shapes the config
// does not describe.
TEST(CheckpointTest, Checkpoint_WeightsNotMatchingConfigAreAnError) {
  TempDir dir;
  torch::manual_seed(45);
  const auto config = tiny_config();
  model::Transformer model(config);
  // Another layer count: keys are missing.
  auto deeper = config;
  deeper.encoder_layers = 3;
  const auto missing_keys = dir.file("deeper.pt");
  save_checkpoint(missing_keys, model, nullptr, info_for(deeper, 1));
  auto message = error_message([&] { load_checkpoint(missing_keys); });
  EXPECT_NE(message.find(missing_keys), std::string::npos) << message;

  // Another feed-forward width: every key is there, with other shapes.
  auto narrower = config;
  narrower.ffn = 128;
  const auto other_shapes = dir.file("narrower.pt");
  save_checkpoint(other_shapes, model, nullptr, info_for(narrower, 1));
  message = error_message([&] {
    auto loaded = load_checkpoint(other_shapes);
    std::cout << "loaded with model.ffn = " << loaded.model_config.ffn << " but encoder.0.ffn.w1.weight of shape "
              << loaded.model->named_parameters()["encoder.0.ffn.w1.weight"].sizes() << "\n";
  });
  EXPECT_NE(message.find(other_shapes), std::string::npos) << message;
  EXPECT_NE(message.find("ffn.w1"), std::string::npos) << message;
}

TEST(CheckpointTest, Checkpoint_RunDirectoryBookkeeping) {
  TempDir dir;
  auto message = error_message([&] { resolve_checkpoint(dir.path()); });
  EXPECT_NE(message.find(dir.path()), std::string::npos) << message;
  EXPECT_EQ(latest_checkpoint(dir.path()), "");
  message = error_message([&] { resolve_checkpoint(dir.file("nothing-here")); });
  EXPECT_NE(message.find("nothing-here"), std::string::npos) << message;

  EXPECT_EQ(checkpoint_name(1200), "checkpoint-00001200.pt");
  // Names only matter here: empty files stand in for checkpoints. Step 100
  // is the latest although it sorts before 20 as text without padding.
  for (const char* name : {"checkpoint-00000005.pt", "checkpoint-100.pt", "checkpoint-00000020.pt",
                           "checkpoint-00000900.pt.tmp", "notes.txt", "model.pt"}) {
    write_file(dir.file(name), "");
  }
  EXPECT_EQ(latest_checkpoint(dir.path()), dir.file("checkpoint-100.pt"));
  EXPECT_EQ(resolve_checkpoint(dir.path()), dir.file("checkpoint-100.pt"));
  EXPECT_EQ(resolve_checkpoint(dir.file("model.pt")), dir.file("model.pt"));

  prune_checkpoints(dir.path(), 2);
  EXPECT_FALSE(fs::exists(dir.file("checkpoint-00000005.pt")));
  EXPECT_TRUE(fs::exists(dir.file("checkpoint-00000020.pt")));
  EXPECT_TRUE(fs::exists(dir.file("checkpoint-100.pt")));
  for (const char* kept : {"checkpoint-00000900.pt.tmp", "notes.txt", "model.pt"}) {
    EXPECT_TRUE(fs::exists(dir.file(kept))) << kept << " is not a checkpoint and must be left alone";
  }
  prune_checkpoints(dir.path(), 1);
  EXPECT_FALSE(fs::exists(dir.file("checkpoint-00000020.pt")));
  EXPECT_TRUE(fs::exists(dir.file("checkpoint-100.pt")));
}

}  // namespace
}  // namespace nmt::train
