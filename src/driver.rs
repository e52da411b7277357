//! Driver mode: `iotile --cc=COMPILER [compiler flags] FILES... [-c] [-o OUT]`.
//!
//! Behaves like the wrapped compiler: every `.c` input that has
//! `#pragma scop` regions is translated (to a temporary file with the same
//! name, or also kept as `<stem>.iotile.c` beside the output with `--keep`),
//! then the compiler runs on the translated files in place of the originals
//! with all other arguments unchanged, and its exit status becomes iotile's.
//! Inputs without regions, object files and libraries pass through
//! untouched; `-D/-I/-U/-std` also reach iotile's preprocessing. A region
//! iotile cannot handle keeps its original code, with a warning, so a build
//! never breaks because one loop nest is not affine. This is the only
//! module that spawns compilers.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::back::Target;
use crate::diag::Diagnostic;
use crate::front::{FrontOptions, PreprocessorFlags};

/// Compiler flags whose value is the next argument.
const FLAGS_WITH_VALUE: &[&str] = &[
    "-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-x", "-L", "-l",
    "-MF", "-MT", "-MQ", "-Xlinker", "-Xpreprocessor", "-Xassembler", "-Xcompiler", "-arch", "-gencode",
    "-ccbin", "-std", "--compiler-options", "--linker-options",
];

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
    /// `--keep`: keep translated sources as `<stem>.iotile.c`.
    pub keep: bool,
    /// `-v`: print each command run.
    pub verbose: bool,
    /// `--target`.
    pub target: Target,
    /// `--ctx`.
    pub user_context: Option<String>,
}

/// Whether `args` (program name excluded) ask for driver mode.
pub fn is_driver_mode(args: &[OsString]) -> bool {
    args.iter().any(|a| a.to_str().is_some_and(|s| s == "--cc" || s.starts_with("--cc=")))
}

