//! `iotile-random`: differential testing of iotile on random programs.
//!
//! Each seed gives one program ([`generate`]), self-contained and printing
//! every value it computes exactly (`%a`). The program is built as
//! written and after iotile under a set of option combinations (targets,
//! tile sizes down to 1, fusion modes, isolation, two tiling levels, the
//! floor and the forced new schedule, driver mode), run, and every output
//! compared byte for byte with the original's. A failure (iotile exits
//! with an error or panics, the translation does not compile, prints
//! something else or runs past the time limit) is reported with its seed
//! and option set; with `--out`, the program and its automatic reduction
//! ([`reduce`]) are saved there, ready to become a regression test in
//! `testsuite/run/`.
//!
//! ```text
//! iotile-random --count 200                       # what CI runs (4 option sets per program)
//! iotile-random --count 10000 --all --out failures  # a long run (scripts/random.sh)
//! iotile-random --pipelines --count 500 --all     # image pipelines only
//! iotile-random --print 17                        # show the program of seed 17
//! iotile-random probe.c other.c                   # hand-written programs, every option set
//! iotile-random --count 50 --nvcc "$(scripts/nvcc.sh)"  # and real nvcc on their CUDA output
//! ```

mod edge;
mod generate;
mod program;
mod reduce;
mod rng;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Parser;

use program::Program;

#[derive(Parser, Debug)]
#[command(name = "iotile-random", about = "Differential testing of iotile on random affine programs")]
struct Options {
    /// First seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of programs (seeds `seed`, `seed + 1`, ...).
    #[arg(long, default_value_t = 200)]
    count: u64,
    /// Only the image pipelines among the seeds (`count` of them).
    #[arg(long)]
    pipelines: bool,
    /// The iotile binary under test.
    #[arg(long, default_value = "target/release/iotile")]
    iotile: PathBuf,
    /// C compiler.
    #[arg(long, default_value = "gcc")]
    cc: String,
    /// Programs checked at the same time.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Every option set on every program (default: the two default targets
    /// and two more option sets chosen by the seed).
    #[arg(long)]
    all: bool,
    /// Save failing programs and their reductions in this folder.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Do not reduce failing programs.
    #[arg(long)]
    no_reduce: bool,
    /// Print the program of this seed and exit.
    #[arg(long)]
    print: Option<u64>,
    /// Seconds one iotile, compiler or program run may take.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Also compile the CUDA output of every program with this nvcc (no
    /// GPU needed; `scripts/nvcc.sh` installs one): under each option set
    /// of [`NVCC_VARIANTS`], a one-file output must compile exactly where
    /// iotile does not warn that its host code is C that C++ rejects, and
    /// the kernels' own file of `--kernels` always.
    #[arg(long)]
    nvcc: Option<PathBuf>,
    /// Check these C programs (self-contained, printing their results)
    /// under every option set, instead of generated ones.
    files: Vec<PathBuf>,
}

/// The option sets (`driver` marks driver mode: iotile builds the program
/// itself as the C compiler would; with `--emulate-cuda`, the CUDA
/// translation on the CPU emulation; `--kernels` puts the kernels in a
/// file of their own, compiled as C++ as nvcc compiles it, on the
/// emulation; a region CUDA cannot take stays as written, as in driver
/// mode).
const VARIANTS: &[&str] = &[
    "--target=c",
    "--target=openmp",
    "--target=openmp --reschedule=always",
    "--target=openmp --reschedule=never",
    "--target=openmp --reschedule=always --no-tile",
    "--target=openmp --reschedule=always --tile-sizes=3,5,2 --fusion=min --expand=always",
    "--target=openmp --reschedule=always --tile-sizes=4 --fusion=max --register-tiles=2,4",
    "--target=openmp --reschedule=always --tile-sizes=1,2",
    "--target=openmp --reschedule=always --isolate-full-tiles=always --tile-sizes=4,3;2,5 --l2-tile-factor=2 --register-tiles=2,2",
    "--target=openmp --reschedule=always --isolate-full-tiles=never --tile-sizes=7 --fusion=max --expand=always",
    "--target=openmp --reschedule=always --tile-sizes=4 --fusion=liveout",
    "--target=openmp --reschedule=always --cache-sizes=256,1K,4K",
    "--target=c --reschedule=always --fusion=max",
    "driver --target=openmp --reschedule=always --tile-sizes=5",
    "driver --emulate-cuda",
    "driver --emulate-cuda --tile-sizes=3,5 --fusion=max",
    "driver --emulate-cuda --tile-sizes=2,3 --fusion=liveout",
    "--target=openmp --reschedule=always --tile-sizes=5,9 --fusion=liveout --inline=none",
    "--target=cuda --fallback --kernels --block-sizes=5,3 --tile-sizes=4,7",
];

