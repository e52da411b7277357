//! Extraction of a [`Scop`] from the tree-sitter syntax tree of one region.
//!
//! Walks the statements between `#pragma scop` and `#pragma endscop` in the
//! preprocessed text and builds, directly through isl, the iteration domain
//! of every assignment (loop bounds and `if` conditions become constraints),
//! its array accesses (affine subscripts become isl maps) and the original
//! schedule tree (one band per loop, one sequence per block). An `if`
//! whose condition is not affine (it reads data) is one statement whose
//! assignments may or may not happen: each target counts as read as well
//! as written. Affine
//! expressions are translated with C's semantics: `/` and `%` truncate
//! (`isl_pw_aff_tdiv_q/r`), ternaries become piecewise expressions, so
//! `min`/`max`/`floord` macros expanded by the preprocessor are exact.
//! Loop hints (`#pragma omp parallel for`, `omp simd`, `GCC ivdep`, ...)
//! are dropped, and a loop or `if` whose statement tree-sitter cut off at
//! such a hint (no braces) gets the statement after the hint back.
//! Anything outside the supported subset is a [`FrontError`] at its span.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ops::Range;

use isl_rs::{
    Aff, Context, DimType, LocalSpace, Map, MultiAff, MultiUnionPwAff, PwAff, PwMultiAff, Schedule, Set, Space,
    UnionPwAff, UnionSet, Val,
};
use tree_sitter::Node;

use super::ctype::{Cast, IntType};
use crate::isl::IslError;
use super::purity::PureFunction;
use crate::scop::{Access, ArrayInfo, Body, BodyPiece, DeviceFunction, LiveIterator, Scop, Statement};

/// An unsupported construct, located in the preprocessed text.
#[derive(Debug, Clone)]
pub struct FrontError {
    /// Byte span in the preprocessed text.
    pub span: Range<usize>,
    /// One-line summary.
    pub message: String,
    /// Why the construct is rejected (shown under the span).
    pub why: String,
}

type FResult<T> = Result<T, FrontError>;

/// What the extractor needs to know about one region.
pub struct RegionInput<'t> {
    /// Zero-based index of the region in the file.
    pub index: usize,
    /// The statements between the two pragmas.
    pub items: Vec<Node<'t>>,
    /// The function containing the region, if any.
    pub function: Option<Node<'t>>,
    /// The translation unit.
    pub root: Node<'t>,
    /// Constraints on parameters given with `--ctx`, in isl notation.
    pub user_context: Option<String>,
    /// The `#pragma iotile scratch(...)` lines just before the region.
    pub scratch_pragmas: Vec<Node<'t>>,
    /// What every region of the file shares.
    pub file: &'t FileScope<'t>,
}

impl RegionInput<'_> {
    /// Whether code that runs after the region may read `name`: a use
    /// after the region in its function, one anywhere in a loop around the
    /// region (the loop's next iteration runs it, and the region itself,
    /// after this run of the region), or the variable's address taken
    /// anywhere in the function (a pointer may read it after the region).
    fn may_read_after(&self, src: &str, name: &str, span: &Range<usize>) -> bool {
        let Some(function) = self.function else { return false };
        let mut from = span.end;
        let mut at = self.items.first().and_then(|n| n.parent());
        while let Some(n) = at.filter(|n| *n != function) {
            if matches!(n.kind(), "for_statement" | "while_statement" | "do_statement") {
                from = n.start_byte();
            }
            at = n.parent();
        }
        // So does a label before the region that a `goto` of the function
        // names: jumping back there runs that code again.
        from = from.min(labels_jumped_to(src, function).into_iter().filter(|&l| l < span.start).min().unwrap_or(from));
        identifier_in_range(src, function, name, from..function.end_byte()) || address_taken(src, function, name)
    }
}

/// The offsets of the labelled statements of `function` that one of its
/// `goto`s names.
fn labels_jumped_to(src: &str, function: Node) -> Vec<usize> {
    let (mut labels, mut targets) = (Vec::new(), HashSet::new());
    let mut stack = vec![function];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "labeled_statement" => labels.extend(n.child_by_field_name("label").map(|l| (text(src, l), n.start_byte()))),
            "goto_statement" => targets.extend(n.child_by_field_name("label").map(|l| text(src, l))),
            _ => {}
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    labels.into_iter().filter(|(l, _)| targets.contains(l)).map(|(_, at)| at).collect()
}

/// The variable node `n` itself changes, or lets change: the identifier
/// an assignment or increment targets (`write`), or whose address `&`
/// takes (`address`), parentheses around it dropped.
fn changed_identifier<'t>(src: &str, n: Node<'t>, write: bool, address: bool) -> Option<Node<'t>> {
    let mut target = match n.kind() {
        "assignment_expression" if write => n.child_by_field_name("left"),
        "update_expression" if write => n.child_by_field_name("argument"),
        "pointer_expression" if address && n.child(0).is_some_and(|op| text(src, op) == "&") => n.child_by_field_name("argument"),
        _ => None,
    };
    while let Some(p) = target.filter(|p| p.kind() == "parenthesized_expression") {
        target = p.named_child(0);
    }
    target.filter(|t| t.kind() == "identifier")
}

/// Whether `&name` occurs inside `node`.
fn address_taken(src: &str, node: Node, name: &str) -> bool {
    if changed_identifier(src, node, false, true).is_some_and(|o| text(src, o) == name) {
        return true;
    }
    let mut c = node.walk();
    let children: Vec<Node> = node.named_children(&mut c).collect();
    children.into_iter().any(|child| address_taken(src, child, name))
}

/// What the regions of one file share, read from the file once.
pub struct FileScope<'t> {
    /// The file-scope typedefs whose types are built from C's own type
    /// words, each with the type it names in those words
    /// (`typedef uint small; typedef unsigned uint;` gives `small` as
    /// `unsigned`).
    typedefs: HashMap<String, String>,
    /// The file's calls of named functions, by the name called.
    calls: HashMap<&'t str, Vec<Node<'t>>>,
    /// The names the file declares or defines as functions (not
    /// variables holding a function's address).
    functions: HashSet<&'t str>,
    /// The file's calls through a pointer: those whose callee is not the
    /// name of a function the file declares (`fp(n, X, X)`).
    indirect_calls: Vec<Node<'t>>,
    /// The names the file uses as values, neither called nor declared
    /// as functions: a function named here has its address taken
    /// (`fp = k`, `&k`, `k` passed on).
    used_as_values: HashSet<&'t str>,
    /// The functions of the file a statement may call
    /// ([`super::purity`]).
    pure_functions: HashMap<String, PureFunction>,
    /// Whether statements run on the host (not in CUDA kernels), where
    /// gcc's builtins nvcc's device code lacks may be called.
    host_code: bool,
    /// The translation unit, whose functions may give a file-scope pointer
    /// its values ([`values_given`]).
    root: Node<'t>,
    /// The file-scope typedefs of array types (`typedef double row[N];`),
    /// each with its element type and its extents: a variable of such a
    /// type is an array with the typedef's dimensions after its own.
    array_typedefs: HashMap<String, (String, Vec<Option<String>>)>,
}

impl<'t> FileScope<'t> {
    /// What the regions of the file share; `host_code` where statements
    /// run on the host.
    pub fn new(src: &'t str, root: Node<'t>, host_code: bool) -> Self {
        let mut typedefs = HashMap::new();
        for t in super::file_typedefs(src, root, super::ctype::is_type_word) {
            let words: Vec<String> = t.words.iter().map(|w| typedefs.get(w).cloned().unwrap_or_else(|| w.clone())).collect();
            typedefs.insert(t.name, words.join(" "));
        }
        let mut calls: HashMap<&str, Vec<Node>> = HashMap::new();
        let (mut functions, mut used_as_values, mut all_calls) = (HashSet::new(), HashSet::new(), Vec::new());
        let mut stack = vec![root];
        while let Some(n) = stack.pop() {
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
            match n.kind() {
                "call_expression" => {
                    if let Some(f) = n.child_by_field_name("function").filter(|f| f.kind() == "identifier") {
                        calls.entry(text(src, f)).or_default().push(n);
                    }
                    all_calls.push(n);
                }
                "function_declarator" => functions.extend(n.child_by_field_name("declarator").filter(|d| d.kind() == "identifier").map(|d| text(src, d))),
                "identifier" => {
                    let parent = n.parent();
                    let called = parent.is_some_and(|p| p.kind() == "call_expression" && p.child_by_field_name("function") == Some(n));
                    let declared = parent.is_some_and(|p| p.kind() == "function_declarator");
                    if !called && !declared {
                        used_as_values.insert(text(src, n));
                    }
                }
                _ => {}
            }
        }
        let indirect_calls = all_calls
            .into_iter()
            .filter(|call| call.child_by_field_name("function").is_none_or(|f| f.kind() != "identifier" || !functions.contains(text(src, f))))
            .collect();
        let functions: HashSet<&str> = functions;
        let pure_functions = super::purity::pure_functions(src, root, &typedefs, is_math_function, math_parameter_type);
        let array_typedefs = array_typedefs(src, root, &typedefs);
        FileScope { typedefs, calls, functions, indirect_calls, used_as_values, pure_functions, host_code, root, array_typedefs }
    }
}

/// The typedefs of array types at file scope of `root` whose element
/// type is C's own words, `typedefs` of them or such a typedef
/// (`typedef double row[N];`, `typedef row mat[N];`), none that a typedef
/// of the same name inside a function hides, each with its element type
/// and its extents (outermost first).
fn array_typedefs(src: &str, root: Node, typedefs: &HashMap<String, String>) -> HashMap<String, (String, Vec<Option<String>>)> {
    let hidden = super::typedefs_inside_functions(src, root);
    let mut out: HashMap<String, (String, Vec<Option<String>>)> = HashMap::new();
    let mut c = root.walk();
    for n in root.children(&mut c).filter(|n| n.kind() == "type_definition" && !n.has_error()) {
        let mut c = n.walk();
        let declarators: Vec<Node> = n.children_by_field_name("declarator", &mut c).collect();
        let ([d], Some(ty)) = (&declarators[..], n.child_by_field_name("type")) else { continue };
        let Some((name, mut extents)) = typedef_shape(src, *d).filter(|(name, extents)| !extents.is_empty() && !hidden.contains(name)) else { continue };
        let element = text(src, ty).to_string();
        let element = match out.get(&element) {
            Some((inner, inner_extents)) => {
                extents.extend(inner_extents.iter().cloned());
                inner.clone()
            }
            None if element.split_whitespace().all(|w| super::ctype::is_type_word(w) || typedefs.contains_key(w)) => element,
            None => continue,
        };
        let mut c = n.walk();
        if n.children(&mut c).any(|q| q.kind() == "type_qualifier") {
            continue;
        }
        out.insert(name, (element, extents));
    }
    out
}

/// The name and the extents of the declarator of a typedef of an array
/// type (`row[N]` of `typedef double row[N];`); `None` for another one.
fn typedef_shape(src: &str, mut d: Node) -> Option<(String, Vec<Option<String>>)> {
    let mut extents = Vec::new();
    while d.kind() == "array_declarator" {
        extents.push(d.child_by_field_name("size").map(|s| text(src, s).to_string()));
        d = d.child_by_field_name("declarator")?;
    }
    extents.reverse();
    (d.kind() == "type_identifier").then(|| (text(src, d).to_string(), extents))
}

/// A declared variable, as far as the region cares.
#[derive(Debug, Clone)]
struct Declaration {
    /// Base type text (`double`, `unsigned int`).
    base_type: String,
    /// The base type with the file's typedefs of built-in types replaced
    /// by what they name (`uint_t` becomes `unsigned int`): what C's
    /// conversions see.
    c_type: String,
    /// Declared `volatile`: every access is a side effect.
    volatile: bool,
    /// Extent text per dimension (`None` for a pointer level or `[]`).
    extents: Vec<Option<String>>,
    /// Declared at file scope (visible to other functions), or `static` or
    /// `extern` in the function: it outlives the call.
    global: bool,
    /// A parameter of the function holding the region: an array
    /// parameter is a pointer (`sizeof` gives a pointer's size).
    parameter: bool,
    /// The declaration, where it is one of automatic storage in the body
    /// of the function holding the region.
    automatic: Option<Range<usize>>,
    /// Declared a pointer (`double *p`, `double (*p)[M]`), not an array:
    /// what it points to is not storage of its own.
    pointer: bool,
}

impl Declaration {
    /// Whether the type is unsigned: its values are never negative.
    fn is_unsigned(&self) -> bool {
        IntType::named(&self.c_type).unsigned || self.c_type.split_whitespace().any(|w| w == "unsigned" || w.starts_with("uint"))
    }

    fn is_integer(&self) -> bool {
        self.extents.is_empty()
            && ["int", "long", "short", "char", "unsigned", "signed", "size_t"]
                .iter()
                .any(|t| self.c_type.split_whitespace().any(|w| w == *t || w.ends_with("_t")))
    }
}

/// Mathematical functions a statement may call: pure, no side effects,
/// every parameter of the type of the result (not `ldexp`'s `int`, not
/// `lround`'s `long` result), each with its `f` and `l` forms, and in
/// CUDA's device library too (not `lgamma`, which sets `signgam`).
const MATH_FUNCTIONS: &[&str] = &[
    "sqrt", "exp", "exp2", "expm1", "pow", "log", "log10", "log2", "log1p", "logb", "fabs", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil",
    "fmin", "fmax", "fmod", "remainder", "fdim", "fma", "copysign", "nextafter", "round", "trunc", "rint",
    "nearbyint", "cbrt", "hypot", "erf", "erfc", "tgamma", "abs", "labs",
];

fn is_math_function(name: &str) -> bool {
    math_parameter_type(name).is_some() || name.strip_prefix("__builtin_").is_some_and(|b| is_math_function(b) || DEVICE_BUILTINS.contains(&b))
}

/// The type of the parameters of math function `name` (`double` for
/// `sqrt`, `float` for `sqrtf`, `int` for `abs`); `None` for others.
fn math_parameter_type(name: &str) -> Option<&'static str> {
    match name {
        "abs" => Some("int"),
        "labs" => Some("long"),
        _ if MATH_FUNCTIONS.contains(&name) => Some("double"),
        _ if name.strip_suffix('f').is_some_and(|base| MATH_FUNCTIONS.contains(&base)) => Some("float"),
        _ if name.strip_suffix('l').is_some_and(|base| MATH_FUNCTIONS.contains(&base)) => Some("long double"),
        _ => None,
    }
}

/// What `<math.h>`'s constants and classifications expand to with gcc
/// (`INFINITY`, `NAN`, `HUGE_VAL`, `isnan`, `signbit`, less `__builtin_`),
/// where nvcc's device code has them too.
const DEVICE_BUILTINS: &[&str] = &[
    "inf", "inff", "infl", "huge_val", "huge_valf", "huge_vall", "nan", "nanf", "nanl", "isnan", "isinf", "isfinite", "signbit",
    "signbitf", "signbitl",
];

/// The rest of them (`isinf`, `isgreater`, ...), which nvcc's device
/// code lacks.
const HOST_BUILTINS: &[&str] = &["isinf_sign", "isnormal", "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater", "isunordered", "fpclassify"];

/// A loop iterator in scope.
struct Iterator {
    name: String,
    decreasing: bool,
    /// Its C type (`int` where the declaration is not in view).
    ty: IntType,
    /// A type of its declared size where the integer promotions widen it
    /// (`short`, `char`): what `sizeof` of it must still see.
    narrow: Option<&'static str>,
}

/// The shape of the region, from which the original schedule is built.
enum Item {
    Statement(usize),
    Loop { depth: usize, decreasing: bool, body: Vec<Item> },
}

/// One term of a 2d+1 execution-time vector.
#[derive(Clone, Copy)]
enum TimeTerm {
    Position(i64),
    Iterator { depth: usize, decreasing: bool },
}

/// The moment a loop over an iterator declared before the region exits,
/// and the value it leaves in the iterator.
struct LoopExit {
    iterator: String,
    /// Outer-iterator values for which the loop is reached.
    reached: Set,
    time: Vec<TimeTerm>,
    value: PwAff,
}

struct Extractor<'a> {
    src: &'a str,
    ctx: &'a Context,
    declarations: HashMap<String, Declaration>,
    /// The file's typedefs of built-in types, each with the built-in type
    /// it names.
    typedefs: &'a HashMap<String, String>,
    /// The file's functions a statement may call ([`super::purity`]).
    pure_functions: &'a HashMap<String, PureFunction>,
    /// The pure functions the region's statements call.
    called_functions: BTreeSet<String>,
    /// See [`FileScope::host_code`].
    host_code: bool,
    /// Names assigned anywhere in the region.
    written: HashSet<String>,
    /// Variables declared before the region that a loop of the region
    /// counts with (`for (i = 0; ...)`).
    loop_iterators: HashSet<String>,
    /// Names declared inside the region, each with the bytes of the source
    /// where that declaration is in scope (a `for` loop's own iterator
    /// only in that loop, so the same name counted by a later loop is the
    /// variable declared before the region).
    declared_inside: Vec<(String, Range<usize>)>,
    /// Names declared in a block of the region (not as a loop's own
    /// iterator): hoisted to the start of the regenerated region.
    hoisted_inside: HashSet<String>,
    iterators: Vec<Iterator>,
    /// Domain of the current nesting level, over the iterators in scope.
    domain: Set,
    /// 2d+1 time prefix of the current nesting level.
    time: Vec<TimeTerm>,
    statements: Vec<Statement>,
    params: Vec<String>,
    arrays: Vec<ArrayInfo>,
    /// See [`Scop::invariants`].
    invariants: Vec<ArrayInfo>,
    /// Variables declared inside the region, hoisted to its start: name,
    /// type and the constant extents of an array (`[4][8]`, empty for a
    /// scalar).
    private_declarations: Vec<(String, String, String)>,
    exits: Vec<LoopExit>,
    outer_iterators: Vec<String>,
    /// Whether an iterator's type holds values `int` does not (see
    /// [`Scop::counter_type`]).
    wide_iterators: bool,
    /// Per statement, which of its iterators are `int`s.
    int_iterators: Vec<Vec<bool>>,
    reads: usize,
    writes: usize,
    max_depth: usize,
    /// [`Extractor::eager`]'s answers by syntax node: each asks again
    /// for the logical operations inside it, which would take time
    /// exponential in the length of a chain of them.
    eager: std::cell::RefCell<HashMap<usize, bool>>,
    /// While the condition of a loop is read: its iterator.
    loop_test: Option<String>,
    /// Operands of that condition that mention the iterator and are
    /// compared in unsigned arithmetic: each must not be negative where the
    /// condition is tested (see [`Extractor::check_converted_operands`]).
    converted_operands: Vec<(PwAff, u32)>,
    /// While a loop's initial value or condition is read.
    in_loop_header: bool,
    /// While the statements of a loop's body are read, outside any `if`
    /// of it: where an `if (c) continue;` may restrict the rest of the
    /// body to `!c` ([`Extractor::if_statement`]).
    in_loop_body: bool,
    /// The arrays declared inside the region.
    local_arrays: std::collections::BTreeSet<String>,
    /// The parameter values where some unsigned value C reads passes its
    /// type's top (see [`Scop::wrapping`]); `None` while there are none.
    wrapping: Option<Set>,
    /// Where each value of [`Extractor::wrapping`] was noted, with the
    /// parameter values it wraps at: what an error points at.
    wrapping_spans: Vec<(Range<usize>, Set)>,
    /// The translation unit (where the bodies of pure functions are).
    root: Node<'a>,
    /// While the returned expression of a pure function called in an
    /// affine expression is read ([`Extractor::inlined_call`]), its
    /// parameters' values and types, innermost call last.
    arguments: Vec<HashMap<String, (PwAff, IntType)>>,
}

impl From<IslError> for FrontError {
    fn from(e: IslError) -> Self {
        FrontError { span: 0..0, message: format!("polyhedral analysis failed: {}", e.0), why: String::new() }
    }
}

impl From<isl_rs::LibISLError> for FrontError {
    fn from(e: isl_rs::LibISLError) -> Self {
        IslError::from(e).into()
    }
}

fn error<T>(node: Node, message: impl Into<String>, why: impl Into<String>) -> FResult<T> {
    Err(FrontError { span: node.byte_range(), message: message.into(), why: why.into() })
}

/// Builds the Scop of one region.
pub fn extract<'a>(ctx: &'a Context, src: &'a str, input: &'a RegionInput) -> FResult<Scop> {
    let span = match (input.items.first(), input.items.last()) {
        (Some(a), Some(b)) => a.start_byte()..b.end_byte(),
        _ => 0..0,
    };
    let typedefs = &input.file.typedefs;
    let mut declarations = HashMap::new();
    collect_declarations(src, input, &mut declarations);
    let mut x = Extractor {
        src,
        ctx,
        declarations,
        typedefs,
        pure_functions: &input.file.pure_functions,
        called_functions: BTreeSet::new(),
        host_code: input.file.host_code,
        invariants: Vec::new(),
        written: HashSet::new(),
        loop_iterators: HashSet::new(),
        declared_inside: Vec::new(),
        hoisted_inside: HashSet::new(),
        iterators: Vec::new(),
        domain: Set::universe(Space::set_alloc(ctx, 0, 0)?)?,
        time: Vec::new(),
        statements: Vec::new(),
        params: Vec::new(),
        arrays: Vec::new(),
        private_declarations: Vec::new(),
        exits: Vec::new(),
        outer_iterators: Vec::new(),
        wide_iterators: false,
        int_iterators: Vec::new(),
        reads: 0,
        writes: 0,
        max_depth: 0,
        eager: Default::default(),
        loop_test: None,
        converted_operands: Vec::new(),
        in_loop_header: false,
        in_loop_body: false,
        local_arrays: Default::default(),
        wrapping: None,
        wrapping_spans: Vec::new(),
        root: input.root,
        arguments: Vec::new(),
    };
    for item in &input.items {
        x.reject_volatile(*item)?;
        x.collect_written(*item);
    }
    // The regenerated region declares its variables in a block of its
    // own: one the code after the region reads would be gone there.
    for item in input.items.iter().filter(|n| n.kind() == "declaration") {
        let mut c = item.walk();
        for d in item.children_by_field_name("declarator", &mut c) {
            let Some((name, _)) = declarator_shape(src, d) else { continue };
            if input.function.is_some_and(|f| identifier_in_range(src, f, &name, span.end..f.end_byte())) {
                return error(d, format!("'{name}' is declared in the region and used after it"), "the regenerated region declares its variables in a block of its own; declare it before '#pragma scop'");
            }
        }
    }
    let mut items = Vec::new();
    for node in input.items.iter().filter(|n| !is_detached_body(src, **n)) {
        x.statement(*node, &mut items)
            .map_err(|e| if e.span.is_empty() { FrontError { span: node.byte_range(), ..e } } else { e })?;
    }
    let fail_at = |e: FrontError| if e.span.is_empty() { FrontError { span: span.clone(), ..e } } else { e };
    let schedule = x.schedule(&items).map_err(fail_at)?;
    let context = x.context(input, &span).map_err(fail_at)?;
    let (context, wrapping) = x.without_wrapping(context).map_err(fail_at)?;
    let live_iterators = x.live_iterators(input, &span).map_err(fail_at)?;
    let scalars_live_after = x
        .arrays
        .iter()
        .filter(|a| a.extents.is_empty())
        // A scalar declared in the region ends with it, even where a loop
        // around the region runs it again (and a name read after the
        // region is then another variable).
        .filter(|a| !x.hoisted_inside.contains(&a.name))
        .filter(|a| {
            let global = x.declarations.get(&a.name).is_none_or(|d| d.global);
            global || input.may_read_after(x.src, &a.name, &span)
        })
        .map(|a| a.name.clone())
        .collect();
    if let Some(function) = input.function {
        for array in &mut x.arrays {
            let Some(d) = x.declarations.get(&array.name).filter(|d| !d.global) else { continue };
            // A parameter's extents are fixed on entry, a local's where
            // it is declared.
            let from = d.automatic.as_ref().map_or(function.start_byte(), |r| r.end);
            let named = array.extents.iter().flatten().flat_map(|e| crate::ast::identifiers(e));
            array.stale_extent = named.filter(|v| assigned_in(src, function, v, from..function.end_byte())).min();
        }
    }
    let written_arrays: HashSet<String> = x.statements.iter().flat_map(|s| s.writes.iter().map(|w| w.array.clone())).collect();
    distinct_arguments(src, input, &x.arrays, &written_arrays, &x.declarations)?;
    let dead_after = x.dead_after(input, &span)?;
    let private_declarations =
        x.private_declarations.iter().map(|(name, ty, dims)| format!("{ty} {name}{dims};")).collect();
    let unsigned_params = x.params.iter().filter(|p| x.declarations.get(*p).is_some_and(|d| d.is_unsigned())).cloned().collect();
    if x.wide_iterators {
        // The loops count in `long`: an `int` iterator's value is cast
        // back where C computes with it (`i - 5u` wraps as `unsigned`,
        // where a `long` would go negative).
        for (statement, ints) in x.statements.iter_mut().zip(&x.int_iterators) {
            statement.body.pieces = std::mem::take(&mut statement.body.pieces)
                .into_iter()
                .flat_map(|piece| match piece {
                    BodyPiece::Iterator(k) if ints[k] => vec![BodyPiece::Text("((int)".into()), piece, BodyPiece::Text(")".into())],
                    piece => vec![piece],
                })
                .collect();
        }
    }
    let device_functions = x.device_functions();
    Ok(Scop {
        index: input.index,
        unsigned_params,
        params: x.params,
        context,
        wrapping,
        statements: x.statements,
        arrays: x.arrays,
        invariants: x.invariants,
        schedule,
        private_declarations,
        live_iterators,
        scalars_live_after,
        dead_after,
        outer_iterators: x.outer_iterators,
        counter_type: if x.wide_iterators { "long" } else { "int" },
        span,
        expanded: Vec::new(),
        device_functions,
    })
}