/// Splits the driver-mode command line into iotile's and the compiler's
/// arguments.
pub fn parse(args: &[OsString]) -> Result<Invocation, Diagnostic> {
    let mut inv = Invocation { target: Target::C, ..Default::default() };
    let default_cc = std::env::var("IOTILE_CC").unwrap_or_else(|_| "cc".into());
    let mut words = args.iter().map(|a| a.to_string_lossy().into_owned()).peekable();
    while let Some(arg) = words.next() {
        let mut value = |flag: &str| -> Result<String, Diagnostic> {
            words.next().ok_or_else(|| Diagnostic::error(format!("missing value after '{flag}'")))
        };
        match arg.as_str() {
            "--cc" => inv.compiler = default_cc.clone(),
            a if a.starts_with("--cc=") => inv.compiler = a["--cc=".len()..].to_string(),
            "--keep" => inv.keep = true,
            "--fallback" => {}
            "-v" => {
                inv.verbose = true;
                inv.compiler_args.push(arg);
            }
            "--ctx" => inv.user_context = Some(value("--ctx")?),
            a if a.starts_with("--ctx=") => inv.user_context = Some(a["--ctx=".len()..].to_string()),
            a if a.starts_with("--target=") || a == "--target" => {
                let t = if a == "--target" { value("--target")? } else { a["--target=".len()..].to_string() };
                inv.target = match t.as_str() {
                    "c" => Target::C,
                    "openmp" => Target::Openmp,
                    "cuda" => Target::Cuda,
                    other => return Err(Diagnostic::error(format!("unknown target '{other}' (expected c, openmp or cuda)"))),
                };
            }
            a if FLAGS_WITH_VALUE.contains(&a) => {
                let v = value(a)?;
                match a {
                    "-o" => inv.output = Some(PathBuf::from(&v)),
                    "-D" => inv.preprocessor.defines.push(v.clone()),
                    "-U" => inv.preprocessor.undefines.push(v.clone()),
                    "-I" => inv.preprocessor.include_dirs.push(v.clone()),
                    _ => {}
                }
                inv.compiler_args.push(arg);
                inv.compiler_args.push(v);
            }
            a if a.starts_with("-D") => {
                inv.preprocessor.defines.push(a[2..].to_string());
                inv.compiler_args.push(arg);
            }
            a if a.starts_with("-U") => {
                inv.preprocessor.undefines.push(a[2..].to_string());
                inv.compiler_args.push(arg);
            }
            a if a.starts_with("-I") => {
                inv.preprocessor.include_dirs.push(a[2..].to_string());
                inv.compiler_args.push(arg);
            }
            a if a.starts_with("-std=") => {
                inv.preprocessor.std = Some(a["-std=".len()..].to_string());
                inv.compiler_args.push(arg);
            }
            a if !a.starts_with('-') && a.ends_with(".c") => {
                inv.c_inputs.push(inv.compiler_args.len());
                inv.compiler_args.push(arg);
            }
            _ => inv.compiler_args.push(arg),
        }
    }
    if inv.compiler.is_empty() {
        return Err(Diagnostic::error("driver mode needs --cc=COMPILER"));
    }
    if inv.target != Target::C {
        return Err(Diagnostic::error(
            "--target=openmp and --target=cuda need the scheduling stage, which iotile does not have yet; driver mode translates with --target=c",
        ));
    }
    Ok(inv)
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
    let mut compiler_args = inv.compiler_args.clone();
    for (n, &position) in inv.c_inputs.iter().enumerate() {
        let source = PathBuf::from(&inv.compiler_args[position]);
        let Some(translated) = translate(&inv, &source, &scratch.path().join(n.to_string())) else { continue };
        // The translated file lives elsewhere: let `#include "..."` still
        // find the headers beside the original.
        let source_dir = source.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let flag = if inv.compiler.contains("nvcc") { "-I" } else { "-iquote" };
        compiler_args[position] = translated.display().to_string();
        compiler_args.push(flag.to_string());
        compiler_args.push(source_dir.display().to_string());
    }
    if inv.verbose {
        eprintln!("{} {}", inv.compiler, compiler_args.join(" "));
    }
    match Command::new(&inv.compiler).args(&compiler_args).status() {
        Ok(status) => status.code().unwrap_or(1),
        Err(e) => {
            eprint!("{}", Diagnostic::error(format!("cannot run the compiler '{}': {e}", inv.compiler)).render(None));
            1
        }
    }
}

/// Translates one input into `dir/<same name>`; `None` when the file has
/// no region (or cannot even be preprocessed), so the compiler gets the
/// original and reports any error itself.
fn translate(inv: &Invocation, source: &Path, dir: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(source).ok()?;
    if !text.contains("scop") {
        return None;
    }
    let options = FrontOptions { preprocessor: inv.preprocessor.clone(), user_context: inv.user_context.clone() };
    let session = crate::isl::Session::new(crate::DEFAULT_MAX_OPERATIONS);
    let file = match crate::front::parse_file(&session, source, &options) {
        Ok(f) => f,
        Err(d) => {
            let d = d.into_warning().with_note("driver mode: the file is compiled unchanged");
            eprint!("{}", d.render(Some((&source.to_string_lossy(), &text))));
            return None;
        }
    };
    if file.regions.is_empty() {
        return None;
    }
    let output = crate::generate_file(&session, &file, &crate::GenerateOptions { fallback: true, ..Default::default() }).ok()?;
    std::fs::create_dir_all(dir).ok()?;
    let translated = dir.join(source.file_name()?);
    crate::write_atomically(&translated, &output).ok()?;
    if inv.verbose {
        eprintln!("iotile --target=c -o {} {}", translated.display(), source.display());
    }
    if inv.keep {
        let stem = source.file_stem()?.to_string_lossy().into_owned();
        let beside = inv.output.as_ref().and_then(|o| o.parent()).filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let kept = beside.join(format!("{stem}.iotile.c"));
        if let Err(d) = crate::write_atomically(&kept, &output) {
            eprint!("{}", d.render(None));
        }
    }
    Some(translated)
}
