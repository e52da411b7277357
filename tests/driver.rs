//! Driver mode (stage: `driver`): `iotile --cc=COMPILER ...` must behave like
//! the compiler it wraps — flags and inputs pass through, `.c` files with
//! regions are translated first, unsupported regions fall back with a
//! warning, and the compiler's exit status is iotile's.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{root, scratch};

fn iotile_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iotile")).args(args).current_dir(dir).output().expect("iotile runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn run(exe: &Path) -> Vec<u8> {
    let out = Command::new(exe).output().expect("program runs");
    assert!(out.status.success());
    out.stdout
}

/// The reference: the example compiled by gcc alone.
fn reference_output(dir: &Path) -> Vec<u8> {
    let exe = dir.join("reference");
    let status = Command::new("gcc")
        .args(["-O2", "-std=c99", "-o"])
        .arg(&exe)
        .arg(root().join("examples/gemm.c"))
        .arg("-lm")
        .status()
        .expect("gcc runs");
    assert!(status.success());
    run(&exe)
}

const KERNEL_WITHOUT_REGION: &str = "double scale(double x) { return 2.0 * x; }\n";

const MAIN_CALLING_SCALE: &str = "#include <stdio.h>\ndouble scale(double x);\nint main(void) { printf(\"%a\\n\", scale(1.5)); return 0; }\n";

#[test]
fn example_makefile_builds_through_the_driver() {
    let dir = scratch();
    for f in ["Makefile", "gemm.c"] {
        std::fs::copy(root().join("examples").join(f), dir.path().join(f)).unwrap();
    }
    let out = Command::new("make")
        .arg(format!("IOTILE={}", env!("CARGO_BIN_EXE_iotile")))
        .current_dir(dir.path())
        .output()
        .expect("make runs");
    assert!(out.status.success(), "make failed:\n{}", stderr(&out));
    assert_eq!(run(&dir.path().join("gemm")), reference_output(dir.path()));
    // The CUDA translation of the same file, on the CPU emulation.
    let out = Command::new("make")
        .arg(format!("IOTILE={}", env!("CARGO_BIN_EXE_iotile")))
        .arg("gemm-emulated")
        .current_dir(dir.path())
        .output()
        .expect("make runs");
    assert!(out.status.success(), "make gemm-emulated failed:\n{}", stderr(&out));
    assert_eq!(run(&dir.path().join("gemm-emulated")), reference_output(dir.path()));
}

#[test]
fn compile_and_link_in_one_step_with_output_name() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "-O2", "-std=c99", "gemm.c", "-o", "prog", "-lm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(run(&dir.path().join("prog")), reference_output(dir.path()));
}

#[test]
fn compile_only_without_output_names_objects_after_the_sources() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    std::fs::write(dir.path().join("scale.c"), KERNEL_WITHOUT_REGION).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "-O2", "-c", "gemm.c", "scale.c"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join("gemm.o").exists());
    assert!(dir.path().join("scale.o").exists());
}

#[test]
fn object_files_and_sources_without_regions_pass_through() {
    let dir = scratch();
    std::fs::write(dir.path().join("scale.c"), KERNEL_WITHOUT_REGION).unwrap();
    std::fs::write(dir.path().join("main.c"), MAIN_CALLING_SCALE).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "-c", "scale.c", "-o", "scale.o"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = iotile_in(dir.path(), &["--cc=gcc", "-v", "main.c", "scale.o", "-o", "prog"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Nothing to translate: the command is the user's, unchanged.
    assert!(stderr(&out).contains("gcc -v main.c scale.o -o prog"), "{}", stderr(&out));
    assert_eq!(run(&dir.path().join("prog")), b"0x1.8p+1\n");
}

#[test]
fn verbose_prints_the_translation_and_the_compile() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "-v", "-c", "gemm.c"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("iotile --target=c -o "), "{err}");
    assert!(err.lines().any(|l| l.starts_with("gcc -v -c ") && l.contains("gemm.c -iquote .")), "{err}");
}

