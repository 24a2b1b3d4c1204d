// The training loop end to end on a tiny model: exact resume, gradient
// accumulation, skipped non-finite steps, early stopping, averaging.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "error_message.h"
#include "nmt/decode/translator.h"
#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"
#include "nmt/metrics/tensorboard.h"
#include "nmt/train/average.h"
#include "nmt/train/checkpoint.h"
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

// English to English with the words reversed: a task with something to learn.
// The training pairs are written to a TSV file in `dir`, the dev pairs kept.
TrainData reverse_task(const TempDir& dir, size_t train_lines, size_t dev_lines) {
  TrainData data;
  const auto& lines = english_lines();
  std::string tsv;
  for (size_t i = 0; i < train_lines + dev_lines; ++i) {
    std::istringstream words(lines[i]);
    std::vector<std::string> w{std::istream_iterator<std::string>(words), {}};
    std::string reversed;
    for (auto it = w.rbegin(); it != w.rend(); ++it) reversed += (reversed.empty() ? "" : " ") + *it;
    if (i < train_lines) {
      tsv += lines[i] + "\t" + reversed + "\n";
    } else {
      data.dev.src.push_back(lines[i]);
      data.dev.tgt.push_back(reversed);
    }
  }
  nmt::testing::write_file(dir.file("train.tsv"), tsv);
  data.train.paths = {dir.file("train.tsv")};
  return data;
}

TrainOptions quick_options() {
  TrainOptions o;
  o.batch_tokens = 512;
  o.warmup = 20;
  o.log_every = 1;
  o.valid_every = 0;
  o.save_every = 0;
  o.threads = 2;
  o.seed = 7;
  // The tests compare runs exactly: the automatic choices of this machine
  // (replicas, bfloat16) and the schedule are pinned.
  o.replicas = 1;
  o.bf16 = false;
  o.lr = 1.0;
  o.lr_schedule = "inverse-sqrt";  // runs stopped early by --max-steps stand for interrupted ones
  return o;
}

struct Run {
  TrainResult result;
  std::vector<double> losses;                           // per step, in order
  std::vector<std::pair<int64_t, double>> validations;  // step, dev loss
};

// Trains in dir, recording what the run did; the callbacks given are called too.
Run train(const std::string& dir, const TrainOptions& options, const TrainData& data, TrainCallbacks callbacks = {},
          const model::ModelConfig& model = tiny_model()) {
  Run run;
  callbacks.on_step = [&run, given = callbacks.on_step](const StepReport& r) {
    run.losses.push_back(r.loss);
    if (given) given(r);
  };
  callbacks.on_valid = [&run, given = callbacks.on_valid](const ValidReport& r) {
    run.validations.emplace_back(r.step, r.loss);
    if (given) given(r);
  };
  nlohmann::json config = {{"model", model::to_json(model)}, {"train", to_json(options)}};
  run.result = train_model(model, options, data, english_vocab(), english_vocab(), dir, config, callbacks);
  return run;
}

