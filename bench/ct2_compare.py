#!/usr/bin/env python3
"""The CPU engine beside CTranslate2 on the same work, in one run: a random
model of nmt's `small` size in both (256 wide, 4 heads, 3 + 3 layers, FFN
1024, 8000 pieces; pre-norm, ReLU, sinusoidal positions, shared and tied
embeddings), 256 sources of 20 pieces, exactly 50 output tokens each,
batches of 32, the cores as workers of 1 thread (CTranslate2's
inter_threads=N, intra_threads=1); latency: beam 4, one sentence at a time
on 1 thread. Prints a Markdown table (tokens/s; latency p50) and the CPU.

    bench/ct2_compare.py [--nmt build/nmt] [--isa native|avx512|avx2]
                         [--rounds 1] [--sentences 256] [--json FILE]

Needs CTranslate2's Python module (`import ctranslate2`), built from source
as docs/performance.md's recipe says; PYTHONPATH may point at it.
--isa avx2 runs both on their AVX2 paths (NMT_CPU_ISA=avx2,
CT2_FORCE_CPU_ISA=AVX2, ONEDNN_MAX_CPU_ISA=AVX2 for both: an AVX2 machine
without VNNI); avx512 forces CTranslate2's AVX-512 kernels, which it does not
pick by itself; native leaves both to choose."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from nmt_bench import bench_translate, cpu_flags, path_env

D_MODEL, HEADS, LAYERS, FFN, VOCAB = 256, 4, 3, 1024, 8000


def isa_env(isa):
    """nmt's path and CTranslate2's kernels (CT2_FORCE_CPU_ISA) for --isa;
    oneDNN, which both use, limited with nmt's path."""
    env = path_env("avx2" if isa == "avx2" else None)
    env.pop("CT2_FORCE_CPU_ISA", None)
    if isa != "native":
        env["CT2_FORCE_CPU_ISA"] = isa.upper()
    return env


def build_ct2_model(path, seed):
    """A random Transformer through CTranslate2's spec API, saved to path."""
    import numpy as np
    from ctranslate2.specs import common_spec, transformer_spec

    rng = np.random.default_rng(seed)

    def normal(*shape):
        return rng.normal(0.0, 0.05, size=shape).astype(np.float32)

    def linear(spec, out, inp):
        spec.weight = normal(out, inp)
        spec.bias = np.zeros(out, np.float32)

    def norm(spec):
        spec.gamma = np.ones(D_MODEL, np.float32)
        spec.beta = np.zeros(D_MODEL, np.float32)

    def positions(max_len=1024):
        pos = np.arange(max_len)[:, None]
        div = np.exp(np.arange(0, D_MODEL, 2) * (-np.log(10000.0) / D_MODEL))
        table = np.zeros((max_len, D_MODEL), np.float32)
        table[:, 0::2] = np.sin(pos * div)
        table[:, 1::2] = np.cos(pos * div)
        return table

    spec = transformer_spec.TransformerSpec.from_config(
        (LAYERS, LAYERS), HEADS, pre_norm=True, activation=common_spec.Activation.RELU)
    embedding = normal(VOCAB, D_MODEL)  # shared by both sides and the output layer
    table = positions()
    for side in (spec.encoder, spec.decoder):
        norm(side.layer_norm)
        side.position_encodings.encodings = table
        for layer in side.layer:
            norm(layer.self_attention.layer_norm)
            linear(layer.self_attention.linear[0], 3 * D_MODEL, D_MODEL)
            linear(layer.self_attention.linear[1], D_MODEL, D_MODEL)
            norm(layer.ffn.layer_norm)
            linear(layer.ffn.linear_0, FFN, D_MODEL)
            linear(layer.ffn.linear_1, D_MODEL, FFN)
            if hasattr(layer, "attention"):
                norm(layer.attention.layer_norm)
                linear(layer.attention.linear[0], D_MODEL, D_MODEL)
                linear(layer.attention.linear[1], 2 * D_MODEL, D_MODEL)
                linear(layer.attention.linear[2], D_MODEL, D_MODEL)
    spec.encoder.embeddings[0].weight = embedding
    spec.decoder.embeddings.weight = embedding
    spec.decoder.projection.weight = embedding
    spec.decoder.projection.bias = np.zeros(VOCAB, np.float32)
    tokens = ["<unk>", "<s>", "</s>"] + ["t%d" % i for i in range(3, VOCAB)]
    spec.register_source_vocabulary(tokens)
    spec.register_target_vocabulary(tokens)
    spec.validate()
    spec.optimize(quantization=None)
    os.makedirs(path, exist_ok=True)
    spec.save(path)


def ct2_case(args):
    """One CTranslate2 case, run in its own process (CT2_FORCE_CPU_ISA is read
    when the library loads): prints its figures as JSON."""
    import random

    import ctranslate2

    case = json.loads(args.ct2_case)
    rng = random.Random(case["seed"])
    n = case["sentences"]
    sources = [["t%d" % rng.randrange(3, VOCAB) for _ in range(case["src_len"])] for _ in range(n)]
    latency = case["batch"] == 1
    translator = ctranslate2.Translator(
        case["model"], device="cpu", compute_type=case["compute_type"],
        inter_threads=1 if latency else case["workers"], intra_threads=1)
    options = dict(beam_size=case["beam"], max_decoding_length=case["len"], min_decoding_length=case["len"],
                   return_scores=False)
    translator.translate_batch(sources[:2], max_batch_size=case["batch"], **options)  # warm-up
    if latency:
        times = []
        for s in sources:
            start = time.perf_counter()
            result = translator.translate_batch([s], **options)
            times.append(time.perf_counter() - start)
        tokens = case["len"] * n
        check = result
        value = {"p50_ms": 1000 * statistics.median(times)}
    else:
        start = time.perf_counter()
        check = translator.translate_batch(sources, max_batch_size=case["batch"], **options)
        seconds = time.perf_counter() - start
        tokens = sum(len(r.hypotheses[0]) for r in check)
        value = {"tokens_per_second": tokens / seconds}
    lengths = {len(r.hypotheses[0]) for r in check}
    assert lengths == {case["len"]}, "CTranslate2 produced lengths %s, not %d" % (lengths, case["len"])
    print(json.dumps(value))


