// c10d collectives and gradient buckets, with the ranks as threads of this
// process (each its own World: a TCPStore client or server, a Gloo process
// group over loopback), against sums computed in one process.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <thread>

#include <torch/torch.h>

#include "error_message.h"
#include "nmt/dist/world.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/update_step.h"

namespace nmt::dist {
namespace {

// A port nothing listens on now (the system's pick, released).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

// Runs body(world) on `size` threads, each rank of one job.
void run_ranks(int size, const std::function<void(World&)>& body, double timeout_s = 20, int64_t bucket_bytes = 4096) {
  const int port = free_port();
  model::run_threads(size, [&](int rank) {
    WorldInfo info;
    info.rank = rank, info.size = size, info.master_port = port;
    DistOptions options;
    options.timeout_s = timeout_s;
    options.bucket_bytes = bucket_bytes;  // 4096: several buckets even for small models
    World world(info, options, "cpu");
    body(world);
  });
}

TEST(World, OneProcess_EveryCallIsANoOp) {
  World world;
  EXPECT_EQ(world.size(), 1);
  EXPECT_TRUE(world.is_main());
  EXPECT_EQ(world.backend(), "none");
  EXPECT_EQ(world.sum({1.5, 2}), (std::vector<double>{1.5, 2}));
  EXPECT_TRUE(world.any(true));
  auto p = torch::ones({3}, torch::requires_grad());
  auto reducer = world.gradient_reducer({p});
  reducer->arm();
  (p * 2).sum().backward();
  reducer->finish();
  EXPECT_TRUE(torch::equal(p.grad(), torch::full({3}, 2.0)));
}

TEST(World, Collectives_SumMaxAnyBroadcastShare) {
  run_ranks(3, [](World& world) {
    const double r = world.rank();
    EXPECT_EQ(world.sum({r, 1}), (std::vector<double>{3, 3}));
    EXPECT_EQ(world.max({r, -r}), (std::vector<double>{2, 0}));
    EXPECT_TRUE(world.any(world.rank() == 1));
    EXPECT_FALSE(world.any(false));
    auto t = torch::full({4}, r);
    world.broadcast({t});
    EXPECT_TRUE(torch::equal(t, torch::zeros({4})));
    EXPECT_EQ(world.share("greeting", world.is_main() ? "from rank 0" : "ignored"), "from rank 0");
    world.barrier();
    EXPECT_EQ(world.backend(), "gloo");
  });
}

// Each rank's gradient of sum((x_r W)^2) for its own x_r, summed by the
// reducer, equals the gradient of the summed losses computed in one place.
TEST(GradientReducer, SumsOverRanks_ArmedOrNot_WithAccumulatedPasses) {
  torch::manual_seed(3);
  const auto w0 = torch::randn({16, 8}), b0 = torch::randn({8}), unused0 = torch::randn({5});
  std::vector<torch::Tensor> xs = {torch::randn({4, 16}), torch::randn({4, 16}), torch::randn({4, 16}),
                                   torch::randn({4, 16})};
  // Reference: rank r has passes xs[2r] and xs[2r+1].
  auto w = w0.clone().requires_grad_(), b = b0.clone().requires_grad_();
  for (const auto& x : xs) (torch::matmul(x, w) + b).pow(2).sum().backward();

  for (bool armed : {true, false}) {
    run_ranks(2, [&](World& world) {
      auto wr = w0.clone().requires_grad_(), br = b0.clone().requires_grad_(),
           unused = unused0.clone().requires_grad_();
      auto reducer = world.gradient_reducer({wr, br, unused});
      for (int pass = 0; pass < 2; ++pass) {
        if (armed && pass == 1) reducer->arm();
        (torch::matmul(xs[2 * world.rank() + pass], wr) + br).pow(2).sum().backward();
      }
      reducer->finish();
      EXPECT_TRUE(torch::allclose(wr.grad(), w.grad(), 1e-5, 1e-5)) << "armed " << armed;
      EXPECT_TRUE(torch::allclose(br.grad(), b.grad(), 1e-5, 1e-5)) << "armed " << armed;
      ASSERT_TRUE(unused.grad().defined());
      EXPECT_TRUE(torch::equal(unused.grad(), torch::zeros({5})));
    });
  }
}

// Armed, the hooks launch each bucket while backward is still running (one
// parameter per bucket here); not armed, finish() launches them all.
TEST(GradientReducer, ArmedLaunchesBucketsDuringBackward) {
  for (bool armed : {true, false}) {
    run_ranks(
        2,
        [&](World& world) {
          auto a = torch::ones({8}, torch::requires_grad()), b = torch::ones({8}, torch::requires_grad());
          auto reducer = world.gradient_reducer({a, b});
          ASSERT_EQ(reducer->bucket_count(), 2);
          if (armed) reducer->arm();
          (a * b * (world.rank() + 1)).sum().backward();
          reducer->finish();
          EXPECT_EQ(reducer->last_early_buckets(), armed ? 2 : 0);
          EXPECT_TRUE(torch::equal(a.grad(), torch::full({8}, 3.0)));  // 1 + 2
        },
        20, 1);
  }
}

model::ModelConfig tiny_config() {
  auto c = model::preset("tiny");
  c.src_vocab = c.tgt_vocab = 30;
  c.dropout = 0;
  return c;
}

train::DeviceBatch random_batch(int64_t rows, int64_t len) {
  train::DeviceBatch b;
  b.src = torch::randint(4, 30, {rows, len});
  b.tgt_in = torch::randint(4, 30, {rows, len});
  b.tgt_in.select(1, 0).fill_(text::kBosId);
  b.tgt_out = torch::randint(4, 30, {rows, len});
  for (int64_t r = 0; r < rows; r += 3) b.tgt_out[r].narrow(0, len - 3, 3).fill_(text::kPadId);
  b.target_tokens = b.tgt_out.ne(text::kPadId).sum().item<int64_t>();
  return b;
}

double relative_difference(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  double d = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    const double top = std::max(a[i].abs().max().item<double>(), 1e-12);
    d = std::max(d, (a[i] - b[i]).abs().max().item<double>() / top);
  }
  return d;
}

// Two ranks, each on half the rows of two accumulated passes, take the
// step that one process takes on the whole of them: the same (clipped)
// gradients from equal weights, and after 3 steps the same loss and gradient
// norm; the ranks' weights stay identical.
TEST(ApplyUpdate, TwoRanksTakeTheStepOfOneProcess) {
  model::set_cpu_threads(1);
  torch::manual_seed(5);
  const std::vector<train::DeviceBatch> passes = {random_batch(6, 7), random_batch(5, 9)};
  model::Transformer one(tiny_config());
  std::vector<torch::Tensor> start;
  for (const auto& p : one->parameters()) start.push_back(p.detach().clone());
  train::UpdateOptions options;
  options.lr = 1e-3;
  options.clip = 0.5;
  auto one_optimizer = train::make_optimizer(one);
  train::UpdateResult expected = train::apply_update(one, *one_optimizer, passes, options);
  std::vector<torch::Tensor> grads_one;  // of the first step, from equal weights
  for (const auto& p : one->parameters()) grads_one.push_back(p.grad().clone());
  for (int step = 1; step < 3; ++step) expected = train::apply_update(one, *one_optimizer, passes, options);
  std::vector<torch::Tensor> grads_rank;
  std::vector<model::Transformer> ranks(2, nullptr);
  std::vector<train::UpdateResult> results(2);
  run_ranks(2, [&](World& world) {
    model::Transformer m(tiny_config());
    {
      torch::NoGradGuard no_grad;
      auto params = m->parameters();
      for (size_t i = 0; i < params.size(); ++i) params[i].copy_(start[i]);
    }
    auto reducer = world.gradient_reducer(m->parameters());
    train::RankShare share;
    share.world = &world, share.reducer = reducer.get();
    auto optimizer = train::make_optimizer(m);
    for (int step = 0; step < 3; ++step) {
      results[world.rank()] = train::apply_update(m, *optimizer, passes, options, nullptr, share);
      if (step == 0 && world.rank() == 0)
        for (const auto& p : m->parameters()) grads_rank.push_back(p.grad().clone());
    }
    ranks[world.rank()] = m;
  });
  EXPECT_EQ(results[0].loss, results[1].loss);
  EXPECT_EQ(results[0].grad_norm, results[1].grad_norm);
  EXPECT_NEAR(results[0].loss, expected.loss, 1e-5 * expected.loss);
  EXPECT_NEAR(results[0].nll, expected.nll, 1e-5 * expected.nll);
  EXPECT_NEAR(results[0].grad_norm, expected.grad_norm, 1e-5 * expected.grad_norm);
  EXPECT_EQ(results[0].target_tokens, expected.target_tokens);
  EXPECT_EQ(relative_difference(ranks[0]->parameters(), ranks[1]->parameters()), 0.0);
  EXPECT_LT(relative_difference(grads_one, grads_rank), 1e-5);
}

TEST(World, RankThatLeavesStopsTheOthersWithItsName) {
  const int port = free_port();
  std::string message;
  model::run_threads(2, [&](int rank) {
    WorldInfo info;
    info.rank = rank, info.size = 2, info.master_port = port;
    DistOptions options;
    options.timeout_s = 5;
    World world(info, options, "cpu");
    world.barrier();
    if (rank == 1) return;  // leaves: its process group and its beats end
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    message = testing::error_message([&] {
      world.entering_step(7);
      world.sum({1});
    });
  });
  EXPECT_NE(message.find("distributed training stopped on rank 0 at step 7: rank 1 (pid"), std::string::npos) << message;
}

TEST(World, RendezvousTimeoutSaysHowManyRanksCame) {
  WorldInfo info;
  info.rank = 0, info.size = 3, info.master_port = free_port();
  DistOptions options;
  options.timeout_s = 1;
  const auto message = testing::error_message([&] { World world(info, options, "cpu"); });
  EXPECT_NE(message.find("timed out after 1 s: 1 of 3 ranks joined"), std::string::npos) << message;
}

TEST(World, UnreachableStoreIsNamed) {
  WorldInfo info;
  info.rank = 1, info.size = 2, info.master_port = free_port();
  DistOptions options;
  options.timeout_s = 1;
  const auto message = testing::error_message([&] { World world(info, options, "cpu"); });
  EXPECT_NE(message.find("rank 1 cannot reach the rendezvous store at 127.0.0.1:" + std::to_string(info.master_port)),
            std::string::npos)
      << message;
}

TEST(WorldFromEnv, ReadsTorchrunsVariablesAndNamesBadOnes) {
  ::unsetenv("SLURM_PROCID");
  ::setenv("RANK", "1", 1), ::setenv("WORLD_SIZE", "4", 1), ::setenv("LOCAL_RANK", "1", 1);
  ::setenv("LOCAL_WORLD_SIZE", "2", 1), ::setenv("MASTER_ADDR", "10.1.2.3", 1), ::setenv("MASTER_PORT", "1234", 1);
  auto info = world_from_env();
  EXPECT_EQ(info.rank, 1);
  EXPECT_EQ(info.size, 4);
  EXPECT_EQ(info.local_rank, 1);
  EXPECT_EQ(info.local_size, 2);
  EXPECT_EQ(info.master_addr, "10.1.2.3");
  EXPECT_EQ(info.master_port, 1234);
  ::setenv("RANK", "4", 1);
  EXPECT_EQ(testing::error_message([] { world_from_env(); }),
            "RANK 4 is out of range for WORLD_SIZE 4 (ranks are 0 to 3)");
  ::setenv("RANK", "one", 1);
  EXPECT_EQ(testing::error_message([] { world_from_env(); }),
            "environment variable RANK is 'one': expected a number >= 0");
  for (const char* name : {"RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"})
    ::unsetenv(name);
  info = world_from_env();
  EXPECT_EQ(info.size, 1);
  EXPECT_EQ(info.rank, 0);
}

}  // namespace
}  // namespace nmt::dist