TEST(TrainerTest, Trainer_ResumedRunGivesIdenticalLosses) {
  // 30 steps cross an epoch boundary (about 20 batches per epoch) with
  // dropout on: the resumed run must replay the data order and the dropout
  // masks of the uninterrupted one.
  TempDir corpus;
  const auto data = reverse_task(corpus, 300, 0);
  auto options = quick_options();
  options.max_steps = 30;
  TempDir whole, parts;
  const auto straight = train(whole.file("run"), options, data);
  ASSERT_EQ(straight.losses.size(), 30u);
  ASSERT_GT(straight.result.steps, 0);

  options.max_steps = 13;
  const auto first = train(parts.file("run"), options, data);
  options.max_steps = 30;
  const auto second = train(parts.file("run"), options, data);
  ASSERT_EQ(first.losses.size() + second.losses.size(), 30u);
  std::vector<double> resumed = first.losses;
  resumed.insert(resumed.end(), second.losses.begin(), second.losses.end());
  for (size_t i = 0; i < resumed.size(); ++i) EXPECT_EQ(resumed[i], straight.losses[i]) << "step " << i + 1;
  EXPECT_EQ(second.result.target_tokens, straight.result.target_tokens);

  // The metrics log holds each step once, in order, across the resume.
  std::ifstream metrics(parts.file("run/metrics.jsonl"));
  std::string line;
  int64_t previous = 0;
  while (std::getline(metrics, line)) {
    auto j = nlohmann::json::parse(line);
    if (j["kind"] != "train") continue;
    EXPECT_EQ(j["step"].get<int64_t>(), previous + 1);
    EXPECT_GT(j.value("rss_mib", 0.0), 10.0) << "no resident memory on: " << line;
    previous = j["step"];
  }
  EXPECT_EQ(previous, 30);

  // TensorBoard got the same curves: one event file per start, the losses
  // of the log lines.
  std::vector<std::string> event_files;
  for (const auto& entry : fs::directory_iterator(parts.file("run/tensorboard"))) event_files.push_back(entry.path());
  ASSERT_EQ(event_files.size(), 2u);
  std::sort(event_files.begin(), event_files.end());
  std::vector<metrics::ScalarEvent> losses;
  for (const auto& file : event_files)
    for (const auto& e : metrics::read_scalar_events(file))
      if (e.tag == "train/loss") losses.push_back(e);
  ASSERT_EQ(losses.size(), 30u);
  for (size_t i = 0; i < losses.size(); ++i) EXPECT_EQ(losses[i].step, static_cast<int64_t>(i) + 1);
  EXPECT_FLOAT_EQ(losses[0].value, static_cast<float>(straight.losses[0]));
  EXPECT_FLOAT_EQ(losses[29].value, static_cast<float>(straight.losses[29]));
}

TEST(TrainerTest, Trainer_BatchSplitIntoPassesGivesTheSameUpdates) {
  // Without dropout, a batch run as passes of <= 128 target tokens sums to the
  // gradient of the whole batch: the losses agree up to summation order.
  TempDir corpus;
  const auto data = reverse_task(corpus, 200, 0);
  auto options = quick_options();
  options.max_steps = 8;
  TempDir a, b;
  auto model = tiny_model();
  model.dropout = 0;
  const auto whole = train(a.file("run"), options, data, {}, model);
  options.max_pass_tokens = 128;
  const auto split = train(b.file("run"), options, data, {}, model);
  ASSERT_EQ(whole.losses.size(), 8u);
  ASSERT_EQ(split.losses.size(), 8u);
  for (size_t i = 0; i < 8; ++i) EXPECT_NEAR(whole.losses[i], split.losses[i], 1e-5 * whole.losses[i]) << "step " << i + 1;
  EXPECT_EQ(whole.result.target_tokens, split.result.target_tokens);
}

TEST(TrainerTest, Trainer_Bf16LossesTrackFloat32) {
  // bfloat16 products keep about 3 significant digits: over a few steps
  // without dropout the losses stay within 1% of float32's, and they are
  // not identical (the option does something).
  TempDir corpus;
  const auto data = reverse_task(corpus, 200, 0);
  auto options = quick_options();
  options.max_steps = 6;
  auto model = tiny_model();
  model.dropout = 0;
  TempDir a, b;
  const auto fp32 = train(a.file("run"), options, data, {}, model);
  options.bf16 = true;
  const auto bf16 = train(b.file("run"), options, data, {}, model);
  ASSERT_EQ(fp32.losses.size(), bf16.losses.size());
  bool differs = false;
  for (size_t i = 0; i < fp32.losses.size(); ++i) {
    EXPECT_NEAR(bf16.losses[i], fp32.losses[i], 0.01 * fp32.losses[i]) << "step " << i + 1;
    differs |= bf16.losses[i] != fp32.losses[i];
  }
  EXPECT_TRUE(differs);
}

TEST(TrainerTest, Trainer_AccumulationTakesOneStepPerGroupOfBatches) {
  TempDir corpus;
  const auto data = reverse_task(corpus, 200, 0);
  auto options = quick_options();
  options.max_epochs = 1;
  TempDir a, b;
  const auto single = train(a.file("run"), options, data);
  options.accumulate = 3;
  const auto grouped = train(b.file("run"), options, data);
  // The same tokens in a third of the steps (the last group may be short).
  EXPECT_EQ(grouped.result.target_tokens, single.result.target_tokens);
  EXPECT_EQ(grouped.result.steps, (single.result.steps + 2) / 3);
}

