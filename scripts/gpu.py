#!/usr/bin/env python3
"""Real-GPU check of iotile's CUDA output, in two steps on two machines.

The tests run the CUDA translations on the CPU emulation of runtime/; this
script runs them on an NVIDIA GPU, for the machines that have one (CI has
none, so nothing depends on it).

  scripts/gpu.py prepare [--out target/gpu]     # here: no GPU needed
  python3 scripts/gpu.py run target/gpu          # on the GPU machine

prepare translates, with iotile, and builds (unless --no-build: then run
builds there, with that machine's nvcc), with the nvcc of scripts/nvcc.sh (sm_90, -fmad=false, host code with -ffp-contract=off, so
that no FMA contraction can change low bits), each of these programs:
  * every testsuite/run program, under five CUDA option sets (the default
    one as a single .cu file where the program is valid C++, the others
    with --kernels: host code in C, kernels in a .cu file of their own);
  * every PolyBench kernel, with exact (%a) array dumps, at SMALL (default
    options, --fusion=liveout, and tiles of 3, 5, 7) and MEDIUM (default);
  * random programs of iotile-random (--random seeds), under three CUDA
    option sets;
  * for timing, every PolyBench kernel at LARGE and every image pipeline
    at 2048x2048, with --fusion=smart, with --fusion=liveout and with the
    default options.
It builds the original programs with gcc and records their outputs, the
expected ones. The GPU programs link the CUDA runtime dynamically; its
library travels with them in OUT/lib, and each is linked with a
constructor that creates the CUDA context before main, so that no timing
counts that. The manifest (OUT/manifest.json) also records every build
command, so that run can rebuild there with that machine's nvcc when the
programs built here do not start.

run executes the checks first (in parallel), comparing each program's
output byte for byte with the original's, then the timings one at a time
(each program --runs times, interleaved; the least time counts), and
writes results.json and results.md to --results (default: OUT), the
latter after every step, so that a run cut off early still reports. It
exits with status 1 if any check fails.
"""

import argparse
import gzip
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

CHECK_CFLAGS = ["-O2", "-ffp-contract=off", "-w"]
NVCC_FLAGS = ["-O2", "-arch=sm_90", "-fmad=false", "-Xcompiler", "-ffp-contract=off", "-w", "-cudart", "shared"]
TESTSUITE_SETS = [
    "--target=cuda",
    "--target=cuda --kernels --block-sizes=5,3;7;2,9 --max-shared-memory=12K",
    "--target=cuda --kernels --tile-sizes=3,5,7 --fusion=max",
    "--target=cuda --kernels --fusion=liveout --tile-sizes=3,5,7",
    "--target=cuda --kernels --tile-sizes=auto --max-shared-memory=1K",
]
RANDOM_SETS = [
    "--target=cuda --kernels",
    "--target=cuda --kernels --tile-sizes=3,5 --fusion=max",
    "--target=cuda --kernels --tile-sizes=2,3 --fusion=liveout",
]
POLYBENCH_CHECKS = [
    ("SMALL", "--target=cuda --kernels"),
    ("SMALL", "--target=cuda --kernels --fusion=liveout"),
    ("SMALL", "--target=cuda --kernels --tile-sizes=3,5,7"),
    ("MEDIUM", "--target=cuda --kernels"),
]
TIMED_SETS = {
    "smart": "--target=cuda --kernels --fusion=smart",
    "liveout": "--target=cuda --kernels --fusion=liveout",
    "default": "--target=cuda --kernels",
}
PIPELINE_SIZE = (2048, 2048)
PROBE = """#include <stdio.h>
__global__ void probe(int *x) { *x = 42; }
int main(void) {
  int *d, h = 0;
  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 1;
  probe<<<1, 1>>>(d);
  if (cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  printf("%d\\n", h);
  return h == 42 ? 0 : 1;
}
"""
WARM = """#include <cuda_runtime_api.h>
/* Creates the CUDA context before main, so that no timing counts it. */
__attribute__((constructor)) static void iotile_gpu_warm(void) { cudaFree(0); }
"""


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


