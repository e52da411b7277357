#!/usr/bin/env python3
"""Yolo9000 convolution layers: check and time yolo-layers/conv2d.c with iotile.

yolo-layers/conv2d.c is one direct convolution, batch 1, stride 1, no
padding, in one #pragma scop region (loops f, y, x, c, h, w), with its sizes
as macros: NF output channels, NC input channels, NY x NX output pixels,
NH x NW kernel. LAYERS below holds the sizes of the 11 Yolo9000 layers of
the IOOpt evaluation (seed 000, its Figure 4); each layer is that program
built with those sizes as -D flags. Versions, built from a copy of the
program in a scratch directory (removed at the end):

  orig     the program as written (no OpenMP pragmas: serial)
  iotile   iotile --target=openmp FLAGS -D<sizes> -o out.c conv2d.c, then the
           C compiler on out.c (FLAGS: --iotile-flags; one more such variant,
           cmp1, cmp2, ..., per --compare=FLAGS; --target=openmp is left out
           when FLAGS name a --target)

For each layer:
  1. correctness: at the check size (F, C, Y and X of the layer divided by
     --check-divisor, default 8, but at least --check-min, default 69: two
     tiles of iotile's default 32 and a partial one, or the layer's own
     where that is smaller; made odd, one less or more; kernel sizes kept),
     translate, build orig and every variant with
     CC -O2 -fopenmp -ffp-contract=off -DDUMP (-ffp-contract=off: FMA
     contraction cannot differ between loop shapes), run them with
     OMP_NUM_THREADS=2 and compare their dumps (every element of the
     output, %a) byte for byte; any difference from orig fails the layer.
     A warning that a region keeps its original order or is rescheduled
     without tiling goes to the notes column;
  2. timing (unless --no-time): at the layer's full size, translate, build
     every version with CC -O3 -march=native -fopenmp and run them --runs
     times, interleaved (each round starting one version later), with
     OMP_NUM_THREADS=--threads and OMP_PROC_BIND=true (unless set); the
     program clocks its own region (clock_gettime(CLOCK_MONOTONIC), printed
     on stderr as "iotile-region-seconds S") and the least of the runs
     counts. Speedup = orig region time / the variant's (so it includes
     the variant's threads). A layer that fails step 1 is not timed;
  3. with --report: iotile --report=json with each variant's flags at the
     layer's full size; per tiled band, its extents and tile sizes, and per
     memory level the modelled traffic, its lower bound and their ratio,
     and the least traffic of any one level of tiles (with its ratio and
     tiles). An iotile that rejects --report=json gives "report unavailable".

Prints a table (region seconds, speedups over orig, geometric means in a
last row), optionally writes it as CSV (--csv), and exits with status 1 if
any layer gives wrong results or fails to translate, build or run.

  scripts/yolo.py --no-time                                # check every layer
  scripts/yolo.py --layers 5,9 --runs 3 --threads 2        # time two 1x1 layers
  scripts/yolo.py --no-time --report --iotile-flags=--tile-sizes=auto
  scripts/yolo.py --compare=--no-tile --compare='--tile-size=4 --reschedule=always'

Flags that start with '-' must be attached with '=' (--compare=--no-tile,
--iotile-flags='--tile-size=32 --fusion=max').
"""

import argparse
import csv
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # importing pipelines must not leave __pycache__ in the repository
sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipelines import (CHECK_THREADS, DRIVER_WARNING, FLOOR, Progress, Variant, compare_outputs,  # noqa: E402
                       geometric_mean, positive, region_seconds, run)

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "yolo-layers" / "conv2d.c"

