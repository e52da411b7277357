//! Error corpus (stage: front end diagnostics).
//!
//! Every input in `testsuite/errors/` must be rejected with exit status 1,
//! the diagnostic text in `<name>.expected` (rewritten with
//! `UPDATE_EXPECT=1`), no panic and no output file. Failures that are not
//! about a region (missing file, preprocessor error, bad options) and the
//! `--fallback` behaviour are checked below.

mod common;

use common::{cases, check_expectation, iotile, relative, scratch};

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn every_error_input_gets_its_diagnostic_and_no_output() {
    let all = cases("errors");
    assert!(all.len() >= 60, "testsuite/errors holds only {} inputs", all.len());
    let mut failures = Vec::new();
    for case in &all {
        let dir = scratch();
        let output = dir.path().join("out.c");
        let out = iotile(&args(&["--target=c", "-o", &output.display().to_string(), &relative(case).display().to_string()]));
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let name = relative(case).display().to_string();
        if out.status.code() != Some(1) {
            failures.push(format!("{name}: exit status {:?}, expected 1", out.status.code()));
        }
        if stderr.contains("panicked") {
            failures.push(format!("{name}: panicked"));
        }
        if output.exists() {
            failures.push(format!("{name}: left an output file"));
        }
        if !stderr.starts_with(&format!("{name}:")) {
            failures.push(format!("{name}: diagnostic does not start with the file location: {stderr:?}"));
        }
        if let Err(e) = check_expectation(&case.with_extension("expected"), &stderr) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn assert_one_line_error(out: &std::process::Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.starts_with("iotile: error: "), "stderr: {stderr}");
    assert!(stderr.contains(needle), "expected {needle:?} in {stderr:?}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
}

/// Checks that `case` (of `testsuite/cpu-run/`) is translated for the CPU
/// and rejected for the GPU with an error containing `needle`, leaving no
/// output.
fn rejected_for_the_gpu_only(case: &str, needle: &str) {
    let dir = scratch();
    let output = dir.path().join("out.cu");
    let out = iotile(&args(&["--target=cuda", "-o", &output.display().to_string(), case]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains(needle), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!output.exists());
    let out = iotile(&args(&["--target=openmp", "-o", &dir.path().join("out.c").display().to_string(), case]));
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
}

/// A pointer read and written before the element it points at (`p[i -
/// 5]`) is translated for the CPU, but not for the GPU, whose device copy
/// of an array starts at the element it points at.
#[test]
fn an_access_before_the_first_element_is_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-pointer-before-its-first-element.c", "the region accesses 'p' before its first element");
}

/// Arrays whose extents name a variable assigned after their declaration
/// keep the extents C computed there: the CPU output keeps the types as
/// written, the GPU's flat device copies would be indexed with the new
/// value.
#[test]
fn an_extent_changed_after_the_declaration_is_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-extent-changed-after-the-declaration.c", "the extents of 'A' name 'm', which the function changes after declaring it");
}

/// A name that CUDA kernels give a built-in variable, and `long double`
/// elements, which they store as `double`.
#[test]
fn cuda_built_in_names_and_long_double_are_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-parameter-named-like-a-cuda-built-in.c", "the region names 'blockDim', which in a CUDA kernel is a built-in variable");
    rejected_for_the_gpu_only("testsuite/cpu-run/12-long-double-elements.c", "'L' holds 'long double' values");
}

/// Rows reached through pointers (`double **A`): the GPU's device copy of
/// an array is one block of elements.
#[test]
fn rows_through_pointers_are_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-rows-through-pointers.c", "'A' reaches its rows through pointers, which the CUDA target cannot follow");
}

/// <math.h>'s isinf, isnormal and quiet comparisons expand to builtins
/// of gcc that nvcc's device code lacks.
#[test]
fn math_builtins_of_the_host_are_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-math-comparisons-on-the-host.c", "CUDA kernels have no such builtin of gcc");
}

