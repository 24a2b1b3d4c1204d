#!/usr/bin/env bash
# A one-line request sent while a long one (300 lines) is being translated:
# how long each takes, with the priority worker (the default,
# --priority-sentences 8) and without it (--priority-sentences 0), the
# two in turn on fresh servers (the translation cache off, so that each
# try translates).
#   bash bench/serve_short_behind_long.sh RUN_DIR[:SRC-TGT] [--lines 300] [--tries 3] [--rounds 2] [--input FILE]
# Prints one Markdown row per try, then the range of each mode.
set -euo pipefail
cd "$(dirname "$0")/.."
model="$1"; shift
lines=300 tries=3 rounds=2 input=data/bible-en-es/test.en
while (($#)); do
  case "$1" in
    --lines) lines="$2"; shift 2 ;;
    --tries) tries="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --input) input="$2"; shift 2 ;;
    *) echo "usage: $0 RUN_DIR[:SRC-TGT] [--lines N] [--tries N] [--rounds N] [--input FILE]" >&2; exit 2 ;;
  esac
done
export OMP_WAIT_POLICY=PASSIVE
nmt=./build/nmt
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
python3 - "$input" "$lines" "$work" <<'PY'
import json, sys
src, n, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = [l.rstrip("\n") for l in open(src, encoding="utf-8")]
json.dump({"q": lines[:n], "source": "auto", "target": "auto"}, open(work + "/long.json", "w"))
json.dump({"q": lines[n], "source": "auto", "target": "auto"}, open(work + "/short.json", "w"))
PY
port=5093
# The served pair's languages, for the requests.
start() {
  "$nmt" serve --model "$model" --port "$port" --cache-mb 0 "$@" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$port/languages" >"$work/languages.json" 2>/dev/null && return 0
    sleep 0.2
  done
  cat "$work/server.log" >&2
  exit 1
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
post() { curl -sf -o /dev/null -w '%{time_total}' -H 'Content-Type: application/json' --data @"$1" "http://127.0.0.1:$port/translate"; }
echo "| mode | try | short request s | long request s |"
echo "|---|---:|---:|---:|"
: >"$work/results"
for round in $(seq 1 "$rounds"); do
  for mode in priority none; do
    if [ "$mode" = priority ]; then start; else start --priority-sentences 0; fi
    # Languages from /languages: the first source and its first target.
    python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
langs = json.load(open(work + "/languages.json"))
src = langs[0]["code"]; tgt = langs[0]["targets"][0] if langs[0]["targets"][0] != src else langs[0]["targets"][1]
for name in ("long", "short"):
    body = json.load(open(f"{work}/{name}.json")); body["source"], body["target"] = src, tgt
    json.dump(body, open(f"{work}/{name}.json", "w"))
PY
    post "$work/short.json" >/dev/null  # warm
    for t in $(seq 1 "$tries"); do
      post "$work/long.json" >"$work/long.time" &
      long=$!
      sleep 0.3
      short=$(post "$work/short.json")
      wait "$long"
      echo "| $mode | $round.$t | $short | $(cat "$work/long.time") |"
      echo "$mode $short $(cat "$work/long.time")" >>"$work/results"
    done
    stop
  done
done
python3 - "$work/results" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
for mode in ("priority", "none"):
    s = [float(r[1]) for r in rows if r[0] == mode]; l = [float(r[2]) for r in rows if r[0] == mode]
    print(f"{mode}: short {min(s):.2f}-{max(s):.2f} s, long {min(l):.2f}-{max(l):.2f} s")
PY
