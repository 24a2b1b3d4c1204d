#!/usr/bin/env bash
# The CUDA build and its checks, on a machine with an NVIDIA GPU and a CUDA
# PyTorch (whose LibTorch the build links):
#
#   bash scripts/cuda_check.sh [--deps DEPS.tar.xz] [--out DIR] [--steps LIST]
#
# --deps  the libraries nmt builds on, packed by scripts/cuda_deps.sh on a
#         Debian 12 machine, for an image without Debian's development
#         packages; unpacked into build-cuda/deps and found from there
# --out   where the logs go (default build-cuda/check)
# --steps a comma-separated choice of (default: all, in this order)
#   build      configure and build into build-cuda (tcmalloc off: see below)
#   tests      the device-parametrised tests (every device and precision),
#              loss scaling and checkpoints, on the GPU
#   bench      nmt bench train --device cuda against peer_torch.py on the same
#              GPU, base preset, in fp32, bf16 and fp16 (bench.log)
#   curve      2000 updates of the small preset in fp32 and in fp16 with loss
#              scaling, the loss every 50 (curve.log)
#   translate  the small fp32 model's test-set translations on the GPU and on
#              the CPU, beam 4, their BLEU and how many lines agree; nmt
#              distill's translate stage on the GPU, against nmt translate
#   tcmalloc   a short GPU run with tcmalloc preloaded (it once crashed beside
#              CUDA), --precision auto
#   suite      the rest built, then CTest but the tests that need what a GPU
#              image lacks (chromium, clang's fuzzers, the ARM64 compiler) or
#              only learn on the CPU for minutes (recipe.*) (suite.log)
# PYTHON names the Python with the CUDA PyTorch (default python3).
set -uo pipefail
cd "$(dirname "$0")/.."
deps="" out=build-cuda/check steps=build,tests,bench,curve,translate,tcmalloc,suite
while (($#)); do
  case "$1" in
    --deps) deps=$(realpath "$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    *) echo "usage: $0 [--deps DEPS.tar.xz] [--out DIR] [--steps build,tests,bench,curve,translate,tcmalloc,suite]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out" build-cuda
out=$(realpath "$out")
want() { [[ ",$steps," == *",$1,"* ]]; }
say() { echo "== $(date +%T) $*" | tee -a "$out/summary.txt"; }

python=$(command -v "${PYTHON:-python3}")
prefix=$("$python" -c 'import torch; print(torch.utils.cmake_prefix_path)') || { say "no PyTorch in $python"; exit 1; }
"$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.get_device_name(0))' |
  tee -a "$out/summary.txt"
nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap --format=csv,noheader | tee -a "$out/summary.txt"
export TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1)}
export CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
[ -d "$CUDA_HOME/bin" ] && export PATH="$CUDA_HOME/bin:$PATH"
export NMT_PEER_PYTHON=$python
# What the CUDA LibTorch's own libraries export of protobuf and oneDNN, which
# nmt also links (Debian's): two copies of one symbol in a process interpose.
torch_lib=$("$python" -c 'import torch, os; print(os.path.join(os.path.dirname(torch.__file__), "lib"))')
for l in libtorch_cpu.so libtorch.so; do
  [ -f "$torch_lib/$l" ] || continue
  echo "$l exports: $(nm -D --defined-only "$torch_lib/$l" | c++filt | grep -c 'google::protobuf') protobuf," \
    "$(nm -D --defined-only "$torch_lib/$l" | grep -c ' dnnl_') dnnl_ symbols" | tee -a "$out/summary.txt"
done
nmt=build-cuda/nmt
data=data/bible-en-es
work=build-cuda/work
mkdir -p "$work"