/// Records globals, the function's parameters and the locals declared
/// before the region.
fn collect_declarations(src: &str, input: &RegionInput, out: &mut HashMap<String, Declaration>) {
    let mut cursor = input.root.walk();
    for child in input.root.children(&mut cursor) {
        if child.kind() == "declaration" {
            add_declaration(src, child, Scope::Global, input.file, out);
        }
    }
    let Some(function) = input.function else { return };
    if let Some(declarator) = function.child_by_field_name("declarator") {
        let mut stack = vec![declarator];
        while let Some(n) = stack.pop() {
            if n.kind() == "parameter_list" {
                let mut c = n.walk();
                for p in n.named_children(&mut c) {
                    if p.kind() == "parameter_declaration" {
                        add_declaration(src, p, Scope::Parameter, input.file, out);
                    }
                }
                break;
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
    }
    let region_start = input.items.first().map_or(usize::MAX, |n| n.start_byte());
    if let Some(body) = function.child_by_field_name("body") {
        let mut stack = vec![body];
        while let Some(n) = stack.pop() {
            if n.start_byte() >= region_start {
                continue;
            }
            if n.kind() == "declaration" {
                add_declaration(src, n, Scope::Body, input.file, out);
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
    }
}

/// Where a declaration stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Global,
    Parameter,
    /// In the body of the function holding the region.
    Body,
}

fn add_declaration(src: &str, decl: Node, scope: Scope, file: &FileScope, out: &mut HashMap<String, Declaration>) {
    let typedefs = &file.typedefs;
    let Some(ty) = decl.child_by_field_name("type") else { return };
    let mut base_type = text(src, ty).to_string();
    // `row A[M]` of `typedef double row[N];` is `double A[M][N]`.
    let mut typedef_extents = Vec::new();
    if let Some((element, extents)) = file.array_typedefs.get(&base_type) {
        base_type = element.clone();
        typedef_extents = extents.clone();
    }
    let c_type = resolve_typedefs(&base_type, typedefs);
    let mut c = decl.walk();
    let volatile = decl.children(&mut c).any(|q| q.kind() == "type_qualifier" && text(src, q) == "volatile");
    let mut c = decl.walk();
    let is_static = decl.children(&mut c).any(|q| q.kind() == "storage_class_specifier" && matches!(text(src, q), "static" | "extern"));
    let automatic = (scope == Scope::Body && !is_static).then(|| decl.byte_range());
    let mut c = decl.walk();
    for d in decl.children_by_field_name("declarator", &mut c) {
        if let Some((name, mut extents)) = declarator_shape(src, d) {
            extents.extend(typedef_extents.iter().cloned());
            // A `static` or `extern` variable of the function outlives the
            // call: the next call, or another function, may read it.
            let global = scope == Scope::Global || (scope == Scope::Body && is_static);
            let pointer = declares_pointer(d);
            out.insert(name, Declaration { base_type: base_type.clone(), c_type: c_type.clone(), volatile, extents, global, parameter: scope == Scope::Parameter, automatic: automatic.clone(), pointer });
        }
    }
}

/// The size in bytes of the built-in arithmetic type `ty` in the LP64 ABI
/// (Linux on x86-64 and AArch64).
fn builtin_size(ty: &str) -> Option<i64> {
    let words: Vec<&str> = ty.split_whitespace().filter(|w| !matches!(*w, "const" | "volatile" | "signed" | "static")).collect();
    let unsigned = words.contains(&"unsigned");
    let words: Vec<&str> = words.into_iter().filter(|w| *w != "unsigned").collect();
    Some(match words.as_slice() {
        [] if unsigned => 4,
        ["char" | "_Bool" | "bool" | "int8_t" | "uint8_t"] => 1,
        ["short"] | ["short", "int"] | ["int16_t" | "uint16_t"] => 2,
        ["int" | "float" | "int32_t" | "uint32_t"] => 4,
        ["long"] | ["long", "int"] | ["long", "long"] | ["long", "long", "int"] => 8,
        ["double" | "size_t" | "ssize_t" | "ptrdiff_t" | "intptr_t" | "uintptr_t" | "int64_t" | "uint64_t"] => 8,
        ["long", "double"] => 16,
        _ => return None,
    })
}

/// `ty` with each word that names one of `typedefs` replaced by its type.
fn resolve_typedefs(ty: &str, typedefs: &HashMap<String, String>) -> String {
    ty.split_whitespace().map(|w| typedefs.get(w).map_or(w, String::as_str)).collect::<Vec<_>>().join(" ")
}

/// Name and per-dimension extents of a declarator; `None` for functions.
fn declarator_shape(src: &str, node: Node) -> Option<(String, Vec<Option<String>>)> {
    let mut extents = Vec::new();
    let mut n = node;
    loop {
        match n.kind() {
            "identifier" => break,
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {
                n = n.child_by_field_name("declarator").or_else(|| n.named_child(0))?;
            }
            "array_declarator" => {
                extents.push(n.child_by_field_name("size").map(|s| text(src, s).to_string()));
                n = n.child_by_field_name("declarator")?;
            }
            "pointer_declarator" => {
                extents.push(None);
                n = n.child_by_field_name("declarator")?;
            }
            _ => return None,
        }
    }
    // Array declarators nest outside-in: `A[10][20]` is `(A[10])[20]`.
    // Pointer levels come before array dimensions in the same way.
    extents.reverse();
    Some((text(src, n).to_string(), extents))
}

/// Whether the declarator `node` declares a pointer (`*p`, `(*p)[M]`,
/// `*p = X`), not an array (`A[N]`, `*rows[2]`) or a scalar: the
/// constructor next to the name is a pointer.
fn declares_pointer(node: Node) -> bool {
    let mut n = node;
    let mut innermost = None;
    loop {
        match n.kind() {
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {}
            kind @ ("array_declarator" | "pointer_declarator") => innermost = Some(kind),
            _ => return innermost == Some("pointer_declarator"),
        }
        match n.child_by_field_name("declarator").or_else(|| n.named_child(0)) {
            Some(inner) => n = inner,
            None => return false,
        }
    }
}

/// Rejects the region where a call in this file passes one array as two of
/// the function's array parameters, or passes a global array the region
/// uses by name, and the region writes one of them, or where the region's
/// function (the file's functions, for a file-scope pointer) gives a
/// pointer the region uses a value in another array the region uses, or
/// two such pointers values in one array, and the region writes one of
/// them: the region's
/// dependences assume that arrays with different names are different
/// memory (as `restrict` would say), so reordering could then read what
/// C's order had not yet written. Arguments are followed to the arrays
/// they point into in each chain of calls that reaches the region
/// ([`pointed_into`]): through conditionals, commas and the values the
/// caller gives a pointer, struct members, the results of the file's
/// functions ([`followed`]), and through the calls of a caller that
/// passes its own parameters on; where the file takes the function's
/// address, calls through pointers count too ([`calls_of`]). Calls from
/// other files are not seen.
fn distinct_arguments(src: &str, input: &RegionInput, arrays: &[ArrayInfo], written: &HashSet<String>, declarations: &HashMap<String, Declaration>) -> FResult<()> {
    let Some(function) = input.function else { return Ok(()) };
    let Some((name, parameters)) = signature(src, function) else { return Ok(()) };
    let used = |array: &str| arrays.iter().any(|a| a.name == array && !a.extents.is_empty());
    let globals: Vec<&str> = arrays.iter().filter(|a| !a.extents.is_empty() && declarations.get(&a.name).is_some_and(|d| d.global)).map(|a| a.name.as_str()).collect();
    // A pointer the region's own function gives a value in another array
    // the region uses (`double *p = &A[0][0];`, `p = A + 1;`), or two
    // pointers it gives values in one array. A file-scope pointer counts
    // the values any function of the file gives it (`gp = &A[0][0];` in
    // `main`). A value through a parameter the region does not use as an
    // array (`double *A = *pp;`) is followed into what each call passes
    // there, as far as those are the caller's globals.
    let calls = calls_of(input.file, name, parameters.len());
    let through_calls = |origin: &str| -> Vec<&str> {
        let Some(k) = parameters.iter().position(|p| p == origin).filter(|_| !used(origin)) else { return Vec::new() };
        let mut out = Vec::new();
        for call in &calls {
            let Some(args) = call.child_by_field_name("arguments") else { continue };
            let mut c = args.walk();
            let Some(passed) = args.named_children(&mut c).filter(|a| a.kind() != "comment").nth(k) else { continue };
            let caller = super::enclosing_function(*call);
            let local = caller.map(|f| names_declared_in_caller(src, f)).unwrap_or_default();
            out.extend(followed(src, input.file, caller, caller, passed).into_iter().filter(|o| !local.contains(*o)));
        }
        out
    };
    let mut pointers: Vec<(&str, Vec<(Node, Vec<&str>)>)> = Vec::new();
    for a in arrays.iter().filter(|a| !a.extents.is_empty()) {
        let mut values: Vec<(Node, Vec<&str>)> = Vec::new();
        for (context, value) in values_given(src, input.file, Some(function), &a.name) {
            let mut origins = followed(src, input.file, Some(function), context, value);
            for o in origins.clone() {
                origins.extend(through_calls(o).into_iter().filter(|t| !origins.contains(t)).collect::<Vec<_>>());
            }
            values.push((value, origins));
        }
        if opaque_pointer(src, input.file, Some(function), &a.name) {
            let declared = declarators_of(src, input.file.root, Some(function), &a.name).first().map(|(d, _)| *d);
            values.push((declared.or(input.items.first().copied()).unwrap_or(function), vec![ANY_ARRAY]));
        }
        pointers.push((a.name.as_str(), values));
    }
    for (k, (a, a_values)) in pointers.iter().enumerate() {
        for (b, b_values) in &pointers[..k] {
            if !written.contains(*a) && !written.contains(*b) {
                continue;
            }
            // `a`'s value in `b`, `b`'s in `a`, or both in another.
            let found = shared_origin(a_values, b, b_values).map(|(value, o)| (value, *a, *b, o)).or_else(|| shared_origin(b_values, a, a_values).map(|(value, o)| (value, *b, *a, o)));
            if let Some((value, pointer, other, origin)) = found {
                let message = if origin == ANY_ARRAY {
                    format!("iotile cannot follow what '{pointer}' points into, so it may overlap '{other}'")
                } else if origin == other {
                    format!("'{pointer}' may point into '{other}', which the region also uses")
                } else {
                    format!("'{pointer}' and '{other}' may both point into '{origin}'")
                };
                let hint = if origin == ANY_ARRAY {
                    "the region is transformed as if its arrays did not overlap; give the pointer its value from an array by name, or pass the arrays as parameters"
                } else {
                    "the region is transformed as if its arrays did not overlap; name the array one way in the region"
                };
                return error(value, message, hint);
            }
        }
    }
    for &n in &calls {
        let Some(args) = n.child_by_field_name("arguments") else { continue };
        let mut c = args.walk();
        let passed: Vec<(&str, Node)> = args.named_children(&mut c).filter(|a| a.kind() != "comment").zip(&parameters).filter(|(_, p)| used(p)).map(|(a, p)| (p.as_str(), a)).collect();
        let bases: Vec<Vec<&str>> = passed.iter().map(|(_, a)| base_arrays(src, *a)).collect();
        let caller_names = std::cell::OnceCell::new();
        let caller = super::enclosing_function(n);
        for (k, (p, a)) in passed.iter().enumerate() {
            // Through the values the caller gives a pointer it passes
            // (`double *q = X + 1; k(n, q);`).
            for origin in followed(src, input.file, caller, caller, *a) {
                let global = globals.iter().any(|g| (same_memory(g, origin) || origin == ANY_ARRAY) && (written.contains(*p) || written.contains(*g)))
                    && !caller_names.get_or_init(|| names_declared_in_caller(src, n)).contains(origin);
                if global {
                    let base = if bases[k].contains(&origin) { origin } else { bases[k].first().copied().unwrap_or(origin) };
                    return overlapping(n, base, origin, p, name, "by its own name".into());
                }
            }
        }
        let mut chains = Vec::new();
        pointed_into(src, input.file, n, passed.iter().map(|(_, a)| vec![Argument::Expression(*a)]).collect(), 0, &mut chains);
        for chain in &chains {
            for (k, (p, _)) in passed.iter().enumerate() {
                for l in 0..k {
                    let q = passed[l].0;
                    let either_any = chain[k].contains(&ANY_ARRAY) || chain[l].contains(&ANY_ARRAY);
                    let shared = chain[k].iter().find(|o| chain[l].iter().any(|x| same_memory(o, x))).or(either_any.then_some(&ANY_ARRAY));
                    let Some(origin) = shared else { continue };
                    if written.contains(*p) || written.contains(q) {
                        let base = if bases[k].contains(origin) { origin } else { bases[k].first().unwrap_or(origin) };
                        return overlapping(n, base, origin, p, name, format!("as '{q}'"));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The calls in the file that may call the function `name` of `arity`
/// parameters: its direct calls, and where the file takes its address
/// (`fp = k`, `&k`, `k` passed on), every call through a pointer with
/// that many arguments (`fp(n, X, X)`).
fn calls_of<'t>(file: &FileScope<'t>, name: &str, arity: usize) -> Vec<Node<'t>> {
    let mut out: Vec<Node> = file.calls.get(name).cloned().unwrap_or_default();
    if file.used_as_values.contains(name) {
        out.extend(file.indirect_calls.iter().copied().filter(|call| {
            call.child_by_field_name("arguments").is_some_and(|args| {
                let mut c = args.walk();
                args.named_children(&mut c).filter(|a| a.kind() != "comment").count() == arity
            })
        }));
    }
    out
}

/// A value of a pointer (`values`, each with the arrays it may point
/// into) that may point into the array `other` or into one of the arrays
/// the values of `other` may point into, with that array
/// ([`ANY_ARRAY`] for one whose origin is not known).
fn shared_origin<'t, 's>(values: &[(Node<'t>, Vec<&'s str>)], other: &str, other_values: &[(Node<'t>, Vec<&'s str>)]) -> Option<(Node<'t>, &'s str)> {
    let named = values.iter().find_map(|(value, origins)| origins.iter().find(|&&o| same_memory(o, other) || other_values.iter().any(|(_, others)| others.iter().any(|x| same_memory(o, x)))).map(|&o| (*value, o)));
    named.or_else(|| values.iter().find(|(_, origins)| origins.contains(&ANY_ARRAY)).map(|(value, _)| (*value, ANY_ARRAY)))
}

/// Whether the origins `a` and `b` name overlapping memory: the same
/// variable, or one a member or element of the other (`b` and `b.a`, of
/// `q = (double *)&b + 1` beside `r = b.a`).
fn same_memory(a: &str, b: &str) -> bool {
    let within = |inner: &str, outer: &str| inner.strip_prefix(outer).is_some_and(|rest| rest.starts_with(['.', '[', '-']));
    a == b || within(a, b) || within(b, a)
}

/// An origin that stands for every array: what a pointer may point into
/// where its values cannot be followed (one loaded from an array of
/// pointers, a member of a struct copied whole or of a union, a pointer
/// whose address escapes, one given no value the file shows, calls
/// deeper than [`ORIGIN_DEPTH`]).
const ANY_ARRAY: &str = "?";

/// The declarators of `name` that code in `function` sees: those of its
/// parameters and body where it declares `name`, else those at file scope
/// of `root`; each with whether it is a parameter's.
fn declarators_of<'t>(src: &str, root: Node<'t>, function: Option<Node<'t>>, name: &str) -> Vec<(Node<'t>, bool)> {
    let named = |scope: Node<'t>, deep: bool| {
        let mut out = Vec::new();
        let mut stack = vec![scope];
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "declaration" | "parameter_declaration") {
                let mut c = n.walk();
                out.extend(n.children_by_field_name("declarator", &mut c).filter(|d| declarator_shape(src, *d).is_some_and(|(d, _)| d == name)).map(|d| (d, n.kind() == "parameter_declaration")));
            }
            if deep || n == scope {
                let mut c = n.walk();
                stack.extend(n.named_children(&mut c).filter(|c| deep || c.kind() == "declaration"));
            }
        }
        out
    };
    let inside = function.map(|f| named(f, true)).unwrap_or_default();
    if inside.is_empty() { named(root, false) } else { inside }
}

/// Whether iotile cannot follow what the pointer `name` (a variable or a
/// member, `s.a`) may point into, as code in `context` sees it: a member
/// as [`opaque_member`] says; a variable that is no array (a pointer, or
/// an integer holding one) whose address is taken where it is declared,
/// or that is given no value the file shows (a parameter's come from the
/// calls).
fn opaque_pointer(src: &str, file: &FileScope, context: Option<Node>, name: &str) -> bool {
    let holder = name.split(['.', '-', '[']).next().unwrap_or(name).trim();
    if holder != name {
        return opaque_member(src, file, context, holder, name);
    }
    let declared = declarators_of(src, file.root, context, name);
    let parameter = declared.iter().any(|(_, p)| *p);
    // An array is its own storage; a pointer, or an integer that holds
    // one (`(double *)u`), has the values it is given.
    let array = |d: &Node| !declares_pointer(*d) && (declarator_shape(src, *d).is_some_and(|(_, extents)| !extents.is_empty()) || of_array_type(src, file, *d));
    if declared.is_empty() || (!parameter && declared.iter().all(|(d, _)| array(d))) {
        return false;
    }
    let scope = context.filter(|f| declared.iter().any(|(d, _)| super::enclosing_function(*d) == Some(*f))).unwrap_or(file.root);
    address_taken(src, scope, name) || (!parameter && values_given(src, file, context, name).is_empty())
}

/// Whether the pointer member `name` of the variable `holder` may hold
/// values other than those `context` assigns to it by that name: unless
/// it is an array member (storage of the struct), where it is reached
/// through a pointer (`p->a`), where `holder` is a union, a parameter, not
/// declared in `context`, initialised (`= {X, X}`), assigned whole or has
/// its address taken, or where nothing assigns the member.
fn opaque_member(src: &str, file: &FileScope, context: Option<Node>, holder: &str, name: &str) -> bool {
    if array_member(src, file.root, name) {
        return false;
    }
    let Some(function) = context.filter(|_| !name.contains("->")) else { return true };
    let declared = declarators_of(src, file.root, context, holder);
    let plain_local = !declared.is_empty()
        && declared.iter().all(|(d, parameter)| {
            let declaration = d.parent().filter(|t| t.kind() == "declaration");
            !parameter
                && d.kind() != "init_declarator"
                && super::enclosing_function(*d) == Some(function)
                && declaration.and_then(|t| t.child_by_field_name("type")).is_some_and(|t| !text(src, t).starts_with("union"))
        });
    if !plain_local {
        return true;
    }
    // Every use of `holder` must name one of its members (`s.p`,
    // `a[1].p`) and not be the address of one (`&s.p`): anything else
    // (`s2 = s`, `&s`, `f(a)`, `(a + 1)->p`) may change the member
    // unseen.
    let mut stack = vec![function];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if n.kind() != "identifier" || text(src, n) != holder {
            continue;
        }
        let mut member = n;
        while let Some(p) = member.parent().filter(|p| p.kind() == "subscript_expression" && p.child_by_field_name("argument") == Some(member)) {
            member = p;
        }
        let Some(access) = member.parent().filter(|p| p.kind() == "field_expression" && p.child_by_field_name("argument") == Some(member)) else {
            // The name declared (not an initialiser's value).
            if member.parent().is_some_and(|p| (p.kind().ends_with("declarator") || p.kind() == "declaration") && p.child_by_field_name("value") != Some(member)) {
                continue;
            }
            return true;
        };
        let mut outer = access;
        while let Some(p) = outer.parent().filter(|p| matches!(p.kind(), "field_expression" | "subscript_expression" | "parenthesized_expression")) {
            outer = p;
        }
        if outer.parent().is_some_and(|p| p.kind() == "pointer_expression" && p.child(0).is_some_and(|op| text(src, op) == "&")) {
            return true;
        }
    }
    values_given(src, file, context, name).is_empty()
}

/// Whether the member `name` (`s.a`, `p->b`) is an array: every field the
/// file declares by its last name is one (`double a[N];`), storage of its
/// own in the struct.
fn array_member(src: &str, root: Node, name: &str) -> bool {
    let field = name.rsplit(['.', '>']).next().unwrap_or(name).trim();
    let mut found = false;
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.kind() == "field_declaration" {
            let mut c = n.walk();
            for d in n.children_by_field_name("declarator", &mut c) {
                let mut inner = d;
                while let Some(next) = inner.child_by_field_name("declarator").or_else(|| (inner.kind() == "parenthesized_declarator").then(|| inner.named_child(0)).flatten()) {
                    inner = next;
                }
                if text(src, inner) == field {
                    if d.kind() != "array_declarator" || declares_pointer(d) {
                        return false;
                    }
                    found = true;
                }
            }
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    found
}

/// Whether the value `e` (code of `context`) is a pointer loaded from
/// memory (`tab[1]` of `double *tab[2]`, `&pp[1][0]` of `double **pp`,
/// `*t`), whose origin cannot be followed: a dereference, or a subscript
/// of a name whose declarator has a pointer among the levels the
/// subscripts pass below the name's own, or, not under `&`, anything but
/// an array at the level the value has (an element of `uintptr_t t[2]`).
fn loads_pointer(src: &str, file: &FileScope, context: Option<Node>, e: Node) -> bool {
    let e = unparenthesized(e);
    let field = |f: &str| e.child_by_field_name(f).is_some_and(|n| loads_pointer(src, file, context, n));
    let (mut at, mut under_address) = (e, false);
    match e.kind() {
        "cast_expression" => return field("value"),
        "binary_expression" => return field("left") || field("right"),
        "comma_expression" | "assignment_expression" => return field("right"),
        "conditional_expression" => return field("consequence") || field("alternative"),
        "pointer_expression" if e.child(0).is_some_and(|op| text(src, op) == "*") => {}
        "pointer_expression" if e.child(0).is_some_and(|op| text(src, op) == "&") => {
            at = e.child_by_field_name("argument").map_or(e, unparenthesized);
            under_address = true;
        }
        "subscript_expression" => {}
        _ => return false,
    }
    // `*t` reads as `t[0]`.
    let mut subscripts = 0;
    while at.kind() == "subscript_expression" || (at.kind() == "pointer_expression" && at.child(0).is_some_and(|op| text(src, op) == "*")) {
        subscripts += 1;
        at = at.child_by_field_name("argument").map_or(at, unparenthesized);
    }
    if subscripts == 0 {
        return false;
    }
    if at.kind() != "identifier" {
        return true;
    }
    let Some((declarator, _)) = declarators_of(src, file.root, context, text(src, at)).into_iter().next() else { return false };
    // The declarator's levels from the name outwards.
    let mut levels = Vec::new();
    let mut n = declarator;
    loop {
        match n.kind() {
            "array_declarator" => levels.push(false),
            "pointer_declarator" => levels.push(true),
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {}
            _ => break,
        }
        match n.child_by_field_name("declarator").or_else(|| n.named_child(0)) {
            Some(inner) => n = inner,
            None => break,
        }
    }
    levels.reverse();
    // Not under `&`, the value is a row of an array (which decays to a
    // pointer into it) or something read: a pointer, or an integer cast
    // to one, or an element of a typedef'd pointer type.
    let passed = levels.iter().skip(1).take(subscripts - 1).any(|&p| p);
    passed || (!under_address && levels.get(subscripts) != Some(&false))
}

/// The error of [`distinct_arguments`] at `call`, which passes `base` (that
/// may point into `origin`) as parameter `p` of `function`.
fn overlapping(call: Node, base: &str, origin: &str, p: &str, function: &str, also: String) -> FResult<()> {
    let passes = if origin == ANY_ARRAY {
        format!("'{base}', which may point into any array (iotile cannot follow its values),")
    } else if origin == base {
        format!("'{base}'")
    } else {
        format!("'{base}', which may point into '{origin}',")
    };
    error(
        call,
        format!("this call passes {passes} as '{p}' of '{function}', whose region also uses it {also}"),
        "the region is transformed as if its arrays did not overlap; pass distinct arrays",
    )
}

/// The name of `function` and the names of its parameters, in order.
fn signature<'s>(src: &'s str, function: Node) -> Option<(&'s str, Vec<String>)> {
    let mut stack = vec![function.child_by_field_name("declarator")?];
    let (mut name, mut parameters) = (None, Vec::new());
    while let Some(n) = stack.pop() {
        match n.kind() {
            "identifier" if name.is_none() => name = Some(text(src, n)),
            "parameter_list" => {
                let mut c = n.walk();
                for p in n.named_children(&mut c).filter(|p| p.kind() == "parameter_declaration") {
                    let declared = p.child_by_field_name("declarator").and_then(|d| declarator_shape(src, d));
                    parameters.push(declared.map(|(name, _)| name).unwrap_or_default());
                }
                continue;
            }
            _ => {}
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c).collect::<Vec<_>>().into_iter().rev());
    }
    Some((name?, parameters))
}

/// How many calls [`pointed_into`] follows arguments back through, and
/// how many pointer initialisations in one function.
const ORIGIN_DEPTH: usize = 4;

/// What an argument of a call may point into, followed back by
/// [`pointed_into`]: each argument is a list of these, empty where it is
/// no array iotile can name.
#[derive(Clone, Copy)]
enum Argument<'t, 's> {
    /// An expression in the function that makes the call.
    Expression(Node<'t>),
    /// An array, found in a function the chain of calls has left.
    Array(&'s str),
}

/// Adds to `chains`, for each chain of calls in the file that reaches
/// `call` with `arguments` (up to [`ORIGIN_DEPTH`] calls back), the arrays
/// each argument may point into: its base arrays ([`base_arrays`]),
/// through the values the calling function gives a pointer ([`followed`]);
/// where one is a parameter of the calling function, what each call of
/// that function passes there, or the parameter itself where nothing in
/// the file calls it.
fn pointed_into<'t, 's>(src: &'s str, file: &FileScope<'t>, call: Node<'t>, arguments: Vec<Vec<Argument<'t, 's>>>, depth: usize, chains: &mut Vec<Vec<Vec<&'s str>>>) {
    let caller = super::enclosing_function(call);
    let origins: Vec<Vec<&'s str>> = arguments
        .iter()
        .map(|items| {
            let mut out: Vec<&'s str> = Vec::new();
            for item in items {
                let found = match item {
                    Argument::Array(name) => vec![*name],
                    Argument::Expression(e) => followed(src, file, caller, caller, *e),
                };
                for name in found {
                    if !out.contains(&name) {
                        out.push(name);
                    }
                }
            }
            out
        })
        .collect();
    let Some((name, parameters)) = caller.and_then(|f| signature(src, f)) else {
        chains.push(origins);
        return;
    };
    let position = |b: &str| parameters.iter().position(|p| p == b);
    let outer_calls = file.calls.get(name).filter(|calls| !calls.is_empty());
    let through_parameters = origins.iter().flatten().any(|b| position(b).is_some());
    let (Some(outer_calls), true, true) = (outer_calls, depth < ORIGIN_DEPTH, through_parameters) else {
        // Past the depth followed, a parameter's values are not known.
        let cut = outer_calls.is_some() && through_parameters;
        let origins = origins.into_iter().map(|mut names| {
            if cut && names.iter().any(|b| position(b).is_some()) && !names.contains(&ANY_ARRAY) {
                names.push(ANY_ARRAY);
            }
            names
        });
        chains.push(origins.collect());
        return;
    };
    for &outer in outer_calls {
        let Some(args) = outer.child_by_field_name("arguments") else { continue };
        let mut c = args.walk();
        let passed: Vec<Node<'t>> = args.named_children(&mut c).filter(|a| a.kind() != "comment").collect();
        let arguments = origins
            .iter()
            .map(|names| {
                names
                    .iter()
                    .map(|b| match position(b).and_then(|k| passed.get(k)) {
                        Some(a) => Argument::Expression(*a),
                        None => Argument::Array(b),
                    })
                    .collect()
            })
            .collect();
        pointed_into(src, file, outer, arguments, depth + 1, chains);
    }
}

/// The arrays `e`, an expression in function `from`, may point into, as
/// `function` names them:
/// its base arrays ([`base_arrays`]), and for a pointer given values
/// naming arrays ([`values_given`]: `double *p = X + 1;`, `p = c ? X : Y;`,
/// `gp = &A[0][0];` in another function for a file-scope `gp`), the
/// pointer and those values' arrays in turn, up to [`ORIGIN_DEPTH`]
/// pointers deep. In another function, a parameter is followed to what
/// the file's calls of that function pass there, and that function's own
/// names are followed but not returned (the region cannot name them).
fn followed<'s>(src: &'s str, file: &FileScope, function: Option<Node>, from: Option<Node>, e: Node) -> Vec<&'s str> {
    let mut out = Vec::new();
    let mut work = vec![(e, from, 0)];
    let any = |out: &mut Vec<&'s str>| {
        if !out.contains(&ANY_ARRAY) {
            out.push(ANY_ARRAY);
        }
    };
    while let Some((e, context, depth)) = work.pop() {
        let foreign = context.filter(|&c| Some(c) != function);
        let foreign_names = foreign.map(|f| names_declared_in_caller(src, f)).unwrap_or_default();
        if loads_pointer(src, file, context, e) {
            any(&mut out);
        }
        // Of the operands of a sum, those that name memory (`X` of
        // `n + X`); a lone integer may hold a pointer (`(double *)u`).
        let mut bases = base_arrays(src, e);
        if bases.len() > 1 && bases.iter().any(|b| holds_memory(src, file, context, b)) {
            bases.retain(|b| *b == ANY_ARRAY || b.ends_with(')') || b.contains(['.', '-']) || holds_memory(src, file, context, b));
        }
        for b in bases {
            if b == ANY_ARRAY {
                any(&mut out);
                continue;
            }
            if let Some(called) = b.strip_suffix(')').and_then(|c| c.split('(').next()).map(str::trim) {
                // What the file's function `called` returns. A function
                // of another file may return what an argument points into
                // (`memcpy(X, Y, n)`, `memchr(X, c, n)`), or new memory,
                // as allocators do (`polybench_alloc_data(n, 8)`). A
                // variable holding a function's address (`fp(X)`) and
                // `va_arg` may return anything.
                let returned = returned_values(file, src, called);
                if depth >= ORIGIN_DEPTH || !file.functions.contains(called) || called.starts_with("__builtin_va_arg") {
                    any(&mut out);
                } else if returned.is_empty() {
                    let call = unparenthesized_value(e, b, src);
                    for argument in call.and_then(|c| c.child_by_field_name("arguments")).into_iter().flat_map(|a| {
                        let mut c = a.walk();
                        a.named_children(&mut c).collect::<Vec<_>>()
                    }) {
                        if base_arrays(src, argument).iter().any(|a| *a == ANY_ARRAY || holds_memory(src, file, context, a)) {
                            work.push((argument, context, depth + 1));
                        }
                    }
                } else {
                    work.extend(returned.into_iter().map(|(f, value)| (value, Some(f), depth + 1)));
                }
                continue;
            }
            if !addressed(src, e).contains(&b) && (opaque_pointer(src, file, context, b) || (depth >= ORIGIN_DEPTH && !values_given(src, file, context, b).is_empty())) {
                any(&mut out);
            }
            if depth < ORIGIN_DEPTH {
                let values = values_given(src, file, context, b);
                work.extend(values.into_iter().filter(|(_, v)| !base_arrays(src, *v).is_empty()).map(|(c, v)| (v, c, depth + 1)));
                // A parameter of another function: what its calls pass.
                if let Some((name, parameters)) = foreign.and_then(|f| signature(src, f)) {
                    if let Some(k) = parameters.iter().position(|p| p == b) {
                        for &call in file.calls.get(name).into_iter().flatten() {
                            let Some(args) = call.child_by_field_name("arguments") else { continue };
                            let mut c = args.walk();
                            let passed = args.named_children(&mut c).filter(|a| a.kind() != "comment").nth(k);
                            work.extend(passed.map(|a| (a, super::enclosing_function(call), depth + 1)));
                        }
                    }
                }
            }
            // The pointer itself too: a parameter's values come from the
            // calls of `function`, and naming it is never wrong. An array
            // of another function (a `static` buffer it returns) is named
            // by its declarator, which no name of the region equals.
            if !out.contains(&b) && !foreign_names.contains(b) {
                out.push(b);
            } else if foreign_names.contains(b) {
                let declared = declarators_of(src, file.root, foreign, b);
                if let Some((d, _)) = declared.iter().find(|(d, parameter)| !parameter && !declares_pointer(*d) && declarator_shape(src, *d).is_some_and(|(_, e)| !e.is_empty())) {
                    let named = text(src, *d);
                    if !out.contains(&named) {
                        out.push(named);
                    }
                }
            }
        }
    }
    out
}

