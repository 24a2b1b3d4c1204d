#!/usr/bin/env bash
# nmt serve as users meet it: starts the server over loopback on two tiny
# models (en-es and es-en, trained here in a few seconds, or NMT_WEB_MODELS's
# en-es/ and es-en/ run directories), and a second one that requires an API key,
# then runs client_test.mjs (the libretranslate npm client, fetch) and
# browser_test.mjs (the page in Debian's chromium through playwright-core).
#   run_web_tests.sh NMT_BINARY WORK_DIR
# WORK_DIR keeps node_modules (npm ci reruns only when package-lock.json
# changes) and the screenshot, serve-page.png (NMT_SCREENSHOT=FILE for another
# place). Needs node >= 18, npm (the registry or its cache) and chromium:
# scripts/install.sh installs them.
set -euo pipefail
nmt=$(realpath "$1")
work=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/../../.." && pwd)/data/bible-en-es
export OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL: $*" >&2; exit 1; }
command -v node >/dev/null || fail "no node on PATH (bash scripts/install.sh)"
command -v npm >/dev/null || fail "no npm on PATH (bash scripts/install.sh)"
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || fail "no chromium at $CHROMIUM (bash scripts/install.sh)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
  fail "node $(node --version) is too old: the tests need node 18 or newer"

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# ---- node packages: those scripts/install.sh --tests put beside the tests,
# else installed here, in WORK_DIR ----------------------------------------------
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/client_test.mjs" "$here/browser_test.mjs" "$work/"
if cmp -s "$here/package-lock.json" "$here/node_modules/.nmt-package-lock.json"; then
  rm -rf "$work/node_modules"
  ln -s "$here/node_modules" "$work/node_modules"
elif ! cmp -s "$here/package-lock.json" "$work/node_modules/.nmt-package-lock.json"; then
  [ -L "$work/node_modules" ] && rm "$work/node_modules"
  (cd "$work" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error) || fail "npm ci failed in $work"
  cp "$here/package-lock.json" "$work/node_modules/.nmt-package-lock.json"
fi

# ---- models ------------------------------------------------------------------
# tiny_model SRC TGT: a tiny model, a few dozen steps on 300 verses. Its
# translations are poor; the tests compare answers with each other, not text.
tiny_model() {
  head -n 300 "$data/train.$1" >"$tmp/$1-$2.src"
  head -n 300 "$data/train.$2" >"$tmp/$1-$2.tgt"
  "$nmt" train --preset tiny --train-src "$tmp/$1-$2.src" --train-tgt "$tmp/$1-$2.tgt" --vocab-size 300 \
    --max-steps 30 --batch-tokens 512 --log-every 10 --out "$tmp/$1-$2" >"$tmp/train-$1-$2.log" 2>&1 ||
    { cat "$tmp/train-$1-$2.log"; fail "training the tiny $1-$2 model failed"; }
  echo "$tmp/$1-$2"
}
if [ -n "${NMT_WEB_MODELS:-}" ]; then
  en_es=$NMT_WEB_MODELS/en-es es_en=$NMT_WEB_MODELS/es-en
else
  en_es=$(tiny_model en es)
  es_en=$(tiny_model es en)
fi

# ---- servers -------------------------------------------------------------------
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# start_server LOG ARGS...: starts nmt serve, waits for GET /health, sets $url.
# (Not in a $(...) subshell: the server's pid must reach the trap.)
start_server() {
  local log=$1 port pid
  shift
  port=$(free_port)
  url=http://127.0.0.1:$port
  "$nmt" serve --host 127.0.0.1 --port "$port" "$@" >"$log" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 600); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$url/health"; then
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; fail "nmt serve exited before answering /health"; }
    sleep 0.2
  done
  cat "$log" >&2
  fail "nmt serve did not answer $url/health in 2 minutes"
}

char_limit=400
# The load test below is one client with 64 connections at once: past the
# default cap of connections per client address (32), which would answer 429.
start_server "$tmp/serve.log" --model "$en_es:en-es" --model "$es_en:es-en" --char-limit $char_limit \
  --max-connections-per-client 64
NMT_SERVE_URL=$url
echo "nmt serve (en-es, es-en) at $NMT_SERVE_URL"

api_key=nmt-web-test-key
printf '%s\n' "$api_key" >"$tmp/api-keys"
start_server "$tmp/serve-keyed.log" --model "$en_es:en-es" --api-keys "$tmp/api-keys" --require-api-key
NMT_SERVE_KEYED_URL=$url
echo "nmt serve (en-es) wanting an API key at $NMT_SERVE_KEYED_URL"

# The reference for the concurrent-load test: the CLI's translation of the
# same lines with the same model and (default) search options.
head -n 64 "$data/test.en" | awk 'length($0) <= 300' >"$tmp/same.en"
"$nmt" translate --model "$en_es" --split-sentences --src-lang en --threads 2 \
  --input "$tmp/same.en" --output "$tmp/same.es" 2>"$tmp/same.log" || { cat "$tmp/same.log"; fail "nmt translate failed"; }
export NMT_SAME_SRC=$tmp/same.en NMT_SAME_TGT=$tmp/same.es

export NMT_SERVE_URL NMT_SERVE_KEYED_URL NMT_SERVE_API_KEY=$api_key
export NMT_SERVE_PAIRS=en-es,es-en NMT_SERVE_CHAR_LIMIT=$char_limit
export NMT_SCREENSHOT=${NMT_SCREENSHOT:-$work/serve-page.png}

# ---- the tests -------------------------------------------------------------------
status=0
(cd "$work" && node --test --test-reporter=spec client_test.mjs) || status=1
(cd "$work" && node --test --test-reporter=spec browser_test.mjs) || status=1
if [ "$status" -ne 0 ]; then
  echo "--- server log ---"; tail -n 40 "$tmp/serve.log"
  echo "--- keyed server log ---"; tail -n 20 "$tmp/serve-keyed.log"
fi
exit "$status"
