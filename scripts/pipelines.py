#!/usr/bin/env python3
"""Image-pipeline benchmark: check and time testsuite/run/image-*.c with iotile.

Each image-*.c program keeps its pipeline stages in one #pragma scop region
over global float arrays sized by the macros H and W (-DH=... -DW=...), and
prints its results exactly (%a) on standard output. Every version below is
built from a copy of the program in a scratch directory (removed at the
end), the translations through iotile's driver mode, as a Makefile with
CC="iotile --cc=gcc" would build them:

  orig     CC -O3 -march=native                      (serial)
  iotile   iotile --cc=CC FLAGS -O3 -march=native -fopenmp
           (FLAGS: --iotile-flags; one more such variant, cmp1, cmp2, ...,
           per --compare=FLAGS)
  omp      CC -O3 -march=native -fopenmp              (no iotile; left out
           with --no-omp) on the hand-written OpenMP baseline: the program
           with a line "#pragma omp parallel for" (same indentation) before
           each loop statement directly inside the region, i.e. on each
           stage's outer loop. That is valid for the six image-*.c programs
           (read to confirm it): every stage is a top-level loop nest whose
           outer loop carries no dependence, as each iteration writes only
           its own rows (or channel) of the stage's output array and reads
           only arrays the stage does not write (the input or earlier
           stages' outputs), with loop counters declared in the loops.

For each program:
  1. correctness: at --check-size, at 67x35 (not a multiple of any tile
     size) and at 27x2111 (rows wider than the 2048 columns of the default
     fused tiles, so that their column tiles cross a border), build orig,
     every iotile variant and omp with -ffp-contract=off (so that FMA
     contraction cannot differ between loop shapes), run them
     with OMP_NUM_THREADS=2 and compare their standard output byte for
     byte; any difference from orig fails the program. A driver warning
     that a region keeps its original order or is rescheduled without
     tiling goes to the notes column;
  2. timing (unless --no-time): at --time-size, build every version
     (without -ffp-contract=off) from a copy of the program with a clock
     around its region (clock_gettime(CLOCK_MONOTONIC) just before the
     region, and any '#pragma iotile' lines directly above it, and just
     after it; the seconds go to stderr), and a baseline, orig with the
     region emptied, whose run time is the cost of initialisation and
     printing (shown, not subtracted). Each program writes every array
     once before its region, so the region does not pay for the first
     touch of pages. After an untimed warm-up round, all are run --runs
     times, interleaved (each round starting one version later), with
     OMP_NUM_THREADS=--threads and OMP_PROC_BIND=true (unless set); region
     time = the least of the runs' clocked region seconds. With --warm,
     the region and its clock run 1 + --runs times in a loop of their
     own, and the least of the passes after the first is the run's time:
     caches, threads and clock frequency warm, as halide_pipelines.py
     times --runs realize() calls one after another after an untimed one
     (on the pyramid, the second pass took 0.73 ms and the seventh 0.38:
     the time falls over the first few passes). (Subtracting the
     baseline's whole-process time instead overstated it: the baseline
     prints zeros, which are cheaper to print than the values of a run.)
     Speedup (<version>_speedup) = orig region time / that version's
     region time, and for each iotile variant <label>_vs_omp = omp region
     time / its region time. A program that fails step 1 is not timed.

Prints a table (region seconds, speedups over orig, iotile variants over
omp) and the geometric means of these ratios, also in a last row; writes
results.csv in --out, and exits with status 1 if any program gives wrong
results or fails to build or run.

  scripts/pipelines.py --no-time                             # correctness only
  scripts/pipelines.py --no-omp                              # without the OpenMP baseline
  scripts/pipelines.py --compare=--no-tile --threads 4       # tiled vs untiled vs gcc
  scripts/pipelines.py --programs harris,unsharp-mask --time-size 1024x1024 --runs 5
  scripts/pipelines.py --iotile-flags=--tile-size=64 --compare=--tile-size=16

Flags that start with '-' must be attached with '=' (--compare=--no-tile,
--iotile-flags='--tile-size=32 --fusion=max').
"""

import argparse
import csv
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "testsuite" / "run"

# Checked besides --check-size: a size that no tile size divides, and
# rows wider than the default fused tiles' 2048 columns.
ODD_SIZE = (67, 35)
WIDE_SIZE = (27, 2111)
CHECK_THREADS = 2
OPT = ["-O3", "-march=native"]
QUIET = ["-Wno-unknown-pragmas"]
# What iotile's driver prints when a region does not get the schedule it chose.
DRIVER_WARNING = re.compile(r"warning:.*(keeps its original order|is rescheduled without tiling)")
FLOOR = 1e-6


