#!/usr/bin/env bash
# End-to-end checks of the nmt command line: each case runs the real binary
# and checks the exit status and the message a user sees.
#   cli_test.sh CASE NMT_BINARY REPO_DIR
set -uo pipefail
case_name=$1 nmt=$2 repo=$3
data=$repo/data/bible-en-es
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL: $*"; exit 1; }

# expect_error "substring" command...: non-zero exit and the substring in stderr.
expect_error() {
  local want=$1; shift
  "$@" >"$work/out" 2>"$work/err" && fail "exit status 0 for: $*"
  grep -qF -- "$want" "$work/err" || { cat "$work/err"; fail "message lacks '$want'"; }
  grep -q "^error: " "$work/err" || { cat "$work/err"; fail "no 'error: ' line"; }
}

# A tiny model trained for a few steps (shared by the checkpoint cases).
tiny_run() {
  head -n 300 "$data/train.en" >"$work/s.en"
  head -n 300 "$data/train.es" >"$work/s.es"
  "$nmt" train --preset tiny --train-src "$work/s.en" --train-tgt "$work/s.es" --vocab-size 300 \
    --max-steps 4 --batch-tokens 512 --log-every 2 --out "$work/run" >"$work/train.log" 2>&1 ||
    { cat "$work/train.log"; fail "training the tiny model failed"; }
}

