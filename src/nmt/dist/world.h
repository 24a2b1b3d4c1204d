#pragma once
// A training process's place among the processes of one data-parallel job,
// and the collectives the trainer needs, on LibTorch's c10d: a TCPStore for
// the rendezvous, ProcessGroupGloo on CPUs and ProcessGroupNCCL on GPUs (when
// LibTorch has it). In one process every call is a no-op, so the trainer never
// branches on the number of processes (as PyTorch's DDP reads).
//
// Processes find each other through torchrun's variables (RANK, WORLD_SIZE,
// LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT), or Slurm's
// (SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID, SLURM_NTASKS_PER_NODE) under
// srun. Every collective must be called by every rank in the same order.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
}

namespace nmt::dist {

// Where this process stands. One process when no variable is set.
struct WorldInfo {
  int rank = 0, size = 1;              // RANK, WORLD_SIZE
  int local_rank = 0, local_size = 1;  // LOCAL_RANK, LOCAL_WORLD_SIZE: on this machine
  std::string master_addr = "127.0.0.1";
  int master_port = 29500;
  // A launcher (nmt train --nproc, torchrun) hosts the store and every rank
  // connects to it as a client (TORCHELASTIC_USE_AGENT_STORE=True); else rank
  // 0 hosts it.
  bool agent_store = false;
};

// Reads the variables; throws nmt::Error naming one that is not a number or
// out of range (RANK 2 with WORLD_SIZE 2, say).
WorldInfo world_from_env();

struct DistOptions {
  std::string backend = "auto";  // auto (gloo on CPU, nccl on CUDA) | gloo | nccl
  double timeout_s = 120;        // rendezvous and every collective: a dead or hung rank stops the others by then
  int64_t bucket_bytes = 25 << 20;  // gradients reduced together, as DDP's bucket_cap_mb
};

class GradientReducer;

class World {
 public:
  World();  // one process
  // Joins the job: rendezvous through the store (within the timeout, or an
  // error saying how many ranks came), then the process group. `device` is
  // "cpu" or "cuda[:N]" (the backend's choice).
  World(const WorldInfo& info, const DistOptions& options, const std::string& device);
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int rank() const { return info_.rank; }
  int size() const { return info_.size; }
  bool is_main() const { return info_.rank == 0; }
  const WorldInfo& info() const { return info_; }
  const DistOptions& options() const { return options_; }
  std::string backend() const;  // "none" in one process

  // Element-wise sums and maxima of `values` over the ranks, on every rank.
  std::vector<double> sum(std::vector<double> values);
  std::vector<double> max(std::vector<double> values);
  // True on every rank when it is true on any (a stop request, a failure).
  bool any(bool value) { return max({value ? 1.0 : 0.0})[0] > 0; }
  // Rank 0's tensors, copied in place into every other rank's.
  void broadcast(std::vector<at::Tensor> tensors);
  // Waits until every rank has come here. timeout_s 0: the options' timeout;
  // longer for a wait behind work of unknown length (rank 0 training a
  // vocabulary).
  void barrier(double timeout_s = 0);
  // Rank 0's text, on every rank (through the store).
  std::string share(const std::string& key, const std::string& text_on_rank0);

  // The sum over ranks of each parameter's gradient, bucketed; see GradientReducer.
  std::unique_ptr<GradientReducer> gradient_reducer(const std::vector<at::Tensor>& parameters);

  // Marks the step this rank is about to synchronise, for the message when a
  // collective fails.
  void entering_step(int64_t step);

  struct Impl;  // c10d objects (world.cpp)

 private:
  friend class GradientReducer;
  WorldInfo info_;
  DistOptions options_;
  std::unique_ptr<Impl> impl_;
};

// Gradients summed over the ranks, in buckets of about options.bucket_bytes
// launched in a fixed order (the parameters' reverse order, in which backward
// computes them), so that every rank issues the same collectives. Armed for a
// backward pass, it reduces each bucket as soon as autograd has produced all
// its gradients, overlapping communication with the rest of backward; finish()
// reduces whatever is left (all of it when not armed), waits, and writes the
// sums into the parameters' grad. In one process both calls do nothing.
class GradientReducer {
 public:
  GradientReducer(World& world, std::vector<at::Tensor> parameters);
  ~GradientReducer();
  // The next backward pass is the update's last one on this model: reduce
  // during it. Gradients already accumulated by earlier passes are included.
  void arm();
  void finish();
  // Seconds finish() spent waiting for reductions, in the last update: what
  // backward did not hide.
  double last_wait_seconds() const;
  // Buckets of the last update launched during backward (by the hooks),
  // out of bucket_count().
  int last_early_buckets() const;
  int bucket_count() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace nmt::dist