def size_arg(text):
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
        raise argparse.ArgumentTypeError(f"expected HxW with positive integers, e.g. 40x52, not {text!r}")
    return int(m.group(1)), int(m.group(2))


def positive(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, not {text!r}")
    return value


def parse_args():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--iotile", metavar="PATH", default=str(ROOT / "target" / "release" / "iotile"),
                   help="iotile binary (default: target/release/iotile; not rebuilt)")
    p.add_argument("--cc", default="gcc", help="C compiler, for orig and behind iotile --cc (default: gcc)")
    p.add_argument("--programs", default="", metavar="NAMES",
                   help="comma-separated programs, e.g. harris,image-unsharp-mask (default: every testsuite/run/image-*.c)")
    p.add_argument("--check-size", type=size_arg, default=(40, 52), metavar="HxW",
                   help=f"size checked for correctness, besides {size_text(ODD_SIZE)} and {size_text(WIDE_SIZE)} (default: 40x52)")
    p.add_argument("--time-size", type=size_arg, default=(2048, 2048), metavar="HxW", help="size timed (default: 2048x2048)")
    p.add_argument("--runs", metavar="N", type=positive, default=3, help="timed runs per version, interleaved; the minimum counts (default: 3)")
    p.add_argument("--threads", metavar="N", type=positive, default=2, help="OMP_NUM_THREADS for timed runs (default: 2)")
    p.add_argument("--iotile-flags", default="", metavar="FLAGS",
                   help="iotile flags of the main variant, e.g. --iotile-flags=--tile-size=32 (default: none)")
    p.add_argument("--compare", action="append", default=[], metavar="FLAGS",
                   help="another iotile variant with these flags, checked and timed too (repeatable), e.g. --compare=--no-tile")
    p.add_argument("--warm", action="store_true",
                   help="time each version's region over --runs passes in the same process after an untimed one, caches and threads warm, as halide_pipelines.py times Halide (default: the region's only run)")
    p.add_argument("--no-time", action="store_true", help="check correctness only")
    p.add_argument("--no-omp", action="store_true",
                   help="leave out omp, the hand-written OpenMP baseline (omp parallel for on each stage's outer loop)")
    p.add_argument("--out", metavar="DIR", default=str(ROOT / "pipelines-results"),
                   help="directory for results.csv (default: pipelines-results/ in the repository)")
    p.add_argument("--timeout", metavar="SECONDS", type=positive, default=600, help="seconds allowed per build or run (default: 600)")
    return p.parse_args()


class Result:
    """What run() gives back: the exit status (None on a timeout), outputs and wall time."""

    def __init__(self, returncode, stdout, stderr, seconds):
        self.returncode, self.stdout, self.stderr, self.seconds = returncode, stdout, stderr, seconds

    def failure(self, what):
        """A one-line description of why this command failed, or None if it succeeded."""
        if self.returncode == 0:
            return None
        if self.returncode is None:
            return f"{what} timed out"
        lines = [l for l in self.stderr.strip().splitlines() if "error" in l] or self.stderr.strip().splitlines()
        detail = lines[0].strip() if lines else f"exit status {self.returncode}"
        return f"{what} failed: {detail[:160]}"


def run(cmd, timeout, env=None):
    start = time.perf_counter()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        return Result(r.returncode, r.stdout, r.stderr, time.perf_counter() - start)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        return Result(None, out, err, time.perf_counter() - start)
    except OSError as e:
        return Result(127, "", str(e), time.perf_counter() - start)


def size_text(size):
    return f"{size[0]}x{size[1]}"


def size_defs(size):
    return [f"-DH={size[0]}", f"-DW={size[1]}"]


def scop_region(lines):
    """The indices of the #pragma scop and #pragma endscop lines; ValueError unless there is exactly one region."""
    starts = [i for i, l in enumerate(lines) if l.strip() == "#pragma scop"]
    ends = [i for i, l in enumerate(lines) if l.strip() == "#pragma endscop"]
    if len(starts) != 1 or len(ends) != 1 or starts[0] >= ends[0]:
        raise ValueError(f"expected one #pragma scop ... #pragma endscop region, found {len(starts)} and {len(ends)}")
    return starts[0], ends[0]


