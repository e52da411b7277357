//! Macro expansion through the system C preprocessor.
//!
//! The input is run through `cc -E` with the user's `-D/-I/-U/-std` flags.
//! The result keeps gcc's line markers, which map every line of the
//! expanded text back to a line of the original file; the markers are then
//! blanked out (same length, so byte offsets stay valid) because they are
//! not C that tree-sitter understands.

use std::path::Path;
use std::process::Command;

use crate::diag::Diagnostic;

/// Flags that reach the preprocessor.
#[derive(Debug, Clone, Default)]
pub struct PreprocessorFlags {
    /// `-D NAME[=VAL]`, as given.
    pub defines: Vec<String>,
    /// `-U NAME`.
    pub undefines: Vec<String>,
    /// `-I DIR`.
    pub include_dirs: Vec<String>,
    /// `-std=...`.
    pub std: Option<String>,
    /// Other flags that change what the preprocessor makes of the file, as
    /// the compiler gets them in driver mode (`-include FILE`, `-isystem
    /// DIR`, `-undef`, `-O2`, `-fopenmp`, ...), passed on in their order.
    pub other: Vec<String>,
}

/// The expanded text of a file, with a map back to original lines.
pub struct Preprocessed {
    /// Expanded text, line markers replaced by spaces.
    pub text: String,
    /// For each line of `text`, the 1-based line of the original file it
    /// comes from, or `None` for lines from other files.
    pub origin: Vec<Option<usize>>,
}

/// The preprocessor command: `$IOTILE_CPP` if set, otherwise `cc`.
fn preprocessor() -> String {
    std::env::var("IOTILE_CPP").unwrap_or_else(|_| "cc".to_string())
}

/// Expands `path` with the given flags.
pub fn preprocess(path: &Path, flags: &PreprocessorFlags) -> Result<Preprocessed, Diagnostic> {
    let cpp = preprocessor();
    let mut cmd = Command::new(&cpp);
    cmd.arg("-E").arg("-x").arg("c");
    if let Some(std) = &flags.std {
        cmd.arg(format!("-std={std}"));
    }
    for d in &flags.defines {
        cmd.arg(format!("-D{d}"));
    }
    for u in &flags.undefines {
        cmd.arg(format!("-U{u}"));
    }
    for i in &flags.include_dirs {
        cmd.arg(format!("-I{i}"));
    }
    cmd.args(&flags.other);
    cmd.arg(path);
    let output = cmd
        .output()
        .map_err(|e| Diagnostic::error(format!("cannot run the preprocessor '{cpp}': {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().find(|l| l.contains("error")).unwrap_or(stderr.trim());
        return Err(Diagnostic::error(format!("preprocessing {} failed: {}", path.display(), first.trim())));
    }
    let text = String::from_utf8(output.stdout)
        .map_err(|_| Diagnostic::error(format!("{} is not valid UTF-8 after preprocessing", path.display())))?;
    Ok(map_lines(text, &path.to_string_lossy()))
}

/// Reads gcc line markers (`# 12 "file.c" 2`), blanks them and records
/// the original line of every line from `main_file`.
fn map_lines(text: String, main_file: &str) -> Preprocessed {
    let mut out = String::with_capacity(text.len());
    let mut origin = Vec::new();
    let mut current: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        if let Some((number, file)) = parse_marker(line) {
            current = (file == main_file).then_some(number);
            origin.push(None);
            out.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            continue;
        }
        origin.push(current);
        current = current.map(|n| n + 1);
        out.push_str(line);
    }
    Preprocessed { text: out, origin }
}

/// Parses a line marker, giving the line number it announces and the file.
fn parse_marker(line: &str) -> Option<(usize, String)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").map(str::trim_start).unwrap_or(rest);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let number = digits.parse().ok()?;
    let after = rest[digits.len()..].trim_start();
    let file = after.strip_prefix('"')?;
    let end = file.find('"')?;
    Some((number, file[..end].to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_lines_back_to_the_main_file() {
        let text = "# 1 \"a.c\"\nint x;\n# 1 \"h.h\" 1\nint y;\n# 3 \"a.c\" 2\nint z;\n".to_string();
        let length = text.len();
        let p = map_lines(text, "a.c");
        assert_eq!(p.origin, vec![None, Some(1), None, None, None, Some(3)]);
        assert_eq!(p.text.len(), length, "blanking keeps byte offsets");
        assert!(p.text.starts_with("         \nint x;"));
    }
}