#[test]
fn keep_leaves_the_translated_source_beside_the_output() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    std::fs::create_dir(dir.path().join("build")).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "--keep", "-c", "gemm.c", "-o", "build/gemm.o"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("build/gemm.iotile.c")).expect("kept source");
    assert!(!kept.contains("#pragma scop"));
    assert!(kept.contains("for (int c1 = 0; c1 < nj; c1++)"));
}

/// A program that prints where it is: `__FILE__` and `__LINE__` before
/// and after its region, a region of another length once translated.
const WHERE: &str = "#include <stdio.h>\nint main(void) {\n  double A[64][64];\n  int i, j;\n  printf(\"%s:%d\\n\", __FILE__, __LINE__);\n#pragma scop\n  for (i = 0; i < 64; i++)\n    for (j = 0; j < 64; j++)\n      A[i][j] = i * 0.5 + j;\n#pragma endscop\n  printf(\"%s:%d %a\\n\", __FILE__, __LINE__, A[3][5]);\n  int unused_here = 3;\n  return 0;\n}\n";

#[test]
fn the_compiler_sees_the_original_file_name_and_lines() {
    let dir = scratch();
    std::fs::write(dir.path().join("where.c"), WHERE).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "--keep", "-fopenmp", "-Wall", "where.c", "-o", "where"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let kept = std::fs::read_to_string(dir.path().join("where.iotile.c")).unwrap();
    assert!(kept.contains("omp parallel for") && !kept.contains("#pragma scop"), "{kept}");
    // The warning after the region points at its line in where.c.
    assert!(err.contains("where.c:12:7: warning: unused variable"), "{err}");
    assert!(!err.contains("tmp"), "{err}");
    assert_eq!(run(&dir.path().join("where")), b"where.c:5\nwhere.c:11 0x1.ap+2\n");
}

/// A kernel whose second nest never runs (`m` to `m - 2`), so that its
/// translation needs no `m`.
const EMPTY_NEST: &str = "#include <stdio.h>\nstatic double A[20][20], x[20];\nstatic void kernel(int n, int m) {\n  int i, j;\n#pragma scop\n  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      A[i][j] = A[i][j] * 0.5 + x[j];\n  for (i = m; i < m - 1; i++)\n    x[i] = 0.0;\n#pragma endscop\n}\nint main(void) {\n  int i, j;\n  for (i = 0; i < 20; i++) {\n    x[i] = i * 0.25;\n    for (j = 0; j < 20; j++)\n      A[i][j] = i - j;\n  }\n  kernel(20, 5);\n  for (i = 0; i < 20; i++)\n    printf(\"%a %a\\n\", A[i][i], A[i][19 - i]);\n  return 0;\n}\n";

