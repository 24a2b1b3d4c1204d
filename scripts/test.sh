#!/usr/bin/env bash
# The whole test suite: install what is missing, build, run CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --tests
bash scripts/build.sh
# Passive OpenMP threads: busy-waiting ones slow everything else on a shared machine.
export OMP_WAIT_POLICY=PASSIVE
ctest --test-dir build --output-on-failure -j 2
