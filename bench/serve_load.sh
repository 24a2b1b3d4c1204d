#!/usr/bin/env bash
# nmt serve under load, beside offline translation of the same sentences.
#   bash bench/serve_load.sh RUN_DIR [--seconds 20] [--beam 4] [--sentences N] [--soak-minutes 0]
#                            [--modes "continuous fixed no-batching 1-worker"]
# Prints, for one-line requests (a verse of the bundled test set) at
# concurrency 1, 8 and 64 (wrk on loopback), requests/s and p50/p99 latency
# with continuous batching (the default), fixed batches and batching off (one
# request per batch), and for requests of mixed lengths (1 to 300 verses
# each, lines/s) with continuous and fixed batches;
# beside them, `nmt translate` of the same lines in one call (lines/s), and
# the p50 of one line translated alone inside a warm process on one thread,
# from text to text as the server does (nmt bench translate --split-sentences
# --batch 1; c=1 sends those lines), with the ratios.
# Then all of it again as a Markdown table, whose ratios are against the
# mean of two offline calls, one before the loads and one after. Each load
# also says where the cores went: the server's and wrk's CPU seconds (from
# /proc and bash's time) as shares of the cores' seconds, since wrk runs on
# the same cores. With --soak-minutes M, then M minutes at concurrency
# 64 with every 10th request malformed or hostile (deep JSON, deep HTML, too
# much attention, a body over the limit), and the server's resident memory at
# the start and the end.
set -euo pipefail
cd "$(dirname "$0")/.."
run="$1"; shift
seconds=20 beam=4 count=512 soak=0 threads=2 modes="continuous fixed no-batching 1-worker"
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --beam) beam="$2"; shift 2 ;;
    --sentences) count="$2"; shift 2 ;;
    --soak-minutes) soak="$2"; shift 2 ;;
    --modes) modes="$2"; shift 2 ;;  # a mode may repeat, to alternate them on a noisy machine
    *) echo "usage: $0 RUN_DIR [--seconds S] [--beam B] [--sentences N] [--soak-minutes M] [--modes LIST]" >&2; exit 2 ;;
  esac
done
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 1; }
export OMP_WAIT_POLICY=PASSIVE
nmt=${NMT:-./build/nmt}  # NMT: another build, to compare
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
# Verses, one sentence each as far as possible (the server splits sentences).
head -n "$count" data/bible-en-es/test.en >"$work/sentences.en"
lines=$(wc -l <"$work/sentences.en")  # the test set may hold fewer than --sentences

# Offline: one nmt translate call over the same lines, before the loads and
# again after them (a shared machine's speed drifts over minutes); the final
# table's ratios take the mean of the two.
offline() {
  echo "== offline ($1): nmt translate, $lines lines in one call (beam $beam, $threads threads)"
  $nmt translate --model "$run" --beam "$beam" --threads "$threads" --split-sentences \
    --input "$work/sentences.en" --output "$work/offline.es" 2>"$work/offline.log"
  cat "$work/offline.log"
  offline_lps=$(sed -n 's/^translated [0-9]* sentences, [0-9]* tokens in \([0-9.]*\) s.*/\1/p' "$work/offline.log" |
    awk -v n="$lines" '{printf "%.1f", n / $1}')
  offline_sps=$(sed -n 's/^translated \([0-9]*\) sentences, [0-9]* tokens in \([0-9.]*\) s.*/\1 \2/p' "$work/offline.log" |
    awk '{printf "%.1f", $1 / $2}')
  echo "offline: $offline_lps lines/s (one line = one request below), $offline_sps sentences/s"
}
offline before
before_lps=$offline_lps before_sps=$offline_sps

# Latency: the first 32 lines, sent one at a time (c=1) below, and each
# translated alone inside one process on one thread, as a server worker
# translates a request: from text to text, cut into sentences that go in one
# batch (nmt bench translate --split-sentences --batch 1: warm, no start-up,
# no HTTP), ten times over for a steadier median.
# Like the offline call, it runs before the loads and again after them; it
# also runs just before and just after each mode's c=1 load, and that mode's
# c=1 ratio is given against the mean of those two (the nearest in time) as
# well as against the mean of the first two.
head -n 32 "$work/sentences.en" >"$work/latency.en"
for _ in $(seq 10); do cat "$work/latency.en"; done >"$work/latency10.en"
inprocess() {
  echo "== in-process ($1): the first 32 lines one at a time, 10 times (nmt bench translate --split-sentences --batch 1, beam $beam, 1 thread)"
  $nmt bench translate --model "$run" --input "$work/latency10.en" --sentences 320 --split-sentences --src-lang en \
    --batch 1 --beam "$beam" --threads 1 --json "$work/inprocess.json" >/dev/null 2>&1
  inprocess_p50=$(python3 -c 'import json, sys; print("%.2f" % json.load(open(sys.argv[1]))["cases"][0]["batch_latency_ms"]["p50"])' \
    "$work/inprocess.json")
  echo "in-process single line: p50 $inprocess_p50 ms"
}
inprocess before
before_p50=$inprocess_p50

