//! Execution tests (stage: whole pipeline, `--target=c`).
//!
//! Every program in `testsuite/run/` is compiled and run as written and after
//! `iotile --target=c`; the two must print byte-identical output, and the
//! generated file must compile without warnings under
//! `gcc -std=c99 -Wall -Wextra`. A first line `// iotile-flags: ...` gives
//! preprocessor flags (passed to iotile and gcc) and `--ctx` (iotile only).

mod common;

use std::path::Path;
use std::process::Command;

use common::{case_flags, cases, iotile, relative, root, scratch};

const CFLAGS: &[&str] = &["-std=c99", "-Wall", "-Wextra", "-Wno-unknown-pragmas", "-O2"];

/// Compiles `source` to `exe`; gives gcc's diagnostics on failure.
fn compile(source: &Path, exe: &Path, flags: &[String], werror: bool) -> Result<(), String> {
    let mut cmd = Command::new("gcc");
    cmd.args(CFLAGS).args(flags).arg(format!("-I{}", root().join("testsuite/include").display()));
    if werror {
        cmd.arg("-Werror");
    }
    let out = cmd.arg(source).arg("-o").arg(exe).arg("-lm").output().map_err(|e| format!("cannot run gcc: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn run(exe: &Path) -> Result<Vec<u8>, String> {
    let out = Command::new(exe).output().map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!("{} exited with {}", exe.display(), out.status));
    }
    Ok(out.stdout)
}

fn check(case: &Path) -> Result<(), String> {
    let flags = case_flags(case);
    // --ctx and its value are for iotile only.
    let mut cc_flags = Vec::new();
    let mut words = flags.iter();
    while let Some(w) = words.next() {
        if w == "--ctx" {
            words.next();
        } else if !w.starts_with("--ctx=") {
            cc_flags.push(w.clone());
        }
    }
    let dir = scratch();
    let generated = dir.path().join("generated.c");
    let include = format!("-I{}", root().join("testsuite/include").display());
    let mut args = vec!["--target=c".to_string(), include, "-o".into(), generated.display().to_string()];
    args.extend(flags.iter().cloned());
    args.push(relative(case).display().to_string());
    let out = iotile(&args);
    if !out.status.success() {
        return Err(format!("iotile failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    let original_exe = dir.path().join("original");
    let generated_exe = dir.path().join("generated");
    compile(case, &original_exe, &cc_flags, false).map_err(|e| format!("original does not compile:\n{e}"))?;
    compile(&generated, &generated_exe, &cc_flags, true).map_err(|e| format!("generated code does not compile cleanly:\n{e}"))?;
    let expected = run(&original_exe)?;
    let actual = run(&generated_exe)?;
    if expected.is_empty() {
        return Err("the original program prints nothing, so the comparison would prove nothing".into());
    }
    if expected != actual {
        let e = String::from_utf8_lossy(&expected);
        let a = String::from_utf8_lossy(&actual);
        let line = e.lines().zip(a.lines()).position(|(x, y)| x != y).unwrap_or(0);
        return Err(format!(
            "outputs differ at line {}: original {:?}, generated {:?}",
            line + 1,
            e.lines().nth(line).unwrap_or("<end>"),
            a.lines().nth(line).unwrap_or("<end>")
        ));
    }
    Ok(())
}

#[test]
fn every_testsuite_program_round_trips_byte_identically() {
    let all = cases("run");
    let failures: Vec<String> = all
        .iter()
        .filter_map(|case| check(case).err().map(|e| format!("--- {}: {e}", relative(case).display())))
        .collect();
    assert!(failures.is_empty(), "{} of {} programs failed:\n{}", failures.len(), all.len(), failures.join("\n"));
    assert!(all.len() >= 40, "testsuite/run holds only {} programs", all.len());
}
