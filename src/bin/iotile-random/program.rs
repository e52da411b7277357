//! The random programs' syntax: what [`crate::generate`] builds, what
//! [`crate::reduce`] shrinks, and what [`Program::render`] prints as a
//! self-contained C program that prints every value it computes exactly.
//!
//! Values of parameters are fixed when a program is generated (they are
//! passed as arguments, so iotile sees them as symbols), which lets the
//! generator know the range of every iterator and keep every access
//! inside its array; a second call with other values is made only where
//! [`edge::in_bounds`] finds them safe.

use std::fmt::Write;

use crate::edge;

/// Element type of an array or a scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    Float,
    Double,
    Int,
    /// `short`, `unsigned char` and `long`: integers whose values the
    /// program computes as `int` (or `long`) and stores narrowed or
    /// widened.
    Short,
    UnsignedChar,
    Long,
}

impl Elem {
    /// `float` or `double`.
    pub fn is_floating(self) -> bool {
        matches!(self, Elem::Float | Elem::Double)
    }

    pub fn c_name(self) -> &'static str {
        match self {
            Elem::Float => "float",
            Elem::Double => "double",
            Elem::Int => "int",
            Elem::Short => "short",
            Elem::UnsignedChar => "unsigned char",
            Elem::Long => "long",
        }
    }

    pub fn is_int(self) -> bool {
        !matches!(self, Elem::Float | Elem::Double)
    }

    /// The arguments of a `printf` that prints `value` of this type
    /// exactly after `label` (`%a` after a conversion to `double` for
    /// floating point).
    pub fn printf_args(self, label: &str, value: &str) -> String {
        match self {
            Elem::Float | Elem::Double => format!("\"{label}%a\\n\", (double){value}"),
            Elem::Long => format!("\"{label}%ld\\n\", {value}"),
            _ => format!("\"{label}%d\\n\", {value}"),
        }
    }
}

/// An array of the program (global, or a parameter of the kernel).
#[derive(Clone, Debug)]
pub struct Array {
    pub name: String,
    pub elem: Elem,
    /// Extent of each dimension (fixed once every access is generated).
    pub extents: Vec<i64>,
}

/// A scalar declared before the regions, written in them (a reduction
/// target) and printed after them.
#[derive(Clone, Debug)]
pub struct Scalar {
    pub name: String,
    pub elem: Elem,
}

/// `constant + sum of coefficient * variable` over iterators and parameters,
/// plus quasi-affine terms (integer quotients and remainders).
#[derive(Clone, Debug, PartialEq)]
pub struct Affine {
    pub constant: i64,
    pub terms: Vec<(i64, String)>,
    pub quasi: Vec<Quasi>,
}

/// `coefficient * ((inner) / operand)`, `coefficient * ((inner) %
/// operand)`, with `inner` never negative (so that C's truncating division
/// is the floor), or `coefficient * ((inner) > operand ? (inner) :
/// operand)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Quasi {
    pub coefficient: i64,
    pub inner: Affine,
    pub operand: i64,
    pub op: QuasiOp,
}

/// What a [`Quasi`] term computes from its inner expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum QuasiOp {
    Quotient,
    Remainder,
    /// The greater of `inner` and the operand, as a selection.
    AtLeast,
}

impl Affine {
    pub fn constant(c: i64) -> Affine {
        Affine { constant: c, terms: Vec::new(), quasi: Vec::new() }
    }

    pub fn var(name: &str, coefficient: i64, constant: i64) -> Affine {
        Affine { constant, terms: vec![(coefficient, name.to_string())], quasi: Vec::new() }
    }

    pub fn plus(mut self, c: i64) -> Affine {
        self.constant += c;
        self
    }

    /// `self`'s quotient (or remainder) by `divisor`, as the single term of
    /// an affine expression; `self` must never be negative.
    pub fn quasi(self, divisor: i64, remainder: bool) -> Affine {
        let op = if remainder { QuasiOp::Remainder } else { QuasiOp::Quotient };
        Affine { constant: 0, terms: Vec::new(), quasi: vec![Quasi { coefficient: 1, inner: self, operand: divisor, op }] }
    }

    /// The greater of `self` and `least`, written `(self > least ? self :
    /// least)`.
    pub fn at_least(self, least: i64) -> Affine {
        Affine { constant: 0, terms: Vec::new(), quasi: vec![Quasi { coefficient: 1, inner: self, operand: least, op: QuasiOp::AtLeast }] }
    }