# The convolution layers of Yolo9000 that the IOOpt evaluation uses (seed
# 000, Figure 4): output channels F, input channels C, output image Y x X,
# kernel H x W; batch 1.
LAYERS = [
    ("yolo9000-0", dict(F=32, C=3, Y=544, X=544, H=3, W=3)),
    ("yolo9000-2", dict(F=64, C=32, Y=272, X=272, H=3, W=3)),
    ("yolo9000-4", dict(F=128, C=64, Y=136, X=136, H=3, W=3)),
    ("yolo9000-5", dict(F=64, C=128, Y=136, X=136, H=1, W=1)),
    ("yolo9000-8", dict(F=256, C=128, Y=68, X=68, H=3, W=3)),
    ("yolo9000-9", dict(F=128, C=256, Y=68, X=68, H=1, W=1)),
    ("yolo9000-12", dict(F=512, C=256, Y=34, X=34, H=3, W=3)),
    ("yolo9000-13", dict(F=256, C=512, Y=34, X=34, H=1, W=1)),
    ("yolo9000-18", dict(F=1024, C=512, Y=17, X=17, H=3, W=3)),
    ("yolo9000-19", dict(F=512, C=1024, Y=17, X=17, H=1, W=1)),
    ("yolo9000-23", dict(F=28272, C=1024, Y=17, X=17, H=1, W=1)),
]
MACROS = dict(F="NF", C="NC", Y="NY", X="NX", H="NH", W="NW")
# The least check size of a dimension (unless the layer's own is smaller):
# two tiles of iotile's default size 32 and a partial one.
CHECK_MIN = 69
CHECK_FLAGS = ["-O2", "-fopenmp", "-ffp-contract=off", "-DDUMP"]
TIME_FLAGS = ["-O3", "-march=native", "-fopenmp"]
QUIET = ["-Wno-unknown-pragmas"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iotile", metavar="PATH", default=str(ROOT / "target" / "release" / "iotile"),
                   help="iotile binary (default: target/release/iotile; not rebuilt)")
    p.add_argument("--cc", default="gcc", help="C compiler (default: gcc)")
    p.add_argument("--layers", default="", metavar="NAMES",
                   help="comma-separated layers, e.g. 0,5 or yolo9000-18 (default: all 11)")
    p.add_argument("--check-divisor", type=positive, default=8, metavar="N",
                   help="check size = each layer size / N, at least --check-min, odd (default: 8)")
    p.add_argument("--check-min", type=positive, default=CHECK_MIN, metavar="N",
                   help=f"least check size of F, C, Y and X, unless the layer's own is smaller (default: {CHECK_MIN})")
    p.add_argument("--runs", metavar="N", type=positive, default=3, help="timed runs per version, interleaved; the minimum counts (default: 3)")
    p.add_argument("--threads", metavar="N", type=positive, default=2, help="OMP_NUM_THREADS for timed runs (default: 2)")
    p.add_argument("--iotile-flags", default="", metavar="FLAGS",
                   help="iotile flags of the main variant, e.g. --iotile-flags=--tile-sizes=auto (default: none)")
    p.add_argument("--compare", action="append", default=[], metavar="FLAGS",
                   help="another iotile variant with these flags, checked and timed too (repeatable), e.g. --compare=--no-tile")
    p.add_argument("--no-time", action="store_true", help="check correctness only")
    p.add_argument("--report", action="store_true",
                   help="also print each variant's iotile --report=json per layer: modelled traffic and lower bound per memory level")
    p.add_argument("--csv", metavar="FILE", help="also write the table to FILE as CSV")
    p.add_argument("--timeout", metavar="SECONDS", type=positive, default=600, help="seconds allowed per translation, build or run (default: 600)")
    return p.parse_args()