TEST(TrainerTest, Trainer_NonFiniteLossIsSkippedThenStops) {
  TempDir corpus;
  const auto data = reverse_task(corpus, 100, 0);
  auto options = quick_options();
  options.max_steps = 6;
  TempDir a, b;
  TrainCallbacks poison_third;
  poison_third.poison_step = [](int64_t attempt) { return attempt == 3; };
  std::vector<std::string> messages;
  poison_third.message = [&](const std::string& line) { messages.push_back(line); };
  const auto run = train(a.file("run"), options, data, poison_third);
  EXPECT_EQ(run.result.skipped_steps, 1);
  EXPECT_EQ(run.result.steps, 6);
  bool warned = false;
  for (const auto& m : messages) warned |= m.find("update 3 skipped: loss is nan") != std::string::npos;
  EXPECT_TRUE(warned);
  auto weights = load_checkpoint(run.result.checkpoint);
  for (const auto& p : weights.model->parameters()) ASSERT_TRUE(torch::isfinite(p).all().item<bool>());

  TrainCallbacks poison_all;
  poison_all.poison_step = [](int64_t) { return true; };
  options.max_bad_steps = 4;
  const auto message = error_message([&] { train(b.file("run"), options, data, poison_all); });
  EXPECT_NE(message.find("4 updates in a row had a non-finite loss"), std::string::npos) << message;
}

TEST(TrainerTest, Trainer_EarlyStoppingStopsAtPatienceAndKeepsBest) {
  // The trainer's decisions against the dev scores it reported, whatever
  // they were: each validation's gain and stale count, the stop at the first
  // validation whose stale count reaches `patience` (and no other stop), and
  // best-<metric>.pt from the best validation's step. The rules alone are
  // tested on scripted scores in early_stopping_test.cpp. With a learning
  // rate of 1e-30 (0 asks for the automatic one) and no moving average
  // (whose d * w + (1 - d) * w need not equal w in the last bit, so that the
  // dev loss wandered and on some CPUs improved), steps of about 1e-31 are
  // lost in float32 weights: the dev loss stays put and the run stops early,
  // on loss and on perplexity, which ppl early stopping once accepted but
  // never counted.
  TempDir corpus;
  const auto data = reverse_task(corpus, 100, 20);
  auto options = quick_options();
  options.lr = 1e-30;
  options.ema = 0;
  options.max_steps = 100;
  options.valid_every = 2;
  options.valid_translate = false;
  options.patience = 3;
  std::vector<ValidReport> validations;
  TrainCallbacks callbacks;
  callbacks.on_valid = [&](const ValidReport& r) { validations.push_back(r); };
  for (const std::string metric : {"loss", "ppl"}) {
    SCOPED_TRACE(metric);
    options.early_stopping_metric = metric;
    TempDir dir;
    validations.clear();
    const auto run = train(dir.file("run"), options, data, callbacks);
    EXPECT_EQ(run.result.stop_reason, "early-stopping");
    ASSERT_GE(validations.size(), 4u);
    EXPECT_EQ(run.result.steps, validations.back().step);
    double best = std::numeric_limits<double>::infinity();
    int64_t best_step = -1, stale = 0;
    for (size_t i = 0; i < validations.size(); ++i) {
      const auto& v = validations[i];
      const double value = metric == "loss" ? v.loss : v.ppl;
      const bool better = value < best;
      if (better) best = value, best_step = v.step;
      stale = better ? 0 : stale + 1;
      EXPECT_EQ(v.improved, better) << "step " << v.step;
      EXPECT_EQ(v.stale, stale) << "step " << v.step;
      EXPECT_EQ(stale >= options.patience, i + 1 == validations.size()) << "step " << v.step;
    }
    EXPECT_EQ(load_checkpoint(dir.file("run/best-" + metric + ".pt")).info.step, best_step);
  }
  options.early_stopping_metric = "loss";

  // Learning for real, the dev loss improves and the same patience does not
  // trigger in 12 steps.
  options.lr = 1;
  options.ema = quick_options().ema;
  options.max_steps = 12;
  TempDir learning;
  validations.clear();
  const auto learned = train(learning.file("run"), options, data, callbacks);
  EXPECT_EQ(learned.result.stop_reason, "max-steps");
  EXPECT_GT(load_checkpoint(learning.file("run/best-loss.pt")).info.step, 2);
  EXPECT_LT(validations.back().loss, validations.front().loss);
}