/// The option sets an image pipeline's two more are drawn from: those
/// that fuse, with tiles smaller than its planes.
const PIPELINE_VARIANTS: &[&str] = &[
    "--target=openmp --reschedule=always",
    "--target=openmp --reschedule=always --tile-sizes=4 --fusion=liveout",
    "--target=openmp --reschedule=always --tile-sizes=5,9 --fusion=liveout --inline=none",
    "--target=openmp --reschedule=always --tile-sizes=3,5,2 --fusion=min",
    "--target=openmp --reschedule=always --tile-sizes=7 --fusion=max",
    "driver --emulate-cuda --tile-sizes=2,3 --fusion=liveout",
    "driver --emulate-cuda",
];

/// Flags of every build, original or translated.
const CFLAGS: &[&str] = &["-std=c99", "-O1", "-ffp-contract=off", "-fopenmp", "-w"];

/// How a check failed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// The original program does not build or run: a generator bug.
    Generator,
    IotilePanic,
    IotileError,
    DoesNotCompile,
    WrongOutput,
    Timeout,
    /// Real nvcc rejects a CUDA output iotile did not warn about (or
    /// compiles one it warned about).
    Nvcc,
}

/// The option sets whose CUDA output `--nvcc` compiles (`nvcc` names the
/// check in reports).
const NVCC_VARIANTS: &[&str] = &["nvcc --target=cuda", "nvcc --target=cuda --tile-sizes=3,5 --fusion=max", "nvcc --target=cuda --tile-sizes=4 --fusion=liveout"];

#[derive(Debug)]
struct Failure {
    seed: u64,
    variant: &'static str,
    kind: Kind,
    detail: String,
}

