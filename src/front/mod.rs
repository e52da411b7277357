//! The front end: C text in, one [`Scop`] (or a diagnostic) per region out.
//!
//! The file is expanded by the system preprocessor ([`preprocess`]), parsed
//! with tree-sitter-c, and every `#pragma scop` / `#pragma endscop` pair is
//! located in the expanded text. Each region is extracted independently
//! ([`extract`]), so one unsupported region does not prevent the others from
//! being optimised. Regions are identified in the *original* text through the
//! preprocessor's line markers, so the back end can splice regenerated code
//! into the untouched original file.

pub mod ctype;
pub mod extract;
pub mod preprocess;
pub mod purity;

use std::ops::Range;
use std::path::Path;

use tree_sitter::{Node, Parser, Tree};

use crate::diag::Diagnostic;
use crate::isl::Session;
use crate::scop::Scop;
use extract::{FileScope, FrontError, RegionInput};
pub use preprocess::PreprocessorFlags;

/// Options of the front end.
#[derive(Debug, Clone, Default)]
pub struct FrontOptions {
    /// Flags for the preprocessor.
    pub preprocessor: PreprocessorFlags,
    /// Extra parameter constraints in isl notation (`--ctx`).
    pub user_context: Option<String>,
    /// Whether the regions' statements are for the GPU, where a call may
    /// only be of a math function (the file's own functions are host
    /// code).
    pub device_code: bool,
}

/// One `#pragma scop` region of the original file.
pub struct Region {
    /// Zero-based index in the file.
    pub index: usize,
    /// Bytes of the original file from the start of the `#pragma scop` line
    /// (or of the loop hints just before it, which the region takes in) to
    /// the end of the `#pragma endscop` line (newline included).
    pub original: Range<usize>,
    /// Leading whitespace of the `#pragma scop` line.
    pub indent: String,
    /// The model, or why the region cannot be handled.
    pub scop: Result<Scop, Diagnostic>,
}

