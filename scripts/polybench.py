#!/usr/bin/env python3
"""Batch runner: translate, check and time every PolyBench kernel with iotile.

Works on iotile's own suite (polybench/) or on any directory with the
PolyBench/C 4.2.1 layout (utilities/polybench.{c,h} and one folder per
kernel holding <name>.c and <name>.h), for instance an unmodified
PolyBench/C checkout given by path. The suite is copied to a scratch
directory and its headers are patched to dump values exactly (%a instead of
the stock two-decimal format, which hides wrong results); the original
files are never touched.

For each kernel:
  1. translate with iotile (per dataset size, since sizes are macros), once
     with --iotile-flags and once more per --compare variant;
  2. compile the original and the translation (with -ffp-contract=off, so
     the compiler's FMA choices cannot differ between the two loop shapes),
     run both with array dumps at each check size (default MINI and SMALL) and compare the dumps byte for
     byte (with --tolerance, values may differ by that relative amount when
     the chosen options reassociate floating point; the worst difference is
     reported separately);
  With --driver, step 1 is folded into step 2: each variant is built in one
  command through iotile's driver mode (`iotile --cc=CC [-fopenmp] FLAGS
  ...`), as a Makefile with CC="iotile --cc=gcc" would; a region the driver
  keeps unchanged (its fallback warning) counts as a failure.
  3. unless --no-time, time all versions at --time-size (default LARGE),
     interleaved, several times: minimum, median and speedup = original /
     translated, for the main translation and for each --compare variant.

Writes a table on the terminal and results.csv, results.md and speedups.png
in --out, and exits with status 1 if any kernel is wrong.
"""

import argparse
import csv
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What iotile's driver prints when it keeps a region (or a file) unchanged.
DRIVER_FALLBACK = re.compile(r"warning: (cannot regenerate region \d+|region \d+ keeps its original order)|driver mode: the file is compiled unchanged")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("suite", nargs="?", default=str(ROOT / "polybench"), help="PolyBench-layout directory (default: the project's polybench/)")
    p.add_argument("--iotile", default=None, help="iotile binary (default: build target/release/iotile)")
    p.add_argument("--target", default="c", help="iotile --target (default: c)")
    p.add_argument("--iotile-flags", default="", help="extra iotile flags, e.g. '--tile-size=32'")
    p.add_argument("--compare", action="append", default=[], metavar="FLAGS",
                   help="also translate, check and time with these iotile flags instead of --iotile-flags (repeatable), e.g. --compare=--no-tile")
    p.add_argument("--cc", default="gcc", help="C compiler (default: gcc)")
    p.add_argument("--driver", action="store_true",
                   help="build the translations through iotile's driver mode (iotile --cc=CC, with -fopenmp for --target=openmp) instead of translating first")
    p.add_argument("--cflags", default="-O3 -march=native", help="optimisation flags for both versions")
    p.add_argument("--check-sizes", default="MINI,SMALL", help="dataset sizes checked for correctness")
    p.add_argument("--time-size", default="LARGE", help="dataset size for timing")
    p.add_argument("--no-time", action="store_true", help="check only")
    p.add_argument("--runs", type=int, default=3, help="timed runs per version (default: 3)")
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="OMP_NUM_THREADS for timed runs (threads pinned with OMP_PROC_BIND=true unless set)")
    p.add_argument("--kernels", default="", help="comma-separated kernel names to run (default: all)")
    p.add_argument("--tolerance", type=float, default=None, help="accept this relative difference (only for options that reassociate)")
    p.add_argument("--out", default=str(ROOT / "polybench-results"), help="directory for results.csv/.md and speedups.png")
    p.add_argument("--timeout", type=int, default=900, help="seconds allowed per program run")
    return p.parse_args()


def find_kernels(suite):
    kernels = []
    for source in sorted(suite.rglob("*.c")):
        name = source.stem
        if source.parent.name == name and (source.parent / f"{name}.h").exists() and "utilities" not in source.parts:
            kernels.append(source.relative_to(suite))
    return kernels