if want build; then
  cmake_args=(-S . -B build-cuda -G Ninja -DCMAKE_BUILD_TYPE=Release "-DPython_EXECUTABLE=$python" -DNMT_TCMALLOC=OFF)
  prefixes="$prefix"
  if [ -n "$deps" ]; then
    root=$(realpath build-cuda)/deps
    lib=$root/usr/lib/x86_64-linux-gnu
    if [ ! -f "$root/.unpacked" ] || [ "$deps" -nt "$root/.unpacked" ]; then
      rm -rf "$root" && mkdir -p "$root/bin" && tar -C "$root" -xJf "$deps" && touch "$root/.unpacked"
    fi
    # pkg-config and protoc from the archive, on its libraries; .pc files read as if under /.
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s PKG_CONFIG_SYSROOT_DIR=%s PKG_CONFIG_LIBDIR=%s/pkgconfig:%s/usr/share/pkgconfig exec %s/usr/bin/pkgconf "$@"\n' \
      "$lib" "$root" "$lib" "$root" "$root" >"$root/bin/pkg-config"
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s/usr/bin/protoc "$@"\n' "$lib" "$root" >"$root/bin/protoc"
    chmod +x "$root/bin/pkg-config" "$root/bin/protoc"
    prefixes="$root/usr;$prefix"
    # DT_RPATH (not RUNPATH): it also serves the libraries those libraries load.
    rpath="-Wl,--disable-new-dtags -Wl,-rpath,$lib"
    cmake_args+=("-DPKG_CONFIG_EXECUTABLE=$root/bin/pkg-config" "-DProtobuf_PROTOC_EXECUTABLE=$root/bin/protoc"
                 "-DOPENSSL_ROOT_DIR=$root/usr" "-DCMAKE_LIBRARY_PATH=$lib"
                 "-DCMAKE_EXE_LINKER_FLAGS=$rpath" "-DCMAKE_SHARED_LINKER_FLAGS=$rpath" "-DCMAKE_MODULE_LINKER_FLAGS=$rpath")
  fi
  [ -x "$CUDA_HOME/bin/nvcc" ] && cmake_args+=("-DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc" "-DCUDAToolkit_ROOT=$CUDA_HOME")
  say "configure"
  cmake "${cmake_args[@]}" "-DCMAKE_PREFIX_PATH=$prefixes" >"$out/build.log" 2>&1 ||
    { tail -60 "$out/build.log"; say "configure failed"; exit 1; }
  grep -E 'c10d:|Torch|CUDA' "$out/build.log" | head -8
  say "build nmt and the torch-facing tests"
  if ! ninja -C build-cuda -j "$(nproc)" -k 0 nmt train_test model_test decode_test >>"$out/build.log" 2>&1; then
    grep -E "error|FAILED" -A4 "$out/build.log" | head -80
    say "build failed"
    exit 1
  fi
  say "built"
fi

if want tests; then
  # (The rest of the test binaries, CPU-only, run with the suite.)
  say "tests: the device-parametrised cases, loss scaling, checkpoints"
  (cd build-cuda/tests/train && timeout 300 ./train_test --gtest_filter='*DeviceTest*:*LossScale*:CheckpointTest*') \
    >"$out/tests.log" 2>&1
  echo "  exit $?" | tee -a "$out/summary.txt"
  grep -E '^\[  (PASSED|FAILED|SKIPPED) |FAILED \]|Failure|Expected|actual' "$out/tests.log" | head -40 |
    tee -a "$out/summary.txt"
fi

vocab=$work/vocab
if want bench || want curve || want tcmalloc; then
  [ -f "$vocab/spm.model" ] ||
    $nmt vocab --input $data/train.en --input $data/train.es --size 8000 --out "$vocab" >"$work/vocab.log" 2>&1 ||
    { tail "$work/vocab.log"; say "vocab failed"; }
fi

if want bench; then
  export NMT_PEER_TORCH=${NMT_PEER_TORCH:-$(realpath .gpu/peer_torch.py 2>/dev/null || realpath ../shared/bench/peer_torch.py)}
  for p in fp32 bf16 fp16; do
    # nmt alone first, then with the peer (--vs-torch): a failure of either leaves the other's figures.
    for peer in "" --vs-torch; do
      say "bench train, base, $p ${peer:-alone}"
      $nmt bench train --device cuda --precision "$p" --preset base --batch-tokens 16384 --steps 30 --warmup-steps 5 \
        --train-src $data/train.en --train-tgt $data/train.es --vocab "$vocab" --threads 8 $peer \
        --json "$work/bench_$p${peer:+_peer}.json" >>"$out/bench.log" 2>&1
      echo "  exit $?: $(grep -E 'tgt tok/s median|MFU' "$out/bench.log" | tail -2 | tr -s ' ' | tr '\n' ';')" |
        tee -a "$out/summary.txt"
    done
  done
  cat "$work"/bench_*.json >>"$out/bench.log"