    fn render(&self, macros: &Macros) -> String {
        let mut out = String::new();
        let quasi = self.quasi.iter().map(|q| {
            let (inner, operand) = (q.inner.render(macros), q.operand);
            let text = match q.op {
                QuasiOp::Quotient => format!("(({inner}) / {operand})"),
                QuasiOp::Remainder => format!("(({inner}) % {operand})"),
                QuasiOp::AtLeast if macros.functions => format!("imax({inner}, {operand})"),
                QuasiOp::AtLeast => format!("(({inner}) > {operand} ? ({inner}) : {operand})"),
            };
            (q.coefficient, text)
        });
        let terms = self.terms.iter().map(|(c, v)| (*c, macros.name(v))).chain(quasi);
        for (c, v) in terms.filter(|(c, _)| *c != 0) {
            match (c, out.is_empty()) {
                (1, true) => out.push_str(&v),
                (-1, true) => out.push_str(&format!("-{v}")),
                (c, true) => out.push_str(&format!("{c} * {v}")),
                (1, false) => out.push_str(&format!(" + {v}")),
                (-1, false) => out.push_str(&format!(" - {v}")),
                (c, false) if c < 0 => out.push_str(&format!(" - {} * {v}", -c)),
                (c, false) => out.push_str(&format!(" + {c} * {v}")),
            }
        }
        match (self.constant, out.is_empty()) {
            (c, true) => c.to_string(),
            (0, false) => out,
            (c, false) if c < 0 => format!("{out} - {}", -c),
            (c, false) => format!("{out} + {c}"),
        }
    }
}

/// A loop bound: affine, or the least or greatest of two bounds.
#[derive(Clone, Debug)]
pub enum Bound {
    Affine(Affine),
    Min(Box<Bound>, Box<Bound>),
    Max(Box<Bound>, Box<Bound>),
}

impl Bound {
    fn render(&self, macros: &Macros) -> String {
        match self {
            Bound::Affine(a) => a.render(macros),
            Bound::Min(a, b) => format!("{}({}, {})", if macros.functions { "imin" } else { "MIN" }, a.render(macros), b.render(macros)),
            Bound::Max(a, b) => format!("{}({}, {})", if macros.functions { "imax" } else { "MAX" }, a.render(macros), b.render(macros)),
        }
    }
}

/// An array element.
#[derive(Clone, Debug)]
pub struct Access {
    /// Index into [`Program::arrays`].
    pub array: usize,
    pub subscripts: Vec<Affine>,
}

/// A value.
#[derive(Clone, Debug)]
pub enum Expr {
    Read(Access),
    /// A scalar (of [`Program::scalars`]) or a local temporary.
    Scalar(String),
    /// A literal, as written.
    Literal(String),
    /// The value of an affine expression of iterators and parameters.
    Index(Affine),
    /// `c1 * e1 + c2 * e2 + ...` (coefficients as written).
    Sum(Vec<(String, Expr)>),
    Product(Box<Expr>, Box<Expr>),
    /// `a > b ? a : b`.
    Greater(Box<Expr>, Box<Expr>),
    /// `a > b || c < d ? a : d` (with `or`; else `&&`): a select on a
    /// logical operation, printed eagerly by iotile where `c < d` reads
    /// nothing `a > b` does not.
    Select { compared: Box<[Expr; 4]>, or: bool },
    /// `(e) % modulus`: keeps integer values small.
    Remainder(Box<Expr>, i64),
    /// `(a ^ b)`, `(a & b)` or `(a | b)` of two integer values.
    Bitwise(char, Box<Expr>, Box<Expr>),
    /// `(e / divisor)`, the divisor a nonzero literal as written.
    Quotient(Box<Expr>, String),
    /// A call of a function of `<math.h>`: `name(e)`.
    Call(&'static str, Box<Expr>),
}

impl Expr {
    /// The subexpressions, for the reducer.
    pub fn parts(&self) -> Vec<Expr> {
        match self {
            Expr::Sum(terms) => terms.iter().map(|(_, e)| e.clone()).collect(),
            Expr::Product(a, b) | Expr::Greater(a, b) | Expr::Bitwise(_, a, b) => vec![(**a).clone(), (**b).clone()],
            Expr::Remainder(e, _) | Expr::Quotient(e, _) | Expr::Call(_, e) => vec![(**e).clone()],
            Expr::Select { compared, .. } => compared.to_vec(),
            _ => Vec::new(),
        }
    }

