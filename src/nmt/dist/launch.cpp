#include "nmt/dist/launch.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "nmt/common/error.h"

namespace nmt::dist {
namespace {

volatile std::sig_atomic_t launcher_signal = 0;

extern "C" void on_launcher_signal(int signal) { launcher_signal = signal; }

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return "was killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
  }
  return "ended with status " + std::to_string(status);
}

int exit_code(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

struct Rank {
  pid_t pid = -1;
  bool running = false;
};

pid_t start_rank(const std::string& program, const std::vector<std::string>& args, int rank, int nproc, int port) {
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  NMT_CHECK(pid >= 0, "cannot start rank " << rank << ": fork failed: " << std::strerror(errno));
  if (pid > 0) return pid;
  // The child: only async-signal-safe calls until exec.
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != parent) ::_exit(1);  // the launcher died before prctl
  ::signal(SIGINT, SIG_DFL), ::signal(SIGTERM, SIG_DFL);
  // Its own process group: a Ctrl-C at the terminal reaches the launcher,
  // which passes it on once (a second SIGINT would abort the rank at once).
  ::setpgid(0, 0);
  const std::string r = std::to_string(rank), n = std::to_string(nproc), p = std::to_string(port);
  ::setenv("RANK", r.c_str(), 1), ::setenv("LOCAL_RANK", r.c_str(), 1);
  ::setenv("WORLD_SIZE", n.c_str(), 1), ::setenv("LOCAL_WORLD_SIZE", n.c_str(), 1);
  ::setenv("MASTER_ADDR", "127.0.0.1", 1), ::setenv("MASTER_PORT", p.c_str(), 1);
  ::setenv("TORCHELASTIC_USE_AGENT_STORE", "True", 1);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(program.c_str(), argv.data());
  ::_exit(127);
}

}  // namespace

int launch_local(const std::string& program, const std::vector<std::string>& args, const LaunchOptions& options) {
  NMT_CHECK(options.nproc >= 1, "--nproc must be >= 1, got " << options.nproc);
  auto say = [&](const std::string& line) {
    if (options.say) options.say(line);
  };
  // The store, on a port the system picks.
  c10d::TCPStoreOptions so;
  so.port = 0;
  so.isServer = true;
  so.waitWorkers = false;
  auto store = c10::make_intrusive<c10d::TCPStore>("127.0.0.1", so);
  const int port = store->getPort();

  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = on_launcher_signal;
  sigemptyset(&action.sa_mask);
  struct sigaction old_int, old_term;
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);

  std::vector<Rank> ranks(options.nproc);
  for (int r = 0; r < options.nproc; ++r) ranks[r] = {start_rank(program, args, r, options.nproc, port), true};
  say("started " + std::to_string(options.nproc) + " ranks (pids " + [&] {
    std::string pids;
    for (const auto& rank : ranks) pids += (pids.empty() ? "" : " ") + std::to_string(rank.pid);
    return pids;
  }() + "), rendezvous at 127.0.0.1:" + std::to_string(port));

  using Clock = std::chrono::steady_clock;
  int result = 0, running = options.nproc;
  bool failed = false, forwarded = false, terminated = false;
  Clock::time_point failed_at;
  while (running > 0) {
    if (launcher_signal && !forwarded) {
      forwarded = true;
      for (const auto& rank : ranks)
        if (rank.running) ::kill(rank.pid, launcher_signal);
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      for (int r = 0; r < options.nproc; ++r) {
        if (ranks[r].pid != pid || !ranks[r].running) continue;
        ranks[r].running = false, --running;
        const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        if (!ok && !failed) {
          failed = true, failed_at = Clock::now(), result = exit_code(status);
          if (!forwarded) {
            say("rank " + std::to_string(r) + " (pid " + std::to_string(pid) + ") " + describe_status(status) +
                (running > 0 ? "; waiting for the other ranks to stop" : ""));
          }
        } else if (!ok) {
          say("rank " + std::to_string(r) + " (pid " + std::to_string(pid) + ") " + describe_status(status));
        }
      }
      continue;
    }
    if (failed && running > 0) {
      const double waited = std::chrono::duration<double>(Clock::now() - failed_at).count();
      if (waited > options.grace_s && !terminated) {
        terminated = true;
        say("stopping the ranks still running after " + std::to_string(static_cast<int>(waited)) + " s");
        for (const auto& rank : ranks) {
          if (!rank.running) continue;
          ::kill(rank.pid, SIGTERM);
          ::kill(rank.pid, SIGCONT);  // a stopped rank gets the SIGTERM only once it runs
        }
      } else if (waited > options.grace_s + 10) {
        for (const auto& rank : ranks)
          if (rank.running) ::kill(rank.pid, SIGKILL);
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
  if (forwarded && result == 0) result = 128 + launcher_signal;
  return result;
}

}  // namespace nmt::dist
