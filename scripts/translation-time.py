#!/usr/bin/env python3
"""Translation-time benchmark: how long iotile takes per region.

A compiler in a Makefile must answer in about a second. This runner
translates PolyBench's kernels (at one dataset size) and every program of
testsuite/run/ with each option set, reads iotile's --time-report (wall
time per region and stage), and prints the slowest regions with the stage
that took longest. Regions over --limit seconds are listed apart, and the
exit status is 1 if there is any.

  scripts/translation-time.py                       # the option sets of DEFAULT_OPTION_SETS
  scripts/translation-time.py --options "" --options "--tile-sizes=2,3,4 --l2-tile-factor=2"
  scripts/translation-time.py --size MEDIUM --limit 1.5 --top 20

Timings are wall-clock and depend on the machine and its load: run it on a
quiet machine, and compare figures only within one run.
"""

import argparse
import csv
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REGION = re.compile(r"^region (\d+): ([0-9.]+) s \((.*)\)$")

# Default options, a second tiling level, and tiny tiles at two levels (the
# option set that once took 26 s on testsuite/run/17-two-level-tiny-tiles.c).
DEFAULT_OPTION_SETS = ["", "--l2-tile-factor=2", "--tile-sizes=2,3,4 --l2-tile-factor=2"]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iotile", default=None, help="iotile binary (default: build target/release/iotile)")
    p.add_argument("--options", action="append", default=None, metavar="FLAGS",
                   help="an option set to translate with (repeatable; default: the three of DEFAULT_OPTION_SETS)")
    p.add_argument("--size", default="LARGE", help="PolyBench dataset size (default: LARGE)")
    p.add_argument("--limit", type=float, default=2.0, help="seconds a region may take (default: 2)")
    p.add_argument("--top", type=int, default=10, help="slowest regions to list (default: 10)")
    p.add_argument("--out", default=None, help="write every region's time to this CSV file")
    return p.parse_args()


def inputs(size):
    """(label, iotile arguments) for every PolyBench kernel and testsuite program."""
    utilities = ROOT / "polybench" / "utilities"
    for source in sorted((ROOT / "polybench").rglob("*.c")):
        if source.parent != utilities:
            yield f"polybench/{source.stem}", [f"-I{utilities}", f"-I{source.parent}", f"-D{size}_DATASET", str(source)]
    for source in sorted((ROOT / "testsuite" / "run").glob("*.c")):
        first = source.read_text().split("\n", 1)[0]
        flags = shlex.split(first.removeprefix("// iotile-flags:")) if first.startswith("// iotile-flags:") else []
        yield f"testsuite/{source.stem}", [f"-I{ROOT / 'testsuite' / 'include'}", *flags, str(source)]


def main():
    args = parse_args()
    iotile = args.iotile
    if iotile is None:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        iotile = str(ROOT / "target" / "release" / "iotile")
    option_sets = args.options if args.options is not None else DEFAULT_OPTION_SETS
    rows, failed = [], []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="iotile-ttime-") as scratch:
        out = Path(scratch) / "out.c"
        for label, iotile_args in inputs(args.size):
            for options in option_sets:
                cmd = [iotile, "--target=openmp", "--time-report", *shlex.split(options), "-o", str(out), *iotile_args]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    failed.append(f"{label} [{options}]: " + (r.stderr.strip().splitlines() or ["?"])[0])
                for line in r.stderr.splitlines():
                    m = REGION.match(line)
                    if m:
                        stages = [(s.rsplit(" ", 1)[0], float(s.rsplit(" ", 1)[1])) for s in m.group(3).split(", ")]
                        slowest = max(stages, key=lambda s: s[1])
                        rows.append((float(m.group(2)), label, int(m.group(1)), options, slowest[0], slowest[1]))
    rows.sort(reverse=True)
    print(f"{len(rows)} regions translated with {len(option_sets)} option set(s) in {time.perf_counter() - start:.1f} s")
    print(f"{'seconds':>8}  {'slowest stage':<18}  region")
    for seconds, label, region, options, stage, stage_seconds in rows[: args.top]:
        print(f"{seconds:8.3f}  {stage + f' {stage_seconds:.3f}':<18}  {label} region {region} [{options}]")
    over = [r for r in rows if r[0] > args.limit]
    print(f"{len(over)} region(s) over {args.limit} s")
    for message in failed:
        print(f"failed: {message}")
    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["input", "region", "options", "seconds", "slowest_stage", "stage_seconds"])
            for seconds, label, region, options, stage, stage_seconds in rows:
                w.writerow([label, region, options, f"{seconds:.3f}", stage, f"{stage_seconds:.3f}"])
    return 1 if over or failed else 0


if __name__ == "__main__":
    sys.exit(main())