    fn render(&self, program: &Program) -> String {
        let macros = &program.macros;
        match self {
            Expr::Read(access) if program.parenthesised => format!("({})", program.render_access(access)),
            Expr::Read(access) => program.render_access(access),
            Expr::Scalar(name) => name.clone(),
            Expr::Literal(text) => text.clone(),
            // A lone variable stays unparenthesised: `(i) + -x` reads as a
            // cast in a grammar that cannot tell types from variables.
            Expr::Index(a) if a.constant == 0 && a.quasi.is_empty() && a.terms.len() == 1 && a.terms[0].0 == 1 => a.render(macros),
            Expr::Index(a) => format!("({})", a.render(macros)),
            Expr::Sum(terms) => {
                let coefficient = |c: &str| if program.parenthesised { coefficient_name(c).unwrap_or_else(|| c.to_string()) } else { c.to_string() };
                let parts: Vec<String> = terms.iter().map(|(c, e)| if c == "1" { e.render(program) } else { format!("{} * {}", coefficient(c), e.render(program)) }).collect();
                format!("({})", parts.join(" + "))
            }
            Expr::Product(a, b) => format!("({} * {})", a.render(program), b.render(program)),
            Expr::Greater(a, b) => {
                let (a, b) = (a.render(program), b.render(program));
                format!("({a} > {b} ? {a} : {b})")
            }
            Expr::Remainder(e, m) => format!("({} % {m})", e.render(program)),
            Expr::Bitwise(op, a, b) => format!("({} {op} {})", a.render(program), b.render(program)),
            Expr::Quotient(e, d) => format!("({} / {d})", e.render(program)),
            Expr::Call(name, e) if program.parenthesised => format!("({name}({}))", e.render(program)),
            Expr::Call(name, e) => format!("{name}({})", e.render(program)),
            Expr::Select { compared, or } => {
                let [a, b, c, d] = compared.as_ref().clone().map(|e| e.render(program));
                let op = if *or { "||" } else { "&&" };
                format!("({a} > {b} {op} {c} < {d} ? {a} : {d})")
            }
        }
    }
}

/// The coefficients of sums that parenthesised programs name, and their
/// names (`halff` for the `float` one).
const NAMED_COEFFICIENTS: [(&str, &str); 5] = [("0.5", "half"), ("0.25", "quarter"), ("-0.25", "minus_quarter"), ("0.125", "eighth"), ("0.375", "three_eighths")];

/// The named constant for coefficient `c` (`0.5`, `0.5f`), if it has one.
fn coefficient_name(c: &str) -> Option<String> {
    let (value, suffix) = c.strip_suffix('f').map_or((c, ""), |v| (v, "f"));
    NAMED_COEFFICIENTS.iter().find(|(v, _)| *v == value).map(|(_, name)| format!("{name}{suffix}"))
}

/// An affine condition.
#[derive(Clone, Debug)]
pub enum Cond {
    /// `a <= b`
    LessEqual(Affine, Affine),
    /// `a == b`
    Equal(Affine, Affine),
    /// `a % m == r` (`a` non-negative)
    Modulo(Affine, i64, i64),
    /// `a - lo u < width u`: in unsigned arithmetic, so `lo <= a < lo +
    /// width` (a smaller `a` wraps to a huge value).
    Window(Affine, i64, i64),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
    /// `a > b` on values: a condition that reads data (its branches hold
    /// writes only).
    Data(Box<Expr>, Box<Expr>),
}

impl Cond {
    fn render(&self, program: &Program) -> String {
        let macros = &program.macros;
        match self {
            Cond::LessEqual(a, b) => format!("{} <= {}", a.render(macros), b.render(macros)),
            Cond::Equal(a, b) => format!("{} == {}", a.render(macros), b.render(macros)),
            Cond::Modulo(a, m, r) => format!("({}) % {m} == {r}", a.render(macros)),
            Cond::Window(a, lo, width) => format!("({}) - {lo}u < {width}u", a.render(macros)),
            Cond::And(a, b) => format!("({}) && ({})", a.render(program), b.render(program)),
            Cond::Or(a, b) => format!("({}) || ({})", a.render(program), b.render(program)),
            Cond::Not(a) => format!("!({})", a.render(program)),
            Cond::Data(a, b) => format!("{} > {}", a.render(program), b.render(program)),
        }
    }

    /// The values the condition reads.
    pub fn values(&self) -> Vec<Expr> {
        match self {
            Cond::And(a, b) | Cond::Or(a, b) => [a.values(), b.values()].concat(),
            Cond::Not(a) => a.values(),
            Cond::Data(a, b) => vec![(**a).clone(), (**b).clone()],
            _ => Vec::new(),
        }
    }
}

/// How a statement writes its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Assign,
    Add,
    Subtract,
    /// `^=` and `|=` (integers only).
    Xor,
    Or,
}

/// What a statement writes.
#[derive(Clone, Debug)]
pub enum Target {
    Element(Access),
    Scalar(String),
}

/// How a loop's condition is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    /// `var <= to` (`var >= from` downwards).
    Inclusive,
    /// `var < to + 1` (`var > from - 1` downwards).
    Strict,
    /// `var != to + 1` (`var != from - 1` downwards): only for a step of 1
    /// and bounds that never leave the range empty by more than one.
    NotEqual,
}

/// Where a loop's iterator is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// By the loop itself: `for (int i = ...)`.
    Own,
    /// In the kernel before the regions ([`Program::outer_iterators`]):
    /// `for (i = ...)`, and the value the region leaves in it is printed
    /// after the regions (before them in each pass where they
    /// [repeat](Program::repeats)).
    Outer,
    /// In a block of the region around the loop: `{ int i; for (i = ...)
    /// ... }`.
    Block,
}

