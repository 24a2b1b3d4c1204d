// The moving average of the weights (--ema), averaging a run's last
// checkpoints (--average-last), and the options that choose themselves.
#include <filesystem>
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/model/config.h"
#include "nmt/text/vocab.h"
#include "nmt/train/auto_options.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/ema.h"
#include "nmt/train/trainer.h"
#include "text/test_support.h"
#include "train/train_support.h"

namespace fs = std::filesystem;

namespace nmt::train {
namespace {

using nmt::testing::english_lines;
using nmt::testing::english_vocab;
using nmt::testing::error_message;
using nmt::testing::TempDir;
using nmt::testing::tiny_model;

TrainData copy_task(const TempDir& dir, size_t lines) {
  std::string tsv;
  for (size_t i = 0; i < lines; ++i) tsv += english_lines()[i] + "\t" + english_lines()[i] + "\n";
  nmt::testing::write_file(dir.file("train.tsv"), tsv);
  TrainData data;
  data.train.paths = {dir.file("train.tsv")};
  return data;
}

TrainOptions pinned_options() {
  TrainOptions o;
  o.batch_tokens = 512, o.warmup = 20, o.lr = 1.0, o.log_every = 1, o.valid_every = 0, o.save_every = 0;
  o.threads = 2, o.seed = 7, o.replicas = 1, o.bf16 = false;
  o.lr_schedule = "inverse-sqrt";
  return o;
}

struct Run {
  TrainResult result;
  std::vector<double> losses;
  std::vector<std::string> messages;
};

Run train(const std::string& dir, const TrainOptions& options, const TrainData& data) {
  Run run;
  TrainCallbacks callbacks;
  callbacks.on_step = [&](const StepReport& r) { run.losses.push_back(r.loss); };
  callbacks.message = [&](const std::string& line) { run.messages.push_back(line); };
  nlohmann::json config = {{"model", model::to_json(tiny_model())}, {"train", to_json(options)}};
  run.result = train_model(tiny_model(), options, data, english_vocab(), english_vocab(), dir, config, callbacks);
  return run;
}

std::vector<torch::Tensor> weights(const model::Transformer& m) {
  std::vector<torch::Tensor> out;
  for (const auto& p : m->parameters()) out.push_back(p.detach().clone());
  return out;
}

bool same(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!torch::equal(a[i], b[i])) return false;
  return true;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  return all;
}

TEST(EmaTest, Ema_FollowsTheFormulaWithItsEarlyDecay) {
  model::Transformer m(tiny_model());
  torch::NoGradGuard no_grad;
  for (auto& p : m->parameters()) p.fill_(1.0);
  Ema ema(m, 0.9);
  EXPECT_DOUBLE_EQ(ema.decay_at(1), 2.0 / 11.0);
  EXPECT_DOUBLE_EQ(ema.decay_at(1000), 0.9);
  // A plain loop of the same recurrence, in double.
  double expected = 1.0;
  for (int64_t step = 1; step <= 40; ++step) {
    const double w = static_cast<double>(step) * 0.5;
    for (auto& p : m->parameters()) p.fill_(w);
    ema.update(m, step);
    const double d = std::min(0.9, (1.0 + static_cast<double>(step)) / (10.0 + static_cast<double>(step)));
    expected = d * expected + (1 - d) * w;
  }
  for (const auto& p : ema.model()->parameters()) {
    EXPECT_NEAR(p.max().item<double>(), expected, 1e-4 * expected);
    EXPECT_NEAR(p.min().item<double>(), expected, 1e-4 * expected);
  }
  EXPECT_NE(error_message([&] { Ema bad(m, 1.0); }).find("--ema must be between 0 and 1"), std::string::npos);
}

TEST(EmaTest, Trainer_EmaRunResumesExactly) {
  TempDir corpus;
  const auto data = copy_task(corpus, 300);
  auto options = pinned_options();
  options.ema = 0.95;
  options.max_steps = 30;
  TempDir whole, parts;
  const auto straight = train(whole.file("run"), options, data);
  options.max_steps = 13;
  const auto first = train(parts.file("run"), options, data);
  options.max_steps = 30;
  const auto second = train(parts.file("run"), options, data);
  std::vector<double> resumed = first.losses;
  resumed.insert(resumed.end(), second.losses.begin(), second.losses.end());
  ASSERT_EQ(resumed.size(), straight.losses.size());
  for (size_t i = 0; i < resumed.size(); ++i) EXPECT_EQ(resumed[i], straight.losses[i]) << "step " << i + 1;

  // Both the average (the checkpoint's model) and the training weights are
  // the uninterrupted run's, bit for bit, and they differ from each other.
  const auto a = load_checkpoint(whole.file("run/checkpoint-00000030.pt"), true);
  const auto b = load_checkpoint(parts.file("run/checkpoint-00000030.pt"), true);
  EXPECT_TRUE(same(weights(a.model), weights(b.model)));
  ASSERT_TRUE(a.training_weights && b.training_weights);
  const auto ta = a.training_weights, tb = b.training_weights;
  EXPECT_TRUE(same(weights(ta), weights(tb)));
  EXPECT_FALSE(load_checkpoint(a.path).training_weights) << "read only when asked for";
  EXPECT_FALSE(same(weights(a.model), weights(ta)));

  // The training weights are what a run without --ema would have: its
  // losses are the same (the average never feeds back into training).
  TempDir plain;
  options.ema = 0;
  const auto without = train(plain.file("run"), options, data);
  ASSERT_EQ(without.losses.size(), straight.losses.size());
  for (size_t i = 0; i < without.losses.size(); ++i) EXPECT_EQ(without.losses[i], straight.losses[i]);
  const auto p = load_checkpoint(plain.file("run/checkpoint-00000030.pt"), true);
  EXPECT_FALSE(p.training_weights);
  EXPECT_TRUE(same(weights(p.model), weights(ta)));

  // Resuming an --ema run without it goes on from the training weights.
  options.max_steps = 31;
  const auto dropped = train(parts.file("run"), options, data);
  EXPECT_NE(joined(dropped.messages).find("moving average of"), std::string::npos) << joined(dropped.messages);
  EXPECT_EQ(dropped.losses.size(), 1u);
}

TEST(EmaTest, Trainer_AverageLastIsTheRunsFinalModel) {
  TempDir corpus, dir;
  const auto data = copy_task(corpus, 300);
  auto options = pinned_options();
  options.max_steps = 15, options.save_every = 5, options.keep_checkpoints = 3, options.average_last = 3;
  const auto run = train(dir.file("run"), options, data);
  const std::string average = dir.file("run/average-00000015.pt");
  ASSERT_TRUE(fs::exists(average)) << joined(run.messages);
  EXPECT_EQ(resolve_checkpoint(dir.file("run")), average);
  EXPECT_NE(joined(run.messages).find("average of the last 3 checkpoints (steps 5, 10, 15)"), std::string::npos)
      << joined(run.messages);
  // The mean of the three checkpoints, by a plain loop.
  std::vector<std::vector<torch::Tensor>> each;
  for (int step : {5, 10, 15}) each.push_back(weights(load_checkpoint(dir.file("run/" + checkpoint_name(step))).model));
  const auto averaged = weights(load_checkpoint(average).model);
  for (size_t i = 0; i < averaged.size(); ++i) {
    const auto mean = (each[0][i].to(torch::kDouble) + each[1][i].to(torch::kDouble) + each[2][i].to(torch::kDouble)) / 3;
    EXPECT_TRUE(torch::allclose(averaged[i].to(torch::kDouble), mean, 1e-6, 1e-7)) << i;
  }
  // Training on: the run directory means the newest checkpoint, then its new average.
  options.max_steps = 20, options.average_last = 0;
  train(dir.file("run"), options, data);
  EXPECT_EQ(resolve_checkpoint(dir.file("run")), dir.file("run/checkpoint-00000020.pt"));
  options.max_steps = 25, options.average_last = 2;
  train(dir.file("run"), options, data);
  EXPECT_EQ(resolve_checkpoint(dir.file("run")), dir.file("run/average-00000025.pt"));
  EXPECT_FALSE(fs::exists(average));

  options.average_last = 4;
  EXPECT_NE(error_message([&] { check_train_options(tiny_model(), options); })
                .find("--average-last 4 needs that many checkpoints kept, but --keep-checkpoints is 3"),
            std::string::npos);
}

TEST(AutoOptionsTest, Hardware_ChoosesReplicasAndBf16AndSaysSo) {
  TrainOptions o;  // replicas 0, bf16 unset: auto
  auto c = choose_hardware(o, 2, "cpu", true);
  EXPECT_EQ(c.replicas, 2);
  EXPECT_TRUE(c.bf16);
  EXPECT_NE(c.note.find("--replicas 2"), std::string::npos) << c.note;
  EXPECT_NE(c.note.find("--bf16 on (the CPU multiplies bfloat16 natively)"), std::string::npos) << c.note;
  c = choose_hardware(o, 2, "cpu", false);
  EXPECT_FALSE(c.bf16);
  EXPECT_NE(c.note.find("--bf16 off (the CPU has no native bfloat16"), std::string::npos) << c.note;
  EXPECT_EQ(choose_hardware(o, 6, "cpu", true).replicas, 3);
  EXPECT_EQ(choose_hardware(o, 16, "cpu", true).replicas, 4);
  EXPECT_EQ(choose_hardware(o, 1, "cpu", true).replicas, 1);
  c = choose_hardware(o, 8, "cuda", true);
  EXPECT_EQ(c.replicas, 1);
  EXPECT_TRUE(c.bf16);
  EXPECT_NE(c.note.find("--bf16 on (cuda multiplies bfloat16 natively)"), std::string::npos) << c.note;
  c = choose_hardware(o, 8, "cuda:1", false);
  EXPECT_FALSE(c.bf16);
  EXPECT_NE(c.note.find("--bf16 off (cuda:1 has no native bfloat16: compute capability below 8)"), std::string::npos)
      << c.note;
  EXPECT_FALSE(device_has_native_bf16("cuda") && !at::hasCUDA());
  // --fp16 is a choice made: bf16 stays off.
  o.fp16 = true;
  EXPECT_FALSE(choose_hardware(o, 8, "cuda", true).bf16);
  o.fp16 = false;
  // Given values stay, and then nothing is said.
  o.replicas = 1, o.bf16 = false;
  c = choose_hardware(o, 2, "cpu", true);
  EXPECT_EQ(c.replicas, 1);
  EXPECT_FALSE(c.bf16);
  EXPECT_EQ(c.note, "");
}

TEST(AutoOptionsTest, VocabLayout_OnePerSideWhenExactlyOneSideHasALargeScript) {
  // English against Chinese: one vocabulary per side, and auto says why.
  auto layout = choose_vocab_layout("auto", 19, 2408);
  EXPECT_TRUE(layout.separate);
  EXPECT_EQ(layout.note,
            "auto: --vocab-sides separate (the target has 2408 distinct characters, the source 19: one vocabulary "
            "per side, so that the target's characters leave the source's merges their pieces; embeddings not tied)");
  EXPECT_TRUE(choose_vocab_layout("auto", 3000, 80).separate);
  EXPECT_NE(choose_vocab_layout("auto", 3000, 80).note.find("the source has 3000 distinct characters, the target 80"),
            std::string::npos);
  // Two alphabets, or two large scripts (Chinese and Japanese): one joint vocabulary, nothing said.
  layout = choose_vocab_layout("auto", 90, 120);
  EXPECT_FALSE(layout.separate);
  EXPECT_EQ(layout.note, "");
  EXPECT_FALSE(choose_vocab_layout("auto", 2500, 4000).separate);
  EXPECT_FALSE(choose_vocab_layout("auto", text::kLargeAlphabet, 80).separate);  // at the bound: an alphabet
  // Given choices stay, and then nothing is said.
  EXPECT_FALSE(choose_vocab_layout("joint", 19, 2408).separate);
  EXPECT_TRUE(choose_vocab_layout("separate", 50, 60).separate);
  EXPECT_EQ(choose_vocab_layout("separate", 50, 60).note, "");
  EXPECT_NE(error_message([] { choose_vocab_layout("both", 1, 1); })
                .find("data.vocab_sides must be auto, joint or separate, got 'both'"),
            std::string::npos);
}

TEST(AutoOptionsTest, Warmup_ScalesWithTheBudget) {
  EXPECT_EQ(auto_warmup(0), kMaxAutoWarmup);
  EXPECT_EQ(auto_warmup(100), 60);
  EXPECT_EQ(auto_warmup(50), kMinAutoWarmup);
  EXPECT_EQ(auto_warmup(3000), 1800);
  EXPECT_EQ(auto_warmup(3870), 2300);  // 2322, to two significant digits
  EXPECT_EQ(auto_warmup(1234), 740);   // 740.4
  EXPECT_EQ(auto_warmup(12345), kMaxAutoWarmup);
  EXPECT_EQ(auto_warmup(1000000), kMaxAutoWarmup);
  // The scale puts the paper's schedule's peak at the wanted rate.
  const double scale = scale_for_peak(2e-3, 256, 300);
  EXPECT_NEAR(scale * std::pow(256.0, -0.5) * std::pow(300.0, -0.5), 2e-3, 1e-12);
}

// The size rule under a CPU budget: the updates of small that the measured
// matrix-product speed buys decide between small and the narrow model.
TEST(AutoOptionsTest, Recipe_NarrowsSmallWhenTheBudgetBuysFewUpdates) {
  auto small = model::preset("small");
  small.src_vocab = small.tgt_vocab = 4000;
  // Proportional to the speed and the budget.
  const int64_t at_182 = predicted_updates(small, 1024, 600, 182);
  EXPECT_NEAR(static_cast<double>(predicted_updates(small, 1024, 600, 364)), 2.0 * at_182, 2.0);
  EXPECT_NEAR(static_cast<double>(predicted_updates(small, 1024, 300, 182)), 0.5 * at_182, 1.0);
  // Calibration (docs/training.md, the float32 sweep): an AVX2 CPU measuring 182 GFLOP/s trained small at
  // 0.32-0.40 s a 1024-token update, 1500-1875 in 600 s.
  EXPECT_GT(at_182, 1200);
  EXPECT_LT(at_182, 1900);
  EXPECT_EQ(predicted_updates(small, 1024, 0, 182), 0);

  const auto few = auto_recipe(12000, 600, "cpu", true, 182);
  EXPECT_EQ(few.layer["preset"], "small");
  EXPECT_EQ(few.layer["model"]["d_model"], 192);
  EXPECT_EQ(few.layer["model"]["ffn"], 768);
  EXPECT_EQ(few.layer["model"]["decoder_layers"], 1);
  EXPECT_NE(few.note.find("small (2000 to 1M pairs on a CPU) narrowed to 192 wide (ffn 768) with 1 decoder layer "
                          "(the budget buys about " + std::to_string(at_182) + " updates of small at the measured 182 "
                          "GFLOP/s, under 2000: a smaller model learns more in so few)"),
            std::string::npos)
      << few.note;

  const auto many = auto_recipe(12000, 600, "cpu", true, 800);  // a bfloat16 CPU's speed
  EXPECT_FALSE(many.layer["model"].contains("d_model"));
  EXPECT_NE(many.note.find("small (2000 to 1M pairs on a CPU) (the budget buys about "), std::string::npos) << many.note;
  // Not measured, no budget, or a GPU: the size rule alone.
  for (const auto& r : {auto_recipe(12000, 600, "cpu", true, 0), auto_recipe(12000, 0, "cpu", true, 182),
                        auto_recipe(12000, 600, "cuda", true, 182)}) {
    EXPECT_FALSE(r.layer["model"].contains("d_model"));
    EXPECT_EQ(r.note.find("budget buys"), std::string::npos) << r.note;
  }
}

TEST(AutoOptionsTest, Trainer_ChoosesTheWarmupFromTheBudgetAndSaysSo) {
  TempDir corpus, a, b;
  const auto data = copy_task(corpus, 300);
  auto options = pinned_options();
  options.warmup = 0, options.lr = 0, options.max_steps = 2000, options.max_time = 3, options.lr_schedule = "inverse-sqrt";
  const auto timed = train(a.file("run"), options, data);
  const std::string said = joined(timed.messages);
  std::smatch m;
  // On a machine so loaded that the 15 timed steps do not fit in 3 s (seen
  // with a fuzzer and two more trainings on 2 cores: a second a step), the
  // run says it kept the gentlest start instead.
  if (timed.result.steps < kProbeSkippedSteps + kWarmupProbeSteps) {
    EXPECT_NE(said.find("schedule: warm-up " + std::to_string(kMaxAutoWarmup) + " steps (auto), kept: the run ended at step " +
                        std::to_string(timed.result.steps) + ", before the 15 steps that time its speed"),
              std::string::npos)
        << said;
    GTEST_SKIP() << "the machine ran " << timed.result.steps << " steps in 3 s: too loaded to time the speed";
  }
  ASSERT_TRUE(std::regex_search(said, m, std::regex(R"(schedule: warm-up (\d+) steps \(auto: 60% of the ~(\d+) steps that --max-time 3 allows)")))
      << said;
  const int64_t expected = std::stoll(m[2]);
  EXPECT_EQ(std::stoll(m[1]), auto_warmup(expected));
  // The schedule ran to the end: the peak (auto) is the one announced.
  EXPECT_NE(said.find("peak lr 20.00e-4 (auto)"), std::string::npos) << said;
  options.max_time = 0, options.max_steps = 30;
  const auto counted = train(b.file("run"), options, data);
  EXPECT_NE(joined(counted.messages).find("schedule: warm-up 50 steps (auto: 60% of --max-steps 30, within 50-4000)"),
            std::string::npos)
      << joined(counted.messages);
}

TEST(AutoOptionsTest, Trainer_LinearScheduleEndsWithTheBudget) {
  // The learning rate of every step against the formula: up linearly for
  // the warm-up, then down linearly to 1% of the peak at --max-steps; and
  // the paper's 1/sqrt(step) when asked for.
  TempDir corpus, a, b;
  const auto data = copy_task(corpus, 300);
  auto options = pinned_options();
  options.max_steps = 60, options.warmup = 6, options.lr = 1.0, options.lr_schedule = "linear";
  std::vector<double> rates;
  auto run_rates = [&](const std::string& dir) {
    rates.clear();
    TrainCallbacks callbacks;
    callbacks.on_step = [&](const StepReport& r) { rates.push_back(r.lr); };
    nlohmann::json config = {{"model", model::to_json(tiny_model())}, {"train", to_json(options)}};
    train_model(tiny_model(), options, data, english_vocab(), english_vocab(), dir, config, callbacks);
  };
  run_rates(a.file("run"));
  ASSERT_EQ(rates.size(), 60u);
  const double peak = std::pow(32.0, -0.5) * std::pow(6.0, -0.5);
  for (int step = 1; step <= 60; ++step) {
    const double want = peak * std::max(0.01, std::min({1.0, step / 6.0, (1 - step / 60.0) / (1 - 6.0 / 60.0)}));
    EXPECT_NEAR(rates[static_cast<size_t>(step - 1)], want, 1e-12) << "step " << step;
  }
  EXPECT_NEAR(rates[32], peak * 0.5, 1e-12);  // step 33: half way down
  options.lr_schedule = "inverse-sqrt";
  run_rates(b.file("run"));
  for (int step = 1; step <= 60; ++step) {
    const double want = peak * std::sqrt(6.0) * std::min(std::pow(step, -0.5), step * std::pow(6.0, -1.5));
    EXPECT_NEAR(rates[static_cast<size_t>(step - 1)], want, 1e-12) << "step " << step;
  }
  options.lr_schedule = "linear", options.max_steps = 0, options.max_epochs = 1;
  EXPECT_NE(error_message([&] { check_train_options(tiny_model(), options); })
                .find("--lr-schedule linear decays to the end of --max-steps or --max-time"),
            std::string::npos);
}

TEST(AutoOptionsTest, Options_AutoValuesRoundTripThroughJson) {
  TrainOptions o;
  const auto j = to_json(o);
  EXPECT_EQ(j["bf16"], "auto");
  EXPECT_EQ(j["replicas"], 0);
  EXPECT_FALSE(train_options_from_json(j).bf16.has_value());
  o.bf16 = false;
  EXPECT_EQ(train_options_from_json(to_json(o)).bf16, std::optional<bool>(false));
  EXPECT_NE(error_message([&] { train_options_from_json({{"bf16", "sometimes"}}); }).find("train config field 'bf16'"),
            std::string::npos);
}

}  // namespace
}  // namespace nmt::train
