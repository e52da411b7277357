//! Diagnostics: what iotile tells a user about their input.
//!
//! A [`Diagnostic`] carries a severity, a message, labelled byte spans into
//! the *original* source file and notes. It renders like a C compiler's
//! (`file:line:col: error: message`) followed by the offending source with
//! the span underlined (codespan-reporting). Diagnostics without a span
//! render as one line, `iotile: error: message`.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The run fails with exit status 1.
    Error,
    /// The run goes on.
    Warning,
}

/// A message for the user, optionally anchored in their source.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One-line summary.
    pub message: String,
    /// Byte span in the original file and the explanation shown under it.
    pub label: Option<(Range<usize>, String)>,
    /// Extra lines printed after the source excerpt.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error without a source location.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, message: message.into(), label: None, notes: vec![] }
    }

    /// An error at `span` of the original file, with `why` under the span.
    pub fn spanned(message: impl Into<String>, span: Range<usize>, why: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            label: Some((span, why.into())),
            notes: vec![],
        }
    }

    /// Turns this diagnostic into a warning.
    pub fn into_warning(mut self) -> Diagnostic {
        self.severity = Severity::Warning;
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Renders the diagnostic; `file` is the source the span points into.
    pub fn render(&self, file: Option<(&str, &str)>) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let (Some((span, why)), Some((name, source))) = (&self.label, file) else {
            let mut out = format!("iotile: {kind}: {}\n", self.message);
            for n in &self.notes {
                out.push_str(&format!("  = note: {n}\n"));
            }
            return out;
        };
        let clamp = |mut o: usize| {
            o = o.min(source.len());
            while !source.is_char_boundary(o) {
                o -= 1;
            }
            o
        };
        let span = clamp(span.start)..clamp(span.end).max(clamp(span.start));
        let (line, col) = line_col(source, span.start);
        let mut out = format!("{name}:{line}:{col}: {kind}: {}\n", self.message);
        let (source, span) = shorten_line(source, span);
        let files = SimpleFile::new(name, source.as_str());
        let cs = match self.severity {
            Severity::Error => CsDiagnostic::error(),
            Severity::Warning => CsDiagnostic::warning(),
        }
        .with_message(&self.message)
        .with_labels(vec![Label::primary((), span).with_message(why)])
        .with_notes(self.notes.clone());
        if let Ok(rich) = term::emit_into_string(&term::Config::default(), &files, &cs) {
            // The first line repeats the message; the gcc-style header above
            // replaces it.
            // A shortened line moves columns: the location line keeps the real one.
            let location = |l: &str| match l.find("┌─ ") {
                Some(at) => format!("{}┌─ {name}:{line}:{col}", &l[..at]),
                None => l.to_string(),
            };
            out.extend(rich.lines().skip(1).map(|l| format!("{}\n", location(l))));
        }
        out
    }
}

/// Widest source excerpt shown, in bytes; a longer line is cut to a
/// window around the span, with `...` marking what is left out.
const MAX_EXCERPT: usize = 160;

/// `source` with the line holding `span.start` cut to at most
/// [`MAX_EXCERPT`] bytes around the span, and the span moved to match (also
/// cut to the window). Other lines are kept, so line numbers stay right.
fn shorten_line(source: &str, span: Range<usize>) -> (String, Range<usize>) {
    let line_start = source[..span.start].rfind('\n').map_or(0, |p| p + 1);
    let line_end = source[span.start..].find('\n').map_or(source.len(), |p| span.start + p);
    if line_end - line_start <= MAX_EXCERPT {
        return (source.to_string(), span);
    }
    let floor = |mut o: usize| {
        while !source.is_char_boundary(o) {
            o -= 1;
        }
        o
    };
    let from = floor(span.start.saturating_sub(MAX_EXCERPT / 4).max(line_start));
    let to = floor((from + MAX_EXCERPT).min(line_end));
    let (before, after) = (if from > line_start { "..." } else { "" }, if to < line_end { "..." } else { "" });
    let text = format!("{}{before}{}{after}{}", &source[..line_start], &source[from..to], &source[line_end..]);
    let start = line_start + before.len() + span.start - from;
    let end = start + (span.end.min(to) - span.start).max(1);
    (text, start..end)
}

/// One-based line and column (in characters) of byte `offset` in `source`.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, before[line_start..].chars().count() + 1)
}