/// A statement of a region.
#[derive(Clone, Debug)]
pub enum Stmt {
    /// `for (int var = from; var <= to; var += step)`, or downwards from
    /// `to` to `from` when `down`, its condition written as `test` says
    /// (`long` and shifted where [`Macros::wide`]), its iterator declared
    /// where `counter` says.
    Loop { var: String, from: Bound, to: Bound, step: i64, down: bool, test: Test, counter: Counter, body: Vec<Stmt> },
    Write { target: Target, op: Op, value: Expr },
    /// A scalar temporary local to the enclosing body: `double t = value;`.
    Local { name: String, elem: Elem, value: Expr },
    If { cond: Cond, then: Vec<Stmt>, otherwise: Vec<Stmt> },
}

/// The value added to every iterator of a program with `long` iterators
/// ([`Macros::wide`]): past `INT_MAX`, and no multiple of a tile size.
pub const WIDE_OFFSET: i64 = 3_000_000_007;

/// The names of the loop iterators the generator uses.
pub const ITERATORS: &[&str] = &["i", "j", "k", "l", "t"];

/// How names are printed. Parameters and array extents are written through
/// macros (`#define P0 17`) in some programs, as PolyBench writes its
/// sizes.
#[derive(Clone, Debug, Default)]
pub struct Macros {
    /// Names of parameters printed as macros instead of variables.
    pub names: Vec<String>,
    /// Names of (unsigned) parameters printed as `(int)name`, where the
    /// expression is to be computed and compared as an `int`.
    pub casts: Vec<String>,
    /// The iterators are `long` and count from [`WIDE_OFFSET`] on: each use
    /// of one is printed as `(int)(i - WIDE_OFFSET)`, its value in a
    /// program without the offset, and loops run from their bounds plus
    /// the offset. Generated code must then count past `INT_MAX`.
    pub wide: bool,
    /// The iterators are `unsigned` and count from the value of the
    /// kernel's parameter `ub` on (this value: small, or close enough to
    /// `UINT_MAX` that some loops' bounds wrap): each use of one is printed
    /// as `(int)(i - ub)`. Loops run with step 1, tested with `<` or `>`
    /// (or `!=`), so that they end whatever wraps: a loop whose range
    /// straddles `UINT_MAX` does not run at all in C, one whose range lies
    /// wholly past it runs as if nothing wrapped, and generated code must
    /// do the same. Each loop runs behind a test that its range, counted
    /// without `ub`, is not empty (an empty one whose first value wraps and
    /// last does not would run four billion times).
    pub base: Option<u32>,
    /// The iterators are `int` and count from the value of the kernel's
    /// `int` parameter `ib` on (this value: small, or within a few hundred
    /// of `INT_MAX` or `INT_MIN`, as far as the loops' bounds and steps
    /// need to stay in `int`): each use of one is printed as `(i - ib)`,
    /// and loops run from their bounds plus `ib`. Generated code must not
    /// overflow where the source does not (tile counters past the last
    /// tile, skewed sums of two iterators).
    pub shift: Option<i32>,
    /// The least and greatest of two bounds, and the selections of
    /// [`QuasiOp::AtLeast`], are calls of the program's functions `imin`
    /// and `imax` (each one `return` of a selection), not macros and
    /// ternaries.
    pub functions: bool,
}

impl Macros {
    fn name(&self, v: &str) -> String {
        if self.names.iter().any(|n| n == v) {
            v.to_uppercase()
        } else if self.wide && ITERATORS.contains(&v) {
            format!("(int)({v} - {WIDE_OFFSET}L)")
        } else if self.base.is_some() && ITERATORS.contains(&v) {
            format!("(int)({v} - ub)")
        } else if self.shift.is_some() && ITERATORS.contains(&v) {
            format!("({v} - ib)")
        } else if self.casts.iter().any(|n| n == v) {
            format!("(int){v}")
        } else {
            v.to_string()
        }
    }

    /// These names, the parameters cast to `int`.
    fn with_casts(&self, params: &[(String, i64)]) -> Macros {
        Macros { names: self.names.clone(), casts: params.iter().map(|(n, _)| n.clone()).collect(), ..self.clone() }
    }
}