/// What builds with `-Wall -Wextra -Werror` alone builds through the driver
/// too: gcc warned on generated loops that index past an array if they ran
/// (the full tiles of matmul's 20 x 20 arrays, guarded by sizes of 32 and
/// more: -Warray-bounds), and on a parameter only an empty loop read
/// (-Wunused-parameter).
#[test]
fn warnings_as_errors_build_as_without_the_driver() {
    let dir = scratch();
    std::fs::copy(root().join("testsuite/run/kernel-matmul.c"), dir.path().join("matmul.c")).unwrap();
    std::fs::write(dir.path().join("empty.c"), EMPTY_NEST).unwrap();
    let werror = ["-O2", "-fopenmp", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas"];
    for (source, flags) in [("matmul.c", &[][..]), ("empty.c", &["--reschedule=always", "--isolate-full-tiles"][..])] {
        let status = Command::new("gcc").args(werror).args(["-o", "alone", source]).current_dir(dir.path()).status().expect("gcc runs");
        assert!(status.success(), "{source} does not build alone");
        let mut args = vec!["--cc=gcc"];
        args.extend(flags);
        args.extend(werror);
        args.extend(["-o", "driven", source]);
        let out = iotile_in(dir.path(), &args);
        assert!(out.status.success(), "{source}: {}", stderr(&out));
        assert_eq!(run(&dir.path().join("driven")), run(&dir.path().join("alone")), "{source}");
    }
}

#[test]
fn dependency_files_name_the_original_sources() {
    let dir = scratch();
    std::fs::write(dir.path().join("where.c"), WHERE).unwrap();
    std::fs::create_dir(dir.path().join("build")).unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["-MMD", "-MP", "-c", "where.c", "-o", "build/where.o"], "build/where.d"),
        (&["-MD", "-MF", "deps.d", "-c", "where.c", "-o", "build/other.o"], "deps.d"),
        (&["-MD", "-c", "where.c"], "where.d"),
        (&["-MMD", "-c", "where.c", "-obuild/joined.o"], "build/joined.d"),
    ];
    for (flags, file) in cases {
        let out = iotile_in(dir.path(), &[&["--cc=gcc", "-fopenmp"], flags].concat());
        assert!(out.status.success(), "{flags:?}: {}", stderr(&out));
        let deps = std::fs::read_to_string(dir.path().join(file)).unwrap_or_else(|e| panic!("{flags:?}: no {file}: {e}"));
        let first = deps.lines().next().unwrap_or_default();
        assert!(first.contains(": where.c"), "{flags:?}: {deps}");
        assert!(!deps.contains(".tmp"), "{flags:?}: {deps}");
    }
    // Listed on standard output, and preprocessed code's line markers.
    let out = iotile_in(dir.path(), &["--cc=gcc", "-fopenmp", "-MM", "where.c"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && listed.starts_with("where.o: where.c") && !listed.contains(".tmp"), "{listed}{}", stderr(&out));
    let out = iotile_in(dir.path(), &["--cc=gcc", "-fopenmp", "-E", "where.c"]);
    let expanded = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && expanded.contains("omp parallel for") && !expanded.contains(".tmp"), "{}", stderr(&out));
}

#[test]
fn preprocessor_flags_reach_the_translation() {
    // Without -DSTEP=2 the subscript STEP * i is a product of two
    // variables and the region would fall back with a warning.
    let dir = scratch();
    let source = "#include <stdio.h>\nint main(void) {\n  double A[40];\n  int i;\n  for (i = 0; i < 40; i++) A[i] = i;\n#pragma scop\n  for (i = 0; i < 20; i++)\n    A[STEP * i] += 1.0;\n#pragma endscop\n  printf(\"%a\\n\", A[2]);\n  return 0;\n}\n";
    std::fs::write(dir.path().join("k.c"), source).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "--keep", "-DSTEP=2", "k.c", "-o", "k"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("warning"), "{err}");
    assert!(!std::fs::read_to_string(dir.path().join("k.iotile.c")).unwrap().contains("#pragma scop"));
    assert_eq!(run(&dir.path().join("k")), b"0x1.8p+1\n");
}

#[test]
fn forced_includes_and_response_files_reach_the_translation() {
    // The size comes from a header the command line includes, a response
    // file or `-Wp,`: a translation that did not see it would hard-code
    // the default, 10.
    let dir = scratch();
    let source = "#include <stdio.h>\n#ifndef N\n#define N 10\n#endif\ndouble A[100][100];\nint main(void) {\n  int i, j;\n  for (i = 0; i < 100; i++)\n    for (j = 0; j < 100; j++)\n      A[i][j] = i + j;\n#pragma scop\n  for (i = 1; i < N; i++)\n    for (j = 0; j < N; j++)\n      A[i][j] = A[i - 1][j] * 0.5 + 1;\n#pragma endscop\n  double s = 0;\n  for (i = 0; i < 100; i++)\n    for (j = 0; j < 100; j++)\n      s += A[i][j] * (i + 1);\n  printf(\"%a\\n\", s);\n  return 0;\n}\n";
    std::fs::write(dir.path().join("sized.c"), source).unwrap();
    std::fs::write(dir.path().join("size.h"), "#define N 90\n").unwrap();
    let status = Command::new("gcc").args(["-include", "size.h", "sized.c", "-o", "reference"]).current_dir(dir.path()).status().expect("gcc runs");
    assert!(status.success());
    let expected = run(&dir.path().join("reference"));
    // A response file, with a quoted value.
    std::fs::write(dir.path().join("flags.rsp"), "-O2\n-D 'N=90'\n").unwrap();
    let ways: [&[&str]; 4] = [&["-include", "size.h"], &["-imacros", "size.h"], &["@flags.rsp"], &["-Wp,-DN=90"]];
    for include in ways {
        let out = iotile_in(dir.path(), &[&["--cc=gcc", "-fopenmp", "--reschedule=always", "--tile-size=4", "--keep"], include, &["sized.c", "-o", "sized"]].concat());
        assert!(out.status.success(), "{include:?}: {}", stderr(&out));
        assert!(!std::fs::read_to_string(dir.path().join("sized.iotile.c")).unwrap().contains("#pragma scop"));
        assert_eq!(run(&dir.path().join("sized")), expected, "{include:?}");
    }
}

