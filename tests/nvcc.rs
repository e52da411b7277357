//! Real nvcc on the CUDA output (stage: `back::cuda`), without a GPU.
//!
//! `scripts/nvcc.sh` installs nvcc from PyPI into `target/cuda-venv` when
//! it is missing. Every program of `testsuite/run/` is translated with
//! `--target=cuda` and compiled for sm_90. nvcc compiles a `.cu` file's
//! host code as C++: where iotile warns that the host code is C that C++
//! rejects (VLA parameters, `restrict`, `malloc` without a cast), nvcc
//! must fail; everywhere else it must succeed, with every nvcc warning an
//! error (unless g++ warns about the original as C++ with `-Wall
//! -Wextra`); `ptxas -v` must report no
//! kernel using more shared memory than the default `--max-shared-memory`
//! of 48 KiB. Running the programs is the emulation's part (`roundtrip.rs`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{case_flags, cases, iotile, relative, root, scratch};

/// Shared memory one block may use by default.
const MAX_SHARED_MEMORY: u64 = 48 * 1024;

fn nvcc() -> PathBuf {
    let out = Command::new(root().join("scripts/nvcc.sh")).output().expect("run scripts/nvcc.sh");
    assert!(out.status.success(), "scripts/nvcc.sh failed:\n{}", String::from_utf8_lossy(&out.stderr));
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// The preprocessor flags of a case for nvcc (`--ctx` is for iotile only;
/// nvcc picks its own C++ standard).
fn cc_flags(case: &Path) -> Vec<String> {
    let mut flags = Vec::new();
    let mut words = case_flags(case).into_iter();
    while let Some(w) = words.next() {
        if w == "--ctx" {
            words.next();
        } else if !w.starts_with("--ctx=") && !w.starts_with("-std=") {
            flags.push(w);
        }
    }
    flags.push(format!("-I{}", root().join("testsuite/include").display()));
    flags
}

/// Whether g++ accepts the original program as C++ with `extra` flags.
fn accepted_as_cpp(case: &Path, flags: &[String], extra: &[&str]) -> bool {
    Command::new("g++").args(["-x", "c++", "-fsyntax-only"]).args(extra).args(flags).arg(case).status().is_ok_and(|s| s.success())
}

/// The shared memory of each kernel in `ptxas -v`'s report.
fn shared_memory(report: &str) -> Vec<u64> {
    report
        .lines()
        .filter(|l| l.contains("bytes smem"))
        .filter_map(|l| l.split(',').find(|p| p.contains("bytes smem")).and_then(|p| p.split_whitespace().next()?.parse().ok()))
        .collect()
}

#[test]
fn every_cuda_output_compiles_with_nvcc() {
    let nvcc = nvcc();
    let dir = scratch();
    let mut compiled = 0;
    let mut refused = 0;
    let mut failures = Vec::new();
    for case in cases("run") {
        let flags = cc_flags(&case);
        // A program that warns as written (an unused temporary) may warn
        // after translation too.
        let strict = accepted_as_cpp(&case, &flags, &["-Wall", "-Wextra", "-Werror"]);
        let name = case.file_stem().and_then(|s| s.to_str()).unwrap_or("case").to_string();
        let generated = dir.path().join(format!("{name}.cu"));
        let mut args = vec!["--target=cuda".to_string(), "-o".into(), generated.display().to_string()];
        args.extend(case_flags(&case));
        args.push(format!("-I{}", root().join("testsuite/include").display()));
        args.push(relative(&case).display().to_string());
        let out = iotile(&args);
        let warning = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            failures.push(format!("--- {name}: iotile failed:\n{warning}"));
            continue;
        }
        let not_cplusplus = warning.contains("nvcc cannot compile the host code of this CUDA file");
        let object = dir.path().join(format!("{name}.o"));
        let out = Command::new(&nvcc)
            .args(["-arch=sm_90", "-c", "-Xptxas", "-v"])
            .args(if strict { &["-Werror", "all-warnings"][..] } else { &[] })
            .args(&flags)
            .arg(&generated)
            .arg("-o")
            .arg(&object)
            .output()
            .expect("run nvcc");
        let report = String::from_utf8_lossy(&out.stderr);
        match (not_cplusplus, out.status.success()) {
            (true, true) => failures.push(format!("--- {name}: nvcc compiled what iotile warned it cannot:\n{warning}")),
            (true, false) => refused += 1,
            (false, false) => failures.push(format!("--- {name}: nvcc failed:\n{report}")),
            (false, true) => {}
        }
        if !out.status.success() {
            continue;
        }
        if let Some(over) = shared_memory(&report).into_iter().find(|&b| b > MAX_SHARED_MEMORY) {
            failures.push(format!("--- {name}: a kernel uses {over} bytes of shared memory"));
        }
        compiled += 1;
    }
    assert!(failures.is_empty(), "{} program(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert!(compiled >= 70, "only {compiled} programs were compiled with nvcc");
    assert!(refused >= 5, "only {refused} programs were refused as C that is not C++");
}

/// The shared-memory buffers of a kernel stay within `--max-shared-memory`
/// as ptxas counts them: gemm's blocks copy their tiles of A and B (two
/// 32 x 32 boxes of doubles, 16 KiB) under the default budget, one of them
/// under 12 KiB, and none under 4 KiB; the program stays correct
/// (`roundtrip.rs` runs the same budgets under the emulation).
#[test]
fn shared_memory_stays_within_the_budget() {
    let nvcc = nvcc();
    let dir = scratch();
    let case = root().join("testsuite/run/kernel-matmul.c");
    for (budget, bytes, expected) in [(None, MAX_SHARED_MEMORY, 16384), (Some("12K"), 12 * 1024, 8192), (Some("4096"), 4096, 0)] {
        let generated = dir.path().join("matmul.cu");
        let mut args = vec!["--target=cuda".to_string(), "-o".into(), generated.display().to_string(), relative(&case).display().to_string()];
        if let Some(b) = budget {
            args.push(format!("--max-shared-memory={b}"));
        }
        let out = iotile(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let out = Command::new(&nvcc).args(["-arch=sm_90", "-c", "-Xptxas", "-v"]).arg(&generated).arg("-o").arg(dir.path().join("matmul.o")).output().expect("run nvcc");
        let report = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{report}");
        let most = shared_memory(&report).into_iter().max().unwrap_or(0);
        assert!(most <= bytes, "a kernel uses {most} bytes of shared memory under a budget of {bytes}:\n{report}");
        assert_eq!(most, expected, "budget {budget:?}:\n{report}");
    }
}

/// Driver mode with nvcc translates `.c` inputs for CUDA (host code in C,
/// kernels in a `.kernels.cu` file of their own) and builds them: compile
/// and link (the program needs a GPU to run).
#[test]
fn driver_mode_builds_with_nvcc() {
    let nvcc = nvcc();
    let dir = scratch();
    let out = Command::new(env!("CARGO_BIN_EXE_iotile"))
        .arg(format!("--cc={}", nvcc.display()))
        .args(["-arch=sm_90", "-O2", "-v"])
        .arg(root().join("examples/gemm.c"))
        .arg("-o")
        .arg(dir.path().join("gemm"))
        .output()
        .expect("iotile runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("iotile --target=cuda") && stderr.contains("gemm.kernels.cu"), "{stderr}");
    assert!(dir.path().join("gemm").exists());
}

/// `make gemm-cuda` in `examples/` builds the example for the GPU.
#[test]
fn example_makefile_builds_for_the_gpu() {
    let nvcc = nvcc();
    let dir = scratch();
    for f in ["Makefile", "gemm.c"] {
        std::fs::copy(root().join("examples").join(f), dir.path().join(f)).expect("copy the example");
    }
    let out = Command::new("make")
        .arg(format!("IOTILE={}", env!("CARGO_BIN_EXE_iotile")))
        .arg(format!("NVCC={}", nvcc.display()))
        .arg("gemm-cuda")
        .current_dir(dir.path())
        .output()
        .expect("make runs");
    assert!(out.status.success(), "make gemm-cuda failed:\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.path().join("gemm-cuda").exists());
}

/// The programs of `testsuite/run/` that are C but not C++ (VLA
/// parameters, `restrict`, `malloc` without casts) build through
/// `--cc=nvcc`, linked directly and compiled with `-c` then linked: the
/// host code stays C, compiled by the host compiler, and only the kernels
/// are CUDA.
#[test]
fn c_programs_build_through_the_nvcc_driver() {
    let nvcc = nvcc();
    let dir = scratch();
    let mut built = 0;
    let mut failures = Vec::new();
    for case in cases("run") {
        let flags = cc_flags(&case);
        if accepted_as_cpp(&case, &flags, &["-w"]) {
            continue;
        }
        let name = case.file_stem().and_then(|s| s.to_str()).unwrap_or("case").to_string();
        let driver = |args: &[String]| {
            let out = Command::new(env!("CARGO_BIN_EXE_iotile"))
                .arg(format!("--cc={}", nvcc.display()))
                .arg("-arch=sm_90")
                .args(&flags)
                .args(args)
                .current_dir(dir.path())
                .output()
                .expect("iotile runs");
            (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
        };
        let source = case.display().to_string();
        let (linked, stderr) = driver(&[source.clone(), "-o".into(), format!("{name}-linked")]);
        if !linked || stderr.contains("warning") {
            failures.push(format!("--- {name}: linking through the driver:\n{stderr}"));
            continue;
        }
        let (compiled, stderr) = driver(&["-c".into(), source, "-o".into(), format!("{name}.o")]);
        if !compiled || stderr.contains("warning") {
            failures.push(format!("--- {name}: -c through the driver:\n{stderr}"));
            continue;
        }
        let out = Command::new(&nvcc).args(["-arch=sm_90", &format!("{name}.o"), "-o", &name]).current_dir(dir.path()).output().expect("run nvcc");
        if !out.status.success() {
            failures.push(format!("--- {name}: linking the object:\n{}", String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        built += 1;
    }
    assert!(failures.is_empty(), "{} program(s) failed:\n{}", failures.len(), failures.join("\n"));
    assert!(built >= 2, "only {built} C-only programs were built");
}