def empty_region(text):
    """The source with everything strictly between the #pragma scop and #pragma endscop lines removed."""
    lines = text.splitlines(keepends=True)
    start, end = scop_region(lines)
    return "".join(lines[:start + 1] + lines[end:])


def indentation(line):
    return line[:len(line) - len(line.lstrip())]


REGION_CLOCK = "iotile-region-seconds"
PASS_CLOCK = "iotile-region-pass-seconds"


def timed_region(text, warm=0):
    """The source with a clock around its region, printing "iotile-region-seconds S" on stderr after it.

    The clock starts before any '#pragma iotile' lines directly above
    '#pragma scop' (iotile reads them as part of the region), and its code
    stays outside the region, which iotile copies unchanged. With warm
    passes (not 0), the region and its clock run 1 + warm times in
    a loop of their own, and every pass but the first prints its seconds
    on a line "iotile-region-pass-seconds S": caches, threads and clock
    frequency warm, as halide_pipelines.py times Halide's realize() calls
    one after another after one untimed call (the image pipelines' stages
    never read what they write, so every pass computes the same values).
    """
    lines = text.splitlines(keepends=True)
    start, end = scop_region(lines)
    first = start
    while first > 0 and lines[first - 1].strip().startswith("#pragma iotile"):
        first -= 1
    pad = indentation(lines[start + 1]) or "  "
    before = f"{pad}struct timespec iotile_clock_start;\n{pad}clock_gettime(CLOCK_MONOTONIC, &iotile_clock_start);\n"
    loop, report, close = "", "", ""
    tag = REGION_CLOCK
    if warm:
        loop, report, close = (f"{pad}for (int iotile_pass = 0; iotile_pass <= {warm}; iotile_pass++) {{\n",
                               "if (iotile_pass > 0) ", f"{pad}}}\n")
        tag = PASS_CLOCK
    seconds = ("(double)(iotile_clock_end.tv_sec - iotile_clock_start.tv_sec)"
               " + 1e-9 * (double)(iotile_clock_end.tv_nsec - iotile_clock_start.tv_nsec)")
    after = (f"{pad}{{\n{pad}  struct timespec iotile_clock_end;\n{pad}  clock_gettime(CLOCK_MONOTONIC, &iotile_clock_end);\n"
             f"{pad}  {report}fprintf(stderr, \"{tag} %.9f\\n\", {seconds});\n{pad}}}\n")
    return "#include <time.h>\n" + "".join(lines[:first]) + loop + before + "".join(lines[first:end + 1]) + after + close + "".join(lines[end + 1:])


def region_seconds(stderr):
    """The seconds the clocked region took in one run: the least of its warm passes where timed_region ran it
    in passes, else the sum of its runs (where the program ran it several times); None if it never ran."""
    passes = [float(l.split()[1]) for l in stderr.splitlines() if l.startswith(PASS_CLOCK + " ")]
    if passes:
        return min(passes)
    times = [float(l.split()[1]) for l in stderr.splitlines() if l.startswith(REGION_CLOCK + " ")]
    return sum(times) if times else None


def omp_region(text):
    """The source with "#pragma omp parallel for" before each loop statement directly inside the region.

    Those are the lines of the region that start a for statement at the
    smallest indentation of its non-blank lines; the pragma gets the same
    indentation. ValueError if there is no such line.
    """
    lines = text.splitlines(keepends=True)
    start, end = scop_region(lines)
    body = lines[start + 1:end]
    outer = min((len(indentation(l)) for l in body if l.strip()), default=0)
    out, loops = [], 0
    for line in body:
        if line.strip() and len(indentation(line)) == outer and re.match(r"for\s*\(", line.strip()):
            out.append(f"{indentation(line)}#pragma omp parallel for\n")
            loops += 1
        out.append(line)
    if loops == 0:
        raise ValueError("no loop statement directly inside the #pragma scop region")
    return "".join(lines[:start + 1] + out + lines[end:])


def write_omp_source(program, source, work):
    """Writes the omp version of source into work; gives its path, or None (failing the program) if it cannot be made."""
    omp_source = work / f"{program.name}.omp.c"
    try:
        omp_source.write_text(omp_region(source.read_text()))
    except ValueError as e:
        program.fail(f"omp: {e}")
        return None
    return omp_source


def omp_describe(cc):
    return " ".join([cc] + OPT + ["-fopenmp"]) + " (omp parallel for on each stage's outer loop)"