/// A parsed input file.
pub struct SourceFile {
    /// Path as given by the user (used in diagnostics).
    pub name: String,
    /// Original text.
    pub text: String,
    /// Expanded text the Scops' spans and bodies refer to.
    pub expanded: String,
    /// The regions in order.
    pub regions: Vec<Region>,
    /// The places where the file's own code is C that C++ (nvcc's
    /// language) rejects, in order, as spans of the original text with
    /// what C++ lacks there (see [`cplusplus_conflicts`]).
    pub cplusplus_conflicts: Vec<(Range<usize>, &'static str)>,
}

/// Reads, preprocesses and parses `path`, and extracts every region.
pub fn parse_file(session: &Session, path: &Path, options: &FrontOptions) -> Result<SourceFile, Diagnostic> {
    let name = path.to_string_lossy().into_owned();
    let text = std::fs::read(path)
        .map_err(|e| Diagnostic::error(format!("cannot read '{name}': {}", crate::io_reason(&e))))?;
    let text = decode(text)?;
    reject_line_directives(&text)?;
    let pre = preprocess::preprocess(path, &options.preprocessor)?;
    parse_expanded(session, name, text, pre, options)
}

/// Parses `text` as if the preprocessor had left it unchanged (no macro
/// is expanded, no header read), and extracts every region: the front end
/// without its one external process, for the fuzzer.
pub fn parse_unexpanded(session: &Session, name: &str, text: &str, options: &FrontOptions) -> Result<SourceFile, Diagnostic> {
    reject_line_directives(text)?;
    let origin = (1..=text.matches('\n').count() + 1).map(Some).collect();
    let pre = preprocess::Preprocessed { text: text.to_string(), origin };
    parse_expanded(session, name.to_string(), text.to_string(), pre, options)
}

fn reject_line_directives(text: &str) -> Result<(), Diagnostic> {
    match line_directive(text) {
        Some(span) => Err(Diagnostic::spanned(
            "'#line' directives are not supported in a file iotile translates",
            span,
            "regions are located in the original text by line number, and this directive renumbers the lines",
        )),
        None => Ok(()),
    }
}

/// Finds and extracts the regions of `text` (the original file), given
/// its expansion `pre`.
fn parse_expanded(session: &Session, name: String, text: String, mut pre: preprocess::Preprocessed, options: &FrontOptions) -> Result<SourceFile, Diagnostic> {
    let tree = parse_disambiguated(&mut pre.text)?;
    let pragmas = find_pragmas(&pre.text, tree.root_node());
    let line_starts = line_starts(&text);
    let mut regions = Vec::new();
    let mut open: Option<Node> = None;
    let file_scope = std::cell::OnceCell::new();
    for (node, is_start) in pragmas {
        let original = |n: Node| map_span(&pre, &text, &line_starts, n.byte_range());
        match (open, is_start) {
            (None, true) => open = Some(node),
            (Some(start), false) => {
                open = None;
                let index = regions.len();
                let Some(first_line) = pre.origin[start.start_position().row] else { continue };
                let Some(last_line) = pre.origin[node.start_position().row] else { continue };
                // Loop hints just before the region apply to its first
                // loop: the region takes them in, and drops them as it
                // drops those inside it.
                let before = BeforeRegion::of(&pre.text, start);
                let first_line = before.first_hint.and_then(|h| pre.origin[h.start_position().row]).unwrap_or(first_line);
                let begin = line_starts[first_line - 1];
                let end = line_starts.get(last_line).copied().unwrap_or(text.len());
                let indent = region_indent(&text[begin..end]);
                let scop = if let Some(span) = include_in(&text, begin..end) {
                    Err(Diagnostic::spanned(
                        "'#include' inside a region",
                        span,
                        "included code cannot be regenerated in place; include it before '#pragma scop'",
                    ))
                } else if let Some(span) = first_directive(&text, begin..end, |name| name.starts_with("define") || name.starts_with("undef")) {
                    Err(Diagnostic::spanned(
                        "a macro defined or removed inside a region",
                        span,
                        "the regenerated region leaves the directive out, and the code after it would see other macros; move it before '#pragma scop'",
                    ))
                } else if let Some(owner) = before.owner {
                    Err(Diagnostic::spanned(
                        "the region starts as the statement of a loop or 'if' without braces",
                        original(owner),
                        "C runs only the region's first statement under it, and iotile would put its own first statement there; put braces around the region, or '#pragma scop' before the loop",
                    ))
                } else if let Some(pragma) = before.attached {
                    Err(Diagnostic::spanned(
                        "a pragma before the region applies to its first statement",
                        original(pragma),
                        "iotile replaces that statement with the code it generates; put the region in a block after the pragma, or the pragma inside the region's loops",
                    ))
                } else if enclosing_function(start).is_none() {
                    Err(Diagnostic::spanned(
                        "'#pragma scop' outside a function",
                        original(start),
                        "a region is a sequence of statements inside a function body",
                    ))
                } else if start.parent() != node.parent() {
                    Err(Diagnostic::spanned(
                        "'#pragma endscop' is not in the same block as its '#pragma scop'",
                        original(node),
                        "the region must be a sequence of statements in one block",
                    ))
                } else if let Some(bad) = first_syntax_error(&pre.text, tree.root_node(), start.end_byte()).filter(|b| b.start_byte() < node.start_byte()) {
                    // The parser's recovery may have inserted a token (a
                    // MISSING `]`) and left a tree that reads as valid C:
                    // translated, it would build where the source does not.
                    Err(Diagnostic::spanned("syntax error", original(bad), "this could not be parsed as C"))
                } else if let Some(deep) = too_deep(start, node) {
                    Err(Diagnostic::spanned(
                        format!("code nested more than {MAX_NESTING} levels deep"),
                        original(deep),
                        "split this expression or statement into smaller ones",
                    ))
                } else {
                    session.reset_operations();
                    let input = RegionInput {
                        index,
                        items: statements_between(start, node),
                        function: enclosing_function(start),
                        root: tree.root_node(),
                        user_context: options.user_context.clone(),
                        scratch_pragmas: iotile_pragmas_before(&pre.text, start),
                        file: file_scope.get_or_init(|| FileScope::new(&pre.text, tree.root_node(), !options.device_code)),
                    };
                    match session.within_deadline(|| extract::extract(session.ctx(), &pre.text, &input)) {
                        (_, true) => Err(Diagnostic::spanned(
                            format!("region {index} is too large to model"),
                            original(start),
                            format!("building its polyhedral model took more than {} s of CPU time (--max-seconds)", session.max_seconds()),
                        )),
                        (extracted, false) => extracted.map_err(|e: FrontError| {
                            let span = if e.span.is_empty() { start.byte_range() } else { e.span };
                            Diagnostic::spanned(e.message, map_span(&pre, &text, &line_starts, span), e.why)
                        }),
                    }
                };
                regions.push(Region { index, original: begin..end, indent, scop });
            }
            (Some(_), true) => {
                return Err(Diagnostic::spanned("nested '#pragma scop'", original(node), "the previous region is not closed"));
            }
            (None, false) => {
                return Err(Diagnostic::spanned("'#pragma endscop' without '#pragma scop'", original(node), "no region is open here"));
            }
        }
    }
    if let Some(start) = open {
        if let Some(bad) = first_syntax_error(&pre.text, tree.root_node(), start.end_byte()) {
            let span = map_span(&pre, &text, &line_starts, bad.byte_range());
            return Err(Diagnostic::spanned("syntax error", span, "this could not be parsed as C"));
        }
        let span = map_span(&pre, &text, &line_starts, start.byte_range());
        return Err(Diagnostic::spanned("'#pragma scop' without '#pragma endscop'", span, "this region is never closed"));
    }
    // Only what the file itself spells out: a word a macro expands to
    // is the macro's (the `restrict` of a header's `RESTRICT` is not
    // written in this file; its `bool`, expanded from a header's macro, is
    // C++'s own).
    let cplusplus_conflicts = cplusplus_conflicts(&pre.text, tree.root_node())
        .into_iter()
        .filter_map(|(expanded, why)| {
            let p = map_span(&pre, &text, &line_starts, expanded.clone());
            let word = &pre.text[expanded];
            let spelled = !word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || text.get(p.clone()) == Some(word);
            (!p.is_empty() && spelled).then_some((p, why))
        })
        .collect();
    Ok(SourceFile { name, text, expanded: pre.text, regions, cplusplus_conflicts })
}

/// Words that C++ reserves and C leaves to programs (those C spells with
/// an underscore and a capital, `bool` or `alignas`, come from headers as
/// macros, which the expanded text no longer holds).
const CPLUSPLUS_KEYWORDS: &[&str] = &[
    "and", "and_eq", "bitand", "bitor", "catch", "class", "compl", "concept", "const_cast", "consteval", "constexpr", "constinit",
    "decltype", "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast", "requires", "static_cast", "template",
    "this", "throw", "try", "typeid", "typename", "using", "virtual", "xor", "xor_eq",
];

/// Functions whose `void *` result C converts to any object pointer
/// without a cast, which C++ does not.
const ALLOCATION_FUNCTIONS: &[&str] = &["malloc", "calloc", "realloc", "aligned_alloc"];

/// The places in the expanded text where C that nvcc's C++ rejects is
/// written, with what C++ lacks there (checked with nvcc, each one an
/// error in a `.cu` file): a parameter of variable-length array type
/// (`double A[n][m]`, `double (*A)[m]`), `restrict`, `static` in an array
/// parameter's extent, the result of an allocation function stored in a
/// pointer other than `void *` without a cast, and a C++ keyword used as
/// a name.
fn cplusplus_conflicts(src: &str, root: Node) -> Vec<(Range<usize>, &'static str)> {
    let mut nodes = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
        nodes.push(n);
    }
    // Names declared as `void *`: what an allocation may initialise.
    let void_pointers: Vec<&str> = nodes
        .iter()
        .filter(|n| matches!(n.kind(), "declaration" | "parameter_declaration") && n.child_by_field_name("type").is_some_and(|t| &src[t.byte_range()] == "void"))
        .flat_map(|n| {
            let mut c = n.walk();
            n.children_by_field_name("declarator", &mut c).collect::<Vec<_>>()
        })
        .filter_map(|d| void_pointer_name(src, d))
        .collect();
    let mut out = Vec::new();
    for &n in &nodes {
        let text = &src[n.byte_range()];
        match n.kind() {
            "function_declarator" => out.extend(variable_length_parameters(src, n).into_iter().map(|p| (p, "C++ has no parameters of variable-length array type"))),
            "type_qualifier" if text == "restrict" => out.push((n.byte_range(), "C++ has no 'restrict' qualifier (nvcc spells it __restrict__)")),
            "static" if n.parent().is_some_and(|p| p.kind() == "array_declarator") => out.push((n.byte_range(), "C++ has no 'static' in an array parameter's extent")),
            "identifier" | "field_identifier" | "type_identifier" | "statement_identifier" if CPLUSPLUS_KEYWORDS.contains(&text) => {
                out.push((n.byte_range(), "this name is a keyword in C++"))
            }
            "call_expression" if n.child_by_field_name("function").is_some_and(|f| ALLOCATION_FUNCTIONS.contains(&&src[f.byte_range()])) => {
                let mut value = n;
                while let Some(p) = value.parent().filter(|p| p.kind() == "parenthesized_expression") {
                    value = p;
                }
                let Some(parent) = value.parent() else { continue };
                let target = match parent.kind() {
                    "init_declarator" if parent.child_by_field_name("value") == Some(value) => parent.child_by_field_name("declarator"),
                    "assignment_expression" if parent.child_by_field_name("right") == Some(value) => parent.child_by_field_name("left"),
                    _ => None,
                };
                // The name stored into (an element's array), unless it
                // holds `void *`.
                let Some(mut name) = target else { continue };
                while let Some(inner) = name.child_by_field_name("declarator").or_else(|| name.child_by_field_name("argument")) {
                    name = inner;
                }
                let declared_void = if parent.kind() == "init_declarator" {
                    void_pointer_name(src, parent).is_some() && parent.parent().and_then(|d| d.child_by_field_name("type")).is_some_and(|t| &src[t.byte_range()] == "void")
                } else {
                    void_pointers.contains(&&src[name.byte_range()])
                };
                if let Some(function) = n.child_by_field_name("function").filter(|_| name.kind() == "identifier" && !declared_void) {
                    out.push((function.byte_range(), "C++ converts 'void *' to another pointer type only with a cast"));
                }
            }
            _ => {}
        }
    }
    // One place per construct: a `restrict` inside a parameter already
    // found is not another.
    out.sort_by_key(|(r, _)| (r.start, std::cmp::Reverse(r.end)));
    let mut end = 0;
    out.retain(|(r, _)| {
        let separate = end <= r.start;
        end = end.max(r.end);
        separate
    });
    out
}

