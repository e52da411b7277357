#!/usr/bin/env python3
"""Outside reference: the image pipelines of testsuite/run/image-*.c in Halide.

Each image-*.c program is written again below as a Halide pipeline (the
PyPI package `halide`, the newest release, 21.0.0 when this was written),
scheduled by Halide's own autoschedulers and timed, to give the numbers of
scripts/pipelines.py (which times the same programs built with iotile) a
point of comparison. It is a reference only: iotile never depends on Halide.

Setup: on the first run the script creates the Python virtual environment
target/halide-venv (under the repository root; target/ is git-ignored) and
runs `pip install halide numpy` in it (about 70 MB of wheels; pip's output
goes to target/halide-venv-pip.log); later runs reuse it. Concurrent runs
serialise on target/.halide-venv.lock, so only one of them installs. If pip
fails (for instance without access to PyPI) the script prints one line and
exits with status 1. Delete target/halide-venv to force a reinstall. The
script then re-executes itself with the environment's python, and runs each
(program, scheduler) job in a worker process of its own (this script with
--worker), so that a crash in Halide costs one table cell, not the run.

The pipelines: the same stages as the C program, each a Func, with the same
arithmetic in the same element type (float, or double for blur-chain) and
the same order of operations (C's left-to-right sums, literals as the C
compiler rounds them), on the same domains: a Halide Func is defined
everywhere, so the final stage(s) are realized over exactly the region the C
program computes (e.g. [1, H-1) x [1, W-1) after a 3x3 stencil) and earlier
stages over what that needs, and the inputs hold the values of the C
program's initialisation loop. The arrays the C program reads after its
region are all outputs of one Pipeline (the three levels and the Laplacian
of gaussian-pyramid). Stages written in C as one statement per parity class
(Bayer sites, up-sampling) are one select() on the parities of x and y, the
neighbour "i + 1" of an odd coordinate 2i + 1 being read as (y + 1) / 2 so
that no branch reads outside the producer's domain (same values). Two fixed
choices: blur-border's border width r is the constant 1 that main() passes;
camera-chain's colour matrix is one Func over (x, y, c) with a mux() on c.
An input that the chosen schedule over-reads (bounds inference asks for
more than [0, H) x [0, W)) is given zero padding, noted in the table; the
padding only feeds points outside the realized region.

For each program:
  1. correctness: at --check-size and at 67x35, the C program is built with
     CC -O2 -ffp-contract=off -DH=... -DW=... and run; each autoscheduler
     schedules the Halide pipeline for that size, it is compiled for the
     host with the strict_float target feature (no FMA contraction, no
     reassociation: the Halide counterpart of -ffp-contract=off), realized,
     and the values the C program prints after its region (sums such as
     s += out[i][j] * (i + 1), the product in float as in C and the sum in
     double, single elements, or every element of an array)
     are computed in Python from the Halide outputs and compared bit for bit
     with the C program's %a output. "ok" or "differs" (with the first
     differing value) goes to the check column;
  2. timing (unless --no-time): at --time-size, with estimates of that size
     on inputs and outputs, each autoscheduler is applied with machine
     parameters for --threads cores: Mullapudi2016 (parallelism, the last
     level cache size read from /sys, default balance), Adams2019
     (parallelism; the cost model's weights built into the plugin, which is
     what it uses when weights_path is empty; default beam search) and
     Li2018 (parallelism). The pipeline is compiled by the JIT for the host
     target, output buffers are allocated once, and with
     HL_NUM_THREADS=--threads one untimed realize() is followed by --runs
     timed ones; the minimum counts (seconds). Unless --no-strict, the same
     schedule is then compiled again with strict_float and timed the same
     way (strict_s). Plain Halide lets its simplifier reassociate float
     sums and fold divisions by constants (blur-chain's by2, a sum of three
     bx1 = (...) / 3 divided by 3, becomes one nine-term sum times 0.111111
     once bx1 is inlined) and LLVM contract FMAs, so its results differ
     from C's in the last bits; strict_float keeps C's arithmetic exactly
     (gcc's timed builds in pipelines.py may contract FMAs, nothing more).
     Only the realize() call is timed: it is the work of the C program's
     region (pipelines.py's region seconds: whole process minus a baseline
     without the region). Inputs are filled beforehand and outputs are not
     read back. The seconds spent scheduling and compiling are reported
     too. If the strict_float outputs of two schedulers are not
     bit-identical, the program fails; plain outputs that differ between
     schedulers (possible: what gets contracted or reassociated depends on
     which stages are inlined) only get a note.

Anderson2021, the fourth plugin in the package, schedules for GPUs only and
is not used. A scheduler whose plugin cannot be loaded is reported as
unavailable, with the reason; one that fails on a pipeline as failed.

Prints a table (check result and seconds per program and scheduler, plus a
"best" row per program whose best column names the fastest scheduler) and
writes results.csv in --out (columns program, scheduler, seconds, strict_s,
check, schedule_s, compile_s, best, notes). Exits with status 1 if a check
differs or a job fails; an unavailable scheduler is not a failure.

  scripts/halide_pipelines.py --no-time                       # correctness only
  scripts/halide_pipelines.py                                 # check, then time at 2048x2048, 2 threads
  scripts/halide_pipelines.py --programs harris,unsharp-mask --time-size 1024x1024 --runs 10
  scripts/halide_pipelines.py --schedulers Adams2019 --threads 4
"""

