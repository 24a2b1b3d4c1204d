#include "nmt/cli/stop_signal.h"

#include <unistd.h>

#include <csignal>
#include <cstring>

namespace nmt::cli {
namespace {

volatile std::sig_atomic_t received = 0;

extern "C" void on_stop_signal(int signal) {
  received = signal;
  const char note[] = "\nnmt: stopping after this step and saving a checkpoint (again to abort at once)\n";
  [[maybe_unused]] auto written = ::write(2, note, sizeof note - 1);
}

}  // namespace

void install_stop_handlers() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = on_stop_signal;
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int stop_signal() { return received; }

}  // namespace nmt::cli