fn main() -> ExitCode {
    let options = Options::parse();
    if let Some(seed) = options.print {
        print!("{}", generate::generate(seed).render());
        return ExitCode::SUCCESS;
    }
    if !options.iotile.exists() {
        eprintln!("iotile-random: {} does not exist (build iotile first, or pass --iotile)", options.iotile.display());
        return ExitCode::from(2);
    }
    if !options.files.is_empty() {
        return check_files(&options);
    }
    let next = AtomicU64::new(options.seed);
    let claimed = AtomicU64::new(0);
    let end = AtomicU64::new(options.seed);
    let failures = Mutex::new(Vec::new());
    let slow = Mutex::new(Vec::new());
    let runs = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::SeqCst);
                let program = generate::generate(seed);
                if options.pipelines && !program.pipeline {
                    continue;
                }
                if claimed.fetch_add(1, Ordering::SeqCst) >= options.count {
                    break;
                }
                end.fetch_max(seed + 1, Ordering::SeqCst);
                let variants = variants_for(seed, options.all, program.pipeline);
                runs.fetch_add(variants.len() as u64, Ordering::SeqCst);
                let (found, past) = check(&program, &variants, &options);
                slow.lock().unwrap().extend(past.into_iter().map(|variant| (seed, variant)));
                for (k, failure) in found.into_iter().enumerate() {
                    eprintln!("seed {}: {:?} with `{}`: {}", failure.seed, failure.kind, failure.variant, first_lines(&failure.detail, 6));
                    if let Some(dir) = &options.out {
                        // One reduction per program: its failures under
                        // other option sets are most often the same bug.
                        save(dir, &program, &failure, &options, k == 0);
                    }
                    failures.lock().unwrap().push(failure);
                }
                // A line every 50 programs, for long runs.
                let done = done.fetch_add(1, Ordering::SeqCst) + 1;
                if done.is_multiple_of(50) && done < options.count {
                    let failed = failures.lock().unwrap().len();
                    eprintln!("iotile-random: {done} of {} programs checked in {:.0} s, {failed} failure(s)", options.count, started.elapsed().as_secs_f64());
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    println!(
        "{} programs (seeds {}..{}), {} translations checked in {:.0} s: {} failure(s)",
        options.count,
        options.seed,
        end.load(Ordering::SeqCst),
        runs.load(Ordering::SeqCst),
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    for f in &failures {
        println!("  seed {}: {:?} with `{}`", f.seed, f.kind, f.variant);
    }
    // Correct but slow: a region past --max-seconds keeps its original
    // order (or its code unchecked), which is worth a look.
    let slow = slow.into_inner().unwrap();
    if !slow.is_empty() {
        println!("{} translation(s) past --max-seconds (not failures):", slow.len());
        for (seed, variant) in &slow {
            println!("  seed {seed} with `{variant}`");
        }
    }
    if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The option sets a program is checked with: all, or the two default
/// targets and two more chosen by the seed (for an image pipeline, among
/// [`PIPELINE_VARIANTS`]).
fn variants_for(seed: u64, all: bool, pipeline: bool) -> Vec<&'static str> {
    if all {
        return VARIANTS.to_vec();
    }
    if pipeline {
        let a = (seed as usize * 7) % PIPELINE_VARIANTS.len();
        let b = (a + 1 + (seed as usize / PIPELINE_VARIANTS.len()) % (PIPELINE_VARIANTS.len() - 1)) % PIPELINE_VARIANTS.len();
        return vec![VARIANTS[0], VARIANTS[1], PIPELINE_VARIANTS[a], PIPELINE_VARIANTS[b]];
    }
    let rest = &VARIANTS[2..];
    let a = (seed as usize * 7) % rest.len();
    let b = (a + 1 + (seed as usize / rest.len()) % (rest.len() - 1)) % rest.len();
    vec![VARIANTS[0], VARIANTS[1], rest[a], rest[b]]
}

/// Checks the programs named on the command line under every option set,
/// `--jobs` at a time; reports each failure.
fn check_files(options: &Options) -> ExitCode {
    let next = AtomicU64::new(0);
    let failed = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| {
                while let Some(file) = options.files.get(next.fetch_add(1, Ordering::SeqCst) as usize) {
                    let (found, slow) = match std::fs::read_to_string(file) {
                        Ok(text) => check_source(&text, VARIANTS, options),
                        Err(e) => (vec![("", Kind::Generator, format!("cannot read it: {e}"))], Vec::new()),
                    };
                    for (variant, kind, detail) in &found {
                        println!("{}: {kind:?} with `{variant}`: {}", file.display(), first_lines(detail, 6));
                    }
                    for variant in slow {
                        println!("{}: past --max-seconds with `{variant}` (not a failure)", file.display());
                    }
                    if found.is_empty() {
                        println!("{}: {} option sets, same output", file.display(), VARIANTS.len());
                    }
                    failed.fetch_add(found.len() as u64, Ordering::SeqCst);
                }
            });
        }
    });
    let failed = failed.into_inner();
    println!("{} program(s) checked in {:.0} s: {failed} failure(s)", options.files.len(), started.elapsed().as_secs_f64());
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Checks `program` under each of `variants`; gives the failures, and the
/// variants whose translation ran past `--max-seconds` somewhere.
fn check(program: &Program, variants: &[&'static str], options: &Options) -> (Vec<Failure>, Vec<&'static str>) {
    let (found, slow) = check_source(&program.render(), variants, options);
    (found.into_iter().map(|(variant, kind, detail)| Failure { seed: program.seed, variant, kind, detail }).collect(), slow)
}

/// Checks the program of text `source` under each of `variants`; gives
/// each failure (its option set, what failed and how), and the variants
/// whose translation ran past `--max-seconds` somewhere. A program that
/// does not build or run as written fails with [`Kind::Generator`].
fn check_source(source: &str, variants: &[&'static str], options: &Options) -> (Vec<(&'static str, Kind, String)>, Vec<&'static str>) {
    let dir = match tempfile::Builder::new().prefix("iotile-random-").tempdir() {
        Ok(d) => d,
        Err(e) => return (vec![("", Kind::Generator, format!("cannot create a scratch folder: {e}"))], Vec::new()),
    };
    let dir = dir.path();
    let path = dir.join("program.c");
    if let Err(e) = std::fs::write(&path, source) {
        return (vec![("", Kind::Generator, format!("cannot write {}: {e}", path.display()))], Vec::new());
    }
    let timeout = Duration::from_secs(options.timeout);
    let expected = match build_and_run(&options.cc, &path, &dir.join("original"), dir, timeout) {
        Ok(out) => out,
        Err((_, e)) => return (vec![("", Kind::Generator, format!("the original program fails: {e}"))], Vec::new()),
    };
    let (mut found, mut slow) = (Vec::new(), Vec::new());
    for &variant in variants {
        match check_variant(variant, &path, &expected, dir, options) {
            Ok(true) => slow.push(variant),
            Ok(false) => {}
            Err((kind, detail)) => found.push((variant, kind, detail)),
        }
    }
    for &variant in NVCC_VARIANTS.iter().filter(|_| options.nvcc.is_some()) {
        if let Err((kind, detail)) = check_nvcc(variant, &path, dir, options) {
            found.push((variant, kind, detail));
        }
    }
    (found, slow)
}

/// Compiles the CUDA translations of `source` under `variant` (one of
/// [`NVCC_VARIANTS`]) with `--nvcc`: the one-file output where it launches
/// kernels, which must compile exactly where iotile gave no warning that
/// its host code is not C++, and the kernels' own file of `--kernels`.
fn check_nvcc(variant: &str, source: &Path, dir: &Path, options: &Options) -> Result<(), (Kind, String)> {
    let Some(nvcc) = &options.nvcc else { return Ok(()) };
    let timeout = Duration::from_secs(options.timeout);
    let flags: Vec<&str> = variant.split_whitespace().skip(1).collect();
    let translate = |output: &Path, kernels: Option<&Path>| -> Result<String, (Kind, String)> {
        let mut cmd = Command::new(&options.iotile);
        cmd.args(&flags).args(kernels.map(|k| format!("--kernels={}", k.display()))).arg("-o").arg(output).arg(source);
        let (ok, _, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, format!("iotile: {e}")))?;
        if ok { Ok(stderr) } else { Err((iotile_kind(&stderr), stderr)) }
    };
    let nvcc_compiles = |file: &Path| -> Result<(bool, String), (Kind, String)> {
        let mut cmd = Command::new(nvcc);
        cmd.args(["-arch=sm_90", "-c"]).arg(file).arg("-o").arg(dir.join("nvcc.o"));
        let (ok, _, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, format!("nvcc: {e}")))?;
        Ok((ok, stderr))
    };
    let one_file = dir.join("translated.cu");
    let warning = translate(&one_file, None)?;
    let launches = std::fs::read_to_string(&one_file).is_ok_and(|text| text.contains("__global__"));
    if launches {
        let warned = warning.contains("nvcc cannot compile the host code");
        let (compiled, errors) = nvcc_compiles(&one_file)?;
        match (warned, compiled) {
            (false, false) => return Err((Kind::Nvcc, format!("nvcc rejects the one-file output: {errors}"))),
            (true, true) => return Err((Kind::Nvcc, format!("nvcc compiles the one-file output iotile warned about: {warning}"))),
            _ => {}
        }
    }
    let kernels = dir.join("translated.kernels.cu");
    let _ = std::fs::remove_file(&kernels);
    translate(&dir.join("translated.c"), Some(&kernels))?;
    if std::fs::metadata(&kernels).is_ok_and(|m| m.len() > 0) {
        let (compiled, errors) = nvcc_compiles(&kernels)?;
        if !compiled {
            return Err((Kind::Nvcc, format!("nvcc rejects the kernels' file: {errors}")));
        }
    }
    Ok(())
}

