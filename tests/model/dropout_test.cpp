// Dropout's CPU masks: the share kept and the scale (a Bernoulli(1 - p)
// mask scaled by 1 / (1 - p)), independence of neighbouring elements, the
// same mask from the same generator state and another from the next draw,
// gradients through the mask, and nothing dropped outside training.
#include <ATen/CPUGeneratorImpl.h>
#include <gtest/gtest.h>
#include <torch/torch.h>

#include "nmt/model/dropout.h"

namespace nmt::model {
namespace {

TEST(Dropout, KeepsOneMinusPScaledAndIndependentOfNeighbours) {
  Dropout dropout(0.3);
  dropout->train();
  DropoutGenerator generator(at::make_generator<at::CPUGeneratorImpl>(5));
  const int64_t n = 400000;
  const auto y = dropout(torch::ones({n}));
  const auto kept = y.ne(0).to(torch::kDouble);
  const double share = kept.mean().item<double>();
  EXPECT_NEAR(share, 0.7, 0.005);  // 5 standard deviations of a binomial share: 0.0036
  EXPECT_TRUE(y.masked_select(y.ne(0)).allclose(torch::full({1}, 1 / 0.7f)));
  // Neighbours: P(both kept) is 0.49 if independent.
  const double both = (kept.narrow(0, 0, n - 1) * kept.narrow(0, 1, n - 1)).mean().item<double>();
  EXPECT_NEAR(both, 0.49, 0.006);
}

TEST(Dropout, RefusesAProbabilityOutsideZeroToOne) {
  for (const double p : {-0.1, 1.0, 1.5}) {
    try {
      Dropout dropout(p);
      ADD_FAILURE() << "dropout " << p << " was accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("dropout must be in [0, 1), got "), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(Dropout(0.0));
}

TEST(Dropout, TheSameGeneratorStateGivesTheSameMaskAndTheNextDrawAnother) {
  Dropout dropout(0.5);
  dropout->train();
  const auto x = torch::randn({3, 77});
  torch::Tensor first, again, next;
  {
    DropoutGenerator g(at::make_generator<at::CPUGeneratorImpl>(11));
    first = dropout(x);
    next = dropout(x);
  }
  {
    DropoutGenerator g(at::make_generator<at::CPUGeneratorImpl>(11));
    again = dropout(x);
  }
  EXPECT_TRUE(first.equal(again));
  EXPECT_FALSE(first.equal(next));
  // LibTorch's default generator too, when the thread has none of its own.
  torch::manual_seed(3);
  const auto a = dropout(x);
  torch::manual_seed(3);
  EXPECT_TRUE(dropout(x).equal(a));
}

TEST(Dropout, GradientsFlowThroughTheMaskAndEvalDropsNothing) {
  Dropout dropout(0.25);
  dropout->train();
  auto x = torch::randn({5, 9}, torch::requires_grad());
  const auto y = dropout(x);
  y.sum().backward();
  // d y / d x is the mask itself: 0 where dropped, 1 / 0.75 where kept.
  const auto mask = torch::where(y.detach().ne(0), torch::full({}, 1 / 0.75f), torch::zeros({}));
  EXPECT_TRUE(x.grad().equal(mask));
  dropout->eval();
  EXPECT_TRUE(dropout(x).equal(x));
}

}  // namespace
}  // namespace nmt::model