/// The values the file's function `name` returns, each with that
/// function.
fn returned_values<'t>(file: &FileScope<'t>, src: &str, name: &str) -> Vec<(Node<'t>, Node<'t>)> {
    let mut out = Vec::new();
    let mut c = file.root.walk();
    for f in file.root.named_children(&mut c).filter(|f| f.kind() == "function_definition") {
        if signature(src, f).is_none_or(|(n, _)| n != name) {
            continue;
        }
        let mut stack: Vec<Node> = f.child_by_field_name("body").into_iter().collect();
        while let Some(n) = stack.pop() {
            if n.kind() == "return_statement" {
                out.extend(n.named_child(0).map(|v| (f, v)));
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
    }
    out
}

/// The values the file gives `name` as `function` sees it (`None`: at
/// file scope), each with the function that gives it (`None` for a
/// file-scope initialiser): those of `function` where it declares `name`
/// ([`pointer_values`]); otherwise, `name` being file-scope, those of each
/// function of the file that declares no `name` of its own, and the
/// initialiser of its file-scope declaration.
fn values_given<'t>(src: &str, file: &FileScope<'t>, function: Option<Node<'t>>, name: &str) -> Vec<(Option<Node<'t>>, Node<'t>)> {
    // A member (`s.a`): in the function only.
    let member = name.contains('.') || name.contains("->");
    if let Some(f) = function.filter(|f| member || names_declared_in_caller(src, *f).contains(name)) {
        return pointer_values(src, f, name).into_iter().map(|v| (Some(f), v)).collect();
    }
    let mut out = Vec::new();
    let mut stack = vec![file.root];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "function_definition" => {
                if !names_declared_in_caller(src, n).contains(name) {
                    out.extend(pointer_values(src, n, name).into_iter().map(|v| (Some(n), v)));
                }
            }
            "declaration" => {
                let mut c = n.walk();
                let initialised = n.children_by_field_name("declarator", &mut c).filter(|d| d.kind() == "init_declarator" && declarator_shape(src, *d).is_some_and(|(d, _)| d == name));
                out.extend(initialised.filter_map(|d| d.child_by_field_name("value")).map(|v| (None, v)));
            }
            _ => {
                let mut c = n.walk();
                stack.extend(n.named_children(&mut c));
            }
        }
    }
    out
}

/// The values `function` gives `name` where it declares it once: its
/// initialiser and the right-hand sides of assignments to it (none where
/// it declares `name` more than once).
fn pointer_values<'t>(src: &str, function: Node<'t>, name: &str) -> Vec<Node<'t>> {
    let (mut declarations, mut values) = (0, Vec::new());
    let Some(body) = function.child_by_field_name("body") else { return values };
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "init_declarator" if declarator_shape(src, n).is_some_and(|(d, _)| d == name) => {
                declarations += 1;
                values.extend(n.child_by_field_name("value"));
            }
            "declaration" => {
                let mut c = n.walk();
                let plain = n.children_by_field_name("declarator", &mut c).filter(|d| d.kind() != "init_declarator");
                declarations += plain.filter(|d| declarator_shape(src, *d).is_some_and(|(d, _)| d == name)).count();
            }
            "assignment_expression" if node_op(src, n) == "=" && n.child_by_field_name("left").is_some_and(|l| matches!(unparenthesized(l).kind(), "identifier" | "field_expression") && text(src, unparenthesized(l)) == name) => {
                values.extend(n.child_by_field_name("right"));
            }
            _ => {}
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    if declarations > 1 {
        values.clear();
    }
    values
}

/// The call of the function `called` that `e` (or a part of it) makes,
/// where `called` is one of `e`'s [`base_arrays`].
fn unparenthesized_value<'t>(e: Node<'t>, called: &str, src: &str) -> Option<Node<'t>> {
    let mut stack = vec![e];
    while let Some(n) = stack.pop() {
        if n.kind() == "call_expression" && text(src, n) == called {
            return Some(n);
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    None
}

/// Whether `name`, as code in `context` sees it, is declared an array or
/// a pointer (so an argument naming it may be what a call returns), not
/// a scalar (`n` of `malloc(n * 8)`).
fn holds_memory(src: &str, file: &FileScope, context: Option<Node>, name: &str) -> bool {
    declarators_of(src, file.root, context, name).iter().any(|(d, _)| declarator_shape(src, *d).is_some_and(|(_, extents)| !extents.is_empty()) || of_array_type(src, file, *d))
}

/// Whether the declarator `d` declares a variable of a typedef'd array
/// type (`mat_t G;` of `typedef double mat_t[N][N];`).
fn of_array_type(src: &str, file: &FileScope, d: Node) -> bool {
    let mut declaration = d.parent();
    while let Some(p) = declaration.filter(|p| !matches!(p.kind(), "declaration" | "parameter_declaration")) {
        declaration = p.parent();
    }
    declaration.and_then(|p| p.child_by_field_name("type")).is_some_and(|t| file.array_typedefs.contains_key(text(src, t)))
}

/// The variables whose address `e` takes (`s` of `&s`, `A` of `&A[i]`,
/// `b` of `&b.a`): what it points into is their own storage.
fn addressed<'s>(src: &'s str, e: Node) -> Vec<&'s str> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
        if n.kind() == "pointer_expression" && n.child(0).is_some_and(|op| text(src, op) == "&") {
            let mut at = n.child_by_field_name("argument").map(unparenthesized);
            while let Some(inner) = at.filter(|a| matches!(a.kind(), "subscript_expression" | "field_expression")) {
                at = inner.child_by_field_name("argument").map(unparenthesized);
            }
            out.extend(at.filter(|a| a.kind() == "identifier").map(|a| text(src, a)));
        }
    }
    out
}

/// The arrays an argument may point into (`A` of `A`, `A + n`, `&A[i][0]`,
/// `(double *)A`, `(k++, A)`, `p = A`; both `A` and `B` of `c ? A : B`);
/// none where it names none.
fn base_arrays<'s>(src: &'s str, arg: Node) -> Vec<&'s str> {
    let arg = unparenthesized(arg);
    let field = |f: &str| arg.child_by_field_name(f).map(|n| base_arrays(src, n)).unwrap_or_default();
    match arg.kind() {
        "identifier" => vec![text(src, arg)],
        "cast_expression" => field("value"),
        "pointer_expression" | "unary_expression" => field("argument"),
        "subscript_expression" => field("argument"),
        // Both operands: `X + n`, `n + X`, `off + X` ([`followed`] keeps
        // those that name memory).
        "binary_expression" => {
            let mut both = field("left");
            both.extend(field("right").into_iter().filter(|b| !both.contains(b)).collect::<Vec<_>>());
            both
        }
        "comma_expression" | "assignment_expression" => field("right"),
        // A pointer held in a member (`s.a`, `p->b`) is followed as a
        // variable of that text; a call as its text (`get(0)`), whose
        // function's returned values [`followed`] follows.
        "field_expression" => vec![text(src, arg)],
        "call_expression" if arg.child_by_field_name("function").is_some_and(|f| f.kind() == "identifier") => vec![text(src, arg)],
        // What a call through a pointer returns is not followed.
        "call_expression" => vec![ANY_ARRAY],
        "conditional_expression" => {
            let mut both = field("consequence");
            both.extend(field("alternative").into_iter().filter(|b| !both.contains(b)).collect::<Vec<_>>());
            both
        }
        _ => Vec::new(),
    }
}