import argparse
import csv
import fcntl
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from pipelines import Progress, positive, select_programs, size_arg, size_text  # the iotile runner beside this script

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve()
PROGRAMS = ROOT / "testsuite" / "run"
VENV = ROOT / "target" / "halide-venv"
LOCK = ROOT / "target" / ".halide-venv.lock"
PIP_LOG = ROOT / "target" / "halide-venv-pip.log"
STAMP = VENV / ".iotile-halide-stamp"
PACKAGES = ["halide", "numpy"]
REEXEC = "IOTILE_HALIDE_REEXEC"

SCHEDULERS = ["Mullapudi2016", "Adams2019", "Li2018"]
PLUGINS = {"Mullapudi2016": "mullapudi2016", "Adams2019": "adams2019", "Li2018": "li2018"}
ODD_SIZE = (67, 35)
NAME = "halide_pipelines.py"


def die(message):
    print(f"{NAME}: error: {message}", file=sys.stderr)
    sys.exit(1)


# --------------------------------------------------------------------------
# The virtual environment.


def venv_python():
    return VENV / "bin" / "python"


def venv_ready():
    try:
        stamp = STAMP.read_text().strip()
    except OSError:
        return False
    return stamp == " ".join(PACKAGES) and venv_python().exists()


def ensure_venv():
    """Creates target/halide-venv with halide and numpy unless it is there; exits with one line on failure."""
    if venv_ready():
        return
    try:
        LOCK.parent.mkdir(parents=True, exist_ok=True)
        lock = open(LOCK, "w")
    except OSError as e:
        die(f"cannot open lock file {LOCK}: {e}")
    with lock:
        # A second caller waits here, then finds everything ready.
        fcntl.flock(lock, fcntl.LOCK_EX)
        if venv_ready():
            return
        STAMP.unlink(missing_ok=True)
        python = venv_python()
        if VENV.exists() and subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode != 0:
            print(f"{NAME}: removing broken virtual environment {VENV}", file=sys.stderr)
            shutil.rmtree(VENV, ignore_errors=True)
        with open(PIP_LOG, "w") as log:
            if not VENV.exists():
                print(f"{NAME}: creating virtual environment {VENV}", file=sys.stderr)
                if subprocess.run([sys.executable, "-m", "venv", str(VENV)], stdout=log, stderr=log).returncode != 0:
                    die(f"could not create a virtual environment with '{sys.executable} -m venv' (see {PIP_LOG})")
            print(f"{NAME}: installing {' '.join(PACKAGES)} from PyPI into {VENV} (first run only)", file=sys.stderr)
            start = time.time()
            pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--no-input",
                   "--progress-bar", "off", "--retries", "2", "--timeout", "30", *PACKAGES]
            if subprocess.run(pip, stdout=log, stderr=log).returncode != 0:
                die(f"pip could not install {' '.join(PACKAGES)} into {VENV} (is PyPI reachable? see {PIP_LOG})")
        check = subprocess.run([str(python), "-c", "import halide, numpy; print(halide.__file__)"],
                               capture_output=True, text=True)
        if check.returncode != 0:
            die(f"halide was installed into {VENV} but cannot be imported: {check.stderr.strip().splitlines()[-1:]}")
        STAMP.write_text(" ".join(PACKAGES) + "\n")
        print(f"{NAME}: installed in {time.time() - start:.0f} s", file=sys.stderr)


def in_venv():
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def reexec_in_venv():
    if in_venv():
        return
    if os.environ.get(REEXEC):
        die(f"re-executed with {venv_python()} but not running inside {VENV}")
    ensure_venv()
    python = str(venv_python())
    os.execve(python, [python, str(SCRIPT), *sys.argv[1:]], dict(os.environ, **{REEXEC: "1"}))


# --------------------------------------------------------------------------
# The Halide versions of the programs (run in the worker, inside the venv).


class Spec:
    """A pipeline: its inputs (ImageParam, numpy array), outputs and the C program's printed values."""

    def __init__(self, hl, np, ty):
        self.hl, self.np, self.ty = hl, np, ty
        self.htype = hl.Float(32) if ty == "float" else hl.Float(64)
        self.ntype = np.float32 if ty == "float" else np.float64
        self.x, self.y, self.c = hl.Var("x"), hl.Var("y"), hl.Var("c")
        self.inputs = []  # (ImageParam, numpy array in C order)
        self.outputs = []  # (name, Func, region [(min, extent)] in Halide order x, y, c, full numpy shape)
        self.summary = None  # arrays by name -> list of Python floats, as the C program prints them

    def k(self, text):
        """The literal `text` (f suffix dropped) as the C compiler rounds it, in the element type."""
        if self.ty == "double":
            return self.hl.f64(float(text))
        return self.hl.f32(nearest_float32(self.np, text))

    def image(self, name, array):
        p = self.hl.ImageParam(self.htype, array.ndim, name)
        for d, n in enumerate(reversed(array.shape)):
            p.dim(d).set_estimate(0, n)
        self.inputs.append((p, array))
        return p

    def func(self, name):
        return self.hl.Func(name)

    def output(self, name, func, region, shape):
        if any(extent < 1 for _, extent in region):
            raise ValueError(f"{name}: empty output region at this size")
        func.set_estimates(region)
        self.outputs.append((name, func, region, shape))