def check_dim(size, divisor, least):
    """A layer size shrunk for the check: size / divisor, at least least (or size where that is smaller), made odd."""
    shrunk = size if size <= least else max(least, size // divisor)
    if shrunk % 2 == 0:
        shrunk = shrunk - 1 if shrunk == size else shrunk + 1
    return shrunk


def check_sizes(sizes, divisor, least):
    return {d: (v if d in "HW" else check_dim(v, divisor, least)) for d, v in sizes.items()}


def size_text(sizes):
    return f"F{sizes['F']} C{sizes['C']} {sizes['Y']}x{sizes['X']} k{sizes['H']}x{sizes['W']}"


def size_defs(sizes):
    return [f"-D{MACROS[d]}={v}" for d, v in sizes.items()]


class Layer:
    def __init__(self, name, sizes):
        self.name, self.sizes = name, sizes
        self.correct = True
        self.notes = []
        self.warnings = {}  # (label, message) -> where ("check", "full size")
        self.region = {}  # version -> least region seconds
        self.region_runs = {}  # version -> region seconds of each run
        self.reports = []  # lines printed after the table

    def fail(self, note):
        self.correct = False
        self.notes.append(note)

    def warn(self, label, where, stderr):
        for line in stderr.splitlines():
            if DRIVER_WARNING.search(line):
                places = self.warnings.setdefault((label, line[line.index("warning:"):].strip()), [])
                if where not in places:
                    places.append(where)

    def all_notes(self):
        warned = [f"{label}: {message} ({', '.join(places)})" for (label, message), places in self.warnings.items()]
        return "; ".join(warned + self.notes)

    def speedup(self, label):
        if "orig" in self.region and label in self.region:
            return self.region["orig"] / self.region[label]
        return None


def select_layers(wanted):
    if not wanted:
        return [Layer(name, sizes) for name, sizes in LAYERS]
    by_name = {}
    for name, sizes in LAYERS:
        by_name[name] = by_name[name.removeprefix("yolo9000-")] = (name, sizes)
    chosen, unknown = [], []
    for name in (w.strip().lower() for w in wanted.split(",")):
        if not name:
            continue
        if name not in by_name:
            unknown.append(name)
        elif by_name[name] not in chosen:
            chosen.append(by_name[name])
    if unknown:
        sys.exit(f"yolo.py: unknown layer(s) {', '.join(unknown)}; known: {', '.join(n.removeprefix('yolo9000-') for n, _ in LAYERS)}")
    return [Layer(name, sizes) for name, sizes in chosen]


def iotile_flags(variant):
    """The variant's flags, after --target=openmp unless they name a target."""
    if any(f == "--target" or f.startswith("--target=") for f in variant.flags):
        return list(variant.flags)
    return ["--target=openmp", *variant.flags]


def describe(variant):
    return " ".join(["iotile", *iotile_flags(variant)])


def translate(layer, variant, source, defs, out, where, args):
    """Translates source with the variant's flags into out; gives True on success (a failure fails the layer)."""
    r = run([args.iotile, *iotile_flags(variant), *defs, "-o", str(out), str(source)], args.timeout)
    layer.warn(variant.label, where, r.stderr)
    failure = r.failure(f"translate {variant.label} ({where})")
    if failure:
        layer.fail(failure)
    return failure is None


def build_all(layer, variants, source, work, sizes, flags, where, args):
    """Translates and builds orig and every variant at sizes; gives [(label, executable)] of those that built."""
    defs = size_defs(sizes)
    tag = "check" if where == "check" else "full"
    sources = [("orig", source)]
    for v in variants:
        out = work / f"{v.label}.{tag}.c"
        if translate(layer, v, source, defs, out, where, args):
            sources.append((v.label, out))
    exes = []
    for label, src in sources:
        exe = work / f"{label}.{tag}"
        r = run([args.cc, *flags, *QUIET, *defs, str(src), "-o", str(exe), "-lm"], args.timeout)
        failure = r.failure(f"build {label} ({where})")
        if failure:
            layer.fail(failure)
        else:
            exes.append((label, exe))
    return exes


def check(layer, variants, source, work, args, progress):
    """Builds orig and every variant at the check size with dumps and compares their outputs byte for byte."""
    sizes = check_sizes(layer.sizes, args.check_divisor, args.check_min)
    exes = build_all(layer, variants, source, work, sizes, CHECK_FLAGS, "check", args)
    ran = compare_outputs(dict(exes), [v.label for v in variants], layer.fail, f"(check, {size_text(sizes)})", args.timeout)
    if not ran and layer.correct:
        layer.fail("orig did not run")
    progress.step(f"{layer.name} checked at {size_text(sizes)}")


def time_layer(layer, variants, source, work, args, progress):
    """Builds every version at full size, runs them interleaved and keeps the least region seconds of each."""
    def skip(done):
        progress.done += args.runs - done - 1
        progress.step(f"{layer.name} not timed")

    count = len(variants) + 1
    exes = build_all(layer, variants, source, work, layer.sizes, TIME_FLAGS, "full size", args)
    if len(exes) != count:
        return skip(0)
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    env.setdefault("OMP_PROC_BIND", "true")
    outputs = {}
    for i in range(args.runs):
        # Each round starts one version later, so that none always runs first.
        for label, exe in exes[i % count:] + exes[:i % count]:
            r = run([str(exe)], args.timeout, env)
            failure = r.failure(f"timed run {label}")
            seconds = region_seconds(r.stderr)
            if failure or seconds is None:
                layer.fail(failure or f"timed run {label}: the region's clock did not run")
                return skip(i)
            outputs[label] = r.stdout
            layer.region_runs.setdefault(label, []).append(seconds)
        progress.step(f"{layer.name} timed, run {i + 1}/{args.runs}")
    for label, times in layer.region_runs.items():
        layer.region[label] = max(min(times), FLOOR)
    differing = [v.label for v in variants if outputs.get(v.label) != outputs.get("orig")]
    if differing:
        # Not a failure: timed builds let the compiler contract FMAs as it sees fit.
        layer.notes.append(f"{', '.join(differing)} checksum at full size differs from orig (timed builds allow FMA contraction)")


def human_bytes(n):
    for unit, scale in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale}{unit}"
    return str(n)