/// The names declared in the function holding `call` (which hide the
/// globals of those names there).
fn names_declared_in_caller(src: &str, call: Node) -> HashSet<String> {
    let mut names = HashSet::new();
    let mut f = call;
    while f.kind() != "function_definition" {
        match f.parent() {
            Some(p) => f = p,
            None => return names,
        }
    }
    let mut stack = vec![f];
    while let Some(n) = stack.pop() {
        if matches!(n.kind(), "declaration" | "parameter_declaration") {
            let mut c = n.walk();
            names.extend(n.children_by_field_name("declarator", &mut c).filter_map(|d| declarator_shape(src, d)).map(|(d, _)| d));
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    names
}

/// The operands of a comma expression, in the order C evaluates them
/// (`expr` itself if it is not one).
fn comma_operands(expr: Node) -> Vec<Node> {
    match (expr.kind(), expr.child_by_field_name("left"), expr.child_by_field_name("right")) {
        ("comma_expression", Some(left), Some(right)) => {
            let mut operands = comma_operands(left);
            operands.extend(comma_operands(right));
            operands
        }
        _ => vec![expr],
    }
}

/// `node` without the parentheses around it.
fn unparenthesized(node: Node) -> Node {
    let mut node = node;
    while node.kind() == "parenthesized_expression" {
        match node.named_child(0) {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

fn text<'s>(src: &'s str, node: Node) -> &'s str {
    &src[node.byte_range()]
}

/// Whether `s` is written as a C integer literal, whatever its size.
fn is_integer_syntax(s: &str) -> bool {
    let s = s.trim_end_matches(['u', 'U', 'l', 'L']);
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// Parses a C integer literal (decimal, hex, octal; `u`/`l` suffixes).
fn integer_literal(s: &str) -> Option<i64> {
    let s = s.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if s.len() > 1 && s.starts_with('0') {
        i64::from_str_radix(&s[1..], 8).ok()
    } else {
        s.parse().ok()
    }
}

impl<'a> Extractor<'a> {
    fn text(&self, node: Node) -> &'a str {
        text(self.src, node)
    }

    /// Every name assigned (or declared) anywhere in the region.
    fn collect_written(&mut self, node: Node) {
        match node.kind() {
            "for_statement" => {
                let init = node.child_by_field_name("initializer").filter(|i| i.kind() == "assignment_expression");
                if let Some(l) = init.and_then(|i| i.child_by_field_name("left")).filter(|l| l.kind() == "identifier") {
                    self.loop_iterators.insert(self.text(l).to_string());
                }
            }
            "assignment_expression" => {
                if let Some(l) = node.child_by_field_name("left") {
                    if l.kind() == "identifier" {
                        self.written.insert(self.text(l).to_string());
                    }
                }
            }
            "update_expression" => {
                if let Some(a) = node.child_by_field_name("argument") {
                    if a.kind() == "identifier" {
                        self.written.insert(self.text(a).to_string());
                    }
                }
            }
            "declaration" => {
                let mut c = node.walk();
                for d in node.children_by_field_name("declarator", &mut c) {
                    if let Some((name, _)) = declarator_shape(self.src, d) {
                        self.written.insert(name.clone());
                        // In scope to the end of its block, or of its loop.
                        let scope = match node.parent() {
                            Some(p) if matches!(p.kind(), "for_statement" | "compound_statement") => node.start_byte()..p.end_byte(),
                            _ => node.start_byte()..usize::MAX,
                        };
                        if node.parent().is_none_or(|p| p.kind() != "for_statement") {
                            self.hoisted_inside.insert(name.clone());
                        }
                        self.declared_inside.push((name, scope));
                    }
                }
            }
            _ => {}
        }
        let mut c = node.walk();
        for child in node.named_children(&mut c) {
            self.collect_written(child);
        }
    }

    // ----- isl helpers -------------------------------------------------

    /// The set space of the iterators in scope.
    fn space(&self) -> FResult<Space> {
        let mut space = Space::set_alloc(self.ctx, 0, self.iterators.len() as u32)?;
        for (i, it) in self.iterators.iter().enumerate() {
            space = space.set_dim_name(DimType::Set, i as u32, &it.name)?;
        }
        Ok(space)
    }

    fn constant(&self, v: i64) -> FResult<PwAff> {
        let universe = Set::universe(self.space()?)?;
        Ok(PwAff::val_on_domain(universe, Val::int_from_si(self.ctx, v)?)?)
    }

    fn iterator_value(&self, pos: usize) -> FResult<PwAff> {
        Ok(PwAff::var_on_domain(LocalSpace::from_space(self.space()?)?, DimType::Set, pos as u32)?)
    }

    fn parameter(&mut self, name: &str) -> FResult<PwAff> {
        if !self.params.iter().any(|p| p == name) {
            self.params.push(name.to_string());
        }
        let mut space = Space::set_alloc(self.ctx, 1, self.iterators.len() as u32)?;
        space = space.set_dim_name(DimType::Param, 0, name)?;
        for (i, it) in self.iterators.iter().enumerate() {
            space = space.set_dim_name(DimType::Set, i as u32, &it.name)?;
        }
        Ok(PwAff::var_on_domain(LocalSpace::from_space(space)?, DimType::Param, 0)?)
    }

    // ----- affine expressions and conditions ----------------------------

    /// Translates an integer expression that must be affine in the
    /// iterators in scope and the parameters.
    fn affine(&mut self, node: Node) -> FResult<PwAff> {
        match node.kind() {
            "number_literal" => match integer_literal(self.text(node)) {
                Some(v) if self.in_loop_header && self.iterators.last().is_some_and(|it| it.ty == IntType::INT) && i32::try_from(v).is_err() => {
                    error(node, "loop bound past the range of int", "the loop's iterator is an int; a constant in its start or condition must fit in it")
                }
                Some(v) => self.constant(v),
                None if is_integer_syntax(self.text(node)) => {
                    error(node, "integer constant out of range", "constants in loop bounds, conditions and subscripts must fit in 64 bits")
                }
                None => error(node, "non-integer constant in an affine expression", "loop bounds, conditions and subscripts must be integer"),
            },
            "char_literal" => {
                let t = self.text(node);
                let c = t.trim_matches('\'');
                match c.chars().next() {
                    Some(ch) if c.chars().count() == 1 => self.constant(ch as i64),
                    _ => error(node, "unsupported character constant", "only plain characters are understood"),
                }
            }
            "identifier" => self.affine_identifier(node),
            "parenthesized_expression" => self.affine(node.named_child(0).unwrap_or(node)),
            "cast_expression" => {
                self.reject_variable_cast(node)?;
                let ty = node.child_by_field_name("type").map(|t| self.text(t)).unwrap_or("");
                self.affine_cast(node, ty, node.child_by_field_name("value").unwrap_or(node))
            }
            "unary_expression" => {
                let op = node.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
                let arg = node.child_by_field_name("argument").unwrap_or(node);
                match op {
                    "-" => Ok(self.affine(arg)?.neg()?),
                    "+" => self.affine(arg),
                    "!" => {
                        let set = self.nested_condition(node)?;
                        Ok(set.indicator_function()?)
                    }
                    _ => error(node, format!("operator '{op}' in an affine expression"), "only +, -, * by a constant, / and % by a constant, min/max and ternaries are affine"),
                }
            }
            "binary_expression" => self.affine_binary(node),
            "conditional_expression" => {
                let cond = self.nested_condition(node.child_by_field_name("condition").unwrap_or(node))?;
                let a = self.affine(node.child_by_field_name("consequence").unwrap_or(node))?;
                let b = self.affine(node.child_by_field_name("alternative").unwrap_or(node))?;
                let (a, b) = align(a, b)?;
                let indicator = cond.indicator_function()?;
                let (indicator, a) = align(indicator, a)?;
                let (b, indicator) = align(b, indicator)?;
                let (a, b) = align(a, b)?;
                Ok(indicator.cond(a, b)?)
            }
            "call_expression" => self.affine_call(node),
            "subscript_expression" => error(node, "array element used in an affine expression", "its value is data, not a function of the loop iterators (not affine)"),
            "sizeof_expression" => match self.size_of(node) {
                Some(bytes) => self.constant(bytes),
                None => error(node, "sizeof of an unknown size in an affine expression", "only built-in types and arrays of constant extents (not parameters, which are pointers) have sizes iotile knows; use a constant instead"),
            },
            _ => error(node, "expression is not affine", format!("{} cannot appear in loop bounds, conditions or subscripts", describe(node.kind()))),
        }
    }

    /// The value of the integer constant expression `node`, `sizeof`s
    /// included ([`Self::size_of`]).
    fn constant_of(&self, node: Node) -> Option<i64> {
        constant_value_with(self.src, node, &|n| if n.kind() == "sizeof_expression" { self.size_of(n) } else { None })
    }

    /// The value of the `sizeof` expression `node`, where iotile knows it:
    /// of a built-in type (sizes of the LP64 ABI, Linux's on x86-64 and
    /// AArch64), a pointer, an array declared with constant extents (a
    /// parameter is a pointer) or an element or row of one.
    fn size_of(&self, node: Node) -> Option<i64> {
        let operand = node.child_by_field_name("type").or_else(|| node.child_by_field_name("value"))?;
        let mut text = self.text(operand).trim();
        while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            text = inner.trim();
        }
        if text.ends_with('*') {
            return Some(8);
        }
        if let Some(bytes) = builtin_size(&resolve_typedefs(text, self.typedefs)) {
            return Some(bytes);
        }
        // `name` followed by subscripts (`(a)[0]` too): what is left of the
        // array.
        let text: String = text.chars().filter(|c| !matches!(c, '(' | ')') && !c.is_whitespace()).collect();
        let name: String = text.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let subscripts = text[name.len()..].matches('[').count();
        let d = self.declarations.get(&name).filter(|d| !d.parameter)?;
        let mut bytes = builtin_size(&d.c_type)?;
        for extent in d.extents.iter().skip(subscripts) {
            bytes *= integer_literal(extent.as_deref()?.trim())?;
        }
        Some(bytes)
    }

    fn affine_identifier(&mut self, node: Node) -> FResult<PwAff> {
        let name = self.text(node).to_string();
        if let Some(arguments) = self.arguments.last() {
            return match arguments.get(&name) {
                Some((value, _)) => Ok(value.copy()?),
                None => error(node, format!("'{name}' is not a parameter of the function"), "a function called in an affine expression must compute with its parameters alone"),
            };
        }
        if let Some(pos) = self.iterators.iter().rposition(|it| it.name == name) {
            return self.iterator_value(pos);
        }
        self.check_not_hoisted_over(node, &name)?;
        if self.written.contains(&name) {
            return error(node, format!("'{name}' is assigned inside the region"), "its value changes during the region, so expressions using it are not affine");
        }
        if let Some(d) = self.declarations.get(&name) {
            if !d.extents.is_empty() {
                return error(node, format!("array '{name}' used as an integer"), "not affine");
            }
            if !d.is_integer() {
                return error(node, format!("'{name}' has type '{}'", d.base_type), "loop bounds, conditions and subscripts must be integer");
            }
        }
        self.parameter(&name)
    }

    fn affine_binary(&mut self, node: Node) -> FResult<PwAff> {
        let op = node.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
        let left = node.child_by_field_name("left").unwrap_or(node);
        let right = node.child_by_field_name("right").unwrap_or(node);
        match op {
            "+" | "-" => {
                let (a, b) = align(self.affine(left)?, self.affine(right)?)?;
                Ok(if op == "+" { a.add(b)? } else { a.sub(b)? })
            }
            "*" => {
                if let Some(c) = self.constant_of(left) {
                    Ok(self.affine(right)?.scale_val(Val::int_from_si(self.ctx, c)?)?)
                } else if let Some(c) = self.constant_of(right) {
                    Ok(self.affine(left)?.scale_val(Val::int_from_si(self.ctx, c)?)?)
                } else {
                    error(node, "product of two non-constant expressions", "one factor must be a constant for the expression to be affine")
                }
            }
            "/" | "%" => match self.constant_of(right) {
                Some(0) => error(right, "division by zero", "the divisor is zero"),
                Some(c) => {
                    let a = self.affine(left)?;
                    let ty = self.int_type(node);
                    if ty.unsigned && (c < 0 || !self.never_negative(&a)?) {
                        return error(
                            node,
                            format!("'{op}' in unsigned arithmetic of a value that may be negative"),
                            format!("C divides the operands as unsigned {}-bit values, a huge one where it is negative", ty.bits),
                        );
                    }
                    if ty.unsigned {
                        self.note_wrapping(&a, ty.bits, node)?;
                    }
                    let (a, d) = align(a, self.constant(c)?)?;
                    Ok(if op == "/" { a.tdiv_q(d)? } else { a.tdiv_r(d)? })
                }
                None => error(right, format!("'{op}' by a non-constant"), "division and modulo are affine only by an integer constant"),
            },
            // A shift by a constant: a product by a power of 2, or the
            // floor of a quotient by one (the right shift of a negative
            // value is the compiler's choice in C, arithmetic in gcc, clang
            // and nvcc; the left shift of one is undefined).
            ">>" | "<<" => {
                let ty = self.int_type(left);
                let Some(c) = self.constant_of(right).filter(|c| (0..i64::from(ty.bits).min(63)).contains(c)) else {
                    return error(right, format!("'{op}' by a non-constant, a negative one or as many bits as its operand has"), format!("a shift is affine only by a constant from 0 to {}", ty.bits - 1));
                };
                let a = self.affine(left)?;
                if ty.unsigned && !self.never_negative(&a)? {
                    return error(node, format!("'{op}' in unsigned arithmetic of a value that may be negative"), format!("C shifts the operand as an unsigned {}-bit value, a huge one where it is negative", ty.bits));
                }
                let power = Val::int_from_si(self.ctx, 1i64 << c)?;
                if op == "<<" {
                    let product = a.scale_val(power)?;
                    if ty.unsigned {
                        self.note_wrapping(&product, ty.bits, node)?;
                    }
                    return Ok(product);
                }
                if ty.unsigned {
                    self.note_wrapping(&a, ty.bits, node)?;
                }
                Ok(a.scale_down_val(power)?.floor()?)
            }
            "<" | "<=" | ">" | ">=" | "==" | "!=" | "&&" | "||" => Ok(self.nested_condition(node)?.indicator_function()?),
            _ => error(node, format!("operator '{op}' in an affine expression"), "only +, -, * by a constant, / and % by a constant, shifts by a constant, min/max and ternaries are affine"),
        }
    }

    /// The value of `inner` cast to `ty` (`node`): the value itself where
    /// the cast cannot change it there.
    fn affine_cast(&mut self, node: Node, ty: &str, inner: Node) -> FResult<PwAff> {
        self.converted(node, ty, inner, |x| x.affine(inner))
    }

    /// The value of `inner`, which `value` computes, converted to `ty` as C
    /// converts it at `node` (a cast, a function's argument or result): the
    /// value itself where the conversion cannot change it there.
    fn converted(&mut self, node: Node, ty: &str, inner: Node, value: impl FnOnce(&mut Self) -> FResult<PwAff>) -> FResult<PwAff> {
        let what = if node.kind() == "cast_expression" || self.typedef_cast(node).is_some() { "cast" } else { "conversion" };
        let c_type = resolve_typedefs(ty, self.typedefs);
        if c_type.contains("float") || c_type.contains("double") || c_type.contains('*') {
            return error(node, format!("{what} to a non-integer type in an affine expression"), "the value would not be an integer");
        }
        let value = value(self)?;
        // In a loop's test, a bound converted to a wide unsigned type is
        // taken as not wrapping, as in comparisons: a negative one would
        // run the loop until its iterator overflows.
        let loop_bound = self.loop_test.as_ref().is_some_and(|name| !mentions_identifier(self.src, inner, name));
        match IntType::cast(&c_type) {
            Cast::Unchanged => Ok(value),
            Cast::Within(0, i64::MAX) if loop_bound => Ok(value),
            Cast::Within(lo, hi) if self.always_within(&value, lo, hi)? => Ok(value),
            Cast::Within(lo, hi) => {
                let range = if hi == i64::MAX { "negative".to_string() } else { format!("outside {lo}..{hi}") };
                error(node, format!("{what} to '{ty}' that may change the value"), format!("where '{}' is {range}, C converts it to another value", self.text(inner)))
            }
            Cast::Unknown => error(node, format!("{what} to '{ty}' in an affine expression"), "iotile does not know which values this type holds; cast to a built-in integer type"),
        }
    }

    /// `(T)(x)` where `T` is one of the file's typedefs (or `_Bool`): C's
    /// cast, which tree-sitter reads as a call of `(T)` without the
    /// typedef in view. Gives the type's name and the value cast.
    fn typedef_cast<'n>(&self, node: Node<'n>) -> Option<(&'a str, Node<'n>)> {
        let function = node.child_by_field_name("function")?;
        let name = (function.kind() == "parenthesized_expression").then(|| function.named_child(0)).flatten()?;
        let type_name = |n: &str| self.typedefs.contains_key(n) || super::ctype::is_type_word(n);
        if name.kind() != "identifier" || function.named_child_count() != 1 || !type_name(self.text(name)) {
            return None;
        }
        let args = node.child_by_field_name("arguments")?;
        let mut c = args.walk();
        let values: Vec<Node> = args.named_children(&mut c).filter(|n| n.kind() != "comment").collect();
        let [value] = values[..] else { return None };
        Some((self.text(name), value))
    }

    fn affine_call(&mut self, node: Node) -> FResult<PwAff> {
        if let Some((ty, value)) = self.typedef_cast(node) {
            return self.affine_cast(node, ty, value);
        }
        let name = node.child_by_field_name("function").map(|f| self.text(f)).unwrap_or("");
        let args: Vec<Node> = match node.child_by_field_name("arguments") {
            Some(a) => {
                let mut c = a.walk();
                a.named_children(&mut c).filter(|n| n.kind() != "comment").collect()
            }
            None => vec![],
        };
        match (name.to_ascii_lowercase().as_str(), args.len()) {
            ("min" | "max", 2) => {
                let (a, b) = align(self.affine(args[0])?, self.affine(args[1])?)?;
                Ok(if name.eq_ignore_ascii_case("min") { a.min(b)? } else { a.max(b)? })
            }
            // C converts the argument to the function's parameter type,
            // as a cast would, and gives max(x, -x).
            _ if args.len() == 1 && matches!(name, "abs" | "labs") => {
                let value = self.affine_cast(node, math_parameter_type(name).unwrap_or("int"), args[0])?;
                Ok(value.copy()?.max(value.neg()?)?)
            }
            ("floord" | "ceild", 2) => {
                let Some(c) = self.constant_of(args[1]).filter(|c| *c > 0) else {
                    return error(args[1], "divisor is not a positive constant", "floord/ceild are affine only by a positive constant");
                };
                let a = self.affine(args[0])?;
                let v = Val::int_from_si(self.ctx, c)?;
                let q = a.scale_down_val(v)?;
                Ok(if name.eq_ignore_ascii_case("floord") { q.floor()? } else { q.ceil()? })
            }
            _ if self.pure_functions.get(name).is_some_and(|f| f.returned.is_some() && f.parameters.len() == args.len()) => self.inlined_call(node, name, &args),
            _ => error(node, format!("call to '{name}' in an affine expression"), "only min, max, floord, ceild, abs and functions of the file that return an affine expression of their parameters are understood in loop bounds, conditions and subscripts"),
        }
    }

    /// The value of `node`, a call of pure function `name` whose body only
    /// returns an expression (`imin(i + 3, n)` of `int imin(int a, int b)
    /// { return a < b ? a : b; }`): that expression where each parameter
    /// is its argument converted to the parameter's type, converted to the
    /// function's type, as C computes the call.
    fn inlined_call(&mut self, node: Node, name: &str, args: &[Node]) -> FResult<PwAff> {
        let function = &self.pure_functions[name];
        let (parameters, result) = (function.parameters.clone(), function.result.clone());
        let Some(body) = function.returned.clone().and_then(|r| self.root.descendant_for_byte_range(r.start, r.end)) else {
            return error(node, format!("call to '{name}' in an affine expression"), "iotile did not find the function's body");
        };
        let mut arguments = HashMap::new();
        for ((parameter, ty), arg) in parameters.iter().zip(args) {
            let value = self.affine_cast(*arg, ty, *arg)?;
            arguments.insert(parameter.clone(), (value, IntType::named(&resolve_typedefs(ty, self.typedefs))));
        }
        // The body is read in no loop's header or test: its parameters are
        // values, not the caller's iterators.
        let loop_test = self.loop_test.take();
        let in_loop_header = std::mem::replace(&mut self.in_loop_header, false);
        self.arguments.push(arguments);
        let value = self.converted(node, &result, body, |x| x.affine(body));
        self.arguments.pop();
        self.loop_test = loop_test;
        self.in_loop_header = in_loop_header;
        let value = value.map_err(|e| FrontError { why: format!("{} (in '{name}', which the region calls in an affine expression)", e.why), ..e })?;
        // The statement's text keeps the call: CUDA kernels call its device copy.
        self.called_functions.insert(name.to_string());
        Ok(value)
    }

    /// The C type of an integer expression of loop bounds, conditions and
    /// subscripts (`int` for what is not an integer expression: that is
    /// rejected as not affine anyway).
    fn int_type(&self, node: Node) -> IntType {
        if let Some((ty, _)) = self.typedef_cast(node) {
            return IntType::named(&resolve_typedefs(ty, self.typedefs));
        }
        let field = |f: &str| node.child_by_field_name(f).unwrap_or(node);
        match node.kind() {
            "number_literal" => integer_literal(self.text(node)).map_or(IntType::INT, |v| IntType::of_literal(self.text(node), v)),
            "identifier" if self.arguments.last().is_some_and(|a| a.contains_key(self.text(node))) => self.arguments.last().map_or(IntType::INT, |a| a[self.text(node)].1),
            "identifier" => {
                let name = self.text(node);
                match self.iterators.iter().rev().find(|it| it.name == name) {
                    Some(it) => it.ty,
                    None => self.declarations.get(name).map_or(IntType::INT, |d| IntType::named(&d.c_type)),
                }
            }
            "parenthesized_expression" => node.named_child(0).map_or(IntType::INT, |n| self.int_type(n)),
            "cast_expression" => IntType::named(&resolve_typedefs(self.text(field("type")), self.typedefs)),
            "unary_expression" if node_op(self.src, node) != "!" => self.int_type(field("argument")),
            "binary_expression" => match node_op(self.src, node) {
                "+" | "-" | "*" | "/" | "%" => self.int_type(field("left")).common(self.int_type(field("right"))),
                // A shift has its (promoted) left operand's type.
                ">>" | "<<" => self.int_type(field("left")),
                _ => IntType::INT,
            },
            "conditional_expression" => self.int_type(field("consequence")).common(self.int_type(field("alternative"))),
            // `size_t`.
            "sizeof_expression" => IntType::named("unsigned long"),
            "call_expression" if node.child_by_field_name("function").is_some_and(|f| self.pure_functions.contains_key(self.text(f))) => {
                let f = node.child_by_field_name("function").map(|f| self.text(f)).unwrap_or("");
                IntType::named(&resolve_typedefs(&self.pure_functions[f].result, self.typedefs))
            }
            "call_expression" if node.child_by_field_name("function").is_some_and(|f| matches!(self.text(f), "abs" | "labs")) => {
                let f = node.child_by_field_name("function").map(|f| self.text(f)).unwrap_or("");
                IntType::named(math_parameter_type(f).unwrap_or("int"))
            }
            "call_expression" => match node.child_by_field_name("arguments") {
                Some(a) => {
                    let mut c = a.walk();
                    let args: Vec<Node> = a.named_children(&mut c).filter(|n| n.kind() != "comment").collect();
                    args.iter().map(|a| self.int_type(*a)).reduce(IntType::common).unwrap_or(IntType::INT)
                }
                None => IntType::INT,
            },
            _ => IntType::INT,
        }
    }

    /// Whether `value` is never negative where it is evaluated now (the
    /// current domain, parameters within their types), so that C's
    /// conversion to an unsigned type leaves it unchanged. (A value past the
    /// type's top, an unsigned parameter near it plus one, wraps too: see
    /// [`Self::note_wrapping`].)
    fn never_negative(&self, value: &PwAff) -> FResult<bool> {
        self.never_in(self.negative_part(value.copy()?)?)
    }

    /// Whether `value` stays within `lo..=hi` where it is evaluated now, so
    /// that a cast to a type of that range leaves it unchanged. An upper
    /// end of `i64::MAX` (an unsigned type as wide as the model's values)
    /// is taken as not reached, as parameters are.
    fn always_within(&self, value: &PwAff, lo: i64, hi: i64) -> FResult<bool> {
        let bound = |v: i64| -> FResult<PwAff> { Ok(PwAff::val_on_domain(value.copy()?.domain()?, Val::int_from_si(self.ctx, v)?)?) };
        let mut outside = value.copy()?.lt_set(bound(lo)?)?;
        if hi < i64::MAX {
            outside = outside.union(value.copy()?.gt_set(bound(hi)?)?)?;
        }
        self.never_in(outside)
    }

    /// Whether no point of `set` is reached: none lies in the current
    /// domain (lifted to the iterators in scope whose loops have not added
    /// their dimension yet) with the parameters within their types.
    fn never_in(&self, set: Set) -> FResult<bool> {
        Ok(self.reached(set)?.is_empty()?)
    }

    /// The points of `set` in the current domain (lifted as in
    /// [`Self::never_in`]) with the parameters in their types' ranges.
    fn reached(&self, set: Set) -> FResult<Set> {
        let mut domain = self.domain.copy()?;
        let missing = self.iterators.len() as i64 - domain.dim(DimType::Set)? as i64;
        if missing > 0 {
            let first = domain.dim(DimType::Set)? as u32;
            domain = domain.add_dims(DimType::Set, missing as u32)?;
            for (k, it) in self.iterators[first as usize..].iter().enumerate() {
                domain = domain.set_dim_name(DimType::Set, first + k as u32, &it.name)?;
            }
        }
        self.parameters_in_range(intersect(domain, set)?)
    }

    /// Records that C reads `value`, of an unsigned `bits`-bit type, here
    /// (a comparison's operand, a dividend, a subscript, a loop's first
    /// value): where it passes the type's top, C has it modulo `2^bits`
    /// and the model does not, so the region's code runs only where it
    /// does not (see [`Scop::wrapping`]). Sums of unsigned values wrap in
    /// C wherever they pass the top, but only a value C reads decides
    /// anything, and it is the model's modulo `2^bits`.
    fn note_wrapping(&mut self, value: &PwAff, bits: u32, at: Node) -> FResult<()> {
        let past = self.past_top(value, bits)?;
        let reached = self.reached(past)?;
        self.note_wrapping_at(reached, at)
    }

    /// Where `value` is above the top of an unsigned `bits`-bit type;
    /// nowhere for 64 bits, taken as not reached, as parameters are
    /// elsewhere: it takes sizes of 2^64 elements, and the test of the
    /// region's code would need integers wider than C's.
    fn past_top(&self, value: &PwAff, bits: u32) -> FResult<Set> {
        let domain = value.copy()?.domain()?;
        if bits >= 64 {
            return Ok(domain.subtract(value.copy()?.domain()?)?);
        }
        let top = PwAff::val_on_domain(domain, Val::int_from_ui(self.ctx, (1u64 << bits) - 1)?)?;
        Ok(value.copy()?.gt_set(top)?)
    }

    /// Adds the parameter values of `points` (points where a value C reads
    /// at `at` wraps) to [`Extractor::wrapping`].
    fn note_wrapping_at(&mut self, points: Set, at: Node) -> FResult<()> {
        if points.is_empty()? {
            return Ok(());
        }
        let params = points.params()?;
        self.wrapping_spans.push((at.byte_range(), params.copy()?));
        self.wrapping = Some(match self.wrapping.take() {
            None => params,
            Some(w) => {
                let (w, p) = align(w, params)?;
                w.union(p)?.coalesce()?
            }
        });
        Ok(())
    }

    /// Where `value` is negative.
    fn negative_part(&self, value: PwAff) -> FResult<Set> {
        let zero = PwAff::val_on_domain(value.copy()?.domain()?, Val::int_from_si(self.ctx, 0)?)?;
        Ok(value.lt_set(zero)?)
    }

    /// `set` where each parameter is within its type's range.
    fn parameters_in_range(&self, mut set: Set) -> FResult<Set> {
        for k in 0..set.dim(DimType::Param)? as u32 {
            let c_type = self.declarations.get(set.get_dim_name(DimType::Param, k)?).map_or("int", |d| d.c_type.as_str());
            let ty = IntType::named(c_type);
            let space = set.get_space()?;
            let p = PwAff::var_on_domain(LocalSpace::from_space(space.copy()?)?, DimType::Param, k)?;
            let bound = |v: i64| -> FResult<PwAff> { Ok(PwAff::val_on_domain(Set::universe(space.copy()?)?, Val::int_from_si(self.ctx, v)?)?) };
            if let Cast::Within(lo, hi) = IntType::cast(c_type) {
                if hi < i64::MAX {
                    // Narrower than `int` (promoted to it).
                    set = set.intersect(p.copy()?.ge_set(bound(lo)?)?)?.intersect(p.le_set(bound(hi)?)?)?;
                    continue;
                }
            }
            if ty.unsigned {
                let zero = PwAff::val_on_domain(Set::universe(space)?, Val::int_from_si(self.ctx, 0)?)?;
                let past = self.past_top(&p, ty.bits)?;
                set = set.intersect(p.ge_set(zero)?)?.subtract(past)?;
            } else if ty.bits < 64 {
                let half = 1i64 << (ty.bits - 1);
                set = set.intersect(p.copy()?.ge_set(bound(-half)?)?)?.intersect(p.lt_set(bound(half)?)?)?;
            }
        }
        Ok(set)
    }

    /// The operands of a comparison, checked for C's conversions: where C
    /// compares in unsigned arithmetic, an operand that may be negative
    /// would compare as another value (a negative `int` as a huge one). In
    /// the condition of a loop, an operand that mentions its iterator is
    /// recorded for the loop to check where the condition is tested (unless
    /// it is an unsigned iterator alone); the other side is taken as it is
    /// (negative, the C loop would run until the iterator overflows). Any
    /// other such operand is an error (an `if` then keeps the condition
    /// for C to evaluate).
    fn comparison_operands(&mut self, node: Node, left: Node, right: Node) -> FResult<(PwAff, PwAff)> {
        let (a, b) = align(self.affine(left)?, self.affine(right)?)?;
        let ty = self.int_type(left).common(self.int_type(right));
        if !ty.unsigned {
            return Ok((a, b));
        }
        for (side, value) in [(left, &a), (right, &b)] {
            let in_loop_test = self.loop_test.as_ref().is_some_and(|name| mentions_identifier(self.src, side, name));
            if in_loop_test {
                // An unsigned iterator alone is never negative in C (its
                // first value wrapping would start a loop that runs until
                // the iterator overflows); anything else (a signed
                // iterator, `i - 5` of an unsigned one, `(unsigned)i`,
                // `i + 1u`) must not be negative where it is tested.
                let unsigned_iterator = unparenthesized(side).kind() == "identifier" && self.int_type(side).unsigned;
                if !unsigned_iterator {
                    self.converted_operands.push((value.copy()?, ty.bits));
                }
                continue;
            }
            if self.loop_test.is_none() && !self.never_negative(value)? {
                return error(
                    node,
                    "comparison in unsigned arithmetic of a value that may be negative",
                    format!("C converts '{}' to an unsigned {}-bit value, a huge one where it is negative", self.text(side), ty.bits),
                );
            }
            self.note_wrapping(value, ty.bits, node)?;
        }
        Ok((a, b))
    }

    /// A condition inside an integer expression (a ternary's, a `!`'s, a
    /// comparison used as 0 or 1): never a loop's own test, even inside
    /// one (`i < MIN(a, n)` compares `a` with `n` where the loop tests).
    fn nested_condition(&mut self, node: Node) -> FResult<Set> {
        let loop_test = self.loop_test.take();
        let set = self.condition(node);
        self.loop_test = loop_test;
        set
    }

    /// Translates a C condition into the set of iterator values where it holds.
    fn condition(&mut self, node: Node) -> FResult<Set> {
        match node.kind() {
            "parenthesized_expression" => self.condition(node.named_child(0).unwrap_or(node)),
            "binary_expression" => {
                let op = node.child_by_field_name("operator").map(|o| self.text(o)).unwrap_or("");
                let left = node.child_by_field_name("left").unwrap_or(node);
                let right = node.child_by_field_name("right").unwrap_or(node);
                match op {
                    "&&" | "||" => {
                        let (a, b) = align(self.condition(left)?, self.condition(right)?)?;
                        Ok(if op == "&&" { a.intersect(b)? } else { a.union(b)? })
                    }
                    "<" | "<=" | ">" | ">=" | "==" | "!=" => {
                        let (a, b) = self.comparison_operands(node, left, right)?;
                        Ok(match op {
                            "<" => a.lt_set(b)?,
                            "<=" => a.le_set(b)?,
                            ">" => a.gt_set(b)?,
                            ">=" => a.ge_set(b)?,
                            "==" => a.eq_set(b)?,
                            _ => a.ne_set(b)?,
                        })
                    }
                    _ => self.truthy(node),
                }
            }
            "unary_expression" if node.child_by_field_name("operator").map(|o| self.text(o)) == Some("!") => {
                let inner = self.condition(node.child_by_field_name("argument").unwrap_or(node))?;
                Ok(inner.complement()?)
            }
            _ => self.truthy(node),
        }
    }

    /// C truth value of an integer expression: non-zero.
    fn truthy(&mut self, node: Node) -> FResult<Set> {
        let (a, zero) = align(self.affine(node)?, self.constant(0)?)?;
        Ok(a.ne_set(zero)?)
    }

    // ----- statements ----------------------------------------------------

    fn statement(&mut self, node: Node, items: &mut Vec<Item>) -> FResult<()> {
        match node.kind() {
            "comment" | ";" => Ok(()),
            "compound_statement" => {
                let mut c = node.walk();
                let children: Vec<Node> = node.named_children(&mut c).filter(|n| !is_detached_body(self.src, *n)).collect();
                for child in children {
                    self.statement(child, items)?;
                }
                Ok(())
            }
            "preproc_call" if is_loop_hint(self.src, node) => Ok(()),
            "expression_statement" => match node.named_child(0) {
                None => Ok(()),
                // `a, b;` is `a; b;`: C evaluates the operands of a comma
                // in order, each one complete before the next.
                Some(e) if e.kind() == "comma_expression" => {
                    for operand in comma_operands(e) {
                        let mut pieces = self.body_pieces(operand);
                        pieces.push(BodyPiece::Text(";".into()));
                        self.assignment(operand, operand, Body { pieces }, items)?;
                    }
                    Ok(())
                }
                Some(e) => {
                    let body = Body { pieces: self.body_pieces(node) };
                    self.assignment(node, e, body, items)
                }
            },
            "declaration" => self.declaration(node, items),
            "for_statement" => self.for_loop(node, items),
            "if_statement" => self.if_statement(node, items),
            "while_statement" => error(node, "'while' loops are not supported in a scop", "the number of iterations is not an affine function of the parameters; use a 'for' loop"),
            // `do { ... } while (0)`, a macro's way of making one
            // statement of several, runs its body once.
            "do_statement" if runs_once(self.src, node) => {
                let body = node.child_by_field_name("body").unwrap_or(node);
                if let Some(jump) = jump_out_of(body) {
                    return error(jump, format!("{} inside 'do {{ ... }} while (0)'", describe(jump.kind())), "it leaves the 'do', not the loop around it; write the statements after it under an 'if' instead");
                }
                let in_loop_body = std::mem::replace(&mut self.in_loop_body, false);
                let result = self.statement(body, items);
                self.in_loop_body = in_loop_body;
                result
            }
            "do_statement" => error(node, "'do' loops are not supported in a scop", "the number of iterations is not an affine function of the parameters; use a 'for' loop"),
            "continue_statement" => error(node, "a 'continue' statement is not supported here", "iotile reads 'continue' as the end of an 'if' with an affine condition that is a statement of the loop's body itself ('if (c) continue;'): the rest of the body runs where 'c' does not hold"),
            "break_statement" | "goto_statement" | "return_statement" => error(node, format!("{} is not supported in a scop", describe(node.kind())), "it makes control flow depend on run-time values"),
            "switch_statement" => error(node, "'switch' is not supported in a scop", "rewrite it as 'if' statements with affine conditions"),
            "ERROR" => error(node, "syntax error", "this text could not be parsed as C"),
            "preproc_call" if pragma_words(self.src, node).is_some() => error(
                node,
                "a pragma inside a scop that is not a loop hint",
                "loop hints ('omp parallel for', 'omp simd', 'GCC ivdep', 'unroll') are dropped, as iotile parallelises the code it generates; other pragmas would be lost from it",
            ),
            k if k.starts_with("preproc") => error(node, "preprocessor directive inside a scop", "only '#pragma scop' and '#pragma endscop' delimit a region"),
            _ => error(node, format!("{} is not supported in a scop", describe(node.kind())), "only for loops, if statements and assignments are allowed"),
        }
    }

    /// An `if` with an affine condition `c` runs its branches on the part
    /// of the domain where `c` holds and where it does not. One whose
    /// `then` branch ends in `continue` (`if (c) continue;`, `if (c) { S;
    /// continue; }`) and that belongs to a loop's body itself, not to
    /// another `if` in it, leaves the domain where `c` does not hold for
    /// the statements after it, up to the end of the body: C skips them
    /// where `c` holds.
    fn if_statement(&mut self, node: Node, items: &mut Vec<Item>) -> FResult<()> {
        let cond_node = node.child_by_field_name("condition").unwrap_or(node);
        let Ok(cond) = self.condition(cond_node) else {
            if trailing_cut(node).is_some() {
                return error(node, "a loop hint inside a data-dependent 'if' without braces", "the 'if' is kept as written, and the hint would separate it from its statement; put braces around the statement");
            }
            return self.data_dependent_if(node, items);
        };
        let skip = continued(self.src, node);
        if let Some((_, continue_node)) = skip.as_ref().filter(|_| !self.in_loop_body) {
            return error(
                *continue_node,
                "a 'continue' statement under an 'if' nested in another 'if'",
                "iotile reads 'if (c) continue;' with an affine 'c' where the 'if' is a statement of the loop's body itself; join the conditions with '&&'",
            );
        }
        let skips = skip.is_some();
        let outer = self.domain.copy()?;
        let (d, c) = align(outer.copy()?, cond.copy()?)?;
        self.domain = d.intersect(c)?;
        let in_loop_body = std::mem::replace(&mut self.in_loop_body, false);
        let result = self.branches(node, skip.map(|(before, _)| before), outer.copy()?, cond.copy()?, items);
        self.in_loop_body = in_loop_body;
        result?;
        self.domain = outer;
        if skips {
            let (d, c) = align(self.domain.copy()?, cond)?;
            self.domain = d.subtract(c)?;
        }
        Ok(())
    }

    /// The branches of [`Extractor::if_statement`]'s `node`, the `then`
    /// branch with the domain already restricted to `cond`, or only its
    /// statements before the `continue` (`before`).
    fn branches(&mut self, node: Node, before: Option<Vec<Node>>, outer: Set, cond: Set, items: &mut Vec<Item>) -> FResult<()> {
        match before {
            Some(statements) => {
                for statement in statements {
                    self.statement(statement, items)?;
                }
            }
            None => {
                if let Some(then) = body_of(self.src, node, "consequence") {
                    self.statement(then, items)?;
                }
            }
        }
        if let Some(alt) = node.child_by_field_name("alternative") {
            let (d, c) = align(outer, cond)?;
            self.domain = d.subtract(c)?;
            let branch = if alt.kind() == "else_clause" { alt.named_child(0).unwrap_or(alt) } else { alt };
            self.statement(branch, items)?;
        }
        Ok(())
    }

    /// An `if` whose condition is not affine (`if (A[i] > t) ...`: it reads
    /// data) becomes one statement, executed at every point of the
    /// domain, its text the whole `if`. Its branches may hold assignments
    /// and further `if`s only. An assignment under such a condition may
    /// not happen, so its target counts as read as well as written (when
    /// it does not happen, the statement in effect writes back the old
    /// value): the dependences, the values live after the region and the
    /// elements a tile must compute stay exact for what the statement
    /// must write.
    fn data_dependent_if(&mut self, node: Node, items: &mut Vec<Item>) -> FResult<()> {
        let (mut reads, mut writes) = (Vec::new(), Vec::new());
        self.conditional_accesses(node, &mut reads, &mut writes)?;
        // Braces keep an `else` the code generator prints after it from
        // binding to this `if`.
        let mut pieces = vec![BodyPiece::Text("{ ".into())];
        pieces.extend(self.body_pieces(node));
        pieces.push(BodyPiece::Text(" }".into()));
        self.add_statement(node, writes, reads, Body { pieces }, items)
    }

    /// The accesses of a statement under a condition that is not affine.
    fn conditional_accesses(&mut self, node: Node, reads: &mut Vec<Access>, writes: &mut Vec<Access>) -> FResult<()> {
        match node.kind() {
            "comment" | ";" => Ok(()),
            "compound_statement" | "else_clause" => {
                let mut c = node.walk();
                let children: Vec<Node> = node.named_children(&mut c).collect();
                for child in children {
                    self.conditional_accesses(child, reads, writes)?;
                }
                Ok(())
            }
            "if_statement" => {
                self.reads_of(node.child_by_field_name("condition").unwrap_or(node), reads)?;
                for branch in [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")].into_iter().flatten() {
                    self.conditional_accesses(branch, reads, writes)?;
                }
                Ok(())
            }
            "expression_statement" => {
                let Some(expr) = node.named_child(0) else { return Ok(()) };
                for expr in comma_operands(expr) {
                    let (target, mut value) = match expr.kind() {
                        "assignment_expression" => (expr.child_by_field_name("left").unwrap_or(expr), expr.child_by_field_name("right")),
                        "update_expression" => (expr.child_by_field_name("argument").unwrap_or(expr), None),
                        _ => return error(expr, "expression statement without an assignment", "only assignments are allowed as statements"),
                    };
                    writes.push(self.assigned(target, true, reads)?);
                    while let Some(v) = value.filter(|v| v.kind() == "assignment_expression" && node_op(self.src, *v) == "=") {
                        writes.push(self.assigned(v.child_by_field_name("left").unwrap_or(v), true, reads)?);
                        value = v.child_by_field_name("right");
                    }
                    if let Some(v) = value {
                        self.reads_of(v, reads)?;
                    }
                }
                Ok(())
            }
            "do_statement" if runs_once(self.src, node) => match jump_out_of(node.child_by_field_name("body").unwrap_or(node)) {
                Some(jump) => error(jump, format!("{} inside 'do {{ ... }} while (0)'", describe(jump.kind())), "it leaves the 'do', not the loop around it; write the statements after it under an 'if' instead"),
                None => self.conditional_accesses(node.child_by_field_name("body").unwrap_or(node), reads, writes),
            },
            kind => error(node, format!("{} inside an 'if' whose condition is not affine", describe(kind)), "under a condition that reads data (or is not affine), only assignments and further 'if's are supported"),
        }
    }

    fn for_loop(&mut self, node: Node, items: &mut Vec<Item>) -> FResult<()> {
        let Some(init) = node.child_by_field_name("initializer") else {
            return error(node, "for loop without an initialisation", "the iterator's first value must be affine");
        };
        let (name, init_value, declared) = match init.kind() {
            "assignment_expression" if node_op(self.src, init) == "=" => {
                let left = init.child_by_field_name("left").unwrap_or(init);
                if left.kind() != "identifier" {
                    return error(left, "loop iterator is not a variable", "the initialisation must assign a scalar variable");
                }
                (self.text(left).to_string(), init.child_by_field_name("right").unwrap_or(init), false)
            }
            "declaration" => {
                let mut c = init.walk();
                if init.children_by_field_name("declarator", &mut c).count() > 1 {
                    return error(init, "loop initialisation that declares more than one variable", "a loop has one iterator: declare the others before the loop");
                }
                let d = init.child_by_field_name("declarator").unwrap_or(init);
                match (d.kind(), d.child_by_field_name("declarator"), d.child_by_field_name("value")) {
                    ("init_declarator", Some(n), Some(v)) if n.kind() == "identifier" => (self.text(n).to_string(), v, true),
                    _ => return error(init, "unsupported loop initialisation", "declare exactly one iterator with an initial value"),
                }
            }
            _ => return error(init, "unsupported loop initialisation", "expected 'i = <affine expression>'"),
        };
        // `for (int i ...)` inside a loop over `i` declares a new variable
        // that hides the outer one; statements name iterators by depth.
        if !declared && self.iterators.iter().any(|it| it.name == name) {
            return error(init, format!("loop iterator '{name}' is already the iterator of an enclosing loop"), "this would change the enclosing loop's iterator");
        }
        let declared_type = match init.kind() {
            "declaration" => init.child_by_field_name("type").map(|t| self.text(t).to_string()),
            _ => self.declarations.get(&name).map(|d| d.base_type.clone()),
        };
        if let Some(ty) = declared_type.clone().filter(|t| t.contains("float") || t.contains("double")) {
            return error(init, format!("loop iterator '{name}' has type '{ty}'"), "loop iterators must be integers: a floating-point counter may round and stop early or late");
        }
        let Some(update) = node.child_by_field_name("update") else {
            return error(node, "for loop without an increment", "the iterator must change by a constant each iteration");
        };
        let step = self.loop_step(update, &name)?;
        let decreasing = step < 0;
        let Some(cond_node) = node.child_by_field_name("condition") else {
            return error(node, "for loop without a condition", "the loop must be bounded by an affine condition");
        };
        let not_equal = self.not_equal_bound(cond_node, &name, step);
        // `for (size_t u = n - 1; u < n; u--)`: C's unsigned iterator
        // wraps past 0 to its type's top, where the test fails.
        let ty = declared_type.as_deref().map_or(IntType::INT, |t| IntType::named(&resolve_typedefs(t, self.typedefs)));
        let countdown = not_equal.is_none() && decreasing && declared && ty.unsigned && ty.bits >= 32 && self.bounds_from_above(cond_node, &name);
        if not_equal.is_none() && !countdown {
            self.check_bound(cond_node, &name, decreasing)?;
        }
        let body = body_of(self.src, node, "body").unwrap_or(node);
        self.check_iterator_not_assigned(body, &name)?;

        // The domain of the loop: outer domain, lifted by one dimension.
        let depth = self.iterators.len();
        let start = self.affine(init_value)?;
        let outer = self.domain.copy()?;
        // The first value as C stores it: computed in the initial value's
        // type, then converted to the iterator's.
        for stored in [self.int_type(init_value), ty] {
            if stored.unsigned {
                self.note_wrapping(&start, stored.bits, init_value)?;
            }
        }
        self.wide_iterators |= ty != IntType::INT;
        let narrow = declared_type.as_deref().and_then(|t| match IntType::cast(&resolve_typedefs(t, self.typedefs)) {
            Cast::Within(_, hi) if hi <= i64::from(u8::MAX) => Some("char"),
            Cast::Within(_, hi) if hi <= i64::from(u16::MAX) => Some("short"),
            _ => None,
        });
        self.iterators.push(Iterator { name: name.clone(), decreasing, ty, narrow });
        self.max_depth = self.max_depth.max(self.iterators.len());
        let lifted = outer.copy()?.add_dims(DimType::Set, 1)?.set_dim_name(DimType::Set, depth as u32, &name)?;
        if mentions_identifier(self.src, init_value, &name) {
            return error(init_value, format!("the initial value of '{name}' depends on '{name}'"), "the first iteration must be an affine function of outer iterators and parameters");
        }
        self.in_loop_header = true;
        let header = self.affine(init_value).and_then(|start| {
            let (bound, converted, equal) = match not_equal {
                Some((left, right, below)) => {
                    let (a, b) = align(self.affine(left)?, self.affine(right)?)?;
                    let equal = a.copy()?.eq_set(b.copy()?)?;
                    (if below { a.lt_set(b)? } else { a.gt_set(b)? }, Vec::new(), Some(equal))
                }
                None => {
                    let (bound, converted) = self.loop_condition(cond_node, &name)?;
                    (bound, converted, None)
                }
            };
            Ok((start, bound, converted, equal))
        });
        self.in_loop_header = false;
        let (start_here, bound, converted, equal) = header?;
        let me = self.iterator_value(depth)?;
        let (me, start_here) = align(me, start_here)?;
        let lower = if decreasing { me.copy()?.le_set(start_here.copy()?)? } else { me.copy()?.ge_set(start_here.copy()?)? };
        let mut domain = intersect(intersect(lifted.copy()?, lower)?, bound.copy()?)?;
        if step.abs() > 1 {
            let offset = me.copy()?.sub(start_here.copy()?)?;
            let lattice = offset.mod_val(Val::int_from_si(self.ctx, step.abs())?)?.zero_set()?;
            domain = intersect(domain, lattice)?;
        }
        let first = intersect(lifted.copy()?, me.copy()?.eq_set(start_here)?)?;
        if countdown {
            domain = self.counted_down_to_zero(domain, &first, &bound, &me, depth, &name, ty.bits, step, cond_node)?;
        }
        let range = declared_type.as_deref().map(|t| IntType::cast(&resolve_typedefs(t, self.typedefs)));
        let narrow = match range {
            Some(Cast::Within(lo, hi)) if hi <= i64::from(u16::MAX) => Some((lo, hi)),
            _ => None,
        };
        if let Some((lo, hi)) = narrow {
            self.note_iterator_outside(&me, lo, hi, &first, &domain, step, cond_node)?;
        }
        if let Some(equal) = equal.filter(|_| ty.unsigned || narrow.is_some()) {
            // `!=` runs the iterations of `<` (`>`) towards the bound, and
            // a C loop that starts beyond it would run until its iterator
            // overflows; an iterator of a type that wraps gets there, and
            // the loop runs on past the type's end: the model's empty loop
            // is C's only where it does not start beyond the bound.
            let beyond = first.copy()?.subtract(bound.copy()?)?.subtract(equal)?;
            let beyond = self.parameters_in_range(beyond)?;
            self.note_wrapping_at(beyond, cond_node)?;
        }
        if !converted.is_empty() {
            self.check_converted_operands(cond_node, converted, first, &domain, step)?;
        }
        let position = 2 * items.len() as i64;
        self.time.push(TimeTerm::Position(position));
        self.time.push(TimeTerm::Iterator { depth, decreasing });
        self.domain = domain.copy()?;
        let mut body_items = Vec::new();
        let in_loop_body = std::mem::replace(&mut self.in_loop_body, true);
        let result = self.statement(body, &mut body_items);
        self.in_loop_body = in_loop_body;
        self.iterators.pop();
        self.time.truncate(self.time.len() - 2);
        self.domain = outer.copy()?;
        result?;

        if !declared && !self.declared_at(&name, node) {
            self.check_not_hoisted_over(node, &name)?;
            if !self.outer_iterators.contains(&name) {
                self.outer_iterators.push(name.clone());
            }
            self.record_exit(&name, outer, domain, start, step, position + 1)?;
        }
        items.push(Item::Loop { depth, decreasing, body: body_items });
        Ok(())
    }

    /// The condition of the loop over `name`, and the operands of it that
    /// [`Extractor::check_converted_operands`] must check (taken even where
    /// the condition is refused, so that none is left for another loop).
    fn loop_condition(&mut self, cond: Node, name: &str) -> FResult<(Set, Vec<(PwAff, u32)>)> {
        self.loop_test = Some(name.to_string());
        let bound = self.condition(cond);
        self.loop_test = None;
        let converted = std::mem::take(&mut self.converted_operands);
        Ok((bound?, converted))
    }

    /// A loop runs while its condition holds, from the first value of its
    /// iterator on. Where C compares an operand that mentions the iterator
    /// in unsigned arithmetic (`int i` against `unsigned n`), the model's
    /// comparison is C's only if the operand is not negative where
    /// the condition is tested: at the first value (`start`), at every
    /// iteration (`domain`) and at the value after each (`step` on),
    /// which includes the one that ends the loop. `for (int i = -3; i < n;
    /// i++)` does not run at all in C.
    fn check_converted_operands(&mut self, cond: Node, operands: Vec<(PwAff, u32)>, start: Set, domain: &Set, step: i64) -> FResult<()> {
        for (value, bits) in operands {
            // Where the operand passes the type's top, see `note_wrapping`.
            for wraps in self.where_tested(&self.past_top(&value, bits)?, &start, domain, step)? {
                self.note_wrapping_at(wraps, cond)?;
            }
            for negative in self.where_tested(&self.negative_part(value)?, &start, domain, step)? {
                if !negative.is_empty()? {
                    return error(
                        cond,
                        "loop condition compares in unsigned arithmetic a value that may be negative",
                        format!("C compares the side with the iterator as an unsigned {bits}-bit value, a huge one where it is negative, and the loop stops there"),
                    );
                }
            }
        }
        Ok(())
    }

    /// The points of `set` (in the space of the loop whose iterator is the
    /// innermost in scope) where C's loop tests its condition: its first
    /// value (`first`), every iteration (`domain`) and the value after
    /// each (`step` on), with the parameters within their types.
    fn where_tested(&self, set: &Set, first: &Set, domain: &Set, step: i64) -> FResult<[Set; 3]> {
        let depth = self.iterators.len() - 1;
        let space = domain.get_space()?;
        let shifted = Aff::var_on_domain(LocalSpace::from_space(space.copy()?)?, DimType::Set, depth as u32)?.add_constant_val(Val::int_from_si(self.ctx, step)?)?;
        let next = MultiAff::identity_on_domain_space(space)?.set_aff(depth as i32, shifted)?;
        let at_start = intersect(first.copy()?, set.copy()?)?;
        let during = intersect(domain.copy()?, set.copy()?)?;
        let after = intersect(domain.copy()?, set.copy()?.preimage_multi_aff(next)?)?;
        Ok([self.parameters_in_range(at_start)?, self.parameters_in_range(during)?, self.parameters_in_range(after)?])
    }

    /// Records where the iterator `me` of a type narrower than `int`, with
    /// values `lo..=hi`, leaves them where its loop tests it ([`Self::where_tested`]):
    /// C converts each value to the type, so it wraps there (see
    /// [`Self::note_wrapping`]).
    #[allow(clippy::too_many_arguments)]
    fn note_iterator_outside(&mut self, me: &PwAff, lo: i64, hi: i64, first: &Set, domain: &Set, step: i64, at: Node) -> FResult<()> {
        let bound = |v: i64| -> FResult<PwAff> { Ok(PwAff::val_on_domain(me.copy()?.domain()?, Val::int_from_si(self.ctx, v)?)?) };
        let outside = me.copy()?.lt_set(bound(lo)?)?.union(me.copy()?.gt_set(bound(hi)?)?)?;
        for wraps in self.where_tested(&outside, first, domain, step)? {
            self.note_wrapping_at(wraps, at)?;
        }
        Ok(())
    }

    /// The constant step of a loop update (`i++`, `i -= 2`, `i = i + 4`).
    fn loop_step(&self, update: Node, name: &str) -> FResult<i64> {
        let bad = || error(update, "unsupported loop increment", format!("'{name}' must change by a constant (i++, i--, i += c, i = i + c)"));
        let is_me = |n: Option<Node>| n.is_some_and(|n| n.kind() == "identifier" && self.text(n) == name);
        let step = match update.kind() {
            "update_expression" if is_me(update.child_by_field_name("argument")) => {
                if self.text(update).contains("++") { 1 } else { -1 }
            }
            "assignment_expression" if is_me(update.child_by_field_name("left")) => {
                // `i = (i + 1)` too; a constant may be a `sizeof`.
                let right = unparenthesized(update.child_by_field_name("right").unwrap_or(update));
                let constant = |n: Node| self.constant_of(n);
                match node_op(self.src, update) {
                    "+=" => constant(right).map_or_else(bad, Ok)?,
                    "-=" => -constant(right).map_or_else(bad, Ok)?,
                    "=" if right.kind() == "binary_expression" => {
                        let op = node_op(self.src, right);
                        let l = right.child_by_field_name("left").map(unparenthesized);
                        let r = right.child_by_field_name("right");
                        match (op, is_me(l), is_me(r.map(unparenthesized))) {
                            ("+", true, _) => r.and_then(constant).map_or_else(bad, Ok)?,
                            ("+", _, true) => l.and_then(constant).map_or_else(bad, Ok)?,
                            ("-", true, _) => -r.and_then(constant).map_or_else(bad, Ok)?,
                            _ => return bad(),
                        }
                    }
                    _ => return bad(),
                }
            }
            _ => return bad(),
        };
        if step == 0 {
            return error(update, "loop increment is zero", "the loop would never end");
        }
        Ok(step)
    }

    /// A loop condition `left != right` whose two sides the iterator moves
    /// apart by a non-zero amount per iteration: `(left, right, below)`, the
    /// loop running while `left < right` (`below`) or `left > right`. The
    /// loop ends when the iterator reaches the bound; had it started beyond
    /// the bound or could it step over it, the C loop would not end (signed
    /// overflow), so for every program that ends, `!=` runs exactly the
    /// iterations of the strict comparison towards the bound.
    fn not_equal_bound<'n>(&self, cond: Node<'n>, name: &str, step: i64) -> Option<(Node<'n>, Node<'n>, bool)> {
        if cond.kind() == "parenthesized_expression" {
            return self.not_equal_bound(cond.named_child(0)?, name, step);
        }
        if cond.kind() != "binary_expression" || node_op(self.src, cond) != "!=" {
            return None;
        }
        let (left, right) = (cond.child_by_field_name("left")?, cond.child_by_field_name("right")?);
        let slope = iterator_coefficient(self.src, left, name)?.checked_sub(iterator_coefficient(self.src, right, name)?)?;
        (slope != 0).then_some((left, right, slope.signum() == step.signum()))
    }

    /// Whether `cond` is `name < e` or `name <= e` (`e > name`, `e >=
    /// name`) with `e` free of `name`: an upper bound that an unsigned
    /// iterator counting down meets only by wrapping past 0.
    fn bounds_from_above(&self, cond: Node, name: &str) -> bool {
        let cond = unparenthesized(cond);
        if cond.kind() != "binary_expression" {
            return false;
        }
        let (Some(left), Some(right)) = (cond.child_by_field_name("left"), cond.child_by_field_name("right")) else { return false };
        let (me, bound) = match node_op(self.src, cond) {
            "<" | "<=" => (left, right),
            ">" | ">=" => (right, left),
            _ => return false,
        };
        let me = unparenthesized(me);
        me.kind() == "identifier" && self.text(me) == name && !mentions_identifier(self.src, bound, name)
    }

    /// The iterations of a loop whose unsigned iterator of `bits` bits
    /// counts down by `-step` from its first value (`first`) while below
    /// a bound (`bound`, [`Self::bounds_from_above`]): where the first
    /// value passes the test, every value from it down to 0 does, and the
    /// next one wraps to the top of the type, where C's loop stops. So
    /// `domain` (the values up to the first one that pass the test) keeps
    /// those not below 0 where the first one passes. Where the bound could
    /// exceed the wrapped value (a wider bound), C's loop runs on: the
    /// parameters that allow it are noted as wrapping
    /// ([`Self::note_wrapping_at`]).
    #[allow(clippy::too_many_arguments)]
    fn counted_down_to_zero(&mut self, domain: Set, first: &Set, bound: &Set, me: &PwAff, depth: usize, name: &str, bits: u32, step: i64, cond: Node) -> FResult<Set> {
        let zero = PwAff::val_on_domain(me.copy()?.domain()?, Val::int_from_si(self.ctx, 0)?)?;
        let not_negative = me.copy()?.ge_set(zero)?;
        let passes = intersect(first.copy()?, bound.copy()?)?
            .project_out(DimType::Set, depth as u32, 1)?
            .add_dims(DimType::Set, 1)?
            .set_dim_name(DimType::Set, depth as u32, name)?;
        let domain = intersect(intersect(domain, not_negative)?, passes)?;
        if bits < 64 {
            // The smallest value C's iterator wraps to.
            let wrapped = (1u64 << bits) - step.unsigned_abs();
            let at = PwAff::val_on_domain(me.copy()?.domain()?, Val::int_from_ui(self.ctx, wrapped)?)?;
            let runs_on = intersect(me.copy()?.ge_set(at)?, bound.copy()?)?;
            let reached = intersect(runs_on, domain.copy()?.project_out(DimType::Set, depth as u32, 1)?.add_dims(DimType::Set, 1)?.set_dim_name(DimType::Set, depth as u32, name)?)?;
            let reached = self.parameters_in_range(reached)?;
            self.note_wrapping_at(reached, cond)?;
        }
        Ok(domain)
    }

    /// The loop condition must bound the iterator from the side it moves
    /// towards, so that the loop runs exactly over an interval.
    fn check_bound(&self, cond: Node, name: &str, decreasing: bool) -> FResult<()> {
        self.check_bound_negated(cond, name, decreasing, false)
    }

    /// [`Self::check_bound`] of `cond`, or of `!cond` where `negated`
    /// (`!(i >= n)` bounds `i` above).
    fn check_bound_negated(&self, cond: Node, name: &str, decreasing: bool, negated: bool) -> FResult<()> {
        match cond.kind() {
            "parenthesized_expression" => self.check_bound_negated(cond.named_child(0).unwrap_or(cond), name, decreasing, negated),
            "unary_expression" if node_op(self.src, cond) == "!" => self.check_bound_negated(cond.child_by_field_name("argument").unwrap_or(cond), name, decreasing, !negated),
            "binary_expression" => {
                let op = node_op(self.src, cond);
                let left = cond.child_by_field_name("left").unwrap_or(cond);
                let right = cond.child_by_field_name("right").unwrap_or(cond);
                if op == "&&" || op == "||" {
                    self.check_bound_negated(left, name, decreasing, negated)?;
                    return self.check_bound_negated(right, name, decreasing, negated);
                }
                let op = match (negated, op) {
                    (true, "<") => ">=",
                    (true, "<=") => ">",
                    (true, ">") => "<=",
                    (true, ">=") => "<",
                    (true, _) => "",
                    (false, op) => op,
                };
                // The sign of the iterator's coefficient in `left - right`
                // tells which side the comparison bounds (`i < n`,
                // `2 * i < n`, `i < n - i`, `n > i` bound it above).
                let slope = iterator_coefficient(self.src, left, name).zip(iterator_coefficient(self.src, right, name)).map(|(l, r)| l - r);
                let upper = match (op, slope) {
                    ("<" | "<=", Some(c)) if c > 0 => Some(true),
                    ("<" | "<=", Some(c)) if c < 0 => Some(false),
                    (">" | ">=", Some(c)) if c > 0 => Some(false),
                    (">" | ">=", Some(c)) if c < 0 => Some(true),
                    _ => None,
                };
                match upper {
                    Some(u) if u != decreasing => Ok(()),
                    Some(_) if decreasing => error(
                        cond,
                        "loop condition bounds the iterator on the wrong side",
                        format!("'{name}' moves away from this bound, so the loop would not terminate or would not run; an unsigned iterator of at least 32 bits declared in the loop may count down to 0 so ('for (size_t {name} = n - 1; {name} < n; {name}--)')"),
                    ),
                    Some(_) => error(cond, "loop condition bounds the iterator on the wrong side", format!("'{name}' moves away from this bound, so the loop would not terminate or would not run")),
                    None => error(cond, "unsupported loop condition", format!("expected a comparison of '{name}' with an affine bound (e.g. {name} < n)")),
                }
            }
            _ => error(cond, "unsupported loop condition", format!("expected a comparison of '{name}' with an affine bound (e.g. {name} < n)")),
        }
    }

    /// Rejects assignments to the iterator `name` in a loop body, and
    /// block-local declarations that hide it; a nested loop that declares
    /// its own `name` is that loop's business.
    fn check_iterator_not_assigned(&self, body: Node, name: &str) -> FResult<()> {
        fn declares<'t>(src: &str, declaration: Node<'t>, name: &str) -> Option<Node<'t>> {
            let mut c = declaration.walk();
            let found = declaration.children_by_field_name("declarator", &mut c).find(|d| declarator_shape(src, *d).is_some_and(|(n, _)| n == name));
            found
        }
        let declares_me = |declaration| declares(self.src, declaration, name);
        match body.kind() {
            "for_statement" if body.child_by_field_name("initializer").is_some_and(|i| i.kind() == "declaration" && declares_me(i).is_some()) => return Ok(()),
            "declaration" => {
                if let Some(d) = declares_me(body) {
                    return error(d, format!("'{name}' hides the iterator of an enclosing loop"), "the regenerated region renames loop iterators and could not tell the two apart; rename this variable");
                }
            }
            _ => {}
        }
        if changed_identifier(self.src, body, true, false).is_some_and(|t| self.text(t) == name) {
            return error(body, format!("loop iterator '{name}' is assigned in the loop body"), "the iteration space would not be affine");
        }
        let mut c = body.walk();
        for child in body.named_children(&mut c) {
            self.check_iterator_not_assigned(child, name)?;
        }
        Ok(())
    }

    /// Records when a loop over an iterator declared before the region ends
    /// and the value it leaves behind.
    fn record_exit(&mut self, name: &str, reached: Set, domain: Set, start: PwAff, step: i64, position: i64) -> FResult<()> {
        let depth = self.iterators.len();
        // {[outer] -> [x]} over the loop's iterations, then the last x.
        let iterations = Map::from_domain(domain)?.move_dims(DimType::Out, 0, DimType::In, depth as u32, 1)?;
        let last = if step > 0 { iterations.lexmax_pw_multi_aff()? } else { iterations.lexmin_pw_multi_aff()? };
        let last = last.get_pw_aff(0)?;
        let ran = last.copy()?.domain()?;
        let after_last = {
            let (l, s) = align(last, self.constant(step)?)?;
            l.add(s)?
        };
        let (reached_a, ran) = align(reached.copy()?, ran)?;
        let skipped = reached_a.subtract(ran)?;
        let unchanged = start.intersect_domain(skipped)?;
        let (after_last, unchanged) = align(after_last, unchanged)?;
        let value = after_last.union_add(unchanged)?;
        let mut time = self.time.clone();
        time.push(TimeTerm::Position(position));
        self.exits.push(LoopExit { iterator: name.to_string(), reached, time, value });
        Ok(())
    }

    fn declaration(&mut self, node: Node, items: &mut Vec<Item>) -> FResult<()> {
        let ty = node.child_by_field_name("type").map(|t| self.text(t)).unwrap_or("int").to_string();
        let mut c = node.walk();
        // A declaration is hoisted to the region's start as a plain local
        // and its initialiser run where it stood: a `static` one would be
        // set again on every pass, an `extern` one would no longer name
        // the global.
        if let Some(storage) = node.children(&mut c).find(|n| n.kind() == "storage_class_specifier" && !matches!(self.text(*n), "register" | "auto")) {
            let storage_class = self.text(storage).to_string();
            return error(storage, format!("'{storage_class}' declaration inside a scop"), "only automatic scalars may be declared inside a region; declare it before '#pragma scop'");
        }
        let declarators: Vec<Node> = node.children_by_field_name("declarator", &mut c).collect();
        for d in declarators {
            let Some((name, extents)) = declarator_shape(self.src, d) else {
                return error(d, "unsupported declaration in a scop", "only scalar variables and arrays of constant extents may be declared inside a region");
            };
            let extents = self.local_extents(d, extents.len())?;
            let dims: String = extents.iter().map(|e| format!("[{e}]")).collect();
            if let Some((_, earlier, earlier_dims)) = self.private_declarations.iter().find(|(n, _, _)| *n == name) {
                if *earlier != ty || *earlier_dims != dims {
                    return error(d, format!("'{name}' is declared twice with different types"), "variables declared inside a region are hoisted to its start and need one type");
                }
            } else {
                self.private_declarations.push((name.clone(), ty.clone(), dims));
            }
            if !extents.is_empty() {
                if d.kind() == "init_declarator" {
                    return error(d, "array declared with an initialiser inside a scop", "assign its elements in the region's statements, or declare it before '#pragma scop'");
                }
                self.local_arrays.insert(name.clone());
            }
            let c_type = resolve_typedefs(&ty, self.typedefs);
            let extents = extents.iter().map(|e| Some(e.to_string())).collect();
            self.declarations.insert(name.clone(), Declaration { base_type: ty.clone(), c_type, volatile: false, extents, global: false, parameter: false, automatic: None, pointer: false });
            if let (Some(target), Some(value)) = (d.child_by_field_name("declarator"), d.child_by_field_name("value")) {
                let mut pieces = self.body_pieces(target);
                pieces.push(BodyPiece::Text(" = ".into()));
                pieces.extend(self.body_pieces(value));
                pieces.push(BodyPiece::Text(";".into()));
                let body = Body { pieces };
                let write = self.scalar_access(&name, true)?;
                let mut reads = Vec::new();
                self.reads_of(value, &mut reads)?;
                self.add_statement(d, vec![write], reads, body, items)?;
            }
        }
        Ok(())
    }

    /// The extents of the array that `declarator`, declared inside the
    /// region with `dimensions` dimensions (none for a scalar), declares:
    /// each a positive integer constant, the array's size fixed at
    /// compile time as that of the arrays iotile hoists to the region's
    /// start must be.
    fn local_extents(&self, declarator: Node, dimensions: usize) -> FResult<Vec<i64>> {
        let mut sizes = Vec::new();
        let mut n = declarator;
        loop {
            match n.kind() {
                "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => match n.child_by_field_name("declarator").or_else(|| n.named_child(0)) {
                    Some(inner) => n = inner,
                    None => break,
                },
                "array_declarator" => {
                    sizes.push(n.child_by_field_name("size"));
                    match n.child_by_field_name("declarator") {
                        Some(inner) => n = inner,
                        None => break,
                    }
                }
                "pointer_declarator" => return error(n, "pointer declared inside a scop", "only scalar variables and arrays of constant extents may be declared inside a region"),
                _ => break,
            }
        }
        sizes.reverse();
        let mut extents = Vec::new();
        for size in sizes.into_iter().take(dimensions) {
            match size.and_then(|s| self.constant_of(s)).filter(|v| *v > 0) {
                Some(v) => extents.push(v),
                None => {
                    return error(
                        size.unwrap_or(declarator),
                        "array declared inside a scop with an extent that is not a positive constant",
                        "iotile hoists arrays declared inside a region to its start; give it constant extents, or declare it before '#pragma scop'",
                    );
                }
            }
        }
        Ok(extents)
    }

    /// The statement `stmt` (printed as `body`) that evaluates `expr`.
    fn assignment(&mut self, stmt: Node, expr: Node, body: Body, items: &mut Vec<Item>) -> FResult<()> {
        let (target, compound, mut value) = match expr.kind() {
            "assignment_expression" => {
                let op = node_op(self.src, expr);
                (expr.child_by_field_name("left").unwrap_or(expr), op != "=", expr.child_by_field_name("right"))
            }
            "update_expression" => (expr.child_by_field_name("argument").unwrap_or(expr), true, None),
            "call_expression" => return error(expr, "function call as a statement", "a call may have side effects iotile cannot see; only assignments are allowed"),
            _ => return error(expr, "expression statement without an assignment", "only assignments are allowed as statements"),
        };
        let mut reads = Vec::new();
        let mut writes = vec![self.assigned(target, compound, &mut reads)?];
        // A chain `a = b = e` is one statement writing every target.
        while let Some(v) = value.filter(|v| v.kind() == "assignment_expression" && node_op(self.src, *v) == "=") {
            let next = v.child_by_field_name("left").unwrap_or(v);
            writes.push(self.assigned(next, false, &mut reads)?);
            value = v.child_by_field_name("right");
        }
        if let Some(v) = value {
            self.reads_of(v, &mut reads)?;
        }
        self.add_statement(stmt, writes, reads, body, items)
    }

    /// The write access of an assignment target (and, for compound
    /// assignments, its read).
    fn assigned(&mut self, target: Node, compound: bool, reads: &mut Vec<Access>) -> FResult<Access> {
        match target.kind() {
            "identifier" => {
                let name = self.text(target).to_string();
                if self.iterators.iter().any(|it| it.name == name) {
                    return error(target, format!("assignment to loop iterator '{name}'"), "the iteration space would not be affine");
                }
                self.check_not_hoisted_over(target, &name)?;
                if compound {
                    reads.push(self.scalar_access(&name, false)?);
                }
                self.scalar_access(&name, true)
            }
            "subscript_expression" => {
                if compound {
                    reads.push(self.array_access(target, false)?);
                }
                self.array_access(target, true)
            }
            "pointer_expression" => error(target, "assignment through a pointer", "pointer dereferences are not analysable; use array subscripts"),
            _ => error(target, "unsupported assignment target", "assign a scalar or an array element"),
        }
    }

    fn add_statement(&mut self, node: Node, writes: Vec<Access>, reads: Vec<Access>, body: Body, items: &mut Vec<Item>) -> FResult<()> {
        let index = self.statements.len();
        let name = format!("S_{index}");
        let domain = self.domain.copy()?.coalesce()?.set_tuple_name(&name)?;
        let rename = |a: Access| -> FResult<Access> {
            let relation = a.relation.set_tuple_name(DimType::In, &name)?;
            let (relation, d) = align(relation, domain.copy()?)?;
            Ok(Access { relation: relation.intersect_domain(d)?, ..a })
        };
        let writes = writes.into_iter().map(rename).collect::<FResult<Vec<_>>>()?;
        let reads = reads.into_iter().map(rename).collect::<FResult<Vec<_>>>()?;
        self.int_iterators.push(self.iterators.iter().map(|it| it.ty == IntType::INT).collect());
        self.statements.push(Statement {
            name,
            domain,
            iterators: self.iterators.iter().map(|it| it.name.clone()).collect(),
            decreasing: self.iterators.iter().map(|it| it.decreasing).collect(),
            reads,
            writes,
            body,
            span: node.byte_range(),
        });
        items.push(Item::Statement(index));
        Ok(())
    }

    /// Rejects the first use in `node` of a variable declared `volatile`.
    fn reject_volatile(&self, node: Node) -> FResult<()> {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" && self.declarations.get(self.text(n)).is_some_and(|d| d.volatile) {
                return error(n, format!("access to the volatile variable '{}' in a scop", self.text(n)), "every access to a volatile object is a side effect, which reordering would move or repeat");
            }
            let mut c = n.walk();
            stack.extend(n.children(&mut c));
        }
        Ok(())
    }

    /// Rejects a cast whose type is the name of a variable or a function
    /// type: tree-sitter's grammar, which cannot tell types from
    /// variables, reads `(i) + -x` as the cast `(i)` of `+ -x`, which would
    /// hide the use of `i` from the dependences and from the renaming of
    /// iterators (a random program's translation used an undeclared `i`),
    /// and `(f(A[i])) + x` as a cast to a function type, hiding the read.
    fn reject_variable_cast(&self, node: Node) -> FResult<()> {
        let ty = node.child_by_field_name("type").map(|t| self.text(t).trim()).unwrap_or("");
        // The type's name, without the array declarators of `(A[i])`.
        let base = node.child_by_field_name("type").and_then(|t| t.child_by_field_name("type")).filter(|t| t.kind() == "type_identifier").map_or("", |t| self.text(t));
        let variable = |name: &str| self.iterators.iter().any(|it| it.name == name) || self.declarations.contains_key(name);
        if variable(ty) || variable(base) {
            // A product's parentheses may matter where it stands (`x / (a * (b))`);
            // its left operand's own parentheses never do.
            let help = match ty.strip_prefix(base).filter(|rest| !base.is_empty() && rest.trim_start().starts_with('*')) {
                Some(rest) => format!("C's grammar is ambiguous here without knowing the types; write '(({base}){rest})'"),
                None => format!("C's grammar is ambiguous here without knowing the types; write '{ty}' without the parentheses"),
            };
            return error(node, format!("'({ty})' followed by a sign reads as a cast to a type named '{ty}'"), help);
        }
        // What the front end did not reparse as a call (no cast in a
        // region's arithmetic has a function type): reads inside it would
        // be hidden from the dependences.
        let mut stack: Vec<Node> = node.child_by_field_name("type").into_iter().collect();
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "abstract_function_declarator" | "function_declarator" | "parameter_list") {
                return error(node, format!("'({ty})' reads as a cast to a function type"), "C's grammar is ambiguous here without knowing the types; write the parenthesised call or product without its parentheses");
            }
            let mut c = n.walk();
            stack.extend(n.children(&mut c));
        }
        Ok(())
    }

    /// The statement text with iterator occurrences turned into holes and
    /// array elements into [`BodyPiece::Element`]s.
    fn body_pieces(&self, node: Node) -> Vec<BodyPiece> {
        self.pieces(node, false)
    }

    /// [`Self::body_pieces`] of `node`, a subscript where `in_subscript`.
    /// Outside subscripts, an iterator whose type is not `int` after the
    /// promotions (`unsigned`, `long`, `size_t`) is cast back to that type
    /// around its hole: the generated loops count in `int` or `long`, and
    /// `u - 3` of an `unsigned u` wraps where `c1 - 3` goes negative (the
    /// `int` iterators of a region whose loops count in `long` are cast
    /// back at the end of [`extract`]). A subscript's value is the affine
    /// one the accesses model, so it is printed as is.
    fn pieces(&self, node: Node, in_subscript: bool) -> Vec<BodyPiece> {
        let mut pieces = Vec::new();
        let mut at = node.start_byte();
        let mut stack = vec![node];
        let mut holes = Vec::new();
        // Operands of `sizeof`, where an iterator keeps its declared size.
        let mut unpromoted: Vec<std::ops::Range<usize>> = Vec::new();
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "sizeof_expression" | "alignof_expression") {
                unpromoted.push(n.byte_range());
            }
            if n.kind() == "identifier" {
                let name = self.text(n);
                if let Some(pos) = self.iterators.iter().rposition(|it| it.name == name) {
                    let it = &self.iterators[pos];
                    let cast = match it.narrow {
                        Some(ty) if unpromoted.iter().any(|r| r.contains(&n.start_byte())) => Some(ty),
                        _ => it.ty.spelling().filter(|_| !in_subscript),
                    };
                    if let Some(ty) = cast {
                        holes.push((n.start_byte()..n.start_byte(), BodyPiece::Text(format!("(({ty})"))));
                    }
                    holes.push((n.byte_range(), BodyPiece::Iterator(pos)));
                    if cast.is_some() {
                        holes.push((n.end_byte()..n.end_byte(), BodyPiece::Text(")".into())));
                    }
                }
                continue;
            }
            // A character constant is an `int` in C and a `char` in C++
            // (nvcc's language): `sizeof('x')` is 4, not 1.
            if n.kind() == "char_literal" && !self.host_code {
                holes.push((n.start_byte()..n.start_byte(), BodyPiece::Text("((int)".into())));
                holes.push((n.end_byte()..n.end_byte(), BodyPiece::Text(")".into())));
                continue;
            }
            // nvcc compiles kernels as C++, whose overloads would compute
            // `sqrt` of a float in single precision and reject `sqrt(i)` of
            // an int: each argument is converted as C converts it.
            let math = n.child_by_field_name("function").filter(|f| n.kind() == "call_expression" && f.kind() == "identifier");
            if let Some(ty) = math.and_then(|f| math_parameter_type(self.text(f))).filter(|_| !self.host_code) {
                let mut c = n.walk();
                for argument in n.child_by_field_name("arguments").iter().flat_map(|a| a.named_children(&mut c).collect::<Vec<_>>()) {
                    holes.push((argument.start_byte()..argument.start_byte(), BodyPiece::Text(format!("({ty})("))));
                    holes.push((argument.end_byte()..argument.end_byte(), BodyPiece::Text(")".into())));
                }
            }
            // In a subscript an `int` iterator may print as a `long` loop
            // counter; `abs` of it would draw gcc's -Wabsolute-value. The
            // argument's value fits an `int` (checked as for a cast). Kernels
            // convert it already, above.
            if in_subscript && self.host_code && math.is_some_and(|f| self.text(f) == "abs") {
                let mut c = n.walk();
                if let [argument] = n.child_by_field_name("arguments").map(|a| a.named_children(&mut c).collect::<Vec<_>>()).unwrap_or_default()[..] {
                    holes.push((argument.start_byte()..argument.start_byte(), BodyPiece::Text("(int)(".into())));
                    holes.push((argument.end_byte()..argument.end_byte(), BodyPiece::Text(")".into())));
                }
            }
            if let Some((array, subscripts)) = self.element_subscripts(n) {
                let subscripts = subscripts.into_iter().map(|s| self.pieces(s, true)).collect();
                holes.push((n.byte_range(), BodyPiece::Element { array, subscripts }));
                continue;
            }
            if let (Some(op), Some(left), Some(right)) = (n.child_by_field_name("operator").filter(|_| self.eager(n)), n.child_by_field_name("left"), n.child_by_field_name("right")) {
                // `(a > t) | (b > t)`: gcc's -Wparentheses asks for them.
                for operand in [left, right] {
                    holes.push((operand.start_byte()..operand.start_byte(), BodyPiece::Text("(".into())));
                    holes.push((operand.end_byte()..operand.end_byte(), BodyPiece::Text(")".into())));
                }
                let eager = if self.text(op) == "||" { "|" } else { "&" };
                holes.push((op.byte_range(), BodyPiece::Text(eager.into())));
            }
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
        // Empty holes (the parentheses around eager operands) go before a
        // hole starting where they are: `a == 12|| b` closes `a == 12`
        // before its `||` is replaced.
        holes.sort_by_key(|(range, _)| (range.start, range.end));
        for (range, piece) in holes {
            pieces.push(BodyPiece::Text(self.src[at..range.start].to_string()));
            pieces.push(piece);
            at = range.end;
        }
        pieces.push(BodyPiece::Text(self.src[at..node.end_byte()].to_string()));
        pieces
    }

    /// Whether `node` is a `||` or `&&` that may evaluate its right
    /// operand whatever its left one gives, and so be printed as `|` or
    /// `&`: both operands are comparisons (or logical operations: values
    /// 0 and 1, for which `|` and `&` give what `||` and `&&` give), the
    /// right one has no side effect, call or division (but by a nonzero
    /// literal), and reads no array element the left one does not read
    /// anyway. A select of an unsharp
    /// mask, `(a - b > t || b - a > t) ? s : a`, has no branch left then,
    /// and gcc vectorises its loop, which it does not with `||`.
    fn eager(&self, node: Node) -> bool {
        if let Some(&known) = self.eager.borrow().get(&node.id()) {
            return known;
        }
        let eager = self.eager_uncached(node);
        self.eager.borrow_mut().insert(node.id(), eager);
        eager
    }

    /// [`Self::eager`], computed.
    fn eager_uncached(&self, node: Node) -> bool {
        let operator = node.child_by_field_name("operator").map(|o| self.text(o));
        let (Some("||" | "&&"), Some(left), Some(right)) = (operator, node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return false;
        };
        if !self.boolean_valued(left) || !self.boolean_valued(right) || !self.pure(right) {
            return false;
        }
        let (mut read, mut always) = (Vec::new(), Vec::new());
        self.elements_read(right, false, &mut read);
        self.elements_read(left, true, &mut always);
        read.iter().all(|r| always.contains(r))
    }

    /// Whether `node` gives 0 or 1: a comparison, a logical operation or
    /// a negation.
    fn boolean_valued(&self, node: Node) -> bool {
        let node = unparenthesized(node);
        let operator = node.child_by_field_name("operator").map(|o| self.text(o));
        match node.kind() {
            "binary_expression" => matches!(operator, Some("<" | "<=" | ">" | ">=" | "==" | "!=" | "||" | "&&")),
            "unary_expression" => operator == Some("!"),
            _ => false,
        }
    }

    /// Whether evaluating `node` can have no effect but its value: no
    /// assignment, call or division but by a literal other than zero (an
    /// integer division by zero traps).
    fn pure(&self, node: Node) -> bool {
        let operator = node.child_by_field_name("operator").map(|o| self.text(o));
        let by_literal = || {
            let divisor = node.child_by_field_name("right").map(unparenthesized);
            divisor.is_some_and(|d| d.kind() == "number_literal" && self.text(d).chars().any(|c| c.is_ascii_digit() && c != '0'))
        };
        if (node.kind() == "call_expression" && self.typedef_cast(node).is_none())
            || matches!(node.kind(), "assignment_expression" | "update_expression" | "comma_expression")
            || (node.kind() == "binary_expression" && matches!(operator, Some("/" | "%")) && !by_literal())
        {
            return false;
        }
        let mut c = node.walk();
        let children: Vec<Node> = node.named_children(&mut c).collect();
        children.into_iter().all(|n| self.pure(n))
    }

    /// Adds to `out` the array elements `node` reads (their text without
    /// spaces); with `always`, only those read whenever `node` is
    /// evaluated (not a right operand of a logical operation that stays
    /// short-circuit, nor a branch of a conditional).
    fn elements_read(&self, node: Node, always: bool, out: &mut Vec<String>) {
        if self.element_subscripts(node).is_some() {
            out.push(self.text(node).chars().filter(|c| !c.is_whitespace()).collect());
            return;
        }
        if always {
            let operator = node.child_by_field_name("operator").map(|o| self.text(o));
            if node.kind() == "binary_expression" && matches!(operator, Some("||" | "&&")) && !self.eager(node) {
                if let Some(left) = node.child_by_field_name("left") {
                    self.elements_read(left, always, out);
                }
                return;
            }
            if node.kind() == "conditional_expression" {
                if let Some(condition) = node.child_by_field_name("condition") {
                    self.elements_read(condition, always, out);
                }
                return;
            }
        }
        let mut c = node.walk();
        let children: Vec<Node> = node.named_children(&mut c).collect();
        for n in children {
            self.elements_read(n, always, out);
        }
    }

    /// The array and the subscripts of `node` when it names one element of
    /// an array (`A[i][j]`, not the row `A[i]`).
    fn element_subscripts<'t>(&self, node: Node<'t>) -> Option<(String, Vec<Node<'t>>)> {
        if node.kind() != "subscript_expression" {
            return None;
        }
        let mut indices = Vec::new();
        let mut base = node;
        while base.kind() == "subscript_expression" {
            indices.push(base.child_by_field_name("index")?);
            base = base.child_by_field_name("argument")?;
        }
        indices.reverse();
        let name = self.text(base);
        let dims = self.declarations.get(name)?.extents.len();
        (base.kind() == "identifier" && dims >= 1 && dims == indices.len()).then(|| (name.to_string(), indices))
    }

    /// Collects the accesses read by a right-hand side and rejects side effects.
    /// Whether a declaration inside the region of `name` is in scope at
    /// `node`.
    fn declared_at(&self, name: &str, node: Node) -> bool {
        self.declared_inside.iter().any(|(n, scope)| n == name && scope.contains(&node.start_byte()))
    }

    /// An error where `name`, at `node`, is a variable declared before the
    /// region while a block of the region declares another of that name:
    /// the regenerated region declares that one at its start, where it
    /// would hide this one.
    fn check_not_hoisted_over(&self, node: Node, name: &str) -> FResult<()> {
        if !self.declared_at(name, node) && self.hoisted_inside.contains(name) {
            return error(node, format!("'{name}' names a variable declared before the region and one declared inside it"), "declarations inside a region move to its start, where this one would hide the other; rename one of them");
        }
        Ok(())
    }

    /// The reads of `operand`, which C evaluates only where `condition`
    /// is `taken` (a branch of `?:`, the right side of `&&` or `||`):
    /// where the condition is affine, at those iterations alone, so that
    /// `i < n - 1 ? A[i + 1] : 0` reads no `A[n]` (which the CUDA target
    /// would copy from the host).
    fn reads_under(&mut self, condition: Node, taken: bool, operand: Node, reads: &mut Vec<Access>) -> FResult<()> {
        let mut these = Vec::new();
        self.reads_of(operand, &mut these)?;
        if let Some(holds) = self.implied(condition, taken)? {
            for access in &mut these {
                let (relation, at) = align(access.relation.copy()?, holds.copy()?)?;
                access.relation = relation.intersect_domain(at)?;
            }
        }
        reads.extend(these);
        Ok(())
    }

    /// Iterations that include every one where `condition` gives `taken`,
    /// from its affine parts (`i < n && A[i] > 0` is true only where
    /// `i < n`); `None` where no part is affine.
    fn implied(&mut self, condition: Node, taken: bool) -> FResult<Option<Set>> {
        if let Ok(holds) = self.condition(condition) {
            return Ok(Some(if taken { holds } else { holds.complement()? }));
        }
        match condition.kind() {
            "parenthesized_expression" => match condition.named_child(0) {
                Some(c) => self.implied(c, taken),
                None => Ok(None),
            },
            "unary_expression" if node_op(self.src, condition) == "!" => match condition.child_by_field_name("argument") {
                Some(c) => self.implied(c, !taken),
                None => Ok(None),
            },
            // Both sides give `taken` where `&&` gives true or `||` false.
            "binary_expression" if (node_op(self.src, condition), taken) == ("&&", true) || (node_op(self.src, condition), taken) == ("||", false) => {
                let mut both: Option<Set> = None;
                for side in ["left", "right"].into_iter().filter_map(|f| condition.child_by_field_name(f)) {
                    if let Some(set) = self.implied(side, taken)? {
                        both = Some(match both {
                            None => set,
                            Some(b) => {
                                let (b, set) = align(b, set)?;
                                b.intersect(set)?
                            }
                        });
                    }
                }
                Ok(both)
            }
            _ => Ok(None),
        }
    }

    fn reads_of(&mut self, node: Node, reads: &mut Vec<Access>) -> FResult<()> {
        if let Some((_, value)) = self.typedef_cast(node) {
            return self.reads_of(value, reads);
        }
        match node.kind() {
            "identifier" => {
                let name = self.text(node).to_string();
                if self.iterators.iter().any(|it| it.name == name) {
                    return Ok(());
                }
                self.check_not_hoisted_over(node, &name)?;
                if self.loop_iterators.contains(&name) {
                    return error(
                        node,
                        format!("iterator '{name}' read outside its loop"),
                        "a loop of the region counts with it, and the regenerated region sets its last value only at its end",
                    );
                }
                if let Some(d) = self.declarations.get(&name) {
                    if !d.extents.is_empty() {
                        return error(node, format!("array '{name}' used without subscripts"), "iotile must know which elements are read");
                    }
                }
                if self.written.contains(&name) {
                    reads.push(self.scalar_access(&name, false)?);
                } else if let Some(d) = self.declarations.get(&name) {
                    if !self.invariants.iter().any(|v| v.name == name) {
                        self.invariants.push(ArrayInfo { name, element_type: d.base_type.clone(), extents: Vec::new(), parameter: d.parameter, stale_extent: None });
                    }
                }
                Ok(())
            }
            "subscript_expression" => {
                reads.push(self.array_access(node, false)?);
                Ok(())
            }
            "call_expression" => {
                let f = node.child_by_field_name("function").unwrap_or(node);
                let name = self.text(f);
                let host_builtin = f.kind() == "identifier" && name.strip_prefix("__builtin_").is_some_and(|b| HOST_BUILTINS.contains(&b));
                if host_builtin && !self.host_code {
                    return error(f, format!("call to '{name}' in a scop"), "CUDA kernels have no such builtin of gcc (what <math.h>'s isinf, isnormal, isgreater and the like expand to); compare the values instead");
                }
                let pure = self.pure_functions.get(name).filter(|_| f.kind() == "identifier" && !is_math_function(name));
                if pure.is_some_and(|p| !self.host_code && p.device_copy.is_none()) {
                    return error(f, format!("call to '{name}' in a scop"), "CUDA kernels cannot call a function that computes in 'long double'");
                }
                if f.kind() != "identifier" || !(is_math_function(name) || host_builtin || pure.is_some()) {
                    return error(f, format!("call to '{name}' in a scop"), "only math functions (sqrt, exp, pow, ...) and functions of the file that compute with their scalar arguments alone may be called");
                }
                if pure.is_some() {
                    self.called_functions.insert(name.to_string());
                }
                if let Some(args) = node.child_by_field_name("arguments") {
                    let mut c = args.walk();
                    let args: Vec<Node> = args.named_children(&mut c).collect();
                    for a in args {
                        self.reads_of(a, reads)?;
                    }
                }
                Ok(())
            }
            "sizeof_expression" => {
                // An array, a row or an element named in a statement's
                // `sizeof` may not be one where the code runs (CUDA's
                // flat device arrays, registers of tiles).
                let mut stack: Vec<Node> = node.child_by_field_name("value").into_iter().collect();
                while let Some(n) = stack.pop() {
                    let dimensions = match n.kind() {
                        "identifier" => self.declarations.get(self.text(n)).map_or(0, |d| d.extents.len()),
                        _ => 0,
                    };
                    // Subscripts applied to the name: an element keeps its
                    // size everywhere, an array or a row (`*A` too) does not.
                    let mut applied = 0;
                    let mut at = n;
                    while let Some(p) = at.parent().filter(|p| p.id() != node.id()) {
                        match p.kind() {
                            "subscript_expression" if p.child_by_field_name("argument").is_some_and(|a| a.id() == at.id()) => applied += 1,
                            "parenthesized_expression" => {}
                            _ => break,
                        }
                        at = p;
                    }
                    if applied < dimensions {
                        return error(node, format!("sizeof of the array '{}' or a row of it in a statement", self.text(n)), "where iotile puts the statement the name may stand for another array (flat on the GPU, in registers); write the type, as in sizeof(double[8])");
                    }
                    let mut c = n.walk();
                    stack.extend(n.children(&mut c));
                }
                Ok(())
            }
            "number_literal" | "char_literal" | "string_literal" | "true" | "false" | "comment" | "null" => Ok(()),
            "cast_expression" => {
                self.reject_variable_cast(node)?;
                self.reads_of(node.child_by_field_name("value").unwrap_or(node), reads)
            }
            "conditional_expression" => {
                let condition = node.child_by_field_name("condition").unwrap_or(node);
                self.reads_of(condition, reads)?;
                for (branch, taken) in [("consequence", true), ("alternative", false)] {
                    if let Some(b) = node.child_by_field_name(branch) {
                        self.reads_under(condition, taken, b, reads)?;
                    }
                }
                Ok(())
            }
            "binary_expression" if matches!(node_op(self.src, node), "&&" | "||") => {
                let left = node.child_by_field_name("left").unwrap_or(node);
                self.reads_of(left, reads)?;
                let right = node.child_by_field_name("right").unwrap_or(node);
                self.reads_under(left, node_op(self.src, node) == "&&", right, reads)
            }
            "binary_expression" | "parenthesized_expression" => {
                let mut c = node.walk();
                let children: Vec<Node> = node.named_children(&mut c).collect();
                for child in children {
                    self.reads_of(child, reads)?;
                }
                Ok(())
            }
            "unary_expression" => self.reads_of(node.child_by_field_name("argument").unwrap_or(node), reads),
            "pointer_expression" => error(node, "pointer dereference or address-of in a scop", "the accessed memory cannot be analysed; use array subscripts"),
            "assignment_expression" | "update_expression" => error(node, "assignment inside an expression", "side effects inside expressions are not supported; make it a separate statement"),
            "comma_expression" => error(node, "comma expression inside an expression", "only commas between whole assignments ('a = x, b = y;') are understood, as separate statements"),
            "field_expression" => error(node, "structure member access in a scop", "only scalars and arrays of scalars are supported"),
            _ => error(node, format!("{} is not supported in a scop", describe(node.kind())), "not a side-effect-free expression iotile understands"),
        }
    }

    fn scalar_access(&mut self, name: &str, write: bool) -> FResult<Access> {
        let element_type = self.declarations.get(name).map(|d| d.base_type.clone()).unwrap_or_else(|| "int".into());
        self.note_array(name, element_type, vec![]);
        let domain = self.domain.copy()?;
        let space = Space::set_alloc(self.ctx, 0, 0)?;
        let range = Set::universe(space)?.set_tuple_name(name)?;
        let relation = Map::from_domain_and_range(domain, range)?;
        Ok(self.new_access(name, relation, write))
    }

    fn array_access(&mut self, node: Node, write: bool) -> FResult<Access> {
        let mut indices = Vec::new();
        let mut base = node;
        while base.kind() == "subscript_expression" {
            indices.push(base.child_by_field_name("index").unwrap_or(base));
            base = base.child_by_field_name("argument").unwrap_or(base);
        }
        indices.reverse();
        while base.kind() == "parenthesized_expression" {
            base = base.named_child(0).unwrap_or(base);
        }
        if base.kind() != "identifier" {
            return error(base, "unsupported array expression", "the subscripted expression must be an array name");
        }
        let name = self.text(base).to_string();
        self.check_not_hoisted_over(base, &name)?;
        let Some(decl) = self.declarations.get(&name).cloned() else {
            return error(base, format!("'{name}' is not declared before the region"), "iotile needs the declaration of every array it analyses");
        };
        if decl.extents.len() != indices.len() {
            // A type name not of C's words may hide dimensions (a typedef
            // of an array type iotile cannot read: declared inside a
            // function, or of a struct's elements).
            let why = if decl.extents.len() < indices.len() && !decl.c_type.split_whitespace().all(super::ctype::is_type_word) {
                format!("every access must name one element; its type '{}' may be an array type iotile does not know: declare '{name}' with all its dimensions", decl.base_type)
            } else {
                "every access must name one element".to_string()
            };
            return error(node, format!("'{name}' has {} dimension(s) but is accessed with {} subscript(s)", decl.extents.len(), indices.len()), why);
        }
        let mut relation: Option<Map> = None;
        for index in indices {
            let pa = self.affine(index)?;
            let ty = self.int_type(index);
            if ty.unsigned {
                self.note_wrapping(&pa, ty.bits, index)?;
            }
            let m = Map::from_pw_aff(pa)?;
            relation = Some(match relation {
                None => m,
                Some(r) => {
                    let (r, m) = align(r, m)?;
                    r.flat_range_product(m)?
                }
            });
        }
        let relation = relation.expect("at least one subscript").set_tuple_name(DimType::Out, &name)?;
        self.note_array(&name, decl.base_type.clone(), decl.extents.clone());
        Ok(self.new_access(&name, relation, write))
    }

    fn new_access(&mut self, array: &str, relation: Map, write: bool) -> Access {
        let ref_id = if write {
            self.writes += 1;
            format!("W_{}", self.writes - 1)
        } else {
            self.reads += 1;
            format!("R_{}", self.reads - 1)
        };
        Access { ref_id, array: array.to_string(), relation }
    }

    fn note_array(&mut self, name: &str, element_type: String, extents: Vec<Option<String>>) {
        if !self.arrays.iter().any(|a| a.name == name) {
            let parameter = self.declarations.get(name).is_some_and(|d| d.parameter);
            self.arrays.push(ArrayInfo { name: name.to_string(), element_type, extents, parameter, stale_extent: None });
        }
    }

    // ----- whole-region results ------------------------------------------

    /// The original schedule: a band per loop, a sequence per block.
    fn schedule(&self, items: &[Item]) -> FResult<Schedule> {
        match self.schedule_of(items)? {
            Some(s) => Ok(s),
            None => Ok(Schedule::from_domain(UnionSet::empty(Space::params_alloc(self.ctx, 0)?)?)?),
        }
    }

    fn schedule_of(&self, items: &[Item]) -> FResult<Option<Schedule>> {
        let mut result: Option<Schedule> = None;
        for item in items {
            let s = match item {
                Item::Statement(i) => Some(Schedule::from_domain(UnionSet::from_set(self.statements[*i].domain.copy()?)?)?),
                Item::Loop { depth, decreasing, body } => match self.schedule_of(body)? {
                    None => None,
                    Some(inner) => {
                        let mut band: Option<UnionPwAff> = None;
                        for i in statements_in(body) {
                            let st = &self.statements[i];
                            let ls = LocalSpace::from_space(st.domain.get_space()?)?;
                            let mut pa = PwAff::var_on_domain(ls, DimType::Set, *depth as u32)?;
                            if *decreasing {
                                pa = pa.neg()?;
                            }
                            let upa = UnionPwAff::from_pw_aff(pa)?;
                            band = Some(match band {
                                None => upa,
                                Some(b) => b.union_add(upa)?,
                            });
                        }
                        let band = band.expect("a loop with a schedule has statements");
                        Some(inner.insert_partial_schedule(MultiUnionPwAff::from_union_pw_aff(band)?)?)
                    }
                },
            };
            if let Some(s) = s {
                result = Some(match result {
                    None => s,
                    Some(r) => r.sequence(s)?,
                });
            }
        }
        Ok(result)
    }

    /// Parameter constraints: the extents of arrays C has evaluated when the
    /// region starts are non-negative (`double A[n][m + 2]` gives `n >= 0`
    /// and `m >= -2`, not `m >= 0`: `kernel(4, -1, A)` is valid C), unsigned
    /// parameters are non-negative, plus what the user gave with `--ctx`.
    fn context(&self, input: &RegionInput, span: &Range<usize>) -> FResult<Set> {
        let mut space = Space::params_alloc(self.ctx, self.params.len() as u32)?;
        for (i, p) in self.params.iter().enumerate() {
            space = space.set_dim_name(DimType::Param, i as u32, p)?;
        }
        let mut context = Set::universe(space.copy()?)?;
        for (i, p) in self.params.iter().enumerate() {
            if self.declarations.get(p).is_some_and(|d| d.is_unsigned()) {
                let ls = LocalSpace::from_space(space.copy()?)?;
                let v = PwAff::var_on_domain(ls, DimType::Param, i as u32)?;
                let zero = PwAff::val_on_domain(Set::universe(space.copy()?)?, Val::int_from_si(self.ctx, 0)?)?;
                context = context.intersect(v.ge_set(zero)?)?;
            }
        }
        let names = self.params.join(", ");
        for extent in self.evaluated_extents(input, span) {
            // Only sums of products by constants: isl reads `/` and `%`
            // as floor division, where C truncates.
            if !extent.chars().all(|c| c.is_ascii_alphanumeric() || " _+-*()".contains(c)) {
                continue;
            }
            if let Ok(bound) = Set::read_from_str(self.ctx, &format!("[{names}] -> {{ : {extent} >= 0 }}")) {
                let (c, b) = align(context, bound)?;
                context = c.intersect(b)?;
            }
        }
        if let Some(text) = &input.user_context {
            let user = Set::read_from_str(self.ctx, text).map_err(|_| FrontError {
                span: 0..0,
                message: format!("cannot parse --ctx '{text}'"),
                why: "expected a parameter set in isl notation, e.g. '[n] -> { : n >= 16 }'".into(),
            })?;
            let user = if user.is_params()? { user } else { user.params()? };
            let (c, u) = align(context, user)?;
            context = c.intersect(u)?;
        }
        Ok(context)
    }

    /// The extents C evaluated before the region starts, in the
    /// parameters' names and unchanged since: those of the function's
    /// parameters, and of its arrays declared before the region in a block
    /// around it, in signed parameters only. C requires their values to be
    /// positive; zero is allowed here too, as compilers do.
    fn evaluated_extents(&self, input: &RegionInput, span: &Range<usize>) -> BTreeSet<&str> {
        let Some(function) = input.function else { return BTreeSet::new() };
        // An unsigned parameter's extent is computed modulo 2^bits (`n - 1`
        // with `n` 0 is positive); its own bound is taken.
        let unsigned = |v: &String| self.declarations.get(v).is_some_and(|d| d.is_unsigned());
        let mut out = BTreeSet::new();
        for d in self.declarations.values() {
            let from = match &d.automatic {
                _ if d.parameter => function.start_byte(),
                Some(declared) => {
                    let block = function.descendant_for_byte_range(declared.start, declared.end).and_then(|n| n.parent());
                    if declared.end > span.start || !block.is_some_and(|b| b.start_byte() <= span.start && span.end <= b.end_byte()) {
                        continue;
                    }
                    declared.end
                }
                None => continue,
            };
            for extent in d.extents.iter().flatten() {
                let named = crate::ast::identifiers(extent);
                if !named.is_empty() && named.iter().all(|v| self.params.contains(v) && !unsigned(v) && !assigned_in(self.src, function, v, from..function.end_byte())) {
                    out.insert(extent.as_str());
                }
            }
        }
        out
    }

    /// `context` without the parameter values where an unsigned value C
    /// reads wraps, and those values, where there are any (see
    /// [`Scop::wrapping`]).
    fn without_wrapping(&self, context: Set) -> FResult<(Set, Option<Set>)> {
        let Some(wrapping) = &self.wrapping else { return Ok((context, None)) };
        let (context, wrapping) = align(context, wrapping.copy()?)?;
        // The parameter values C's types allow.
        let known = self.parameters_in_range(context.copy()?)?;
        let wrapping = wrapping.intersect(known.copy()?)?.coalesce()?;
        if wrapping.is_empty()? {
            return Ok((context, None));
        }
        let rest = known.copy()?.subtract(wrapping.copy()?)?.coalesce()?;
        if rest.is_empty()? {
            // The first value noted that wraps where the region may run.
            let mut span = 0..0;
            for (at, params) in &self.wrapping_spans {
                let (params, known) = align(params.copy()?, known.copy()?)?;
                if !params.intersect(known)?.is_empty()? {
                    span = at.clone();
                    break;
                }
            }
            return Err(FrontError {
                span,
                message: "unsigned arithmetic that wraps for every value of the parameters".into(),
                why: "C computes these unsigned values modulo 2^bits, which the polyhedral model does not".into(),
            });
        }
        // The test needs nothing the types or the context already give.
        Ok((rest, Some(wrapping.gist(known)?.coalesce()?)))
    }

    /// The pure functions the statements call, directly or through one
    /// another, each after those it calls; only those with a device copy
    /// (the others were refused in device code).
    fn device_functions(&self) -> Vec<DeviceFunction> {
        let mut reached: BTreeSet<&str> = BTreeSet::new();
        let mut stack: Vec<&str> = self.called_functions.iter().map(String::as_str).collect();
        while let Some(f) = stack.pop() {
            if let Some(pure) = self.pure_functions.get(f).filter(|_| reached.insert(f)) {
                stack.extend(pure.callees.iter().map(String::as_str));
            }
        }
        let mut functions: Vec<(&str, &PureFunction)> = reached.into_iter().filter_map(|f| Some((f, self.pure_functions.get(f)?))).collect();
        functions.sort_by_key(|(_, p)| p.rank);
        functions
            .into_iter()
            .filter_map(|(name, p)| Some(DeviceFunction { name: name.to_string(), device_name: super::purity::device_name(name), definition: p.device_copy.clone()? }))
            .collect()
    }

    /// The arrays of the region whose values nothing reads after it (see
    /// [`Scop::dead_after`]): those a `#pragma iotile scratch(...)` before
    /// the region names, and arrays of automatic storage declared in the
    /// function whose name occurs after the region nowhere in it, and
    /// before it only in the declaration and as an element written (so no
    /// pointer to them can outlive the region).
    fn dead_after(&self, input: &RegionInput, span: &Range<usize>) -> FResult<Vec<String>> {
        let mut dead = Vec::new();
        for pragma in &input.scratch_pragmas {
            for name in scratch_clause(self.src, *pragma)? {
                if !self.arrays.iter().any(|a| a.name == name && !a.extents.is_empty()) {
                    return error(*pragma, format!("'{name}' is not an array of the region"), "'scratch' names arrays the region accesses whose values are not needed after it");
                }
                if !dead.contains(&name) {
                    dead.push(name);
                }
            }
        }
        // Arrays declared inside the region end with it.
        for name in &self.local_arrays {
            if self.arrays.iter().any(|a| a.name == *name) && !dead.contains(name) {
                dead.push(name.clone());
            }
        }
        let Some(function) = input.function else { return Ok(dead) };
        let named = dead.clone();
        for array in self.arrays.iter().filter(|a| !a.extents.is_empty() && !named.contains(&a.name)) {
            let Some(declaration) = self.declarations.get(&array.name).filter(|d| !d.pointer).and_then(|d| d.automatic.clone()) else { continue };
            if !input.may_read_after(self.src, &array.name, span) && only_written_before(self.src, function, &array.name, &declaration, span.start, array.extents.len()) {
                dead.push(array.name.clone());
            }
        }
        Ok(dead)
    }

    /// Final values of iterators declared before the region that code after
    /// the region (or another function, for globals) may read.
    fn live_iterators(&self, input: &RegionInput, span: &Range<usize>) -> FResult<Vec<LiveIterator>> {
        let mut names: Vec<&str> = Vec::new();
        for e in &self.exits {
            if !names.contains(&e.iterator.as_str()) {
                names.push(&e.iterator);
            }
        }
        let mut live = Vec::new();
        let length = 2 * self.max_depth + 1;
        for name in names {
            let global = self.declarations.get(name).is_none_or(|d| d.global);
            if !global && !input.may_read_after(self.src, name, span) {
                continue;
            }
            // All exits of loops over `name` as points [time..., value];
            // the last one in time holds the final value.
            let mut events: Option<Set> = None;
            for e in self.exits.iter().filter(|e| e.iterator == name) {
                let event = self.exit_event(e, length)?;
                events = Some(match events {
                    None => event,
                    Some(all) => {
                        let (a, b) = align(all, event)?;
                        a.union(b)?
                    }
                });
            }
            let Some(events) = events else { continue };
            let last = events.lexmax()?.project_out(DimType::Set, 0, length as u32)?;
            let final_value = PwMultiAff::from_map(Map::from_range(last)?)?.get_pw_aff(0)?;
            live.push(LiveIterator { name: name.to_string(), final_value });
        }
        Ok(live)
    }

    /// `{ [time..., value] }` of one loop exit, time padded to `length`.
    fn exit_event(&self, e: &LoopExit, length: usize) -> FResult<Set> {
        let space = e.reached.get_space()?;
        let mut map: Option<Map> = None;
        let padding = std::iter::repeat_n(TimeTerm::Position(0), length - e.time.len());
        for term in e.time.iter().copied().chain(padding) {
            let pa = match term {
                TimeTerm::Position(p) => PwAff::val_on_domain(Set::universe(space.copy()?)?, Val::int_from_si(self.ctx, p)?)?,
                TimeTerm::Iterator { depth, decreasing } => {
                    let v = PwAff::var_on_domain(LocalSpace::from_space(space.copy()?)?, DimType::Set, depth as u32)?;
                    if decreasing { v.neg()? } else { v }
                }
            };
            let m = Map::from_pw_aff(pa)?;
            map = Some(match map {
                None => m,
                Some(r) => {
                    let (r, m) = align(r, m)?;
                    r.flat_range_product(m)?
                }
            });
        }
        let value = Map::from_pw_aff(e.value.copy()?)?;
        let map = match map {
            None => value,
            Some(m) => {
                let (m, v) = align(m, value)?;
                m.flat_range_product(v)?
            }
        };
        let (map, reached) = align(map, e.reached.copy()?)?;
        Ok(map.intersect_domain(reached)?.range()?)
    }
}

