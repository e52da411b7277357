//! Cost-model tests (stage: `model`, through `--dump-schedule`).
//!
//! The model compares the estimated time of the original and the new
//! schedule of each region at estimated parameter values. An estimate of
//! zero means the parameters were estimated where no statement runs, and
//! the comparison then decides nothing real: every region of
//! `testsuite/run/` must get positive estimates for both schedules.

mod common;

use common::{case_flags, cases, iotile, relative};

/// The `model:` lines `--dump-schedule` prints for `case` with OpenMP.
fn model_lines(case: &std::path::Path) -> Result<Vec<String>, String> {
    let mut args: Vec<String> = vec!["--target=openmp".into(), "--dump-schedule".into(), "-Itestsuite/include".into()];
    args.extend(case_flags(case));
    args.push(relative(case).display().to_string());
    let out = iotile(&args);
    if !out.status.success() {
        return Err(format!("iotile failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.contains(" model: ")).map(String::from).collect())
}

/// The two costs of a line `region N model: original A, new B: verdict`
/// (or `new (why) B`).
fn costs(line: &str) -> Option<(f64, f64)> {
    let original = line.split("original ").nth(1)?.split(',').next()?.trim().parse().ok()?;
    let new = line.split(", new ").nth(1)?.split(':').next()?.split_whitespace().last()?.parse().ok()?;
    Some((original, new))
}

#[test]
fn every_region_gets_positive_cost_estimates() {
    let mut failures = Vec::new();
    let mut evaluated = 0;
    for case in cases("run") {
        let lines = match model_lines(&case) {
            Ok(lines) => lines,
            Err(e) => {
                failures.push(format!("--- {}: {e}", relative(&case).display()));
                continue;
            }
        };
        for line in lines {
            match costs(&line) {
                Some((original, new)) if original > 0.0 && new > 0.0 => evaluated += 1,
                Some(_) => failures.push(format!("--- {}: {line}", relative(&case).display())),
                // "not evaluated (why)": the model declined to estimate.
                None => {}
            }
        }
    }
    assert!(failures.is_empty(), "zero cost estimates:\n{}", failures.join("\n"));
    assert!(evaluated >= 40, "only {evaluated} regions were evaluated by the model");
}

/// A border width that the array extents do not bound from above is
/// estimated where the loops run: the model evaluates the region and
/// prefers the parallel schedule (it once estimated the border at 1000,
/// found no work at all and kept the original order).
#[test]
fn a_border_parameter_is_estimated_where_the_loops_run() {
    let case = common::root().join("testsuite/run/image-blur-border.c");
    let lines = model_lines(&case).expect("iotile translates the blur");
    assert_eq!(lines.len(), 1, "one region expected: {lines:?}");
    let (original, new) = costs(&lines[0]).unwrap_or_else(|| panic!("the model did not evaluate the region: {}", lines[0]));
    assert!(original > 0.0 && new > 0.0, "{}", lines[0]);
    assert!(lines[0].ends_with("new schedule used"), "{}", lines[0]);
}
