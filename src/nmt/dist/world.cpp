#include "nmt/dist/world.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include <ATen/ATen.h>
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/version.h>
#ifdef USE_C10D_NCCL
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif

#include "nmt/common/error.h"

namespace nmt::dist {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// What ProcessGroupGloo and ProcessGroupNCCL derive from: c10d::ProcessGroup
// in LibTorch 1.x, c10d::Backend from 2.0 (where ProcessGroup became the
// front that dispatches to backends).
#if TORCH_VERSION_MAJOR >= 2
using Collectives = c10d::Backend;
#else
using Collectives = c10d::ProcessGroup;
#endif

namespace {

milliseconds to_ms(double seconds) { return milliseconds(static_cast<int64_t>(seconds * 1000)); }

// The first line of an exception's text: c10d's messages carry C++ stack traces.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

int env_int(const char* name, int fallback) {
  const char* value = std::getenv(name);
  if (!value || !*value) return fallback;
  char* end = nullptr;
  errno = 0;
  const long n = std::strtol(value, &end, 10);
  NMT_CHECK(errno == 0 && *end == '\0' && n >= 0 && n <= 1 << 20,
            "environment variable " << name << " is '" << value << "': expected a number >= 0");
  return static_cast<int>(n);
}

std::string env_string(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

std::vector<uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }
std::string text(const std::vector<uint8_t>& b) { return {b.begin(), b.end()}; }

std::string host_name() {
  char name[256] = {0};
  ::gethostname(name, sizeof name - 1);
  return name;
}

// The address of this machine's interface that routes to `addr`: connecting
// a UDP socket sends nothing but picks it. Gloo listens there, so that ranks
// on other machines (or network namespaces) reach it; "" when unknown.
std::string local_address_towards(const std::string& addr, int port) {
  sockaddr_in target{};
  target.sin_family = AF_INET;
  target.sin_port = htons(static_cast<uint16_t>(port));
  if (::inet_pton(AF_INET, addr.c_str(), &target.sin_addr) != 1) return "";
  const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) return "";
  std::string local;
  sockaddr_in mine{};
  socklen_t len = sizeof mine;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&target), sizeof target) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&mine), &len) == 0) {
    char buf[INET_ADDRSTRLEN] = {0};
    if (::inet_ntop(AF_INET, &mine.sin_addr, buf, sizeof buf)) local = buf;
  }
  ::close(fd);
  return local;
}

// "R" running, "S" sleeping, "T" stopped ... of a process on this machine; "" if gone.
std::string process_state(long pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return "";
  const auto paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() ? "" : line.substr(paren + 2, 1);
}

}  // namespace

WorldInfo world_from_env() {
  WorldInfo info;
  const bool torchrun = std::getenv("RANK") || std::getenv("WORLD_SIZE");
  const bool slurm = !torchrun && std::getenv("SLURM_PROCID") && std::getenv("MASTER_ADDR");
  if (torchrun) {
    NMT_CHECK(std::getenv("RANK") && std::getenv("WORLD_SIZE"),
              "set both RANK and WORLD_SIZE (torchrun's variables), or neither for one process");
    info.rank = env_int("RANK", 0), info.size = env_int("WORLD_SIZE", 1);
    info.local_rank = env_int("LOCAL_RANK", 0), info.local_size = env_int("LOCAL_WORLD_SIZE", 1);
  } else if (slurm) {
    info.rank = env_int("SLURM_PROCID", 0), info.size = env_int("SLURM_NTASKS", 1);
    info.local_rank = env_int("SLURM_LOCALID", 0);
    // SLURM_NTASKS_PER_NODE can read "2(x3)" on uneven allocations: take its number.
    info.local_size = std::max(1, std::atoi(env_string("SLURM_NTASKS_PER_NODE", "1").c_str()));
  }
  NMT_CHECK(info.size >= 1, "WORLD_SIZE must be >= 1, got " << info.size);
  NMT_CHECK(info.rank < info.size, "RANK " << info.rank << " is out of range for WORLD_SIZE " << info.size
                                           << " (ranks are 0 to " << info.size - 1 << ")");
  NMT_CHECK(info.local_size >= 1 && info.local_rank < info.local_size,
            "LOCAL_RANK " << info.local_rank << " is out of range for LOCAL_WORLD_SIZE " << info.local_size);
  info.master_addr = env_string("MASTER_ADDR", info.master_addr);
  info.master_port = env_int("MASTER_PORT", info.master_port);
  NMT_CHECK(info.master_port >= 1 && info.master_port <= 65535, "MASTER_PORT must be a port number, got "
                                                                    << info.master_port);
  const std::string agent = env_string("TORCHELASTIC_USE_AGENT_STORE", "");
  info.agent_store = agent == "True" || agent == "true" || agent == "1";
  return info;
}

