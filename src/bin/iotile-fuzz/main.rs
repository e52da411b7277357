//! `iotile-fuzz`: mutation fuzzing of iotile's front end and pipeline, on
//! the stable toolchain.
//!
//! Iteration `k` of a run with seed `s` takes a file of the corpus (the C
//! files under `testsuite/` and `examples/`), applies one to four
//! mutations chosen by a generator seeded with `(s, k)` (byte ranges
//! deleted, duplicated or swapped, C tokens and pragmas inserted, numbers
//! and identifiers replaced, text spliced in from another file), and runs
//! the result in-process through the front end (without the preprocessor)
//! and, every eighth iteration, through scheduling, tiling and code
//! generation under a small operation bound and a wall-clock limit, with
//! one of a few option sets in turn (tiny isolated OpenMP tiles, the
//! default, CUDA with fused producers, the I/O model's search and its
//! report). It
//! checks that nothing panics and that every rejection is a diagnostic
//! with a span. A worker process runs the iterations and records the one
//! in progress with its text, so that a supervisor can report, save and
//! skip an input that aborts the process (an isl abort, a stack overflow)
//! or hangs; failing inputs are saved with `--out`.
//!
//! ```text
//! iotile-fuzz --iterations 4000                  # what CI runs
//! iotile-fuzz --iterations 1000000 --out target/fuzz-failures   # scripts/fuzz.sh
//! ```

use std::cell::RefCell;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use iotile::front::{parse_unexpanded, FrontOptions};
use iotile::isl::Session;

#[path = "../iotile-random/rng.rs"]
mod rng;
use rng::Rng;

/// isl operations per region: a tenth of the default, enough for the
/// corpus's regions, so that pathological mutants end quickly.
const MAX_OPERATIONS: u64 = 300_000;

/// CPU-time limit per region (`--max-seconds`).
const MAX_SECONDS: u64 = 2;

/// A worker that reports no progress for this long is hung.
const HANG: Duration = Duration::from_secs(60);

/// Tokens and fragments the mutator inserts.
const DICTIONARY: &[&str] = &[
    "for", "if", "else", "while", "do", "break", "return", "goto", "int", "double", "float", "long", "unsigned", "volatile",
    "static", "(", ")", "{", "}", "[", "]", ";", ",", "=", "+=", "-=", "*=", "/=", "++", "--", "+", "-", "*", "/", "%", "<",
    "<=", ">", ">=", "==", "!=", "&&", "||", "!", "?", ":", "&", "|", "^", "<<", "~", "i", "j", "k", "n", "m", "A", "B",
    "A[i]", "A[i][j]", "A[i+1]", "A[-i]", "0", "1", "-1", "2", "7", "2147483647", "9223372036854775807",
    "99999999999999999999", "0x7fffffff", "1e300", "0.5", "'a'", "'\\n'", "\"s\"", "(int)", "(double)", "(i)", "sizeof(A)",
    "min(", "max(", "floor(", "sqrt(", "pow(", "sin(", "printf(\"%d\", i)", "\n#pragma scop\n", "\n#pragma endscop\n",
    "\n#pragma omp parallel for\n", "\n#define X 3\n", "\n#include \"x.h\"\n", "\n#line 9\n", "\n#if 0\n", "\n#endif\n",
    "/*", "*/", "//", "\n", "\t", "\r\n", "\\\n", " ", "\u{0}", "é", "λ", "\u{feff}", "_Pragma(\"scop\")",
    "for (i = 0; i < n; i++) ", "for (int t = n; t >= 0; t -= 2) ", "if (i % 3 == 1) ", "A[i] = A[i] + 1.0;",
];

/// The generator of iteration `iteration` of seed `seed`.
fn generator(seed: u64, iteration: u64) -> Rng {
    // `Rng::new` mixes in a constant of its own; undone here so that the
    // sequence of each iteration is the one it has always been.
    let mut rng = Rng::new(seed ^ iteration.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d);
    rng.next();
    rng
}

/// The corpus: every C file under `testsuite/` and `examples/`, sorted.
fn corpus(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![root.join("testsuite"), root.join("examples")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "c") {
                if let Ok(bytes) = std::fs::read(&path) {
                    files.push((path.strip_prefix(root).unwrap_or(&path).display().to_string(), bytes));
                }
            }
        }
    }
    files.sort();
    files
}