class Variant:
    """An iotile build: a label (iotile, cmp1, ...) and the iotile flags it adds."""

    def __init__(self, label, flags):
        self.label, self.flags = label, shlex.split(flags)

    def describe(self, cc):
        return " ".join(["iotile", f"--cc={cc}"] + self.flags + OPT + ["-fopenmp"])


class Program:
    def __init__(self, source):
        self.source = source
        self.name = source.stem
        self.correct = True
        self.notes = []
        self.warnings = {}  # (label, message) -> sizes
        self.totals = {}  # version -> total process seconds of each run
        self.region = {}  # version -> region seconds
        self.region_runs = {}  # version -> clocked region seconds of each run

    def fail(self, note):
        self.correct = False
        self.notes.append(note)

    def warn(self, label, size, stderr):
        for line in stderr.splitlines():
            if DRIVER_WARNING.search(line):
                message = line[line.index("warning:"):].strip()
                sizes = self.warnings.setdefault((label, message), [])
                if size_text(size) not in sizes:
                    sizes.append(size_text(size))

    def all_notes(self):
        warned = [f"{label}: {message} ({', '.join(sizes)})" for (label, message), sizes in self.warnings.items()]
        return "; ".join(warned + self.notes)

    def speedup(self, label, over="orig"):
        """over / label region time; None where either was not measured (a ratio to the floor means nothing)."""
        if over in self.region and label in self.region:
            return self.region[over] / self.region[label]
        return None


class Progress:
    def __init__(self, total):
        self.total, self.done, self.tty = total, 0, sys.stderr.isatty()

    def step(self, label):
        self.done += 1
        line = f"[{self.done}/{self.total}] {label}"
        sys.stderr.write(("\r\033[K" + line) if self.tty else (line + "\n"))
        sys.stderr.flush()

    def finish(self):
        if self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def select_programs(wanted):
    available = sorted(PROGRAMS.glob("image-*.c"))
    if not wanted:
        return available
    by_name = {}
    for source in available:
        by_name[source.stem] = by_name[source.name] = by_name[source.stem.removeprefix("image-")] = source
    chosen, unknown = [], []
    for name in (w.strip() for w in wanted.split(",")):
        if not name:
            continue
        if name not in by_name:
            unknown.append(name)
        elif by_name[name] not in chosen:
            chosen.append(by_name[name])
    if unknown:
        names = ", ".join(s.stem.removeprefix("image-") for s in available)
        sys.exit(f"pipelines.py: unknown program(s) {', '.join(unknown)}; known: {names}")
    return chosen


def build(program, cmd, label, size, args, note):
    """Runs one build command; a failure fails the program. Gives True on success."""
    r = run(cmd, args.timeout)
    if label not in ("orig", "baseline", "omp"):
        program.warn(label, size, r.stderr)
    failure = r.failure(f"build {label} {size_text(size)}{note}")
    if failure:
        program.fail(failure)
    return failure is None


def check(program, variants, source, omp_source, work, size, args, progress):
    """Builds orig, every variant and omp (from omp_source, unless None) at one size and compares their outputs."""
    defs = size_defs(size)
    flags = OPT + ["-ffp-contract=off"] + QUIET + defs
    exes = {}
    tag = size_text(size)
    orig = work / f"orig.{tag}"
    if build(program, [args.cc, *flags, str(source), "-o", str(orig), "-lm"], "orig", size, args, ""):
        exes["orig"] = orig
    for v in variants:
        exe = work / f"{v.label}.{tag}"
        cmd = [args.iotile, f"--cc={args.cc}", *v.flags, *OPT, "-ffp-contract=off", "-fopenmp", *QUIET, *defs, str(source), "-o", str(exe), "-lm"]
        if build(program, cmd, v.label, size, args, ""):
            exes[v.label] = exe
    compared = [v.label for v in variants]
    if omp_source is not None:
        exe = work / f"omp.{tag}"
        if build(program, [args.cc, *flags, "-fopenmp", str(omp_source), "-o", str(exe), "-lm"], "omp", size, args, ""):
            exes["omp"] = exe
        compared.append("omp")
    compare_outputs(exes, compared, program.fail, tag, args.timeout)
    progress.step(f"{program.name} checked at {tag}")


