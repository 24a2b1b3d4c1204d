#!/usr/bin/env bash
# The main job: install, build, train a Transformer with the defaults on the bundled
# English->Spanish Bible slice, translate a few sentences, score the held-out
# slice with BLEU and chrF.
#   bash scripts/demo.sh [--minutes N]     (default 10 minutes of training)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=10
while (($#)); do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    *) echo "usage: $0 [--minutes N]" >&2; exit 2 ;;
  esac
done

bash scripts/install.sh
bash scripts/build.sh nmt
export OMP_WAIT_POLICY=PASSIVE

data=data/bible-en-es
run=runs/demo
rm -rf "$run"
mkdir -p runs
start=$(date +%s)
# The defaults choose the model, the recipe and the schedule from the corpus
# and the budget (--preset auto, docs/training.md, "Training recipe") and say what they
# chose; every validation shows three dev translations.
./build/nmt train --train-src $data/train.en --train-tgt $data/train.es --dev-src $data/dev.en --dev-tgt $data/dev.es \
  --max-time $((minutes * 60)) --valid-every 500 --valid-show 3 --save-every 500 --out "$run" 2>&1 | tee "$run.log"

echo
echo "== what the model made of the first dev verses, at the first and at the last validation"
awk '/^step [0-9]+ \| dev loss/ { n++; head[n] = $0; body[n] = "" }
     /^  (source|translation|reference):/ { body[n] = body[n] $0 "\n" }
     END { if (n) { printf "%s\n%s", head[1], body[1]; if (n > 1) printf "...\n%s\n%s", head[n], body[n] } }' "$run.log"

echo
echo "== a few translations (beam 4)"
printf '%s\n' "In the beginning God created the heavens and the earth." \
  "Jesus said to them, \"Follow me.\"" \
  "The Lord is my shepherd; I shall not want." >"$run/examples.en"
./build/nmt translate --model "$run" --beam 4 --input "$run/examples.en" --output "$run/examples.es"
paste -d '\n' "$run/examples.en" "$run/examples.es" | sed 's/^/  /'

echo
echo "== held-out slice: $(wc -l < $data/test.en) verses, beam 4"
./build/nmt translate --model "$run" --input $data/test.en --output "$run/test.hyp" --beam 4 --batch 32
./build/nmt score --ref $data/test.es --hyp "$run/test.hyp"
echo "demo finished in $(( $(date +%s) - start )) s (training budget ${minutes} min)"