/// A random byte range of `text` (at most `max` long).
fn range(rng: &mut Rng, text: &[u8], max: usize) -> std::ops::Range<usize> {
    let start = rng.below(text.len() + 1);
    let end = (start + 1 + rng.below(max)).min(text.len());
    start..end.max(start)
}

/// Positions in `text` where a token of letters, digits or `_` starts.
fn word_starts(text: &[u8]) -> Vec<usize> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    (0..text.len()).filter(|&i| word(text[i]) && (i == 0 || !word(text[i - 1]))).collect()
}

/// The input of iteration `iteration`.
fn mutant(corpus: &[(String, Vec<u8>)], seed: u64, iteration: u64) -> (String, Vec<u8>) {
    let mut rng = generator(seed, iteration);
    let (name, original) = &corpus[rng.below(corpus.len())];
    let mut text = original.clone();
    for _ in 0..1 + rng.below(4) {
        match rng.below(6) {
            0 => {
                let r = range(&mut rng, &text, 24);
                text.drain(r);
            }
            1 => {
                let r = range(&mut rng, &text, 40);
                let copy = text[r.clone()].to_vec();
                let at = rng.below(text.len() + 1);
                text.splice(at..at, copy);
            }
            2 => {
                let token = DICTIONARY[rng.below(DICTIONARY.len())].as_bytes();
                let at = rng.below(text.len() + 1);
                text.splice(at..at, token.iter().copied());
            }
            3 => {
                // Replace a word (identifier, keyword or number) by another
                // one of the file or of the dictionary.
                let starts = word_starts(&text);
                if starts.is_empty() {
                    continue;
                }
                let at = starts[rng.below(starts.len())];
                let end = (at..text.len()).find(|&i| !(text[i].is_ascii_alphanumeric() || text[i] == b'_')).unwrap_or(text.len());
                let other = starts[rng.below(starts.len())];
                let other_end = (other..text.len()).find(|&i| !(text[i].is_ascii_alphanumeric() || text[i] == b'_')).unwrap_or(text.len());
                let replacement =
                    if rng.below(2) == 0 { text[other..other_end].to_vec() } else { DICTIONARY[rng.below(DICTIONARY.len())].as_bytes().to_vec() };
                text.splice(at..end, replacement);
            }
            4 => {
                let (_, donor) = &corpus[rng.below(corpus.len())];
                let r = range(&mut rng, donor, 200);
                let at = rng.below(text.len() + 1);
                text.splice(at..at, donor[r].iter().copied());
            }
            _ => {
                let a = range(&mut rng, &text, 60);
                let b = range(&mut rng, &text, 60);
                if a.end <= b.start {
                    let (first, second) = (text[a.clone()].to_vec(), text[b.clone()].to_vec());
                    text.splice(b, first);
                    text.splice(a, second);
                }
            }
        }
    }
    (name.clone(), text)
}