fn statements_in(items: &[Item]) -> Vec<usize> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Statement(i) => out.push(*i),
            Item::Loop { body, .. } => out.extend(statements_in(body)),
        }
    }
    out
}

fn node_op<'s>(src: &'s str, node: Node) -> &'s str {
    node.child_by_field_name("operator").map(|o| &src[o.byte_range()]).unwrap_or("")
}

/// Value of an integer constant expression, if it is one.
pub fn constant_value(src: &str, node: Node) -> Option<i64> {
    constant_value_with(src, node, &|_| None)
}

/// Value of an integer constant expression, if it is one, with `leaf`
/// giving the values of the other leaves it knows (`sizeof`).
fn constant_value_with(src: &str, node: Node, leaf: &dyn Fn(Node) -> Option<i64>) -> Option<i64> {
    let constant_value = |src: &str, node: Node| constant_value_with(src, node, leaf);
    match node.kind() {
        "number_literal" => integer_literal(&src[node.byte_range()]),
        "parenthesized_expression" => constant_value(src, node.named_child(0)?),
        "cast_expression" => constant_value(src, node.child_by_field_name("value")?),
        "unary_expression" => {
            let v = constant_value(src, node.child_by_field_name("argument")?)?;
            match node_op(src, node) {
                "-" => v.checked_neg(),
                "+" => Some(v),
                _ => None,
            }
        }
        "binary_expression" => {
            let a = constant_value(src, node.child_by_field_name("left")?)?;
            let b = constant_value(src, node.child_by_field_name("right")?)?;
            match node_op(src, node) {
                "+" => a.checked_add(b),
                "-" => a.checked_sub(b),
                "*" => a.checked_mul(b),
                "/" if b != 0 => a.checked_div(b),
                "%" if b != 0 => a.checked_rem(b),
                _ => None,
            }
        }
        _ => leaf(node),
    }
}