#[test]
fn each_input_includes_the_headers_beside_it() {
    // Two inputs in two folders, each including its own `config.h` with a
    // different value, and a user folder given with `-iquote` that holds a
    // third: the compiler looks beside the including file first (the
    // regions have the macro expanded, the code after them not). The
    // translated files are compiled from a temporary folder, which once
    // left only the `-iquote` list, where the first folder's header came
    // first for both.
    let dir = scratch();
    let kernel = |name: &str| format!("#include \"config.h\"\ndouble {name}(void) {{\n  double A[40];\n  int i;\n  for (i = 0; i < 40; i++) A[i] = i;\n#pragma scop\n  for (i = 1; i < 40; i++)\n    A[i] = A[i - 1] * 0.5 + VALUE;\n#pragma endscop\n  return A[39] * VALUE;\n}}\n");
    for (folder, name, value) in [("a", "fa", "1.0"), ("b", "fb", "2.0"), ("u", "", "7.0")] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::write(dir.path().join(folder).join("config.h"), format!("#define VALUE {value}\n")).unwrap();
        if !name.is_empty() {
            std::fs::write(dir.path().join(folder).join(format!("{name}.c")), kernel(name)).unwrap();
        }
    }
    std::fs::write(dir.path().join("main.c"), "#include <stdio.h>\ndouble fa(void);\ndouble fb(void);\nint main(void) { printf(\"%a %a\\n\", fa(), fb()); return 0; }\n").unwrap();
    for extra in [&[][..], &["-iquote", "u"]] {
        let inputs = [extra, &["a/fa.c", "b/fb.c", "main.c", "-o"]].concat();
        let status = Command::new("gcc").args(&inputs).arg("reference").current_dir(dir.path()).status().expect("gcc runs");
        assert!(status.success());
        let expected = run(&dir.path().join("reference"));
        let out = iotile_in(dir.path(), &[&["--cc=gcc", "--reschedule=always", "--tile-size=3"], &inputs[..], &["translated"]].concat());
        assert!(out.status.success() && !stderr(&out).contains("warning"), "{}", stderr(&out));
        assert_eq!(run(&dir.path().join("translated")), expected, "{extra:?}");
    }
}

#[test]
fn an_unsupported_region_falls_back_with_a_warning() {
    let dir = scratch();
    let source = "#include <stdio.h>\nint main(void) {\n  double A[100] = {0};\n  int i, j;\n#pragma scop\n  for (i = 0; i < 10; i++)\n    for (j = 0; j < 10; j++)\n      A[i * j] += 1.0;\n#pragma endscop\n  printf(\"%a\\n\", A[12]);\n  return 0;\n}\n";
    std::fs::write(dir.path().join("bad.c"), source).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "bad.c", "-o", "bad"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("warning: product of two non-constant expressions"), "{err}");
    assert!(err.contains("kept unchanged"), "{err}");
    assert_eq!(run(&dir.path().join("bad")), b"0x1p+2\n");
}

