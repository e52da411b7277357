//! Driver mode: `iotile --cc=COMPILER [compiler flags] FILES... [-c] [-o OUT]`.
//!
//! Behaves like the wrapped compiler: every `.c` input that has
//! `#pragma scop` regions is translated (to a temporary file with the same
//! name, or also kept as `<stem>.iotile.c` beside the output with `--keep`),
//! then the compiler runs on the translated files in place of the originals
//! with all other arguments unchanged, and its exit status becomes iotile's.
//! Inputs without regions, object files and libraries pass through
//! untouched; the flags that change what the preprocessor makes of a file
//! (`-D/-I/-U/-std`, `-include`, `-isystem`, `-O2`, OpenMP, ...) also reach
//! iotile's preprocessing. When the
//! compile enables OpenMP (`-fopenmp` and its kin) the regions are
//! translated with `--target=openmp`, rescheduled, tiled and parallelised;
//! otherwise with `--target=c`, like a compiler that keeps the sequential
//! program. With nvcc (`--cc=nvcc`, or any compiler whose name contains
//! `nvcc`) the regions are translated for CUDA: the host code stays C, in
//! a `.c` file nvcc compiles with the host compiler, and the kernels go to
//! `<stem>.kernels.cu` (with `-c`, the two objects are joined by `ld -r`
//! into the one the build expects); with
//! `--emulate-cuda` they are translated for CUDA and compiled, as C, on
//! the CPU emulation of `runtime/` (its header is written beside the
//! translated file and `-DIOTILE_EMULATE_CUDA` added). iotile's own scheduling options (`--tile-size`, `--fusion`, ...)
//! are taken out of the compiler's arguments. A region iotile cannot handle
//! keeps its original code, with a warning, so a build never breaks because
//! one loop nest is not affine. The translated file names the original in
//! `#line` directives, so that the compiler's messages, `__FILE__` and
//! debug information refer to the original file and lines, and dependency
//! files (`-MD`, `-MMD`, `-MF`) are rewritten to name the original sources
//! (`--keep` keeps the translation without the directives). Each input
//! is translated by a child `iotile` ([`translate_apart`]), so that a
//! crash inside isl costs that input its translation, not the build. This
//! is the only module that spawns compilers.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::os::unix::process::ExitStatusExt;
use std::process::Command;

use crate::back::Target;
use crate::cli::Cli;
use crate::diag::Diagnostic;
use crate::front::{FrontOptions, PreprocessorFlags};
use crate::SchedulePlan;

/// Compiler flags whose value is the next argument.
const FLAGS_WITH_VALUE: &[&str] = &[
    "-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-x", "-L", "-l",
    "-MF", "-MT", "-MQ", "-Xlinker", "-Xpreprocessor", "-Xassembler", "-Xcompiler", "-arch", "-gencode",
    "-ccbin", "-std", "--compiler-options", "--linker-options",
];

/// iotile's own options that driver mode takes out of the compiler's
/// arguments and parses as the translation mode does, written `--name=V`
/// or `--name V`.
const IOTILE_OPTIONS_WITH_VALUE: &[&str] =
    &["--target", "--ctx", "--tile-size", "--tile-sizes", "--cache-sizes", "--block-sizes", "--max-shared-memory", "--l2-tile-factor", "--register-tiles", "--fusion", "--inline", "--expand", "--reschedule", "--max-operations", "--max-seconds"];

/// iotile's own options without a separate value (`--isolate-full-tiles`
/// takes its value only as `=V`).
const IOTILE_FLAGS: &[&str] = &["--no-tile", "--isolate-full-tiles"];

/// Compiler flags with a value that change what the preprocessor makes of
/// a file (besides `-D`, `-U` and `-I`): iotile's preprocessing gets them
/// too, so that it sees the code the compiler compiles.
const PREPROCESSOR_FLAGS_WITH_VALUE: &[&str] = &["-include", "-imacros", "-isystem", "-iquote", "-idirafter"];

/// Compiler flags that enable OpenMP (gcc and clang, icx, classic icc,
/// nvc), also when passed on inside `-Xcompiler a,b` or `-fopenmp=libomp`.
const OPENMP_FLAGS: &[&str] = &["-fopenmp", "-qopenmp", "-fiopenmp", "-openmp", "-mp"];

