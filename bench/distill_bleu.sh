#!/usr/bin/env bash
# Distillation (nmt distill), measured on this machine, one run after another:
# a teacher (TEACHER=RUN_DIR, or one trained here on the bundled Bible corpus
# for 10 minutes as scripts/demo.sh does) translates the corpus's 12,000
# sources with beam 4; a student (STUDENT_OPTIONS, default student-tiny)
# trains on its translations for MINUTES minutes. Then both translate the
# 500 test verses: BLEU, chrF and speed (sentences/s and source words/s, from
# nmt translate's own clock), 2 threads and 1, float32 and int8 (the student
# with its shortlist, its run's default).
#   bash bench/distill_bleu.sh [MINUTES]   (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
nmt=$PWD/build/nmt
bible=$PWD/data/bible-en-es
work=$(mktemp -d /tmp/nmt-distill.XXXXXX)
echo "work: $work; CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(grep -m1 -o -w -E 'avx512_bf16|avx512f|avx2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
teacher=${TEACHER:-}
if [ -z "$teacher" ]; then
  teacher=$work/teacher
  "$nmt" train --train-src "$bible/train.en" --train-tgt "$bible/train.es" --dev-src "$bible/dev.en" \
    --dev-tgt "$bible/dev.es" --src-lang en --tgt-lang es --max-time 600 --threads 2 --out "$teacher" \
    >"$teacher.log" 2>&1 || { tail -20 "$teacher.log"; exit 1; }
fi
start=$(date +%s)
# shellcheck disable=SC2086
"$nmt" distill --teacher "$teacher" --train-src "$bible/train.en" --train-tgt "$bible/train.es" \
  --dev-src "$bible/dev.en" --dev-tgt "$bible/dev.es" --out "$work/student" --max-time $((minutes * 60)) \
  ${STUDENT_OPTIONS:-} >"$work/distill.log" 2>&1 || { tail -20 "$work/distill.log"; exit 1; }
grep -E "^(distill: .* holds|model:|stopped)" "$work/distill.log" | cut -c1-220
echo "distill took $(($(date +%s) - start)) s (teacher's translations, shortlist, student's training)"
words=$(wc -w <"$bible/test.en")
row() {  # NAME MODEL THREADS OPTIONS...
  local name=$1 model=$2 threads=$3; shift 3
  "$nmt" translate --model "$model" --input "$bible/test.en" --threads "$threads" "$@" >"$work/hyp" 2>"$work/tr.log"
  local seconds
  seconds=$(sed -n 's/^translated .* tokens in \([0-9.]*\) s .*/\1/p' "$work/tr.log")
  local scores
  scores=$("$nmt" score --ref "$bible/test.es" --hyp "$work/hyp" --metrics bleu,chrf |
    awk -F' = ' '{ split($2, value, " "); printf "%s | ", value[1] }')
  awk -v n="$name" -v t="$threads" -v s="$seconds" -v w="$words" -v sc="$scores" 'BEGIN {
    printf "| %s | %d | %s%.1f | %.0f | %.0f |\n", n, t, sc, 500 / s, w / s, w / s / t }'
}
echo "| model | threads | BLEU | chrF | sentences/s | source words/s | per thread |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for threads in 2 1; do
  row "teacher float32" "$teacher" "$threads"
  row "teacher int8" "$teacher" "$threads" --quantize int8
  row "student float32" "$work/student" "$threads" --quantize none --shortlist none
  row "student int8 + shortlist" "$work/student" "$threads"
done