/// A whole program: one kernel function holding the regions, called from
/// `main` (once, or a second time with edge values), which initialises the
/// arrays and prints them after each call.
#[derive(Clone, Debug)]
pub struct Program {
    /// The seed it was generated from (printed in a comment).
    pub seed: u64,
    /// Parameters and their values.
    pub params: Vec<(String, i64)>,
    pub arrays: Vec<Array>,
    pub scalars: Vec<Scalar>,
    pub regions: Vec<Vec<Stmt>>,
    /// Arrays passed to the kernel as variable-length array parameters
    /// (`double A[e0][e1]` with the extents as parameters) instead of globals.
    pub vla: bool,
    pub macros: Macros,
    /// The parameters passed to the kernel are `unsigned`. Guards compare
    /// with them in unsigned arithmetic (a negative side compares as a huge
    /// value: that only changes what the program prints), and so do the
    /// tests of the increasing loops from a constant to a parameter's
    /// multiple minus a constant (see [`unsigned_test`], the generator keeps
    /// those bounds non-negative); elsewhere, in loop bounds and subscripts,
    /// they are cast to `int`, where a wrapped value would leave the arrays.
    pub unsigned: bool,
    /// The unsigned parameters' type is written as a typedef of the
    /// program's, `count_t`: the compiler must see through it.
    pub typedef_params: bool,
    /// Arrays (indices into [`Self::arrays`]) whose values nothing reads
    /// after the last region: a `#pragma iotile scratch` before it names
    /// those it accesses, and `main` does not print them.
    pub scratch: Vec<usize>,
    /// An image pipeline (see `generate::pipeline`).
    pub pipeline: bool,
    /// A loop whose body is one loop is written without braces, with a
    /// loop hint (`#pragma GCC unroll 2`) between the two: iotile drops
    /// it, and must find the inner loop again.
    pub hints: bool,
    /// Floating-point values are stored through a function of the
    /// program (`keep`, which returns its argument: the values stay
    /// bounded; it calls a math function and another function of the
    /// program) that iotile calls as it calls `sqrt` (CUDA kernels through
    /// device copies).
    pub calls: bool,
    /// Iterators declared in the kernel before the regions, each with its
    /// initial value, that the loops marked [`Counter::Outer`] count with;
    /// printed with the scalars.
    pub outer_iterators: Vec<(String, i64)>,
    /// The regions run three times, in a loop of the kernel that prints
    /// the scalars and the outer iterators at the start of each pass (and
    /// not after the loop): what a region leaves is read only before it in
    /// the text, in the loop's next pass.
    pub repeats: bool,
    /// Array elements and calls read in values, and assignment targets,
    /// are written in parentheses, and the coefficients of sums are named constants of
    /// the kernel ([`NAMED_COEFFICIENTS`]): `(A[i]) + (B[j])`,
    /// `(sqrt(x)) - y` and `(half * (A[i])) - y` read as casts to array,
    /// function and pointer types in a grammar that cannot tell types
    /// from variables.
    pub parenthesised: bool,
    /// Assignments are written as macros write several statements as one,
    /// `do { A[i] = x; } while (0);`, and so are the statements under an
    /// `if`.
    pub wrapped: bool,
    /// Values of the parameters for a second call of the kernel (empty:
    /// none), made where [`edge::in_bounds`] holds for them; see
    /// [`edge`].
    pub edge: Vec<(String, i64)>,
}

impl Program {
    fn render_access(&self, access: &Access) -> String {
        let mut out = self.arrays[access.array].name.clone();
        for s in &access.subscripts {
            write!(out, "[{}]", s.render(&self.names_in_bounds())).unwrap();
        }
        out
    }

    /// How parameters are named in subscripts and loop bounds.
    fn names_in_bounds(&self) -> Macros {
        if self.unsigned { self.macros.with_casts(&self.params) } else { self.macros.clone() }
    }

