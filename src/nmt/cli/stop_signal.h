#pragma once
// SIGINT/SIGTERM during training (nmt train, nmt distill) ask the run to save
// a checkpoint and stop after the current step. The handler resets itself, so
// a second Ctrl-C kills at once (the last checkpoint is still intact).
namespace nmt::cli {

void install_stop_handlers();
// The signal received (SIGINT, SIGTERM), 0 while none.
int stop_signal();

}  // namespace nmt::cli