thread_local! {
    /// The message of the last panic on this thread (the hook keeps it
    /// quiet instead of printing).
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// One iteration in this many also runs scheduling, tiling and code
/// generation (tens of milliseconds); the others stop after the front
/// end (under a millisecond), where most mutants are rejected anyway.
const WHOLE_PIPELINE_EVERY: u64 = 8;

/// The option sets of whole-pipeline iterations, taken in turn.
const WHOLE_PIPELINE_OPTIONS: &[&[&str]] = &[
    // Rescheduled whatever the model says, tiled with small odd sizes and
    // full tiles isolated: the most code paths per input.
    &["--target=openmp", "--reschedule=always", "--tile-sizes=3,5", "--isolate-full-tiles=always"],
    // The default: post-tiling fusion where intermediates get tile-local
    // buffers, weighed against smart fusion by the cost model.
    &["--target=openmp"],
    // CUDA: tiles as blocks, threads, shared memory, fused producers.
    &["--target=cuda", "--fusion=liveout", "--tile-sizes=3,5,7", "--block-sizes=5,3"],
    // The I/O model's tile-size search on small caches, and its report.
    &["--target=openmp", "--tile-sizes=auto", "--cache-sizes=1K,8K", "--report=json"],
];

/// Runs one input through the front end and, with `whole`, the rest of
/// the pipeline under that entry of [`WHOLE_PIPELINE_OPTIONS`]; gives what
/// went wrong, if anything.
fn check(name: &str, bytes: &[u8], whole: Option<&[&str]>) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let run = std::panic::catch_unwind(|| -> Option<String> {
        let session = Session::new(MAX_OPERATIONS, MAX_SECONDS);
        let file = match parse_unexpanded(&session, name, &text, &FrontOptions::default()) {
            Ok(file) => file,
            Err(d) if d.label.is_none() => return Some(format!("a rejection without a span: {}", d.message)),
            Err(_) => return None,
        };
        for region in &file.regions {
            if let Err(d) = &region.scop {
                if d.label.is_none() {
                    return Some(format!("a region rejected without a span: {}", d.message));
                }
            }
        }
        let flags = whole?;
        let Some(options) = generate_options(flags) else { return Some(format!("the option set {flags:?} is refused")) };
        if let Ok(output) = iotile::generate_file(&session, &file, &options, &iotile::timing::StageTimes::default()) {
            if options.report {
                let hierarchy = options.plan.as_ref().and_then(|p| p.io.as_ref()).map(|io| &io.hierarchy);
                let _ = iotile::report::json(name, hierarchy, &output.reports);
            }
        }
        None
    });
    match run {
        Ok(outcome) => outcome,
        Err(_) => Some(format!("panic: {}", PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default())),
    }
}

/// What iotile's command line `flags` asks of code generation, with
/// `--fallback`.
fn generate_options(flags: &[&str]) -> Option<iotile::GenerateOptions> {
    let args = std::iter::once("iotile").chain(flags.iter().copied()).chain(["x.c"]).map(std::ffi::OsString::from);
    let cli = iotile::cli::Cli::parse_args(args).ok()?;
    Some(iotile::GenerateOptions {
        target: cli.target(),
        plan: cli.schedule_plan().ok()?,
        fallback: true,
        mapping: cli.mapping().ok()?,
        report: cli.report.is_some(),
        ..Default::default()
    })
}

struct Options {
    seed: u64,
    iterations: u64,
    first: u64,
    out: Option<PathBuf>,
    worker: Option<PathBuf>,
}

fn parse_options() -> Result<Options, String> {
    let mut o = Options { seed: 1, iterations: 3000, first: 0, out: None, worker: None };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("missing value after {arg}"));
        match arg.as_str() {
            "--seed" => o.seed = value()?.parse().map_err(|_| "--seed takes a number")?,
            "--iterations" => o.iterations = value()?.parse().map_err(|_| "--iterations takes a number")?,
            "--first" => o.first = value()?.parse().map_err(|_| "--first takes a number")?,
            "--out" => o.out = Some(PathBuf::from(value()?)),
            "--worker" => o.worker = Some(PathBuf::from(value()?)),
            "-h" | "--help" => {
                return Err("usage: iotile-fuzz [--seed S] [--iterations N] [--first K] [--out DIR]".into());
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(o)
}

/// The worker: runs iterations `first..first+iterations`, writing the
/// number and the text of the one in progress to `dir` before it starts,
/// and one line `FAIL <iteration> <what>` per failure on stdout (with
/// `--out`, the input is saved there at once).
fn work(o: &Options, dir: &Path) -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{at}")));
    }));
    let corpus = corpus(&root());
    let mut stdout = std::io::stdout().lock();
    for k in o.first..o.first + o.iterations {
        let (name, input) = mutant(&corpus, o.seed, k);
        let _ = std::fs::write(dir.join(INPUT), &input);
        let _ = std::fs::write(dir.join(PROGRESS), format!("{k} {name}"));
        let whole = (k % WHOLE_PIPELINE_EVERY == 0).then(|| WHOLE_PIPELINE_OPTIONS[(k / WHOLE_PIPELINE_EVERY) as usize % WHOLE_PIPELINE_OPTIONS.len()]);
        if let Some(what) = check(&name, &input, whole) {
            if let Some(out) = &o.out {
                save(out, o.seed, k, &input);
            }
            let _ = writeln!(stdout, "FAIL {k} a mutant of {name}: {}", what.replace('\n', " "));
            let _ = stdout.flush();
        }
    }
    ExitCode::SUCCESS
}