def compare_outputs(exes, compared, fail, tag, timeout):
    """Runs every executable of exes (label -> path) with CHECK_THREADS threads and calls fail
    for each one that fails or prints nothing, and for each label of compared whose output
    differs from orig's; gives whether orig ran."""
    env = dict(os.environ, OMP_NUM_THREADS=str(CHECK_THREADS))
    outputs = {}
    for label, exe in exes.items():
        r = run([str(exe)], timeout, env)
        failure = r.failure(f"run {label} {tag}")
        if failure:
            fail(failure)
        elif not r.stdout:
            fail(f"run {label} {tag}: no output")
        else:
            outputs[label] = r.stdout
    for label in compared:
        if "orig" in outputs and label in outputs and outputs[label] != outputs["orig"]:
            fail(f"{label} {tag}: output differs from orig")
    return "orig" in outputs


def time_program(program, variants, source, omp_source, work, args, progress):
    """Builds the timed versions (omp from omp_source, unless None) and the baseline, runs them interleaved and derives region times."""
    size = args.time_size
    defs = size_defs(size)
    tag = size_text(size)
    baseline_source = work / f"{program.name}.baseline.c"
    timed_source = work / f"{program.name}.timed.c"
    try:
        baseline_source.write_text(empty_region(source.read_text()))
        timed_source.write_text(timed_region(source.read_text(), args.runs if args.warm else 0))
        if omp_source is not None:
            omp_source = work / f"{program.name}.omp.timed.c"
            omp_source.write_text(omp_region(timed_source.read_text()))
    except ValueError as e:
        program.fail(f"baseline: {e}")
        progress.done += args.runs - 1
        progress.step(f"{program.name} not timed")
        return
    source = timed_source
    serial = [args.cc, *OPT, *QUIET, *defs]
    builds = [("baseline", serial + [str(baseline_source), "-o", str(work / "baseline"), "-lm"]),
              ("orig", serial + [str(source), "-o", str(work / "orig"), "-lm"])]
    for v in variants:
        builds.append((v.label, [args.iotile, f"--cc={args.cc}", *v.flags, *OPT, "-fopenmp", *QUIET, *defs,
                                 str(source), "-o", str(work / v.label), "-lm"]))
    if omp_source is not None:
        builds.append(("omp", serial + ["-fopenmp", str(omp_source), "-o", str(work / "omp"), "-lm"]))
    exes = [(label, work / label) for label, cmd in builds if build(program, cmd, label, size, args, " (timed)")]
    if len(exes) != len(builds):
        progress.done += args.runs - 1
        progress.step(f"{program.name} not timed")
        return
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    env.setdefault("OMP_PROC_BIND", "true")
    outputs = {}
    # An untimed warm-up round: the first run of a freshly built program
    # pays for loading it from disk.
    for label, exe in exes:
        r = run([str(exe)], args.timeout, env)
        failure = r.failure(f"timed run {label} {tag}")
        if failure:
            program.fail(failure)
            progress.done += args.runs - 1
            progress.step(f"{program.name} not timed")
            return
        outputs[label] = r.stdout
    for i in range(args.runs):
        # Each round starts one version later, so that none always runs first.
        for label, exe in exes[i % len(exes):] + exes[:i % len(exes)]:
            r = run([str(exe)], args.timeout, env)
            failure = r.failure(f"timed run {label} {tag}")
            if failure:
                program.fail(failure)
                progress.done += args.runs - i - 1
                progress.step(f"{program.name} not timed")
                return
            program.totals.setdefault(label, []).append(r.seconds)
            if label != "baseline":
                seconds = region_seconds(r.stderr)
                if seconds is None:
                    program.fail(f"timed run {label} {tag}: the region's clock did not run")
                    progress.done += args.runs - i - 1
                    progress.step(f"{program.name} not timed")
                    return
                program.region_runs.setdefault(label, []).append(seconds)
        progress.step(f"{program.name} timed at {tag}, run {i + 1}/{args.runs}")
    for label, times in program.region_runs.items():
        program.region[label] = max(min(times), FLOOR)
    differing = [label for label, exe in exes if label not in ("baseline", "orig") and outputs.get(label) != outputs.get("orig")]
    if differing:
        # Not a failure: timed builds let the compiler contract FMAs as it sees fit.
        program.notes.append(f"{', '.join(differing)} output at {tag} differs from orig (timed builds allow FMA contraction)")


