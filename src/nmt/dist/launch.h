#pragma once
// `nmt train --nproc N`: N ranks of one job on this machine, started as
// torchrun starts them. The launcher hosts the rendezvous store on a free port
// of 127.0.0.1 (as torchrun's agent does), so the store outlives any rank and
// the others can say which rank died.
#include <string>
#include <vector>

namespace nmt::dist {

struct LaunchOptions {
  int nproc = 1;
  // After a rank fails, the others get this long to notice and stop by
  // themselves (a collective fails at once, or within --dist-timeout), then
  // SIGTERM, then SIGKILL.
  double grace_s = 130;
  // Each line the launcher itself prints ("rank 1 (pid 123) was killed by
  // signal 9 (Killed)").
  void (*say)(const std::string& line) = nullptr;
};

// Runs `program` with `args` as ranks 0..nproc-1, each with RANK, WORLD_SIZE,
// LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT and
// TORCHELASTIC_USE_AGENT_STORE set, and waits for all. SIGINT and SIGTERM
// to the launcher are passed on to every rank once (each saves a checkpoint
// and stops at the same step); a rank that the launcher outlives gets
// SIGTERM if the launcher dies. Returns the exit status for the launcher: 0
// when every rank succeeded, else the first failed rank's (128 + signal for
// a signal).
int launch_local(const std::string& program, const std::vector<std::string>& args, const LaunchOptions& options);

}  // namespace nmt::dist