start_server() {
  local port=$((20000 + RANDOM % 20000))
  # wrk is one client address: no cap on its connections. wrk sends the same
  # lines again and again: without --cache-mb 0 the sentence cache would
  # answer them and the figures would measure the cache, not translation.
  $nmt serve --model "$run:en-es" --port "$port" --threads "$threads" --beam "$beam" --queue-limit 100000 \
    --max-connections-per-client 0 --cache-mb 0 "$@" \
    2>"$work/server.log" &
  server=$!
  for _ in $(seq 1 200); do
    curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  url="http://127.0.0.1:$port"
}
stop_server() { kill -TERM "$server"; last_exit=0; wait "$server" || last_exit=$?; server=""; }
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$server/status"; }
# The server's CPU seconds so far (user + system), from /proc.
ticks=$(getconf CLK_TCK)
TIMEFORMAT='%U %S'  # bash's time (wrk's CPU below): user and system seconds
server_cpu() { awk -v hz="$ticks" '{sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz}' "/proc/$server/stat"; }

rows=()  # the Markdown table's rows
c1_rows=()  # each mode's c=1 p50 and its in-process brackets, for the lines after the table
# The sentences the server has translated (its /metrics counter): what
# mixed-length loads deliver, where the requests answered in the window are
# mostly the short ones and req/s x lines per request says little.
translated() { curl -s "$url/metrics" | awk '/^nmt_translated_sentences_total / {print $2}'; }
load() {  # concurrency seconds [malformed_every [sentences file]]; MIXED_MAX=N: requests of 1 to N lines
  local before after sps cpu0 cpu1
  before=$(translated)
  cpu0=$(server_cpu)
  { time NMT_SENTENCES="${4:-$work/sentences.en}" MALFORMED_EVERY="${3:-0}" MIXED_MAX="${MIXED_MAX:-0}" \
    wrk -t "$(($1 < 2 ? 1 : 2))" -c "$1" -d "${2}s" --timeout 30s -s bench/serve_wrk.lua "$url/translate" \
    >"$work/wrk.txt"; } 2>"$work/wrk.time"
  cpu1=$(server_cpu)
  after=$(translated)
  sps=$(awk -v a="$before" -v b="$after" -v t="$2" 'BEGIN {printf "%.1f", (b - a) / t}')
  # Where the cores went: the server's CPU seconds and wrk's, as shares of
  # the cores' seconds in the window (wrk shares the server's cores).
  local shares
  shares=$(awk -v a="$cpu0" -v b="$cpu1" -v w="$(cat "$work/wrk.time")" -v t="$2" -v n="$threads" \
    'BEGIN {split(w, c, " "); printf "server %.0f%%, wrk %.0f%%", 100 * (b - a) / (t * n), 100 * (c[1] + c[2]) / (t * n)}')
  local rps p99 per lps label
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  read -r p50 p99 < <(awk '/^latency_ms/ {print $3, $5}' "$work/wrk.txt")
  per=$(awk '/^lines_sent/ {print $4}' "$work/wrk.txt")
  lps=$(awk -v r="$rps" -v n="$per" 'BEGIN {printf "%.1f", r * n}')
  label=$mode${MIXED_MAX:+, 1-$MIXED_MAX lines}
  printf "%-11s c=%-3s %8s req/s %8s lines/s %8s sentences/s  p50 %7s ms  p99 %7s ms  | %s\n" "$label" "$1" "$rps" \
    "$lps" "$sps" "$p50" "$p99" "$(grep '^sent' "$work/wrk.txt")"
  # Against the first offline call here; the table's ratios use both.
  echo "            sentences/s / offline sentences/s: $(awk -v a="$sps" -v b="$before_sps" 'BEGIN {printf "%.2f", a / b}');" \
    "lines/s / offline lines/s: $(awk -v a="$lps" -v b="$before_lps" 'BEGIN {printf "%.2f", a / b}')"
  echo "            CPU of $threads cores: $shares"
  rows+=("$label, c=$1|$rps|$lps|$sps|$p50|$p99|$shares")
}

