#!/usr/bin/env bash
# The recipe sweep: trains one configuration after another for the same
# training time on one corpus, translates its held-out test set (beam 4) with
# each run's final model, and writes a Markdown table of what the budget
# bought: steps, target tokens, test BLEU, chrF, brevity penalty and length
# ratio (short outputs show there before they show in BLEU).
#
#   bench/recipe_sweep.sh --corpus DIR --src EXT --tgt EXT --minutes M --configs FILE --out DIR [--nmt BIN]
#
# DIR holds train.EXT, dev.EXT and test.EXT of both sides. FILE has one
# configuration a line, "name: nmt train options" (blank lines and # comments
# skipped); every run gets the corpus, --max-time and --threads 2 besides.
# Rows are appended to OUT/table.md as runs finish; OUT/NAME.log is each
# run's training log.
set -euo pipefail
nmt=build/nmt corpus= src= tgt= minutes= configs= out=
while (($#)); do
  case "$1" in
    --corpus) corpus=$2; shift 2 ;;
    --src) src=$2; shift 2 ;;
    --tgt) tgt=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --configs) configs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --nmt) nmt=$2; shift 2 ;;
    *) echo "recipe_sweep.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for v in corpus src tgt minutes configs out; do
  [ -n "${!v}" ] || { echo "recipe_sweep.sh: --$v is required" >&2; exit 2; }
done
for side in "train.$src" "train.$tgt" "dev.$src" "dev.$tgt" "test.$src" "test.$tgt"; do
  [ -f "$corpus/$side" ] || { echo "recipe_sweep.sh: $corpus/$side does not exist" >&2; exit 2; }
done
[ -f "$configs" ] || { echo "recipe_sweep.sh: $configs does not exist" >&2; exit 2; }
export OMP_WAIT_POLICY=PASSIVE
mkdir -p "$out"
seconds=$(awk -v m="$minutes" 'BEGIN { printf "%g", m * 60 }')
table=$out/table.md
if [ ! -s "$table" ]; then
  echo "| run | options | steps | target tokens | test BLEU | chrF | BP | length ratio |" >"$table"
  echo "|---|---|---:|---:|---:|---:|---:|---:|" >>"$table"
fi

while IFS= read -r line || [ -n "$line" ]; do
  line=${line%%#*}
  [[ "$line" =~ ^[[:space:]]*$ ]] && continue
  name=$(echo "${line%%:*}" | xargs)
  options=$(echo "${line#*:}" | xargs)
  [[ "$name" =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "recipe_sweep.sh: bad run name '$name' in $configs" >&2; exit 2; }
  run=$out/$name
  rm -rf "$run"
  echo "== $name: $options ($minutes min)" >&2
  # shellcheck disable=SC2086  # the options are words of a command line
  "$nmt" train --train-src "$corpus/train.$src" --train-tgt "$corpus/train.$tgt" \
    --dev-src "$corpus/dev.$src" --dev-tgt "$corpus/dev.$tgt" --max-time "$seconds" --threads 2 \
    $options --out "$run" >"$run.log" 2>&1 || { echo "recipe_sweep.sh: $name failed, see $run.log" >&2; tail -3 "$run.log" >&2; exit 1; }
  "$nmt" translate --model "$run" --input "$corpus/test.$src" --output "$run/test.hyp" --beam 4 --batch 32 2>>"$run.log"
  "$nmt" score --json --ref "$corpus/test.$tgt" --hyp "$run/test.hyp" >"$run/test.json"
  stopped=$(grep '^stopped (' "$run.log" | tail -1)
  steps=$(echo "$stopped" | sed -n 's/.* at step \([0-9]*\);.*/\1/p')
  tokens=$(echo "$stopped" | sed -n 's/.*; \([0-9]*\) target tokens.*/\1/p')
  python3 - "$run/test.json" "$name" "$options" "$steps" "$tokens" >>"$table" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
b = s["bleu"]
print(f"| {sys.argv[2]} | `{sys.argv[3]}` | {sys.argv[4]} | {int(sys.argv[5]):,} | {b['score']:.2f} | "
      f"{s['chrf']['score']:.2f} | {b['bp']:.3f} | {b['sys_len'] / b['ref_len']:.3f} |")
PY
  tail -1 "$table" >&2
done <"$configs"
