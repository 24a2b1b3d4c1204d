#!/usr/bin/env bash
# Distillation (nmt distill), measured on this machine, one run after another:
# a teacher (TEACHER=RUN_DIR, or one trained here for TEACHER_MINUTES minutes,
# default 10, as scripts/demo.sh does) translates the corpus's training
# sources with beam 4; a student (STUDENT_OPTIONS, default student-tiny)
# trains on its translations for MINUTES minutes. Then both translate the
# test set: BLEU, chrF and speed (sentences/s and source words/s, from nmt
# translate's own clock), 2 threads and 1, float32 and int8 (the student
# with its shortlist, its run's default).
#   bash bench/distill_bleu.sh [MINUTES]   (default 10)
# The corpus: CORPUS=DIR (default the bundled data/bible-en-es) holding
# {train,dev,test}.SRC and .TGT; SRC and TGT default to en and es (for
# ../shared/data/ddtp-en-de: SRC=src TGT=tgt, LANGS="en de").
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
nmt=$PWD/build/nmt
corpus=$(realpath "${CORPUS:-data/bible-en-es}")
src=${SRC:-en}
tgt=${TGT:-es}
read -r src_lang tgt_lang <<<"${LANGS:-en es}"
work=$(mktemp -d /tmp/nmt-distill.XXXXXX)
echo "work: $work; corpus: $corpus; CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(grep -m1 -o -w -E 'avx512_bf16|avx512f|avx2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
teacher=${TEACHER:-}
if [ -z "$teacher" ]; then
  teacher=$work/teacher
  "$nmt" train --train-src "$corpus/train.$src" --train-tgt "$corpus/train.$tgt" --dev-src "$corpus/dev.$src" \
    --dev-tgt "$corpus/dev.$tgt" --src-lang "$src_lang" --tgt-lang "$tgt_lang" \
    --max-time $((${TEACHER_MINUTES:-10} * 60)) --threads 2 --out "$teacher" \
    >"$teacher.log" 2>&1 || { tail -20 "$teacher.log"; exit 1; }
fi
start=$(date +%s)
# shellcheck disable=SC2086
"$nmt" distill --teacher "$teacher" --train-src "$corpus/train.$src" --train-tgt "$corpus/train.$tgt" \
  --dev-src "$corpus/dev.$src" --dev-tgt "$corpus/dev.$tgt" --out "$work/student" --max-time $((minutes * 60)) \
  ${STUDENT_OPTIONS:-} >"$work/distill.log" 2>&1 || { tail -20 "$work/distill.log"; exit 1; }
grep -E "^(distill: .* holds|model:|stopped)" "$work/distill.log" | cut -c1-220
echo "distill took $(($(date +%s) - start)) s (teacher's translations, shortlist, student's training)"
lines=$(wc -l <"$corpus/test.$src")
words=$(wc -w <"$corpus/test.$src")
row() {  # NAME MODEL THREADS OPTIONS...
  local name=$1 model=$2 threads=$3; shift 3
  "$nmt" translate --model "$model" --input "$corpus/test.$src" --threads "$threads" "$@" >"$work/hyp" 2>"$work/tr.log"
  local seconds
  seconds=$(sed -n 's/^translated .* tokens in \([0-9.]*\) s .*/\1/p' "$work/tr.log")
  local scores
  scores=$("$nmt" score --ref "$corpus/test.$tgt" --hyp "$work/hyp" --metrics bleu,chrf |
    awk -F' = ' '{ split($2, value, " "); printf "%s | ", value[1] }')
  awk -v n="$name" -v t="$threads" -v s="$seconds" -v l="$lines" -v w="$words" -v sc="$scores" 'BEGIN {
    printf "| %s | %d | %s%.1f | %.0f | %.0f |\n", n, t, sc, l / s, w / s, w / s / t }'
}
echo "test set: $lines lines, $words source words, beam 4"
echo "| model | threads | BLEU | chrF | sentences/s | source words/s | per thread |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for threads in 2 1; do
  row "teacher float32" "$teacher" "$threads"
  row "teacher int8" "$teacher" "$threads" --quantize int8
  if [ -f "$work/student/shortlist.bin" ]; then  # none with --no-shortlist in STUDENT_OPTIONS
    row "teacher int8 + shortlist" "$teacher" "$threads" --quantize int8 --shortlist "$work/student/shortlist.bin"
  fi
  row "student float32" "$work/student" "$threads" --quantize none --shortlist none
  row "student int8 + shortlist" "$work/student" "$threads"
done