def report(programs, variants, check_sizes, args, out_dir):
    timed = not args.no_time
    omp = not args.no_omp
    sped_up = [v.label for v in variants] + (["omp"] if omp else [])
    labels = ["orig"] + sped_up
    # The ratio columns: (column, version, over whom), over orig then iotile variants over omp.
    ratios = [(f"{l}_speedup", l, "orig") for l in sped_up]
    ratios += [(f"{v.label}_vs_omp", v.label, "omp") for v in variants] if omp else []
    header = ["program", "correct", "baseline_s"] + [f"{l}_s" for l in labels] + [c for c, _, _ in ratios] + ["notes"]
    rows = []
    for p in programs:
        base = p.totals.get("baseline")
        row = [p.name, "yes" if p.correct else "no", f"{min(base):.6f}" if base else ""]
        row += [f"{p.region[l]:.6f}" if l in p.region else "" for l in labels]
        row += [f"{p.speedup(l, over):.3f}" if p.speedup(l, over) else "" for _, l, over in ratios]
        row.append(p.all_notes())
        rows.append(row)
    geomeans = {c: geometric_mean([p.speedup(l, over) for p in programs if p.speedup(l, over)]) for c, l, over in ratios}
    geo_row = ["geomean", "", ""] + [""] * len(labels) + [f"{geomeans[c]:.3f}" if geomeans[c] else "" for c, _, _ in ratios] + [""]

    # The terminal table leaves out the timing columns when nothing was timed.
    shown = [i for i, h in enumerate(header)
             if timed or not (h.endswith("_s") or h.endswith("_speedup") or h.endswith("_vs_omp"))]
    table = [header] + rows + ([geo_row] if timed else [])
    widths = {i: max(len(r[i]) for r in table) for i in shown[:-1]}
    for r in table:
        cells = [r[i].ljust(widths[i]) for i in shown[:-1]]
        print(("  ".join(cells) + "  " + r[-1]).rstrip())

    print(f"orig = {args.cc} {' '.join(OPT)} (serial); " + "; ".join(
        [f"{v.label} = {v.describe(args.cc)}" for v in variants] + ([f"omp = {omp_describe(args.cc)}"] if omp else []))
        + "; check builds add -ffp-contract=off")
    correct = sum(p.correct for p in programs)
    summary = f"{correct}/{len(programs)} correct at {', '.join(size_text(s) for s in check_sizes)}"
    if timed:
        summary += (f"; region seconds at {size_text(args.time_size)}, minimum of {args.runs} run(s), "
                    f"{args.threads} thread(s), clocked around the region" + (f"'s passes after the first of {1 + args.runs} in one process (--warm)" if args.warm else ""))
        for over in ("orig", "omp"):
            means = [f"{l} {geomeans[c]:.3f}" for c, l, o in ratios if o == over and geomeans[c]]
            if means:
                summary += f"; geometric-mean speedup over {over}: " + ", ".join(means)
    print(summary)

    with open(out_dir / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
        if timed:
            w.writerow(geo_row)


def main():
    args = parse_args()
    iotile = Path(args.iotile)
    if not (iotile.is_file() and os.access(iotile, os.X_OK)):
        sys.exit(f"pipelines.py: no iotile binary at {iotile} (build it with cargo build --release, or pass --iotile)")
    args.iotile = str(iotile.resolve())
    if shutil.which(args.cc) is None:
        sys.exit(f"pipelines.py: compiler {args.cc} not found")
    programs = [Program(s) for s in select_programs(args.programs)]
    if not programs:
        sys.exit(f"pipelines.py: no image-*.c programs in {PROGRAMS}")
    variants = [Variant("iotile", args.iotile_flags)] + [Variant(f"cmp{i + 1}", f) for i, f in enumerate(args.compare)]
    check_sizes = [args.check_size] + [s for s in (ODD_SIZE, WIDE_SIZE) if s != args.check_size]
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    progress = Progress(len(programs) * (len(check_sizes) + (0 if args.no_time else args.runs)))
    scratch = Path(tempfile.mkdtemp(prefix="iotile-pipelines-"))
    try:
        for p in programs:
            work = scratch / p.name
            work.mkdir()
            # Built from a copy, so that nothing the compilers write can land in the repository.
            source = work / p.source.name
            shutil.copyfile(p.source, source)
            omp_source = None if args.no_omp else write_omp_source(p, source, work)
            for size in check_sizes:
                check(p, variants, source, omp_source, work, size, args, progress)
            if args.no_time:
                continue
            if p.correct:
                time_program(p, variants, source, omp_source, work, args, progress)
            else:
                p.notes.append("not timed")
                progress.done += args.runs
    finally:
        progress.finish()
        shutil.rmtree(scratch, ignore_errors=True)
    report(programs, variants, check_sizes, args, out_dir)
    return 0 if all(p.correct for p in programs) else 1


if __name__ == "__main__":
    sys.exit(main())
