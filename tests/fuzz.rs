//! Front-end fuzzing (stage: front end, and every eighth input the whole
//! pipeline): `iotile-fuzz` mutates the C files of the test suite and
//! checks that no input makes iotile panic, abort or hang, and that every
//! rejection is a diagnostic with a span. Longer runs: `scripts/fuzz.sh`.

use std::process::Command;

#[test]
fn mutated_inputs_never_crash_and_every_rejection_has_a_span() {
    let out = Command::new(env!("CARGO_BIN_EXE_iotile-fuzz"))
        .args(["--seed", "1", "--iterations", "4000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("iotile-fuzz runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("4000 iterations") && stdout.contains("0 failure(s)"), "{stdout}");
}