/// The name `declarator` declares when it declares a pointer (one level,
/// as `*p` or `*p = ...`), the declarations of `void *` that an
/// allocation's result may go to without a cast.
fn void_pointer_name<'s>(src: &'s str, declarator: Node) -> Option<&'s str> {
    let d = if declarator.kind() == "init_declarator" { declarator.child_by_field_name("declarator")? } else { declarator };
    let inner = d.child_by_field_name("declarator").filter(|_| d.kind() == "pointer_declarator")?;
    (inner.kind() == "identifier").then(|| &src[inner.byte_range()])
}

/// The spans of the parameter declarations of `declarator` (a
/// `function_declarator`) whose array extents name another of its
/// parameters.
fn variable_length_parameters(src: &str, declarator: Node) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let Some(parameters) = declarator.child_by_field_name("parameters") else { return out };
    let mut c = parameters.walk();
    let declarations: Vec<Node> = parameters.named_children(&mut c).filter(|p| p.kind() == "parameter_declaration").collect();
    let names: Vec<&str> = declarations.iter().filter_map(|p| p.child_by_field_name("declarator")).map(|d| ast_name(src, d)).collect();
    for p in declarations {
        // The extents of its array declarators, and what they hold.
        let mut declarators: Vec<Node> = p.child_by_field_name("declarator").into_iter().collect();
        let mut extents = Vec::new();
        while let Some(d) = declarators.pop() {
            let mut c = d.walk();
            declarators.extend(d.named_children(&mut c).filter(|k| Some(*k) != d.child_by_field_name("size")));
            extents.extend(d.child_by_field_name("size").filter(|_| d.kind() == "array_declarator"));
        }
        let mut variable = false;
        while let Some(e) = extents.pop() {
            let mut c = e.walk();
            extents.extend(e.named_children(&mut c));
            variable |= e.kind() == "identifier" && names.contains(&&src[e.byte_range()]);
        }
        if variable {
            out.push(p.byte_range());
        }
    }
    out
}

/// The text of a file read as bytes: UTF-8 (ASCII included), else an
/// error at the first byte that is not (its offset is the same in the
/// lossy decoding a diagnostic shows).
fn decode(bytes: Vec<u8>) -> Result<String, Diagnostic> {
    let e = match String::from_utf8(bytes) {
        Ok(text) => return Ok(text),
        Err(e) => e,
    };
    let bytes = e.as_bytes();
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(Diagnostic::spanned(
            "the file is UTF-16 text",
            0..2,
            "iotile reads UTF-8 (convert the file, e.g. with iconv -f UTF-16 -t UTF-8)",
        ));
    }
    let at = e.utf8_error().valid_up_to();
    Err(Diagnostic::spanned(
        format!("byte 0x{:02X} is not UTF-8", bytes[at]),
        at..at + 1,
        "iotile reads UTF-8 (convert the file, e.g. with iconv -f LATIN1 -t UTF-8)",
    ))
}

