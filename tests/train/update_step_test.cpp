// The update step with data-parallel replicas against one thread.
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/update_step.h"

namespace nmt::train {
namespace {

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

}  // namespace
}  // namespace nmt::train
