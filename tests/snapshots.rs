//! Snapshot tests of generated code (stage: the back ends' output).
//!
//! For each `testsuite/snapshots/<name>.c`, the output of
//! `iotile --target=c` (or the target its `// iotile-flags:` line names:
//! `openmp-*`, `cuda-*`) must equal `<name>.out.c`; set `UPDATE_EXPECT=1` to
//! rewrite the snapshots after an intended change, and review the diff.
//! `<name>.scop` holds the `--dump-scop` output (domains, accesses and the
//! original schedule tree) of the same input.

mod common;

use common::{case_flags, cases, check_expectation, iotile, relative};

/// The cache capacities the snapshots are generated for, unless a case's
/// flags name others: by default the I/O model reads the host's, and its
/// tile sizes with them (a 500 x 400 product got tiles of 128 on a host
/// with a 48 KiB L1 and 32 before), so that snapshots would depend on the
/// machine that runs the tests.
const CACHE_SIZES: &str = "--cache-sizes=48K,1M,32M";

#[test]
fn generated_code_matches_snapshots() {
    let all = cases("snapshots");
    let inputs: Vec<_> = all.iter().filter(|p| !p.to_string_lossy().ends_with(".out.c")).collect();
    assert!(inputs.len() >= 5, "only {} snapshot inputs", inputs.len());
    let mut failures = Vec::new();
    for case in inputs {
        let flags = case_flags(case);
        let mut args: Vec<String> = if flags.iter().any(|f| f.starts_with("--target")) { vec![] } else { vec!["--target=c".to_string()] };
        if !flags.iter().any(|f| f.starts_with("--cache-sizes")) {
            args.push(CACHE_SIZES.to_string());
        }
        args.extend(flags);
        args.push(relative(case).display().to_string());
        let out = iotile(&args);
        if !out.status.success() {
            failures.push(format!("{}: iotile failed: {}", relative(case).display(), String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        let expected = case.with_extension("out.c");
        if let Err(e) = check_expectation(&expected, &String::from_utf8_lossy(&out.stdout)) {
            failures.push(e);
        }
        // The polyhedral model and original schedule tree of the same input.
        let mut dump_args = vec!["--target=c".to_string(), "--dump-scop".to_string()];
        dump_args.extend(case_flags(case).into_iter().filter(|f| !f.starts_with("--target")));
        dump_args.push(relative(case).display().to_string());
        let dump = iotile(&dump_args);
        if let Err(e) = check_expectation(&case.with_extension("scop"), &String::from_utf8_lossy(&dump.stdout)) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn save_schedule_writes_the_schedule_that_dump_schedule_prints() {
    let dir = common::scratch();
    let saved = dir.path().join("schedule.txt");
    let case = "testsuite/snapshots/two-nests.c".to_string();
    let out = iotile(&["--target=c".into(), "--dump-schedule".into(), "--save-schedule".into(), saved.display().to_string(), case]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let dumped = String::from_utf8_lossy(&out.stdout).into_owned();
    let saved = std::fs::read_to_string(&saved).expect("schedule file written");
    assert!(saved.starts_with("{ domain: "), "{saved}");
    assert!(dumped.contains(saved.trim()), "dump:\n{dumped}\nsaved:\n{saved}");
    assert!(saved.contains("S_1[i, k] -> [(k)]"), "{saved}");
}

/// A saved schedule loads back, passes the legality check and gives the
/// same code; with every OpenMP region of the snapshots.
#[test]
fn load_schedule_reproduces_the_saved_code() {
    let dir = common::scratch();
    for case in ["openmp-matmul.c", "openmp-privatize.c", "openmp-triangle.c", "openmp-stencil.c"] {
        let case = format!("testsuite/snapshots/{case}");
        let saved = dir.path().join("schedule.txt").display().to_string();
        let first = iotile(&["--target=openmp".into(), "--save-schedule".into(), saved.clone(), case.clone()]);
        assert!(first.status.success(), "{case}: {}", String::from_utf8_lossy(&first.stderr));
        let again = iotile(&["--target=openmp".into(), "--load-schedule".into(), saved, case.clone()]);
        assert!(again.status.success(), "{case}: {}", String::from_utf8_lossy(&again.stderr));
        assert_eq!(String::from_utf8_lossy(&first.stdout), String::from_utf8_lossy(&again.stdout), "{case}");
    }
}

/// A schedule saved for a region whose row buffers were expanded runs the
/// statements of the expanded model: loaded, it expands them again.
#[test]
fn load_schedule_reproduces_expanded_row_buffers() {
    let dir = common::scratch();
    let case = "testsuite/run/expand-row-buffers.c".to_string();
    let saved = dir.path().join("schedule.txt").display().to_string();
    let flags = ["--target=openmp", "--reschedule=always", "--expand=always"].map(String::from);
    let first = iotile(&[&flags[..], &["--save-schedule".into(), saved.clone(), case.clone()]].concat());
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(String::from_utf8_lossy(&first.stdout).contains("sum_x"), "not expanded:\n{}", String::from_utf8_lossy(&first.stdout));
    let again = iotile(&[&flags[..], &["--load-schedule".into(), saved, case]].concat());
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(String::from_utf8_lossy(&first.stdout), String::from_utf8_lossy(&again.stdout));
}

/// Hand-edited schedules that reverse a dependence, or mark a loop that
/// carries one parallel (or name no loop), are refused with a diagnostic
/// and no output.
#[test]
fn load_schedule_refuses_illegal_schedules() {
    let dir = common::scratch();
    let domain = r#"domain: "[n] -> { S_0[i, j] : 0 <= i < n and 0 <= j < n; S_1[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }""#;
    let sequence = |outer: &str, mark: &str| {
        format!(
            r#"{{ {domain}, child: {{ schedule: "[n] -> [{{ S_1[i, j, k] -> [({outer})]; S_0[i, j] -> [(i)] }}]", child: {{ schedule: "[n] -> [{{ S_1[i, j, k] -> [(j)]; S_0[i, j] -> [(j)] }}]", child: {{ sequence: [ {{ filter: "[n] -> {{ S_0[i, j] }}" }}, {{ filter: "[n] -> {{ S_1[i, j, k] }}", child: {{ mark: "{mark}", child: {{ schedule: "[n] -> [{{ S_1[i, j, k] -> [(k)] }}]" }} }} }} ] }} }} }} }}"#
        )
    };
    let cases = [
        (sequence("i", "kept"), "none"),
        (sequence("-i", "kept"), "a read would get its value from another write"),
        (sequence("i", "parallel_2"), "the loop below its mark \"parallel_2\" carries dependences"),
        (sequence("i", "parallel"), "its mark \"parallel\" names no loop"),
    ];
    for (schedule, expected) in cases {
        let file = dir.path().join("schedule.txt");
        std::fs::write(&file, &schedule).expect("scratch file");
        let output = dir.path().join("out.c");
        let _ = std::fs::remove_file(&output);
        let out = iotile(&[
            "--target=openmp".into(),
            "--load-schedule".into(),
            file.display().to_string(),
            "testsuite/snapshots/openmp-matmul.c".into(),
            "-o".into(),
            output.display().to_string(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if expected == "none" {
            assert!(out.status.success(), "{stderr}");
            assert!(output.exists());
        } else {
            assert_eq!(out.status.code(), Some(1), "{stderr}");
            assert!(stderr.contains(expected), "expected '{expected}' in:\n{stderr}");
            assert!(!output.exists(), "no output file after an error");
        }
    }
}