/// The span of the first `#line` directive (or its short form `# 12`) in
/// the original text.
fn line_directive(text: &str) -> Option<Range<usize>> {
    first_directive(text, 0..text.len(), |name| {
        name.strip_prefix("line").is_some_and(|r| r.starts_with([' ', '\t'])) || name.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// The span of the first `#include` line in `range` of the original text.
fn include_in(text: &str, range: Range<usize>) -> Option<Range<usize>> {
    first_directive(text, range, |name| name.starts_with("include"))
}

/// The span of the first preprocessor line in `range` of `text` whose
/// words after the `#` satisfy `wanted`.
fn first_directive(text: &str, range: Range<usize>, wanted: impl Fn(&str) -> bool) -> Option<Range<usize>> {
    let mut at = range.start;
    for line in text[range].split_inclusive('\n') {
        let body = line.trim_start();
        if body.strip_prefix('#').map(str::trim_start).is_some_and(&wanted) {
            let start = at + line.len() - body.len();
            return Some(start..start + body.trim_end().len());
        }
        at += line.len();
    }
    None
}

/// Deepest syntax nesting a region may have. The extraction and the later
/// stages walk expressions recursively; a bound well above what people
/// write (clang's default bracket depth is 256) keeps them on the stack.
pub const MAX_NESTING: usize = 1000;

/// A node of the region between `start` and `end` nested more than
/// [`MAX_NESTING`] levels below the region's block, if any.
fn too_deep<'t>(start: Node<'t>, end: Node<'t>) -> Option<Node<'t>> {
    // Depth first, leftmost first: the node reported is the first one too deep.
    let mut stack: Vec<(Node, usize)> = statements_between(start, end).into_iter().rev().map(|n| (n, 1)).collect();
    while let Some((n, depth)) = stack.pop() {
        if depth > MAX_NESTING {
            return Some(n);
        }
        let mut c = n.walk();
        let children: Vec<Node> = n.children(&mut c).collect();
        stack.extend(children.into_iter().rev().map(|child| (child, depth + 1)));
    }
    None
}

/// A file-scope `typedef` of a type that names nothing but built-in
/// words and earlier such typedefs (`typedef char base;`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Typedef {
    /// The name it defines.
    pub name: String,
    /// The declaration as written (`typedef char base;`).
    pub declaration: String,
    /// The words of the type it names (`char`).
    pub words: Vec<String>,
}

/// The file-scope typedefs of `expanded` (the preprocessed file) whose
/// types `builtin` accepts word by word, each word either built in or the
/// name of an earlier one of them, in the order of the file: what a file
/// without the C file's declarations (CUDA kernels apart) can repeat to
/// name them. Reserved names (`__u_char`) are left out, and so is a name
/// also defined inside a function, where it may mean another type.
pub fn portable_typedefs(expanded: &str, builtin: impl Fn(&str) -> bool) -> Vec<Typedef> {
    let Ok(tree) = parse(expanded) else { return Vec::new() };
    file_typedefs(expanded, tree.root_node(), builtin)
}

/// [`portable_typedefs`] of the parsed file `root`.
pub(crate) fn file_typedefs(expanded: &str, root: Node, builtin: impl Fn(&str) -> bool) -> Vec<Typedef> {
    let shadowed = typedefs_inside_functions(expanded, root);
    let mut out: Vec<Typedef> = Vec::new();
    let mut c = root.walk();
    for n in root.children(&mut c).filter(|n| n.kind() == "type_definition" && !n.has_error()) {
        let mut c = n.walk();
        let declarators: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
        let [d] = declarators[..] else { continue };
        let Some(ty) = n.child_by_field_name("type") else { continue };
        let name = &expanded[d.byte_range()];
        if d.kind() != "type_identifier" || name.starts_with("__") || shadowed.contains(name) || builtin(name) {
            continue;
        }
        // The type's words: its qualifiers and its specifier.
        let mut c = n.walk();
        let words: Vec<String> = n
            .children(&mut c)
            .filter(|k| k.kind() == "type_qualifier" || k.id() == ty.id())
            .flat_map(|k| expanded[k.byte_range()].split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect();
        if words.iter().all(|w| builtin(w) || out.iter().any(|t| &t.name == w)) {
            out.retain(|t| t.name != name);
            out.push(Typedef { name: name.to_string(), declaration: expanded[n.byte_range()].to_string(), words });
        }
    }
    out
}

/// The names the typedefs of `root` below file scope define
/// (`T` of `typedef double T[4];` in a function): where one of them is
/// in scope, a file-scope typedef of the same name may mean another type.
pub(crate) fn typedefs_inside_functions(src: &str, root: Node) -> std::collections::HashSet<String> {
    let mut names = std::collections::HashSet::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.kind() == "type_definition" && n.parent() != Some(root) {
            let mut c = n.walk();
            for mut d in n.children_by_field_name("declarator", &mut c) {
                // Through pointer, array, function and parenthesised
                // declarators to the name declared.
                while d.kind() != "type_identifier" {
                    match d.child_by_field_name("declarator").or_else(|| d.named_child(0)) {
                        Some(inner) => d = inner,
                        None => break,
                    }
                }
                if d.kind() == "type_identifier" {
                    names.insert(src[d.byte_range()].to_string());
                }
            }
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    names
}

/// The typedefs of `typedefs` (as [`portable_typedefs`] gives them) that
/// a text with identifiers `names` names, with those they are defined by,
/// in their order.
pub fn typedefs_named<'t>(typedefs: &'t [Typedef], names: &std::collections::HashSet<String>) -> Vec<&'t Typedef> {
    let mut through_others: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut chosen = Vec::new();
    for t in typedefs.iter().rev() {
        if names.contains(&t.name) || through_others.contains(t.name.as_str()) {
            through_others.extend(t.words.iter().map(String::as_str));
            chosen.push(t);
        }
    }
    chosen.reverse();
    chosen
}

/// A file-scope enumeration a kernels' own file can repeat: the
/// specifier of a declaration that defines one (`enum color { RED = 1 };`
/// of `enum color { RED = 1 } c0;`), or a typedef of an enumeration
/// (`typedef enum color color_t;`, `typedef enum { A, B } mode;`).
pub struct Enumeration {
    /// The names it defines: its constants, its tag, the typedef's name.
    pub defines: Vec<String>,
    /// The declaration to repeat.
    pub declaration: String,
    /// The other identifiers of that declaration: what it may need
    /// declared before it (another enumeration's constants or tag).
    pub names: std::collections::HashSet<String>,
}

/// The file-scope enumerations of `expanded` (the preprocessed file), in
/// the file's order.
pub fn file_enumerations(expanded: &str) -> Vec<Enumeration> {
    let Ok(tree) = parse(expanded) else { return Vec::new() };
    let root = tree.root_node();
    let mut out = Vec::new();
    let mut c = root.walk();
    for n in root.children(&mut c).filter(|n| !n.has_error()) {
        // `enum color { RED };` is a specifier of its own at file scope.
        let ty = match n.kind() {
            "enum_specifier" => n,
            "declaration" | "type_definition" => match n.child_by_field_name("type").filter(|t| t.kind() == "enum_specifier") {
                Some(ty) => ty,
                None => continue,
            },
            _ => continue,
        };
        let body = ty.child_by_field_name("body");
        let mut defines: Vec<String> = Vec::new();
        if let Some(body) = body {
            defines.extend(ty.child_by_field_name("name").map(|t| expanded[t.byte_range()].to_string()));
            let mut c = body.walk();
            defines.extend(body.named_children(&mut c).filter(|e| e.kind() == "enumerator").filter_map(|e| e.child_by_field_name("name")).map(|e| expanded[e.byte_range()].to_string()));
        }
        let declaration = if n.kind() == "type_definition" {
            let mut c = n.walk();
            defines.extend(n.children_by_field_name("declarator", &mut c).filter(|d| d.kind() == "type_identifier").map(|d| expanded[d.byte_range()].to_string()));
            expanded[n.byte_range()].to_string()
        } else if body.is_some() {
            format!("{};", &expanded[ty.byte_range()])
        } else {
            continue;
        };
        let names = crate::ast::identifiers(&declaration).into_iter().filter(|w| !defines.contains(w)).collect();
        out.push(Enumeration { defines, declaration, names });
    }
    out
}

/// The enumerations of `all` that define one of `names`, with those the
/// chosen ones name in turn, in the file's order.
pub fn enumerations_named<'t>(all: &'t [Enumeration], names: &std::collections::HashSet<String>) -> Vec<&'t Enumeration> {
    let mut chosen = vec![false; all.len()];
    let mut wanted: Vec<&str> = names.iter().map(String::as_str).collect();
    while let Some(w) = wanted.pop() {
        for (k, e) in all.iter().enumerate() {
            if !chosen[k] && e.defines.iter().any(|d| d == w) {
                chosen[k] = true;
                wanted.extend(e.names.iter().map(String::as_str));
            }
        }
    }
    all.iter().zip(chosen).filter(|(_, c)| *c).map(|(e, _)| e).collect()
}