/// A parsed driver-mode command line.
#[derive(Debug, Default)]
pub struct Invocation {
    /// The compiler to run.
    pub compiler: String,
    /// Arguments for the compiler, inputs included, in their original order.
    pub compiler_args: Vec<String>,
    /// Positions in `compiler_args` of `.c` inputs.
    pub c_inputs: Vec<usize>,
    /// Preprocessor flags iotile needs to see the code as the compiler does.
    pub preprocessor: PreprocessorFlags,
    /// `-o` of the compile, if any.
    pub output: Option<PathBuf>,
    /// `-MF` of the compile, if any: where the dependency list goes.
    pub dependency_file: Option<PathBuf>,
    /// `--keep`: keep translated sources as `<stem>.iotile.c`.
    pub keep: bool,
    /// `-v`: print each command run.
    pub verbose: bool,
    /// `--emulate-cuda`: CUDA compiled for the CPU emulation.
    pub emulate_cuda: bool,
    /// `--target`, else openmp when the compile enables OpenMP, else c.
    pub target: Target,
    /// How regions are rescheduled (as in translation mode for `target`).
    pub plan: Option<SchedulePlan>,
    /// `--max-operations`.
    pub max_operations: u64,
    /// `--max-seconds`.
    pub max_seconds: u64,
    /// `--ctx`.
    pub user_context: Option<String>,
    /// `--block-sizes` and `--max-shared-memory`.
    pub mapping: crate::back::cuda::Mapping,
}

/// Records in `flags` what compiler flag `arg` changes in what the
/// preprocessor makes of a file: `-D`, `-U`, `-I` (with their `value` or
/// joined to it), `-std=`, [`PREPROCESSOR_FLAGS_WITH_VALUE`] (either way),
/// the flags that define or remove predefined macros (`-O2` defines
/// `__OPTIMIZE__`, `-undef`, `-ansi`), `-nostdinc` and `-Wp,...`; others
/// change nothing.
fn preprocessor_flag(flags: &mut PreprocessorFlags, arg: &str, value: Option<&str>) {
    let joined = |flag: &str| arg.strip_prefix(flag).filter(|v| !v.is_empty()).map(str::to_string);
    let given = |flag: &str| if arg == flag { value.map(str::to_string) } else { joined(flag) };
    if let Some(d) = given("-D") {
        flags.defines.push(d);
    } else if let Some(u) = given("-U") {
        flags.undefines.push(u);
    } else if let Some(i) = given("-I") {
        flags.include_dirs.push(i);
    } else if let Some(std) = arg.strip_prefix("-std=") {
        flags.std = Some(std.to_string());
    } else if let Some(flag) = PREPROCESSOR_FLAGS_WITH_VALUE.iter().find(|f| arg.starts_with(*f)) {
        match (arg == *flag, value) {
            (true, Some(v)) => flags.other.extend([arg.to_string(), v.to_string()]),
            (true, None) => {}
            (false, _) => flags.other.push(arg.to_string()),
        }
    } else if matches!(arg, "-undef" | "-ansi" | "-nostdinc") || arg.starts_with("-Wp,") || (arg.starts_with("-O") && arg.len() <= 6) {
        flags.other.push(arg.to_string());
    }
}

/// The words of a response file as gcc reads them: separated by white
/// space, with `'...'`, `"..."` and backslash escapes.
fn response_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', _) => word.get_or_insert_with(String::new).extend(chars.next()),
            (q, None) if q == '\'' || q == '"' => {
                quote = Some(q);
                word.get_or_insert_with(String::new);
            }
            (q, Some(open)) if q == open => quote = None,
            (w, None) if w.is_whitespace() => words.extend(word.take()),
            (c, _) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Whether `args` (program name excluded) ask for driver mode.
pub fn is_driver_mode(args: &[OsString]) -> bool {
    args.iter().any(|a| a.to_str().is_some_and(|s| s == "--cc" || s.starts_with("--cc=")))
}