# continuous: the defaults (a worker per thread, one intra-op thread each,
# continuous batching); fixed: batches that run until their longest
# sentence ends (--no-continuous); no-batching: each request in batches of
# its own; 1-worker: one worker with every thread, the layout of a single
# nmt translate call.
for mode in $modes; do
  case "$mode" in
    continuous) start_server ;;
    fixed) start_server --no-continuous ;;
    no-batching) start_server --no-batching ;;
    1-worker) start_server --workers 1 ;;
    *) echo "unknown mode $mode (continuous, fixed, no-batching, 1-worker)" >&2; exit 2 ;;
  esac
  NMT_SENTENCES="$work/sentences.en" wrk -t1 -c1 -d2s -s bench/serve_wrk.lua "$url/translate" >/dev/null  # warm-up
  inprocess "just before $mode's c=1"
  beside_before=$inprocess_p50
  load 1 "$seconds" 0 "$work/latency.en"
  c1_p50=$p50
  inprocess "just after $mode's c=1"
  beside=$(awk -v a="$beside_before" -v b="$inprocess_p50" 'BEGIN {printf "%.2f", (a + b) / 2}')
  awk -v a="$c1_p50" -v b="$beside" -v m="$mode" \
    'BEGIN {printf "%-11s c=1 p50 / in-process p50 (the mean of just before and just after, %.2f ms): %.2f\n", m, b, a / b}'
  c1_rows+=("$mode|$c1_p50|$beside_before|$inprocess_p50|$beside")
  if [ "$mode" != 1-worker ]; then
    for c in 8 64; do load "$c" "$seconds"; done
  fi
  if [ "$mode" = continuous ] || [ "$mode" = fixed ]; then
    for c in 8 64; do MIXED_MAX=300 load "$c" "$seconds"; done
  fi
  stop_server
done

offline after
inprocess after
mean_p50=$(awk -v a="$before_p50" -v b="$inprocess_p50" 'BEGIN {printf "%.2f", (a + b) / 2}')
mean_lps=$(awk -v a="$before_lps" -v b="$offline_lps" 'BEGIN {printf "%.1f", (a + b) / 2}')
mean_sps=$(awk -v a="$before_sps" -v b="$offline_sps" 'BEGIN {printf "%.1f", (a + b) / 2}')
echo
echo "| requests (one verse each, or 1-300 verses) | req/s | lines/s | / offline | sentences/s translated | / offline | p50 ms | p99 ms | CPU of $threads cores |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
echo "| offline \`nmt translate\`, one call, before / after the loads | | $before_lps / $offline_lps | 1 | $before_sps / $offline_sps | 1 | | | |"
echo "| in-process, one verse at a time, text to text (1 thread), before / after the loads | | | | | | $before_p50 / $inprocess_p50 | | |"
for row in "${rows[@]}"; do
  IFS='|' read -r label rps lps sps p50 p99 shares <<<"$row"
  echo "| $label | $rps | $lps | $(awk -v a="$lps" -v b="$mean_lps" 'BEGIN {printf "%.2f", a / b}') | $sps |" \
    "$(awk -v a="$sps" -v b="$mean_sps" 'BEGIN {printf "%.2f", a / b}') | $p50 | $p99 | $shares |"
done
echo
for row in "${c1_rows[@]}"; do
  IFS='|' read -r mode p50 just_before just_after beside <<<"$row"
  awk -v a="$p50" -v b="$beside" -v b1="$just_before" -v b2="$just_after" -v g="$mean_p50" -v m="$mode" \
    'BEGIN {printf "%s, c=1 p50 %.2f ms: %.2fx the in-process p50 beside it (%.2f just before, %.2f just after), %.2fx the mean of the loads'"'"' before and after (%.2f ms)\n", m, a, a / b, b1, b2, a / g, g}'
done

if [ "$soak" != 0 ]; then
  mode=soak
  start_server
  # Warm-up at the soak's own load, so that the allocator's pools reach
  # their working size before the first reading.
  NMT_SENTENCES="$work/sentences.en" wrk -t2 -c64 -d60s -s bench/serve_wrk.lua "$url/translate" >/dev/null
  before=$(rss_kb)
  echo "== soak: $soak minutes at c=64, every 10th request malformed or hostile (serve_wrk.lua); resident memory after a 60 s warm-up at c=64: ${before} kB"
  (for _ in $(seq 1 "$soak"); do sleep 60; echo "  resident memory: $(rss_kb) kB"; done) &
  sampler=$!
  load 64 $((soak * 60)) 10
  wait "$sampler" 2>/dev/null || true
  after=$(rss_kb)
  echo "resident memory: start ${before} kB, end ${after} kB ($(awk -v a="$before" -v b="$after" 'BEGIN {printf "%+.1f%%", 100 * (b - a) / a}'))"
  curl -s "$url/metrics" | grep -E '^nmt_(requests_total|batches_total|translated_sentences_total|dropped_connections_total)' || true
  stop_server
  echo "server after SIGTERM: exit status $last_exit; $(tail -n 1 "$work/server.log")"
fi