def patch_exact_format(suite):
    """Makes every floating-point dump print %a (exact); integers stay %d."""
    pattern = re.compile(r'(#\s*define\s+DATA_PRINTF_MODIFIER\s+)"%[0-9.]*l?f "')
    for header in suite.rglob("*.h"):
        text = header.read_text()
        patched = pattern.sub(r'\1"%a "', text)
        if patched != text:
            header.write_text(patched)


def scratch_suite(suite_src, scratch):
    """Copies the suite into scratch/suite with its dumps exact; gives the copy and its kernels (paths relative to it)."""
    suite = scratch / "suite"
    shutil.copytree(suite_src, suite)
    patch_exact_format(suite)
    return suite, find_kernels(suite)


class Progress:
    def __init__(self, total):
        self.total, self.done, self.tty = total, 0, sys.stderr.isatty()

    def show(self, label):
        width = 30
        filled = int(width * self.done / max(self.total, 1))
        line = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {label}"
        if self.tty:
            sys.stderr.write("\r\033[K" + line)
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def step(self, label):
        self.done += 1
        self.show(label)

    def finish(self):
        if self.tty:
            sys.stderr.write("\n")


def run(cmd, timeout, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)


def differs_within(a, b, tolerance):
    """Compares two dumps value by value; gives the worst relative error or None if the shapes differ."""
    ta, tb = a.split(), b.split()
    if len(ta) != len(tb):
        return None
    worst = 0.0
    for x, y in zip(ta, tb):
        if x == y:
            continue
        try:
            fx, fy = float.fromhex(x), float.fromhex(y)
        except ValueError:
            return None
        scale = max(abs(fx), abs(fy), 1e-300)
        worst = max(worst, abs(fx - fy) / scale)
    return worst


class Variant:
    """One way of translating: a label and the iotile flags it adds."""

    def __init__(self, label, flags):
        self.label, self.flags = label, flags.split()