struct World::Impl {
  WorldInfo info;
  DistOptions options;
  c10::intrusive_ptr<c10d::Store> store;  // prefixed "nmt/"
  c10::intrusive_ptr<Collectives> group;
  std::string backend;
  c10::Device tensor_device{c10::kCPU};  // where small collectives' tensors live (NCCL: the GPU)
  int64_t step = -1;                     // the step being synchronised

  // Every second, a beat counted in the store through a connection of its
  // own: a rank whose count stops has died or hangs.
  c10::intrusive_ptr<c10d::Store> beat_store;
  std::thread beat_thread;
  std::mutex beat_mutex;
  std::condition_variable beat_wake;
  bool beat_stop = false;

  ~Impl() {
    {
      std::lock_guard<std::mutex> lock(beat_mutex);
      beat_stop = true;
    }
    beat_wake.notify_all();
    if (beat_thread.joinable()) beat_thread.join();
  }

  std::string where() const { return info.master_addr + ":" + std::to_string(info.master_port); }

  c10::intrusive_ptr<c10d::Store> connect(bool server) const {
    c10d::TCPStoreOptions o;
    o.port = static_cast<uint16_t>(info.master_port);
    o.isServer = server;
    o.waitWorkers = false;
    o.timeout = to_ms(options.timeout_s);
    try {
      auto tcp = c10::make_intrusive<c10d::TCPStore>(info.master_addr, o);
      return c10::make_intrusive<c10d::PrefixStore>("nmt", tcp);
    } catch (const std::exception& e) {
      NMT_FAIL((server ? "rank 0 cannot host the rendezvous store on port " + std::to_string(info.master_port) +
                             " (is another job using it? set MASTER_PORT)"
                       : "rank " + std::to_string(info.rank) + " cannot reach the rendezvous store at " + where() +
                             " within " + std::to_string(static_cast<int>(options.timeout_s)) + " s (" +
                             (info.agent_store ? "the launcher" : "rank 0") +
                             " hosts it: is it running, and are MASTER_ADDR and MASTER_PORT right?)")
               << ": " << first_line(e.what()));
    }
  }

  // Every rank counts itself in, then waits for all: the message says how
  // many came, which the c10d timeout alone does not.
  void rendezvous() {
    store->set("who/" + std::to_string(info.rank), bytes(host_name() + " " + std::to_string(::getpid())));
    NMT_CHECK(store->add("rank/" + std::to_string(info.rank), 1) == 1,
              "two processes were started as RANK " << info.rank << " of the job at " << where());
    store->add("joined", 1);
    const auto deadline = Clock::now() + to_ms(options.timeout_s);
    for (;;) {
      const int64_t joined = store->add("joined", 0);
      if (joined >= info.size) break;
      NMT_CHECK(Clock::now() < deadline,
                "rendezvous at " << where() << " timed out after " << options.timeout_s << " s: " << joined << " of "
                                 << info.size << " ranks joined (start every rank with the same MASTER_ADDR, "
                                                 "MASTER_PORT and WORLD_SIZE; --dist-timeout waits longer)");
      std::this_thread::sleep_for(milliseconds(50));
    }
  }

  void start_beats() {
    beat_store = connect(false);
    beat_thread = std::thread([this] {
      const std::string key = "beat/" + std::to_string(info.rank);
      std::unique_lock<std::mutex> lock(beat_mutex);
      while (!beat_stop) {
        try {
          beat_store->add(key, 1);
        } catch (const std::exception&) {
          return;  // the store is gone: the next collective says so
        }
        beat_wake.wait_for(lock, milliseconds(500), [this] { return beat_stop; });
      }
    });
  }

