//! Helpers shared by the data-driven tests over `testsuite/`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The crate root; tests run commands from here so paths in diagnostics are
/// relative and stable.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.c` files of a testsuite folder, sorted.
pub fn cases(folder: &str) -> Vec<PathBuf> {
    let dir = root().join("testsuite").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// Path of `file` relative to the crate root.
pub fn relative(file: &Path) -> PathBuf {
    file.strip_prefix(root()).unwrap_or(file).to_path_buf()
}

/// Runs iotile with `args` from the crate root.
pub fn iotile(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iotile"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("iotile runs")
}

/// Whether expectations should be rewritten instead of checked.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some()
}

/// Checks `actual` against the file `expected`, or rewrites it when
/// `UPDATE_EXPECT` is set. Gives a description of the mismatch.
pub fn check_expectation(expected: &Path, actual: &str) -> Result<(), String> {
    if updating() {
        std::fs::write(expected, actual).map_err(|e| format!("cannot write {}: {e}", expected.display()))?;
        return Ok(());
    }
    let want = std::fs::read_to_string(expected)
        .map_err(|_| format!("{} is missing (run with UPDATE_EXPECT=1 to create it)", relative(expected).display()))?;
    if want == actual {
        return Ok(());
    }
    let line = want.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(want.lines().count().min(actual.lines().count()));
    Err(format!(
        "{} differs at line {}:\n  expected: {:?}\n  actual:   {:?}",
        relative(expected).display(),
        line + 1,
        want.lines().nth(line).unwrap_or("<end>"),
        actual.lines().nth(line).unwrap_or("<end>")
    ))
}

/// Splits a flag line the way a shell would for the simple cases used in
/// tests: whitespace-separated words, single or double quotes group.
pub fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (None, c) => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(current);
    }
    words
}

/// Extra flags from a `// iotile-flags: ...` first line.
pub fn case_flags(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let first = text.lines().next().unwrap_or("");
    first.strip_prefix("// iotile-flags:").map(split_words).unwrap_or_default()
}

/// A scratch directory for one test case, removed when dropped.
pub fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}