class Kernel:
    def __init__(self, rel, variants):
        self.rel = rel
        self.name = rel.stem
        self.translate_status = "ok"
        self.translate_seconds = 0.0
        self.correct = True
        self.notes = []
        self.max_rel_error = 0.0
        self.orig_times = []
        self.new_times = {v.label: [] for v in variants}

    def speedup(self, label):
        times = self.new_times[label]
        if self.orig_times and times:
            return min(self.orig_times) / max(min(times), 1e-9)
        return None


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def main():
    args = parse_args()
    suite_src = Path(args.suite).resolve()
    if not (suite_src / "utilities" / "polybench.h").exists():
        sys.exit(f"polybench.py: {suite_src} has no utilities/polybench.h")
    iotile = args.iotile
    if iotile is None:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        iotile = str(ROOT / "target" / "release" / "iotile")
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    wanted = {k for k in args.kernels.split(",") if k}
    variants = [Variant("new", args.iotile_flags)] + [Variant(f"cmp{i + 1}", f) for i, f in enumerate(args.compare)]

    scratch = Path(tempfile.mkdtemp(prefix="iotile-polybench-"))
    try:
        suite, found = scratch_suite(suite_src, scratch)
        kernels = [Kernel(k, variants) for k in found if not wanted or k.stem in wanted]
        if not kernels:
            sys.exit("polybench.py: no kernels found")
        utilities = suite / "utilities"
        check_sizes = [s for s in args.check_sizes.split(",") if s]
        sizes = check_sizes + ([] if args.no_time else [args.time_size])
        progress = Progress(len(kernels) * (len(sizes) + 1))
        cflags = args.cflags.split()
        for k in kernels:
            check_kernel(k, variants, suite, scratch, iotile, sizes, check_sizes, cflags, args, progress)
        progress.finish()
        report(kernels, variants, args, out_dir)
        return 0 if all(k.correct for k in kernels) else 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def check_kernel(k, variants, suite, scratch, iotile, sizes, check_sizes, cflags, args, progress):
    """Translates, checks and times one kernel in every variant."""
    source = suite / k.rel
    kdir = source.parent
    utilities = suite / "utilities"
    work = scratch / k.name
    work.mkdir()
    common = [f"-I{utilities}", f"-I{kdir}"]
    translated = {}
    for size in sorted(set(sizes), key=sizes.index) if not args.driver else []:
        for v in variants:
            out = work / f"{k.name}.{v.label}.{size}.c"
            cmd = [iotile, f"--target={args.target}", *v.flags, *common, f"-D{size}_DATASET", "-o", str(out), str(source)]
            start = time.perf_counter()
            r = run(cmd, args.timeout)
            k.translate_seconds += time.perf_counter() - start
            if r.returncode != 0:
                k.translate_status = "failed"
                k.correct = False
                k.notes.append(f"translate {v.label} {size}: " + (r.stderr.strip().splitlines() or ["?"])[0])
                break
            translated[(v.label, size)] = out
        if k.translate_status != "ok":
            break
    progress.step(f"{k.name} translated")
    if k.translate_status != "ok":
        progress.done += len(sizes)
        return
    for size in sizes:
        timing = size == args.time_size and not args.no_time and size not in check_sizes
        # Check builds forbid FMA contraction: gcc contracts a*b+c
        # differently in differently shaped loops, which would change
        # low bits without iotile having reordered anything.
        defs = [f"-D{size}_DATASET"] + (["-DPOLYBENCH_TIME"] if timing else ["-DPOLYBENCH_DUMP_ARRAYS", "-ffp-contract=off"])
        versions = [("orig", [], source)] + [(v.label, v.flags, source if args.driver else translated[(v.label, size)]) for v in variants]
        exes = []
        for label, flags, src in versions:
            exe = work / f"{label}.{size}"
            cmd = [args.cc, *cflags, *common, *defs, str(utilities / "polybench.c"), str(src), "-o", str(exe), "-lm"] + (["-fopenmp"] if args.target == "openmp" else [])
            through_driver = args.driver and label != "orig"
            if through_driver:
                cmd = [iotile, f"--cc={args.cc}", *flags] + cmd[1:]
            start = time.perf_counter()
            r = run(cmd, args.timeout)
            if through_driver:
                k.translate_seconds += time.perf_counter() - start
            if r.returncode != 0:
                k.correct = False
                k.notes.append(f"compile {label} {size}: " + (r.stderr.strip().splitlines() or ["?"])[-1])
            elif through_driver and DRIVER_FALLBACK.search(r.stderr):
                k.correct = False
                k.notes.append(f"driver {label} {size}: " + DRIVER_FALLBACK.search(r.stderr).group(0))
            exes.append((label, exe))
        if not k.correct:
            progress.step(f"{k.name} {size}")
            continue
        if timing:
            # Threads pinned to cores (unless the caller chose otherwise):
            # unpinned, the OS migrates them mid-kernel and short kernels
            # time bimodally (atax: 6.7 ms or 17 ms for the same binary).
            env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
            env.setdefault("OMP_PROC_BIND", "true")
            for _ in range(args.runs):
                for label, exe in exes:
                    times = k.orig_times if label == "orig" else k.new_times[label]
                    r = run([str(exe)], args.timeout, env)
                    if r.returncode == 0 and r.stdout.strip():
                        times.append(float(r.stdout.split()[-1]))
        else:
            dumps = {}
            for label, exe in exes:
                r = run([str(exe)], args.timeout)
                dumps[label] = r.stderr if r.returncode == 0 else None
            for label, dump in dumps.items():
                if label == "orig":
                    continue
                if dumps["orig"] is None or dump is None:
                    k.correct = False
                    k.notes.append(f"run {label} {size}: a program failed")
                elif dump != dumps["orig"]:
                    worst = differs_within(dumps["orig"], dump, args.tolerance) if args.tolerance is not None else None
                    if worst is not None and worst <= args.tolerance:
                        k.max_rel_error = max(k.max_rel_error, worst)
                    else:
                        k.correct = False
                        k.notes.append(f"dump {label} {size} differs")
        progress.step(f"{k.name} {size}")


