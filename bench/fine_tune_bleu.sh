#!/usr/bin/env bash
# Fine-tuning (nmt train --init-from), measured on this machine:
#  1. the Marian fixture (a Marian-trained en->es model, imported) fine-tuned
#     on the bundled Bible corpus for MINUTES_A minutes: test BLEU/chrF before
#     and after, with the run's own decoding defaults (Marian's search);
#  2. domain adaptation and forgetting: a Bible en->es model (GENERAL, or one
#     trained here for 10 minutes) fine-tuned on the software messages of the
#     gettext catalogs (bench/mo_pairs.py) for MINUTES_B minutes, without and
#     with --mix (30% Bible pairs), and a model trained from scratch on the
#     messages for as long; each scored on both test sets.
#   bash bench/fine_tune_bleu.sh [MINUTES_A [MINUTES_B]]   (default 2 3)
#   GENERAL=RUN_DIR: the Bible model to start from (default: train one)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes_a=${1:-2} minutes_b=${2:-3}
nmt=$PWD/build/nmt
bible=$PWD/data/bible-en-es
fixture=$PWD/../shared/fixtures/marian-tiny-en-es
work=$(mktemp -d /tmp/nmt-fine-tune.XXXXXX)
echo "work: $work; CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(grep -m1 -o -w -E 'avx512_bf16|avx512f|avx2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
score() {  # MODEL SRC REF -> "BLEU b chrF c"
  "$nmt" translate --model "$1" --input "$2" --threads 2 >"$work/hyp" 2>/dev/null
  "$nmt" score --ref "$3" --hyp "$work/hyp" --metrics bleu,chrf |
    awk -F' = ' '{ split($1, name, "|"); split($2, value, " "); printf "%s %s ", name[1], value[1] }'
}
train() {  # OUT MINUTES OPTIONS...
  local out=$1 minutes=$2; shift 2
  "$nmt" train "$@" --max-time $((minutes * 60)) --threads 2 --out "$out" >"$out.log" 2>&1 || { tail -20 "$out.log"; exit 1; }
  grep -E "^(fine-tuning: |stopped)" "$out.log" | sed 's/^/    /'
}

echo "## 1. The Marian fixture, fine-tuned on the Bible for $minutes_a minutes"
"$nmt" import marian "$fixture/model.npz" --vocab "$fixture/vocab.spm" --src-lang en --tgt-lang es \
  --out "$work/marian" 2>/dev/null
echo "  before: $(score "$work/marian" "$bible/test.en" "$bible/test.es")"
train "$work/marian-tuned" "$minutes_a" --init-from "$work/marian" --train-src "$bible/train.en" \
  --train-tgt "$bible/train.es" --dev-src "$bible/dev.en" --dev-tgt "$bible/dev.es"
echo "  after:  $(score "$work/marian-tuned" "$bible/test.en" "$bible/test.es")"

echo "## 2. A Bible model fine-tuned on gettext messages for $minutes_b minutes"
python3 bench/mo_pairs.py de es "$work/mo" >/dev/null
mo=$work/mo
paste "$bible/train.en" "$bible/train.es" >"$work/bible.tsv"
general=${GENERAL:-}
if [ -z "$general" ]; then
  general=$work/general
  train "$general" 10 --train-src "$bible/train.en" --train-tgt "$bible/train.es" --dev-src "$bible/dev.en" \
    --dev-tgt "$bible/dev.es" --src-lang en --tgt-lang es
fi
both() { echo "Bible $(score "$1" "$bible/test.en" "$bible/test.es")| messages $(score "$1" "$mo/test.en" "$mo/test.es")"; }
echo "  general model:           $(both "$general")"
messages=(--train-src "$mo/eny.en" --train-tgt "$mo/eny.es" --dev-src "$mo/dev.en" --dev-tgt "$mo/dev.es")
train "$work/tuned" "$minutes_b" --init-from "$general" "${messages[@]}"
echo "  fine-tuned:              $(both "$work/tuned")"
train "$work/mixed" "$minutes_b" --init-from "$general" "${messages[@]}" --mix "$work/bible.tsv:0.3"
echo "  fine-tuned, 30% Bible:   $(both "$work/mixed")"
train "$work/scratch" "$minutes_b" "${messages[@]}" --src-lang en --tgt-lang es
echo "  from scratch (messages): $(both "$work/scratch")"
