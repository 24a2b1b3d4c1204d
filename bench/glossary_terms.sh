#!/usr/bin/env bash
# Glossaries (nmt translate --glossary), measured on this machine with a
# model trained on the bundled Bible corpus (MODEL=RUN_DIR, or one trained
# here for 10 minutes as scripts/demo.sh does), beam 4, 1 thread:
#  - terms: bench/data/bible-names.en-es.tsv, names of the test verses that
#    training saw at most once, spelled as the Spanish reference spells them.
#    Term use rate (a line's distinct target terms found in its output) with
#    and without the glossary, and BLEU / chrF of the 500 test verses both ways.
#  - speed: verses of the dev and test sets holding 1, 2 and 3 or more terms
#    of a glossary of common names (Moses -> Moisés ...), translated with and
#    without it; nmt translate's own clock, best of 3.
#   bash bench/glossary_terms.sh
set -euo pipefail
cd "$(dirname "$0")/.."
nmt=$PWD/build/nmt
bible=$PWD/data/bible-en-es
names=$PWD/bench/data/bible-names.en-es.tsv
work=$(mktemp -d /tmp/nmt-glossary.XXXXXX)
echo "work: $work; CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
  "$(grep -m1 -o -w -E 'avx512_bf16|avx512f|avx2' /proc/cpuinfo | sort -u | tr '\n' ' ')"
model=${MODEL:-}
if [ -z "$model" ]; then
  model=$work/model
  "$nmt" train --train-src "$bible/train.en" --train-tgt "$bible/train.es" --dev-src "$bible/dev.en" \
    --dev-tgt "$bible/dev.es" --src-lang en --tgt-lang es --max-time 600 --threads 2 --out "$model" \
    >"$model.log" 2>&1 || { tail -20 "$model.log"; exit 1; }
fi
translate() {  # INPUT OUTPUT OPTIONS... -> prints nmt translate's seconds
  local input=$1 output=$2; shift 2
  "$nmt" translate --model "$model" --input "$input" --output "$output" --threads 1 --beam 4 "$@" 2>"$work/tr.log"
  sed -n 's/^translated .* tokens in \([0-9.]*\) s .*/\1/p' "$work/tr.log"
}

translate "$bible/test.en" "$work/plain.es" >/dev/null
translate "$bible/test.en" "$work/glossary.es" --glossary "$names" >/dev/null
grep "^note:" "$work/tr.log" || true
python3 - "$names" "$bible/test.en" "$work/plain.es" "$work/glossary.es" <<'EOF'
import re, sys
entries = [l.split("\t") for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if l and not l.startswith("#")]
src = open(sys.argv[2], encoding="utf-8").read().splitlines()
outs = {name: open(path, encoding="utf-8").read().splitlines() for name, path in (("without", sys.argv[3]), ("with", sys.argv[4]))}
pairs = []  # (line, target term): the line holds the source term as a word
for i, line in enumerate(src):
    for s, t in {(s, t) for s, t in entries if re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", line)}:
        pairs.append((i, t))
print(f"terms: {len(pairs)} (line, term) pairs on {len({i for i, _ in pairs})} test verses")
for name, out in outs.items():
    used = sum(t in out[i] for i, t in pairs)
    print(f"  {name} the glossary: {used} of {len(pairs)} used ({100 * used / len(pairs):.1f}%)")
changed = sum(a != b for a, b in zip(outs["without"], outs["with"]))
term_lines = {i for i, _ in pairs}
changed_elsewhere = sum(outs["without"][i] != outs["with"][i] for i in range(len(src)) if i not in term_lines)
print(f"  lines changed by the glossary: {changed} (lines without a term: {changed_elsewhere})")
EOF
for hyp in plain glossary; do
  echo "$hyp: $("$nmt" score --ref "$bible/test.es" --hyp "$work/$hyp.es" --metrics bleu,chrf |
    sed 's/^\([A-Za-z0-9]*\)|[^=]* = \([0-9.]*\).*/\1 \2/' | tr '\n' ' ')"
done

cat >"$work/common.tsv" <<'EOF'
Moses	Moisés
Aaron	Aarón
Israel	Israel
Egypt	Egipto
Jerusalem	Jerusalén
Jesus	Jesús
David	David
Judah	Judá
Pharaoh	Faraón
Saul	Saúl
Solomon	Salomón
Babylon	Babilonia
Peter	Pedro
Paul	Pablo
Jacob	Jacob
Joseph	José
EOF
cat "$bible/dev.en" "$bible/test.en" | python3 -c '
import re, sys
terms = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8").read().splitlines()]
groups = {1: [], 2: [], 3: []}
for line in sys.stdin.read().splitlines():
    n = sum(1 for t in terms if re.search(r"(?<!\w)" + t + r"(?!\w)", line))
    if n: groups[min(n, 3)].append(line)
for n, lines in groups.items():
    open(sys.argv[2] + f"/terms{n}.en", "w", encoding="utf-8").write("".join(l + "\n" for l in lines))
' "$work/common.tsv" "$work"
echo "speed (seconds, best of 3; beam 4, 1 thread):"
for n in 1 2 3; do
  lines=$(wc -l <"$work/terms$n.en")
  best() {
    local b=""
    for _ in 1 2 3; do
      local s
      s=$(translate "$work/terms$n.en" "$work/out$n.es" "$@")
      if [ -z "$b" ] || python3 -c "import sys; sys.exit(0 if $s < $b else 1)"; then b=$s; fi
    done
    echo "$b"
  }
  without=$(best)
  with=$(best --glossary "$work/common.tsv")
  echo "  $n$([ "$n" = 3 ] && echo "+") term(s), $lines verses: without $without s, with $with s," \
    "$(python3 -c "print(f'{$with / $without:.2f}x')")"
done
