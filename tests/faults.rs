//! Driver and output under load and faults (stage: `driver`, `interrupt`).
//!
//! A parallel `make` through the driver builds the same binaries as a
//! serial one and leaves no temporaries; an interrupted run leaves no
//! temporary and no partial output and ends by its signal; an output that
//! cannot be written (missing or read-only directory, full disk) and a
//! compiler that is missing or crashes each give one clear line and exit
//! status 1.

mod common;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{cases, root, scratch};

const IOTILE: &str = env!("CARGO_BIN_EXE_iotile");

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every entry under `dir`, recursively, as paths relative to it.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path.clone());
            }
            out.push(path.strip_prefix(dir).unwrap().to_path_buf());
        }
    }
    out.sort();
    out
}

/// Asserts a one-line `iotile: error:` containing `needle`, exit status 1.
fn assert_one_line_error(out: &Output, needle: &str) {
    let text = stderr(out);
    assert_eq!(out.status.code(), Some(1), "stderr: {text}");
    assert_eq!(text.lines().count(), 1, "expected one line: {text}");
    assert!(text.starts_with("iotile: error: ") && text.contains(needle), "expected {needle:?} in {text:?}");
}

/// Programs of the run suite built as one binary each by `make`.
const PROGRAMS: usize = 12;

fn make(dir: &Path, tmp: &Path, jobs: &str) -> Vec<(String, Vec<u8>)> {
    let out = Command::new("make")
        .args([jobs, "-s"])
        .arg(format!("IOTILE={IOTILE}"))
        .env("TMPDIR", tmp)
        .current_dir(dir)
        .output()
        .expect("make runs");
    assert!(out.status.success(), "make {jobs} failed:\n{}", stderr(&out));
    (0..PROGRAMS)
        .map(|n| {
            let name = format!("p{n:02}");
            let bytes = std::fs::read(dir.join(&name)).unwrap_or_else(|e| panic!("{name} was not built: {e}"));
            (name, bytes)
        })
        .collect()
}

#[test]
fn parallel_make_builds_the_same_binaries_as_a_serial_one() {
    let dir = scratch();
    let tmp = scratch();
    // Every third program of the run suite that needs no flags, each split over two objects
    // that are compiled separately: its own file and a shared one.
    let without_flags = |p: &PathBuf| !std::fs::read_to_string(p).unwrap_or_default().starts_with("// iotile-flags");
    let chosen: Vec<PathBuf> = cases("run").into_iter().filter(without_flags).step_by(3).take(PROGRAMS).collect();
    assert_eq!(chosen.len(), PROGRAMS);
    let mut rules = String::new();
    for (n, case) in chosen.iter().enumerate() {
        std::fs::copy(case, dir.path().join(format!("p{n:02}.c"))).unwrap();
        rules.push_str(&format!("p{n:02}: p{n:02}.o shared.o\n"));
    }
    std::fs::write(dir.path().join("shared.c"), "int iotile_shared_counter;\n").unwrap();
    let makefile = format!(
        "CC = $(IOTILE) --cc=gcc\nCFLAGS = -O2 -fopenmp -w -I{}\nLDFLAGS = -fopenmp\nLDLIBS = -lm\nall: {}\n{rules}clean:\n\trm -f p?? *.o\n",
        root().join("testsuite/include").display(),
        (0..PROGRAMS).map(|n| format!("p{n:02}")).collect::<Vec<_>>().join(" ")
    );
    std::fs::write(dir.path().join("Makefile"), makefile).unwrap();
    let serial = make(dir.path(), tmp.path(), "-j1");
    let status = Command::new("make").args(["-s", "clean"]).current_dir(dir.path()).status().unwrap();
    assert!(status.success());
    let parallel = make(dir.path(), tmp.path(), "-j8");
    for ((name, a), (_, b)) in serial.iter().zip(&parallel) {
        assert!(a == b, "{name} differs between make -j1 and make -j8");
    }
    assert_eq!(entries(tmp.path()), Vec::<PathBuf>::new(), "temporaries left behind");
    // The binaries are the translated programs, and they run.
    for n in [0, PROGRAMS - 1] {
        let out = Command::new(dir.path().join(format!("p{n:02}"))).output().unwrap();
        assert!(out.status.success(), "p{n:02} failed");
    }
}