// A validation's BLEU and chrF are those of the dev translations that the
// model of its step makes, scored against the dev references: recomputed here
// from best-bleu.pt and best-chrf.pt with the translator and the scorers. The
// dev set is the training set (20 lines, reversed), which the tiny model
// learns by heart in 200 steps, so that the scores rise far above the first
// validation's and a swapped reference or hypothesis would show. The run then
// resumes with lr 1e-30, which moves no float32 weight: its validations only
// tie the best, which stays put.
TEST(TrainerTest, Trainer_ValidationTranslatesAndScoresTheDevSet) {
  TempDir corpus;
  auto data = reverse_task(corpus, 20, 0);
  data.dev = data::read_corpus(data.train);
  auto options = quick_options();
  options.lr = 0.3;  // peak 0.012 at step 20 for d_model 32
  options.ema = 0;   // a moving average would still move after the resume
  options.max_steps = 200;
  options.valid_every = 40;  // and at each epoch's end, at most every 20 steps
  TempDir dir;
  std::vector<ValidReport> validations;
  TrainCallbacks callbacks;
  callbacks.on_valid = [&](const ValidReport& r) { validations.push_back(r); };
  train(dir.file("run"), options, data, callbacks);
  options.lr = 1e-30;
  options.max_steps = 260;
  train(dir.file("run"), options, data, callbacks);
  ASSERT_GE(validations.size(), 5u);
  ASSERT_EQ(validations.back().step, 260);
  for (const auto& v : validations) ASSERT_TRUE(v.bleu && v.chrf) << "step " << v.step;

  for (const std::string metric : {"bleu", "chrf"}) {
    auto value = [&](const ValidReport& v) { return metric == "bleu" ? *v.bleu : *v.chrf; };
    const ValidReport* best = &validations.front();
    for (const auto& v : validations) best = value(v) > value(*best) ? &v : best;  // the first of equals
    std::cout << metric << ": first validation (step " << validations.front().step << ") "
              << value(validations.front()) << ", best (step " << best->step << ") " << value(*best) << "\n";
    EXPECT_GT(value(*best), value(validations.front()) + 30) << metric;
    EXPECT_LE(best->step, 200) << metric;

    const auto ckpt = load_checkpoint(dir.file("run/best-" + metric + ".pt"));
    EXPECT_EQ(ckpt.info.step, best->step) << metric;
    decode::TranslateOptions greedy;
    greedy.search.beam = 1;
    decode::Translator translator(ckpt.model, torch::kCPU);
    const auto translations = translator.translate_lines(data.dev.src, english_vocab(), english_vocab(), greedy);
    EXPECT_DOUBLE_EQ(*best->bleu, eval::corpus_bleu(translations, data.dev.tgt).score) << metric;
    EXPECT_DOUBLE_EQ(*best->chrf, eval::corpus_chrf(translations, data.dev.tgt).score) << metric;
  }
  EXPECT_GT(*validations.back().bleu, 30);
  EXPECT_TRUE(fs::exists(dir.file("run/best-loss.pt")));
}

// A resumed run's record continued by the next part.
void append(Run& a, const Run& b) {
  a.losses.insert(a.losses.end(), b.losses.begin(), b.losses.end());
  a.validations.insert(a.validations.end(), b.validations.begin(), b.validations.end());
  a.result = b.result;
}

