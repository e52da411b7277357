//! Differential testing on random programs (stage: whole pipeline, every
//! target): `iotile-random` generates 200 programs from fixed seeds, builds
//! each as written and after iotile under four option sets (the two
//! default targets and two more chosen by the seed: tiny and odd tiles,
//! fusion modes, isolation, two tiling levels, the floor, driver mode) and
//! compares the outputs byte for byte. Longer runs: `scripts/random.sh`.

use std::process::Command;

#[test]
fn random_programs_compute_the_same_after_translation() {
    let out = Command::new(env!("CARGO_BIN_EXE_iotile-random"))
        .args(["--seed", "1", "--count", "200", "--jobs", "2", "--iotile", env!("CARGO_BIN_EXE_iotile")])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("iotile-random runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("200 programs") && stdout.contains("800 translations checked"), "{stdout}");
}
