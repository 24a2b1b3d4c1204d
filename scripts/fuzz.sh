#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/, clang's libFuzzer with AddressSanitizer and
# UBSan) in build-fuzz/ and runs each for SECONDS (default 60), starting
# from fuzz/seeds/TARGET and keeping what it finds new in
# build-fuzz/corpus/TARGET. A crash stops the run: its input is kept as
# build-fuzz/TARGET-crash-* and the script exits non-zero. The last lines of
# each run (executions, coverage) are printed. With --runs N (the test
# suite's smoke run), each target makes N inputs from a fixed seed instead,
# so that the run is the same on every machine.
#   bash scripts/fuzz.sh [--seconds N | --runs N] [TARGET...]   (targets: request html sentences tmx npy document)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 runs=0
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -*) echo "usage: $0 [--seconds N | --runs N] [TARGET...]" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=(request html sentences tmx npy document)
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is missing (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }
build=build-fuzz
if [ ! -f "$build/build.ninja" ]; then
  cmake -S fuzz -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
ninja -C "$build" >/dev/null
status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t"
  if ((runs > 0)); then
    log=$build/$t-smoke.log
    echo "== $t: $runs inputs (seed 1)"
    limit=(-runs="$runs" -seed=1)
    # A copy of the seeds only (libFuzzer writes what it finds into the
    # first folder): the same run everywhere.
    rm -rf "$build/smoke/$t" && mkdir -p "$build/smoke/$t" && cp "fuzz/seeds/$t/"* "$build/smoke/$t/"
    corpus=("$build/smoke/$t")
  else
    log=$build/$t.log
    echo "== $t: ${seconds} s"
    limit=(-max_total_time="$seconds")
    corpus=("$build/corpus/$t")
  fi
  if ! "$build/${t}_fuzz" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="$build/$t-" "${corpus[@]}" $( ((runs > 0)) || echo "fuzz/seeds/$t") >"$log" 2>&1; then
    status=1
    echo "fuzz.sh: $t found a failure; the input is $(ls -t "$build/$t-"* 2>/dev/null | head -1)" >&2
    grep -a -m 20 -E "ERROR|SUMMARY|expected|runtime error|what\(\)" "$log" | tail -20 >&2 || true
  fi
  grep -a -E "^#[0-9]+ +(DONE|pulse)|Done [0-9]+ runs" "$log" | tail -2 || true
done
exit $status