/// Translates `source` under `variant`, builds and runs it, and compares
/// its output with `expected`; `Ok(true)` where iotile warned that a region
/// ran past `--max-seconds`.
fn check_variant(variant: &str, source: &Path, expected: &str, dir: &Path, options: &Options) -> Result<bool, (Kind, String)> {
    let timeout = Duration::from_secs(options.timeout);
    let exe = dir.join("translated");
    let _ = std::fs::remove_file(&exe);
    let flags: Vec<&str> = variant.split_whitespace().filter(|w| *w != "driver").collect();
    let past_deadline;
    let actual = if variant.starts_with("driver") {
        let mut cmd = Command::new(&options.iotile);
        cmd.arg(format!("--cc={}", options.cc)).args(&flags).args(CFLAGS).arg(source).arg("-o").arg(&exe).arg("-lm");
        let (ok, _, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, format!("driver: {e}")))?;
        if !ok {
            return Err((iotile_kind(&stderr), stderr));
        }
        past_deadline = stderr.contains("(--max-seconds)");
        run_program(&exe, dir, timeout)?
    } else {
        let translated = dir.join("translated.c");
        let kernels = dir.join("translated.kernels.cu");
        let separate = flags.contains(&"--kernels");
        let mut cmd = Command::new(&options.iotile);
        cmd.args(flags.iter().filter(|f| **f != "--kernels"));
        if separate {
            cmd.arg(format!("--kernels={}", kernels.display()));
        }
        cmd.arg("-o").arg(&translated).arg(source);
        let (ok, _, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, format!("iotile: {e}")))?;
        if !ok {
            return Err((iotile_kind(&stderr), stderr));
        }
        past_deadline = stderr.contains("(--max-seconds)");
        if separate {
            build_separate_and_run(&options.cc, &translated, &kernels, &exe, dir, timeout)?
        } else {
            build_and_run(&options.cc, &translated, &exe, dir, timeout)?
        }
    };
    let (expected, actual) = (without_nan_signs(expected), without_nan_signs(&actual));
    if actual == expected {
        return Ok(past_deadline);
    }
    let line = expected.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(expected.lines().count().min(actual.lines().count()));
    Err((
        Kind::WrongOutput,
        format!("output differs at line {}: original {:?}, translated {:?}", line + 1, expected.lines().nth(line).unwrap_or("<end>"), actual.lines().nth(line).unwrap_or("<end>")),
    ))
}