def report_lines(data):
    """The lines that describe one --report=json object: per region its schedule, per band its tiles and traffic."""
    lines = []
    levels = {l.get("name"): l.get("bytes") for l in data.get("levels", [])}
    for region in data.get("regions", []):
        lines.append(f"  region {region.get('region')}: {region.get('schedule', '?')}")
        bands = region.get("bands", [])
        if not bands:
            lines.append("    no tiled band: no modelled traffic")
        for band in bands:
            join = lambda key: ",".join(str(v) for v in band.get(key, [])) or "-"  # noqa: E731
            instances = band.get("instances")
            lines.append(f"    band {','.join(band.get('statements', []))}: extents {join('extents')}, "
                         f"tiles {join('tile_sizes')} ({band.get('sizes_from', '?')}: {band.get('why', '')}), "
                         f"tile order {join('tile_order')}"
                         + (f", {instances:.4g} instances" if isinstance(instances, (int, float)) else ""))
            search = band.get("search")
            if search:
                lines.append(f"      search: {search.get('evaluated')} evaluated, {search.get('pruned')} pruned, "
                             f"{search.get('seconds', 0):.3f} s")
            traffic = band.get("traffic", [])
            if traffic:
                lines.append(f"      {'level':<6} {'capacity':>8} {'modelled_bytes':>15} {'lower_bound':>15} {'ratio':>7} "
                             f"{'least_bytes':>15} {'least_ratio':>11}  least_tiles")
            for t in traffic:
                capacity = levels.get(t.get("level"))

                def num(key, form):
                    v = t.get(key)
                    return format(v, form) if isinstance(v, (int, float)) else "?"
                tiles = ",".join(str(v) for v in t.get("least_tile_sizes", [])) or "-"
                lines.append(f"      {str(t.get('level')):<6} {human_bytes(capacity) if isinstance(capacity, int) else '?':>8} "
                             f"{num('bytes', '.4g'):>15} {num('lower_bound', '.4g'):>15} {num('ratio', '.2f'):>7} "
                             f"{num('least_bytes', '.4g'):>15} {num('least_ratio', '.2f'):>11}  {tiles}")
    return lines


def report(layer, variants, source, work, args):
    """Runs iotile --report=json per variant at the layer's full size and keeps the lines to print."""
    for v in variants:
        layer.reports.append(f"{layer.name} ({size_text(layer.sizes)}), {v.label} = {describe(v)} --report=json:")
        r = run([args.iotile, *iotile_flags(v), "--report=json", *size_defs(layer.sizes),
                 "-o", str(work / f"{v.label}.report.c"), str(source)], args.timeout)
        if r.returncode != 0:
            why = r.failure("iotile --report=json")
            layer.reports.append(f"  report unavailable ({why})")
            continue
        try:
            data = json.loads(r.stdout)
        except json.JSONDecodeError as e:
            layer.reports.append(f"  report unavailable (not JSON: {e})")
            continue
        layer.reports.extend(report_lines(data) if isinstance(data, dict) else ["  report unavailable (not a JSON object)"])