  // Why a collective failed, as far as the store can tell: which ranks have
  // stopped beating, and for ranks on this machine whether the process is
  // gone or stopped.
  std::string diagnose() {
    std::vector<int64_t> before(info.size), after(info.size);
    try {
      for (int r = 0; r < info.size; ++r) before[r] = beat_store->add("beat/" + std::to_string(r), 0);
      std::this_thread::sleep_for(milliseconds(1600));
      for (int r = 0; r < info.size; ++r) after[r] = beat_store->add("beat/" + std::to_string(r), 0);
    } catch (const std::exception&) {
      return info.agent_store ? "the launcher's rendezvous store at " + where() + " is gone"
                              : "rank 0 is gone (it hosted the rendezvous store at " + where() + ")";
    }
    std::ostringstream out;
    int silent = 0;
    for (int r = 0; r < info.size; ++r) {
      if (r == info.rank || after[r] != before[r]) continue;
      std::string host, state;
      long pid = 0;
      try {
        std::istringstream who(text(store->get("who/" + std::to_string(r))));
        who >> host >> pid;
      } catch (const std::exception&) {
      }
      if (host == host_name() && pid > 0) {
        state = process_state(pid);
        state = state.empty() ? "is gone" : state == "T" || state == "t" ? "is stopped" : state == "Z" ? "has exited" : "has hung";
      } else {
        state = "has stopped answering";
      }
      out << (silent++ ? "; " : "") << "rank " << r << " (pid " << pid << " on " << host << ") " << state;
    }
    if (silent == 0) out << "every rank is still alive: a collective was called out of order, or one rank is stuck";
    return out.str();
  }

  [[noreturn]] void fail(const std::string& what, const std::exception& e) {
    const std::string cause = diagnose();
    NMT_FAIL("distributed training stopped on rank " << info.rank << " at step " << step << ": " << cause << " ("
                                                     << what << ": " << first_line(e.what())
                                                     << "); the run resumes from its last checkpoint with the "
                                                        "same command");
  }

  template <typename F>
  auto guarded(const std::string& what, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const nmt::Error&) {
      throw;
    } catch (const std::exception& e) {
      fail(what, e);
    }
  }

  std::vector<double> reduce(std::vector<double> values, c10d::ReduceOp op, const char* what) {
    auto t = at::tensor(values, at::TensorOptions().dtype(at::kDouble)).to(tensor_device);
    std::vector<at::Tensor> ts{t};
    c10d::AllreduceOptions o;
    o.reduceOp = op;
    guarded(what, [&] { group->allreduce(ts, o)->wait(); });
    t = ts[0].cpu();
    for (size_t i = 0; i < values.size(); ++i) values[i] = t[static_cast<int64_t>(i)].item<double>();
    return values;
  }
};

World::World() = default;

World::World(const WorldInfo& info, const DistOptions& options, const std::string& device)
    : info_(info), options_(options) {
  if (info.size == 1) return;
  NMT_CHECK(options.timeout_s > 0, "--dist-timeout must be > 0 seconds, got " << options.timeout_s);
  const bool cuda = device.rfind("cuda", 0) == 0;
  std::string backend = options.backend == "auto" ? (cuda ? "nccl" : "gloo") : options.backend;
#ifndef USE_C10D_NCCL
  if (backend == "nccl") {
    NMT_CHECK(options.backend == "auto", "--dist-backend nccl needs a CUDA LibTorch built with NCCL; this build "
                                         "has Gloo only");
    backend = "gloo";  // a CUDA build without NCCL: Gloo copies through the host
  }
#endif
  NMT_CHECK(backend == "gloo" || backend == "nccl", "--dist-backend must be auto, gloo or nccl, got '" << backend << "'");
  impl_ = std::make_unique<Impl>();
  impl_->info = info, impl_->options = options, impl_->backend = backend;
  impl_->store = impl_->connect(info.rank == 0 && !info.agent_store);
  impl_->rendezvous();
  impl_->start_beats();
  const auto timeout = to_ms(options.timeout_s);
  try {
    if (backend == "gloo") {
      auto o = c10d::ProcessGroupGloo::Options::create(timeout);
      // GLOO_SOCKET_IFNAME names the interface, as in PyTorch; else the one
      // that routes to MASTER_ADDR.
      const std::string ifname = env_string("GLOO_SOCKET_IFNAME", "");
      const std::string local = local_address_towards(info.master_addr, info.master_port);
      o->devices.push_back(!ifname.empty() ? c10d::ProcessGroupGloo::createDeviceForInterface(ifname)
                           : !local.empty() ? c10d::ProcessGroupGloo::createDeviceForHostname(local)
                                            : c10d::ProcessGroupGloo::createDefaultDevice());
      auto store = c10::make_intrusive<c10d::PrefixStore>("gloo", impl_->store);
      impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(store, info.rank, info.size, o);
    } else {
#ifdef USE_C10D_NCCL
      auto o = c10d::ProcessGroupNCCL::Options::create();
      o->timeout = timeout;
      auto store = c10::make_intrusive<c10d::PrefixStore>("nccl", impl_->store);
      impl_->group = c10::make_intrusive<c10d::ProcessGroupNCCL>(store, info.rank, info.size, o);
      impl_->tensor_device = c10::Device(device);
#endif
    }
  } catch (const nmt::Error&) {
    throw;
  } catch (const std::exception& e) {
    NMT_FAIL("rank " << info.rank << " could not start the " << backend << " process group of " << info.size
                     << " ranks at " << impl_->where() << ": " << first_line(e.what()));
  }
}

