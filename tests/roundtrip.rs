//! Execution tests (stage: whole pipeline, `--target=c`).
//!
//! Every program in `testsuite/run/` is compiled and run as written and after
//! `iotile --target=c` (and with OpenMP, rescheduled and tiled, on two
//! threads, and for CUDA, run under the CPU emulation of `runtime/`); the
//! two must print byte-identical output, and the
//! generated file must compile without warnings under
//! `gcc -std=c99 -Wall -Wextra` (unless the original warns too). A first line `// iotile-flags: ...` gives
//! preprocessor flags (passed to iotile and gcc) and `--ctx` (iotile only).

mod common;

use std::path::Path;
use std::process::Command;

use common::{case_flags, cases, iotile, relative, root, scratch};

const CFLAGS: &[&str] = &["-std=c99", "-Wall", "-Wextra", "-Wno-unknown-pragmas", "-O2"];

/// Random programs whose scheduler fuses nests of many shapes into one
/// skewed band, so that isl needs more than `iotile::AST_OPERATIONS` to
/// generate the code of its tiles (over 20 million and 174 loops for
/// `tiles357-wrong.c`): iotile generates the band untiled, with a warning,
/// under some of the option sets here. `17-isolation-strided.c`'s strided
/// nests, and the skewed band of
/// `12-parallel-member-inside-skewed-tile-band.c`, need more under isolated
/// two-level tiles of sizes 4,3;2,5 with maximal fusion, which only
/// `--reschedule=always` asks for (the cost model keeps its original order).
/// So do the tiles of 4 with maximal fusion of
/// `12-anti-dependences-past-budget.c`, whose self-dependences reach the
/// scheduler exact (their distance boxes hold backward distances), and
/// the triangular, stepped band of `12-long-loop-bounds.c` under isolated
/// two-level tiles (its long bounds are what the other sets check).
const TILES_OVER_CODE_GENERATION_BOUND: &[&str] = &[
    "tiles357-wrong.c",
    "17-two-level-tiny-tiles.c",
    "17-isolation-strided.c",
    "12-parallel-member-inside-skewed-tile-band.c",
    "12-anti-dependences-past-budget.c",
    "12-long-loop-bounds.c",
];

/// Programs whose untiled new schedule isl generates in the wrong order
/// (`ast::check` refuses it; the region keeps its original order): in
/// `tiles357-wrong.c` a read of `A0[1][6][1]` came after its overwrite,
/// harmless only because the value computed from it is overwritten too.
const ISL_MISORDERS_UNTILED: &[&str] = &["tiles357-wrong.c"];

/// Compiles `source` to `exe`; gives gcc's diagnostics on failure.
fn compile(source: &Path, exe: &Path, flags: &[String], werror: bool) -> Result<(), String> {
    let mut cmd = Command::new("gcc");
    cmd.args(CFLAGS).arg("-fopenmp").args(flags).arg(format!("-I{}", root().join("testsuite/include").display()));
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
    let out = Command::new(exe).env("OMP_NUM_THREADS", "2").output().map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!("{} exited with {}", exe.display(), out.status));
    }
    Ok(out.stdout)
}