// SIGINT arriving at a step where a validation falls due: the validation
// runs before the save, and everything that decides the future is saved, so
// the resumed run validates, keeps best models and stops early exactly as the
// uninterrupted one. (Before, the interrupted run skipped that validation and
// the resumed one stopped a validation later.)
TEST(TrainerTest, Trainer_InterruptedAtAValidationResumesAsUninterrupted) {
  TempDir corpus;
  const auto data = reverse_task(corpus, 300, 20);
  auto options = quick_options();
  options.max_steps = 40;
  options.valid_every = 3;
  options.early_stopping_metric = "bleu";  // a model this young scores BLEU 0 at first: patience runs out
  options.patience = 2;
  options.valid_max_sentences = 10;
  TempDir whole, parts;
  const auto straight = train(whole.file("run"), options, data);
  ASSERT_EQ(straight.result.stop_reason, "early-stopping")
      << "the uninterrupted run must stop early for this test to mean much";
  ASSERT_GE(straight.result.steps, 9);

  // SIGINT's path (stop_requested) right after step 6.
  int64_t step = 0;
  TrainCallbacks stop_at_6;
  stop_at_6.on_step = [&](const StepReport& r) { step = r.step; };
  stop_at_6.stop_requested = [&] { return step == 6; };
  auto resumed = train(parts.file("run"), options, data, stop_at_6);
  ASSERT_EQ(resumed.result.stop_reason, "interrupted");
  ASSERT_EQ(resumed.result.steps, 6);
  ASSERT_FALSE(resumed.validations.empty());
  EXPECT_EQ(resumed.validations.back().first, 6) << "the validation due at the interrupted step did not run";
  append(resumed, train(parts.file("run"), options, data));

  EXPECT_EQ(resumed.result.stop_reason, straight.result.stop_reason);
  EXPECT_EQ(resumed.result.steps, straight.result.steps) << "early stopping at another step";
  ASSERT_EQ(resumed.losses.size(), straight.losses.size());
  for (size_t i = 0; i < resumed.losses.size(); ++i) EXPECT_EQ(resumed.losses[i], straight.losses[i]) << "step " << i + 1;
  EXPECT_EQ(resumed.validations, straight.validations);
  for (const char* best : {"best-loss.pt", "best-bleu.pt", "best-chrf.pt"}) {
    EXPECT_EQ(load_checkpoint(parts.file(std::string("run/") + best)).info.step,
              load_checkpoint(whole.file(std::string("run/") + best)).info.step)
        << best;
  }
}

// A resume whose data-order options differ from the checkpoint's would read
// other batches at the saved position: it is refused, naming the option, and
// the run is left as it was; --reset-data-position goes on on purpose.
TEST(TrainerTest, Trainer_ResumeWithOtherDataOrderOptionsIsRefused) {
  TempDir corpus;
  const auto data = reverse_task(corpus, 200, 0);
  auto options = quick_options();
  options.max_steps = 4;
  TempDir dir;
  train(dir.file("run"), options, data);
  const std::string saved = latest_checkpoint(dir.file("run"));
  ASSERT_FALSE(saved.empty());

  options.max_steps = 8;
  for (auto change : std::vector<std::function<void(TrainOptions&)>>{
           [](TrainOptions& o) { o.batch_tokens = 256; }, [](TrainOptions& o) { o.seed = 8; },
           [](TrainOptions& o) { o.chunk_pairs = 50; }, [](TrainOptions& o) { o.max_len = 100; },
           [](TrainOptions& o) { o.clean = true; }}) {
    auto changed = options;
    change(changed);
    const auto message = error_message([&] { train(dir.file("run"), changed, data); });
    EXPECT_NE(message.find("cannot resume from " + saved + ": train."), std::string::npos) << message;
    EXPECT_NE(message.find("--reset-data-position"), std::string::npos) << message;
    EXPECT_EQ(latest_checkpoint(dir.file("run")), saved);
  }
  options.batch_tokens = 256;
  const auto message = error_message([&] { train(dir.file("run"), options, data); });
  EXPECT_NE(message.find("train.batch_tokens is 512 there but 256 now"), std::string::npos) << message;

  options.reset_data_position = true;
  const auto resumed = train(dir.file("run"), options, data);
  EXPECT_EQ(resumed.result.steps, 8);
  EXPECT_EQ(resumed.losses.size(), 4u);
}