/// Splits the driver-mode command line into iotile's and the compiler's
/// arguments.
pub fn parse(args: &[OsString]) -> Result<Invocation, Diagnostic> {
    let mut inv = Invocation::default();
    let default_cc = std::env::var("IOTILE_CC").unwrap_or_else(|_| "cc".into());
    // iotile's options, normalised to `--name=V`, for the translation mode's parser.
    let mut own = vec!["iotile".to_string()];
    let mut words = args.iter().map(|a| a.to_string_lossy().into_owned()).peekable();
    while let Some(arg) = words.next() {
        let mut value = |flag: &str| -> Result<String, Diagnostic> {
            words.next().ok_or_else(|| Diagnostic::error(format!("missing value after '{flag}'")))
        };
        let name = arg.split('=').next().unwrap_or_default();
        match arg.as_str() {
            "--cc" => inv.compiler = default_cc.clone(),
            a if a.starts_with("--cc=") => inv.compiler = a["--cc=".len()..].to_string(),
            "--keep" => inv.keep = true,
            "--emulate-cuda" => inv.emulate_cuda = true,
            "--fallback" => {}
            "-v" => {
                inv.verbose = true;
                inv.compiler_args.push(arg);
            }
            a if IOTILE_OPTIONS_WITH_VALUE.contains(&a) => own.push(format!("{a}={}", value(a)?)),
            _ if IOTILE_OPTIONS_WITH_VALUE.contains(&name) || IOTILE_FLAGS.contains(&name) => own.push(arg),
            a if FLAGS_WITH_VALUE.contains(&a) => {
                let v = value(a)?;
                match a {
                    "-o" => inv.output = Some(PathBuf::from(&v)),
                    "-MF" => inv.dependency_file = Some(PathBuf::from(&v)),
                    _ => {}
                }
                preprocessor_flag(&mut inv.preprocessor, a, Some(&v));
                inv.compiler_args.push(arg);
                inv.compiler_args.push(v);
            }
            // `-o` and `-MF` joined to their values, as gcc also takes them.
            a if a.starts_with("-o") && a.len() > 2 => {
                inv.output = Some(PathBuf::from(&a[2..]));
                inv.compiler_args.push(arg);
            }
            a if a.starts_with("-MF") && a.len() > 3 => {
                inv.dependency_file = Some(PathBuf::from(&a[3..]));
                inv.compiler_args.push(arg);
            }
            // A response file: the compiler reads it, and iotile's
            // preprocessing needs the flags in it too.
            a if a.starts_with('@') => {
                if let Ok(text) = std::fs::read_to_string(&a[1..]) {
                    let mut words = response_words(&text).into_iter();
                    while let Some(w) = words.next() {
                        let v = if FLAGS_WITH_VALUE.contains(&w.as_str()) { words.next() } else { None };
                        preprocessor_flag(&mut inv.preprocessor, &w, v.as_deref());
                    }
                }
                inv.compiler_args.push(arg);
            }
            a if !a.starts_with('-') && a.ends_with(".c") => {
                inv.c_inputs.push(inv.compiler_args.len());
                inv.compiler_args.push(arg);
            }
            _ => {
                preprocessor_flag(&mut inv.preprocessor, &arg, None);
                inv.compiler_args.push(arg);
            }
        }
    }
    if inv.compiler.is_empty() {
        return Err(Diagnostic::error("driver mode needs --cc=COMPILER"));
    }
    // `_OPENMP` is defined where the compile enables OpenMP (the flag is
    // gcc's and clang's whatever the compiler's own spelling).
    if enables_openmp(&inv.compiler_args) {
        inv.preprocessor.other.push("-fopenmp".into());
    }
    let mut cli = Cli::parse_args(own.into_iter().map(OsString::from)).map_err(|e| {
        let message = e.to_string();
        let first = message.lines().next().unwrap_or_default();
        Diagnostic::error(first.strip_prefix("error: ").unwrap_or(first).to_string())
    })?;
    if cli.target.is_none() {
        cli.target = Some(if inv.emulate_cuda || is_nvcc(&inv.compiler) {
            Target::Cuda
        } else if enables_openmp(&inv.compiler_args) {
            Target::Openmp
        } else {
            Target::C
        });
    }
    if inv.emulate_cuda && cli.target() != Target::Cuda {
        return Err(Diagnostic::error("--emulate-cuda runs CUDA output on the CPU: it cannot go with --target=c or openmp"));
    }
    if let Some(why) = cli.unavailable().into_iter().next() {
        return Err(Diagnostic::error(why));
    }
    inv.target = cli.target();
    inv.plan = cli.schedule_plan()?;
    inv.max_operations = cli.max_operations;
    inv.max_seconds = cli.max_seconds;
    inv.mapping = cli.mapping()?;
    inv.user_context = cli.ctx;
    Ok(inv)
}