    /// The program as C99.
    pub fn render(&self) -> String {
        let mut out = String::new();
        writeln!(out, "/* Random {}, seed {}: generated by iotile-random. */", if self.pipeline { "image pipeline" } else { "program" }, self.seed).unwrap();
        out.push_str("#include <math.h>\n#include <stdio.h>\n");
        out.push_str("#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n");
        for (name, value) in &self.params {
            if self.macros.names.contains(name) {
                writeln!(out, "#define {} {value}", name.to_uppercase()).unwrap();
            }
        }
        let extents = |a: &Array, symbolic: bool| -> String {
            a.extents.iter().enumerate().map(|(d, e)| if symbolic { format!("[{}_{d}]", a.name) } else { format!("[{e}]") }).collect()
        };
        if !self.vla {
            for a in &self.arrays {
                writeln!(out, "static {} {}{};", a.elem.c_name(), a.name, extents(a, false)).unwrap();
            }
        }
        if self.typedef_params {
            out.push_str("typedef unsigned int count_t;\n");
        }
        let param_type = match (self.unsigned, self.typedef_params) {
            (true, true) => "count_t",
            (true, false) => "unsigned",
            _ => "int",
        };
        let mut params: Vec<String> = self.params.iter().filter(|(n, _)| !self.macros.names.contains(n)).map(|(n, _)| format!("{param_type} {n}")).collect();
        if self.macros.base.is_some() {
            params.push("unsigned ub".into());
        }
        if self.macros.shift.is_some() {
            params.push("int ib".into());
        }
        if self.vla {
            for a in &self.arrays {
                for d in 0..a.extents.len() {
                    params.push(format!("int {}_{d}", a.name));
                }
                params.push(format!("{} {}{}", a.elem.c_name(), a.name, extents(a, true)));
            }
        }
        if params.is_empty() {
            params.push("void".into());
        }
        if self.macros.functions {
            out.push_str("\nstatic int imin(int a, int b) { return a < b ? a : b; }\nstatic int imax(int a, int b) { return a > b ? a : b; }\n");
        }
        if self.calls {
            out.push_str("\nstatic double limit(double v) { return v > 0 ? 1e300 : -1e300; }\n");
            out.push_str("\nstatic double keep(double v) {\n  if (fabs(v) > 1e300)\n    return limit(v);\n  return v;\n}\n");
        }
        writeln!(out, "\nstatic void kernel({}) {{", params.join(", ")).unwrap();
        let body_start = out.len();
        for s in &self.scalars {
            writeln!(out, "  {} {} = {};", s.elem.c_name(), s.name, if s.elem.is_int() { "1" } else { "0.5" }).unwrap();
        }
        for (name, value) in &self.outer_iterators {
            writeln!(out, "  {} {name} = {value};", self.iterator_type()).unwrap();
        }
        if self.repeats {
            out.push_str("  for (int pass = 0; pass < 3; pass++) {\n");
            self.render_values(&mut out, "    ");
        }
        for (r, region) in self.regions.iter().enumerate() {
            if r + 1 == self.regions.len() {
                let mut used = Vec::new();
                accessed_arrays(region, &mut used);
                let names: Vec<&str> = self.scratch.iter().filter(|a| used.contains(a)).map(|&a| self.arrays[a].name.as_str()).collect();
                if !names.is_empty() {
                    writeln!(out, "#pragma iotile scratch({})", names.join(", ")).unwrap();
                }
            }
            out.push_str("#pragma scop\n");
            for s in region {
                self.render_stmt(&mut out, s, 1);
            }
            out.push_str("#pragma endscop\n");
        }
        if self.repeats {
            out.push_str("  }\n");
        } else {
            self.render_values(&mut out, "  ");
        }
        out.push_str("}\n\n");
        // The named coefficients the kernel uses, declared at its start.
        let mut constants = String::new();
        for (value, name) in NAMED_COEFFICIENTS {
            for (ty, suffix) in [("double", ""), ("float", "f")] {
                let name = format!("{name}{suffix}");
                let word = |c: char| c.is_alphanumeric() || c == '_';
                let body = &out[body_start..];
                let used = body.match_indices(&name).any(|(at, _)| !body[..at].ends_with(word) && !body[at + name.len()..].starts_with(word));
                if used {
                    writeln!(constants, "  const {ty} {name} = {value}{suffix};").unwrap();
                }
            }
        }
        out.insert_str(body_start, &constants);
        if self.vla {
            for a in &self.arrays {
                writeln!(out, "static {} {}{};", a.elem.c_name(), a.name, extents(a, false)).unwrap();
            }
        }
        out.push_str("\nint main(void) {\n");
        for k in 0..self.arrays.len() {
            self.render_initial_values(&mut out, k);
        }
        self.render_call(&mut out, &self.params);
        if !self.edge.is_empty() && edge::callable(self) && edge::in_bounds(self, &self.edge) {
            // What the last region left in the scratch arrays is dead: the
            // edge call starts them from their initial values again.
            for &k in &self.scratch {
                self.render_initial_values(&mut out, k);
            }
            self.render_call(&mut out, &self.edge);
        }
        out.push_str("  return 0;\n}\n");
        out
    }

    /// Writes the loops of `main` that give array `k` its initial values.
    fn render_initial_values(&self, out: &mut String, k: usize) {
        let a = &self.arrays[k];
        let (open, index) = self.element_loops(out, a);
        let value = match a.elem {
            Elem::Float => format!("(float)(({index}) % {}) / 8.0f - 0.75f", 13 + k),
            Elem::Double => format!("(double)(({index}) % {}) / 16.0 - 0.5", 11 + k),
            _ => format!("({index}) % {}", 7 + k),
        };
        writeln!(out, "{}{} = {value};", "  ".repeat(open + 1), self.element_of(a)).unwrap();
    }

