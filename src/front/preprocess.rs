//! Macro expansion through the system C preprocessor.
//!
//! The input is run through `cc -E` with the user's `-D/-I/-U/-std` flags.
//! The result keeps gcc's line markers, which map every line of the
//! expanded text back to a line of the original file; the markers are then
//! blanked out because they are not C that tree-sitter understands. gcc
//! breaks a line of the file around the expansion of a system header's
//! macro (`true`, `M_PI`, `INFINITY`), with markers that return to the same
//! line; those pieces are joined back into one line, which is how the
//! statement is printed in the generated code.

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
    let mut origin: Vec<Option<usize>> = Vec::new();
    let mut current: Option<usize> = None;
    // gcc breaks a line of the file around the tokens of a system header's
    // macro: `# N "file" 3 4` before them, `# N "file"` after them, both
    // announcing line N, the line just printed. `expansion`: between the
    // two; `joining`: the next line continues the last one.
    let mut expansion = false;
    let mut joining = false;
    for line in text.split_inclusive('\n') {
        if let Some((number, file, system)) = parse_marker(line) {
            let last_line = out.trim_end_matches('\n').rsplit('\n').next().unwrap_or("").trim();
            let same_line = file == main_file && origin.last() == Some(&Some(number)) && !last_line.is_empty() && !last_line.starts_with('#');
            joining = same_line && (system || expansion);
            expansion = file == main_file && system;
            current = (file == main_file).then_some(number);
            if !joining {
                origin.push(None);
                out.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
            }
            continue;
        }
        if std::mem::take(&mut joining) && !line.trim().is_empty() {
            out.pop();
            out.push(' ');
            out.push_str(line.trim_start());
            current = current.map(|n| n + 1);
            continue;
        }
        origin.push(current);
        current = current.map(|n| n + 1);
        out.push_str(line);
    }
    Preprocessed { text: out, origin }
}

/// Parses a line marker, giving the line number it announces, the file,
/// and whether what follows comes from a system header (flag 3).
fn parse_marker(line: &str) -> Option<(usize, String, bool)> {
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
    let system = file[end + 1..].split_whitespace().any(|flag| flag == "3");
    Some((number, file[..end].to_string(), system))
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

    /// A line gcc breaks around a system header's macro is one line again.
    #[test]
    fn lines_broken_around_a_header_macro_are_joined() {
        let text = "# 1 \"a.c\"\nint x;\n  y = (\n# 2 \"a.c\" 3 4\n        _Bool\n# 2 \"a.c\"\n        )x + 1;\nz;\n# 1 \"h.h\" 1\n# 4 \"a.c\" 2\n\n# 4 \"a.c\"\nw;\n".to_string();
        let p = map_lines(text, "a.c");
        assert_eq!(p.text.split_whitespace().collect::<Vec<_>>(), ["int", "x;", "y", "=", "(", "_Bool", ")x", "+", "1;", "z;", "w;"]);
        assert_eq!(p.text.lines().nth(2), Some("  y = ( _Bool )x + 1;"));
        assert_eq!(p.origin, vec![None, Some(1), Some(2), Some(3), None, None, Some(4), None, Some(4)]);
        // A macro at the start of a line: the line it broke is joined.
        let text = "# 1 \"a.c\"\nint x;\n# 2 \"a.c\" 3 4\n        1\n# 2 \"a.c\"\n        ;\nz;\n".to_string();
        let p = map_lines(text, "a.c");
        assert_eq!(p.text.lines().nth(3), Some("        1 ;"));
        assert_eq!(p.origin, vec![None, Some(1), None, Some(2), Some(3)]);
        // A `_Pragma` gets markers of the same line too: its line stays.
        let text = "# 1 \"a.c\"\nint x;\n \n# 3 \"a.c\"\n#pragma scop\n# 3 \"a.c\"\n \n  y = 1;\n".to_string();
        let p = map_lines(text, "a.c");
        assert_eq!(p.text.lines().nth(4), Some("#pragma scop"));
        assert_eq!(p.origin, vec![None, Some(1), Some(2), None, Some(3), None, Some(3), Some(4)]);
    }
}