/// The C standards before C99, as `-std=` names them: iotile's code is C99.
const PRE_C99_STANDARDS: &[&str] = &["c89", "c90", "gnu89", "gnu90", "iso9899:1990", "iso9899:199409"];

/// The flag that selects a C standard before C99 (`-ansi` is C90), where
/// the last such flag of the compiler arguments does.
fn pre_c99_standard(compiler_args: &[String]) -> Option<&str> {
    let last = compiler_args.iter().rev().find(|a| *a == "-ansi" || a.starts_with("-std="))?;
    (last == "-ansi" || PRE_C99_STANDARDS.contains(&&last["-std=".len()..])).then_some(last.as_str())
}

/// Whether `compiler` is nvcc (which compiles `.cu` files as CUDA).
fn is_nvcc(compiler: &str) -> bool {
    Path::new(compiler).file_name().is_some_and(|n| n.to_string_lossy().contains("nvcc"))
}

/// Whether the compiler arguments turn OpenMP on.
fn enables_openmp(compiler_args: &[String]) -> bool {
    compiler_args.iter().flat_map(|a| a.split([',', '='])).any(|word| OPENMP_FLAGS.contains(&word))
}

/// Runs driver mode; gives the exit status (the compiler's, or 1).
pub fn run(args: &[OsString]) -> i32 {
    let inv = match parse(args) {
        Ok(inv) => inv,
        Err(d) => {
            eprint!("{}", d.render(None));
            return 1;
        }
    };
    let scratch = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            eprint!("{}", Diagnostic::error(format!("cannot create a temporary directory: {e}")).render(None));
            return 1;
        }
    };
    let _interrupted = crate::interrupt::Temporary::new(scratch.path());
    let mut compiler_args = inv.compiler_args.clone();
    if inv.emulate_cuda {
        let header = scratch.path().join(crate::back::cuda::EMULATION_HEADER_NAME);
        if let Err(d) = crate::write_atomically(&header, crate::back::cuda::EMULATION_HEADER) {
            eprint!("{}", d.render(None));
            return 1;
        }
        compiler_args.push("-DIOTILE_EMULATE_CUDA".into());
        compiler_args.push(format!("-I{}", scratch.path().display()));
    }
    // Inputs whose kernels went to a CUDA file of their own: the host
    // file's position in the arguments, and the kernels' file.
    let mut split: Vec<(usize, PathBuf)> = Vec::new();
    // The inputs the compiler reads from elsewhere: (temporary, original).
    let mut renamed: Vec<(String, String)> = Vec::new();
    let before_c99 = pre_c99_standard(&inv.compiler_args);
    for (n, &position) in inv.c_inputs.iter().enumerate() {
        let source = PathBuf::from(&inv.compiler_args[position]);
        if let Some(flag) = before_c99 {
            if std::fs::read_to_string(&source).is_ok_and(|text| text.contains("scop")) {
                let why = format!("iotile's code declares variables in 'for' loops, which '{flag}' does not allow");
                eprint!("{}", Diagnostic::error(format!("'{}' is compiled unchanged", source.display())).into_warning().with_note(why).render(None));
            }
            continue;
        }
        let translated = match translate_apart(&inv, args, n, &source, &scratch.path().join(n.to_string())) {
            Apart::Translated(Some(translated)) => translated,
            Apart::Translated(None) => continue,
            Apart::Failed(d) => {
                eprint!("{}", d.render(None));
                return 1;
            }
            Apart::Said => return 1,
        };
        // The translated file lives elsewhere: its quoted includes of
        // headers beside the original name them by their paths, and those
        // the compiler finds otherwise (`#include MACRO`) may still be
        // beside it.
        let source_dir = source.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let flag = if is_nvcc(&inv.compiler) { "-I" } else { "-iquote" };
        compiler_args[position] = translated.file.display().to_string();
        renamed.push((compiler_args[position].clone(), inv.compiler_args[position].clone()));
        let dir = source_dir.display().to_string();
        if !compiler_args.windows(2).any(|w| w[0] == flag && w[1] == dir) {
            compiler_args.push(flag.to_string());
            compiler_args.push(dir);
        }
        if let Some(kernels) = translated.kernels {
            split.push((position, kernels));
        }
    }
    let status = if split.is_empty() {
        run_compiler(&inv, &inv.compiler, &compiler_args, &renamed)
    } else if !compiler_args.iter().any(|a| a == "-c" || a == "--compile") {
        // Linking: the kernels' files are more inputs.
        compiler_args.extend(split.iter().map(|(_, k)| k.display().to_string()));
        run_compiler(&inv, &inv.compiler, &compiler_args, &renamed)
    } else {
        compile_split(&inv, &compiler_args, &split, scratch.path())
    };
    if status == 0 {
        restore_dependency_names(&inv, &renamed);
    }
    status
}