/// The coefficient of the variable `name` in the integer expression
/// `node`, when `node` is affine in it (sums, differences, products by
/// integer constants; anything else that mentions it gives `None`).
fn iterator_coefficient(src: &str, node: Node, name: &str) -> Option<i64> {
    if !mentions_identifier(src, node, name) {
        return Some(0);
    }
    match node.kind() {
        "identifier" => Some(1),
        "parenthesized_expression" => iterator_coefficient(src, node.named_child(0)?, name),
        "unary_expression" => {
            let c = iterator_coefficient(src, node.child_by_field_name("argument")?, name)?;
            match node_op(src, node) {
                "-" => c.checked_neg(),
                "+" => Some(c),
                _ => None,
            }
        }
        "binary_expression" => {
            let (left, right) = (node.child_by_field_name("left")?, node.child_by_field_name("right")?);
            match node_op(src, node) {
                "+" => iterator_coefficient(src, left, name)?.checked_add(iterator_coefficient(src, right, name)?),
                "-" => iterator_coefficient(src, left, name)?.checked_sub(iterator_coefficient(src, right, name)?),
                "*" => match (constant_value(src, left), constant_value(src, right)) {
                    (Some(k), _) => iterator_coefficient(src, right, name)?.checked_mul(k),
                    (_, Some(k)) => iterator_coefficient(src, left, name)?.checked_mul(k),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

fn mentions_identifier(src: &str, node: Node, name: &str) -> bool {
    identifier_in_range(src, node, name, node.byte_range())
}

/// The array names of a `#pragma iotile scratch(a, b)` line.
fn scratch_clause(src: &str, pragma: Node) -> FResult<Vec<String>> {
    let argument = pragma.child_by_field_name("argument").map(|a| text(src, a).trim()).unwrap_or("");
    let clause = argument.strip_prefix("iotile").map(str::trim_start).unwrap_or("");
    let bad = |why: &str| error(pragma, "malformed '#pragma iotile'", why);
    let Some(list) = clause.strip_prefix("scratch").map(str::trim_start) else {
        return bad("the clause iotile knows is 'scratch(array, ...)'");
    };
    let Some(list) = list.strip_prefix('(').and_then(|l| l.trim_end().strip_suffix(')')) else {
        return bad("expected 'scratch(array, ...)'");
    };
    let names: Vec<String> = list.split(',').map(|n| n.trim().to_string()).collect();
    let identifier = |n: &String| n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !names.iter().all(identifier) {
        return bad("expected a comma-separated list of array names");
    }
    Ok(names)
}

/// Whether every occurrence of `name` in `function` before byte `end`,
/// outside its declaration `declaration`, is an element of all `dims`
/// dimensions that an assignment writes (`A[i][j] = ...`).
fn only_written_before(src: &str, function: Node, name: &str, declaration: &Range<usize>, end: usize, dims: usize) -> bool {
    let mut stack = vec![function];
    while let Some(n) = stack.pop() {
        if n.start_byte() >= end {
            continue;
        }
        // Its own declarator, not the other declarators' initialisers
        // (`double T[8], *q = T;`).
        let within = n.start_byte() >= declaration.start && n.end_byte() <= declaration.end;
        if within && n.kind().ends_with("declarator") && declarator_shape(src, n).is_some_and(|(d, _)| d == name) {
            continue;
        }
        if n.kind() == "identifier" && text(src, n) == name {
            let mut element = n;
            for _ in 0..dims {
                match element.parent() {
                    Some(p) if p.kind() == "subscript_expression" && p.child_by_field_name("argument") == Some(element) => element = p,
                    _ => return false,
                }
            }
            let written = element.parent().is_some_and(|p| p.kind() == "assignment_expression" && p.child_by_field_name("left") == Some(element));
            if !written {
                return false;
            }
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    true
}

/// Whether code of `node` within `range` may change the variable `name`:
/// an assignment or increment of it, or its address taken.
fn assigned_in(src: &str, node: Node, name: &str, range: Range<usize>) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.end_byte() <= range.start || n.start_byte() >= range.end {
            continue;
        }
        if changed_identifier(src, n, true, true).is_some_and(|t| text(src, t) == name) {
            return true;
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    false
}

/// Whether `name` occurs as an identifier inside `node` within `range`.
fn identifier_in_range(src: &str, node: Node, name: &str, range: Range<usize>) -> bool {
    if node.end_byte() <= range.start || node.start_byte() >= range.end {
        return false;
    }
    if node.kind() == "identifier" {
        return &src[node.byte_range()] == name;
    }
    let mut c = node.walk();
    let children: Vec<Node> = node.named_children(&mut c).collect();
    children.into_iter().any(|child| identifier_in_range(src, child, name, range.clone()))
}

/// Whether the `#pragma` line `node` is a loop hint: a request to
/// parallelise, vectorise or unroll the loop after it (`omp parallel for`,
/// `omp simd`, `GCC ivdep`, `unroll`, ...). Inside a region such hints are
/// dropped: iotile computes the dependences itself and marks the loops of
/// the code it generates, and without the hint a loop runs as the
/// sequential program does, which is what the hint asserts it may be run
/// like. A work-sharing `omp for` without `parallel` is not one: it shares
/// a loop among the threads of an enclosing parallel region, which would
/// all run the regenerated region.
pub(super) fn is_loop_hint(src: &str, node: Node) -> bool {
    let Some(words) = pragma_words(src, node) else { return false };
    matches!(
        words.as_slice(),
        ["omp", "simd", ..]
            | ["omp", "parallel", "for", ..]
            | ["GCC", "ivdep" | "unroll" | "novector", ..]
            | ["clang", "loop", ..]
            | ["ivdep" | "unroll" | "nounroll" | "vector" | "novector" | "loop_count" | "unroll_and_jam" | "nounroll_and_jam", ..]
    )
}

/// The words of the `#pragma` line `node` (split at spaces and opening
/// parentheses), or `None` where it is another line or directive.
pub(super) fn pragma_words<'s>(src: &'s str, node: Node) -> Option<Vec<&'s str>> {
    let directive: String = node.child_by_field_name("directive").map(|d| src[d.byte_range()].chars().filter(|c| !c.is_whitespace()).collect()).unwrap_or_default();
    if node.kind() != "preproc_call" || directive != "#pragma" {
        return None;
    }
    let argument = node.child_by_field_name("argument").map(|a| &src[a.byte_range()]).unwrap_or("");
    Some(argument.split(|c: char| c.is_whitespace() || c == '(').filter(|w| !w.is_empty()).collect())
}

/// The first sibling of `node` in the direction of `step` (the next or
/// the previous one) that is neither a loop hint nor a comment, with the
/// number of hints before it.
fn past_hints<'t>(src: &str, node: Node<'t>, step: impl Fn(&Node<'t>) -> Option<Node<'t>>) -> (usize, Option<Node<'t>>) {
    let mut at = step(&node);
    let mut hints = 0;
    while let Some(n) = at {
        if is_loop_hint(src, n) {
            hints += 1;
        } else if n.kind() != "comment" {
            return (hints, Some(n));
        }
        at = step(&n);
    }
    (hints, None)
}

/// The statement after the loop hints that follow `node`, where there is
/// at least one hint.
fn after_hints<'t>(src: &str, node: Node<'t>) -> Option<Node<'t>> {
    match past_hints(src, node, Node::next_named_sibling) {
        (1.., statement) => statement,
        _ => None,
    }
}

/// The loop or `if` that ends `node` (through its last statements: loop
/// bodies and `if`s without `else`) with an empty statement, if any: where
/// a loop hint stands between `for (...)` and its statement without
/// braces, tree-sitter ends the loop there with an empty statement, and
/// makes the hint and the statement siblings of the outermost statement
/// the loop ends.
pub(super) fn trailing_cut(node: Node) -> Option<Node> {
    let mut at = node;
    loop {
        let field = match at.kind() {
            "for_statement" | "while_statement" => "body",
            "if_statement" if at.child_by_field_name("alternative").is_none() => "consequence",
            _ => return None,
        };
        let inner = at.child_by_field_name(field)?;
        if inner.byte_range().is_empty() {
            return Some(at);
        }
        at = inner;
    }
}

/// Whether `node`, a `do` statement, runs its body once: its condition is
/// the constant 0 (`do { ... } while (0)`, as macros write several
/// statements as one).
fn runs_once(src: &str, node: Node) -> bool {
    let mut condition = node.child_by_field_name("condition");
    while let Some(c) = condition.filter(|c| c.kind() == "parenthesized_expression") {
        condition = c.named_child(0);
    }
    condition.is_some_and(|c| c.kind() == "number_literal" && text(src, c).trim_end_matches(['u', 'U', 'l', 'L']) == "0")
}

/// A `break` or `continue` in `body` that leaves the statement `body`
/// belongs to: one not inside a loop or `switch` of its own.
fn jump_out_of(body: Node) -> Option<Node> {
    if matches!(body.kind(), "break_statement" | "continue_statement") {
        return Some(body);
    }
    if matches!(body.kind(), "for_statement" | "while_statement" | "do_statement" | "switch_statement") {
        return None;
    }
    let mut c = body.walk();
    let children: Vec<Node> = body.named_children(&mut c).collect();
    children.into_iter().find_map(jump_out_of)
}

/// Where `node`, an `if`, has a `then` branch that ends in `continue`
/// (`if (c) continue;`, `if (c) { S; continue; }`): the statements
/// before the `continue`, and the `continue`.
fn continued<'t>(src: &str, node: Node<'t>) -> Option<(Vec<Node<'t>>, Node<'t>)> {
    let then = body_of(src, node, "consequence")?;
    match then.kind() {
        "continue_statement" => Some((Vec::new(), then)),
        "compound_statement" => {
            let mut c = then.walk();
            let mut statements: Vec<Node> = then.named_children(&mut c).filter(|n| n.kind() != "comment" && !is_detached_body(src, *n)).collect();
            let last = statements.pop().filter(|n| n.kind() == "continue_statement")?;
            Some((statements, last))
        }
        _ => None,
    }
}

/// The statement of the loop or `if` `node` in its field `field` (`body`,
/// `consequence`): the field itself, or, where a loop hint cut it short
/// ([`trailing_cut`]), the statement after the hint.
fn body_of<'t>(src: &str, node: Node<'t>, field: &str) -> Option<Node<'t>> {
    let body = node.child_by_field_name(field);
    if !body.is_some_and(|b| b.byte_range().is_empty()) {
        return body;
    }
    // The statement the loop ends, a sibling of the hint.
    let mut outermost = node;
    while let Some(parent) = outermost.parent().filter(|p| trailing_cut(*p) == Some(node)) {
        outermost = parent;
    }
    after_hints(src, outermost).or(body)
}