/// A statement that calls a function of its file computing in `long
/// double` is translated for the CPU, but not for the GPU, where the
/// function has no device copy: there the call is the error, at its span.
#[test]
fn a_call_of_a_function_computing_in_long_double_is_rejected_for_the_gpu() {
    rejected_for_the_gpu_only("testsuite/cpu-run/12-function-computing-in-long-double.c", "error: call to 'precise' in a scop");
}

#[test]
fn missing_input_is_a_one_line_error() {
    let out = iotile(&args(&["--target=c", "-o", "/dev/null", "testsuite/no-such-file.c"]));
    assert_one_line_error(&out, "cannot read 'testsuite/no-such-file.c': no such file");
}

#[test]
fn preprocessor_failure_is_a_one_line_error() {
    let dir = scratch();
    let input = dir.path().join("bad.c");
    std::fs::write(&input, "#include \"does-not-exist.h\"\nint main(void) { return 0; }\n").unwrap();
    let out = iotile(&args(&["--target=c", "-o", &dir.path().join("o.c").display().to_string(), &input.display().to_string()]));
    assert_one_line_error(&out, "preprocessing");
    assert!(!dir.path().join("o.c").exists());
}

#[test]
fn malformed_cache_sizes_are_a_one_line_error() {
    let case = "testsuite/snapshots/triangular.c";
    for bad in ["--cache-sizes=48K,,1M", "--cache-sizes=0", "--cache-sizes=1X", "--cache-sizes=1K,2K,3K,4K,5K"] {
        let out = iotile(&args(&["--tile-sizes=auto", "--target=openmp", bad, case]));
        assert_one_line_error(&out, "--cache-sizes expects");
    }
}

