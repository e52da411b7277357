//! The performance floor, checked on the generated code: what the cost
//! model keeps (the original text, or the original loops parallelised),
//! and the shape of new schedules' loops (no statement selected by a
//! modulo test, no round-robin distribution of a contiguous loop). Every
//! program used here also round-trips in `tests/roundtrip.rs`.

mod common;

use common::iotile;

fn translate(flags: &[&str], file: &str) -> (String, String) {
    let mut args: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    args.push(file.to_string());
    let out = iotile(&args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "iotile {flags:?} {file} failed:\n{stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

/// The lines of `code` that test a remainder (`if (... % ...)`), and the
/// statements (lines ending in `;` that are not loop headers) computing one.
fn modulo_tests(code: &str) -> Vec<String> {
    code.lines()
        .map(str::trim)
        .filter(|l| l.contains('%') && !l.contains("printf") && (l.starts_with("if") || (l.ends_with(';') && !l.starts_with("for"))))
        .map(String::from)
        .collect()
}

/// The generated text between the first parallel loop and the end of the
/// function holding it: the region, without the program's set-up code.
fn region(code: &str) -> &str {
    let start = code.find("#pragma omp parallel for").expect("a parallel loop");
    let end = code[start..].find("\n  double s").map_or(code.len(), |e| start + e);
    &code[start..end]
}

/// A 2x upsample written as four statements `up[2i+a][2j+b]`, fused with
/// its full-resolution consumer: each statement runs on one class of
/// (even/odd) rows and columns, which the generated code unrolls instead of
/// testing with `%` at every point, tiled or not.
#[test]
fn strided_statements_are_generated_without_modulo_tests() {
    let file = "testsuite/run/image-multires-pipeline.c";
    for flags in [
        &["--target=openmp", "--fusion=smart", "--reschedule=always", "-DH=2048", "-DW=2048"][..],
        &["--target=openmp", "--fusion=smart", "--reschedule=always", "--tile-sizes=4"][..],
        &["--target=openmp", "--fusion=smart", "--reschedule=always", "--tile-sizes=3,5"][..],
        &["--target=openmp", "--reschedule=always", "--no-tile"][..],
    ] {
        let (code, _) = translate(flags, file);
        let code = region(&code);
        assert!(code.contains("up[2 * "), "{flags:?}: no upsample statement in\n{code}");
        let tests = modulo_tests(code);
        assert!(tests.is_empty(), "{flags:?}: modulo tests in the generated code: {tests:#?}\n{code}");
    }
}

/// Red-black sweeps: each colour is walked with a stride (`c += 2`); the
/// only remainders left are in loop bounds.
#[test]
fn red_black_colours_are_walked_with_a_stride() {
    for flags in [&["--target=openmp", "--reschedule=always"][..], &["--target=openmp", "--reschedule=always", "--tile-sizes=4"][..]] {
        let (code, _) = translate(flags, "testsuite/run/16-red-black-sweeps.c");
        let code = &code[code.find("int main").unwrap()..];
        let scop = &code[code.find("#pragma omp parallel for").expect("a parallel loop")..];
        assert!(scop.contains("+= 2)"), "{flags:?}: no strided loop in\n{scop}");
        let tests = modulo_tests(scop);
        assert!(tests.is_empty(), "{flags:?}: modulo tests in the generated code: {tests:#?}\n{scop}");
    }
}

/// Five stencil stages that smart fusion would turn into column strips
/// walked down every row keep their own loops, each with its outer loop
/// parallel (what a user would write by hand), and `--dump-schedule` says
/// so. (Post-tiling fusion, the default, fuses them into tiles instead;
/// inlining, also the default, folds two of them into the last.)
#[test]
fn a_stencil_pipeline_keeps_its_stages_parallelised() {
    let file = "testsuite/run/image-difference-of-gaussians.c";
    let (dump, _) = translate(&["--target=openmp", "--fusion=smart", "--inline=none", "--dump-schedule", "-DH=2048", "-DW=2048"], file);
    assert!(dump.contains("region 0 model: original "), "{dump}");
    assert!(dump.contains(": original order kept, parallelised"), "{dump}");
    for flags in [&["--target=openmp", "--fusion=smart", "--inline=none", "-DH=2048", "-DW=2048"][..], &["--target=openmp", "--reschedule=never", "--inline=none"][..]] {
        let (code, _) = translate(flags, file);
        let code = region(&code);
        let parallel = code.matches("#pragma omp parallel for\n  for (int c0 = ").count();
        assert_eq!(parallel, 5, "{flags:?}: expected each of the five stages' outer loops parallel:\n{code}");
        assert!(!code.contains("c0 += 32"), "{flags:?}: tiled:\n{code}");
    }
}

/// A region the model keeps in its original order is the original text,
/// byte for byte (nothing regenerated can be faster than what was written).
#[test]
fn a_region_kept_in_its_original_order_is_the_original_text() {
    let file = "testsuite/run/kernel-prefix-sum.c";
    let (dump, _) = translate(&["--target=openmp", "--dump-schedule"], file);
    assert!(dump.contains(": original kept"), "{dump}");
    let (code, stderr) = translate(&["--target=openmp"], file);
    assert_eq!(code, std::fs::read_to_string(common::root().join(file)).unwrap());
    assert!(stderr.is_empty(), "{stderr}");
}

/// A fused band's parallel loop whose first iterations run fewer
/// statements (the border of a stage) but whose other iterations do equal
/// work is not dealt round-robin (`schedule(static, 1)` over a contiguous
/// loop shares every cache line between the threads).
#[test]
fn equal_iterations_are_not_dealt_round_robin() {
    let file = "testsuite/run/image-difference-of-gaussians.c";
    for flags in [&["--target=openmp", "--fusion=smart", "--reschedule=always", "-DH=2048", "-DW=2048"][..], &["--target=openmp", "--reschedule=always", "--no-tile"][..]] {
        let (code, _) = translate(flags, file);
        assert!(!code.contains("schedule(static, 1)"), "{flags:?}:\n{}", region(&code));
    }
}

/// A band whose rows carry dependences and whose columns do not (a fused
/// stencil chain, whose consumers read rows their producers wrote just
/// before; a recurrence down the columns) runs its columns in strips or
/// tiles as one outermost parallel loop, instead of starting a parallel
/// loop on every row, and keeps the contiguous dimension innermost: the
/// loop under each `omp simd` walks the last subscript of what it writes.
#[test]
fn column_parallel_bands_run_in_outermost_strips() {
    for (file, flags) in [
        ("testsuite/run/image-separable-blur.c", &["--target=openmp", "--fusion=smart", "--reschedule=always", "-DH=2048", "-DW=2048"][..]),
        ("testsuite/run/image-difference-of-gaussians.c", &["--target=openmp", "--fusion=smart", "--reschedule=always"][..]),
        ("testsuite/run/16-column-recurrence.c", &["--target=openmp", "--fusion=smart", "--reschedule=always"][..]),
        ("testsuite/run/16-column-recurrence.c", &["--target=openmp", "--fusion=smart", "--reschedule=always", "--tile-sizes=3,5"][..]),
    ] {
        let (code, _) = translate(flags, file);
        let region = &code[code.find("\n  #pragma omp parallel for").expect("a parallel loop") + 1..];
        let region = &region[..region.find("\n  for (int i = 0; i < N; i++) {").or(region.find("\n  double s")).unwrap_or(region.len())];
        for line in region.lines().filter(|l| l.contains("#pragma omp parallel")) {
            assert!(line.starts_with("  #pragma"), "{file} {flags:?}: a parallel loop inside another loop:\n{region}");
        }
        let lines: Vec<&str> = region.lines().map(str::trim).collect();
        let mut innermost = 0;
        for (at, _) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("#pragma omp simd")) {
            let header = lines[at + 1];
            let iterator = header.strip_prefix("for (int ").and_then(|h| h.split(' ').next()).expect("a loop under omp simd");
            let written = lines[at + 2];
            let target = &written[..written.find(" = ").expect("an assignment in the innermost loop")];
            assert!(target.ends_with(&format!("[{iterator}]")), "{file} {flags:?}: the innermost loop {iterator} does not walk the row of {target}:\n{region}");
            innermost += 1;
        }
        assert!(innermost > 0, "{file} {flags:?}: no vectorisable innermost loop:\n{region}");
    }
}

/// A 3 x 3 convolution's output loops and input channels form one tiled,
/// parallel band. isl's scheduler once gave up on it (the box it was given
/// for the reduction's dependence held backward distances), and with
/// `--reschedule=always` the region then came out in its original order,
/// without a parallel loop.
#[test]
fn a_convolution_is_scheduled_into_a_tiled_band() {
    let (code, _) = translate(&["--target=openmp", "--reschedule=always", "--tile-sizes=8"], "yolo-layers/conv2d.c");
    let code = region(&code);
    assert!(code.contains("for (int c0 = 0; c0 <= 36; c0 += 8)"), "{code}");
    assert!(code.contains("for (int c3 = 0; c3 <= 34; c3 += 8)"), "{code}");
}
