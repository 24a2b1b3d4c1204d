#!/usr/bin/env bash
# The CPU engine and the cpu stage (src/nmt/infer, src/nmt/cpu) compile for
# ARM64 with Debian's cross compiler: every x86 part (intrinsics, cpuid,
# the AVX-512 and AVX2 kernels) is behind its guard, and the portable
# kernels stand alone. Compiles only: nothing is linked or run.
#   aarch64_compile.sh CROSS_CXX REPO_DIR DNNL_INCLUDE_DIR TORCH_INCLUDE_DIR
set -euo pipefail
cxx=$1 repo=$2 dnnl=$3 torch=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Only the libraries' own headers, not the host's /usr/include (its glibc
# and asm headers are x86's).
mkdir "$work/include"
for d in "$dnnl/oneapi" "$torch/torch" "$torch/ATen" "$torch/c10" "$torch/caffe2" /usr/include/nlohmann; do
  [ -e "$d" ] && ln -s "$d" "$work/include/"
done
count=0
for source in "$repo"/src/nmt/cpu/*.cpp "$repo"/src/nmt/infer/*.cpp; do
  case "$source" in *_avx512.cpp) continue ;; esac  # x86-only: CMake adds it only there
  object="$work/$(basename "$source").o"
  if ! "$cxx" -std=c++17 -O2 -fopenmp-simd -DNMT_HAVE_DNNL -I"$repo/src" -I"$work/include" \
      -isystem "$work/include/torch/csrc/api/include" -c "$source" -o "$object" 2>"$work/errors"; then
    head -30 "$work/errors"
    echo "FAILED: $source does not compile for aarch64"
    exit 1
  fi
  machine=$(readelf -h "$object" | awk -F: '/Machine/ { gsub(/^ +/, "", $2); print $2 }')
  [ "$machine" = AArch64 ] || { echo "FAILED: $object is for '$machine', not AArch64"; exit 1; }
  count=$((count + 1))
done
[ "$count" -ge 10 ] || { echo "FAILED: only $count sources found under $repo/src/nmt/{cpu,infer}"; exit 1; }
echo "$count of $count engine and cpu sources compiled for aarch64 ($("$cxx" --version | head -1))"