World::~World() = default;

std::string World::backend() const { return impl_ ? impl_->backend : "none"; }

std::vector<double> World::sum(std::vector<double> values) {
  return impl_ ? impl_->reduce(std::move(values), c10d::ReduceOp::SUM, "summing over ranks") : values;
}

std::vector<double> World::max(std::vector<double> values) {
  return impl_ ? impl_->reduce(std::move(values), c10d::ReduceOp::MAX, "agreeing on a decision") : values;
}

void World::broadcast(std::vector<at::Tensor> tensors) {
  if (!impl_) return;
  for (auto& t : tensors) {
    std::vector<at::Tensor> one{t};
    impl_->guarded("broadcasting from rank 0", [&] { impl_->group->broadcast(one)->wait(); });
  }
}

void World::barrier(double timeout_s) {
  if (!impl_) return;
  c10d::BarrierOptions o;
  o.timeout = to_ms(timeout_s > 0 ? timeout_s : options_.timeout_s);
  impl_->guarded("waiting for every rank", [&] { impl_->group->barrier(o)->wait(); });
}

std::string World::share(const std::string& key, const std::string& text_on_rank0) {
  if (!impl_) return text_on_rank0;
  const std::string k = "share/" + key;
  return impl_->guarded("sharing " + key, [&] {
    if (is_main()) {
      impl_->store->set(k, bytes(text_on_rank0));
      return text_on_rank0;
    }
    return text(impl_->store->get(k));
  });
}

void World::entering_step(int64_t step) {
  if (impl_) impl_->step = step;
}

// ---------------------------------------------------------------------------

struct GradientReducer::State {
  World::Impl* world = nullptr;
  struct Bucket {
    at::Tensor flat;               // the bucket's gradients, end to end
    std::vector<size_t> members;   // parameter indices
    int64_t pending = 0;           // members whose gradient has not come yet (armed)
    c10::intrusive_ptr<c10d::Work> work;
  };
  std::vector<at::Tensor> params;
  std::vector<size_t> bucket_of;
  std::vector<int64_t> offset;  // in its bucket's flat tensor
  std::vector<bool> ready;
  std::vector<Bucket> buckets;
  size_t next = 0;  // the next bucket to launch: buckets go out in order on every rank
  bool armed = false;
  double wait_seconds = 0;
  int early = 0;  // buckets launched by the hooks
  std::vector<at::Tensor> hooked;  // registered once: hooks stay with the tensors

  at::Tensor slot(size_t i) {
    const auto& p = params[i];
    return buckets[bucket_of[i]].flat.narrow(0, offset[i], p.numel()).view(p.sizes());
  }

  // Writes parameter i's full gradient (this backward's `incoming` plus what
  // earlier passes accumulated) into its slot.
  void fill(size_t i, const at::Tensor& incoming) {
    at::NoGradGuard no_grad;
    auto s = slot(i);
    const auto& g = params[i].grad();
    if (incoming.defined() && g.defined()) at::add_out(s, incoming, g);
    else if (incoming.defined()) s.copy_(incoming);
    else if (g.defined()) s.copy_(g);
    else s.zero_();
    ready[i] = true;
  }