/// Files of the worker's directory: the iteration in progress (`k name`)
/// and its input.
const PROGRESS: &str = "progress";
const INPUT: &str = "input.c";

/// Saves a failing input as `seed-S-iteration-K.c` in `out`.
fn save(out: &Path, seed: u64, k: u64, input: &[u8]) {
    let _ = std::fs::create_dir_all(out);
    let _ = std::fs::write(out.join(format!("seed-{seed}-iteration-{k}.c")), input);
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn main() -> ExitCode {
    let o = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("iotile-fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = o.worker.clone() {
        return iotile::with_deep_stack(move || work(&o, &dir));
    }
    if corpus(&root()).is_empty() {
        eprintln!("iotile-fuzz: no corpus under {}", root().display());
        return ExitCode::from(2);
    }
    let scratch = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("iotile-fuzz: cannot create a temporary directory: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = scratch.path();
    let progress = || -> Option<(u64, String)> {
        let text = std::fs::read_to_string(dir.join(PROGRESS)).ok()?;
        let (k, name) = text.split_once(' ')?;
        Some((k.parse().ok()?, name.to_string()))
    };
    let start = Instant::now();
    let end = o.first + o.iterations;
    let mut next = o.first;
    let mut failures: Vec<String> = Vec::new();
    while next < end {
        // A worker runs from `next` to the end, or until it dies or hangs
        // on an input; the supervisor then records that input and goes on
        // after it.
        let _ = std::fs::remove_file(dir.join(PROGRESS));
        let mut worker = Command::new(std::env::current_exe().unwrap_or_else(|_| "iotile-fuzz".into()));
        worker.args(["--worker", &dir.display().to_string()]);
        worker.args(["--seed", &o.seed.to_string(), "--first", &next.to_string(), "--iterations", &(end - next).to_string()]);
        if let Some(out) = &o.out {
            worker.arg("--out").arg(out);
        }
        let mut child = match worker.stdout(Stdio::piped()).stderr(Stdio::null()).spawn() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("iotile-fuzz: cannot start a worker: {e}");
                return ExitCode::from(2);
            }
        };
        // The worker's failures, each also shown as it comes (for long runs).
        let reader = child.stdout.take().map(|out| {
            std::thread::spawn(move || {
                let lines = std::io::BufRead::lines(std::io::BufReader::new(out)).map_while(Result::ok);
                let found = lines.filter_map(|line| line.strip_prefix("FAIL ").map(|f| format!("iteration {f}")));
                found.inspect(|f| eprintln!("iotile-fuzz: {f}")).collect::<Vec<String>>()
            })
        });
        let (mut last, mut since) = (None::<u64>, Instant::now());
        let status = loop {
            if let Ok(Some(status)) = child.try_wait() {
                break Some(status);
            }
            let now = progress().map(|p| p.0);
            if now != last {
                (last, since) = (now, Instant::now());
            } else if since.elapsed() > HANG {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        failures.extend(reader.and_then(|r| r.join().ok()).unwrap_or_default());
        let (stopped_at, name) = progress().unwrap_or((next, String::new()));
        let what = match status {
            Some(s) if s.success() => break,
            Some(s) => format!("the process died ({s})"),
            None => format!("no progress for {} s", HANG.as_secs()),
        };
        let failure = format!("iteration {stopped_at} a mutant of {name}: {what}");
        eprintln!("iotile-fuzz: {failure}");
        failures.push(failure);
        if let (Some(out), Ok(input)) = (&o.out, std::fs::read(dir.join(INPUT))) {
            save(out, o.seed, stopped_at, &input);
        }
        next = stopped_at + 1;
    }
    for failure in &failures {
        println!("{failure}");
    }
    if let (Some(out), false) = (&o.out, failures.is_empty()) {
        println!("failing inputs saved in {}", out.display());
    }
    println!(
        "{} iterations (seed {}, from {}) in {:.0} s: {} failure(s)",
        o.iterations,
        o.seed,
        o.first,
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