    /// Writes the call of the kernel from `main` with the parameters'
    /// `values` (those that are macros keep theirs), and the loops that
    /// print the arrays after it.
    fn render_call(&self, out: &mut String, values: &[(String, i64)]) {
        let mut args: Vec<String> = values.iter().filter(|(n, _)| !self.macros.names.contains(n)).map(|(_, v)| v.to_string()).collect();
        if let Some(base) = self.macros.base {
            args.push(format!("{base}u"));
        }
        if let Some(shift) = self.macros.shift {
            args.push(shift.to_string());
        }
        if self.vla {
            for a in &self.arrays {
                // In one program in three, every first extent is passed
                // as 1: C reads `double A[A_0][A_1]` as a pointer to rows,
                // and the region accesses rows past A_0 (a CUDA copy sized
                // by A_0 read zeros past it).
                let short = self.seed.is_multiple_of(3);
                args.extend(a.extents.iter().enumerate().map(|(d, e)| if d == 0 && short { "1".to_string() } else { e.to_string() }));
                args.push(a.name.clone());
            }
        }
        writeln!(out, "  kernel({});", args.join(", ")).unwrap();
        for (_, a) in self.arrays.iter().enumerate().filter(|(k, _)| !self.scratch.contains(k)) {
            let (open, _) = self.element_loops(out, a);
            writeln!(out, "{}printf({});", "  ".repeat(open + 1), a.elem.printf_args("", &self.element_of(a))).unwrap();
        }
    }

    /// Writes loops over every element of `a` (iterators `x0`, `x1`, ...);
    /// gives how many and a running index of the element.
    fn element_loops(&self, out: &mut String, a: &Array) -> (usize, String) {
        let mut index = String::from("0");
        for (d, e) in a.extents.iter().enumerate() {
            writeln!(out, "{}for (int x{d} = 0; x{d} < {e}; x{d}++)", "  ".repeat(d + 1)).unwrap();
            index = format!("({index}) * {} + x{d} * {}", 3 + d, 5 + 2 * d);
        }
        (a.extents.len(), index)
    }

    fn element_of(&self, a: &Array) -> String {
        let mut out = a.name.clone();
        for d in 0..a.extents.len() {
            write!(out, "[x{d}]").unwrap();
        }
        out
    }

    /// Prints the scalars and the outer iterators, each line after
    /// `indent`.
    fn render_values(&self, out: &mut String, indent: &str) {
        for s in &self.scalars {
            writeln!(out, "{indent}printf({});", s.elem.printf_args(&format!("{} ", s.name), &s.name)).unwrap();
        }
        for (name, _) in &self.outer_iterators {
            let format = if self.macros.wide { "%ld" } else if self.macros.base.is_some() { "%u" } else { "%d" };
            writeln!(out, "{indent}printf(\"{name} {format}\\n\", {name});").unwrap();
        }
    }

