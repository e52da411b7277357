#!/usr/bin/env python3
"""Tile-size grid search: how far `--tile-sizes=auto` is from the best fixed sizes.

For each PolyBench kernel asked for (default: the dense kernels of the I/O
model's targets), at --size (default LARGE):

  1. asks `iotile --report=json --tile-sizes=auto` for the kernel's tiled
     bands: the deepest band's member count is the grid's dimension (at most
     --max-members), and the sizes auto chose go in the table;
  2. builds the kernel translated with `--target=openmp` and
     `--tile-sizes=a,b,c` for every combination of --sizes along those
     members (the sizes apply to every band, the last repeating), with
     `--tile-sizes=32` (the fixed default) and with `--tile-sizes=auto`,
     each with `CC -O3 -march=native -fopenmp`;
  3. checks `auto` exactly: at --check-size, the original and the auto
     translation print their arrays (%a) and must match byte for byte;
  4. times every build once (--grid-runs times), then the --finalists fastest grid points, `32`
     and `auto` --runs more times, interleaved (OMP_NUM_THREADS=--threads,
     threads pinned); each version's least time counts.

Prints per kernel the times of `32`, `auto` and the best grid point, and the
ratios the I/O model is judged by: best / auto (1.0 means auto found the
best; at least 0.9 is within 10%) and 32 / auto (auto's speedup over the
fixed default); geometric means in a last row; and per kernel the rank
correlation of the model's cycles (`--report=json`) with the measured
times over the grid. Writes every grid point's time and modelled cycles
to --out/grid.csv, and with each variant's report to --out/grid.json. Exits with status 1 if a
kernel fails to translate, build or run, or auto's results differ.

  scripts/tile-grid.py                                   # 8 kernels, LARGE, sizes 16,32,64,128
  scripts/tile-grid.py --kernels gemm --sizes 8,16,32,64,128,256 --runs 5
"""

import argparse
import csv
import itertools
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # importing polybench must not leave __pycache__ in the repository
sys.path.insert(0, str(Path(__file__).resolve().parent))
from polybench import Progress, geometric_mean, run, scratch_suite  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KERNELS = "gemm,2mm,3mm,syrk,syr2k,doitgen,covariance,correlation"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iotile", default=str(ROOT / "target" / "release" / "iotile"), help="iotile binary (default: target/release/iotile)")
    p.add_argument("--kernels", default=KERNELS, help=f"comma-separated kernels (default: {KERNELS})")
    p.add_argument("--sizes", default="16,32,64,128", help="tile sizes tried along each member (default: 16,32,64,128)")
    p.add_argument("--max-members", type=int, default=3, help="members of the grid at most (default: 3)")
    p.add_argument("--size", default="LARGE", help="dataset size timed (default: LARGE)")
    p.add_argument("--check-size", default="SMALL", help="dataset size at which auto is checked exactly (default: SMALL)")
    p.add_argument("--runs", type=int, default=3, help="extra timed runs of the finalists (default: 3)")
    p.add_argument("--grid-runs", type=int, default=1, help="timed runs of every grid point (default: 1)")
    p.add_argument("--finalists", type=int, default=4, help="fastest grid points timed again (default: 4)")
    p.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default: 2)")
    p.add_argument("--cc", default="gcc", help="C compiler (default: gcc)")
    p.add_argument("--iotile-flags", default="", help="iotile flags added to every variant (e.g. --cache-sizes=48K,2M,32M)")
    p.add_argument("--out", default=str(ROOT / "target" / "tile-grid"), help="directory of grid.csv (default: target/tile-grid)")
    p.add_argument("--timeout", type=int, default=600, help="seconds allowed per command (default: 600)")
    return p.parse_args()


def first_line(r):
    return (r.stderr.strip().splitlines() or ["?"])[-1]


def main():
    args = parse_args()
    if not Path(args.iotile).exists():
        run(["cargo", "build", "--release", "--quiet"], 3600)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="iotile-grid-"))
    failed = False
    rows = []
    try:
        suite, kernels = scratch_suite(ROOT / "polybench", scratch)
        wanted = [k for k in args.kernels.split(",") if k]
        found = {k.stem: k for k in kernels}
        unknown = [k for k in wanted if k not in found]
        if unknown:
            sys.exit(f"tile-grid.py: unknown kernel(s) {', '.join(unknown)}")
        progress = Progress(len(wanted))
        for name in wanted:
            row = grid_kernel(name, suite / found[name], suite / "utilities", scratch, sizes, args)
            failed |= row["failed"]
            rows.append(row)
            progress.step(name)
        progress.finish()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    report(rows, args, out_dir)
    return 1 if failed else 0