fn parse(text: &str) -> Result<Tree, Diagnostic> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_c::LANGUAGE.into())
        .map_err(|e| Diagnostic::error(format!("cannot load the C grammar: {e}")))?;
    parser.parse(text, None).ok_or_else(|| Diagnostic::error("the C parser gave up on this file"))
}

/// Parses `text` after removing the parentheses of each `(v)`,
/// `(v[e]...)` or `(v(e)...)` followed by a sign or `*`/`&` that the
/// grammar reads as a cast to a type named `v` (or an array of them, a
/// function returning one) where no typedef of the file names `v`:
/// without the types in view, tree-sitter reads `(double)(i) + x` as the
/// cast `(i)` of `+x`, `(A[i]) - (x)` as the cast of `-(x)` to an array
/// type and `(sqrt(a[i])) + 1` as the cast of `+1` to a function type,
/// where C, which knows `i` and `A` are variables and `sqrt` a function,
/// reads sums and a difference. A variable, an element or a call binds
/// tighter than any operator around it, so its parentheses change nothing
/// once removed. The product `(v * (e)...)` reads as a cast to a pointer
/// to a function: where `e` is a variable, an element or a call, its own
/// parentheses go (`(a * (x[i])) - y` is `(a * x[i]) - y`); otherwise
/// the product's go where what precedes it binds less tightly than a
/// product (`= (a * (b * x)) - c`): the sign after it binds no tighter
/// either, so the product is still formed first and the same operand
/// meets the same operator. After `/`, `*` or a unary operator such a
/// product is left as it is. The parentheses become spaces, so every
/// offset in `text` stays where it was.
fn parse_disambiguated(text: &mut String) -> Result<Tree, Diagnostic> {
    let mut tree = parse(text)?;
    // Each round mends every cast the last parse showed; a parenthesised
    // variable inside another's operand may only show after that.
    for _ in 0..8 {
        let mut parentheses = variable_casts(text, tree.root_node());
        parentheses.extend(names_in_parentheses(text, tree.root_node()));
        if parentheses.is_empty() {
            break;
        }
        for at in parentheses {
            text.replace_range(at..at + 1, " ");
        }
        tree = parse(text)?;
    }
    Ok(tree)
}

