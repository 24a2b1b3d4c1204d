#!/usr/bin/env bash
# A pivot against the direct pair, on the gettext catalogs of this machine
# (bench/mo_pairs.py): X -> Y trained on the messages both translate,
# against X -> en -> Y through two models trained on every message each
# language translates, the same 1,000 held-out messages scored by both.
# The pivot goes through nmt serve (LibreTranslate's pivot: no X -> Y model
# loaded, X -> en and en -> Y are), the direct pair through nmt translate.
#   bash bench/pivot_bleu.sh [X Y [MINUTES]]   (default de es 6: minutes of training per model)
set -euo pipefail
cd "$(dirname "$0")/.."
x=${1:-de} y=${2:-es} minutes=${3:-6}
nmt=$PWD/build/nmt
work=$(mktemp -d /tmp/nmt-pivot.XXXXXX)
echo "work: $work"
python3 bench/mo_pairs.py "$x" "$y" "$work/data"
d=$work/data
train() {  # SRC TGT SRC_FILE TGT_FILE DEV_SRC DEV_TGT OUT
  "$nmt" train --train-src "$3" --train-tgt "$4" --dev-src "$5" --dev-tgt "$6" --src-lang "$1" --tgt-lang "$2" \
    --max-time $((minutes * 60)) --threads 2 --out "$7" >"$7.log" 2>&1 || { tail -20 "$7.log"; exit 1; }
  grep -E "^(preset|vocab|stopped|best)" "$7.log" | head -5 || true
}
train "$x" "$y" "$d/direct.$x" "$d/direct.$y" "$d/dev.$x" "$d/dev.$y" "$work/direct"
train "$x" en "$d/xen.$x" "$d/xen.en" "$d/dev.$x" "$d/dev.en" "$work/xen"
train en "$y" "$d/eny.en" "$d/eny.$y" "$d/dev.en" "$d/dev.$y" "$work/eny"

"$nmt" translate --model "$work/direct" --input "$d/test.$x" --output "$work/direct.$y" --threads 2 2>/dev/null
# The pivot as a user gets it: nmt serve with X -> en and en -> Y only.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$nmt" serve --model "$work/xen:$x-en" --model "$work/eny:en-$y" --port "$port" --threads 2 --cache-mb 0 \
  >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 300); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
python3 - "$port" "$d/test.$x" "$work/pivot.$y" "$x" "$y" <<'PY'
import json, sys, urllib.request
port, src, out, x, y = sys.argv[1:6]
lines = open(src, encoding="utf-8").read().splitlines()
got = []
for i in range(0, len(lines), 50):
    body = json.dumps({"q": lines[i:i + 50], "source": x, "target": y}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/translate", body, {"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(req, timeout=600))
    assert answer["pivot"] == ["en"] * len(answer["translatedText"]), answer.get("pivot")
    got += answer["translatedText"]
open(out, "w", encoding="utf-8").write("".join(t.replace("\n", " ") + "\n" for t in got))
PY
# The pivot's halves alone, for what each loses.
"$nmt" translate --model "$work/xen" --input "$d/test.$x" --output "$work/xen.en" --threads 2 2>/dev/null
"$nmt" translate --model "$work/eny" --input "$d/test.en" --output "$work/eny.$y" --threads 2 2>/dev/null
score() { "$nmt" score --ref "$1" --hyp "$2" --metrics bleu,chrf | tr '\n' ' '; echo; }
echo "direct $x->$y:            $(score "$d/test.$y" "$work/direct.$y")"
echo "pivot $x->en->$y (serve): $(score "$d/test.$y" "$work/pivot.$y")"
echo "  $x->en alone:           $(score "$d/test.en" "$work/xen.en")"
echo "  en->$y alone:           $(score "$d/test.$y" "$work/eny.$y")"
