// The update step: data-parallel replicas against one thread, dynamic loss
// scaling with injected overflows, and the step on every device and
// precision the machine has against float32 on the CPU.
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/loss_scale.h"
#include "nmt/train/train_options.h"
#include "nmt/train/update_step.h"

namespace nmt::train {
namespace {

using testing::error_message;

model::ModelConfig tiny_config(double dropout) {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 30;
  c.dropout = dropout;
  return c;
}

// rows x len random pairs; some rows end early in padding.
DeviceBatch random_batch(int64_t rows, int64_t len) {
  DeviceBatch b;
  b.src = torch::randint(4, 30, {rows, len});
  b.tgt_in = torch::randint(4, 30, {rows, len});
  b.tgt_in.select(1, 0).fill_(text::kBosId);
  b.tgt_out = torch::randint(4, 30, {rows, len});
  for (int64_t r = 0; r < rows; r += 2) {
    b.src[r].narrow(0, len - 2, 2).fill_(text::kPadId);
    b.tgt_out[r].narrow(0, len - 3, 3).fill_(text::kPadId);
  }
  b.target_tokens = b.tgt_out.ne(text::kPadId).sum().item<int64_t>();
  return b;
}

// Largest difference of the summed gradients, relative to the largest gradient.
double relative_grad_diff(model::Transformer& a, model::Transformer& b) {
  double d = 0, top = 0;
  auto pa = a->parameters(), pb = b->parameters();
  for (size_t i = 0; i < pa.size(); ++i) {
    if (!pa[i].grad().defined() || !pb[i].grad().defined()) return 1e9;
    d = std::max(d, (pa[i].grad() - pb[i].grad()).abs().max().item<double>());
    top = std::max(top, pa[i].grad().abs().max().item<double>());
  }
  return d / top;
}

double max_param_diff(model::Transformer& a, model::Transformer& b) {
  double d = 0;
  auto pa = a->parameters(), pb = b->parameters();
  for (size_t i = 0; i < pa.size(); ++i) d = std::max(d, (pa[i] - pb[i]).abs().max().item<double>());
  return d;
}

TEST(UpdateStepTest, Replicas_GiveTheSameUpdatesAsOneThread) {
  model::set_cpu_threads(1);
  torch::manual_seed(51);
  model::Transformer one(tiny_config(0.0)), two(tiny_config(0.0));
  {
    torch::NoGradGuard no_grad;
    auto p1 = one->parameters(), p2 = two->parameters();
    for (size_t i = 0; i < p1.size(); ++i) p2[i].copy_(p1[i]);
  }
  one->train(), two->train();
  auto opt1 = make_optimizer(one), opt2 = make_optimizer(two);
  Replicas replicas(two, 2);
  ASSERT_EQ(replicas.count(), 2);
  UpdateOptions o;
  o.lr = 1e-3;
  for (int step = 0; step < 3; ++step) {
    // 7 rows: the replicas get 4 and 3; two passes, as --max-pass-tokens makes.
    std::vector<DeviceBatch> passes{random_batch(7, 6), random_batch(3, 5)};
    const auto a = apply_update(one, *opt1, passes, o);
    const auto b = apply_update(two, *opt2, passes, o, &replicas);
    EXPECT_EQ(a.target_tokens, b.target_tokens);
    EXPECT_NEAR(a.loss, b.loss, 1e-5) << "step " << step;
    EXPECT_NEAR(a.nll, b.nll, 1e-3) << "step " << step;
    EXPECT_NEAR(a.grad_norm, b.grad_norm, 1e-5 * a.grad_norm) << "step " << step;
    // The gradients added up from the replicas are the whole batch's. (The
    // weights are compared only through these: Adam's first steps move a
    // weight by about lr whatever the sign of a gradient near zero.)
    EXPECT_LT(relative_grad_diff(one, two), 1e-5) << "step " << step;
  }
  EXPECT_LT(max_param_diff(one, two), 1e-2);
  model::set_cpu_threads(2);
}

TEST(UpdateStepTest, Replicas_WithDropoutAreReproducible) {
  model::set_cpu_threads(1);
  auto run = [] {
    torch::manual_seed(52);
    model::Transformer m(tiny_config(0.3));
    m->train();
    auto opt = make_optimizer(m);
    Replicas replicas(m, 2);
    UpdateOptions o;
    o.lr = 1e-3;
    std::vector<double> losses;
    for (int step = 0; step < 3; ++step) losses.push_back(apply_update(m, *opt, {random_batch(6, 7)}, o, &replicas).loss);
    return std::make_pair(m, losses);
  };
  auto [m1, l1] = run();
  auto [m2, l2] = run();
  EXPECT_EQ(l1, l2) << "two runs from one seed differ";
  EXPECT_EQ(max_param_diff(m1, m2), 0.0);
  model::set_cpu_threads(2);
}

// ------------------------------------------------------------ loss scaling

TEST(LossScaleTest, Scaler_HalvesOnOverflowAndDoublesAfterItsInterval) {
  LossScaleOptions options;
  options.interval = 3;
  LossScaler scaler(options);
  EXPECT_EQ(scaler.scale(), 65536);
  EXPECT_EQ(scaler.update(false), "float16 gradients overflowed at loss scale 65536: skipped, loss scale now 32768");
  EXPECT_EQ(scaler.scale(), 32768);
  EXPECT_EQ(scaler.update(true), "");
  EXPECT_EQ(scaler.update(true), "");
  EXPECT_EQ(scaler.good_in_a_row(), 2);
  // An overflow starts the count again.
  scaler.update(false);
  EXPECT_EQ(scaler.scale(), 16384);
  EXPECT_EQ(scaler.good_in_a_row(), 0);
  scaler.update(true), scaler.update(true);
  EXPECT_EQ(scaler.update(true), "3 updates without overflow; loss scale now 32768");
  EXPECT_EQ(scaler.scale(), 32768);
  EXPECT_EQ(scaler.good_in_a_row(), 0);

  // A checkpoint's state comes back as it was.
  scaler.update(true);
  LossScaler resumed(options);
  resumed.restore(scaler.state());
  EXPECT_EQ(resumed.scale(), 32768);
  EXPECT_EQ(resumed.good_in_a_row(), 1);
  resumed.restore(nullptr);  // a checkpoint without one: unchanged
  EXPECT_EQ(resumed.scale(), 32768);
  EXPECT_NE(error_message([&] { resumed.restore({{"scale", -1}}); }).find("the checkpoint's loss_scale is"),
            std::string::npos);

  // Overflow at every scale: a diverging run, not float16's range.
  LossScaler falling(options);
  for (int i = 0; i < 40 && !falling.exhausted(); ++i) falling.update(false);
  EXPECT_TRUE(falling.exhausted());
  EXPECT_LT(falling.scale(), 1.0 / 65536);
}

// Three copies of one model and optimizer.
struct SameStart {
  std::vector<model::Transformer> models;
  std::vector<std::unique_ptr<torch::optim::Adam>> optimizers;
  SameStart(const model::ModelConfig& config, int count) {
    torch::manual_seed(61);
    model::Transformer first(config);
    for (int i = 0; i < count; ++i) {
      model::Transformer m(config);
      torch::NoGradGuard no_grad;
      auto to = m->parameters(), from = first->parameters();
      for (size_t p = 0; p < to.size(); ++p) to[p].copy_(from[p]);
      m->train();
      models.push_back(m);
      optimizers.push_back(make_optimizer(m));
    }
  }
};

TEST(LossScaleTest, Update_UnderAScaleEqualsTheUnscaledUpdateExactly) {
  // A power-of-two scale multiplies every gradient exactly, and dividing it
  // out gives the unscaled gradients bit for bit (float32, no overflow).
  SameStart start(tiny_config(0.0), 2);
  LossScaler scaler;
  UpdateOptions plain, scaled;
  plain.lr = scaled.lr = 1e-3;
  scaled.scaler = &scaler;
  for (int step = 0; step < 3; ++step) {
    const std::vector<DeviceBatch> passes{random_batch(5, 6), random_batch(3, 4)};
    const auto a = apply_update(start.models[0], *start.optimizers[0], passes, plain);
    const auto b = apply_update(start.models[1], *start.optimizers[1], passes, scaled);
    ASSERT_TRUE(a.applied && b.applied);
    EXPECT_FALSE(b.overflow);
    EXPECT_EQ(a.loss, b.loss) << "step " << step;
    EXPECT_EQ(a.grad_norm, b.grad_norm) << "step " << step;
  }
  EXPECT_EQ(max_param_diff(start.models[0], start.models[1]), 0.0);
  EXPECT_EQ(scaler.scale(), 65536);
  EXPECT_EQ(scaler.good_in_a_row(), 3);
}

TEST(LossScaleTest, Update_InjectedOverflowIsSkippedAndHalvesTheScale) {
  SameStart start(tiny_config(0.0), 2);
  LossScaler scaler;
  UpdateOptions o;
  o.lr = 1e-3, o.scaler = &scaler, o.inf_gradient = true;
  const auto r = apply_update(start.models[0], *start.optimizers[0], {random_batch(4, 5)}, o);
  EXPECT_FALSE(r.applied);
  EXPECT_TRUE(r.overflow);
  EXPECT_TRUE(std::isfinite(r.loss));
  EXPECT_FALSE(std::isfinite(r.grad_norm));
  EXPECT_EQ(r.loss_scale_note, "float16 gradients overflowed at loss scale 65536: skipped, loss scale now 32768");
  EXPECT_EQ(max_param_diff(start.models[0], start.models[1]), 0.0) << "a skipped update moved the weights";
  // The next, finite update goes through at the lowered scale.
  o.inf_gradient = false;
  const auto next = apply_update(start.models[0], *start.optimizers[0], {random_batch(4, 5)}, o);
  EXPECT_TRUE(next.applied);
  EXPECT_EQ(scaler.scale(), 32768);
  // A NaN loss is no overflow: the run's own trouble, counted as a bad step.
  o.poison = true;
  const auto poisoned = apply_update(start.models[0], *start.optimizers[0], {random_batch(4, 5)}, o);
  EXPECT_FALSE(poisoned.applied);
  EXPECT_FALSE(poisoned.overflow);
}

TEST(LossScaleTest, Options_Fp16IsRefusedOnCpuWithAMessage) {
  TrainOptions o;
  o.max_steps = 1, o.fp16 = true;
  auto config = tiny_config(0.0);
  EXPECT_NE(error_message([&] { check_train_options(config, o); })
                .find("--precision fp16 is for CUDA devices (--device cuda): LibTorch's CPU autocast has no float16"),
            std::string::npos);
  o.bf16 = true, o.device = "cuda";
  EXPECT_NE(error_message([&] { check_train_options(config, o); }).find("give one of --bf16 and --fp16"),
            std::string::npos);
  // The JSON form keeps the choice.
  o.bf16.reset();
  EXPECT_TRUE(train_options_from_json(to_json(o)).fp16);
}

// ------------------------------------------------- every device and precision

struct DeviceCase {
  std::string device, precision;
  double loss_tolerance;  // relative, against float32 on the CPU
};

void PrintTo(const DeviceCase& c, std::ostream* os) { *os << c.device << " " << c.precision; }

std::string case_name(const ::testing::TestParamInfo<DeviceCase>& info) {
  return info.param.device + "_" + info.param.precision;
}

DeviceBatch on(const torch::Device& device, DeviceBatch b) {
  b.src = b.src.to(device), b.tgt_in = b.tgt_in.to(device), b.tgt_out = b.tgt_out.to(device);
  return b;
}

class DeviceTest : public ::testing::TestWithParam<DeviceCase> {
 protected:
  void SetUp() override {
    if (GetParam().device != "cpu" && !torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_P(DeviceTest, Update_MatchesFloat32OnTheCpu) {
  const auto& c = GetParam();
  SameStart start(tiny_config(0.0), 2);
  const torch::Device device(c.device);
  start.models[1]->to(device);
  auto optimizer = make_optimizer(start.models[1]);
  LossScaleOptions scaling;
  scaling.initial = 1024;  // the first updates of a fresh model overflow float16 at 65536
  LossScaler scaler(scaling);
  UpdateOptions reference, here;
  reference.lr = here.lr = 1e-3;
  here.bf16 = c.precision == "bf16", here.fp16 = c.precision == "fp16";
  if (here.fp16) here.scaler = &scaler;
  for (int step = 0; step < 2; ++step) {
    const auto batch = random_batch(6, 7);
    const auto a = apply_update(start.models[0], *start.optimizers[0], {batch}, reference);
    const auto b = apply_update(start.models[1], *optimizer, {on(device, batch)}, here);
    ASSERT_TRUE(b.applied) << "step " << step << ": " << b.loss_scale_note;
    EXPECT_NEAR(b.loss, a.loss, c.loss_tolerance * a.loss) << "step " << step;
    // Gradient norms: the products' rounding, amplified by a random model's
    // large gradients; a tenth is far below what a wrong gradient gives.
    EXPECT_NEAR(b.grad_norm, a.grad_norm, 10 * c.loss_tolerance * a.grad_norm + 1e-6) << "step " << step;
  }
}

TEST_P(DeviceTest, Checkpoint_OfWeightsOnTheDeviceRoundTrips) {
  const auto& c = GetParam();
  torch::manual_seed(62);
  const auto config = tiny_config(0.0);
  model::Transformer model(config);
  model->to(torch::Device(c.device));
  auto adam = make_optimizer(model);
  UpdateOptions o;
  o.lr = 1e-3;
  apply_update(model, *adam, {on(torch::Device(c.device), random_batch(3, 4))}, o);  // Adam's moments exist
  const auto dir = std::filesystem::temp_directory_path() / ("nmt_device_ckpt_" + c.device + "_" + c.precision);
  std::filesystem::create_directories(dir);
  const auto path = (dir / "ckpt.pt").string();
  CheckpointInfo info;
  info.step = 1;
  info.config = {{"model", model::to_json(config)}, {"train", nlohmann::json::object()}};
  info.src_vocab = info.tgt_vocab = "vocab";
  info.with_rng_state = true;
  save_checkpoint(path, model, adam.get(), info);
  auto loaded = load_checkpoint(path);  // onto the CPU
  auto saved = model->parameters(), back = loaded.model->parameters();
  ASSERT_EQ(saved.size(), back.size());
  for (size_t i = 0; i < saved.size(); ++i) EXPECT_TRUE(torch::equal(saved[i].cpu(), back[i])) << "parameter " << i;
  loaded.model->to(torch::Device(c.device));
  auto restored = make_optimizer(loaded.model);
  load_optimizer_state(path, *restored, torch::Device(c.device));
  restore_rng_state(path, torch::Device(c.device));
  EXPECT_EQ(restored->state().size(), adam->state().size());
  std::filesystem::remove_all(dir);
}

// Tolerances: float32 on a GPU sums in another order (1e-4 of the loss);
// bfloat16 keeps 8 bits of mantissa and float16 11 (their products' rounding
// moves a loss near log(30) by under 1% and 0.2%).
INSTANTIATE_TEST_SUITE_P(EveryDevice, DeviceTest,
                         ::testing::Values(DeviceCase{"cpu", "fp32", 1e-5}, DeviceCase{"cpu", "bf16", 2e-2},
                                           DeviceCase{"cuda", "fp32", 1e-4}, DeviceCase{"cuda", "bf16", 2e-2},
                                           DeviceCase{"cuda", "fp16", 5e-3}),
                         case_name);

}  // namespace
}  // namespace nmt::train
