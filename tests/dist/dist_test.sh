#!/usr/bin/env bash
# Data-parallel training through the real command line: ranks started by
# `nmt train --nproc`, or by hand with torchrun's variables, compared with one
# process (parameters after K updates, relative 1e-5), resumed across world
# sizes, and stopped by a killed, hung or interrupted rank. Products stay in
# float32 (--no-bf16) wherever the CPU has bfloat16, for the 1e-5 comparisons,
# and the schedule does not depend on --max-steps (runs stopped early stand
# for interrupted ones).
#   dist_test.sh CASE NMT_BINARY REPO_DIR   (NMT_CHECKPOINT_DIFF: tests/dist/checkpoint_diff)
set -uo pipefail
case_name=$1 nmt=$2 repo=$3
data=$repo/data/bible-en-es
diff_tool=${NMT_CHECKPOINT_DIFF:?set NMT_CHECKPOINT_DIFF to the checkpoint_diff binary}
work=$(mktemp -d)
export OMP_WAIT_POLICY=PASSIVE
cleanup() {
  # Ranks a failed case left behind, then the namespaces of two_hosts.
  pkill -KILL -f -- "--out $work/" 2>/dev/null
  [ -n "${ns_a:-}" ] && ip netns del "$ns_a" 2>/dev/null
  [ -n "${ns_b:-}" ] && ip netns del "$ns_b" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT; [ -n "${KEEP:-}" ] && trap - EXIT

fail() { echo "FAIL: $*"; exit 1; }

head -n 400 "$data/train.en" >"$work/s.en"
head -n 400 "$data/train.es" >"$work/s.es"
"$nmt" vocab --input "$work/s.en" "$work/s.es" --size 300 --out "$work/vocab" >/dev/null 2>&1 || fail "vocab"

# train RUN_DIR [options...]: the tiny model on the 400 pairs; log in RUN_DIR.log.
train() {
  local run=$1; shift
  "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
    --batch-tokens 1024 --log-every 1 --save-every 4 --keep-checkpoints 10 --dist-timeout 20 "$@" --out "$run" \
    >"$run.log" 2>&1
}

# same A.pt B.pt TOLERANCE: the parameters agree.
same() {
  "$diff_tool" "$1" "$2" "$3" || fail "parameters of $1 and $2 differ by more than $3"
}

# The loss of each logged step, "step loss" per line.
losses() { grep -o '^step [0-9]* | epoch [0-9]* | loss [0-9.]*' "$1" | awk '{ print $2, $NF }'; }

# close_losses A.log B.log FIRST LAST: the losses of steps FIRST..LAST agree to 1e-4 (relative).
close_losses() {
  join <(losses "$1") <(losses "$2") | awk -v a="$3" -v b="$4" '
    $1 >= a && $1 <= b { n++; d = $2 - $3; if (d < 0) d = -d; if (d > 1e-4 * $2) { bad = 1; print "step " $1 ": " $2 " vs " $3 } }
    END { if (n != b - a + 1) { print "found " n " of the steps " a ".." b; exit 1 } exit bad }' ||
    fail "losses of $1 and $2 differ"
}

# rank_pid LAUNCHER_PID RANK: the pid of that rank among the launcher's children.
rank_pid() {
  for child in $(pgrep -P "$1"); do
    tr '\0' '\n' <"/proc/$child/environ" 2>/dev/null | grep -qx "RANK=$2" && { echo "$child"; return; }
  done
}

# wait_for PATTERN FILE PID: until FILE has a line matching PATTERN (120 s at most, or PID ends).
wait_for() {
  for _ in $(seq 1200); do
    grep -q "$1" "$2" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

one_process_reference() {  # $work/one: 8 steps on one process, dropout 0
  train "$work/one" --threads 1 --dropout 0 --max-steps 8 || { cat "$work/one.log"; fail "one process"; }
}

case "$case_name" in
  equal_update)
    # Two ranks, each on half the rows of every 1024-token batch, take the
    # steps of one process on the whole batch.
    one_process_reference
    train "$work/two" --nproc 2 --threads 2 --dropout 0 --max-steps 8 || { cat "$work/two.log"; fail "--nproc 2"; }
    grep -q "2 ranks (gloo), each on its share of every batch's rows" "$work/two.log" ||
      { cat "$work/two.log"; fail "the log does not say 2 ranks"; }
    grep -q "1 threads" "$work/two.log" || { cat "$work/two.log"; fail "--threads 2 is not shared by the 2 ranks"; }
    same "$work/one/checkpoint-00000008.pt" "$work/two/checkpoint-00000008.pt" 1e-5
    close_losses "$work/one.log" "$work/two.log" 1 8
    # One writer: no rank but 0 logs a step.
    [ "$(grep -c '^step 8 ' "$work/two.log")" = 1 ] || { cat "$work/two.log"; fail "step 8 logged more than once"; }
    ;;
  torchrun_variables)
    # Ranks started by hand, as torchrun or srun would: rank 0 hosts the store.
    one_process_reference
    port=$((20000 + RANDOM % 20000))
    for rank in 1 0; do
      RANK=$rank WORLD_SIZE=2 LOCAL_RANK=$rank LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 MASTER_PORT=$port \
        "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
        --batch-tokens 1024 --log-every 1 --save-every 4 --threads 2 --dropout 0 --max-steps 8 --dist-timeout 20 \
        --out "$work/two" >"$work/rank$rank.log" 2>&1 &
      eval "pid$rank=\$!"
    done
    wait "$pid0" || { cat "$work/rank0.log" "$work/rank1.log"; fail "rank 0"; }
    wait "$pid1" || { cat "$work/rank1.log"; fail "rank 1"; }
    grep -q "2 ranks (gloo)" "$work/rank0.log" || { cat "$work/rank0.log"; fail "rank 0 does not say 2 ranks"; }
    ! grep -q "^step " "$work/rank1.log" || { cat "$work/rank1.log"; fail "rank 1 logs steps"; }
    same "$work/one/checkpoint-00000008.pt" "$work/two/checkpoint-00000008.pt" 1e-5
    ;;
  dropout_reproducible)
    # Each rank draws its own dropout masks, the same in every run.
    train "$work/a" --nproc 2 --threads 2 --max-steps 6 || { cat "$work/a.log"; fail "first run"; }
    train "$work/b" --nproc 2 --threads 2 --max-steps 6 || { cat "$work/b.log"; fail "second run"; }
    same "$work/a/checkpoint-00000006.pt" "$work/b/checkpoint-00000006.pt" 0
    # With dropout on, the ranks' masks are not the one process's.
    train "$work/one" --threads 1 --max-steps 6 || { cat "$work/one.log"; fail "one process"; }
    ! "$diff_tool" "$work/one/checkpoint-00000006.pt" "$work/a/checkpoint-00000006.pt" 1e-5 >/dev/null ||
      fail "two ranks with dropout drew the masks of one process"
    # And a resume on two ranks goes on as the uninterrupted run.
    train "$work/c" --nproc 2 --threads 2 --max-steps 4 || { cat "$work/c.log"; fail "first half"; }
    train "$work/c" --nproc 2 --threads 2 --max-steps 6 || { cat "$work/c.log"; fail "resumed half"; }
    same "$work/a/checkpoint-00000006.pt" "$work/c/checkpoint-00000006.pt" 0
    ;;
  resume_2_to_1 | resume_1_to_2)
    one_process_reference
    if [ "$case_name" = resume_2_to_1 ]; then first=(--nproc 2 --threads 2) then=(--threads 1)
    else first=(--threads 1) then=(--nproc 2 --threads 2); fi
    train "$work/r" "${first[@]}" --dropout 0 --max-steps 4 || { cat "$work/r.log"; fail "first half"; }
    train "$work/r" "${then[@]}" --dropout 0 --max-steps 8 || { cat "$work/r.log"; fail "resumed half"; }
    grep -q "resuming from $work/r/checkpoint-00000004.pt at step 4" "$work/r.log" || { cat "$work/r.log"; fail "no resume"; }
    close_losses "$work/one.log" "$work/r.log" 5 8
    same "$work/one/checkpoint-00000008.pt" "$work/r/checkpoint-00000008.pt" 1e-5
    ;;
  killed_rank)
    # kill -9 of rank 1: rank 0 names it and stops, the launcher names it
    # and exits non-zero, all well within --dist-timeout; the run resumes.
    "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --batch-tokens 1024 --log-every 1 --save-every 2 --max-steps 100000 --nproc 2 --threads 2 --dist-timeout 60 \
      --out "$work/run" >"$work/run.log" 2>&1 &
    launcher=$!
    wait_for "^step 3 " "$work/run.log" "$launcher" || { cat "$work/run.log"; fail "training did not start"; }
    victim=$(rank_pid "$launcher" 1)
    [ -n "$victim" ] || fail "no rank 1 among the launcher's children"
    start=$SECONDS
    kill -9 "$victim"
    wait "$launcher"
    status=$? took=$((SECONDS - start))
    cat "$work/run.log"
    [ "$status" -ne 0 ] || fail "the launcher exited 0 after a rank was killed"
    [ "$took" -lt 30 ] || fail "the run took $took s to stop (timeout 60 s: a dead rank must be noticed at once)"
    grep -q "nmt: rank 1 (pid $victim) was killed by signal 9" "$work/run.log" || fail "the launcher does not name rank 1"
    grep -q "error: distributed training stopped on rank 0 at step [0-9]*: rank 1 (pid $victim on .*) is gone" \
      "$work/run.log" || fail "rank 0 does not name rank 1"
    ls "$work"/run/checkpoint-*.pt >/dev/null 2>&1 || fail "no checkpoint left"
    train "$work/run" --nproc 2 --threads 2 --max-steps 6 || { cat "$work/run.log"; fail "resume after the kill"; }
    grep -q "resuming from $work/run/checkpoint-" "$work/run.log" || { cat "$work/run.log"; fail "did not resume"; }
    ;;
  hung_rank)
    # A rank that hangs (SIGSTOP): rank 0 stops after --dist-timeout, naming
    # it; the launcher ends the stopped rank.
    "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --batch-tokens 1024 --log-every 1 --max-steps 100000 --nproc 2 --threads 2 --dist-timeout 4 \
      --out "$work/run" >"$work/run.log" 2>&1 &
    launcher=$!
    wait_for "^step 3 " "$work/run.log" "$launcher" || { cat "$work/run.log"; fail "training did not start"; }
    victim=$(rank_pid "$launcher" 1)
    start=$SECONDS
    kill -STOP "$victim"
    wait "$launcher"
    status=$? took=$((SECONDS - start))
    cat "$work/run.log"
    [ "$status" -ne 0 ] || fail "the launcher exited 0 after a rank hung"
    [ "$took" -lt 40 ] || fail "the run took $took s to stop (timeout 4 s, grace 14 s)"
    grep -q "error: distributed training stopped on rank 0 at step [0-9]*: rank 1 (pid $victim on .*) is stopped" \
      "$work/run.log" || fail "rank 0 does not name the hung rank"
    grep -q "nmt: stopping the ranks still running" "$work/run.log" || fail "the launcher did not end the hung rank"
    ! kill -0 "$victim" 2>/dev/null || fail "the hung rank is still there"
    ;;
  interrupt)
    # SIGINT to the launcher: every rank stops at the same step, rank 0 saves.
    "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --batch-tokens 1024 --log-every 1 --max-steps 100000 --nproc 2 --threads 2 \
      --out "$work/run" >"$work/run.log" 2>&1 &
    launcher=$!
    wait_for "^step 3 " "$work/run.log" "$launcher" || { cat "$work/run.log"; fail "training did not start"; }
    kill -INT "$launcher"
    wait "$launcher"
    status=$?
    [ "$status" = 130 ] || { cat "$work/run.log"; fail "exit status $status after SIGINT, expected 130"; }
    grep -q "interrupted by SIGINT; run the same command to resume from $work/run/checkpoint-" "$work/run.log" ||
      { cat "$work/run.log"; fail "no resume hint"; }
    step=$(grep -o 'stopped (interrupted) at step [0-9]*' "$work/run.log" | grep -o '[0-9]*$')
    [ -f "$work/run/checkpoint-$(printf %08d "$step").pt" ] || { cat "$work/run.log"; fail "no checkpoint at step $step"; }
    ;;
  bad_launch)
    expect() {  # expect "substring" command...
      local want=$1; shift
      "$@" >"$work/out" 2>"$work/err" && fail "exit status 0 for: $*"
      grep -qF -- "$want" "$work/err" || { cat "$work/err"; fail "message lacks '$want'"; }
    }
    port=$((20000 + RANDOM % 20000))
    expect "rendezvous at 127.0.0.1:$port timed out after 2 s: 1 of 2 ranks joined" \
      env RANK=0 WORLD_SIZE=2 MASTER_PORT=$port "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" \
      --train-tgt "$work/s.es" --vocab "$work/vocab" --max-steps 2 --dist-timeout 2 --out "$work/run"
    expect "RANK 2 is out of range for WORLD_SIZE 2 (ranks are 0 to 1)" \
      env RANK=2 WORLD_SIZE=2 "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" \
      --vocab "$work/vocab" --max-steps 2 --out "$work/run"
    if ! ldd "$nmt" | grep -q libtorch_cuda; then  # (a CUDA build has NCCL)
      expect "--dist-backend nccl needs a CUDA LibTorch built with NCCL" \
        "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" \
        --vocab "$work/vocab" --max-steps 2 --nproc 2 --dist-backend nccl --dist-timeout 10 --out "$work/run"
    fi
    expect "--replicas (2) must be at most the threads of each process (1: --threads 2 shared by 2 processes" \
      "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --max-steps 2 --nproc 2 --threads 2 --replicas 2 --dist-timeout 10 --out "$work/run"
    ;;
  two_hosts)
    # One rank in each of two network namespaces joined by a veth pair, as
    # two machines: same parameters as one process.
    ns_a=nmt-a-$$ ns_b=nmt-b-$$
    if ! ip netns add "$ns_a" 2>/dev/null; then echo "skipped: cannot create network namespaces here"; exit 77; fi
    ip netns add "$ns_b" || fail "second namespace"
    ip link add "va$$" netns "$ns_a" type veth peer name "vb$$" netns "$ns_b" || fail "veth pair"
    ip -n "$ns_a" addr add 10.213.7.1/24 dev "va$$" && ip -n "$ns_b" addr add 10.213.7.2/24 dev "vb$$" || fail "addresses"
    for ns in "$ns_a" "$ns_b"; do ip -n "$ns" link set lo up; done
    ip -n "$ns_a" link set "va$$" up && ip -n "$ns_b" link set "vb$$" up || fail "links up"
    one_process_reference
    mkdir -p "$work/two"
    ip netns exec "$ns_b" env RANK=1 WORLD_SIZE=2 MASTER_ADDR=10.213.7.1 MASTER_PORT=29517 \
      "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --batch-tokens 1024 --log-every 1 --save-every 4 --threads 1 --dropout 0 --max-steps 8 --dist-timeout 30 \
      --out "$work/two" >"$work/rank1.log" 2>&1 &
    pid1=$!
    ip netns exec "$ns_a" env RANK=0 WORLD_SIZE=2 MASTER_ADDR=10.213.7.1 MASTER_PORT=29517 \
      "$nmt" train --preset tiny --no-bf16 --lr-schedule inverse-sqrt --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab "$work/vocab" \
      --batch-tokens 1024 --log-every 1 --save-every 4 --threads 1 --dropout 0 --max-steps 8 --dist-timeout 30 \
      --out "$work/two" >"$work/rank0.log" 2>&1 || { cat "$work/rank0.log" "$work/rank1.log"; fail "rank 0"; }
    wait "$pid1" || { cat "$work/rank1.log"; fail "rank 1"; }
    same "$work/one/checkpoint-00000008.pt" "$work/two/checkpoint-00000008.pt" 1e-5
    ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