/// With `-MD`, `-MMD` or `-MF`, the dependency files the compiler wrote
/// name the temporary translated files it read, which `make` would then
/// look for: each is named again as the original input. The files are
/// where the compiler puts them: `-MF`'s, else beside `-o` with the suffix
/// `.d` (`prog-<input>.d` when linking), else `<input>.d` here; and `-o`'s
/// when the compiler only preprocessed or listed dependencies (`-E`,
/// `-M`, `-MM`). A file that cannot be read or written is left as it is.
fn restore_dependency_names(inv: &Invocation, renamed: &[(String, String)]) {
    let args = &inv.compiler_args;
    let implied = args.iter().any(|a| a == "-MD" || a == "-MMD");
    let mut files: Vec<PathBuf> = inv.dependency_file.iter().cloned().collect();
    if preprocess_only(args) {
        files.extend(inv.output.clone());
    }
    if implied && files.is_empty() {
        for (_, original) in renamed {
            let stem = Path::new(original).file_stem().unwrap_or_default().to_string_lossy().into_owned();
            files.push(PathBuf::from(format!("{stem}.d")));
            if let Some(output) = &inv.output {
                files.push(output.with_extension("d"));
                let prefix = output.file_stem().unwrap_or_default().to_string_lossy();
                files.push(output.with_file_name(format!("{prefix}-{stem}.d")));
            }
        }
    }
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let restored = restore_names(&text, renamed);
        if restored != text {
            if let Err(d) = crate::write_atomically(&file, &restored) {
                eprint!("{}", d.render(None));
            }
        }
    }
}

/// Whether `args` only preprocess (`-E`) or list dependencies (`-M`, `-MM`).
fn preprocess_only(args: &[String]) -> bool {
    args.iter().any(|a| matches!(a.as_str(), "-E" | "-M" | "-MM"))
}

/// `text` (a dependency list or preprocessed code) with each temporary
/// input of `renamed` named as its original: escaped for `make`, or as a
/// line marker's string.
fn restore_names(text: &str, renamed: &[(String, String)]) -> String {
    let mut restored = text.to_string();
    for (temporary, original) in renamed {
        restored = restored.replace(&make_escaped(temporary), &make_escaped(original)).replace(temporary.as_str(), original);
    }
    restored
}

/// A file name as compilers write it in a dependency file for `make`.
fn make_escaped(name: &str) -> String {
    name.replace(' ', "\\ ").replace('#', "\\#").replace('$', "$$")
}

/// Runs `compiler` with `args`; gives its exit status, or 1 with a
/// one-line error when it cannot run or dies of a signal (an interrupt
/// ends iotile the same way). What it preprocesses to standard output
/// (`-E`, `-M`, `-MM`) names the original inputs, not the `renamed`
/// temporaries it read.
fn run_compiler(inv: &Invocation, compiler: &str, args: &[String], renamed: &[(String, String)]) -> i32 {
    if inv.verbose {
        eprintln!("{compiler} {}", args.join(" "));
    }
    let capture = !renamed.is_empty() && preprocess_only(args) && !args.iter().any(|a| a == "-o");
    let mut command = Command::new(compiler);
    command.args(args);
    if capture {
        command.stdout(std::process::Stdio::piped());
    }
    let status = command.spawn().and_then(|child| {
        let _running = crate::interrupt::RunningChild::new(child.id());
        let output = child.wait_with_output()?;
        if capture {
            use std::io::Write as _;
            let text = restore_names(&String::from_utf8_lossy(&output.stdout), renamed);
            std::io::stdout().write_all(text.as_bytes())?;
        }
        Ok(output.status)
    });
    let fail = |message: String| {
        eprint!("{}", Diagnostic::error(message).render(None));
        1
    };
    match status {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(code), _) => crate::interrupt::unless_interrupted(code),
            // Interrupted with the rest of the build: end the same way.
            (None, Some(signal)) if crate::interrupt::SIGNALS.contains(&signal) => crate::interrupt::die_of(signal),
            (None, Some(signal)) => fail(format!("the compiler '{compiler}' was killed by signal {signal} ({})", signal_name(signal))),
            (None, None) => fail(format!("the compiler '{compiler}' ended without an exit status")),
        },
        Err(e) => fail(format!("cannot run the compiler '{compiler}': {}", crate::io_reason(&e))),
    }
}