/// Whether `node` is the statement of a loop or `if` that a loop hint
/// cut short ([`body_of`]): it is extracted as that statement, not as one
/// of its own.
fn is_detached_body(src: &str, node: Node) -> bool {
    matches!(past_hints(src, node, Node::prev_named_sibling), (1.., Some(before)) if trailing_cut(before).is_some())
}

/// A human name for a tree-sitter node kind.
fn describe(kind: &str) -> String {
    match kind {
        "update_expression" => return "an increment or decrement".into(),
        "pointer_expression" => return "a pointer dereference".into(),
        "sizeof_expression" => return "sizeof".into(),
        "string_literal" => return "a string".into(),
        "declaration" => return "a declaration".into(),
        _ => {}
    }
    let words = kind.trim_end_matches("_statement").trim_end_matches("_expression").replace('_', " ");
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    if kind.ends_with("_statement") {
        format!("a '{words}' statement")
    } else if kind.ends_with("_expression") {
        format!("{article} {words} expression")
    } else {
        format!("'{words}'")
    }
}

// Parameter alignment: isl requires both operands of a binary operation to
// have the same parameters; expressions here pick parameters up one by one.

/// isl values whose parameters can be aligned.
trait WithParameters: Sized {
    fn space(&self) -> FResult<Space>;
    fn aligned_to(self, model: Space) -> FResult<Self>;
}

macro_rules! with_parameters {
    ($($ty:ty),*) => {$(
        impl WithParameters for $ty {
            fn space(&self) -> FResult<Space> {
                Ok(self.get_space()?)
            }
            fn aligned_to(self, model: Space) -> FResult<Self> {
                Ok(self.align_params(model)?)
            }
        }
    )*};
}

with_parameters!(PwAff, Set, Map);

/// Gives `a` and `b` the union of their parameters.
fn align<A: WithParameters, B: WithParameters>(a: A, b: B) -> FResult<(A, B)> {
    let b = b.aligned_to(a.space()?)?;
    let a = a.aligned_to(b.space()?)?;
    Ok((a, b))
}

fn intersect(a: Set, b: Set) -> FResult<Set> {
    let (a, b) = align(a, b)?;
    Ok(a.intersect(b)?)
}