class Preparer:
    def __init__(self, args):
        self.args = args
        self.out = Path(args.out).resolve()
        self.entries = []
        self.failures = []

    def sh(self, cmd, cwd=None, timeout=300):
        return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, timeout=timeout)

    def translate(self, name, source, iotile_flags, cc_flags, iotile_only):
        """Translates source with the option set; gives the files nvcc builds (relative to ROOT) or None."""
        words = shlex.split(iotile_flags)
        kernels = "--kernels" in words
        words = [w for w in words if w != "--kernels"]
        src = self.out / "src"
        host = src / (f"{name}.c" if kernels else f"{name}.cu")
        files = [host]
        if kernels:
            files.append(src / f"{name}.kernels.cu")
            words.append(f"--kernels={files[1]}")
        cmd = [self.args.iotile, *words, *cc_flags, *iotile_only, "-o", str(host), str(source)]
        r = self.sh(cmd, cwd=ROOT)
        if r.returncode != 0:
            self.failures.append(f"{name}: iotile failed: {r.stderr.strip()[:400]}")
            return None
        return [str(f.relative_to(ROOT)) for f in files]

    def add(self, name, group, files, cc_flags, expected=None, original_exe=None, timeout=60):
        exe = self.out / "bin" / name
        build = ["{nvcc}", *NVCC_FLAGS, *cc_flags, *files, str((self.out / "warm.c").relative_to(ROOT)), "-o", str(exe.relative_to(ROOT)), "-lm"]
        kernels = sum((ROOT / f).read_text().count("__global__") for f in files if f.endswith(".cu"))
        self.entries.append({"name": name, "group": group, "build": build, "exe": str(exe.relative_to(ROOT)),
                             "expected": expected, "timeout": timeout, "kernels": kernels})

    def original(self, name, source, cc_flags, output_is_stderr=False):
        """Builds and runs the original with gcc; gives the expected output's path (relative to ROOT) or None."""
        exe = self.out / "orig" / name
        r = self.sh(["gcc", "-std=c99", *CHECK_CFLAGS, *cc_flags, str(source), "-o", str(exe), "-lm"], cwd=ROOT)
        if r.returncode != 0:
            self.failures.append(f"{name}: original does not build: {r.stderr.strip()[:300]}")
            return None
        r = subprocess.run([str(exe)], capture_output=True, timeout=300)
        if r.returncode != 0:
            self.failures.append(f"{name}: original exits with {r.returncode}")
            return None
        expected = self.out / "expected" / f"{name}.gz"
        expected.write_bytes(gzip.compress(r.stderr if output_is_stderr else r.stdout))
        return str(expected.relative_to(ROOT))

    def testsuite(self):
        include = "-Itestsuite/include"
        for case in sorted((ROOT / "testsuite/run").glob("*.c")):
            first = case.read_text().splitlines()[0] if case.read_text() else ""
            flags = shlex.split(first.removeprefix("// iotile-flags:")) if first.startswith("// iotile-flags:") else []
            iotile_only, cc_flags, words = [], [], iter(flags)
            for w in words:
                if w == "--ctx":
                    iotile_only += [w, next(words)]
                elif w.startswith("--ctx="):
                    iotile_only.append(w)
                elif not w.startswith("-std="):
                    cc_flags.append(w)
            cc_flags.append(include)
            expected = self.original(case.stem, case.relative_to(ROOT), cc_flags)
            if expected is None:
                continue
            cpp = self.sh(["g++", "-x", "c++", "-fsyntax-only", "-w", *cc_flags, str(case)], cwd=ROOT).returncode == 0
            for i, option_set in enumerate(TESTSUITE_SETS[:self.args.testsuite_sets]):
                if i == 0 and not cpp:
                    option_set += " --kernels"
                name = f"ts-{case.stem}-{i}"
                files = self.translate(name, case.relative_to(ROOT), option_set, cc_flags, iotile_only)
                if files:
                    self.add(name, "check", files, cc_flags, expected)

    def random(self):
        generator = ROOT / "target" / "release" / "iotile-random"
        for seed in range(self.args.random_seed, self.args.random_seed + self.args.random):
            name = f"random-{seed}"
            source = self.out / "src" / f"{name}.orig.c"
            r = self.sh([str(generator), "--print", str(seed)])
            source.write_text(r.stdout)
            rel = source.relative_to(ROOT)
            expected = self.original(name, rel, [])
            if expected is None:
                continue
            for i, option_set in enumerate(RANDOM_SETS):
                files = self.translate(f"{name}-{i}", rel, option_set, [], [])
                if files:
                    self.add(f"{name}-{i}", "check", files, [], expected)

    def polybench(self):
        import polybench
        suite, kernels = polybench.scratch_suite(ROOT / "polybench", self.out / "pb")
        utilities = suite / "utilities"
        for rel in kernels:
            k = rel.stem
            common = [f"-I{(utilities).relative_to(ROOT)}", f"-I{(suite / rel.parent).relative_to(ROOT)}"]
            source = (suite / rel).relative_to(ROOT)
            poly = str((utilities / "polybench.c").relative_to(ROOT))
            expected = {}
            for size, option_set in POLYBENCH_CHECKS:
                defs = [f"-D{size}_DATASET", "-DPOLYBENCH_DUMP_ARRAYS"]
                if size not in expected:
                    expected[size] = self.original(f"pb-{k}-{size}", source, [*common, *defs, poly], output_is_stderr=True)
                name = f"pb-{k}-{size}-{slug(option_set.replace('--target=cuda --kernels', ''))}".rstrip("-")
                files = self.translate(name, source, option_set, [*common, *defs], [])
                if files and expected[size]:
                    self.add(name, "check-stderr", [*files, poly], [*common, *defs], expected[size])
            for label, option_set in TIMED_SETS.items():
                defs = ["-DLARGE_DATASET", "-DPOLYBENCH_TIME"]
                name = f"time-pb-{k}-{label}"
                files = self.translate(name, source, option_set, [*common, *defs], [])
                if files:
                    self.add(name, "time-polybench", [*files, poly], [*common, *defs], timeout=20)

    def pipelines(self):
        import pipelines
        defs = pipelines.size_defs(PIPELINE_SIZE)
        for program in pipelines.select_programs(""):
            timed = self.out / "src" / f"{program.stem}.timed.c"
            timed.write_text(pipelines.timed_region(program.read_text()))
            for label, option_set in TIMED_SETS.items():
                name = f"time-{program.stem}-{label}"
                files = self.translate(name, timed.relative_to(ROOT), option_set, defs, [])
                if files:
                    self.add(name, "time-pipeline", files, defs, timeout=20)

    def build_all(self, nvcc):
        def build(e):
            cmd = [nvcc if w == "{nvcc}" else w for w in e["build"]]
            r = self.sh(cmd, cwd=ROOT, timeout=600)
            return e, r
        with ThreadPoolExecutor(self.args.jobs) as pool:
            for n, (e, r) in enumerate(pool.map(build, self.entries), 1):
                if r.returncode != 0:
                    self.failures.append(f"{e['name']}: nvcc failed: {r.stderr.strip()[:400]}")
                    e["build_failed"] = True
                if n % 50 == 0:
                    print(f"gpu.py: built {n}/{len(self.entries)}", file=sys.stderr, flush=True)

    def run(self):
        if self.out.exists():
            shutil.rmtree(self.out)
        for d in ("src", "bin", "orig", "expected", "lib"):
            (self.out / d).mkdir(parents=True)
        (self.out / "warm.c").write_text(WARM)
        (self.out / "probe.cu").write_text(PROBE)
        rel = lambda p: str(p.relative_to(ROOT))
        self.entries.append({"name": "probe", "group": "probe", "exe": rel(self.out / "bin" / "probe"), "timeout": 60, "kernels": 1,
                             "build": ["{nvcc}", *NVCC_FLAGS, rel(self.out / "probe.cu"), "-o", rel(self.out / "bin" / "probe")]})
        nvcc = subprocess.run([str(ROOT / "scripts/nvcc.sh")], capture_output=True, text=True, check=True).stdout.strip()
        start = time.time()
        if not self.args.no_testsuite:
            self.testsuite()
        if self.args.random:
            self.random()
        if not self.args.no_polybench:
            self.polybench()
        if not self.args.no_pipelines:
            self.pipelines()
        print(f"gpu.py: {len(self.entries)} programs translated in {time.time() - start:.0f} s", file=sys.stderr, flush=True)
        if self.args.no_build:
            (self.out / "bin").rmdir()
        else:
            self.build_all(nvcc)
        lib = next(Path(nvcc).resolve().parent.parent.glob("lib/python3*/site-packages/nvidia/cu13/lib"))
        for so in lib.glob("libcudart.so*"):
            shutil.copy(so, self.out / "lib" / so.name)
        shutil.rmtree(self.out / "orig")
        manifest = {"entries": self.entries, "prepare_failures": self.failures}
        (self.out / "manifest.json").write_text(json.dumps(manifest, indent=1))
        for f in self.failures:
            print("gpu.py: " + f, file=sys.stderr)
        print(f"gpu.py: {len(self.entries)} programs in {self.out} ({len(self.failures)} failures) in {time.time() - start:.0f} s", file=sys.stderr)
        return 1 if self.failures else 0