def run_ct2(args, model, compute_type, beam, batch, sentences, workers):
    case = dict(model=model, compute_type=compute_type, beam=beam, batch=batch, sentences=sentences,
                workers=workers, src_len=20, len=50, seed=args.seed)
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--ct2-case", json.dumps(case)],
                         env=isa_env(args.isa), capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("ct2_compare.py: CTranslate2's %s case (beam %d, batch %d) failed:\n%s" % (
            compute_type, beam, batch, out.stderr))
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_nmt(args, quantize, beam, batch, sentences, workers):
    report = bench_translate(args.nmt, isa_env(args.isa), [
        "--preset", "small", "--fixed-len", "50", "--src-len", "20", "--sentences", str(sentences),
        "--threads", str(workers), "--workers", str(workers), "--batch", str(batch), "--beam", str(beam),
        "--seed", str(args.seed)] + (["--quantize", "int8"] if quantize else []))
    case = report["cases"][0]
    if batch == 1:
        return {"p50_ms": case["batch_latency_ms"]["p50"]}, report
    return {"tokens_per_second": case["tokens_per_second"]}, report


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--nmt", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "nmt"))
    p.add_argument("--isa", choices=["native", "avx512", "avx2"], default="native")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--sentences", type=int, default=256)
    p.add_argument("--latency-sentences", type=int, default=16)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json")
    p.add_argument("--ct2-case", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.ct2_case:
        return ct2_case(args)
    try:
        import ctranslate2
    except ImportError:
        sys.exit("ct2_compare.py needs CTranslate2's Python module (import ctranslate2 failed): build it from "
                 "source as docs/performance.md's recipe says and put it on PYTHONPATH")
    if not os.access(args.nmt, os.X_OK):
        sys.exit("ct2_compare.py: no nmt binary at %s (build first, or pass --nmt)" % args.nmt)
    cases = [("float32", "", 1, 32), ("float32", "", 4, 32), ("int8", "int8", 1, 32), ("int8", "int8", 4, 32),
             ("float32", "", 4, 1), ("int8", "int8", 4, 1)]
    results = {}
    cpu = ""
    with tempfile.TemporaryDirectory() as work:
        model = os.path.join(work, "ct2-small")
        build_ct2_model(model, args.seed)
        for r in range(args.rounds):
            for compute, quantize, beam, batch in cases:
                n = args.latency_sentences if batch == 1 else args.sentences
                workers = 1 if batch == 1 else args.workers
                mine, report = run_nmt(args, quantize, beam, batch, n, workers)
                theirs = run_ct2(args, model, compute, beam, batch, n, workers)
                cpu = "nmt: %s path, int8 %s" % (report["cpu_isa"], report["int8_kernel"])
                results.setdefault((compute, beam, batch), []).append((mine, theirs))
                print("round %d: %s beam %d batch %d: nmt %s, CTranslate2 %s" % (r + 1, compute, beam, batch,
                                                                                  mine, theirs), file=sys.stderr)
    wanted = cpu_flags()
    print("CTranslate2 %s; --isa %s; %s; CPU flags: %s; %d cores" % (
        ctranslate2.__version__, args.isa, cpu, " ".join(wanted), os.cpu_count()))
    print()
    print("| case | nmt | CTranslate2 | nmt/CT2 |")
    print("|---|---:|---:|---:|")
    rows = []
    for (compute, beam, batch), pairs in results.items():
        search = "greedy" if beam == 1 else "beam %d" % beam
        if batch == 1:
            key, name = "p50_ms", "%s, batch 1, %s, 1 thread: p50 ms" % (compute, search)
            ratio = [t[key] / m[key] for m, t in pairs]  # > 1: nmt is faster
            fmt = "%.1f"
        else:
            key, name = "tokens_per_second", "%s, %s, tokens/s" % (compute, search)
            ratio = [m[key] / t[key] for m, t in pairs]
            fmt = "%.0f"
        print("| %s | %s | %s | %s |" % (name, " / ".join(fmt % m[key] for m, _ in pairs),
                                         " / ".join(fmt % t[key] for _, t in pairs),
                                         " / ".join("%.2f" % x for x in ratio)))
        rows.append(dict(compute=compute, beam=beam, batch=batch, nmt=[m[key] for m, _ in pairs],
                         ct2=[t[key] for _, t in pairs], nmt_over_ct2=ratio, figure=key))
    print("\nnmt/CT2: speed ratio (for latency, CTranslate2's time over nmt's), one figure per round")
    if args.json:
        json.dump(dict(isa=args.isa, cpu=cpu, flags=wanted, ct2_version=ctranslate2.__version__, rows=rows),
                  open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