def nearest_float32(np, text):
    """The float32 nearest to the decimal `text` (ties to even), as a Python float: C's rounding of 0.299f."""
    exact = Fraction(text)
    f = np.float32(float(text))
    candidates = [f, np.nextafter(f, np.float32(np.inf)), np.nextafter(f, np.float32(-np.inf))]
    best = min(candidates, key=lambda v: (abs(Fraction(float(v)) - exact), int(np.array(v).view(np.uint32)) & 1))
    return float(best)


def grid(np, *shape):
    return np.indices(shape, dtype=np.int64)


def weighted_sum(arr, offset=0, s=0.0):
    """double s; for i, j: s += a[i][j] * (i + 1 + offset), in C's order.

    The product is in the array's element type (C converts the int to float
    for a float array), the sum in double.
    """
    for i, row in enumerate(arr):
        for v in (row * arr.dtype.type(i + 1 + offset)).tolist():
            s += v
    return s


def every(arr):
    return [float(v) for v in arr.ravel().tolist()]


def p_blur_border(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    i, j = grid(np, H, W)
    inp = s.image("in", ((37 * i + 101 * j) % 256).astype(np.float32) / np.float32(256))
    blur, out = s.func("blur"), s.func("out")
    r = 1  # main() calls run(1)
    blur[x, y] = (inp[x, y - 1] + inp[x, y] + inp[x, y + 1]) / k("3.0")
    out[x, y] = (blur[x - 1, y] + blur[x, y] + blur[x + 1, y]) / k("3.0")
    s.output("out", out, [(r + 1, W - 2 * r - 2), (r + 1, H - 2 * r - 2)], (H, W))
    s.summary = lambda a: [weighted_sum(a["out"]), float(a["out"][H // 2][W // 3]), float(a["out"][H - 2][W - 2])]
    return s


def p_blur_chain(hl, np, H, W):
    s = Spec(hl, np, "double")
    x, y, k = s.x, s.y, s.k
    i, j = grid(np, H, W)
    inp = s.image("in", ((29 * i + 83 * j + (i * j) % 13) % 199).astype(np.float64) / 199.0)
    bx1, by2, bx3, diff = s.func("bx1"), s.func("by2"), s.func("bx3"), s.func("diff")
    bx1[x, y] = (inp[x - 1, y] + inp[x, y] + inp[x + 1, y]) / k("3.0")
    by2[x, y] = (bx1[x, y - 1] + bx1[x, y] + bx1[x, y + 1]) / k("3.0")
    bx3[x, y] = (by2[x - 1, y] + by2[x, y] + by2[x + 1, y]) / k("3.0")
    diff[x, y] = inp[x, y] - bx3[x, y]
    s.output("diff", diff, [(2, W - 4), (1, H - 2)], (H, W))
    s.summary = lambda a: every(a["diff"])
    return s


def p_camera_chain(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, c, k = s.x, s.y, s.c, s.k
    i, j = grid(np, H, W)
    raw = s.image("raw", ((53 * i + 97 * j + (i * j) % 11) % 1024).astype(np.float32) / np.float32(1280))
    sel = hl.select
    ye, xe = y % 2 == 0, x % 2 == 0
    lin, red, green, blue = s.func("lin"), s.func("red"), s.func("green"), s.func("blue")
    ccm, out = s.func("ccm"), s.func("out")
    black = raw[x, y] - k("0.0625")
    lin[x, y] = sel(ye, sel(xe, black * k("1.5"), black * k("0.9375")),
                    sel(xe, black * k("0.9375"), black * k("1.25")))
    horizontal = k("0.5") * (lin[x - 1, y] + lin[x + 1, y])
    vertical = k("0.5") * (lin[x, y - 1] + lin[x, y + 1])
    diagonal = k("0.25") * (lin[x - 1, y - 1] + lin[x + 1, y - 1] + lin[x - 1, y + 1] + lin[x + 1, y + 1])
    red[x, y] = sel(ye, sel(xe, lin[x, y], horizontal), sel(xe, vertical, diagonal))
    green[x, y] = sel((x + y) % 2 == 1, lin[x, y],
                      k("0.25") * (lin[x, y - 1] + lin[x, y + 1] + lin[x - 1, y] + lin[x + 1, y]))
    blue[x, y] = sel(ye, sel(xe, diagonal, vertical), sel(xe, horizontal, lin[x, y]))
    rv, gv, bv = red[x, y], green[x, y], blue[x, y]
    ccm[x, y, c] = hl.mux(c, [k("1.625") * rv - k("0.4375") * gv - k("0.1875") * bv,
                              k("-0.25") * rv + k("1.4375") * gv - k("0.1875") * bv,
                              k("-0.0625") * rv - k("0.5625") * gv + k("1.625") * bv])
    v = ccm[x, y, c]
    out[x, y, c] = sel(v < k("0.0"), k("0.0"), sel(v > k("1.0"), k("1.0"), v))
    s.output("out", out, [(1, W - 2), (1, H - 2), (0, 3)], (3, H, W))
    s.summary = lambda a: every(a["out"])
    return s


def p_difference_of_gaussians(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    i, j = grid(np, H, W)
    inp = s.image("in", ((37 * i + 101 * j + (3 * i * j) % 17) % 256).astype(np.float32) / np.float32(256))
    ax, ay, bx, by, dog = (s.func(n) for n in ("ax", "ay", "bx", "by", "dog"))
    ax[x, y] = k("0.25") * inp[x - 1, y] + k("0.5") * inp[x, y] + k("0.25") * inp[x + 1, y]
    ay[x, y] = k("0.25") * ax[x, y - 1] + k("0.5") * ax[x, y] + k("0.25") * ax[x, y + 1]
    bx[x, y] = (k("0.0625") * inp[x - 2, y] + k("0.25") * inp[x - 1, y] + k("0.375") * inp[x, y]
                + k("0.25") * inp[x + 1, y] + k("0.0625") * inp[x + 2, y])
    by[x, y] = (k("0.0625") * bx[x, y - 2] + k("0.25") * bx[x, y - 1] + k("0.375") * bx[x, y]
                + k("0.25") * bx[x, y + 1] + k("0.0625") * bx[x, y + 2])
    dog[x, y] = ay[x, y] - by[x, y]
    s.output("dog", dog, [(2, W - 4), (2, H - 4)], (H, W))
    s.summary = lambda a: [weighted_sum(a["dog"]), float(a["dog"][H // 2][W // 3]),
                           float(a["dog"][H - 3][W - 3]), float(a["dog"][H - 1][1])]
    return s


def p_gaussian_pyramid(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    H1, W1, H2, W2, H3, W3 = H // 2, W // 2, H // 4, W // 4, H // 8, W // 8
    i, j = grid(np, H, W)
    g0 = s.image("g0", ((41 * i + 67 * j + (i * j) % 17) % 251).astype(np.float32) / np.float32(250))
    t1, g1, t2, g2, t3, g3, lap = (s.func(n) for n in ("t1", "g1", "t2", "g2", "t3", "g3", "lap"))

    def along_x(dst, src):
        dst[x, y] = k("0.25") * src[2 * x - 1, y] + k("0.5") * src[2 * x, y] + k("0.25") * src[2 * x + 1, y]

    def along_y(dst, src):
        dst[x, y] = k("0.25") * src[x, 2 * y - 1] + k("0.5") * src[x, 2 * y] + k("0.25") * src[x, 2 * y + 1]

    along_x(t1, g0)
    along_y(g1, t1)
    along_x(t2, g1)
    along_y(g2, t2)
    along_x(t3, g2)
    along_y(g3, t3)
    # lap[2i + a][2j + b]: for odd coordinates, (y + 1) / 2 is C's i + 1.
    xh, yh, xn, yn = x // 2, y // 2, (x + 1) // 2, (y + 1) // 2
    sel = hl.select
    g2v = g2[x, y]
    lap[x, y] = sel(y % 2 == 0,
                    sel(x % 2 == 0, g2v - g3[xh, yh], g2v - k("0.5") * (g3[xh, yh] + g3[xn, yh])),
                    sel(x % 2 == 0, g2v - k("0.5") * (g3[xh, yh] + g3[xh, yn]),
                        g2v - k("0.25") * (g3[xh, yh] + g3[xn, yh] + g3[xh, yn] + g3[xn, yn])))
    s.output("g1", g1, [(1, W1 - 1), (1, H1 - 1)], (H1, W1))
    s.output("g2", g2, [(1, W2 - 1), (1, H2 - 1)], (H2, W2))
    s.output("g3", g3, [(1, W3 - 1), (1, H3 - 1)], (H3, W3))
    s.output("lap", lap, [(2, 2 * W3 - 3), (2, 2 * H3 - 3)], (H2, W2))
    s.summary = lambda a: every(a["g1"]) + every(a["g2"]) + every(a["g3"]) + every(a["lap"])
    return s


def p_harris(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    c, i, j = grid(np, 3, H, W)
    inp = s.image("in", ((37 * i + 101 * j + 11 * c + (i * j) % 7) % 256).astype(np.float32) / np.float32(256))
    gray, ix, iy, ixx, iyy, ixy, sxx, syy, sxy, resp = (
        s.func(n) for n in ("gray", "ix", "iy", "ixx", "iyy", "ixy", "sxx", "syy", "sxy", "resp"))
    gray[x, y] = k("0.299") * inp[x, y, 0] + k("0.587") * inp[x, y, 1] + k("0.114") * inp[x, y, 2]
    ix[x, y] = ((gray[x + 1, y - 1] - gray[x - 1, y - 1]) + k("2.0") * (gray[x + 1, y] - gray[x - 1, y])
                + (gray[x + 1, y + 1] - gray[x - 1, y + 1]))
    iy[x, y] = ((gray[x - 1, y + 1] - gray[x - 1, y - 1]) + k("2.0") * (gray[x, y + 1] - gray[x, y - 1])
                + (gray[x + 1, y + 1] - gray[x + 1, y - 1]))
    ixx[x, y] = ix[x, y] * ix[x, y]
    iyy[x, y] = iy[x, y] * iy[x, y]
    ixy[x, y] = ix[x, y] * iy[x, y]

    def box(dst, src):
        total = None
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                term = src[x + dx, y + dy]
                total = term if total is None else total + term
        dst[x, y] = total

    box(sxx, ixx)
    box(syy, iyy)
    box(sxy, ixy)
    a, b, d = sxx[x, y], syy[x, y], sxy[x, y]
    resp[x, y] = (a * b - d * d) - k("0.04") * (a + b) * (a + b)
    s.output("resp", resp, [(2, W - 4), (2, H - 4)], (H, W))
    s.summary = lambda r: [weighted_sum(r["resp"]), float(r["resp"][H // 2][W // 3]),
                           float(r["resp"][H - 3][W - 3]), float(r["resp"][1][W // 2])]
    return s


def p_multires_pipeline(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    i, j = grid(np, H, W)
    inp = s.image("in", ((37 * i + 101 * j) % 256).astype(np.float32) / np.float32(256))
    down, blur, up, diff = s.func("down"), s.func("blur"), s.func("up"), s.func("diff")
    down[x, y] = k("0.25") * (inp[2 * x, 2 * y] + inp[2 * x + 1, 2 * y] + inp[2 * x, 2 * y + 1]
                              + inp[2 * x + 1, 2 * y + 1])
    total = None
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            term = down[x + dx, y + dy]
            total = term if total is None else total + term
    blur[x, y] = total / k("9.0")
    # up[2i + a][2j + b]: for odd coordinates, (y + 1) / 2 is C's i + 1.
    xh, yh, xn, yn = x // 2, y // 2, (x + 1) // 2, (y + 1) // 2
    sel = hl.select
    up[x, y] = sel(y % 2 == 0,
                   sel(x % 2 == 0, blur[xh, yh], k("0.5") * (blur[xh, yh] + blur[xn, yh])),
                   sel(x % 2 == 0, k("0.5") * (blur[xh, yh] + blur[xh, yn]),
                       k("0.25") * (blur[xh, yh] + blur[xn, yh] + blur[xh, yn] + blur[xn, yn])))
    diff[x, y] = inp[x, y] - up[x, y]
    s.output("diff", diff, [(2, W - 7), (2, H - 7)], (H, W))
    s.summary = lambda a: [weighted_sum(a["diff"]), float(a["diff"][H // 2][W // 3]),
                           float(a["diff"][H - 6][W - 6]), float(a["diff"][1][1])]
    return s


def p_separable_blur(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, k = s.x, s.y, s.k
    i, j = grid(np, H, W)
    inp = s.image("in", ((37 * i + 101 * j) % 256).astype(np.float32) / np.float32(256))
    tmp, out = s.func("tmp"), s.func("out")
    tmp[x, y] = k("0.25") * inp[x - 1, y] + k("0.5") * inp[x, y] + k("0.25") * inp[x + 1, y]
    out[x, y] = k("0.25") * tmp[x, y - 1] + k("0.5") * tmp[x, y] + k("0.25") * tmp[x, y + 1]
    s.output("out", out, [(1, W - 2), (1, H - 2)], (H, W))
    s.summary = lambda a: [weighted_sum(a["out"]), float(a["out"][H // 2][W // 3]),
                           float(a["out"][H - 2][W - 2]), float(a["out"][H - 1][1])]
    return s


def p_unsharp_mask(hl, np, H, W):
    s = Spec(hl, np, "float")
    x, y, c, k = s.x, s.y, s.c, s.k
    ci, i, j = grid(np, 3, H, W)
    inp = s.image("in", ((37 * i + 101 * j + 11 * ci) % 256).astype(np.float32) / np.float32(256))
    bx, by, sharp, out = s.func("bx"), s.func("by"), s.func("sharp"), s.func("out")
    bx[x, y, c] = k("0.25") * inp[x - 1, y, c] + k("0.5") * inp[x, y, c] + k("0.25") * inp[x + 1, y, c]
    by[x, y, c] = k("0.25") * bx[x, y - 1, c] + k("0.5") * bx[x, y, c] + k("0.25") * bx[x, y + 1, c]
    iv, bv = inp[x, y, c], by[x, y, c]
    sharp[x, y, c] = iv + k("1.5") * (iv - bv)
    out[x, y, c] = hl.select((iv - bv > k("0.03125")) | (bv - iv > k("0.03125")), sharp[x, y, c], iv)
    s.output("out", out, [(1, W - 2), (1, H - 2), (0, 3)], (3, H, W))

    def summary(a):
        o = a["out"]
        total = 0.0
        for ch in range(3):
            # The C loop runs over c, then i, then j into one sum.
            total = weighted_sum(o[ch], ch, total)
        return [total, float(o[1][H // 2][W // 3]), float(o[2][H - 2][W - 2]), float(o[0][1][W // 2])]

    s.summary = summary
    return s


BUILDERS = {
    "blur-border": p_blur_border,
    "blur-chain": p_blur_chain,
    "camera-chain": p_camera_chain,
    "difference-of-gaussians": p_difference_of_gaussians,
    "gaussian-pyramid": p_gaussian_pyramid,
    "harris": p_harris,
    "multires-pipeline": p_multires_pipeline,
    "separable-blur": p_separable_blur,
    "unsharp-mask": p_unsharp_mask,
}


# --------------------------------------------------------------------------
# The worker: one program, one scheduler, one mode, in a process of its own.


def last_level_cache_bytes():
    best = (0, 0)
    for index in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*"):
        try:
            level = int((index / "level").read_text())
            text = (index / "size").read_text().strip()
            kind = (index / "type").read_text().strip()
        except (OSError, ValueError):
            continue
        if kind == "Instruction":
            continue
        scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
        try:
            size = int(text.rstrip("KMG")) * scale
        except ValueError:
            continue
        best = max(best, (level, size))
    return best[1] or 16 << 20


def scheduler_params(name, threads):
    params = {"parallelism": str(threads)}
    if name == "Mullapudi2016":
        params["last_level_cache_size"] = str(last_level_cache_bytes())
    return params


def prepare(hl, np, name, scheduler, size, threads, target):
    """Builds, schedules and compiles the pipeline; binds inputs and allocates outputs."""
    H, W = size
    spec = BUILDERS[name](hl, np, H, W)
    pipeline = hl.Pipeline([f for _, f, _, _ in spec.outputs])
    start = time.perf_counter()
    pipeline.apply_autoscheduler(target, hl.AutoschedulerParams(scheduler, scheduler_params(scheduler, threads)))
    schedule_s = time.perf_counter() - start
    start = time.perf_counter()
    pipeline.compile_jit(target)
    compile_s = time.perf_counter() - start
    buffers = []
    for _, _, region, _ in spec.outputs:
        b = hl.Buffer(spec.htype, [extent for _, extent in region])
        b.set_min([lo for lo, _ in region])
        buffers.append(b)
    # The region of each input that this schedule reads, padded with zeros where it is larger than the array.
    for p, _ in spec.inputs:
        p.reset()
    pipeline.infer_input_bounds(buffers, target)
    notes, keep = [], []
    for p, array in spec.inputs:
        needed = p.get()
        dims = array.ndim
        lo = [min(needed.dim(d).min(), 0) for d in range(dims)]
        hi = [max(needed.dim(d).min() + needed.dim(d).extent(), n) for d, n in enumerate(reversed(array.shape))]
        if lo == [0] * dims and hi == list(reversed(array.shape)):
            data = np.ascontiguousarray(array)
            buf = hl.Buffer(data)
        else:
            pads = [(-lo[d], hi[d] - n) for d, n in enumerate(reversed(array.shape))]
            notes.append(f"{p.name()} padded by " + ",".join(f"{a}/{b}" for a, b in pads) + " (x,y,...: before/after)")
            data = np.zeros([hi[d] - lo[d] for d in reversed(range(dims))], dtype=array.dtype)
            # numpy axis a is Halide dimension dims - 1 - a.
            data[tuple(slice(-lo[dims - 1 - a], -lo[dims - 1 - a] + n) for a, n in enumerate(array.shape))] = array
            buf = hl.Buffer(data)
            buf.set_min(lo)
        keep.append(data)
        p.reset()
        p.set(buf)
    return spec, pipeline, buffers, keep, schedule_s, compile_s, notes


def full_arrays(np, spec, buffers):
    """Each output as the whole C array: the realized region, zeros elsewhere."""
    arrays = {}
    for (name, _, region, shape), b in zip(spec.outputs, buffers):
        full = np.zeros(shape, dtype=spec.ntype)
        index = tuple(slice(lo, lo + extent) for lo, extent in reversed(region))
        index = (slice(None),) * (len(shape) - len(index)) + index
        full[index] = np.asarray(b)
        arrays[name] = full
    return arrays


def worker(job):
    import numpy as np
    import halide as hl

    scheduler = job["scheduler"]
    plugin = Path(hl.install_dir()) / "lib64" / f"libautoschedule_{PLUGINS[scheduler]}.so"
    try:
        hl.load_plugin(str(plugin))
    except Exception as e:  # noqa: BLE001 - reported as the reason
        return {"unavailable": f"cannot load {plugin.name}: {str(e).strip()[:200]}"}
    host = hl.get_host_target()
    try:
        from importlib.metadata import version
        installed = version("halide")
    except Exception:  # noqa: BLE001 - only for the summary line
        installed = ""
    result = {"halide": installed, "notes": []}
    if job["mode"] == "check":
        target = host.with_feature(hl.TargetFeature.StrictFloat)
        result["values"] = {}
        for size in job["sizes"]:
            spec, pipeline, buffers, keep, _, _, notes = prepare(hl, np, job["program"], scheduler, size,
                                                                  job["threads"], target)
            pipeline.realize(buffers, target)
            values = spec.summary(full_arrays(np, spec, buffers))
            result["values"][f"{size[0]}x{size[1]}"] = [v.hex() for v in values]
            result["notes"] += [f"{n} at {size[0]}x{size[1]}" for n in notes]
        return result
    spec, pipeline, buffers, keep, schedule_s, compile_s, notes = prepare(
        hl, np, job["program"], scheduler, job["size"], job["threads"], host)
    result.update(schedule_s=schedule_s, compile_s=compile_s, notes=notes)
    targets = [("", host)]
    if job["strict"]:
        # The same schedule, compiled again with strict_float.
        targets.append(("strict_", host.with_feature(hl.TargetFeature.StrictFloat)))
    for prefix, target in targets:
        if prefix:
            pipeline.compile_jit(target)
        pipeline.realize(buffers, target)  # warm-up: thread pool, first touch of the outputs
        times = []
        for _ in range(job["runs"]):
            start = time.perf_counter()
            pipeline.realize(buffers, target)
            times.append(time.perf_counter() - start)
        digest = hashlib.sha256()
        for b in buffers:
            digest.update(np.ascontiguousarray(np.asarray(b)).tobytes())
        result.update({prefix + "seconds": min(times), prefix + "times": times, prefix + "digest": digest.hexdigest()})
    return result


def worker_main(text):
    job = json.loads(text)
    try:
        result = worker(job)
    except Exception as e:  # noqa: BLE001 - Halide reports its errors as exceptions
        message = " ".join(str(e).split())
        result = {"error": f"{type(e).__name__}: {message[:300]}"}
    sys.stdout.write("RESULT " + json.dumps(result) + "\n")
    sys.stdout.flush()
    return 0


# --------------------------------------------------------------------------
# The driver.


def parse_args(argv):
    p = argparse.ArgumentParser(prog=NAME, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--programs", default="", metavar="NAMES",
                   help="comma-separated programs, e.g. harris,unsharp-mask (default: every testsuite/run/image-*.c)")
    p.add_argument("--schedulers", default=",".join(SCHEDULERS), metavar="NAMES",
                   help=f"comma-separated autoschedulers (default: {','.join(SCHEDULERS)})")
    p.add_argument("--check-size", type=size_arg, default=(40, 52), metavar="HxW",
                   help=f"size checked against the C program, besides {ODD_SIZE[0]}x{ODD_SIZE[1]} (default: 40x52)")
    p.add_argument("--time-size", type=size_arg, default=(2048, 2048), metavar="HxW", help="size timed (default: 2048x2048)")
    p.add_argument("--runs", type=positive, default=5, metavar="N", help="timed realize() calls after a warm-up; the minimum counts (default: 5)")
    p.add_argument("--threads", type=positive, default=2, metavar="N",
                   help="HL_NUM_THREADS and the autoschedulers' parallelism (default: 2)")
    p.add_argument("--no-strict", action="store_true", help="do not time the strict_float build of each schedule")
    p.add_argument("--cc", default="gcc", help="C compiler for the reference builds (default: gcc)")
    p.add_argument("--out", metavar="DIR", default=str(ROOT / "target" / "halide-results"),
                   help="directory for results.csv (default: target/halide-results/)")
    p.add_argument("--no-time", action="store_true", help="check correctness only")
    p.add_argument("--timeout", type=positive, default=600, metavar="SECONDS", help="seconds allowed per job (default: 600)")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def run_job(job, args):
    """Runs one worker; gives its result dictionary, with "error" set when it fails."""
    env = dict(os.environ, HL_NUM_THREADS=str(args.threads))
    cmd = [sys.executable, str(SCRIPT), "--worker", json.dumps(job)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {args.timeout} s"}
    for line in reversed(r.stdout.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    lines = [l.strip() for l in r.stderr.strip().splitlines() if l.strip()]
    detail = next((l for l in lines if "rror" in l), lines[-1] if lines else "no output")
    return {"error": f"worker exited with status {r.returncode}: {detail[:240]}"}


def c_values(source, size, args, work):
    """Builds and runs the C program at one size; gives the values it prints, or raises RuntimeError."""
    exe = work / f"{source.stem}.{size_text(size)}"
    build = subprocess.run([args.cc, "-O2", "-ffp-contract=off", f"-DH={size[0]}", f"-DW={size[1]}",
                            str(source), "-o", str(exe), "-lm"], capture_output=True, text=True, timeout=args.timeout)
    if build.returncode != 0:
        raise RuntimeError(f"C build at {size_text(size)} failed: {build.stderr.strip()[:200]}")
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=args.timeout)
    if run.returncode != 0:
        raise RuntimeError(f"C run at {size_text(size)} failed with status {run.returncode}")
    try:
        return [float.fromhex(t) for t in run.stdout.split()]
    except ValueError as e:
        raise RuntimeError(f"C output at {size_text(size)} is not a list of %a values: {e}") from None


def bits(v):
    return struct.pack("<d", v)


def compare(expected, got_hex):
    """None if equal bit for bit, else a short description of the first difference."""
    got = [float.fromhex(t) for t in got_hex]
    if len(got) != len(expected):
        return f"{len(got)} values, C prints {len(expected)}"
    for n, (e, g) in enumerate(zip(expected, got)):
        if bits(e) != bits(g):
            return f"value {n}: {g.hex()} vs C {e.hex()}"
    return None


class Cell:
    """One program and scheduler: check status, timing, notes."""

    def __init__(self):
        self.check = ""
        self.seconds = None
        self.schedule_s = None
        self.compile_s = None
        self.digest = None
        self.strict_s = None
        self.strict_digest = None
        self.notes = []
        self.failed = False


def main():
    args = parse_args(sys.argv[1:])
    if args.worker is not None:
        return worker_main(args.worker)
    reexec_in_venv()
    if shutil.which(args.cc) is None:
        die(f"C compiler {args.cc} not found")
    schedulers = [s.strip() for s in args.schedulers.split(",") if s.strip()]
    unknown = [s for s in schedulers if s not in PLUGINS]
    if unknown or not schedulers:
        die(f"unknown scheduler(s) {', '.join(unknown) or '(none)'}; known: {', '.join(SCHEDULERS)}")
    sources = select_programs(args.programs)
    if not sources:
        die(f"no image-*.c programs in {PROGRAMS}")
    check_sizes = [args.check_size] + ([ODD_SIZE] if args.check_size != ODD_SIZE else [])
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    names = [s.stem.removeprefix("image-") for s in sources]
    cells = {(n, s): Cell() for n in names for s in schedulers}
    program_notes = {n: [] for n in names}
    versions = set()
    progress = Progress(len(names) * len(schedulers) * (1 if args.no_time else 2))
    scratch = Path(tempfile.mkdtemp(prefix="iotile-halide-"))
    try:
        for source, name in zip(sources, names):
            if name not in BUILDERS:
                program_notes[name].append("no Halide version of this program in the script")
                for s in schedulers:
                    cells[(name, s)].failed = True
                    cells[(name, s)].check = "missing"
                progress.done += len(schedulers) * (1 if args.no_time else 2)
                continue
            # Built from a copy, so that nothing the compiler writes lands in the repository.
            copy = scratch / source.name
            shutil.copyfile(source, copy)
            expected = {}
            try:
                for size in check_sizes:
                    expected[size_text(size)] = c_values(copy, size, args, scratch)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                program_notes[name].append(str(e))
            for s in schedulers:
                cell = cells[(name, s)]
                result = run_job({"mode": "check", "program": name, "scheduler": s, "threads": args.threads,
                                  "sizes": check_sizes}, args)
                if "unavailable" in result:
                    cell.check = "unavailable"
                    cell.notes.append(result["unavailable"])
                elif "error" in result:
                    cell.check, cell.failed = "failed", True
                    cell.notes.append(f"check: {result['error']}")
                elif len(expected) != len(check_sizes):
                    cell.check, cell.failed = "no C output", True
                else:
                    versions.add(result.get("halide", ""))
                    cell.notes += result["notes"]
                    diffs = []
                    for size in check_sizes:
                        d = compare(expected[size_text(size)], result["values"][size_text(size)])
                        if d:
                            diffs.append(f"{size_text(size)}: {d}")
                    cell.check = "differs" if diffs else "ok"
                    if diffs:
                        cell.failed = True
                        cell.notes.append("differs at " + "; ".join(diffs))
                progress.step(f"{name} {s}: check {cell.check}")
            if args.no_time:
                continue
            for s in schedulers:
                cell = cells[(name, s)]
                if cell.check in ("unavailable", "missing"):
                    progress.step(f"{name} {s}: not timed")
                    continue
                result = run_job({"mode": "time", "program": name, "scheduler": s, "threads": args.threads,
                                  "size": args.time_size, "runs": args.runs, "strict": not args.no_strict}, args)
                if "unavailable" in result:
                    cell.notes.append(result["unavailable"])
                elif "error" in result:
                    cell.failed = True
                    cell.notes.append(f"timing: {result['error']}")
                else:
                    cell.seconds, cell.schedule_s, cell.compile_s = result["seconds"], result["schedule_s"], result["compile_s"]
                    cell.strict_s = result.get("strict_seconds")
                    cell.digest, cell.strict_digest = result["digest"], result.get("strict_digest")
                    cell.notes += [f"{n} at {size_text(args.time_size)}" for n in result["notes"]]
                progress.step(f"{name} {s}: " + (f"{cell.seconds:.6f} s" if cell.seconds is not None else "not timed"))
            digests = {cells[(name, s)].digest for s in schedulers if cells[(name, s)].digest}
            if len(digests) > 1:
                program_notes[name].append(f"plain outputs at {size_text(args.time_size)} differ between schedulers")
            strict = {cells[(name, s)].strict_digest for s in schedulers if cells[(name, s)].strict_digest}
            if len(strict) > 1:
                program_notes[name].append(f"strict_float outputs at {size_text(args.time_size)} differ between schedulers")
                for s in schedulers:
                    cells[(name, s)].failed = True
    finally:
        progress.finish()
        shutil.rmtree(scratch, ignore_errors=True)

    header = ["program", "scheduler", "seconds", "strict_s", "check", "schedule_s", "compile_s", "best", "notes"]
    timing_columns = ("seconds", "strict_s", "schedule_s", "compile_s", "best")

    def fmt(value, digits=6):
        return "" if value is None else f"{value:.{digits}f}"

    rows = []
    for name in names:
        timed, timed_strict = [], []
        for s in schedulers:
            cell = cells[(name, s)]
            rows.append([name, s, fmt(cell.seconds), fmt(cell.strict_s), cell.check, fmt(cell.schedule_s, 3),
                         fmt(cell.compile_s, 3), "", "; ".join(cell.notes)])
            if cell.seconds is not None:
                timed.append((cell.seconds, s))
            if cell.strict_s is not None:
                timed_strict.append((cell.strict_s, s))
        if not args.no_time or program_notes[name]:
            best = min(timed) if timed else (None, "")
            best_strict = min(timed_strict) if timed_strict else (None, "")
            choice = best[1] + (f" (strict_s: {best_strict[1]})" if best_strict[1] not in ("", best[1]) else "")
            rows.append([name, "best", fmt(best[0]), fmt(best_strict[0]), "", "", "", choice,
                         "; ".join(program_notes[name])])

    shown = [i for i, h in enumerate(header)
             if not (args.no_time and h in timing_columns) and not (args.no_strict and h == "strict_s")]
    table = [header] + rows
    widths = {i: max(len(r[i]) for r in table) for i in shown[:-1]}
    for r in table:
        cells_text = [r[i].ljust(widths[i]) for i in shown[:-1]]
        print(("  ".join(cells_text) + "  " + r[-1]).rstrip())
    version = ", ".join(sorted(v for v in versions if v)) or "unknown"
    summary = (f"Halide {version}; checked (strict_float) against {args.cc} -O2 -ffp-contract=off at "
               f"{', '.join(size_text(s) for s in check_sizes)}")
    if not args.no_time:
        summary += (f"; seconds: realize() at {size_text(args.time_size)}, minimum of {args.runs} after a warm-up, "
                    f"HL_NUM_THREADS={args.threads}, host target" + ("" if args.no_strict else " (strict_s: with strict_float)"))
    print(summary)
    with open(out_dir / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    print(f"wrote {out_dir / 'results.csv'}")
    failed = any(c.failed for c in cells.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