// Invalid UTF-8 in the second chunk of a streamed corpus: the steps trained
// on the first chunk are saved before the run stops with FILE:LINE, and once
// the line is fixed the same command resumes from that checkpoint.
TEST(TrainerTest, Trainer_BadLineInALaterChunkSavesTheLastGoodStep) {
  TempDir dir;
  const auto& lines = english_lines();
  std::string src, tgt;
  for (size_t i = 0; i < 120; ++i) {
    src += (i == 89 ? std::string("caf\xe9 au lait") : lines[i]) + "\n";
    tgt += lines[i] + "\n";
  }
  nmt::testing::write_file(dir.file("train.src"), src);
  nmt::testing::write_file(dir.file("train.tgt"), tgt);
  TrainData data;
  data.train.paths = {dir.file("train.src"), dir.file("train.tgt")};
  auto options = quick_options();
  options.chunk_pairs = 60;  // line 90 is in the second chunk
  options.max_steps = 100;
  const auto message = error_message([&] { train(dir.file("run"), options, data); });
  EXPECT_NE(message.find(dir.file("train.src") + ":90: invalid UTF-8 at byte 4"), std::string::npos) << message;
  const std::string saved = latest_checkpoint(dir.file("run"));
  ASSERT_FALSE(saved.empty()) << "no checkpoint of the steps before the bad chunk";
  const auto ckpt = load_checkpoint(saved);
  EXPECT_GT(ckpt.info.step, 0);
  EXPECT_NE(message.find(saved + " holds the last good step (" + std::to_string(ckpt.info.step) + ")"),
            std::string::npos)
      << message;
  // The saved position is the start of the batch that was never trained on.
  EXPECT_EQ(ckpt.info.progress["position"]["chunk"], 0);

  src.replace(src.find("caf\xe9"), 4, "cafe");
  nmt::testing::write_file(dir.file("train.src"), src);
  options.max_steps = ckpt.info.step + 3;
  const auto resumed = train(dir.file("run"), options, data);
  EXPECT_EQ(resumed.result.steps, ckpt.info.step + 3);
  EXPECT_EQ(resumed.losses.size(), 3u);
}

// Files left by writes a crash interrupted are removed at start.
TEST(TrainerTest, Trainer_RemovesStaleTemporaryFilesAtStart) {
  TempDir corpus;
  const auto data = reverse_task(corpus, 100, 0);
  auto options = quick_options();
  options.max_steps = 1;
  TempDir dir;
  fs::create_directories(dir.file("run"));
  nmt::testing::write_file(dir.file("run/checkpoint-00000007.pt.tmp"), "half a checkpoint");
  nmt::testing::write_file(dir.file("run/metrics.jsonl.tmp"), "{\"kind\":");
  train(dir.file("run"), options, data);
  EXPECT_FALSE(fs::exists(dir.file("run/checkpoint-00000007.pt.tmp")));
  EXPECT_FALSE(fs::exists(dir.file("run/metrics.jsonl.tmp")));
  EXPECT_TRUE(fs::exists(dir.file("run/checkpoint-00000001.pt")));
}

TEST(AverageTest, Average_IsTheMeanOfTheParameters) {
  TempDir dir;
  model::Transformer a(tiny_model()), b(tiny_model());
  {
    torch::NoGradGuard no_grad;
    for (auto& p : a->parameters()) p.fill_(1.0);
    for (auto& p : b->parameters()) p.fill_(4.0);
  }
  CheckpointInfo info{1, 0, {{"model", model::to_json(tiny_model())}}, english_vocab().serialized(),
                      english_vocab().serialized()};
  save_checkpoint(dir.file("a.pt"), a, nullptr, info);
  save_checkpoint(dir.file("b.pt"), b, nullptr, info);
  average_checkpoints({dir.file("a.pt"), dir.file("b.pt")}, dir.file("avg.pt"));
  auto avg = load_checkpoint(dir.file("avg.pt"));
  for (const auto& p : avg.model->named_parameters())
    EXPECT_TRUE(torch::allclose(p.value(), torch::full_like(p.value(), 2.5))) << p.key();

  auto wider = tiny_model();
  wider.ffn = 96;
  model::Transformer c(wider);
  CheckpointInfo wider_info = info;
  wider_info.config["model"] = model::to_json(wider);
  save_checkpoint(dir.file("c.pt"), c, nullptr, wider_info);
  const auto message = error_message([&] { average_checkpoints({dir.file("a.pt"), dir.file("c.pt")}, dir.file("x.pt")); });
  EXPECT_NE(message.find("model.ffn is 96 there but 64"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(dir.file("x.pt")));
}

}  // namespace
}  // namespace nmt::train