def grid_kernel(name, source, utilities, scratch, sizes, args):
    """Builds, checks and times one kernel's grid; gives its row."""
    work = scratch / name
    work.mkdir()
    common = [f"-I{utilities}", f"-I{source.parent}"]
    extra = args.iotile_flags.split()
    row = {"kernel": name, "failed": False, "notes": [], "times": {}, "cycles": {}, "reports": {}, "auto_sizes": ""}

    def fail(note):
        row["failed"] = True
        row["notes"].append(note)

    r = run([args.iotile, "--target=openmp", "--tile-sizes=auto", *extra, "--report=json", *common, f"-D{args.size}_DATASET", "-o", os.devnull, str(source)], args.timeout)
    if r.returncode != 0:
        fail(f"report: {first_line(r)}")
        return row
    bands = [b for region in json.loads(r.stdout)["regions"] for b in region["bands"]]
    depth = min(max((len(b["extents"]) for b in bands), default=1), args.max_members)
    row["auto_sizes"] = "; ".join("x".join(map(str, b["tile_sizes"])) for b in bands)
    variants = {"32": "--tile-sizes=32", "auto": "--tile-sizes=auto"}
    for point in itertools.product(sizes, repeat=depth):
        variants[",".join(map(str, point))] = "--tile-sizes=" + ",".join(map(str, point))

    def build(label, flags, size, defs):
        src = source
        if flags is not None:
            src = work / f"{label.replace(',', '_')}.{size}.c"
            t = run([args.iotile, "--target=openmp", flags, *extra, "--report=json", *common, f"-D{size}_DATASET", "-o", str(src), str(source)], args.timeout)
            if t.returncode != 0:
                fail(f"translate {label} {size}: {first_line(t)}")
                return None
            if size == args.size:
                report = json.loads(t.stdout)
                row["cycles"][label] = sum(b["cycles"] for region in report["regions"] for b in region["bands"])
                row["reports"][label] = report
        exe = work / f"{label.replace(',', '_')}.{size}"
        c = run([args.cc, *defs, *common, f"-D{size}_DATASET", str(utilities / "polybench.c"), str(src), "-o", str(exe), "-lm", "-fopenmp"], args.timeout)
        if c.returncode != 0:
            fail(f"compile {label} {size}: {first_line(c)}")
            return None
        return exe

    # auto's results, exactly.
    check = ["-O2", "-ffp-contract=off", "-DPOLYBENCH_DUMP_ARRAYS"]
    dumps = []
    for label, flags in (("orig", None), ("auto", variants["auto"])):
        exe = build(label, flags, args.check_size, check)
        d = run([str(exe)], args.timeout) if exe else None
        dumps.append(d.stderr if d and d.returncode == 0 else None)
    if dumps[0] is None or dumps[0] != dumps[1]:
        fail(f"auto's results differ from the original's at {args.check_size}")
        return row

    timed = ["-O3", "-march=native", "-DPOLYBENCH_TIME"]
    exes = {label: build(label, flags, args.size, timed) for label, flags in variants.items()}
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    env.setdefault("OMP_PROC_BIND", "true")

    def time(label):
        exe = exes.get(label)
        if exe is None:
            return
        t = run([str(exe)], args.timeout, env)
        if t.returncode == 0 and t.stdout.strip():
            row["times"].setdefault(label, []).append(float(t.stdout.split()[-1]))
        else:
            fail(f"run {label}: status {t.returncode}")

    for _ in range(args.grid_runs):
        for label in variants:
            time(label)
    grid = [l for l in variants if l not in ("32", "auto") and l in row["times"]]
    finalists = sorted(grid, key=lambda l: min(row["times"][l]))[: args.finalists]
    for _ in range(args.runs):
        for label in ["32", "auto", *finalists]:
            time(label)
    return row


def report(rows, args, out_dir):
    header = ["kernel", "32_s", "auto_s", "auto_sizes", "best_grid", "best_s", "best/auto", "32/auto", "notes"]
    table = []
    within, over32 = [], []
    for row in rows:
        best = {l: min(t) for l, t in row["times"].items()}
        grid = {l: t for l, t in best.items() if l not in ("32", "auto")}
        best_label = min(grid, key=grid.get) if grid else ""
        auto, fixed = best.get("auto"), best.get("32")
        ratio_best = grid[best_label] / auto if auto and best_label else None
        ratio_32 = fixed / auto if auto and fixed else None
        if ratio_best:
            within.append(ratio_best)
        if ratio_32:
            over32.append(ratio_32)
        f = lambda v: f"{v:.4f}" if v else ""
        g = lambda v: f"{v:.3f}" if v else ""
        table.append([row["kernel"], f(fixed), f(auto), row["auto_sizes"], best_label, f(grid.get(best_label)), g(ratio_best), g(ratio_32), "; ".join(row["notes"])])
    widths = [max(len(str(r[i])) for r in [header] + table) for i in range(len(header))]
    for r in [header] + table:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    gw, g32 = geometric_mean(within), geometric_mean(over32)
    print(f"geometric mean: best/auto {gw:.3f}, 32/auto {g32:.3f} ({args.size}, {args.threads} threads, sizes {args.sizes})" if gw and g32 else "no timings")
    with open(out_dir / "grid.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["kernel", "variant", "min_s", "runs", "modelled_cycles"])
        for row in rows:
            for label, times in row["times"].items():
                w.writerow([row["kernel"], label, f"{min(times):.6f}", len(times), f"{row['cycles'].get(label, 0):.4g}"])
    with open(out_dir / "grid.json", "w") as f:
        json.dump([{k: row[k] for k in ("kernel", "times", "reports")} for row in rows], f)
    for row in rows:
        rho = rank_correlation(row)
        if rho is not None:
            print(f"{row['kernel']}: rank correlation of modelled cycles and measured times over the grid {rho:.2f}")


def rank_correlation(row):
    """Spearman's rank correlation between modelled cycles and measured times over the grid points."""
    points = [l for l in row["times"] if l not in ("32", "auto") and row["cycles"].get(l)]
    if len(points) < 3:
        return None
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        r = [0] * len(values)
        for rank, i in enumerate(order):
            r[i] = rank
        return r
    a = ranks([min(row["times"][l]) for l in points])
    b = ranks([row["cycles"][l] for l in points])
    n = len(points)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(a, b)) / (n * (n * n - 1))


if __name__ == "__main__":
    sys.exit(main())