fi

train_small() {  # precision, run dir, steps
  $nmt train --preset small --tie-embeddings --vocab "$vocab" --train-src $data/train.en --train-tgt $data/train.es \
    --dev-src $data/dev.en --dev-tgt $data/dev.es --batch-tokens 4096 --lr 1 --warmup 800 --max-steps "$3" \
    --log-every 50 --valid-every 0 --no-valid-translate --ema 0 --device cuda --precision "$1" --out "$2"
}

if want curve; then
  for p in fp32 fp16; do
    say "curve: small, $p, 2000 updates"
    rm -rf "$work/curve_$p"
    train_small "$p" "$work/curve_$p" 2000 >"$work/curve_$p.log" 2>&1
    echo "  exit $?: $(grep -E '^step +2000 ' "$work/curve_$p.log" | tr -s ' ')" | tee -a "$out/summary.txt"
    { echo "### $p"; cat "$work/curve_$p.log"; } >>"$out/curve.log"
  done
fi

if want translate && [ -d "$work/curve_fp32" ]; then
  say "translate: GPU against CPU, beam 4"
  for device in cuda cpu; do
    $nmt translate --model "$work/curve_fp32" --input $data/test.en --output "$work/test.$device" --beam 4 \
      --device $device --threads 8 2>>"$out/summary.txt"
  done
  $nmt score --ref $data/test.es --hyp "$work/test.cuda" 2>&1 | tee -a "$out/summary.txt"
  $nmt score --ref $data/test.es --hyp "$work/test.cpu" 2>&1 | tee -a "$out/summary.txt"
  paste -d '\t' "$work/test.cuda" "$work/test.cpu" |
    awk -F'\t' '$1 == $2 { same++ } END { print same " of " NR " lines identical (GPU against CPU, beam 4)" }' |
    tee -a "$out/summary.txt"
  say "translate: nmt distill's teacher on the GPU, 2000 training sources"
  head -n 2000 $data/train.en >"$work/distill.en"; head -n 2000 $data/train.es >"$work/distill.es"
  rm -rf "$work/distill_gpu"
  $nmt distill --teacher "$work/curve_fp32" --train-src "$work/distill.en" --train-tgt "$work/distill.es" \
    --out "$work/distill_gpu" --stage translate --device cuda --beam 4 2>&1 | tail -2 | tee -a "$out/summary.txt"
  $nmt translate --model "$work/curve_fp32" --input "$work/distill.en" --output "$work/distill.cuda" --beam 4 \
    --device cuda 2>/dev/null
  cut -f 2 "$work/distill_gpu/distilled.tsv" | paste -d '\t' - "$work/distill.cuda" |
    awk -F'\t' '$1 == $2 { same++ } END { print same " of " NR " distilled lines identical to nmt translate --device cuda" }' |
    tee -a "$out/summary.txt"
fi

if want tcmalloc && [ -n "$deps" ]; then
  say "tcmalloc preloaded beside CUDA: 200 updates"
  rm -rf "$work/tcmalloc"
  LD_PRELOAD=build-cuda/deps/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4 train_small auto "$work/tcmalloc" 200 \
    >"$work/tcmalloc.log" 2>&1
  echo "  exit $?: $(grep -E '^auto:|^step +200 ' "$work/tcmalloc.log" | tr '\n' ' ')" | tee -a "$out/summary.txt"
  tail -3 "$work/tcmalloc.log" >>"$out/summary.txt"
fi

if want suite; then
  say "suite: building the rest"
  ninja -C build-cuda -j "$(nproc)" -k 0 >>"$out/build.log" 2>&1 || grep -E "FAILED" "$out/build.log" | head -20
  say "suite: ctest"
  ctest --test-dir build-cuda -j "$(nproc)" --timeout 600 --output-on-failure -E '^(recipe\.|fuzz\.|serve\.web|infer\.engine_compiles_for_aarch64)' \
    >"$out/suite.log" 2>&1
  tail -40 "$out/suite.log" | tee -a "$out/summary.txt"
fi
say "done"