  void launch_ready() {
    while (next < buckets.size() && buckets[next].pending == 0) {
      auto& b = buckets[next++];
      std::vector<at::Tensor> t{b.flat};
      world->guarded("reducing gradients", [&] { b.work = world->group->allreduce(t); });
    }
  }

  void on_gradient(size_t i, const at::Tensor& incoming) {
    if (!armed || ready[i]) return;
    fill(i, incoming);
    --buckets[bucket_of[i]].pending;
    launch_ready();
  }
};

GradientReducer::GradientReducer(World& world, std::vector<at::Tensor> parameters) {
  if (!world.impl_) return;
  state_ = std::make_shared<State>();
  auto& s = *state_;
  s.world = world.impl_.get();
  s.params = std::move(parameters);
  const size_t n = s.params.size();
  s.bucket_of.resize(n), s.offset.resize(n), s.ready.assign(n, false);
  // Reverse order: backward produces the last layers' gradients first.
  int64_t bucket_elements = 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t i = n - 1 - k;
    const auto& p = s.params[i];
    NMT_CHECK(p.scalar_type() == s.params.back().scalar_type() && p.device() == s.params.back().device(),
              "gradient buckets need parameters of one type on one device");
    const int64_t bytes = p.numel() * static_cast<int64_t>(p.element_size());
    if (s.buckets.empty() || (bucket_elements > 0 && (bucket_elements * p.element_size() + bytes) > world.options().bucket_bytes)) {
      s.buckets.emplace_back();
      bucket_elements = 0;
    }
    s.bucket_of[i] = s.buckets.size() - 1;
    s.offset[i] = bucket_elements;
    s.buckets.back().members.push_back(i);
    bucket_elements += p.numel();
    s.buckets.back().pending = bucket_elements;  // size for now
  }
  for (auto& b : s.buckets) {
    b.flat = at::zeros({b.pending}, s.params.back().options());
    b.pending = 0;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!s.params[i].requires_grad()) continue;
    std::weak_ptr<State> weak = state_;  // the hooks outlive the reducer with the parameters
    s.params[i].register_hook([weak, i](const at::Tensor& grad) {
      if (auto st = weak.lock()) st->on_gradient(i, grad);
    });
  }
}

GradientReducer::~GradientReducer() = default;

void GradientReducer::arm() {
  if (!state_) return;
  auto& s = *state_;
  s.armed = true;
  s.next = 0;
  s.ready.assign(s.params.size(), false);
  for (auto& b : s.buckets) b.pending = static_cast<int64_t>(b.members.size()), b.work.reset();
}

void GradientReducer::finish() {
  if (!state_) return;
  auto& s = *state_;
  if (!s.armed) arm();  // nothing launched yet: everything goes now
  s.armed = false;
  s.early = static_cast<int>(s.next);
  for (size_t i = 0; i < s.params.size(); ++i) {
    if (s.ready[i]) continue;
    s.fill(i, at::Tensor());
    --s.buckets[s.bucket_of[i]].pending;
  }
  s.launch_ready();
  const auto start = Clock::now();
  for (auto& b : s.buckets) {
    s.world->guarded("reducing gradients", [&] { b.work->wait(); });
    b.work.reset();
  }
  s.wait_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  at::NoGradGuard no_grad;
  for (size_t i = 0; i < s.params.size(); ++i) {
    auto& p = s.params[i];
    if (p.grad().defined()) p.mutable_grad().copy_(s.slot(i));
    else p.mutable_grad() = s.slot(i).clone();
  }
}

double GradientReducer::last_wait_seconds() const { return state_ ? state_->wait_seconds : 0.0; }
int GradientReducer::last_early_buckets() const { return state_ ? state_->early : 0; }
int GradientReducer::bucket_count() const { return state_ ? static_cast<int>(state_->buckets.size()) : 0; }

std::unique_ptr<GradientReducer> World::gradient_reducer(const std::vector<at::Tensor>& parameters) {
  return std::make_unique<GradientReducer>(*this, parameters);
}

}  // namespace nmt::dist
