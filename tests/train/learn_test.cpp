// The end-to-end proof that training works: a tiny Transformer trained with
// the project's model, loss and schedule learns to copy and to reverse
// random symbol sequences it has never seen; and beam search on a model that
// is still unsure finds outputs at least as likely as greedy's.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/data/batcher.h"
#include "nmt/decode/translator.h"
#include "nmt/model/transformer.h"
#include "nmt/train/loss.h"
#include "nmt/train/schedule.h"

namespace nmt::train {
namespace {

constexpr int kFirstSymbol = 4, kSymbols = 20;  // ids 4..23
using Sequence = std::vector<int>;
using Task = std::function<Sequence(const Sequence&)>;

Sequence copy_task(const Sequence& s) { return s; }
Sequence reverse_task(const Sequence& s) { return Sequence(s.rbegin(), s.rend()); }

Sequence random_sequence(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> length(3, 12), symbol(kFirstSymbol, kFirstSymbol + kSymbols - 1);
  Sequence s(length(rng));
  for (auto& x : s) x = symbol(rng);
  return s;
}

data::Example make_example(const Sequence& source, const Task& task) {
  data::Example e;
  e.src = source;
  e.src.push_back(text::kEosId);
  e.tgt.push_back(text::kBosId);
  auto target = task(source);
  e.tgt.insert(e.tgt.end(), target.begin(), target.end());
  e.tgt.push_back(text::kEosId);
  return e;
}

// Rows [first, first + rows) of `examples`, padded to the longest. Unlike
// data::make_batches, which groups equal lengths, every batch mixes lengths:
// with one-length batches each step pulls the model towards one length, and
// reverse took ~1200 steps to pass 95 % exact match instead of ~400 (same lr,
// batches of the same size).
data::Batch mixed_batch(const std::vector<data::Example>& examples, size_t first, size_t rows) {
  data::Batch b;
  b.rows = static_cast<int64_t>(rows);
  for (size_t i = first; i < first + rows; ++i) {
    b.src_len = std::max<int64_t>(b.src_len, static_cast<int64_t>(examples[i].src.size()));
    b.tgt_len = std::max<int64_t>(b.tgt_len, static_cast<int64_t>(examples[i].tgt.size()) - 1);
  }
  b.src.assign(b.rows * b.src_len, text::kPadId);
  b.tgt_in.assign(b.rows * b.tgt_len, text::kPadId);
  b.tgt_out.assign(b.rows * b.tgt_len, text::kPadId);
  for (size_t r = 0; r < rows; ++r) {
    const auto& e = examples[first + r];
    std::copy(e.src.begin(), e.src.end(), b.src.begin() + static_cast<int64_t>(r) * b.src_len);
    std::copy(e.tgt.begin(), e.tgt.end() - 1, b.tgt_in.begin() + static_cast<int64_t>(r) * b.tgt_len);
    std::copy(e.tgt.begin() + 1, e.tgt.end(), b.tgt_out.begin() + static_cast<int64_t>(r) * b.tgt_len);
    b.target_tokens += static_cast<int64_t>(e.tgt.size()) - 1;
  }
  return b;
}

// One thread: on this tiny model a second one does not pay. Torch's OpenMP
// threads and OpenBLAS's own pool spin against each other on a 2-core
// machine: 2 threads took 96 s where 1 took 40 s, and 32 s with OpenBLAS
// held to one thread too.
void use_one_thread() {
  torch::set_num_threads(1);
  using SetThreads = void (*)(int);
  if (auto set = reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"))) set(1);
}

constexpr int64_t kBeamTestSteps = 300;
constexpr uint64_t kBeamTestSeed = 2;

struct LearnOptions {
  int64_t steps = 800;
  int64_t warmup = 200;
  double lr = 0.1;           // scale of the inverse-square-root schedule: peak 8.8e-4 at step 200
  int64_t rows = 64;         // sentences per batch, ~600 target tokens
  double label_smoothing = 0.1;
  size_t train_sentences = 30000;
};

struct Trained {
  model::Transformer model{nullptr};
  std::vector<Sequence> held_out;  // 100 sources never trained on
  double seconds = 0;
};

// Adam (0.9, 0.98, 1e-9) with the inverse-square-root schedule, gradient
// norm clipped at 1, label-smoothed loss averaged over target tokens: the
// recipe of train_model, on in-memory examples.
Trained train_on(const Task& task, const LearnOptions& o, uint64_t seed) {
  use_one_thread();
  torch::manual_seed(seed);
  std::mt19937_64 rng(seed);
  Trained out;
  std::set<Sequence> held_out;
  while (held_out.size() < 100) held_out.insert(random_sequence(rng));
  out.held_out.assign(held_out.begin(), held_out.end());
  std::vector<data::Example> examples;
  while (examples.size() < o.train_sentences) {
    auto s = random_sequence(rng);
    if (!held_out.count(s)) examples.push_back(make_example(s, task));
  }

  auto config = model::preset("tiny");
  config.src_vocab = config.tgt_vocab = kFirstSymbol + kSymbols;
  config.dropout = 0.0;
  config.max_positions = 64;
  model::Transformer model(config);
  model->train();
  torch::optim::Adam adam(model->parameters(), torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));

  const auto start = std::chrono::steady_clock::now();
  double window_nll = 0;
  int64_t window_tokens = 0;
  for (int64_t step = 1; step <= o.steps; ++step) {
    const size_t first = static_cast<size_t>((step - 1) * o.rows) % (examples.size() - o.rows);
    const auto b = mixed_batch(examples, first, static_cast<size_t>(o.rows));
    auto tensor = [&](const std::vector<int64_t>& v, int64_t cols) {
      return torch::from_blob(const_cast<int64_t*>(v.data()), {b.rows, cols}, torch::kLong);
    };
    auto src = tensor(b.src, b.src_len), tgt_in = tensor(b.tgt_in, b.tgt_len), tgt_out = tensor(b.tgt_out, b.tgt_len);
    auto src_bias = model::padding_bias(src);
    auto hidden = model->decode(tgt_in, model->encode(src, src_bias), src_bias);  // (B, T, D)
    auto keep = tgt_out.reshape(-1).ne(text::kPadId).nonzero().squeeze(1);     // (N) non-pad positions
    auto logits = model->logits(hidden.reshape({-1, hidden.size(2)}).index_select(0, keep));  // (N, V)
    auto sums = label_smoothed_cross_entropy(logits, tgt_out.reshape(-1).index_select(0, keep), o.label_smoothing);
    auto loss = sums.loss / static_cast<double>(b.target_tokens);

    const double lr = inverse_sqrt_lr(step, config.d_model, o.warmup, o.lr);
    for (auto& group : adam.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
    adam.zero_grad();
    loss.backward();
    torch::nn::utils::clip_grad_norm_(model->parameters(), 1.0);
    adam.step();
    window_nll += sums.nll.item<double>(), window_tokens += b.target_tokens;
    if (step % 200 == 0 || step == o.steps) {
      std::cout << "  step " << step << ": nll/token " << window_nll / static_cast<double>(window_tokens) << "\n";
      window_nll = 0, window_tokens = 0;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  model->eval();
  out.model = model;
  return out;
}

std::vector<std::vector<decode::Hypothesis>> translate(const Trained& t, int64_t beam, double alpha) {
  decode::Translator translator(t.model, torch::kCPU);
  decode::TranslateOptions o;
  o.search.beam = beam;
  o.search.length_penalty = alpha;
  return translator.translate(t.held_out, o);
}

TEST(LearnTest, Learn_CopyAndReverseTasks) {
  const LearnOptions o;
  for (const auto& [name, task] : std::vector<std::pair<std::string, Task>>{{"copy", copy_task}, {"reverse", reverse_task}}) {
    std::cout << name << ":\n";
    auto trained = train_on(task, o, 1);
    auto out = translate(trained, 1, 0.6);
    int correct = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      correct += out[i][0].tokens == task(trained.held_out[i]);
    }
    std::cout << name << ": " << o.steps << " steps of " << o.rows << " sentences in " << trained.seconds
              << " s; greedy exact match on 100 held-out sequences: " << correct << " %\n";
    EXPECT_GE(correct, 95) << name;
  }
}

TEST(LearnTest, Beam_NeverWorseThanGreedy) {
  // Trained on reversal for 300 of the 800 steps above: still unsure, so beam
  // and greedy often disagree. Not a theorem: beam search can drop the
  // greedy path (seen after 150 steps: greedy's </s> ranked 5th among the
  // candidates of its step, where only the top 4 may finish), in 0-6 of 100
  // sentences for seeds 1..6; after 250 steps in 1 of 600, after 400 never.
  LearnOptions o;
  o.steps = kBeamTestSteps;
  auto trained = train_on(reverse_task, o, kBeamTestSeed);
  auto greedy = translate(trained, 1, 0.0), beam = translate(trained, 4, 0.0);
  int better = 0, different = 0;
  for (size_t i = 0; i < greedy.size(); ++i) {
    EXPECT_GE(beam[i][0].log_prob, greedy[i][0].log_prob - 1e-4) << "sentence " << i;
    better += beam[i][0].log_prob > greedy[i][0].log_prob + 1e-4;
    different += beam[i][0].tokens != greedy[i][0].tokens;
  }
  std::cout << "beam 4 differs from greedy on " << different << " of " << greedy.size() << " sentences, with a higher "
            << "log-probability on " << better << "\n";
  EXPECT_GT(better, 0) << "the model is too sure for this test to mean anything: train it less";
}

}  // namespace
}  // namespace nmt::train