/// `-c` with inputs whose kernels are in files of their own: nvcc takes
/// one input per object, so each such input's host file and kernels'
/// file are compiled apart and joined into the one object the build
/// expects (`ld -r`), at `-o` or as `<stem>.o`; the other inputs are
/// compiled by one command as given.
fn compile_split(inv: &Invocation, args: &[String], split: &[(usize, PathBuf)], scratch: &Path) -> i32 {
    let inputs = positional_args(args);
    let mut common = Vec::new();
    let mut words = args.iter().enumerate();
    while let Some((i, arg)) = words.next() {
        if arg == "-o" {
            words.next();
        } else if !inputs.contains(&i) {
            common.push(arg.clone());
        }
    }
    for (n, (position, kernels)) in split.iter().enumerate() {
        let original = PathBuf::from(&inv.compiler_args[*position]);
        let object = match (&inv.output, inputs.len()) {
            (Some(output), 1) => output.clone(),
            _ => PathBuf::from(original.file_stem().unwrap_or_default()).with_extension("o"),
        };
        let host_object = scratch.join(format!("{n}.host.o"));
        let kernels_object = scratch.join(format!("{n}.kernels.o"));
        let joined = scratch.join(format!("{n}.o"));
        for (source, object) in [(PathBuf::from(&args[*position]), &host_object), (kernels.clone(), &kernels_object)] {
            let mut these = common.clone();
            these.extend([source.display().to_string(), "-o".into(), object.display().to_string()]);
            let status = run_compiler(inv, &inv.compiler, &these, &[]);
            if status != 0 {
                return status;
            }
        }
        let link = ["-r", "-o"].map(String::from).into_iter().chain([&joined, &host_object, &kernels_object].map(|p| p.display().to_string())).collect::<Vec<_>>();
        let status = run_compiler(inv, "ld", &link, &[]);
        if status != 0 {
            return status;
        }
        // Copied in place only once complete: an interrupted build leaves
        // no partial object.
        if std::fs::rename(&joined, &object).is_err() {
            if let Err(e) = std::fs::copy(&joined, &object) {
                eprint!("{}", Diagnostic::error(format!("cannot write '{}': {}", object.display(), crate::io_reason(&e))).render(None));
                return 1;
            }
        }
    }
    let rest: Vec<usize> = inputs.into_iter().filter(|i| !split.iter().any(|(p, _)| p == i)).collect();
    if rest.is_empty() {
        return 0;
    }
    let others: Vec<String> = args.iter().enumerate().filter(|(i, _)| !split.iter().any(|(p, _)| p == i)).map(|(_, a)| a.clone()).collect();
    run_compiler(inv, &inv.compiler, &others, &[])
}

/// The positions of the input files among compiler arguments: the words
/// that are neither flags nor the values of flags.
fn positional_args(args: &[String]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut words = args.iter().enumerate();
    while let Some((i, arg)) = words.next() {
        if FLAGS_WITH_VALUE.contains(&arg.as_str()) {
            words.next();
        } else if !arg.starts_with('-') {
            out.push(i);
        }
    }
    out
}

/// `SIGSEGV` for 11, and so on.
fn signal_name(signal: i32) -> String {
    nix::sys::signal::Signal::try_from(signal).map_or_else(|_| format!("signal {signal}"), |s| s.as_str().to_string())
}

/// A translated input.
struct Translated {
    /// The file the compiler gets in place of the input.
    file: PathBuf,
    /// The kernels' CUDA file, when they are apart from the host code.
    kernels: Option<PathBuf>,
}

/// First argument of the `iotile` that driver mode starts to translate one
/// input (see [`translate_apart`]): then the input's number, the
/// directory to translate into, and driver mode's own arguments.
pub const TRANSLATE_ARGUMENT: &str = "--internal-translate";