def report(kernels, variants, args, out_dir):
    compared = variants[1:]
    header = ["kernel", "translate", "translate_s", "correct", "orig_min_s", "orig_median_s", "new_min_s", "new_median_s", "speedup"]
    for v in compared:
        header += [f"{v.label}_min_s", f"{v.label}_speedup", f"new_vs_{v.label}"]
    header.append("notes")
    rows = []
    for k in kernels:
        def fmt(ts, f):
            return f"{f(ts):.4f}" if ts else ""
        def ratio(x):
            return f"{x:.3f}" if x else ""
        row = [
            k.name, k.translate_status, f"{k.translate_seconds:.3f}",
            "yes" if k.correct else "NO",
            fmt(k.orig_times, min), fmt(k.orig_times, statistics.median),
            fmt(k.new_times["new"], min), fmt(k.new_times["new"], statistics.median),
            ratio(k.speedup("new")),
        ]
        for v in compared:
            mine, theirs = k.new_times["new"], k.new_times[v.label]
            row += [fmt(theirs, min), ratio(k.speedup(v.label)), ratio(min(theirs) / min(mine) if mine and theirs else None)]
        row.append("; ".join(k.notes))
        rows.append(row)
    translated = sum(k.translate_status == "ok" for k in kernels)
    correct = sum(k.correct for k in kernels)
    total_translate = sum(k.translate_seconds for k in kernels)
    summary = (f"{translated}/{len(kernels)} translated, {correct}/{len(kernels)} correct "
               f"at {args.check_sizes} ({len(variants)} variant(s)); translation {total_translate:.1f} s in all")
    geomean = geometric_mean([k.speedup("new") for k in kernels if k.speedup("new")])
    if geomean:
        summary += f"; geometric-mean speedup {geomean:.3f} at {args.time_size} ({args.runs} runs, {args.threads} threads)"
        for v in compared:
            g = geometric_mean([k.speedup(v.label) for k in kernels if k.speedup(v.label)])
            if g:
                summary += f"; {v.label} ({' '.join(v.flags)}) {g:.3f}"
        slowest = min((k for k in kernels if k.speedup("new")), key=lambda k: k.speedup("new"))
        summary += f"; slowest {slowest.name} {slowest.speedup('new'):.3f}"
    if args.tolerance is not None:
        worst = max((k.max_rel_error for k in kernels), default=0.0)
        summary += f"; largest relative difference accepted: {worst:.3g}"

    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header) - 1)]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)) + ("  " + r[-1] if r[-1] else "")
    print(line(header))
    for r in rows:
        print(line(r))
    print(summary)

    with open(out_dir / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    with open(out_dir / "results.md", "w") as f:
        f.write(f"new = iotile --target={args.target} {args.iotile_flags}".rstrip() + f", against `{args.cc} {args.cflags}`")
        for v in compared:
            f.write(f"; {v.label} = iotile --target={args.target} {' '.join(v.flags)}".rstrip())
        f.write("\n\n| " + " | ".join(header) + " |\n|" + "---|" * len(header) + "\n")
        for r in rows:
            f.write("| " + " | ".join(str(c) for c in r) + " |\n")
        f.write(f"\n{summary}\n")
    chart(kernels, geomean, args, out_dir / "speedups.png")


def chart(kernels, geomean, args, path):
    data = [(k.name, k.speedup("new")) for k in kernels if k.speedup("new")]
    if not data:
        return
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"], capture_output=True)
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print(f"polybench.py: matplotlib unavailable, no chart ({r.stderr.decode().strip()[:200]})", file=sys.stderr)
            return
    names, values = zip(*data)
    fig, ax = plt.subplots(figsize=(max(8, len(names) * 0.4), 4.5))
    ax.bar(names, values, color=["tab:green" if v >= 1 else "tab:red" for v in values])
    ax.axhline(1.0, color="black", linewidth=0.8)
    if geomean:
        ax.axhline(geomean, color="tab:blue", linestyle="--", linewidth=0.8, label=f"geometric mean {geomean:.2f}")
        ax.legend()
    ax.set_ylabel(f"speedup over {args.cc} {args.cflags}")
    ax.set_title(f"iotile --target={args.target} {args.iotile_flags}".rstrip() + f", {args.time_size}, {args.threads} threads")
    plt.xticks(rotation=60, ha="right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


if __name__ == "__main__":
    sys.exit(main())