#[test]
fn a_standard_before_c99_compiles_the_input_unchanged() {
    // iotile's loops declare their counters (`for (int c0 = ...)`), which
    // C90 rejects: with such a standard the input is compiled as written,
    // with a warning, where it once failed with gcc's errors at unrelated
    // lines. A later `-std=c99` selects C99 again.
    let dir = scratch();
    let source = "#include <stdio.h>\nint main(void) {\n  double A[30];\n  int i, j;\n  for (i = 0; i < 30; i++) A[i] = i;\n#pragma scop\n  for (i = 1; i < 30; i++)\n    for (j = 0; j < 3; j++)\n      A[i] = A[i - 1] * 0.5 + A[i] + j;\n#pragma endscop\n  printf(\"%a\\n\", A[29]);\n  return 0;\n}\n";
    std::fs::write(dir.path().join("old.c"), source).unwrap();
    let status = Command::new("gcc").args(["-std=c89", "old.c", "-o", "reference"]).current_dir(dir.path()).status().expect("gcc runs");
    assert!(status.success());
    let expected = run(&dir.path().join("reference"));
    for flags in [&["-std=c89"][..], &["-ansi"], &["-std=gnu90", "-fopenmp"], &["-ansi", "-std=c99"]] {
        let out = iotile_in(dir.path(), &[&["--cc=gcc", "--reschedule=always", "--tile-size=2", "--keep"], flags, &["old.c", "-o", "old"]].concat());
        let err = stderr(&out);
        assert!(out.status.success(), "{flags:?}: {err}");
        let kept = dir.path().join("old.iotile.c");
        if flags.contains(&"-std=c99") {
            assert!(!err.contains("warning") && kept.exists(), "{flags:?}: {err}");
        } else {
            assert!(err.contains("warning: 'old.c' is compiled unchanged") && err.contains(flags[0]) && !kept.exists(), "{flags:?}: {err}");
        }
        let _ = std::fs::remove_file(kept);
        assert_eq!(run(&dir.path().join("old")), expected, "{flags:?}");
    }
}

#[test]
fn the_compiler_exit_status_is_returned() {
    let dir = scratch();
    std::fs::write(dir.path().join("broken.c"), "int main(void) { return undeclared; }\n").unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "-c", "broken.c"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("undeclared"));
    let out = iotile_in(dir.path(), &["--cc=false", "-c", "broken.c"]);
    assert_eq!(out.status.code(), Some(1));
    let out = iotile_in(dir.path(), &["--cc=sh", "-c", "exit 7"]);
    assert_eq!(out.status.code(), Some(7));
}

#[test]
fn bare_cc_uses_iotile_cc() {
    let dir = scratch();
    std::fs::write(dir.path().join("scale.c"), KERNEL_WITHOUT_REGION).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_iotile"))
        .args(["--cc", "-v", "-c", "scale.c"])
        .env("IOTILE_CC", "gcc")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("gcc -v -c scale.c"));
}

#[test]
fn openmp_compiles_get_parallel_tiled_code() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "--keep", "-O2", "-std=c99", "-fopenmp", "gemm.c", "-o", "par", "-lm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("gemm.iotile.c")).expect("kept source");
    assert!(kept.contains("#pragma omp parallel for"), "{kept}");
    assert_eq!(run(&dir.path().join("par")), reference_output(dir.path()));
    // The same compile without OpenMP keeps the sequential order.
    let out = iotile_in(dir.path(), &["--cc=gcc", "--keep", "-O2", "-std=c99", "gemm.c", "-o", "seq", "-lm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!std::fs::read_to_string(dir.path().join("gemm.iotile.c")).unwrap().contains("omp"));
}

#[test]
fn scheduling_options_translate_as_in_translation_mode() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let flags = ["--tile-sizes=8,4", "--fusion", "max", "--isolate-full-tiles"];
    let mut driver = vec!["--cc=gcc", "--keep", "-fopenmp", "-c", "gemm.c"];
    driver.extend(flags);
    let out = iotile_in(dir.path(), &driver);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut translate = vec!["-o", "direct.c", "gemm.c"];
    translate.extend(flags);
    let out = iotile_in(dir.path(), &translate);
    assert!(out.status.success(), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("gemm.iotile.c")).unwrap();
    assert_eq!(kept, std::fs::read_to_string(dir.path().join("direct.c")).unwrap());
    assert!(kept.contains("c0 += 8") && kept.contains("c1 += 4"), "{kept}");
}