def table(layers, variants, args):
    timed = not args.no_time
    labels = ["orig"] + [v.label for v in variants]
    header = ["layer", "F", "C", "Y", "X", "HxW", "correct"]
    if timed:
        header += [f"{l}_s" for l in labels] + [f"{v.label}_speedup" for v in variants]
    header.append("notes")
    rows = []
    for layer in layers:
        s = layer.sizes
        row = [layer.name, str(s["F"]), str(s["C"]), str(s["Y"]), str(s["X"]), f"{s['H']}x{s['W']}", "yes" if layer.correct else "no"]
        if timed:
            row += [f"{layer.region[l]:.6f}" if l in layer.region else "" for l in labels]
            row += [f"{layer.speedup(v.label):.3f}" if layer.speedup(v.label) else "" for v in variants]
        row.append(layer.all_notes())
        rows.append(row)
    geomeans = {v.label: geometric_mean([l.speedup(v.label) for l in layers if l.speedup(v.label)]) for v in variants}
    if timed:
        rows.append(["geomean"] + [""] * (len(header) - 2 - len(variants))
                    + [f"{geomeans[v.label]:.3f}" if geomeans[v.label] else "" for v in variants] + [""])
    return header, rows, geomeans


def main():
    args = parse_args()
    iotile = Path(args.iotile)
    if not (iotile.is_file() and os.access(iotile, os.X_OK)):
        sys.exit(f"yolo.py: no iotile binary at {iotile} (build it with cargo build --release --locked, or pass --iotile)")
    args.iotile = str(iotile.resolve())
    if shutil.which(args.cc) is None:
        sys.exit(f"yolo.py: compiler {args.cc} not found")
    layers = select_layers(args.layers)
    variants = [Variant("iotile", args.iotile_flags)] + [Variant(f"cmp{i + 1}", f) for i, f in enumerate(args.compare)]

    progress = Progress(len(layers) * (1 + (0 if args.no_time else args.runs)))
    scratch = Path(tempfile.mkdtemp(prefix="iotile-yolo-"))
    try:
        for layer in layers:
            work = scratch / layer.name
            work.mkdir()
            # Built from a copy, so that nothing the compilers write can land in the repository.
            source = work / SOURCE.name
            shutil.copyfile(SOURCE, source)
            check(layer, variants, source, work, args, progress)
            if args.report:
                report(layer, variants, source, work, args)
            if args.no_time:
                continue
            if layer.correct:
                time_layer(layer, variants, source, work, args, progress)
            else:
                layer.notes.append("not timed")
                progress.done += args.runs
    finally:
        progress.finish()
        shutil.rmtree(scratch, ignore_errors=True)

    header, rows, geomeans = table(layers, variants, args)
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header) - 1)]
    for r in [header] + rows:
        print(("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1]).rstrip())
    print(f"orig = {args.cc} (as written, serial); "
          + "; ".join(f"{v.label} = {describe(v)}" for v in variants)
          + f"; checks: {args.cc} {' '.join(CHECK_FLAGS)} at sizes / {args.check_divisor} (at least {args.check_min}, odd), "
          f"OMP_NUM_THREADS={CHECK_THREADS}")
    correct = sum(l.correct for l in layers)
    summary = f"{correct}/{len(layers)} layers correct"
    if not args.no_time:
        summary += (f"; region seconds at full size, {args.cc} {' '.join(TIME_FLAGS)}, minimum of {args.runs} run(s), "
                    f"{args.threads} thread(s)")
        means = [f"{v.label} {geomeans[v.label]:.3f}" for v in variants if geomeans[v.label]]
        if means:
            summary += "; geometric-mean speedup over orig: " + ", ".join(means)
    print(summary)
    if args.report:
        for layer in layers:
            print()
            print("\n".join(layer.reports))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            csv.writer(f).writerows([header] + rows)
    return 0 if all(l.correct for l in layers) else 1


if __name__ == "__main__":
    sys.exit(main())