/// `output` with every NaN printed without its sign. C leaves the sign of
/// a NaN that an operation makes to the compiler (which operand of `a + b`
/// it passes on when both are NaNs): gcc's -O1 and -O2 builds of one random
/// program, whose values overflowed to infinities of both signs, printed
/// `-nan` and `nan` for the same element.
fn without_nan_signs(output: &str) -> String {
    output.replace("-nan", "nan")
}

fn iotile_kind(stderr: &str) -> Kind {
    if stderr.contains("panicked") { Kind::IotilePanic } else { Kind::IotileError }
}

/// Compiles `source` to `exe` and runs it on three threads; gives its output.
fn build_and_run(cc: &str, source: &Path, exe: &Path, dir: &Path, timeout: Duration) -> Result<String, (Kind, String)> {
    let mut cmd = Command::new(cc);
    cmd.args(CFLAGS).arg(source).arg("-o").arg(exe).arg("-lm");
    compile(cmd, dir, timeout)?;
    run_program(exe, dir, timeout)
}

/// Runs the compiler command `cmd`; a failure is the program's
/// [`Kind::DoesNotCompile`], with the compiler's messages.
fn compile(cmd: Command, dir: &Path, timeout: Duration) -> Result<(), (Kind, String)> {
    let name = cmd.get_program().to_string_lossy().into_owned();
    let (ok, _, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, format!("{name}: {e}")))?;
    if ok { Ok(()) } else { Err((Kind::DoesNotCompile, stderr)) }
}

/// The CPU emulation's header, written beside CUDA translations.
const EMULATION_HEADER: &str = include_str!("../../../runtime/iotile_cuda_emulation.h");

