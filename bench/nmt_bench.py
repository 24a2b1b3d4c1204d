"""What bench/isa_table.py and bench/ct2_compare.py share: the environment
of a kernel path, one `nmt bench translate` case, and the CPU's flags."""
import json
import os
import subprocess
import sys
import tempfile

# The CPU flags a figure depends on, as /proc/cpuinfo names them.
FLAGS = ("avx2", "fma", "avx512f", "avx512_vnni", "avx512_bf16", "avx_vnni", "amx_bf16")


def path_env(path):
    """The environment of nmt's kernel path `path` (avx512, avx2, generic;
    None: the CPU's own), with oneDNN limited alike, as the test suite's
    variants do (tests/isa_variant.cpp)."""
    env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
    for k in ("NMT_CPU_ISA", "ONEDNN_MAX_CPU_ISA"):
        env.pop(k, None)
    if path:
        env["NMT_CPU_ISA"] = path
    if path == "avx2":
        env["ONEDNN_MAX_CPU_ISA"] = "AVX2"
    elif path == "generic":
        env["ONEDNN_MAX_CPU_ISA"] = "SSE41"
    return env


def bench_translate(nmt, env, args):
    """`nmt bench translate ARGS --json`: its report, or exit with the
    command and what it printed."""
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        cmd = [nmt, "bench", "translate"] + args + ["--json", f.name]
        run = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("%s failed (NMT_CPU_ISA=%s):\n%s" % (" ".join(cmd), env.get("NMT_CPU_ISA", "unset"), run.stderr))
        return json.load(open(f.name))


def cpu_flags():
    """Which of FLAGS this CPU has."""
    line = next((l for l in open("/proc/cpuinfo") if l.startswith("flags")), "") if os.path.exists(
        "/proc/cpuinfo") else ""
    have = set(line.split(":", 1)[-1].split())
    return [f for f in FLAGS if f in have]
