#!/usr/bin/env bash
# On a machine with a GPU and a CUDA build of PyTorch (its LibTorch is used):
# build into build-cuda, run the test suite, then train and translate with
# --device cuda and compare the GPU's translations with the CPU's.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
prefix=$($python -c 'import torch; print(torch.utils.cmake_prefix_path)')
cmake -S . -B build-cuda -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >build-cuda.log 2>&1 ||
  { tail -40 build-cuda.log; exit 1; }
ninja -C build-cuda -j "$(nproc)" nmt >>build-cuda.log 2>&1 || { grep -E "error|FAILED" -A5 build-cuda.log | head -60; exit 1; }
ninja -C build-cuda -j "$(nproc)" -k 0 >>build-cuda.log 2>&1 || grep -E "error|FAILED" -A3 build-cuda.log | head -30
ctest --test-dir build-cuda --output-on-failure -j 8 | tail -15 || echo "(some tests failed)"

nmt=build-cuda/nmt
data=data/bible-en-es
run=$(mktemp -d)/run
$nmt train --preset small --tie-embeddings --vocab-size 4000 --train-src $data/train.en --train-tgt $data/train.es \
  --dev-src $data/dev.en --dev-tgt $data/dev.es --batch-tokens 4096 --lr 2 --warmup 400 --max-steps 600 \
  --log-every 100 --valid-every 300 --device cuda --out "$run"
for device in cuda cpu; do
  $nmt translate --model "$run" --input $data/test.en --output "$run/test.$device" --beam 4 --device $device --threads 8
done
$nmt score --ref $data/test.es --hyp "$run/test.cuda"
paste -d '\t' "$run/test.cuda" "$run/test.cpu" | awk -F'\t' '$1 == $2 { same++ } END { print same " of " NR " lines identical (GPU vs CPU, beam 4)" }'