/// Builds a CUDA translation whose kernels are in a file of their own on
/// the CPU emulation, the host code as C and the kernels as C++ (g++
/// stands for nvcc), and runs it; gives its output.
fn build_separate_and_run(cc: &str, host: &Path, kernels: &Path, exe: &Path, dir: &Path, timeout: Duration) -> Result<String, (Kind, String)> {
    let header = dir.join("iotile_cuda_emulation.h");
    std::fs::write(&header, EMULATION_HEADER).map_err(|e| (Kind::Generator, format!("cannot write {}: {e}", header.display())))?;
    let include = format!("-I{}", dir.display());
    let object = dir.join("kernels.o");
    let mut cmd = Command::new("g++");
    cmd.args(["-std=c++17", "-O1", "-ffp-contract=off", "-w", "-x", "c++", "-DIOTILE_EMULATE_CUDA", &include, "-c"]).arg(kernels).arg("-o").arg(&object);
    compile(cmd, dir, timeout)?;
    let mut cmd = Command::new(cc);
    cmd.args(CFLAGS).args(["-DIOTILE_EMULATE_CUDA", &include]).arg(host).arg(&object).arg("-o").arg(exe).args(["-lm", "-lstdc++"]);
    compile(cmd, dir, timeout)?;
    run_program(exe, dir, timeout)
}

/// Runs the program `exe` on three threads; gives its output.
fn run_program(exe: &Path, dir: &Path, timeout: Duration) -> Result<String, (Kind, String)> {
    let mut cmd = Command::new(exe);
    cmd.env("OMP_NUM_THREADS", "3");
    let (ok, stdout, stderr) = run(cmd, timeout, dir).map_err(|e| (Kind::Timeout, e))?;
    if !ok {
        return Err((Kind::WrongOutput, format!("{} exits with an error: {stderr}", exe.display())));
    }
    Ok(stdout)
}

/// Runs `cmd` with its output in files of `dir`, killing it after
/// `timeout`; gives whether it succeeded, its standard output and error.
/// It runs in a process group of its own, killed whole: killing the
/// driver alone left the compiler it had started (gcc's `cc1`) running
/// on, once with 23 GB of memory on a translation a gigabyte long.
fn run(mut cmd: Command, timeout: Duration, dir: &Path) -> Result<(bool, String, String), String> {
    use std::os::unix::process::CommandExt as _;
    let (out_path, err_path) = (dir.join("run.out"), dir.join("run.err"));
    let files = (std::fs::File::create(&out_path), std::fs::File::create(&err_path));
    let (Ok(out), Ok(err)) = files else { return Err(format!("cannot create output files in {}", dir.display())) };
    let mut child = cmd.stdin(Stdio::null()).stdout(out).stderr(err).process_group(0).spawn().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > timeout => {
                let group = nix::unistd::Pid::from_raw(child.id() as i32);
                let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{:?} ran past {} s", cmd.get_program(), timeout.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("cannot wait for {:?}: {e}", cmd.get_program())),
        }
    };
    let read = |p: &Path| std::fs::read(p).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    Ok((status.success(), read(&out_path), read(&err_path)))
}

/// Saves the failing program, its reduction (if `reduce` and not
/// `--no-reduce`) and what failed in `dir`.
fn save(dir: &Path, program: &Program, failure: &Failure, options: &Options, reduce: bool) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("iotile-random: cannot create {}: {e}", dir.display());
        return;
    }
    let stem = format!("seed-{}-{}", failure.seed, VARIANTS.iter().position(|v| *v == failure.variant).unwrap_or(0));
    let _ = std::fs::write(dir.join(format!("{stem}.c")), program.render());
    let _ = std::fs::write(dir.join(format!("{stem}.txt")), format!("{:?} with `{}`\n{}\n", failure.kind, failure.variant, failure.detail));
    if !reduce || options.no_reduce || failure.kind == Kind::Generator {
        return;
    }
    let mut fails = |candidate: &Program| -> bool {
        let variant = [failure.variant];
        check(candidate, &variant, options).0.iter().any(|f| f.kind == failure.kind && f.variant == failure.variant)
    };
    let reduced = reduce::reduce(program, &mut fails);
    let _ = std::fs::write(dir.join(format!("{stem}-reduced.c")), reduced.render());
    eprintln!("seed {}: reduced to {} lines in {}", failure.seed, reduced.render().lines().count(), dir.join(format!("{stem}-reduced.c")).display());
}

fn first_lines(text: &str, n: usize) -> String {
    text.lines().take(n).collect::<Vec<_>>().join("\n  ")
}
