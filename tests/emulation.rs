//! CPU emulation of the CUDA execution model (`runtime/iotile_cuda_emulation.h`).
//!
//! Every program in `runtime/tests/` is compiled with
//! `-Wall -Wextra -Werror -DIOTILE_EMULATE_CUDA -I runtime` three ways: by
//! gcc as C99 (-O2), by g++ as C++17 (-O2), and by g++ as C++17 from a `.cu`
//! copy with `-x c++` (-O0). Each build runs and its output is checked. The
//! programs compare what the emulated device computes with a plain CPU loop,
//! or check the runtime's answers, in the same program, and print `ok`/`FAIL`
//! lines and a verdict; the deliberately broken variants (a missing barrier,
//! a missing copy, a divergent barrier) must be caught.

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[derive(Clone, Copy, Debug)]
enum Build {
    C99,
    Cxx17,
    /// C++17 from a `.cu` file, as `g++ -x c++`.
    Cu,
}

const BUILDS: [Build; 3] = [Build::C99, Build::Cxx17, Build::Cu];

const WARNINGS: [&str; 3] = ["-Wall", "-Wextra", "-Werror"];

/// Compiles `source` (a path relative to the crate root) into `dir`; panics
/// with the compiler's messages when it fails.
fn compile(source: &str, build: Build, defines: &[&str], dir: &Path) -> PathBuf {
    let stem = Path::new(source).file_stem().unwrap().to_string_lossy().into_owned();
    let label = defines.iter().map(|d| d.replace(['=', '-'], "_")).collect::<String>();
    let exe = dir.join(format!("{stem}{label}-{build:?}"));
    let mut command = match build {
        Build::C99 => {
            let mut c = Command::new("gcc");
            c.args(["-std=c99", "-O2"]).arg(source);
            c
        }
        Build::Cxx17 => {
            let mut c = Command::new("g++");
            c.args(["-std=c++17", "-O2"]).arg(source);
            c
        }
        Build::Cu => {
            let copy = dir.join(format!("{stem}.cu"));
            std::fs::copy(root().join(source), &copy).expect("copy to .cu");
            let mut c = Command::new("g++");
            c.args(["-std=c++17", "-O0", "-x", "c++"]).arg(&copy);
            c
        }
    };
    command.args(WARNINGS).args(["-DIOTILE_EMULATE_CUDA", "-I", "runtime", "-I", "runtime/tests"]);
    for d in defines {
        command.arg(format!("-D{d}"));
    }
    let out = command.arg("-o").arg(&exe).current_dir(root()).output().expect("the compiler runs");
    assert!(
        out.status.success(),
        "{build:?} build of {source} {defines:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run_with(exe: &Path, stack_kib: Option<&str>) -> Output {
    let mut command = Command::new(exe);
    command.current_dir(root());
    match stack_kib {
        Some(kib) => command.env("IOTILE_EMU_STACK_KIB", kib),
        None => command.env_remove("IOTILE_EMU_STACK_KIB"),
    };
    command.output().expect("the program runs")
}

fn run(exe: &Path) -> Output {
    run_with(exe, None)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs every build of `source` with `defines`; returns (build, output) pairs.
fn run_all(source: &str, defines: &[&str]) -> Vec<(Build, Output)> {
    let dir = tempfile::tempdir().expect("scratch directory");
    BUILDS.iter().map(|&b| (b, run(&compile(source, b, defines, dir.path())))).collect()
}

fn assert_success(build: Build, out: &Output) {
    assert!(
        out.status.success(),
        "{build:?}: exit status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        stdout(out),
        stderr(out)
    );
}

/// The lines between `start:` and the next line ending in `:` or starting
/// with `verdict:`.
fn section(text: &str, start: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| *l != format!("{start}:"));
    assert!(lines.next().is_some(), "no {start}: section in\n{text}");
    lines.take_while(|l| !l.ends_with(':') && !l.starts_with("verdict:")).map(str::to_string).collect()
}

fn verdict(text: &str) -> &str {
    text.lines().find(|l| l.starts_with("verdict:")).unwrap_or_else(|| panic!("no verdict in\n{text}"))
}

/// For programs that print one `ok ...`/`FAIL ...` line per check: no check
/// failed, `count` passed, and the verdict is OK.
fn assert_all_ok(build: Build, out: &Output, count: usize) {
    assert_success(build, out);
    let text = stdout(out);
    let failed: Vec<&str> = text.lines().filter(|l| l.contains("FAIL")).collect();
    assert!(failed.is_empty(), "{build:?}: failed checks:\n{}", failed.join("\n"));
    let passed = text.lines().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(passed, count, "{build:?}: expected {count} passing checks in\n{text}");
    assert_eq!(verdict(&text), "verdict: OK", "{build:?}");
}

#[test]
fn tiled_matmul_matches_the_cpu_loop_bit_for_bit() {
    for (build, out) in run_all("runtime/tests/matmul_tiled.c", &[]) {
        assert_success(build, &out);
        let text = stdout(&out);
        let device = section(&text, "device");
        let host = section(&text, "host");
        assert_eq!(host.len(), 37, "{build:?}: rows of the host result");
        assert!(host.iter().all(|row| row.split(' ').count() == 29), "{build:?}: columns of the host result");
        assert!(!text.contains("nan"), "{build:?}: NaN in\n{text}");
        assert_eq!(device, host, "{build:?}: device and host results differ");
        assert_eq!(verdict(&text), "verdict: OK", "{build:?}");
    }
}

#[test]
fn tiled_matmul_without_one_barrier_gives_wrong_results() {
    for drop in ["DROP_SYNC=1", "DROP_SYNC=2"] {
        for (build, out) in run_all("runtime/tests/matmul_tiled.c", &[drop]) {
            assert_success(build, &out);
            let text = stdout(&out);
            assert_eq!(section(&text, "host").len(), 37, "{build:?} {drop}");
            assert_ne!(section(&text, "device"), section(&text, "host"), "{build:?} {drop}: the race went unnoticed");
            assert!(verdict(&text).starts_with("verdict: MISMATCH"), "{build:?} {drop}: {}", verdict(&text));
        }
    }
}

#[test]
fn fresh_device_memory_is_poisoned() {
    for (build, out) in run_all("runtime/tests/poison.c", &[]) {
        assert_success(build, &out);
        let text = stdout(&out);
        assert!(text.contains("fresh int allocation reads -1: yes\n"), "{build:?}:\n{text}");
        assert!(text.contains("fresh double allocation reads NaN: yes\n"), "{build:?}:\n{text}");
        assert_eq!(verdict(&text), "verdict: OK", "{build:?}");
    }
}

#[test]
fn forgotten_host_to_device_copy_gives_wrong_results() {
    for (build, out) in run_all("runtime/tests/poison.c", &["FORGET_COPY"]) {
        assert_success(build, &out);
        let text = stdout(&out);
        let verdict = verdict(&text);
        // Every element is wrong, and wrong as NaN: the poison, not chance.
        assert!(
            verdict.starts_with("verdict: MISMATCH in 1000 of 1000 elements (y[0] = ") && verdict.ends_with("nan)"),
            "{build:?}: the missing copy went unnoticed: {verdict}"
        );
    }
}

#[test]
fn invalid_launch_configurations_do_not_run() {
    for (build, out) in run_all("runtime/tests/invalid_launch.c", &[]) {
        assert_all_ok(build, &out, 12);
        let text = stdout(&out);
        for line in [
            "ok 2048 threads in x: cudaErrorInvalidConfiguration, 0 threads ran",
            "ok 65 threads in z: cudaErrorInvalidConfiguration, 0 threads ran",
            "ok 65536 blocks in y: cudaErrorInvalidConfiguration, 0 threads ran",
            "ok 1024 threads in x: cudaSuccess, 3072 threads ran",
            "ok 1024 threads in x, y, z: cudaSuccess, 6144 threads ran",
        ] {
            assert!(text.lines().any(|l| l == line), "{build:?}: no line {line:?} in\n{text}");
        }
    }
}

#[test]
fn uniform_barriers_run_to_completion() {
    for (build, out) in run_all("runtime/tests/divergent_barrier.c", &[]) {
        assert_success(build, &out);
        assert_eq!(stdout(&out), "launching\nsums 280 280\n", "{build:?}");
        assert_eq!(stderr(&out), "", "{build:?}");
    }
}

/// How the program's own file name appears in its `__FILE__`.
fn source_name(build: Build, stem: &str) -> String {
    match build {
        Build::Cu => format!("/{stem}.cu"),
        _ => format!("runtime/tests/{stem}.c"),
    }
}

fn assert_aborted(build: Build, out: &Output) -> String {
    assert!(!out.status.success(), "{build:?}: the divergent barrier went unnoticed:\n{}", stdout(out));
    assert_eq!(out.status.signal(), Some(libc::SIGABRT), "{build:?}: {:?}", out.status);
    // What the program printed before the launch is flushed; nothing after.
    assert_eq!(stdout(out), "launching\n", "{build:?}");
    stderr(out)
}

#[test]
fn a_thread_returning_before_a_barrier_aborts() {
    for (build, out) in run_all("runtime/tests/divergent_barrier.c", &["DIVERGENCE=1"]) {
        let message = assert_aborted(build, &out);
        let file = source_name(build, "divergent_barrier");
        for needle in [
            "iotile CUDA emulation: divergent __syncthreads() in block (1, 0, 0): ".to_string(),
            "thread (0, 0, 0) waits at the __syncthreads() at ".to_string(),
            format!("{file}:30, but thread (3, 0, 0) has returned from the kernel\n"),
        ] {
            assert!(message.contains(&needle), "{build:?}: {needle:?} not in {message:?}");
        }
    }
}

#[test]
fn threads_waiting_at_different_barriers_abort() {
    for (build, out) in run_all("runtime/tests/divergent_barrier.c", &["DIVERGENCE=2"]) {
        let message = assert_aborted(build, &out);
        let file = source_name(build, "divergent_barrier");
        for needle in [
            "iotile CUDA emulation: divergent __syncthreads() in block (1, 0, 0): ".to_string(),
            "thread (0, 0, 0) waits at the __syncthreads() at ".to_string(),
            format!("{file}:25, but thread (4, 0, 0) waits at another one, at "),
            format!("{file}:27\n"),
        ] {
            assert!(message.contains(&needle), "{build:?}: {needle:?} not in {message:?}");
        }
    }
}

#[test]
fn copies_in_the_wrong_direction_or_out_of_range_are_refused() {
    for (build, out) in run_all("runtime/tests/memcpy_checks.c", &[]) {
        assert_all_ok(build, &out, 49);
        let text = stdout(&out);
        for line in [
            "ok host to device with a host destination: cudaErrorInvalidValue",
            "ok device to host with a host source: cudaErrorInvalidValue",
            "ok host to device one byte past the allocation: cudaErrorInvalidValue",
            "ok device destination untouched",
            "ok cudaFree twice: cudaErrorInvalidValue",
        ] {
            assert!(text.lines().any(|l| l == line), "{build:?}: no line {line:?} in\n{text}");
        }
    }
}

#[test]
fn every_block_and_thread_of_1d_2d_3d_launches_runs_once() {
    for (build, out) in run_all("runtime/tests/indexing.c", &[]) {
        assert_all_ok(build, &out, 6);
        let text = stdout(&out);
        assert!(text.contains("ok grid (2, 3, 4) block (5, 2, 3): 720 threads, 0 wrong\n"), "{build:?}:\n{text}");
    }
}

#[test]
fn thread_order_alternates_at_barriers_blocks_and_launches() {
    for (build, out) in run_all("runtime/tests/schedule.c", &[]) {
        assert_success(build, &out);
        assert_eq!(
            stdout(&out),
            "launch 0: 012345 543210 012345 543210 012345 543210 012345 543210 012345 ok\n\
             launch 1: 543210 012345 543210 012345 543210 012345 543210 012345 543210 ok\n\
             racy read of the lower neighbour: 5 stale values ok\n\
             racy read of the upper neighbour: 5 stale values ok\n\
             verdict: OK\n",
            "{build:?}"
        );
    }
}

#[test]
fn stack_size_comes_from_the_environment() {
    let dir = tempfile::tempdir().expect("scratch directory");
    for build in BUILDS {
        let exe = compile("runtime/tests/stack_depth.c", build, &[], dir.path());
        let out = run(&exe);
        assert_success(build, &out);
        assert_eq!(stdout(&out), "verdict: OK\n", "{build:?}");
        // 64 KiB of frames overflow a 16 KiB stack onto its guard page.
        let out = run_with(&exe, Some("16"));
        assert_eq!(out.status.signal(), Some(libc::SIGSEGV), "{build:?}: {:?} {}", out.status, stdout(&out));
        let out = run_with(&exe, Some("128"));
        assert_success(build, &out);
        let out = run_with(&exe, Some("lots"));
        assert_success(build, &out);
        assert!(stderr(&out).contains("ignoring IOTILE_EMU_STACK_KIB=lots"), "{build:?}: {}", stderr(&out));
    }
}

/// The header alone, and the qualifiers in the combinations CUDA code
/// writes them, compile without a warning, even with -pedantic.
#[test]
fn header_compiles_cleanly_with_every_qualifier_combination() {
    let dir = tempfile::tempdir().expect("scratch directory");
    let program = r#"#include "iotile_cuda_emulation.h"
#include <stdio.h>
static __device__ __forceinline__ int unused_helper(int a) { return a + 1; }
__device__ __forceinline__ int twice(int a) { return 2 * a; }
__host__ __device__ static inline int plus(int a, int b) { return a + b; }
__device__ static int unused_device_function(void) { return 0; }
__global__ void k(int *__restrict__ out, const int *__restrict__ in)
{
    __shared__ int s[4];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = plus(twice(s[3 - threadIdx.x]), (int)(blockDim.x * gridDim.x));
}
struct k_args { int *out; const int *in; };
static void k_entry(void *p) { struct k_args *a = (struct k_args *)p; k(a->out, a->in); }
int main(void)
{
    int h[4] = { 1, 2, 3, 4 }, *d_in, *d_out;
    cudaMalloc((void **)&d_in, sizeof h);
    cudaMalloc((void **)&d_out, sizeof h);
#ifdef __cplusplus
    int *d_extra;
    if (cudaMalloc(&d_extra, 1) != cudaSuccess || cudaFree(d_extra) != cudaSuccess)
        return 1;
#endif
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    {
        struct k_args a = { d_out, d_in };
        iotile_emu_launch(iotile_dim3(1, 1, 1), iotile_dim3(4, 1, 1), k_entry, &a);
    }
    if (cudaGetLastError() != cudaSuccess)
        return 1;
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d %s\n", h[0], h[1], h[2], h[3], cudaGetErrorString(cudaPeekAtLastError()));
    cudaFree(d_in);
    cudaFree(d_out);
    return cudaDeviceSynchronize();
}
"#;
    let bare = "#include \"iotile_cuda_emulation.h\"\nint main(void) { return 0; }\n";
    let header = root().join("runtime");
    for (name, text, expected) in [("bare", bare, ""), ("qualifiers", program, "12 10 8 6 no error\n")] {
        for (compiler, std, file) in [("gcc", "-std=c99", "c"), ("g++", "-std=c++17", "c"), ("g++", "-std=c++17", "cu")]
        {
            let source = dir.path().join(format!("{name}.{file}"));
            std::fs::write(&source, text).unwrap();
            let exe = dir.path().join(format!("{name}-{compiler}-{file}"));
            let out = Command::new(compiler)
                .args([std, "-pedantic", "-x", if compiler == "gcc" { "c" } else { "c++" }])
                .arg(&source)
                .args(WARNINGS)
                .args(["-DIOTILE_EMULATE_CUDA", "-I"])
                .arg(&header)
                .arg("-o")
                .arg(&exe)
                .output()
                .expect("the compiler runs");
            assert!(out.status.success(), "{compiler} {std} {name}.{file}:\n{}", stderr(&out));
            let out = run(&exe);
            assert!(out.status.success(), "{compiler} {name}.{file}: {:?}", out.status);
            assert_eq!(stdout(&out), expected, "{compiler} {name}.{file}");
        }
    }
}