/// The offsets of the parentheses of the casts [`parse_disambiguated`]
/// takes for parenthesised variables.
fn variable_casts(text: &str, root: Node) -> Vec<usize> {
    let mut type_names = std::collections::HashSet::new();
    let mut casts = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "type_definition" => {
                let mut c = n.walk();
                type_names.extend(n.children_by_field_name("declarator", &mut c).map(|d| ast_name(text, d)));
            }
            "cast_expression" => {
                let ty = n.child_by_field_name("type");
                let signed = n.child_by_field_name("value").is_some_and(|v| {
                    matches!(v.kind(), "unary_expression" | "pointer_expression")
                        && v.child(0).is_some_and(|op| matches!(&text[op.byte_range()], "+" | "-" | "*" | "&"))
                });
                let open = n.child(0).filter(|p| &text[p.byte_range()] == "(");
                let close = ty.and_then(|t| t.next_sibling()).filter(|p| &text[p.byte_range()] == ")");
                let Some((ty, open, close)) = ty.zip(open).zip(close).filter(|_| signed).map(|((t, o), c)| (t, o, c)) else {
                    stack.extend(n.children(&mut n.walk()));
                    continue;
                };
                if let Some(name) = cast_variable(ty) {
                    casts.push((vec![&text[name.byte_range()]], open.start_byte(), close.start_byte()));
                } else if let Some((name, parameters)) = cast_product(ty) {
                    // A right operand alone in its parentheses (a variable,
                    // an element, a call) loses them, wherever the product
                    // stands; otherwise the product loses its own where what
                    // precedes it binds less tightly, and a sign before it
                    // may be unary (`(double) - (a * (b))`).
                    let operand = parameters.named_child(0).filter(|p| parameters.named_child_count() == 1 && p.kind() == "parameter_declaration").and_then(cast_variable);
                    let unary = n.parent().is_some_and(|p| matches!(p.kind(), "unary_expression" | "pointer_expression" | "cast_expression" | "sizeof_expression"));
                    let delimited = text[parameters.byte_range()].starts_with('(') && text[parameters.byte_range()].ends_with(')');
                    match operand {
                        Some(operand) if delimited => casts.push((vec![&text[name.byte_range()], &text[operand.byte_range()]], parameters.start_byte(), parameters.end_byte() - 1)),
                        _ if !unary && binds_less_than_a_product(&text[..n.start_byte()]) => casts.push((vec![&text[name.byte_range()]], open.start_byte(), close.start_byte())),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    casts.into_iter().filter(|(names, _, _)| !names.iter().any(|name| type_names.contains(name))).flat_map(|(_, open, close)| [open, close]).collect()
}

/// The offsets of the parentheses around a subscripted array, a name or
/// an element (`(A)[i]`, `(A[i])[j]`), which C reads as `A[i]` and
/// `A[i][j]`: without them every later stage sees the element by its
/// array's name (register tiles, expanded and inlined arrays, CUDA's flat
/// arrays rewrite elements so named, and left `(A)[i]` reading memory).
/// So too the parentheses around a variable or an element assigned or
/// incremented (`(v[i]) = x`, `(s) += x`, `(k)++`), the same lvalue in C.
fn names_in_parentheses(text: &str, root: Node) -> Vec<usize> {
    let mut parentheses = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let field = match n.kind() {
            "subscript_expression" | "update_expression" => "argument",
            "assignment_expression" => "left",
            _ => "",
        };
        let argument = n.child_by_field_name(field).filter(|_| !field.is_empty()).filter(|a| a.kind() == "parenthesized_expression");
        // Through nested parentheses (`((A))[i]`).
        let mut around = Vec::new();
        let mut inner = argument;
        while let Some(p) = inner.filter(|p| p.kind() == "parenthesized_expression" && p.named_child_count() == 1) {
            let (open, close) = (p.start_byte(), p.end_byte() - 1);
            if !(text[open..].starts_with('(') && text[close..].starts_with(')')) {
                break;
            }
            around.extend([open, close]);
            inner = p.named_child(0);
        }
        if inner.is_some_and(|e| matches!(e.kind(), "identifier" | "subscript_expression")) {
            parentheses.extend(around);
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    parentheses
}

/// The type name of a cast's type that may be a variable: an identifier
/// alone (`(i)`) or followed by array declarators, each with a size, and
/// parameter lists (`(A[j / 2][i])`, `(sqrt(fabs(a[i])))`, which C reads
/// as an element or a call where no typedef names `A` or `sqrt`). Not one
/// with a pointer declarator (`(alpha * (x[i]))`): without its parentheses
/// a product could bind differently to what precedes it (`y / (a * b)`).
fn cast_variable(ty: Node) -> Option<Node> {
    let name = ty.child_by_field_name("type").filter(|t| t.kind() == "type_identifier")?;
    let declarator = ty.child_by_field_name("declarator");
    // Nothing else: no qualifier (`(const T)`).
    if ty.named_child_count() != 1 + usize::from(declarator.is_some()) {
        return None;
    }
    postfix_declarators(declarator)?;
    Some(name)
}

/// The innermost of a chain of postfix declarators (`[e]` with a size,
/// parameter lists and the parentheses the grammar puts around one: the
/// `((x))` of `sqrt((x))`), or `None` for a chain with anything else;
/// `Some(None)` for no chain at all.
fn postfix_declarators(mut declarator: Option<Node>) -> Option<Option<Node>> {
    let mut innermost = None;
    while let Some(d) = declarator {
        declarator = match d.kind() {
            "abstract_array_declarator" if d.child_by_field_name("size").is_some() => d.child_by_field_name("declarator"),
            "abstract_function_declarator" => d.child_by_field_name("declarator"),
            "abstract_parenthesized_declarator" if d.named_child_count() == 1 => d.named_child(0),
            _ => return None,
        };
        innermost = Some(d);
    }
    Some(innermost)
}

/// The type name of a cast's type that may be the product of a variable
/// and a parenthesised operand, and the parameter list that is the
/// operand's parentheses: an identifier, one pointer declarator and a
/// parameter list, then array declarators and parameter lists
/// (`(alpha * (x[i]))`, `(a * (b)[0])`), which C reads as `alpha * (x[i])`
/// where no typedef names `alpha`.
fn cast_product(ty: Node) -> Option<(Node, Node)> {
    let name = ty.child_by_field_name("type").filter(|t| t.kind() == "type_identifier")?;
    let pointer = ty.child_by_field_name("declarator").filter(|d| d.kind() == "abstract_pointer_declarator")?;
    if ty.named_child_count() != 2 || pointer.named_child_count() != 1 {
        return None;
    }
    let innermost = postfix_declarators(pointer.child_by_field_name("declarator"))?;
    let parameters = innermost.filter(|d| d.kind() == "abstract_function_declarator")?.child_by_field_name("parameters")?;
    Some((name, parameters))
}

/// Whether the text before a parenthesised product (`before`) ends in
/// something that binds less tightly than a product: nothing, an opening
/// bracket, a separator, an assignment, a comparison, a shift, a bitwise
/// or logical operator, or a binary `+`, `-` or `&` (one after an operand).
fn binds_less_than_a_product(before: &str) -> bool {
    let before = before.trim_end();
    let Some(last) = before.chars().last() else { return true };
    if before.ends_with("&&") || before.ends_with("||") {
        return true;
    }
    match last {
        '=' | '(' | '[' | ',' | '?' | ':' | ';' | '{' | '}' | '<' | '>' | '|' | '^' => true,
        '+' | '-' | '&' => {
            let operand = before[..before.len() - 1].trim_end();
            !operand.ends_with(last) && operand.chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ')' || c == ']')
        }
        _ => false,
    }
}

/// The name a declarator declares (`T` of `*T`, `T[4]`, `(*T)(int)`).
pub(super) fn ast_name<'s>(text: &'s str, declarator: Node) -> &'s str {
    let mut d = declarator;
    while let Some(inner) = d.child_by_field_name("declarator") {
        d = inner;
    }
    &text[d.byte_range()]
}

/// The `#pragma scop` (true) and `#pragma endscop` (false) nodes, in order.
fn find_pragmas<'t>(src: &str, root: Node<'t>) -> Vec<(Node<'t>, bool)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.kind() == "preproc_call" {
            let directive: String = n
                .child_by_field_name("directive")
                .map(|d| src[d.byte_range()].chars().filter(|c| !c.is_whitespace()).collect())
                .unwrap_or_default();
            let argument = n.child_by_field_name("argument").map(|a| src[a.byte_range()].trim()).unwrap_or("");
            if directive == "#pragma" && (argument == "scop" || argument == "endscop") {
                out.push((n, argument == "scop"));
            }
            continue;
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    out.sort_by_key(|(n, _)| n.start_byte());
    out
}