def device_run(args):
    work = Path(args.dir).resolve()
    results_dir = Path(args.results or work)
    results_dir.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((work / "manifest.json").read_text())
    entries = [e for e in manifest["entries"] if not e.get("build_failed") and (e["group"] == "probe" or re.search(args.only, e["name"]))]
    env = dict(os.environ, LD_LIBRARY_PATH=f"{work / 'lib'}:{os.environ.get('LD_LIBRARY_PATH', '')}")
    deadline = time.time() + args.deadline
    results = {"device": "", "rebuilt": False, "checks": {}, "timings": {}, "prepare_failures": manifest["prepare_failures"],
               "kernels": {e["name"]: e["kernels"] for e in entries}}
    if shutil.which("nvidia-smi"):
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"], capture_output=True, text=True)
        results["device"] = smi.stdout.strip()

    def execute(e):
        """The finished run of e's program, or None where it timed out."""
        try:
            return subprocess.run([str(ROOT / e["exe"])], capture_output=True, timeout=e["timeout"], env=env, cwd=ROOT)
        except subprocess.TimeoutExpired:
            return None

    def rebuild_here(which):
        nvcc = shutil.which("nvcc") or next(iter(sorted(Path("/usr/local").glob("cuda*/bin/nvcc"))), None)
        if nvcc is None:
            results["rebuilt"] = "no nvcc on this machine"
            return
        cmds = [[str(nvcc) if w == "{nvcc}" else w for w in e["build"] if w not in ("-cudart", "shared")] for e in which]
        with ThreadPoolExecutor(os.cpu_count() or 4) as pool:
            codes = list(pool.map(lambda c: subprocess.run(c, capture_output=True, cwd=ROOT).returncode, cmds))
        results["rebuilt"] = f"with {nvcc}: {codes.count(0)}/{len(codes)} built"

    def write():
        (results_dir / "results.json").write_text(json.dumps(results, indent=1))
        (results_dir / "results.md").write_text(summary(results))

    # Programs prepared without builds are built here; those built with
    # the preparing machine's CUDA runtime start here, or everything is
    # rebuilt with this machine's nvcc.
    if not (work / "bin").exists():
        (work / "bin").mkdir()
        rebuild_here(entries)
    r = execute(next(e for e in entries if e["group"] == "probe"))
    if r is None or r.returncode != 0:
        results["probe"] = (r.stderr.decode(errors="replace")[-500:] if r else "timeout")
        rebuild_here(entries)
    checks = [e for e in entries if e["group"].startswith("check")]

    def check(e):
        r = execute(e)
        if r is None:
            return e["name"], "timeout"
        if r.returncode != 0:
            return e["name"], f"exit {r.returncode}: {r.stderr.decode(errors='replace')[-300:]}"
        got = r.stderr if e["group"] == "check-stderr" else r.stdout
        want = gzip.decompress((ROOT / e["expected"]).read_bytes())
        if got == want:
            return e["name"], "ok"
        return e["name"], "differs: " + first_difference(want, got)
    with ThreadPoolExecutor(args.jobs) as pool:
        for name, verdict in pool.map(check, checks):
            results["checks"][name] = verdict
    write()
    timed = [e for e in entries if e["group"].startswith("time")]
    for round_ in range(args.runs):
        for e in timed:
            if time.time() > deadline:
                results["timings_cut_off"] = True
                break
            r = execute(e)
            seconds = None
            if r is not None and r.returncode == 0:
                if e["group"] == "time-polybench":
                    words = r.stdout.split()
                    seconds = float(words[-1]) if words else None
                else:
                    found = [float(l.split()[1]) for l in r.stderr.decode().splitlines() if l.startswith("iotile-region-seconds ")]
                    seconds = sum(found) if found else None
            results["timings"].setdefault(e["name"], []).append(seconds if seconds is not None else ("timeout" if r is None else f"exit {r.returncode}"))
        write()
    failed = [n for n, v in results["checks"].items() if v != "ok"]
    print(summary(results))
    return 1 if failed else 0