fn check(case: &Path, target: &[&str]) -> Result<(), String> {
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
    let kernels = dir.path().join("generated.kernels.cu");
    let include = format!("-I{}", root().join("testsuite/include").display());
    // `--kernels` stands for the kernels' file of this check.
    let mut args: Vec<String> =
        target.iter().map(|s| if *s == "--kernels" { format!("--kernels={}", kernels.display()) } else { s.to_string() }).collect();
    args.extend([include, "-o".into(), generated.display().to_string()]);
    args.extend(flags.iter().cloned());
    args.push(relative(case).display().to_string());
    let out = iotile(&args);
    if !out.status.success() {
        return Err(format!("iotile failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    // The legality check refusing every schedule iotile built is a bug in
    // the transformations (or isl failing on the region), even though the
    // fallback output is correct; a region degraded for hitting the code
    // generation bound leaves the tiles untested, which only the programs
    // known to need it may do.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let name = case.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let untiled = stderr.contains("is rescheduled without tiling") && !TILES_OVER_CODE_GENERATION_BOUND.contains(&name);
    let misordered = ISL_MISORDERS_UNTILED.contains(&name) && stderr.contains("in the order opposite to its schedule's");
    if (stderr.contains("keeps its original order") && !misordered) || untiled {
        return Err(format!("iotile did not use the schedule it was asked for:\n{stderr}"));
    }
    let original_exe = dir.path().join("original");
    let generated_exe = dir.path().join("generated");
    // A program that warns as written (an unused temporary) may warn after
    // translation too; any other program's translation must not warn.
    let strict = compile(case, &original_exe, &cc_flags, true).is_ok();
    if !strict {
        compile(case, &original_exe, &cc_flags, false).map_err(|e| format!("original does not compile:\n{e}"))?;
    }
    let mut generated_flags = cc_flags.clone();
    if target != ["--target=c"] {
        // gcc's -Warray-bounds reasons about the iterations of tiled and
        // OpenMP's outlined loops without the parameter values that rule
        // them out (e.g. a second tile when n = 16) and reports accesses
        // that never run (-Waggressive-loop-optimizations likewise); every
        // other warning still fails the test.
        generated_flags.push("-Wno-array-bounds".into());
        generated_flags.push("-Wno-aggressive-loop-optimizations".into());
    }
    if target.contains(&"--target=cuda") {
        // The CUDA output as C on the CPU emulation of runtime/.
        generated_flags.push("-DIOTILE_EMULATE_CUDA".into());
        generated_flags.push(format!("-I{}", root().join("runtime").display()));
    }
    if target.contains(&"--kernels") {
        // The kernels' own file, as C++ (the language nvcc compiles it in:
        // `sizeof('x')` is 1 there, `sqrt` of a float single precision) on
        // the emulation, linked beside the host code.
        let object = dir.path().join("kernels.o");
        let out = Command::new("g++")
            .args(["-std=c++17", "-O2", "-x", "c++", "-DIOTILE_EMULATE_CUDA"])
            .arg(format!("-I{}", root().join("runtime").display()))
            .arg("-c")
            .arg(&kernels)
            .arg("-o")
            .arg(&object)
            .output()
            .map_err(|e| format!("cannot run g++: {e}"))?;
        if !out.status.success() {
            return Err(format!("the kernels' file does not compile as C++:\n{}", String::from_utf8_lossy(&out.stderr)));
        }
        generated_flags.push(object.display().to_string());
    }
    compile(&generated, &generated_exe, &generated_flags, strict).map_err(|e| format!("generated code does not compile cleanly:\n{e}"))?;
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

fn check_all(target: &[&str]) {
    let all = cases("run");
    let failures: Vec<String> = all
        .iter()
        .filter_map(|case| check(case, target).err().map(|e| format!("--- {}: {e}", relative(case).display())))
        .collect();
    assert!(failures.is_empty(), "{} of {} programs failed with {target:?}:\n{}", failures.len(), all.len(), failures.join("\n"));
    assert!(all.len() >= 40, "testsuite/run holds only {} programs", all.len());
}

/// Programs for the CPU targets only (what CUDA kernels cannot do, where
/// `tests/diagnostics.rs` checks that they are rejected), under the option
/// sets of the tests below.
#[test]
fn every_cpu_only_program_round_trips_on_the_cpu_targets() {
    let option_sets: &[&[&str]] = &[
        &["--target=c"],
        &["--target=openmp"],
        &["--target=openmp", "--reschedule=always"],
        &["--target=openmp", "--reschedule=always", "--tile-sizes=3,5,2", "--fusion=min"],
        &["--target=openmp", "--reschedule=always", "--isolate-full-tiles", "--tile-sizes=4,3;2,5", "--l2-tile-factor=2", "--fusion=max"],
        &["--target=openmp", "--reschedule=always", "--tile-sizes=4", "--fusion=liveout"],
    ];
    let all = cases("cpu-run");
    assert!(!all.is_empty(), "testsuite/cpu-run holds no program");
    let failures: Vec<String> = option_sets
        .iter()
        .flat_map(|target| all.iter().filter_map(move |case| check(case, target).err().map(|e| format!("--- {} with {target:?}: {e}", relative(case).display()))))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_testsuite_program_round_trips_byte_identically() {
    check_all(&["--target=c"]);
}

/// Rescheduled, tiled and parallel (two threads) code computes the same,
/// as the cost model chooses it and as it is without the model.
#[test]
fn every_testsuite_program_round_trips_with_openmp() {
    check_all(&["--target=openmp"]);
    check_all(&["--target=openmp", "--reschedule=always"]);
}

/// The floor: every region's original order with its parallel loops marked.
#[test]
fn every_testsuite_program_round_trips_in_its_original_order_parallelised() {
    check_all(&["--target=openmp", "--reschedule=never"]);
}

/// Small odd tiles and minimal fusion exercise partial tiles everywhere
/// (the new schedule whatever the cost model predicts, in this test and
/// the following ones: they test the transformations).
#[test]
fn every_testsuite_program_round_trips_with_small_tiles_and_minimal_fusion() {
    check_all(&["--target=openmp", "--reschedule=always", "--tile-sizes=3,5,2", "--fusion=min"]);
}

/// Full tiles isolated from partial ones, per-band sizes and a second
/// tiling level, with maximal fusion.
#[test]
fn every_testsuite_program_round_trips_with_isolated_two_level_tiles() {
    check_all(&["--target=openmp", "--reschedule=always", "--isolate-full-tiles", "--tile-sizes=4,3;2,5", "--l2-tile-factor=2", "--fusion=max"]);
}

/// Tiny tiles: every loop of more than four iterations crosses tile
/// boundaries.
#[test]
fn every_testsuite_program_round_trips_with_tiny_tiles() {
    check_all(&["--target=openmp", "--reschedule=always", "--tile-sizes=4"]);
}

/// `--tile-sizes=auto`: the I/O model's sizes and tile-loop orders. On
/// caches of a few hundred bytes it chooses small tiles, so that the
/// testsuite's small loops cross tile boundaries; on the GPU's levels
/// (the innermost sizes a multiple of the warp) under the emulation.
#[test]
fn every_testsuite_program_round_trips_with_auto_tile_sizes() {
    check_all(&["--target=openmp", "--reschedule=always", "--tile-sizes=auto", "--cache-sizes=256,1K,4K"]);
    check_all(&["--target=cuda", "--tile-sizes=auto", "--max-shared-memory=1K"]);
}

/// CUDA under the CPU emulation (separate device memory, adversarial
/// thread order at barriers), with the default tiles and with odd ones,
/// and with the kernels in a CUDA file of their own (`--kernels`, compiled
/// as C++ as nvcc compiles it) run by
/// blocks of 5 x 3 threads (then 7, then 2 x 9 in a region's further
/// kernels) with room for one 32 x 32 tile of doubles in shared memory
/// (gemm copies A and reads B from global memory).
#[test]
fn every_testsuite_program_round_trips_under_the_cuda_emulation() {
    check_all(&["--target=cuda"]);
    check_all(&["--target=cuda", "--tile-sizes=3,5,7", "--fusion=max"]);
    // The host code in C and the kernels in a file of their own; small
    // odd blocks, so that each thread runs several iterations of a tile.
    check_all(&["--target=cuda", "--kernels", "--block-sizes=5,3;7;2,9", "--max-shared-memory=12K"]);
}

/// Long loop bounds call the C writer's helpers instead of repeating their
/// operands in ternaries: `12-long-loop-bounds.c` tiled 3 x 5 x 7 on CUDA
/// printed 224 MB so, 4 x 4 on the CPU 12 MB. (The round trips above run
/// what is printed.)
#[test]
fn long_loop_bounds_stay_small() {
    for flags in [&["--target=cuda", "--tile-sizes=3,5,7", "--fusion=max"][..], &["--target=openmp", "--reschedule=always", "--tile-sizes=4"]] {
        let (_, text) = translate("testsuite/run/12-long-loop-bounds.c", flags);
        assert!(text.len() < 64 * 1024 && text.contains("iotile_max("), "{flags:?}: {} bytes", text.len());
        // Defined once, before the function that calls them.
        assert_eq!(text.matches("inline long iotile_max(").count(), 1, "{flags:?}");
        assert!(text.find("inline long iotile_max(") < text.find("iotile_max(iotile_max("), "{flags:?}");
    }
}

/// `--block-sizes` per kernel: the lists go to a region's kernels that run
/// tiles in the order of its code, the last to the kernels after them,
/// and start again in the next region.
#[test]
fn block_sizes_go_to_each_region_s_kernels_in_order() {
    let dir = scratch();
    let generated = dir.path().join("out.cu");
    let case = relative(&root().join("testsuite/run/17-two-level-tiny-tiles.c"));
    let args = ["--target=cuda", "--block-sizes=8,2;16;4,4", "-o", &generated.display().to_string(), &case.display().to_string()].map(String::from);
    let out = iotile(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&generated).expect("read the output");
    // The blocks of each launch of a tile kernel (1-D thread marks give
    // one dimension, 2-D ones two).
    let blocks: Vec<String> = text
        .lines()
        .filter_map(|l| l.split("_launch(iotile_iterations, ").nth(1))
        .map(|args| args.split(", ").skip(2).take(3).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(blocks, ["8,1,1", "16,1,1", "4,1,1", "4,1,1", "4,1,1", "4,4,1", "8,1,1"], "{text}");
}

/// Post-tiling fusion: producers computed in their consumers' tiles
/// (overlapped tiles recompute the borders), with tiny tiles on the CPU
/// and under the CUDA emulation with odd ones.
#[test]
fn every_testsuite_program_round_trips_with_post_tiling_fusion() {
    check_all(&["--target=openmp", "--fusion=liveout", "--reschedule=always", "--tile-sizes=4"]);
    check_all(&["--target=cuda", "--fusion=liveout", "--tile-sizes=3,5,7"]);
}

/// The option set that found `12-cuda-fused-pyramid-of-floored-sizes.c`:
/// its fused producers' thread marks used to take isl past 20 s of CPU
/// time, after which the region kept its original order (a failure of
/// `check`).
#[test]
fn a_fused_pyramid_of_floored_parametric_sizes_maps_to_threads() {
    let case = root().join("testsuite/run/12-cuda-fused-pyramid-of-floored-sizes.c");
    check(&case, &["--target=cuda", "--tile-sizes=2,3", "--fusion=liveout"]).unwrap_or_else(|e| panic!("{e}"));
}

/// Rescheduled and tiled code without OpenMP, whose sequential loops may
/// take the names of iterators declared before the region: a live one's
/// loops started where the source's never did
/// (`12-live-iterator-whose-loops-never-run.c`).
#[test]
fn live_iterators_keep_their_values_in_rescheduled_sequential_code() {
    let case = root().join("testsuite/run/12-live-iterator-whose-loops-never-run.c");
    for flags in [&["--target=c", "--reschedule=always", "--tile-sizes=4"][..], &["--target=c", "--reschedule=always", "--fusion=max"]] {
        check(&case, flags).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
    }
}

/// The dump and the output of iotile with `flags` on the testsuite
/// program `case` (a path from the repository's root).
fn translate(case: &str, flags: &[&str]) -> (String, String) {
    let dir = scratch();
    let generated = dir.path().join("out.c");
    let case = relative(&root().join(case));
    let mut args: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
    args.extend(["-o".to_string(), generated.display().to_string(), case.display().to_string()]);
    let out = iotile(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), std::fs::read_to_string(&generated).expect("read the output"))
}

/// By default, an unsharp mask's stages are fused into wide tiles and the
/// tiles run in parallel: the band's first member, its three colour
/// channels, fits one tile, so the mark goes to the rows (it went to the
/// channels' loop, which isl does not generate for one iteration, and the
/// tiles ran on one thread). At 2048 x 2048, with no stage inlined, its
/// three intermediates over three channels do not all fit tile-local
/// buffers in tiles of whole rows or of 16 x 512, and do in tiles of
/// 32 x 128.
#[test]
fn fused_wide_tiles_run_in_parallel() {
    let (dump, text) = translate("testsuite/run/image-unsharp-mask.c", &["--target=openmp", "--inline=none", "--dump-schedule", "-DH=2048", "-DW=2048"]);
    assert!(dump.contains("region 0 fused tile shape: 16 x 2048 keeps 0, 8 x 2048 1, 4 x 2048 2, 16 x 512 2, 32 x 128 3 intermediates in tile-local buffers: 32 x 128 used"), "{dump}");
    let parallel = text.lines().position(|l| l.trim() == "#pragma omp parallel for").unwrap_or_else(|| panic!("no parallel loop:\n{text}"));
    let rows = text.lines().nth(parallel + 1).unwrap_or_default();
    assert!(rows.contains("+= 32)"), "the parallel loop is not the rows' tile loop: {rows}");
    assert!(text.lines().nth(parallel + 2).unwrap_or_default().contains("+= 128)"), "{text}");
}

/// ... but not where wide tiles would leave an intermediate out of the
/// tile-local buffers: the row pass of a 32-channel blur, fused into
/// tiles of 16 channels and 16 rows, needs 16 x 18 x 298 floats (more
/// than the budget), and gets its buffer in tiles of 8 channels and 8 rows.
#[test]
fn wide_fused_tiles_keep_the_tile_local_buffers() {
    let (dump, text) = translate("testsuite/run/fusion-multichannel-blur.c", &["--target=openmp", "--fusion=liveout", "--dump-schedule"]);
    assert!(dump.contains("region 0 fused tile shape: 16 x 2048 keeps 0, 8 x 2048 1 intermediates in tile-local buffers: 8 x 2048 used"), "{dump}");
    assert!(dump.contains("region 0 scratch: tmp (8 x 10 x 298)"), "{dump}");
    assert!(text.contains("+= 8)") && !text.contains("+= 16)"), "{text}");
}

/// A pyramid fused level by level keeps every level's intermediate in
/// tile-local buffers in tiles of whole rows, with `--fusion=liveout`
/// and by default: no producer runs in the tiles of a consumer that
/// downsamples it more than `fuse::DOWNSAMPLING` times.
#[test]
fn a_pyramid_fuses_level_by_level_in_wide_tiles() {
    for fusion in [&["--fusion=liveout"][..], &[]] {
        let (dump, text) = translate("testsuite/run/image-gaussian-pyramid.c", &[&["--target=openmp", "--dump-schedule", "-DH=2048", "-DW=2048"][..], fusion].concat());
        for fused in ["S_0 into the tiles of S_1", "S_2 into the tiles of S_3", "S_4 into the tiles of S_7", "S_5 into the tiles of S_7"] {
            assert!(dump.contains(&format!("region 0 fusion: {fused} ")), "{fused}:\n{dump}");
        }
        for array in ["t1", "t2", "t3"] {
            assert!(dump.contains(&format!("region 0 scratch: {array} (")), "{array}:\n{dump}");
        }
        assert!(!dump.contains("tile shape:") && !dump.contains("downsamples for"), "{dump}");
        assert!(text.contains("c0 += 16)") && !text.contains("+= 2048)"), "{text}");
    }
}

/// By default, a producer that runs many times the instances of the
/// consumer whose tiles it would run in (here an imperfect nest's
/// triangular update `A[i][j] = A[i][j] * 0.5 + A[i][k]`, counted 1210
/// instances in the tiles of `cs[j] += A[i][j]`, which has 120) leaves the
/// region to smart fusion.
#[test]
fn downsampling_producers_leave_the_default_to_smart_fusion() {
    let (dump, _) = translate("testsuite/run/imperfect-nest.c", &["--target=openmp", "--dump-schedule"]);
    assert!(dump.contains("region 0 fusion choice: S_2 downsamples for S_3 (1210 instances against 120): smart fusion used"), "{dump}");
}

/// Post-tiling fusion in 4 x 4 tiles, with the schedule dumped.
const FUSED_TINY_TILES: &[&str] = &["--fusion=liveout", "--reschedule=always", "--tile-sizes=4", "--dump-schedule"];

/// `--fusion=liveout` moves the first blur of a separable blur into the
/// tiles of the second (so the round trips above test fused code), and the
/// dump counts what the overlapped tiles recompute: at 40 x 52, the 4 x 4
/// tiles of `out` (rows 1..38) read `tmp` rows 0..4, then six rows from
/// each of eight tiles, then rows 35..39: 58 rows of 50 columns for `tmp`'s
/// 40, 45% more instances.
#[test]
fn post_tiling_fusion_fuses_a_separable_blur() {
    let (dump, _) = translate("testsuite/run/image-separable-blur.c", FUSED_TINY_TILES);
    assert!(dump.contains("region 0 fusion: S_0 into the tiles of S_1 at tile depth 2 (overlapped tiles, border instances recomputed: 45.0% more instances)"), "{dump}");
    assert!(dump.contains("extension:"), "{dump}");
}

/// Intermediates that nothing reads after the region (local arrays not
/// used after it, arrays a `#pragma iotile scratch` names) live in
/// tile-local buffers once fused; one read after the region is written in
/// full. Checks that the buffers really appear, so that the round trips of
/// these programs cannot pass without them.
#[test]
fn post_tiling_fusion_keeps_dead_intermediates_in_tile_local_buffers() {
    let (dump, code) = translate("testsuite/run/fusion-local-scratch.c", FUSED_TINY_TILES);
    assert!(dump.contains("region 0 scratch: a (6 x 6), b (4 x 6) in tile-local buffers in the tiles of S_2"), "{dump}");
    assert!(!dump.contains("region 1 scratch"), "{dump}");
    assert!(code.contains("double iotile_scratch_0_a[36];"), "{code}");
    let (dump, _) = translate("testsuite/run/image-separable-blur.c", FUSED_TINY_TILES);
    assert!(dump.contains("region 0 scratch: tmp (6 x 4) in tile-local buffers in the tiles of S_1"), "{dump}");
}

/// Register tiles of 3 x 4 in tiles of 6, 8 and 4 (4 along a product's
/// reduction): blocks along the innermost loop are a whole tile wide,
/// along the other one half a tile, and partial tiles mix blocks whose
/// elements are held in local buffers with blocks cut by the domain.
const REGISTER_TILES: &[&str] = &["--target=openmp", "--reschedule=always", "--tile-sizes=6,8,4", "--register-tiles=3,4"];

/// Every program round-trips with register tiles, and the products of
/// `19-register-tiles.c` (imperfect, transposed, triangular, in `float`,
/// four loops deep) do get their written blocks in local buffers, so that
/// the round trip cannot pass without them.
#[test]
fn every_testsuite_program_round_trips_with_register_tiles() {
    let (_, code) = translate("testsuite/run/19-register-tiles.c", REGISTER_TILES);
    for (ty, array) in [("double", "C"), ("double", "T"), ("double", "S"), ("float", "F"), ("double", "R")] {
        let buffered = code.lines().any(|l| l.trim_start().starts_with(&format!("{ty} iotile_regs_")) && l.contains(&format!("_{array}[")));
        assert!(buffered, "no register buffer for {array}:\n{code}");
    }
    check_all(REGISTER_TILES);
}

/// Tiny tiles under maximal fusion: bands of skewed tile loops whose
/// parallel member is not the first.
#[test]
fn every_testsuite_program_round_trips_with_tiny_tiles_and_maximal_fusion() {
    check_all(&["--target=openmp", "--reschedule=always", "--tile-sizes=4", "--fusion=max"]);
}

/// Odd tiles of three sizes under maximal fusion.
#[test]
fn every_testsuite_program_round_trips_with_odd_tiles_and_maximal_fusion() {
    check_all(&["--target=openmp", "--reschedule=always", "--tile-sizes=3,5,7", "--fusion=max"]);
}

/// Every array that can be expanded expanded (`--expand=always`: the row
/// buffers of `expand-row-buffers.c`, with their last rows copied back
/// where the code after the region reads them), under odd tiles smaller
/// than the copies' rows.
#[test]
fn every_testsuite_program_round_trips_with_arrays_expanded() {
    check_all(&["--target=openmp", "--reschedule=always", "--expand=always", "--tile-sizes=3,5,2"]);
}

/// Rescheduled without tiling, and sequential rescheduling (target c with
/// a scheduling option) under maximal fusion.
#[test]
fn every_testsuite_program_round_trips_untiled_and_sequentially_rescheduled() {
    check_all(&["--target=openmp", "--reschedule=always", "--no-tile"]);
    check_all(&["--target=c", "--reschedule=always", "--fusion=max"]);
}

/// isl generated code that skipped instances from a legal tiled schedule
/// of a random program (`testsuite/isl-faults/12-lost-instances.*`: a
/// tile band over `j + k` and `j`, `j` of stride 3; every `k = 0`
/// instance of a tile holding a `k = 2` one was guarded away), and code
/// that ran every instance once but two statements of one band point in
/// the wrong order (`12-misordered-statements.*`: a write before the read
/// of the value it overwrites). The AST is read back and compared with
/// its schedule (`ast::check`): the code is refused with a warning saying
/// what is wrong, and the region keeps its original order, whose output
/// is the original's.
#[test]
fn code_that_isl_generates_wrong_is_refused() {
    let cases = [("12-lost-instances", "it never executes S_"), ("12-misordered-statements", "in the order opposite to its schedule's")];
    for (name, why) in cases {
        let case = root().join(format!("testsuite/isl-faults/{name}.c"));
        let schedule = root().join(format!("testsuite/isl-faults/{name}.schedule"));
        let dir = scratch();
        let original = dir.path().join("original");
        compile(&case, &original, &[], false).expect("the original compiles");
        let expected = run(&original).expect("the original runs");
        for target in ["--target=c", "--target=openmp"] {
            let generated = dir.path().join("generated.c");
            let args = [target.to_string(), "--load-schedule".into(), schedule.display().to_string(), "-o".into(), generated.display().to_string(), relative(&case).display().to_string()];
            let out = iotile(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{name} {target}: {stderr}");
            assert!(stderr.contains("keeps its original order") && stderr.contains(why), "{name} {target}: {stderr}");
            let exe = dir.path().join("generated");
            compile(&generated, &exe, &[], false).expect("the output compiles");
            assert!(run(&exe).expect("the output runs") == expected, "{name} {target}: outputs differ");
        }
    }
}

/// isl crashed (a segmentation fault) coalescing the dependences of a
/// random program whose subscripts divide (`A[k][(l + 1) / 2]`,
/// `testsuite/isl-faults/12-coalesce-divisions.c`): their implicit
/// equalities are now made explicit first. Their scheduling outlasts a
/// short `--max-seconds`: the scheduler's share of it ends, and depending
/// on the machine's speed the region's original order is tiled within the
/// rest or it keeps its original code with a warning; either way the
/// output is the original's.
#[test]
fn dependences_with_divisions_do_not_crash_isl() {
    assert_translation_runs_as_written("testsuite/isl-faults/12-coalesce-divisions.c", &["--target=openmp", "--max-seconds=2"], 1);
}

/// isl's dataflow analysis stops with an internal error ("affine
/// expression involves some of the domain dimensions") on a loop stepping
/// down by 3 whose inner loop starts at a maximum
/// (`testsuite/isl-faults/12-modulo-detection.c`): the region keeps its
/// original order, and the output is the original's on every target that
/// runs here.
#[test]
fn an_internal_error_of_isl_s_dataflow_analysis_keeps_the_original_order() {
    for target in ["--target=c", "--target=openmp"] {
        assert_translation_runs_as_written("testsuite/isl-faults/12-modulo-detection.c", &[target, "--reschedule=always"], 1);
    }
}

/// Translates `case` with `flags` `attempts` times; each must succeed and
/// print what the program as written prints.
fn assert_translation_runs_as_written(case: &str, flags: &[&str], attempts: usize) {
    let case = root().join(case);
    let dir = scratch();
    let original = dir.path().join("original");
    compile(&case, &original, &[], false).expect("the original compiles");
    let expected = run(&original).expect("the original runs");
    for attempt in 0..attempts {
        let generated = dir.path().join(format!("generated{attempt}.c"));
        let mut args: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
        args.extend(["-o".to_string(), generated.display().to_string(), relative(&case).display().to_string()]);
        let out = iotile(&args);
        assert!(out.status.success(), "run {attempt}: {:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
        let exe = dir.path().join(format!("generated{attempt}"));
        compile(&generated, &exe, &[], false).expect("the output compiles");
        assert!(run(&exe).expect("the output runs") == expected, "run {attempt}: outputs differ");
    }
}

/// isl's scheduler died of a segmentation fault, on about one run in two,
/// splitting a component into strongly connected ones under maximal fusion
/// (`testsuite/isl-faults/13-scc-decomposition.c`). It runs in a process of
/// its own now: iotile survives the fault, schedules the region again with
/// its strongly connected components serialised, and the output computes
/// what the original does. (That a fault in the scheduler's process is
/// caught every time, `tests/faults.rs` checks with a scheduler made to
/// crash.) Several runs, since the fault depends on what memory held.
#[test]
fn a_fault_in_isl_s_scheduler_costs_only_the_fusion() {
    assert_translation_runs_as_written("testsuite/isl-faults/13-scc-decomposition.c", &["--target=openmp", "--reschedule=always", "--fusion=max"], 4);
}

/// The direct anti dependences of a random program's region (writes
/// under `(l + 1) / 2` in a loop stepping down by 3) took isl minutes;
/// past their operation bound, every read before a later write of its
/// element stands in for them, and the dump says so. That the
/// rescheduled, tiled region computes what the original does, the
/// `every_testsuite_program_round_trips_*` tests check: the program is
/// in `testsuite/run/`.
#[test]
fn anti_dependences_past_their_bound_are_over_approximated() {
    let case = "testsuite/run/12-anti-dependences-past-budget.c";
    let (dump, _) = translate(case, &["--target=openmp", "--reschedule=always", "--tile-sizes=3", "--dump-deps"]);
    assert!(dump.contains("anti (every read before a write of its element"), "{dump}");
}

/// The check reads back the code of tiled, two-level, fused and CUDA
/// regions (loops with strides, guards with `%`, minima, extension
/// nodes recomputing tile borders) and finds it exact: a check that
/// could not read them would let isl's faults through unseen.
#[test]
fn generated_code_is_read_back_and_found_exact() {
    let cases: [(&str, &[&str]); 4] = [
        ("testsuite/run/kernel-matmul.c", &["--target=openmp", "--reschedule=always", "--tile-sizes=2,3,4", "--l2-tile-factor=2", "--isolate-full-tiles=always"]),
        ("testsuite/run/stride-plus-two.c", &["--target=c"]),
        ("testsuite/run/image-harris.c", &["--target=openmp", "--fusion=liveout", "--tile-sizes=4"]),
        ("testsuite/run/image-harris.c", &["--target=cuda", "--fusion=liveout", "--tile-sizes=3,5,7"]),
    ];
    for (case, flags) in cases {
        let mut flags = flags.to_vec();
        flags.push("--dump-schedule");
        let (dump, _) = translate(case, &flags);
        assert!(dump.contains("code executes: every instance of the schedule, once"), "{case} {flags:?}:\n{dump}");
    }
}

/// `--l2-tile-factor=auto`: on caches of 32K, 256K and 2M, both products
/// of 500 x 460 x 420 get outer tiles of their own sizes (multiples of
/// the tiles, larger along some member), which the report shows (without
/// the option, one level); the two-level code computes what the original
/// does, byte for byte.
#[test]
fn the_model_s_outer_tiles_run_as_written() {
    let case = root().join("testsuite/run/kernel-matmul.c");
    let sizes = ["-DNI=500", "-DNJ=460", "-DNK=420"].map(String::from);
    let dir = scratch();
    let original = dir.path().join("original");
    compile(&case, &original, &sizes, false).expect("the original compiles");
    let expected = run(&original).expect("the original runs");
    let flags = ["--target=openmp", "--l2-tile-factor=auto", "--cache-sizes=32K,256K,2M", "--report=json"];
    let generated = dir.path().join("generated.c");
    let mut args: Vec<String> = flags.iter().map(|f| f.to_string()).chain(sizes.iter().cloned()).collect();
    args.extend(["-o".to_string(), generated.display().to_string(), relative(&case).display().to_string()]);
    let out = iotile(&args);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lists = |key: &str| -> Vec<Vec<i64>> {
        let after = format!("\"{key}\": [");
        report.split(after.as_str()).skip(1).filter_map(|r| r.split(']').next()).map(|l| l.split(", ").map(|v| v.parse().expect("an integer")).collect()).collect()
    };
    let (tiles, outer) = (lists("tile_sizes"), lists("outer_tile_sizes"));
    assert!(tiles.len() == 2 && outer.len() == 2, "both bands get outer tiles:\n{report}");
    let text = std::fs::read_to_string(&generated).expect("read the output");
    for (t, o) in tiles.iter().zip(&outer) {
        assert!(t.iter().zip(o).all(|(t, o)| o % t == 0) && t != o, "tiles {t:?} in outer tiles {o:?}");
        let larger = t.iter().zip(o).find(|(t, o)| t != o).map(|(_, o)| *o).unwrap_or_default();
        assert!(text.contains(&format!("+= {larger})")), "no outer tile loop stepping by {larger}:\n{text}");
    }
    let exe = dir.path().join("generated");
    compile(&generated, &exe, &sizes, false).expect("the output compiles");
    assert!(run(&exe).expect("the output runs") == expected, "outputs differ");
    args.retain(|a| a != "--l2-tile-factor=auto");
    let out = iotile(&args);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && report.matches("\"outer_tile_sizes\": null").count() == 2, "{report}");
}

/// Pointwise stages of dead intermediates are inlined into their readers
/// by default (so that the round trips of `inline-pointwise-stages.c`
/// cannot pass without it), in a chain (`sq` into `sum`, then `sum` into
/// `out`), with an `int` array's truncation kept, and into the arm of a
/// choice where the stage reads only what the choice reads; stages whose
/// inputs a later stage overwrites, read in an arm where they read more,
/// or read after the region are kept; `--inline=none` keeps every stage.
#[test]
fn pointwise_stages_are_inlined_where_their_values_cannot_change() {
    let (report, code) = translate("testsuite/run/inline-pointwise-stages.c", &["--target=openmp", "--report"]);
    for line in ["inlined: S_0 (sq) into S_1", "inlined: S_1 (sum) into S_3", "inlined: S_2 (half) into S_3", "inlined: S_1 (sel) into S_5"] {
        assert!(report.contains(line), "{line}:\n{report}");
    }
    assert_eq!(report.matches("inlined:").count(), 4, "{report}");
    assert!(code.contains("((int)("), "the truncation to int is lost:\n{code}");
    let (report, _) = translate("testsuite/run/inline-pointwise-stages.c", &["--target=openmp", "--report", "--inline=none"]);
    assert!(!report.contains("inlined:"), "{report}");
    let (report, _) = translate("testsuite/run/image-harris.c", &["--target=openmp", "--report"]);
    assert_eq!(report.matches("inlined:").count(), 6, "{report}");
}

/// The lines of `code` that assign to an element of a tile-local buffer
/// of `array` (`iotile_scratch_<n>_<array>[...] = ...`), by line index.
fn buffer_writes(code: &str, array: &str) -> Vec<usize> {
    let target = format!("_{array}[");
    code.lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.trim_start();
            l.starts_with("iotile_scratch_") && l.split(" = ").next().is_some_and(|lhs| lhs.contains(&target))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether the first writes of the buffers of `a` and `b` in `code` are in
/// one loop body: no loop starts or block ends between them.
fn one_body(code: &str, a: &str, b: &str) -> bool {
    let (a, b) = (buffer_writes(code, a)[0], buffer_writes(code, b)[0]);
    !code.lines().skip(a.min(b)).take(a.abs_diff(b)).any(|l| l.trim_start().starts_with("for (") || l.trim_start().starts_with('}'))
}

/// The four phases of the multiresolution pipeline's 2x upsample
/// (`up[2 * i][2 * j]`, `up[2 * i][2 * j + 1]`, ...) have the same
/// instances, of which the consumer's border needs different ones: in
/// tiles 512 columns wide their boxes are clipped to their own instances
/// rather than to those needed and come out equal; in tiles that span the
/// image's rows the consumer needs one column more of two phases, and the
/// boxes differ in their last column. Either way the four share one loop
/// nest, where gcc can interleave their stores (before, each ran a loop
/// nest of its own with stride-2 stores), and its last column, where only
/// two phases run, is a piece of its own, not a test in the loop.
#[test]
fn upsample_phases_share_one_loop_nest() {
    for shape in [&["--tile-sizes=16,512"][..], &[]] {
        let (_, code) = translate("testsuite/run/image-multires-pipeline.c", &[&["--target=openmp", "--fusion=liveout", "-DH=2048", "-DW=2048"][..], shape].concat());
        let writes = buffer_writes(&code, "up");
        assert!(writes.len() == 4 || writes.len() == 6, "up is not written by four statements and a last column:\n{code}");
        let mut between = code.lines().skip(writes[0]).take(writes[3] - writes[0]);
        assert!(!between.any(|l| l.trim_start().starts_with("for (") || l.trim_start().starts_with('}')), "the phases of up do not share a loop body:\n{code}");
        assert!(!code.lines().skip(writes[0] - 1).take(4).any(|l| l.trim_start().starts_with("if (")), "a test selects phases:\n{code}");
    }
}

/// ... but stages over different instances whose boxes differ keep a nest
/// each: the 3- and 5-tap row passes of a difference of Gaussians, whose
/// boxes in tiles of whole rows differ by a row at each end, ran 7%
/// slower in one loop nest.
#[test]
fn stages_over_different_instances_keep_their_loop_nests() {
    let (_, code) = translate("testsuite/run/image-difference-of-gaussians.c", &["--target=openmp", "-DH=2048", "-DW=2048"]);
    for array in ["ax", "bx"] {
        assert_eq!(buffer_writes(&code, array).len(), 1, "{array} is not computed in one loop nest:\n{code}");
    }
    assert!(!one_body(&code, "ax", "bx"), "ax and bx share a loop body:\n{code}");
}

/// Each producer fused into a tile runs as one loop nest over the box its
/// tile needs (without the loops split at each border case, where a box
/// computes the same), and two producers of the same box that do not read
/// each other run in one: harris's gradients, and the gradients of
/// `fusion-sibling-stages.c`, whose reader's window is not a box (its
/// corners are recomputed too); the two stages there of which one reads
/// the other keep a loop nest each, and a third that reads neither shares
/// one of them. Their results are compared with the
/// original's by the round trips above.
#[test]
fn fused_producers_run_over_boxes_and_share_loops_where_independent() {
    let (_, code) = translate("testsuite/run/fusion-sibling-stages.c", &["--target=openmp"]);
    for array in ["gx", "gy", "o", "p", "q", "e"] {
        assert_eq!(buffer_writes(&code, array).len(), 1, "{array} is not computed in one loop nest:\n{code}");
    }
    assert!(one_body(&code, "gx", "gy"), "gx and gy do not share a loop body:\n{code}");
    assert!(!one_body(&code, "p", "q"), "q shares p's loop, whose values it reads:\n{code}");
    assert!(one_body(&code, "o", "p") || one_body(&code, "o", "q"), "o shares a loop body with neither p nor q:\n{code}");
    let (_, code) = translate("testsuite/run/image-harris.c", &["--target=openmp", "-DH=256", "-DW=300"]);
    for array in ["gray", "ix", "iy"] {
        assert_eq!(buffer_writes(&code, array).len(), 1, "{array} is not computed in one loop nest:\n{code}");
    }
    assert!(one_body(&code, "ix", "iy"), "ix and iy do not share a loop body:\n{code}");
}