/// Compiles `examples/gemm.c` in driver mode with `-fopenmp` and the
/// iotile options `flags`, and translates it with them in translation
/// mode (`--target=openmp`); gives the kept translation, which must be the
/// same.
fn driver_translation_as_in_translation_mode(flags: &[&str]) -> String {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let mut driver = vec!["--cc=gcc", "--keep", "-fopenmp", "-c", "gemm.c"];
    driver.extend(flags);
    let out = iotile_in(dir.path(), &driver);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut translate = vec!["--target=openmp", "-o", "direct.c", "gemm.c"];
    translate.extend(flags);
    let out = iotile_in(dir.path(), &translate);
    assert!(out.status.success(), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("gemm.iotile.c")).unwrap();
    assert_eq!(kept, std::fs::read_to_string(dir.path().join("direct.c")).unwrap());
    kept
}

/// `--tile-sizes=auto` with `--cache-sizes` in driver mode: both are
/// iotile's (gcc would reject `--cache-sizes`), and the translation is the
/// one translation mode gives.
#[test]
fn auto_tile_sizes_translate_as_in_translation_mode() {
    let kept = driver_translation_as_in_translation_mode(&["--tile-sizes=auto", "--cache-sizes", "2K,16K"]);
    assert!(kept.contains("#pragma omp parallel for"), "{kept}");
}

/// `--register-tiles` in driver mode is iotile's, with its value as the
/// next argument too: the translation is translation mode's, with the
/// product's block in a local buffer.
#[test]
fn register_tiles_translate_as_in_translation_mode() {
    let kept = driver_translation_as_in_translation_mode(&["--tile-sizes=8", "--register-tiles", "2,8"]);
    assert!(kept.contains("iotile_regs_0_C[16];"), "{kept}");
}

#[test]
fn bad_scheduling_options_stop_before_the_compiler() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    for (flag, message) in [("--tile-size=0", "--tile-size must be positive"), ("--fusion=often", "invalid value 'often'")] {
        let out = iotile_in(dir.path(), &["--cc=gcc", flag, "-c", "gemm.c"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
        assert!(!dir.path().join("gemm.o").exists());
    }
}

/// `--emulate-cuda` builds the CUDA translation with the host compiler on
/// the CPU emulation; the program prints what the original prints.
#[test]
fn emulate_cuda_builds_and_runs_the_cuda_translation_on_the_cpu() {
    let dir = scratch();
    std::fs::copy(root().join("examples/gemm.c"), dir.path().join("gemm.c")).unwrap();
    let out = iotile_in(dir.path(), &["--cc=gcc", "--emulate-cuda", "--keep", "-O2", "-std=c99", "gemm.c", "-o", "prog", "-lm"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("gemm.iotile.c")).expect("translation kept");
    assert!(kept.contains("__global__ void"), "not translated for CUDA:\n{kept}");
    assert_eq!(run(&dir.path().join("prog")), reference_output(dir.path()));
    let out = iotile_in(dir.path(), &["--cc=gcc", "--emulate-cuda", "--target=openmp", "gemm.c", "-o", "prog"]);
    assert!(!out.status.success() && stderr(&out).contains("--emulate-cuda"), "{}", stderr(&out));
}

/// A file none of whose regions gets a kernel stays C under
/// `--emulate-cuda`: the emulation's macros (`blockDim`...) would rename
/// the user's own variables (the program crashed).
#[test]
fn emulate_cuda_leaves_a_file_without_kernels_as_c() {
    let dir = scratch();
    let source = "testsuite/cpu-run/12-parameter-named-like-a-cuda-built-in.c";
    std::fs::copy(root().join(source), dir.path().join("p.c")).unwrap();
    let status = Command::new("gcc").args(["-O1", "p.c", "-o", "reference"]).current_dir(dir.path()).status().expect("gcc runs");
    assert!(status.success());
    let out = iotile_in(dir.path(), &["--cc=gcc", "--emulate-cuda", "--keep", "-O1", "p.c", "-o", "prog"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("built-in variable"), "{}", stderr(&out));
    let kept = std::fs::read_to_string(dir.path().join("p.iotile.c")).expect("translation kept");
    assert!(!kept.contains("iotile_cuda_emulation.h"), "CUDA prelude in a file without kernels:\n{kept}");
    assert_eq!(run(&dir.path().join("prog")), run(&dir.path().join("reference")));
}