def first_difference(want, got):
    a, b = want.decode(errors="replace").splitlines(), got.decode(errors="replace").splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"line {i + 1}: expected {x[:80]!r}, got {y[:80]!r}"
    return f"{len(a)} lines expected, {len(b)} got"


def summary(results):
    checks = results["checks"]
    ok = sum(v == "ok" for v in checks.values())
    with_kernels = sum(1 for n, v in checks.items() if v == "ok" and results["kernels"].get(n))
    lines = [f"# iotile CUDA output on {results['device'] or 'a GPU'}", "",
             f"Checks: {ok}/{len(checks)} byte-identical to the original's output ({with_kernels} of them launch kernels)"
             + (f" (programs rebuilt on this machine: {results['rebuilt']})" if results["rebuilt"] else ""), ""]
    lines += [f"- {n}: {v}" for n, v in sorted(checks.items()) if v != "ok"]
    labels = list(TIMED_SETS)
    lines += ["", "| program | " + " | ".join(f"{l} (s)" for l in labels) + " | " + " | ".join(f"{l} / smart" for l in labels[1:]) + " |",
              "| --- " * (2 * len(labels)) + "|"]
    best = {}
    for name, runs in results["timings"].items():
        numbers = [t for t in runs if isinstance(t, float)]
        best[name] = min(numbers) if numbers else (runs[-1] if runs else None)
    fmt = lambda t: f"{t:.5f}" if isinstance(t, float) else str(t)
    for stem in sorted({n.rsplit("-", 1)[0] for n in best}):
        times = [best.get(f"{stem}-{l}") for l in labels]
        ratios = [f"{t / times[0]:.2f}" if isinstance(t, float) and isinstance(times[0], float) and times[0] > 0 else "" for t in times[1:]]
        lines.append(f"| {stem.removeprefix('time-')} | " + " | ".join(map(fmt, times)) + " | " + " | ".join(ratios) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare", help="translate and build here (no GPU needed)")
    p.add_argument("--iotile", default=str(ROOT / "target" / "release" / "iotile"))
    p.add_argument("--out", default=str(ROOT / "target" / "gpu"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--random", type=int, default=30, help="random programs (0: none)")
    p.add_argument("--random-seed", type=int, default=1)
    p.add_argument("--no-testsuite", action="store_true")
    p.add_argument("--testsuite-sets", type=int, default=len(TESTSUITE_SETS), help="the first N option sets on the testsuite")
    p.add_argument("--no-polybench", action="store_true")
    p.add_argument("--no-build", action="store_true", help="leave the builds to run, on the GPU machine (with its nvcc)")
    p.add_argument("--no-pipelines", action="store_true")
    r = sub.add_parser("run", help="run on the GPU machine")
    r.add_argument("dir")
    r.add_argument("--results", help="folder for results.json and results.md (default: DIR)")
    r.add_argument("--jobs", type=int, default=8)
    r.add_argument("--runs", type=int, default=3)
    r.add_argument("--only", default="", help="run only the programs whose names match this regular expression")
    r.add_argument("--deadline", type=float, default=300, help="seconds after which no more timing runs start")
    args = parser.parse_args()
    if args.command == "prepare":
        if not Path(args.iotile).exists():
            subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        return Preparer(args).run()
    return device_run(args)


if __name__ == "__main__":
    sys.exit(main())