case "$case_name" in
  help)
    "$nmt" --help | grep -q "translate" || fail "nmt --help lists no translate"
    "$nmt" train --help | grep -q -- "--batch-tokens" || fail "train --help lacks --batch-tokens"
    "$nmt" translate --help | grep -q -- "--beam" || fail "translate --help lacks --beam"
    ;;
  missing_file)
    expect_error "cannot open $work/nope.en" "$nmt" train --train-src "$work/nope.en" --train-tgt "$data/train.es" \
      --max-steps 1 --out "$work/run"
    ;;
  line_counts_differ)
    head -n 10 "$data/train.en" >"$work/a.en"; head -n 9 "$data/train.es" >"$work/a.es"
    expect_error "$work/a.en has 10 lines but $work/a.es has 9 lines: line 10 of $work/a.en is the first" \
      "$nmt" train --train-src "$work/a.en" --train-tgt "$work/a.es" --max-steps 1 --out "$work/run"
    ;;
  invalid_utf8)
    head -n 5 "$data/train.en" >"$work/b.en"; printf 'caf\xe9\n' >>"$work/b.en"; head -n 6 "$data/train.es" >"$work/b.es"
    expect_error "$work/b.en:6: invalid UTF-8" \
      "$nmt" train --train-src "$work/b.en" --train-tgt "$work/b.es" --max-steps 1 --out "$work/run"
    printf 'ok\n\xff\xfe\n' >"$work/bad.txt"
    tiny_run
    expect_error "<stdin>:2: invalid UTF-8" bash -c "\"$nmt\" translate --model \"$work/run\" < \"$work/bad.txt\""
    ;;
  empty_corpus)
    : >"$work/e.en"; : >"$work/e.es"
    expect_error "is empty" "$nmt" train --train-src "$work/e.en" --train-tgt "$work/e.es" --max-steps 1 --out "$work/run"
    ;;
  no_stopping_point)
    tiny_run
    expect_error "stopping point" "$nmt" train --train-src "$work/s.en" --train-tgt "$work/s.es" --out "$work/run2" \
      --vocab "$work/run/vocab"
    ;;
  corrupt_checkpoint)
    head -c 1000 /dev/urandom >"$work/garbage.pt"
    expect_error "cannot read checkpoint $work/garbage.pt" "$nmt" translate --model "$work/garbage.pt" --input "$data/test.en"
    tiny_run
    ckpt=$(ls "$work"/run/checkpoint-*.pt | tail -n 1)
    head -c 20000 "$ckpt" >"$work/truncated.pt"
    expect_error "$work/truncated.pt" "$nmt" translate --model "$work/truncated.pt" --input "$data/test.en"
    mkdir -p "$work/empty_run"
    expect_error "holds no checkpoint" "$nmt" translate --model "$work/empty_run" --input "$data/test.en"
    ;;
  mismatched_resume)
    tiny_run
    before=$(ls "$work"/run/checkpoint-*.pt)
    expect_error "model.d_model is 64 there but 128 now" "$nmt" train --preset tiny --d-model 128 \
      --train-src "$work/s.en" --train-tgt "$work/s.es" --max-steps 8 --out "$work/run"
    # nothing already saved is lost: the checkpoint is still there and usable
    [ "$(ls "$work"/run/checkpoint-*.pt)" = "$before" ] || fail "checkpoints changed after a refused resume"
    echo "In the beginning" | "$nmt" translate --model "$work/run" >/dev/null 2>&1 || fail "checkpoint unusable after refusal"
    ;;
  bad_config)
    printf 'model:\n  d_modle: 12\n' >"$work/bad.yml"
    expect_error "unknown model config field 'd_modle'" "$nmt" train --config "$work/bad.yml" \
      --train-src "$data/train.en" --train-tgt "$data/train.es" --max-steps 1 --out "$work/run" --vocab "$work/none"
    printf 'model: [unclosed\n' >"$work/broken.yml"
    expect_error "config file $work/broken.yml" "$nmt" train --config "$work/broken.yml" \
      --train-src "$data/train.en" --train-tgt "$data/train.es" --max-steps 1 --out "$work/run"
    ;;
  slow_blas_warning)
    reference=/usr/lib/x86_64-linux-gnu/blas
    [ -f $reference/libblas.so.3 ] || { echo "skipped: no reference BLAS installed"; exit 77; }
    LD_LIBRARY_PATH=$reference "$nmt" --help 2>"$work/err" >/dev/null
    grep -q "run on the reference BLAS" "$work/err" || fail "no warning on the reference BLAS"
    "$nmt" --help 2>"$work/err" >/dev/null
    ! grep -q "run on the reference BLAS" "$work/err" || fail "warning although OpenBLAS is used"
    ;;
  separate_vocabs)
    head -n 300 "$data/train.en" >"$work/s.en"; head -n 300 "$data/train.es" >"$work/s.es"
    "$nmt" vocab --input "$work/s.en" --size 200 --out "$work/v_en" >/dev/null 2>&1 || fail "vocab en"
    "$nmt" vocab --input "$work/s.es" --size 250 --out "$work/v_es" >/dev/null 2>&1 || fail "vocab es"
    "$nmt" train --preset tiny --train-src "$work/s.en" --train-tgt "$work/s.es" --src-vocab "$work/v_en" \
      --tgt-vocab "$work/v_es" --max-steps 2 --batch-tokens 512 --out "$work/run" >"$work/log" 2>&1 ||
      { cat "$work/log"; fail "training with two vocabularies"; }
    grep -q '"src_vocab":200' "$work/log" && grep -q '"tgt_vocab":250' "$work/log" || fail "vocab sizes not 200/250"
    expect_error "--tie-embeddings needs one joint vocabulary" "$nmt" train --train-src "$work/s.en" \
      --train-tgt "$work/s.es" --src-vocab "$work/v_en" --tgt-vocab "$work/v_es" --tie-embeddings --max-steps 1 \
      --out "$work/run2"
    ;;
  clean)
    # 20 bible pairs + a duplicate, an empty side, a Latin-1 byte and a long/short pair
    head -n 20 "$data/train.en" >"$work/c.en"; head -n 20 "$data/train.es" >"$work/c.es"
    head -n 1 "$data/train.en" >>"$work/c.en"; head -n 1 "$data/train.es" >>"$work/c.es"
    printf '\nbonjour\ncaf\xe9\nYes.\n' >>"$work/c.en"; printf 'hola\n\ncafe\nSi, claro que si, por supuesto.\n' >>"$work/c.es"
    "$nmt" clean "$work/c.en" "$work/c.es" --out-src "$work/o.en" --out-tgt "$work/o.es.gz" >"$work/out" ||
      { cat "$work/out"; fail "clean failed"; }
    grep -q "^read 25 pairs from $work/c.en / $work/c.es" "$work/out" || { cat "$work/out"; fail "no read count"; }
    for want in "invalid UTF-8 *1$" "empty side *2$" "length ratio above 3 *1$" "duplicate *1$" "^kept 20 of 25 pairs"; do
      grep -q "$want" "$work/out" || { cat "$work/out"; fail "clean output lacks '$want'"; }
    done
    cmp -s "$work/o.en" <(head -n 20 "$data/train.en") || fail "kept source differs from the first 20 lines"
    cmp -s <(gzip -dc "$work/o.es.gz") <(head -n 20 "$data/train.es") || fail "kept target (.gz) differs"
    # TMX in, languages matched by prefix; a unit without Spanish is skipped
    printf '<tmx><body>\n<tu><tuv xml:lang="en-GB"><seg>Fish &amp; chips</seg></tuv><tuv xml:lang="ES"><seg>Pescado</seg></tuv></tu>\n<tu><tuv xml:lang="en"><seg>alone</seg></tuv></tu>\n</body></tmx>\n' >"$work/m.tmx"
    "$nmt" clean "$work/m.tmx" --src-lang en --tgt-lang es --out-src "$work/t.en" --out-tgt "$work/t.es" >"$work/out" ||
      { cat "$work/out"; fail "clean of a TMX failed"; }
    grep -q "skipped 1 <tu> without both en and es" "$work/out" || { cat "$work/out"; fail "no skipped count"; }
    [ "$(cat "$work/t.en")" = "Fish & chips" ] && [ "$(cat "$work/t.es")" = "Pescado" ] || fail "TMX text not decoded"
    expect_error "$work/m.tmx is TMX: give the source and target languages" \
      "$nmt" clean "$work/m.tmx" --out-src "$work/t.en" --out-tgt "$work/t.es"
    expect_error "cannot tell the format of $work/c.en" "$nmt" clean "$work/c.en" --out-src "$work/t.en" --out-tgt "$work/t.es"
    expect_error "minimum length must be at least 1 word" "$nmt" clean "$work/c.en" "$work/c.es" --min-words 0 \
      --out-src "$work/t.en" --out-tgt "$work/t.es"
    ;;
  score_mismatch)
    head -n 3 "$data/test.es" >"$work/h.es"
    expect_error "have 3 lines but references" "$nmt" score --ref "$data/test.es" --hyp "$work/h.es"
    ;;
  train_translate_score)
    tiny_run
    grep -q "^step 4 " "$work/train.log" || { cat "$work/train.log"; fail "no report line for step 4"; }
    [ -f "$work/run/vocab/spm.model" ] || fail "no vocabulary kept in the run directory"
    head -n 20 "$data/test.en" >"$work/t.en"; head -n 20 "$data/test.es" >"$work/t.es"
    "$nmt" translate --model "$work/run" --input "$work/t.en" --output "$work/t.hyp" --beam 2 2>/dev/null ||
      fail "translate failed"
    [ "$(wc -l <"$work/t.hyp")" -eq 20 ] || fail "expected 20 output lines"
    "$nmt" translate --model "$work/run" --input "$work/t.en" --beam 3 --n-best 3 2>/dev/null >"$work/nbest"
    [ "$(grep -c ' ||| ' "$work/nbest")" -eq 60 ] || fail "expected 3 n-best lines per sentence"
    "$nmt" score --ref "$work/t.es" --hyp "$work/t.hyp" --json >"$work/score.json" || fail "score failed"
    grep -q '"bleu"' "$work/score.json" || fail "score --json has no bleu"
    # the reference scores itself perfectly
    "$nmt" score --ref "$work/t.es" --hyp "$work/t.es" | grep -q "= 100.00" || fail "reference against itself is not 100"
    ;;
  report)
    mkdir -p "$work/run" "$work/empty"
    awk 'BEGIN { for (s = 1; s <= 50; s++) {
        printf "{\"kind\":\"train\",\"step\":%d,\"epoch\":0,\"time\":%g,\"wall\":1700000000,\"loss\":%g,\"ppl\":%g,\"lr\":%g,\"grad_norm\":1.2,\"tgt_tok_per_s\":1600}\n", s, s * 0.6, 9 / sqrt(s), exp(9 / sqrt(s)), s * 1e-5
        if (s % 25 == 0) printf "{\"kind\":\"valid\",\"step\":%d,\"time\":%g,\"wall\":1700000000,\"dev_loss\":%g,\"dev_bleu\":%g}\n", s, s * 0.6, 10 / sqrt(s), s / 5 } }' \
      >"$work/run/metrics.jsonl"
    "$nmt" report "$work/run" >"$work/out" 2>"$work/err" || { cat "$work/err"; fail "report failed"; }
    [ -s "$work/run/report.html" ] && [ -s "$work/run/report.png" ] || fail "no report.html and report.png in the run directory"
    [ "$(grep -o '<svg' "$work/run/report.html" | wc -l)" -eq 6 ] || fail "expected 6 charts in report.html"
    grep -q "<td>10.00 at step 50</td>" "$work/run/report.html" || fail "best dev BLEU missing from report.html"
    [ "$(head -c 8 "$work/run/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "report.png is no PNG"
    "$nmt" report "$work/run" -o "$work/r.html" --png "$work/r.png" >/dev/null 2>&1 || fail "report -o --png failed"
    [ -s "$work/r.html" ] && [ -s "$work/r.png" ] || fail "-o and --png paths not written"
    expect_error "no metrics log $work/empty/metrics.jsonl" "$nmt" report "$work/empty"
    printf '{"kind":"train","step":1}\n{"kind":"train",\n' >"$work/empty/metrics.jsonl"
    expect_error "$work/empty/metrics.jsonl:2: not valid JSON" "$nmt" report "$work/empty"
    ;;
  *)
    fail "unknown case $case_name"
    ;;
esac
echo "ok: $case_name"