/// What stands just before a `#pragma scop` and applies to the region's
/// first statement.
struct BeforeRegion<'t> {
    /// The first of the loop hints there (`#pragma omp parallel for`, see
    /// [`extract::is_loop_hint`]): they apply to the region's first loop,
    /// and the region takes them in.
    first_hint: Option<Node<'t>>,
    /// An OpenMP pragma there that is not a hint (`#pragma omp parallel`):
    /// it would apply to the first statement of the generated code.
    attached: Option<Node<'t>>,
    /// A loop or `if` without braces before them all, whose statement the
    /// region's first is (tree-sitter ends it at the pragma: see
    /// [`extract::trailing_cut`]).
    owner: Option<Node<'t>>,
}

impl<'t> BeforeRegion<'t> {
    /// What stands before the `#pragma scop` node `start` (comments and
    /// `#pragma iotile` lines aside).
    fn of(src: &str, start: Node<'t>) -> BeforeRegion<'t> {
        let mut before = BeforeRegion { first_hint: None, attached: None, owner: None };
        let mut at = start.prev_named_sibling();
        while let Some(n) = at {
            match extract::pragma_words(src, n).as_deref() {
                _ if extract::is_loop_hint(src, n) => before.first_hint = Some(n),
                Some(["omp", ..]) => before.attached = Some(n),
                Some(["iotile", ..]) => {}
                None if n.kind() == "comment" => {}
                _ => {
                    // An `else` without braces before the pragma is an
                    // error node in tree-sitter's reading.
                    before.owner = extract::trailing_cut(n).or((n.kind() == "ERROR").then_some(n));
                    break;
                }
            }
            at = n.prev_named_sibling();
        }
        before
    }
}

/// The `#pragma iotile ...` lines just before the `#pragma scop` node
/// `start` (with nothing but other such lines between).
fn iotile_pragmas_before<'t>(src: &str, start: Node<'t>) -> Vec<Node<'t>> {
    let mut pragmas = Vec::new();
    let mut at = start.prev_sibling();
    while let Some(n) = at {
        let argument = n.child_by_field_name("argument").map(|a| src[a.byte_range()].trim()).unwrap_or("");
        let iotile = argument.strip_prefix("iotile").is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
        if n.kind() != "preproc_call" || !iotile {
            break;
        }
        pragmas.push(n);
        at = n.prev_sibling();
    }
    pragmas
}

/// The first ERROR or MISSING node starting at or after byte `from`, past
/// the empty statements the parser gives a loop or `if` whose statement
/// follows a pragma line (a loop hint: the front end finds the statement
/// after it).
fn first_syntax_error<'t>(src: &str, root: Node<'t>, from: usize) -> Option<Node<'t>> {
    let cut_by_pragma = |n: Node| n.is_missing() && n.parent().is_some_and(|p| p.byte_range().is_empty()) && src[n.end_byte()..].trim_start().starts_with('#');
    let mut stack = vec![root];
    let mut best: Option<Node> = None;
    while let Some(n) = stack.pop() {
        if !n.has_error() || n.end_byte() < from {
            continue;
        }
        if (n.is_error() || n.is_missing()) && n.start_byte() >= from && !cut_by_pragma(n) {
            if best.is_none_or(|b| n.start_byte() < b.start_byte()) {
                best = Some(n);
            }
            continue;
        }
        let mut c = n.walk();
        stack.extend(n.children(&mut c));
    }
    best
}

fn statements_between<'t>(start: Node<'t>, end: Node<'t>) -> Vec<Node<'t>> {
    let mut items = Vec::new();
    let mut n = start.next_sibling();
    while let Some(node) = n {
        if node == end {
            break;
        }
        if node.is_named() {
            items.push(node);
        }
        n = node.next_sibling();
    }
    items
}

