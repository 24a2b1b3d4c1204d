#!/usr/bin/env python3
"""int8 against float32 on the CPU engine under every kernel path this CPU
can run (NMT_CPU_ISA; oneDNN limited alike with ONEDNN_MAX_CPU_ISA), in one
run: `nmt bench translate --preset small --fixed-len 50`, batch 32, the
cores as workers of 1 thread, greedy and beam 4; latency: batch 1, beam 4,
1 thread. Prints a Markdown table with the ratio int8/float32 (for latency,
float32's time over int8's) and the CPU's flags.

    bench/isa_table.py [--nmt build/nmt] [--paths avx512,avx2,generic]
                       [--sentences 512] [--rounds 1] [--json FILE]

With several rounds each figure is the median; the rounds alternate
float32 and int8 case by case, so that both see the same machine."""
import argparse
import json
import os
import statistics
import subprocess
import sys

from nmt_bench import bench_translate, cpu_flags, path_env

PATHS = ("avx512", "avx2", "generic")


def bench(args, path, quantize, beam, batch, sentences, workers):
    report = bench_translate(args.nmt, path_env(path), [
        "--preset", "small", "--fixed-len", "50", "--sentences", str(sentences), "--threads", str(workers),
        "--workers", str(workers), "--batch", str(batch), "--beam", str(beam)] + (
        ["--quantize", "int8"] if quantize else []))
    case = report["cases"][0]
    figure = case["batch_latency_ms"]["p50"] if batch == 1 else case["tokens_per_second"]
    return figure, report["int8_kernel"] if quantize else None


def runnable_paths(nmt):
    """The paths this CPU has: NMT_CPU_ISA refuses one above the CPU's best."""
    ok = []
    for path in PATHS:
        probe = subprocess.run([nmt, "bench", "translate", "--preset", "tiny", "--sentences", "1", "--batch", "1",
                                "--beam", "1", "--fixed-len", "2"], env=path_env(path), capture_output=True, text=True)
        if probe.returncode == 0:
            ok.append(path)
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--nmt", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "nmt"))
    p.add_argument("--paths", help="comma-separated; default: every path this CPU can run")
    p.add_argument("--sentences", type=int, default=512)
    p.add_argument("--generic-sentences", type=int, default=128, help="the generic path is slow: fewer sentences")
    p.add_argument("--latency-sentences", type=int, default=16)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--json")
    args = p.parse_args()
    if not os.access(args.nmt, os.X_OK):
        sys.exit("isa_table.py: no nmt binary at %s (build first, or pass --nmt)" % args.nmt)
    paths = args.paths.split(",") if args.paths else runnable_paths(args.nmt)
    for path in paths:
        if path not in PATHS:
            sys.exit("isa_table.py: --paths takes %s; got '%s'" % (", ".join(PATHS), path))
    cases = [("greedy, tokens/s", 1, 32), ("beam 4, tokens/s", 4, 32), ("batch 1, beam 4: p50 ms", 4, 1)]
    figures, kernels = {}, {}
    for _ in range(args.rounds):
        for path in paths:
            for name, beam, batch in cases:
                n = args.latency_sentences if batch == 1 else (
                    args.generic_sentences if path == "generic" else args.sentences)
                workers = 1 if batch == 1 else args.workers
                for quantize in ("", "int8"):
                    value, kernel = bench(args, path, quantize, beam, batch, n, workers)
                    figures.setdefault((path, name, quantize), []).append(value)
                    if kernel:
                        kernels[path] = kernel
                    print("%s %s %s: %.1f" % (path, name, quantize or "float32", value), file=sys.stderr)
    wanted = cpu_flags()
    print("CPU flags: %s; %d cores; %d round(s), medians; %d sources (generic %d), batch 32, %d workers x 1 thread" %
          (" ".join(wanted), os.cpu_count(), args.rounds, args.sentences, args.generic_sentences, args.workers))
    print()
    print("| path (int8 kernel) | case | float32 | int8 | int8/float32 |")
    print("|---|---|---:|---:|---:|")
    rows = []
    for path in paths:
        for name, beam, batch in cases:
            f32 = statistics.median(figures[(path, name, "")])
            i8 = statistics.median(figures[(path, name, "int8")])
            ratio = f32 / i8 if batch == 1 else i8 / f32
            fmt = "%.1f" if batch == 1 else "%.0f"
            print("| %s (%s) | %s | %s | %s | %.2f |" % (path, kernels[path], name, fmt % f32, fmt % i8, ratio))
            rows.append(dict(path=path, int8_kernel=kernels[path], case=name, float32=f32, int8=i8, ratio=ratio))
    print("\nint8/float32: speed ratio (for latency, float32's time over int8's)")
    if args.json:
        json.dump(dict(flags=wanted, rows=rows), open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