    /// The type of the loop iterators.
    fn iterator_type(&self) -> &'static str {
        if self.macros.wide {
            "long"
        } else if self.macros.base.is_some() {
            "unsigned"
        } else {
            "int"
        }
    }

    fn render_stmt(&self, out: &mut String, stmt: &Stmt, depth: usize) {
        let indent = "  ".repeat(depth);
        match stmt {
            Stmt::Loop { var, counter: Counter::Block, .. } => {
                writeln!(out, "{indent}{{\n{indent}  {} {var};", self.iterator_type()).unwrap();
                let mut declared = stmt.clone();
                if let Stmt::Loop { counter, .. } = &mut declared {
                    *counter = Counter::Outer;
                }
                self.render_stmt(out, &declared, depth + 1);
                writeln!(out, "{indent}}}").unwrap();
            }
            Stmt::Loop { var, from, to, step, down, test, counter, body } => {
                let names = if *down || !unsigned_test(from, to) { self.names_in_bounds() } else { self.macros.clone() };
                // An empty range whose first value passes `UINT_MAX` and
                // whose last does not would run from a small value to a
                // huge one in C: such loops run only where their range,
                // counted without `ub` (and in `int`), is not empty.
                if self.macros.base.is_some() {
                    let ints = self.names_in_bounds();
                    writeln!(out, "{indent}if ({} <= {} + 1)", from.render(&ints), to.render(&ints)).unwrap();
                }
                let (from, to) = (from.render(&names), to.render(&names));
                let (from, to) = if self.macros.wide {
                    (format!("{from} + {WIDE_OFFSET}L"), format!("{to} + {WIDE_OFFSET}L"))
                } else if self.macros.base.is_some() {
                    (format!("{from} + ub"), format!("{to} + ub"))
                } else if self.macros.shift.is_some() {
                    (format!("{from} + ib"), format!("{to} + ib"))
                } else {
                    (from, to)
                };
                let ty = if *counter == Counter::Own { format!("{} ", self.iterator_type()) } else { String::new() };
                let (step, test) = match (self.macros.base, test) {
                    (Some(_), Test::Inclusive) => (&1, &Test::Strict),
                    (Some(_), _) => (&1, test),
                    (None, _) => (step, test),
                };
                let header = if *down {
                    let update = if *step == 1 { format!("{var}--") } else { format!("{var} -= {step}") };
                    let test = match test {
                        Test::Inclusive => format!("{var} >= {from}"),
                        Test::Strict => format!("{var} > {from} - 1"),
                        Test::NotEqual => format!("{var} != {from} - 1"),
                    };
                    format!("{indent}for ({ty}{var} = {to}; {test}; {update})")
                } else {
                    let update = if *step == 1 { format!("{var}++") } else { format!("{var} += {step}") };
                    let test = match test {
                        Test::Inclusive => format!("{var} <= {to}"),
                        Test::Strict => format!("{var} < {to} + 1"),
                        Test::NotEqual => format!("{var} != {to} + 1"),
                    };
                    format!("{indent}for ({ty}{var} = {from}; {test}; {update})")
                };
                if let [inner @ Stmt::Loop { counter: Counter::Own | Counter::Outer, .. }] = body.as_slice() {
                    if self.hints && self.macros.base.is_none() {
                        // No braces: the hint parts the loop from its body
                        // in tree-sitter's reading.
                        writeln!(out, "{header}\n#pragma GCC unroll 2").unwrap();
                        self.render_stmt(out, inner, depth + 1);
                        return;
                    }
                }
                writeln!(out, "{header} {{").unwrap();
                for s in body {
                    self.render_stmt(out, s, depth + 1);
                }
                writeln!(out, "{indent}}}").unwrap();
            }
            Stmt::Write { target, op, value } => {
                let floating = match target {
                    Target::Element(a) => self.arrays[a.array].elem.is_floating(),
                    Target::Scalar(s) => self.scalars.iter().any(|x| &x.name == s && x.elem.is_floating()),
                };
                let target = match target {
                    Target::Element(a) => self.render_access(a),
                    Target::Scalar(s) => s.clone(),
                };
                // `(A[i]) += x`, `(s) = x`: the lvalue inside, as C reads it.
                let target = if self.parenthesised { format!("({target})") } else { target };
                let op = match op {
                    Op::Assign => "=",
                    Op::Add => "+=",
                    Op::Subtract => "-=",
                    Op::Xor => "^=",
                    Op::Or => "|=",
                };
                let value = if self.calls && floating { format!("keep({})", value.render(self)) } else { value.render(self) };
                if self.wrapped {
                    writeln!(out, "{indent}do {{ {target} {op} {value}; }} while (0);").unwrap();
                } else {
                    writeln!(out, "{indent}{target} {op} {value};").unwrap();
                }
            }
            Stmt::Local { name, elem, value } => {
                writeln!(out, "{indent}{} {name} = {};", elem.c_name(), value.render(self)).unwrap();
            }
            Stmt::If { cond, then, otherwise } => {
                writeln!(out, "{indent}if ({}) {{", cond.render(self)).unwrap();
                if self.wrapped {
                    writeln!(out, "{indent}  do {{").unwrap();
                }
                for s in then {
                    self.render_stmt(out, s, depth + 1 + usize::from(self.wrapped));
                }
                if self.wrapped {
                    writeln!(out, "{indent}  }} while (0);").unwrap();
                }
                if otherwise.is_empty() {
                    writeln!(out, "{indent}}}").unwrap();
                } else {
                    writeln!(out, "{indent}}} else {{").unwrap();
                    for s in otherwise {
                        self.render_stmt(out, s, depth + 1);
                    }
                    writeln!(out, "{indent}}}").unwrap();
                }
            }
        }
    }
}

/// Adds to `out` the arrays that `stmts` access.
pub fn accessed_arrays(stmts: &[Stmt], out: &mut Vec<usize>) {
    fn expr(e: &Expr, out: &mut Vec<usize>) {
        if let Expr::Read(a) = e {
            out.push(a.array);
        }
        for p in e.parts() {
            expr(&p, out);
        }
    }
    for s in stmts {
        match s {
            Stmt::Loop { body, .. } => accessed_arrays(body, out),
            Stmt::Write { target, value, .. } => {
                if let Target::Element(a) = target {
                    out.push(a.array);
                }
                expr(value, out);
            }
            Stmt::Local { value, .. } => expr(value, out),
            Stmt::If { cond, then, otherwise } => {
                for v in cond.values() {
                    expr(&v, out);
                }
                accessed_arrays(then, out);
                accessed_arrays(otherwise, out);
            }
        }
    }
}

/// Whether an increasing loop from `from` to `to` may test its iterator
/// against an unsigned parameter: `to` is a multiple of one parameter plus
/// a constant and `from` a constant that is not negative, so that the
/// iterator is not negative wherever the loop tests it, whatever the
/// parameter's value (iotile refuses the loop otherwise).
pub fn unsigned_test(from: &Bound, to: &Bound) -> bool {
    let from_constant = matches!(from, Bound::Affine(a) if a.terms.is_empty() && a.quasi.is_empty() && a.constant >= 0);
    let to_parameter = matches!(to, Bound::Affine(a) if a.terms.len() == 1 && a.quasi.is_empty());
    from_constant && to_parameter
}