fn enclosing_function(node: Node) -> Option<Node> {
    let mut n = node.parent();
    while let Some(p) = n {
        if p.kind() == "function_definition" {
            return Some(p);
        }
        n = p.parent();
    }
    None
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// Maps a span of the expanded text to the original file: same line through
/// the line markers; same columns when the line was not changed by macro
/// expansion, otherwise the first occurrence of the spanned text on the
/// original line, otherwise the whole line.
fn map_span(pre: &preprocess::Preprocessed, original: &str, starts: &[usize], span: Range<usize>) -> Range<usize> {
    let pre_starts = line_starts(&pre.text);
    let row = pre_starts.partition_point(|s| *s <= span.start).saturating_sub(1);
    let Some(Some(line)) = pre.origin.get(row) else { return 0..0 };
    let Some(&begin) = starts.get(line - 1) else { return 0..0 };
    let end = starts.get(*line).map_or(original.len(), |e| e - 1).max(begin);
    let original_line = &original[begin..end];
    let pre_line_end = pre.text[pre_starts[row]..].find('\n').map_or(pre.text.len(), |e| pre_starts[row] + e);
    let pre_line = &pre.text[pre_starts[row]..pre_line_end];
    let col = span.start - pre_starts[row];
    let span_end = span.end.min(pre_line_end);
    let len = span_end.saturating_sub(span.start);
    if pre_line == original_line {
        return begin + col..begin + col + len.max(1);
    }
    let wanted = &pre.text[span.start..span_end];
    if !wanted.is_empty() {
        if let Some(at) = original_line.find(wanted) {
            return begin + at..begin + at + wanted.len();
        }
    }
    let indent = original_line.len() - original_line.trim_start().len();
    begin + indent..end.max(begin + indent)
}

/// Indentation of the first statement line of a region (after the pragma).
fn region_indent(region: &str) -> String {
    region
        .lines()
        .skip(1)
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .or_else(|| region.lines().next())
        .map(|l| l.chars().take_while(|c| *c == ' ' || *c == '\t').collect())
        .unwrap_or_default()
}

/// Where the function definition holding byte `at` of the original `text`
/// starts (the start of its line); the start of the file when no function
/// holds it. Code that must come before that function (CUDA kernels) goes
/// there: after the includes and declarations it may use.
pub fn function_start(text: &str, at: usize) -> usize {
    let Ok(tree) = parse(text) else { return 0 };
    let mut node = tree.root_node().descendant_for_byte_range(at, at);
    while let Some(n) = node {
        if n.kind() == "function_definition" {
            return text[..n.start_byte()].rfind('\n').map_or(0, |p| p + 1);
        }
        node = n.parent();
    }
    0
}

#[cfg(test)]
mod tests {
    use super::{cplusplus_conflicts, portable_typedefs, typedefs_named};

    fn builtin(w: &str) -> bool {
        ["char", "int", "double", "unsigned", "const", "long"].contains(&w)
    }

    /// Typedefs of built-in words and of earlier such typedefs are kept;
    /// reserved names, structs, pointers, typedefs of unknown types and
    /// names also defined inside a function (by any of its declarators,
    /// as an array or a pointer too) are not.
    #[test]
    fn portable_typedefs_are_file_scope_and_built_in() {
        let text = "typedef unsigned long __u64;\ntypedef double real;\ntypedef const real creal;\ntypedef struct { int x; } point;\n\
                    typedef int *iptr;\ntypedef point pt;\ntypedef char base;\ntypedef int local;\n\
                    typedef long row;\ntypedef int cell;\ntypedef char other;\ntypedef double kept;\n\
                    int f(void) { typedef double local; local x = 1; return (int)x; }\n\
                    int g(void) { typedef double row[4], *cell; typedef int kept2, other; row r = {1}; cell c = r; return (int)c[0]; }\n";
        let found = portable_typedefs(text, builtin);
        let names: Vec<&str> = found.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["real", "creal", "base", "kept"]);
        assert_eq!(found[1].declaration, "typedef const real creal;");
        assert_eq!(found[1].words, ["const", "real"]);
    }

    /// A named typedef comes with those it is defined by, in file order.
    #[test]
    fn named_typedefs_bring_their_definitions() {
        let text = "typedef double real;\ntypedef real sample;\ntypedef char base;\n";
        let found = portable_typedefs(text, builtin);
        let names = |words: &[&str]| words.iter().map(|w| w.to_string()).collect();
        let named: Vec<&str> = typedefs_named(&found, &names(&["static", "__global__", "void", "k", "sample", "a", "int", "n"])).iter().map(|t| t.name.as_str()).collect();
        assert_eq!(named, ["real", "sample"]);
        assert!(typedefs_named(&found, &names(&["double", "a", "int", "realm"])).is_empty());
    }

    /// Each construct of C that nvcc's C++ rejects is found where it is
    /// written (the cases checked with nvcc); what C++ also accepts is not.
    #[test]
    fn cplusplus_conflicts_are_what_nvcc_rejects() {
        let text = "typedef double real;\n\
                    void f(int n, double A[restrict n][4], double *restrict p, double q[static 4], double B[8]) {\n\
                    double *a = malloc(8), *c = (double *)malloc(8); real *b; void *v = malloc(4), *w;\n\
                    b = (calloc(1, 8)); w = realloc(v, 8); int new = 1, this_ok = 2; float (*X)[n] = (float (*)[n])malloc(4);\n}\n";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&tree_sitter_c::LANGUAGE.into()).unwrap();
        let tree = parser.parse(text, None).unwrap();
        let found: Vec<(&str, &str)> = cplusplus_conflicts(text, tree.root_node()).into_iter().map(|(r, why)| (&text[r], why)).collect();
        let expected = [
            ("double A[restrict n][4]", "variable-length array"),
            ("restrict", "'restrict'"),
            ("static", "'static'"),
            ("malloc", "'void *'"),
            ("calloc", "'void *'"),
            ("new", "keyword"),
        ];
        assert_eq!(found.len(), expected.len(), "{found:?}");
        for ((span, why), (expected_span, expected_why)) in found.iter().zip(expected) {
            assert!(*span == expected_span && why.contains(expected_why), "{found:?}");
        }
    }
}