/// A compiler that records its process id, then waits for a signal and
/// records which one it got.
const SLOW_COMPILER: &str = "#!/bin/sh\n\
    trap 'echo TERM > \"$0.got\"; exit 143' TERM\n\
    trap 'echo INT > \"$0.got\"; exit 130' INT\n\
    echo started > \"$0.started\"\n\
    i=0; while [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done\n";

fn wait_for(path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        assert!(start.elapsed() < Duration::from_secs(30), "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn send(child: &std::process::Child, signal: nix::sys::signal::Signal) {
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(child.id() as i32), signal).expect("signal sent");
}

/// Writes the executable script `name` into `dir`.
fn write_script(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
    std::fs::set_permissions(dir.join(name), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
}

/// Starts driver mode on a copy of the gemm example in `dir`, with the
/// compiler `compiler` of that folder and temporaries under `tmp`.
fn compile_gemm(dir: &Path, tmp: &Path, compiler: &str) -> std::process::Child {
    std::fs::copy(root().join("examples/gemm.c"), dir.join("gemm.c")).unwrap();
    Command::new(IOTILE)
        .args([&format!("--cc={}", dir.join(compiler).display()), "-O2", "-fopenmp", "gemm.c", "-o", "gemm"])
        .env("TMPDIR", tmp)
        .current_dir(dir)
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn an_interrupted_driver_stops_the_compiler_and_leaves_nothing() {
    use nix::sys::signal::Signal;
    for (signal, name) in [(Signal::SIGTERM, "TERM"), (Signal::SIGINT, "INT")] {
        let dir = scratch();
        let tmp = scratch();
        write_script(dir.path(), "slowcc", SLOW_COMPILER);
        let child = compile_gemm(dir.path(), tmp.path(), "slowcc");
        wait_for(&dir.path().join("slowcc.started"));
        let during = entries(tmp.path());
        assert!(during.iter().any(|p| p.ends_with("gemm.c")), "the translation is in a temporary directory while the compiler runs: {during:?}");
        send(&child, signal);
        let status = child.wait_with_output().unwrap().status;
        assert_eq!(status.signal(), Some(signal as i32), "iotile ends by the signal it got");
        wait_for(&dir.path().join("slowcc.got"));
        assert_eq!(std::fs::read_to_string(dir.path().join("slowcc.got")).unwrap().trim(), name, "the compiler got the signal");
        assert_eq!(entries(tmp.path()), Vec::<PathBuf>::new(), "temporaries left behind after SIG{name}");
        assert!(!dir.path().join("gemm").exists());
    }
}

/// A compiler driver that runs a slow program of its own (as gcc runs
/// `cc1`) and exits at once on a signal without passing it on.
const DRIVER_OF_SLOW_PROGRAM: &str = "#!/bin/sh\n\
    trap 'exit 143' TERM\n\
    \"$(dirname \"$0\")/slowcc\" &\n\
    wait\n";

#[test]
fn an_interrupted_driver_stops_the_programs_its_compiler_runs() {
    use nix::sys::signal::Signal;
    let dir = scratch();
    let tmp = scratch();
    write_script(dir.path(), "slowcc", SLOW_COMPILER);
    write_script(dir.path(), "drivercc", DRIVER_OF_SLOW_PROGRAM);
    let child = compile_gemm(dir.path(), tmp.path(), "drivercc");
    wait_for(&dir.path().join("slowcc.started"));
    send(&child, Signal::SIGTERM);
    let status = child.wait_with_output().unwrap().status;
    assert_eq!(status.signal(), Some(Signal::SIGTERM as i32));
    // Left running, the program would end by itself after 30 s, having
    // got nothing.
    wait_for(&dir.path().join("slowcc.got"));
    assert_eq!(std::fs::read_to_string(dir.path().join("slowcc.got")).unwrap().trim(), "TERM", "the compiler's own program got the signal");
    assert_eq!(entries(tmp.path()), Vec::<PathBuf>::new());
}

#[test]
fn an_interrupted_translation_leaves_no_output() {
    use nix::sys::signal::Signal;
    // Twenty-four nested loops keep isl busy for seconds (6 s here; ten
    // took 3 minutes while the scheduler got a distance box it could not
    // satisfy, and take 0.4 s now).
    let depth = 24;
    let iterators: Vec<String> = (0..depth).map(|k| format!("i{k}")).collect();
    let mut body = String::new();
    for i in &iterators {
        body.push_str(&format!("for ({i} = 0; {i} < n; {i}++)\n"));
    }
    let source = format!(
        "void f(int n, double A[n])\n{{\n  int {};\n#pragma scop\n{body}A[i0] += 1.0;\n#pragma endscop\n}}\n",
        iterators.join(", ")
    );
    let dir = scratch();
    std::fs::write(dir.path().join("slow.c"), source).unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let child = Command::new(IOTILE)
        .args(["--target=openmp", "--max-seconds=0", "-o", "out/slow.c", "slow.c"])
        .current_dir(dir.path())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    send(&child, Signal::SIGINT);
    let status = child.wait_with_output().unwrap().status;
    assert!(start.elapsed() < Duration::from_secs(5), "SIGINT took {:?} to stop iotile", start.elapsed());
    assert_eq!(status.signal(), Some(Signal::SIGINT as i32));
    assert_eq!(entries(&dir.path().join("out")), Vec::<PathBuf>::new());
}

const SMALL: &str = "testsuite/run/loop-less-than.c";

fn translate_to(output: &str) -> Output {
    Command::new(IOTILE).args(["--target=openmp", "-o", output, SMALL]).current_dir(root()).output().unwrap()
}

#[test]
fn outputs_that_cannot_be_written_are_one_line_errors() {
    let dir = scratch();
    let missing = dir.path().join("missing/out.c");
    assert_one_line_error(&translate_to(&missing.display().to_string()), "directory");
    assert!(!missing.parent().unwrap().exists());
    // sysfs refuses new files to everyone, root included.
    assert_one_line_error(&translate_to("/sys/out.c"), "cannot write '/sys/out.c': permission denied");
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    assert_one_line_error(&translate_to(&file.join("out.c").display().to_string()), "not a directory");
    assert_eq!(entries(dir.path()), vec![PathBuf::from("file")]);
}

#[test]
fn a_full_disk_is_a_one_line_error_and_leaves_no_partial_output() {
    let dir = scratch();
    let output = dir.path().join("out.c");
    // A file size limit of one kilobyte makes the write fail as a full
    // disk does, without needing a small file system.
    let script = format!("trap '' XFSZ; ulimit -f 1; exec '{IOTILE}' --target=openmp -o '{}' {SMALL}", output.display());
    let out = Command::new("sh").args(["-c", &script]).current_dir(root()).output().unwrap();
    assert_one_line_error(&out, "file too large");
    assert_eq!(entries(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_missing_or_crashing_compiler_is_a_one_line_error() {
    let dir = scratch();
    std::fs::copy(root().join(SMALL), dir.path().join("p.c")).unwrap();
    let driver = |compiler: &str, tmp: &Path| {
        Command::new(IOTILE)
            .args([&format!("--cc={compiler}"), "-fopenmp", "p.c", "-o", "p"])
            .env("TMPDIR", tmp)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let tmp = scratch();
    assert_one_line_error(&driver("./no-such-compiler", tmp.path()), "cannot run the compiler './no-such-compiler': no such file or directory");
    std::fs::write(dir.path().join("crashcc"), "#!/bin/sh\nkill -SEGV $$\n").unwrap();
    std::fs::set_permissions(dir.path().join("crashcc"), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    assert_one_line_error(&driver("./crashcc", tmp.path()), "the compiler './crashcc' was killed by signal 11 (SIGSEGV)");
    assert_one_line_error(&driver("./p.c", tmp.path()), "cannot run the compiler './p.c': permission denied");
    assert_eq!(entries(tmp.path()), Vec::<PathBuf>::new(), "temporaries left behind");
    assert_one_line_error(&driver("gcc", Path::new("/sys")), "temporary directory");
    assert!(!dir.path().join("p").exists());
}

/// isl's scheduler runs in a process of its own (`schedule::process`), so
/// that a fault inside isl costs a region its new schedule, not the run.
/// Here the "scheduler" is a script around iotile that dies of SIGSEGV
/// whenever strongly connected components are not serialised (the first
/// word of its input, where isl's real fault lies): maximal fusion is then
/// scheduled again with them serialised, and gets the schedule minimal
/// fusion gets; a scheduler that always dies leaves the region no new
/// schedule, and says how it died.
#[test]
fn a_scheduler_that_dies_costs_the_region_only_its_new_schedule() {
    use iotile::isl::{IslText, Session};
    use iotile::schedule::{compute, Computed, Fusion};
    let dir = scratch();
    let script = |name: &str, body: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\ninput=$(cat)\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        path
    };
    let serialized_only = script("serialized-only", &format!("case \"$input\" in \"0 \"*) kill -SEGV $$ ;; esac\nprintf '%s\\n' \"$input\" | exec {IOTILE} \"$@\""));
    let always_dies = script("always-dies", "kill -SEGV $$");
    let schedule = |executable: &Path, fusion: Fusion| {
        let session = Session::new(0, 0).with_scheduler_process(Some(executable.to_path_buf()));
        let file = iotile::front::parse_file(&session, &root().join("testsuite/snapshots/two-nests.c"), &Default::default()).unwrap();
        let scop = file.regions[0].scop.as_ref().unwrap();
        let deps = iotile::deps::analyse(scop).unwrap();
        match compute(&session, scop, &deps, fusion).unwrap() {
            Computed::Found(s) => ("found".to_string(), s.isl_text()),
            Computed::Serialized(s, how) => (format!("serialized after: {how}"), s.isl_text()),
            Computed::Crashed(how) => (format!("crashed: {how}"), String::new()),
            Computed::NotFound => ("not found".to_string(), String::new()),
        }
    };
    let (minimal, expected) = schedule(Path::new(IOTILE), Fusion::Min);
    assert_eq!(minimal, "found");
    let (maximal, fused) = schedule(Path::new(IOTILE), Fusion::Max);
    assert_eq!(maximal, "found");
    assert_ne!(fused, expected, "maximal fusion fuses the two nests");
    assert_eq!(schedule(&serialized_only, Fusion::Min), ("found".to_string(), expected.clone()));
    assert_eq!(schedule(&serialized_only, Fusion::Max), ("serialized after: it died of signal 11".to_string(), expected));
    assert_eq!(schedule(&always_dies, Fusion::Max).0, "crashed: it died of signal 11");
}

/// A scheduler child that computes past its share of the deadline's CPU
/// time is killed, and the region gets no new schedule from it; the CPU
/// time it took counts against the deadline.
#[test]
fn a_scheduler_past_its_share_of_cpu_time_is_killed() {
    use iotile::isl::Session;
    use iotile::schedule::{compute, Computed, Fusion};
    let dir = scratch();
    let busy = dir.path().join("busy");
    std::fs::write(&busy, "#!/bin/sh\nwhile :; do :; done\n").unwrap();
    std::fs::set_permissions(&busy, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let session = Session::new(0, 2).with_scheduler_process(Some(busy));
    let file = iotile::front::parse_file(&session, &root().join("testsuite/snapshots/two-nests.c"), &Default::default()).unwrap();
    let scop = file.regions[0].scop.as_ref().unwrap();
    let deps = iotile::deps::analyse(scop).unwrap();
    let start = Instant::now();
    let (computed, expired) = session.within_deadline(|| {
        let computed = compute(&session, scop, &deps, Fusion::Min).unwrap();
        (computed, session.share_left(1.0).unwrap())
    });
    let (computed, left) = computed;
    assert!(matches!(computed, Computed::NotFound), "the busy child was not stopped");
    assert!(!expired);
    // Its share was half of the 2 s; what is left is at most the rest.
    assert!(left <= Duration::from_millis(1050), "{left:?} left: the child's CPU time was not charged");
    assert!(start.elapsed() < Duration::from_secs(10), "the child ran {:?}", start.elapsed());
}

/// The time guard counts CPU time, not wall time: a region translated on
/// a processor shared with six busy processes (seven times its wall time)
/// gets the code it gets alone, with no warning. Under a wall-clock guard
/// of two seconds it kept its original order. (Its stages take 0.2-0.8 s
/// of CPU time each, well under the guard.)
#[test]
fn a_loaded_processor_gets_the_same_code() {
    let case = root().join("testsuite/run/17-two-level-tiny-tiles.c");
    let dir = scratch();
    // The first processor this process may run on.
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let allowed = status.lines().find_map(|l| l.strip_prefix("Cpus_allowed_list:")).expect("the allowed processors");
    let cpu = allowed.trim().split([',', '-']).next().unwrap().to_string();
    let translate = |name: &str| {
        let out = Command::new("taskset")
            .args(["-c", &cpu, IOTILE, "--target=openmp", "--max-seconds=2", "-o"])
            .arg(dir.path().join(name))
            .arg(&case)
            .output()
            .expect("taskset runs");
        assert!(out.status.success() && !stderr(&out).contains("warning"), "{name}: {}", stderr(&out));
        std::fs::read(dir.path().join(name)).unwrap()
    };
    let alone = translate("alone.c");
    /// Busy processes, stopped however the test ends.
    struct Busy(Vec<std::process::Child>);
    impl Drop for Busy {
        fn drop(&mut self) {
            for child in &mut self.0 {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
    let busy = Busy(
        (0..6)
            .map(|_| Command::new("taskset").args(["-c", &cpu, "sh", "-c", "while :; do :; done"]).spawn().expect("taskset runs"))
            .collect(),
    );
    let start = Instant::now();
    let loaded = translate("loaded.c");
    let wall = start.elapsed();
    drop(busy);
    assert!(alone == loaded, "the loaded translation differs");
    // The load is real: the translation took longer than the guard.
    assert!(wall > Duration::from_secs(2), "{wall:?}");
}

/// Driver mode translates each input in a process of its own: when that
/// process dies (here made to abort by `IOTILE_TEST_CRASH_TRANSLATION`, as a
/// fault inside isl would kill it), the input is compiled unchanged with a
/// warning that says so, and the build goes on with the same result.
#[test]
fn a_translation_that_dies_leaves_the_input_compiled_unchanged() {
    let dir = scratch();
    std::fs::copy(root().join(SMALL), dir.path().join("p.c")).unwrap();
    let driver = |exe: &str, crash: bool| {
        let mut cmd = Command::new(IOTILE);
        cmd.args(["--cc=gcc", "-fopenmp", "-O1", "p.c", "-o", exe]).current_dir(dir.path());
        if crash {
            cmd.env("IOTILE_TEST_CRASH_TRANSLATION", "1");
        }
        cmd.output().unwrap()
    };
    let translated = driver("translated", false);
    assert!(translated.status.success(), "{}", stderr(&translated));
    assert!(!stderr(&translated).contains("compiled unchanged"), "{}", stderr(&translated));
    let crashed = driver("unchanged", true);
    assert!(crashed.status.success(), "{}", stderr(&crashed));
    assert!(stderr(&crashed).contains("iotile: warning: 'p.c' is compiled unchanged"), "{}", stderr(&crashed));
    assert!(stderr(&crashed).contains("died of signal 6 (SIGABRT)"), "{}", stderr(&crashed));
    let run = |exe: &str| Command::new(dir.path().join(exe)).env("OMP_NUM_THREADS", "2").output().unwrap().stdout;
    assert_eq!(run("translated"), run("unchanged"));
}

/// `-o` onto something other than a plain file: a pipe is written into
/// (and stays a pipe; renaming onto it would have replaced it, and for
/// root `-o /dev/null` replaced the device), a symbolic link stays a link
/// to the file that gets the output, a replaced file keeps its
/// permissions, and a new one gets those of any file created there (not
/// the temporary file's 0600).
#[test]
fn outputs_onto_pipes_links_and_files_keep_what_they_are() {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
    let dir = scratch();
    let expected = translate_to(&dir.path().join("plain.c").display().to_string());
    assert!(expected.status.success(), "{}", stderr(&expected));
    let expected = std::fs::read(dir.path().join("plain.c")).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // Created by this process: the mode under the same umask.
    let reference = dir.path().join("reference");
    std::fs::write(&reference, "").unwrap();
    assert_eq!(mode(&dir.path().join("plain.c")), mode(&reference));

    let pipe = dir.path().join("pipe");
    assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success());
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read(pipe).unwrap())
    };
    let out = translate_to(&pipe.display().to_string());
    assert!(out.status.success(), "{}", stderr(&out));
    // (Checked first: a replaced pipe would leave the reader waiting.)
    assert!(std::fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), expected);

    // `-o -` is standard output, as for a compiler; no file named `-`.
    let out = Command::new(IOTILE).args(["--target=openmp", "-o", "-"]).arg(root().join(SMALL)).current_dir(dir.path()).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, expected);
    assert!(!dir.path().join("-").exists());

    let real = dir.path().join("real.c");
    std::fs::write(&real, "old").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.c");
    std::os::unix::fs::symlink("real.c", &link).unwrap();
    let out = translate_to(&link.display().to_string());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&real).unwrap(), expected);
    assert_eq!(mode(&real), 0o640);
}