/// An output named `.cu` gets CUDA: kernels and the error-checking macro.
#[test]
fn cu_outputs_default_to_cuda() {
    let dir = scratch();
    let output = dir.path().join("x.cu");
    let out = iotile(&["-o".into(), output.display().to_string(), "testsuite/run/kernel-matmul.c".into()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&output).expect("output written");
    assert!(text.contains("__global__ void") && text.contains("IOTILE_CUDA_CHECK(cudaMalloc"), "{text}");
}

/// `--kernels` writes the kernels apart and keeps the output C: no CUDA
/// syntax and no kernel in it, prototypes of the launch functions only.
#[test]
fn kernels_option_keeps_the_host_code_c() {
    let dir = scratch();
    let (output, kernels) = (dir.path().join("x.c"), dir.path().join("x.kernels.cu"));
    let out = iotile(&[format!("--kernels={}", kernels.display()), "-o".into(), output.display().to_string(), "testsuite/run/vla-params.c".into()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let host = std::fs::read_to_string(&output).expect("output written");
    let device = std::fs::read_to_string(&kernels).expect("kernels written");
    assert!(!host.contains("__global__") && !host.contains("<<<") && host.contains("IOTILE_LAUNCHER cudaError_t iotile_r0_k0_launch("), "{host}");
    assert!(device.contains("__global__ void iotile_r0_k0(") && device.contains("extern \"C\""), "{device}");
    let out = iotile(&args(&["--kernels=k.cu", "--target=openmp", "testsuite/run/vla-params.c"]));
    assert_one_line_error(&out, "--kernels writes CUDA kernels: it cannot go with --target=openmp");
}

/// A one-file CUDA output of C that nvcc's C++ rejects (variable-length
/// array parameters, `restrict`, `malloc` without a cast, a C++ keyword as
/// a name) is written with a warning at the first such place that points
/// to `--kernels`; with `--kernels`, or in C++ as well, no warning.
#[test]
fn c_that_is_not_cplusplus_in_one_cuda_file_gets_a_warning() {
    let dir = scratch();
    let output = dir.path().join("x.cu");
    let out = iotile(&["--target=cuda".into(), "-o".into(), output.display().to_string(), "testsuite/run/vla-params.c".into()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && output.exists(), "{stderr}");
    assert!(stderr.contains("warning: nvcc cannot compile the host code of this CUDA file"), "{stderr}");
    assert!(stderr.contains("with --kernels=FILE the kernels go to a CUDA file of their own"), "{stderr}");
    assert!(stderr.contains("vla-params.c:5:"), "the first such parameter, `double A[n][m]`, is underlined: {stderr}");
    let kernels = dir.path().join("x.kernels.cu");
    let out = iotile(&[format!("--kernels={}", kernels.display()), "-o".into(), dir.path().join("x.c").display().to_string(), "testsuite/run/vla-params.c".into()]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = iotile(&["--target=cuda".into(), "-o".into(), output.display().to_string(), "testsuite/run/kernel-matmul.c".into()]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let program = |declarations: &str| {
        let source = dir.path().join("p.c");
        let text = format!(
            "#include <stdlib.h>\n#define N 40\nstatic void twice(int n, double *{declarations}) {{\n  int i;\n#pragma scop\n  for (i = 0; i < n; i++)\n    b[i] = 2 * a[i];\n#pragma endscop\n}}\n\
             int main(void) {{\n  double *a = {cast}malloc(N * sizeof *a), *b = {cast}calloc(N, sizeof *b);\n  void *{name} = malloc(1);\n  twice(N, a, b);\n  free({name});\n  return (int)b[1];\n}}\n",
            cast = if declarations.contains("restrict") { "" } else { "(double *)" },
            name = if declarations.contains("restrict") { "new" } else { "other" },
        );
        std::fs::write(&source, text).unwrap();
        iotile(&["--target=cuda".into(), "-o".into(), output.display().to_string(), source.display().to_string()])
    };
    let out = program("restrict a, double *restrict b");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.contains("p.c:3:34: warning: nvcc cannot compile the host code of this CUDA file"), "{stderr}");
    assert!(stderr.contains("C++ has no 'restrict' qualifier (nvcc spells it __restrict__) (and 5 more places in this file)"), "{stderr}");
    let out = program("a, double *b");
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A kernels' own file repeats the file-scope typedefs its kernels name;
/// a type it still cannot name (a typedef inside the function, which may
/// mean another type than one of the same name outside) makes the region
/// fail under `--kernels` (kept with `--fallback`), not the build of the
/// kernels.
#[test]
fn kernels_option_repeats_typedefs_and_refuses_types_it_cannot_name() {
    let dir = scratch();
    let source = dir.path().join("typed.c");
    std::fs::write(&source, "typedef double real;\nvoid f(int n, real a[n]) {\n#pragma scop\n  for (int i = 0; i < n; i++)\n    a[i] = a[i] * 2;\n#pragma endscop\n}\n").expect("write the input");
    let kernels = dir.path().join("k.cu");
    let out = iotile(&[format!("--kernels={}", kernels.display()), source.display().to_string()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&kernels).expect("read the kernels");
    assert!(text.contains("\ntypedef double real;\n") && text.contains("real *a"), "{text}");

    let source = dir.path().join("local.c");
    std::fs::write(&source, "void f(int n, double a[n]) {\n  typedef double real;\n  real s = 2;\n#pragma scop\n  for (int i = 0; i < n; i++)\n    a[i] = a[i] * s;\n#pragma endscop\n}\n").expect("write the input");
    let kernels = dir.path().join("local.cu");
    let out = iotile(&[format!("--kernels={}", kernels.display()), source.display().to_string()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("type 'real'") && stderr.contains("their own CUDA file cannot name"), "{stderr}");
    assert!(!kernels.exists(), "a failed translation wrote the kernels");
    let out = iotile(&[format!("--kernels={}", kernels.display()), "--fallback".into(), source.display().to_string()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn bad_block_sizes_are_one_line_errors() {
    for bad in ["--block-sizes=32,x", "--block-sizes=64,32", "--block-sizes=0", "--block-sizes=2,2,2,2", "--block-sizes=32,4;", "--block-sizes=32;2048"] {
        let out = iotile(&args(&[bad, "--target=cuda", "testsuite/run/kernel-matmul.c"]));
        assert_one_line_error(&out, "--block-sizes expects one to three positive integers");
    }
}

#[test]
fn bad_shared_memory_budgets_are_one_line_errors() {
    for bad in ["--max-shared-memory=48KB", "--max-shared-memory=-1", "--max-shared-memory=K"] {
        let out = iotile(&args(&[bad, "--target=cuda", "testsuite/run/kernel-matmul.c"]));
        assert_one_line_error(&out, "--max-shared-memory expects a number of bytes");
    }
}

#[test]
fn bad_tile_sizes_are_one_line_errors() {
    let case = "testsuite/snapshots/triangular.c";
    let out = iotile(&args(&["--tile-sizes=32,x", case]));
    assert_one_line_error(&out, "--tile-sizes expects positive integers");
    let out = iotile(&args(&["--tile-size=0", case]));
    assert_one_line_error(&out, "--tile-size must be positive");
    for bad in ["--register-tiles=4", "--register-tiles=4,0", "--register-tiles=4,16,2", "--register-tiles=auto"] {
        let out = iotile(&args(&[bad, case]));
        assert_one_line_error(&out, "--register-tiles expects two positive integers");
    }
}

#[test]
fn unknown_option_fails_with_status_1() {
    let out = iotile(&args(&["--no-such-option", "testsuite/run/pb-style-gemm.c"]));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn help_and_version_succeed() {
    let help = iotile(&args(&["--help"]));
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8_lossy(&help.stdout);
    for option in ["--target", "--tile-sizes", "--fusion", "--fallback", "--report", "--dump-scop", "--cc", "--ctx"] {
        assert!(text.contains(option), "--help lacks {option}");
    }
    let version = iotile(&args(&["--version"]));
    assert_eq!(version.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("iotile "));
}

#[test]
fn fallback_keeps_a_bad_region_and_optimises_the_others() {
    let dir = scratch();
    let input = dir.path().join("mixed.c");
    let bad = "#pragma scop\n  for (i = 0; i < n; i++)\n    A[i * i] = 1;\n#pragma endscop\n";
    let text = format!(
        "void f(int n, double A[n]) {{\n  int i;\n{bad}#pragma scop\n  for (i = 0; i < n; i++)\n    A[i] += 2;\n#pragma endscop\n}}\n"
    );
    std::fs::write(&input, &text).unwrap();
    let output = dir.path().join("out.c");
    let out = iotile(&args(&["--target=c", "--fallback", "-o", &output.display().to_string(), &input.display().to_string()]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("warning: product of two non-constant expressions"), "{stderr}");
    let generated = std::fs::read_to_string(&output).unwrap();
    assert!(generated.contains(bad), "the bad region is not kept verbatim:\n{generated}");
    assert!(generated.contains("for (i = 0; i < n; i++)\n    A[i] += 2;"), "the good region is not regenerated:\n{generated}");
}

#[test]
fn unparsable_context_is_a_one_line_error() {
    let out = iotile(&args(&["--target=c", "--ctx", "n is big", "testsuite/run/pb-style-gemm.c"]));
    assert_one_line_error(&out, "cannot parse --ctx 'n is big'");
}

/// A new schedule whose tiles isl cannot generate code for within
/// `AST_OPERATIONS` first loses the isolation of its full tiles (statements
/// of several nests fused into one skewed band of tiles of 2 by 3, whose
/// full tiles apart multiply the cases), then, where that is not enough
/// either (the tiles of 4 of a band over several nests), its tiles: each
/// step with a warning at the region's pragma. The translation still
/// succeeds.
#[test]
fn tiles_over_the_code_generation_bound_lose_their_isolation_then_their_tiles_with_a_warning() {
    let dir = scratch();
    let output = dir.path().join("out.c");
    let case = "testsuite/run/17-two-level-tiny-tiles.c";
    let out = iotile(&args(&["--target=openmp", "--reschedule=always", "--tile-sizes=2,3", "--fusion=max", "-o", &output.display().to_string(), case]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(&format!("{case}:15:1: warning: region 0 is tiled without isolating its full tiles")), "{stderr}");
    assert!(stderr.contains("generating the code of its full tiles apart would take isl more than 3000000 operations"), "{stderr}");
    assert!(!stderr.contains("without tiling") && !stderr.contains("keeps its original order"), "{stderr}");
    let generated = std::fs::read_to_string(&output).unwrap();
    assert!(generated.contains("#pragma omp parallel for"), "the tiles lost their parallel loop:\n{generated}");
    assert!(generated.contains("c0 += 2)") && generated.contains("c1 += 3)"), "the band lost its tiles of 2 by 3:\n{generated}");

    let case = "testsuite/run/12-anti-dependences-past-budget.c";
    let out = iotile(&args(&["--target=openmp", "--reschedule=always", "--tile-sizes=4", "--fusion=max", "-o", &output.display().to_string(), case]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(&format!("{case}:16:1: warning: region 0 is tiled without isolating its full tiles")), "{stderr}");
    assert!(stderr.contains(&format!("{case}:16:1: warning: region 0 is rescheduled without tiling")), "{stderr}");
    assert!(stderr.contains("generating the code of its tiles would take isl more than 3000000 operations"), "{stderr}");
    assert!(!stderr.contains("keeps its original order"), "{stderr}");
}

/// `--time-report` names every stage a rescheduled region went through,
/// on stderr, and leaves the output as it is without it.
#[test]
fn time_report_lists_the_stages_of_each_region() {
    let dir = scratch();
    let (with, without) = (dir.path().join("with.c"), dir.path().join("without.c"));
    let input = "testsuite/run/kernel-matmul.c";
    let flags = ["-DNI=14", "-DNJ=11", "-DNK=9", "--target=openmp"];
    let out = iotile(&args(&[&flags[..], &["--time-report", "-o", &with.display().to_string(), input]].concat()));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let region = stderr.lines().find(|l| l.starts_with("region 0: ")).unwrap_or_else(|| panic!("no line for region 0:\n{stderr}"));
    for stage in ["deps ", "schedule ", "model ", "tile ", "legality ", "ast ", "back "] {
        assert!(region.contains(stage), "stage '{stage}' missing: {region}");
    }
    assert!(stderr.lines().any(|l| l.starts_with("file: ") && l.contains("front ")), "{stderr}");
    let plain = iotile(&args(&[&flags[..], &["-o", &without.display().to_string(), input]].concat()));
    assert!(plain.stderr.is_empty(), "{}", String::from_utf8_lossy(&plain.stderr));
    assert_eq!(std::fs::read_to_string(&with).unwrap(), std::fs::read_to_string(&without).unwrap());
}

/// A region without a parallel loop stays on the host under CUDA, and
/// `--dump-schedule` says so.
#[test]
fn sequential_regions_stay_on_the_host_under_cuda() {
    let dir = scratch();
    let input = dir.path().join("scan.c");
    std::fs::write(&input, "void f(int n, double A[n]) {\n#pragma scop\n  for (int i = 1; i < n; i++)\n    A[i] = A[i - 1] * 0.5 + A[i];\n#pragma endscop\n}\n").expect("scratch file");
    let output = dir.path().join("scan.cu");
    let out = iotile(&["--dump-schedule".into(), "-o".into(), output.display().to_string(), input.display().to_string()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("region 0 runs on the host"), "{}", String::from_utf8_lossy(&out.stdout));
    let text = std::fs::read_to_string(&output).expect("output written");
    assert!(!text.contains("__global__ void") && text.contains("A[c0] = A[c0 - 1] * 0.5 + A[c0];"), "{text}");
}