/// Set in the environment of a translating child (any value), it dies of
/// `SIGABRT` before it translates: how the tests check that a crash
/// inside iotile, wherever it is, leaves the build going.
const CRASH_FOR_TESTS: &str = "IOTILE_TEST_CRASH_TRANSLATION";

/// What became of the translation of one input.
enum Apart {
    /// As [`translate`] gave it.
    Translated(Option<Translated>),
    /// An error to report.
    Failed(Diagnostic),
    /// An error the translating process has reported itself.
    Said,
}

/// [`translate`] in a process of its own (the running `iotile`, given
/// [`TRANSLATE_ARGUMENT`], the number `n` of the input and `args`, driver
/// mode's arguments), so that a fault inside isl or iotile leaves the
/// build going: the input is then compiled unchanged, with a warning, as
/// a region iotile cannot handle is. Where no process can be started, the
/// translation runs in this one.
fn translate_apart(inv: &Invocation, args: &[OsString], n: usize, source: &Path, dir: &Path) -> Apart {
    use std::os::unix::ffi::OsStrExt;
    let in_process = || match translate(inv, source, dir) {
        Ok(t) => Apart::Translated(t),
        Err(d) => Apart::Failed(d),
    };
    let Ok(executable) = std::env::current_exe() else { return in_process() };
    let child = Command::new(executable)
        .arg(TRANSLATE_ARGUMENT)
        .arg(n.to_string())
        .arg(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .spawn();
    let Ok(child) = child else { return in_process() };
    let forwarded = crate::interrupt::RunningChild::new(child.id());
    let out = child.wait_with_output();
    drop(forwarded);
    let Ok(out) = out else { return in_process() };
    match (out.status.code(), out.status.signal()) {
        (Some(0), _) => {
            let mut paths = out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(|l| PathBuf::from(std::ffi::OsStr::from_bytes(l)));
            Apart::Translated(paths.next().map(|file| Translated { file, kernels: paths.next() }))
        }
        (Some(_), _) => Apart::Said,
        (None, signal) => {
            if let Some(signal) = signal {
                crate::interrupt::unless_interrupted(0);
                let how = format!("iotile died of signal {signal} ({}) translating it", signal_name(signal));
                let d = Diagnostic::error(format!("'{}' is compiled unchanged", source.display())).into_warning().with_note(how);
                eprint!("{}", d.render(None));
            }
            Apart::Translated(None)
        }
    }
}

/// The translating child's side of [`translate_apart`]: `args` are the
/// input's number, the directory and driver mode's arguments. Prints the
/// translated file's path and the kernels' on standard output (nothing
/// where the input is compiled unchanged); gives the exit status, 1 after
/// an error it reports.
pub fn serve_translation(args: &[OsString]) -> i32 {
    use std::io::Write;
    use std::os::unix::ffi::OsStrExt;
    let (Some(n), Some(dir)) = (args.first().and_then(|a| a.to_str()).and_then(|a| a.parse::<usize>().ok()), args.get(1)) else { return 2 };
    let inv = match parse(&args[2..]) {
        Ok(inv) => inv,
        Err(d) => {
            eprint!("{}", d.render(None));
            return 1;
        }
    };
    let Some(&position) = inv.c_inputs.get(n) else { return 2 };
    if std::env::var_os(CRASH_FOR_TESTS).is_some() {
        std::process::abort();
    }
    match translate(&inv, Path::new(&inv.compiler_args[position]), Path::new(dir)) {
        Ok(translated) => {
            let mut stdout = std::io::stdout().lock();
            for path in translated.iter().flat_map(|t| std::iter::once(&t.file).chain(&t.kernels)) {
                let _ = stdout.write_all(path.as_os_str().as_bytes()).and_then(|()| stdout.write_all(b"\n"));
            }
            match stdout.flush() {
                Ok(()) => 0,
                Err(_) => 2,
            }
        }
        Err(d) => {
            eprint!("{}", d.render(None));
            1
        }
    }
}

/// `text`, to be compiled from another directory than its original's,
/// `source_dir`, with each `#include "name"` that the compiler would have
/// found beside the original (where it looks first) naming that file by
/// its absolute path: the directories given with `-iquote` or `-I`, and
/// those of the other inputs, come only after.
fn anchor_quoted_includes(text: &str, source_dir: &Path) -> String {
    let Ok(dir) = source_dir.canonicalize() else { return text.to_string() };
    let anchored = |line: &str| -> Option<String> {
        let rest = line.trim_start().strip_prefix('#')?.trim_start().strip_prefix("include")?;
        let quoted = rest.trim_start().strip_prefix('"')?;
        let (name, after) = quoted.split_once('"')?;
        let path = dir.join(name);
        let printable = path.to_str().filter(|p| !p.contains(['"', '\\']))?;
        (!Path::new(name).is_absolute() && path.is_file()).then(|| format!("#include \"{printable}\"{after}"))
    };
    text.split_inclusive('\n')
        .map(|line| {
            let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
            anchored(body).map_or_else(|| line.to_string(), |a| a + end)
        })
        .collect()
}

/// Translates one input into `dir/<same name>` (with nvcc and CUDA, the
/// host code stays C there and the kernels go to
/// `dir/<stem>.kernels.cu`); `None` when the file has no region (or
/// cannot even be preprocessed), so the compiler gets the original and
/// reports any error itself; an error when the translation cannot be
/// written.
fn translate(inv: &Invocation, source: &Path, dir: &Path) -> Result<Option<Translated>, Diagnostic> {
    let Ok(text) = std::fs::read_to_string(source) else { return Ok(None) };
    if !text.contains("scop") {
        return Ok(None);
    }
    let options = FrontOptions { preprocessor: inv.preprocessor.clone(), user_context: inv.user_context.clone(), device_code: inv.target == Target::Cuda };
    let session = crate::isl::Session::new(inv.max_operations, inv.max_seconds).with_scheduler_process(std::env::current_exe().ok());
    let file = match crate::front::parse_file(&session, source, &options) {
        Ok(f) => f,
        Err(d) => {
            let d = d.into_warning().with_note("driver mode: the file is compiled unchanged");
            eprint!("{}", d.render(Some((&source.to_string_lossy(), &text))));
            return Ok(None);
        }
    };
    if file.regions.is_empty() {
        return Ok(None);
    }
    // nvcc would compile a `.cu` file as C++: the host code stays C.
    let separate_kernels = is_nvcc(&inv.compiler) && inv.target == Target::Cuda && !inv.emulate_cuda;
    let line_markers = Some(source.display().to_string());
    let options = crate::GenerateOptions { target: inv.target, plan: inv.plan.clone(), fallback: true, separate_kernels, mapping: inv.mapping.clone(), line_markers, ..Default::default() };
    let Ok(output) = crate::generate_file(&session, &file, &options, &crate::timing::StageTimes::default()) else { return Ok(None) };
    std::fs::create_dir_all(dir).map_err(|e| {
        Diagnostic::error(format!("cannot create the temporary directory '{}': {}", dir.display(), crate::io_reason(&e)))
    })?;
    let Some(name) = source.file_name() else { return Ok(None) };
    let stem = source.file_stem().unwrap_or(name).to_string_lossy().into_owned();
    // nvcc compiles CUDA from `.cu` files only.
    let translated = match is_nvcc(&inv.compiler) && inv.target == Target::Cuda && output.kernels.is_none() {
        true => dir.join(Path::new(name).with_extension("cu")),
        false => dir.join(name),
    };
    let source_dir = source.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    crate::write_atomically(&translated, &anchor_quoted_includes(&output.text, source_dir))?;
    let kernels = match &output.kernels {
        Some(text) => {
            let path = dir.join(format!("{stem}.kernels.cu"));
            crate::write_atomically(&path, &anchor_quoted_includes(text, source_dir))?;
            Some(path)
        }
        None => None,
    };
    if inv.verbose {
        eprintln!("iotile --target={} -o {} {}", inv.target, translated.display(), source.display());
    }
    if inv.keep {
        let beside = inv.output.as_ref().and_then(|o| o.parent()).filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        // What translation mode writes: without the line markers.
        let unmarked = output.text.split_inclusive('\n').filter(|l| !l.starts_with("#line ")).collect::<String>();
        let mut kept = vec![(beside.join(format!("{stem}.iotile.c")), &unmarked)];
        if let Some(text) = &output.kernels {
            kept.push((beside.join(format!("{stem}.iotile.kernels.cu")), text));
        }
        for (path, text) in kept {
            if let Err(d) = crate::write_atomically(&path, text) {
                eprint!("{}", d.render(None));
            }
        }
    }
    Ok(Some(Translated { file: translated, kernels }))
}
