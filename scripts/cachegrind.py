#!/usr/bin/env python3
"""The I/O model against a simulated cache: modelled traffic beside cachegrind's misses.

For each PolyBench kernel asked for, at --size (default MEDIUM), and each set
of iotile flags in --variants:

  1. translates the kernel with `iotile --target=openmp FLAGS
     --report=json --cache-sizes=D1,LL` (the model's two levels are the
     simulated caches) and sums, over the tiled bands, the bytes the model
     says move into each level;
  2. builds the translation without OpenMP (one thread: the simulated
     caches are one core's), `-O2 -fno-inline`, so that the kernel stays a
     function of its own;
  3. runs it under `valgrind --tool=cachegrind --cache-sim=yes` with D1 and
     LL of those sizes (8 and 16 ways, 64-byte lines) and reads, with
     cg_annotate, the kernel function's data misses (reads and writes) in
     D1 and LL, as bytes (times 64).

Prints per kernel and variant the measured and modelled bytes per level and
their ratio (modelled / measured). The model counts a written line twice
(in, and back out), cachegrind's misses once: the model's written arrays
make the ratio above 1 where they dominate. Installs valgrind with apt
when it is missing.

  scripts/cachegrind.py                                    # gemm, 2mm, syrk, doitgen, covariance at MEDIUM
  scripts/cachegrind.py --size SMALL --d1 4K --ll 32K      # SMALL (its data fit 256K) on smaller caches
  scripts/cachegrind.py --kernels gemm --variants=--tile-sizes=16 --variants=--tile-sizes=auto
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # importing polybench must not leave __pycache__ in the repository
sys.path.insert(0, str(Path(__file__).resolve().parent))
from polybench import run, scratch_suite  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LINE = 64


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iotile", default=str(ROOT / "target" / "release" / "iotile"), help="iotile binary (default: target/release/iotile)")
    p.add_argument("--kernels", default="gemm,2mm,syrk,doitgen,covariance", help="comma-separated kernels")
    p.add_argument("--size", default="MEDIUM", help="dataset size (default: MEDIUM, whose data exceed the default LL)")
    p.add_argument("--d1", default="32K", help="simulated L1 data cache (default: 32K)")
    p.add_argument("--ll", default="256K", help="simulated last-level cache (default: 256K)")
    p.add_argument("--variants", action="append", default=None, metavar="FLAGS",
                   help="iotile flags of one variant (repeatable; default: --tile-sizes=32 and --tile-sizes=auto)")
    p.add_argument("--timeout", type=int, default=900, help="seconds allowed per command (default: 900)")
    return p.parse_args()


def size_bytes(text):
    units = {"K": 1 << 10, "M": 1 << 20}
    return int(text[:-1]) * units[text[-1].upper()] if text[-1].upper() in units else int(text)


def ensure_valgrind():
    if shutil.which("valgrind") and shutil.which("cg_annotate"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "valgrind"], check=True, env=env)


def kernel_misses(annotated, name):
    """D1 and LL data misses of the function kernel_<name> in cg_annotate's per-function table."""
    for line in annotated.splitlines():
        if re.search(rf"\bkernel_{re.escape(name)}\b", line):
            counts = [int(c.replace(",", "")) for c in re.findall(r"[\d,]+(?=\s)", line + " ") if c.replace(",", "").isdigit()]
            # Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
            if len(counts) >= 9:
                return counts[4] + counts[7], counts[5] + counts[8]
    return None


def main():
    args = parse_args()
    ensure_valgrind()
    variants = args.variants or ["--tile-sizes=32", "--tile-sizes=auto"]
    d1, ll = size_bytes(args.d1), size_bytes(args.ll)
    scratch = Path(tempfile.mkdtemp(prefix="iotile-cachegrind-"))
    failed = False
    rows = []
    try:
        suite, kernels = scratch_suite(ROOT / "polybench", scratch)
        found = {k.stem: k for k in kernels}
        utilities = suite / "utilities"
        for name in [k for k in args.kernels.split(",") if k]:
            if name not in found:
                sys.exit(f"cachegrind.py: unknown kernel {name}")
            source = suite / found[name]
            common = [f"-I{utilities}", f"-I{source.parent}", f"-D{args.size}_DATASET"]
            for i, flags in enumerate(variants):
                out = scratch / f"{name}.{i}.c"
                t = run([args.iotile, "--target=openmp", *flags.split(), "--report=json", f"--cache-sizes={d1},{ll}", *common, "-o", str(out), str(source)], args.timeout)
                if t.returncode != 0:
                    print(f"{name} {flags}: iotile failed: {t.stderr.strip()[:200]}")
                    failed = True
                    continue
                modelled = [0.0, 0.0]
                bands = [b for region in json.loads(t.stdout)["regions"] for b in region["bands"]]
                for b in bands:
                    for level, traffic in enumerate(b["traffic"][:2]):
                        modelled[level] += traffic["bytes"]
                exe = scratch / f"{name}.{i}"
                c = run(["gcc", "-O2", "-fno-inline", "-Wno-unknown-pragmas", *common, str(utilities / "polybench.c"), str(out), "-o", str(exe), "-lm"], args.timeout)
                if c.returncode != 0:
                    print(f"{name} {flags}: build failed: {c.stderr.strip()[:200]}")
                    failed = True
                    continue
                cg_out = scratch / f"cg.{name}.{i}"
                v = run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--D1={d1},8,{LINE}", f"--LL={ll},16,{LINE}",
                         f"--cachegrind-out-file={cg_out}", str(exe)], args.timeout)
                a = run(["cg_annotate", str(cg_out)], args.timeout) if v.returncode == 0 else v
                misses = kernel_misses(a.stdout, name) if a.returncode == 0 else None
                if misses is None:
                    print(f"{name} {flags}: no cachegrind counts for kernel_{name}")
                    failed = True
                    continue
                rows.append((name, flags, len(bands), [m * LINE for m in misses], modelled))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    header = ["kernel", "variant", "bands", "D1 measured", "D1 modelled", "ratio", "LL measured", "LL modelled", "ratio"]
    table = [header]
    for name, flags, bands, measured, modelled in rows:
        ratio = lambda m, p: f"{p / m:.2f}" if m and p else ""
        table.append([name, flags, str(bands), f"{measured[0]:.4g}", f"{modelled[0]:.4g}", ratio(measured[0], modelled[0]),
                      f"{measured[1]:.4g}", f"{modelled[1]:.4g}", ratio(measured[1], modelled[1])])
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    print(f"bytes into a simulated D1 of {args.d1} and LL of {args.ll} (cachegrind: data misses x {LINE}) at {args.size}, one thread")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
