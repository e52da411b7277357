//! Back ends: print the generated AST of each region in a target language.
//!
//! A back end only prints: it never schedules or calls isl's AST generator.
//! [`Target::C`] prints plain C99; [`Target::Openmp`] prints the same with
//! `#pragma omp parallel for` on the loops the schedule marks parallel
//! and `#pragma omp simd` on the innermost loops it marks vectorisable.
//! [`Target::Cuda`] prints host code and kernels ([`cuda`]).

pub mod c;
pub mod cuda;

use crate::ast::RegionAst;
use crate::deps::Privatization;
use crate::isl::IslResult;
use crate::scop::Scop;

/// Output language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Target {
    /// Plain C99, no parallelism annotations.
    #[default]
    C,
    /// C with OpenMP pragmas.
    Openmp,
    /// CUDA host and kernel code.
    Cuda,
}

impl std::fmt::Display for Target {
    /// The name `--target` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Target::C => "c",
            Target::Openmp => "openmp",
            Target::Cuda => "cuda",
        })
    }
}

/// Prints one region's code; every line starts with `indent`. With
/// `openmp`, loops under a parallel mark get `#pragma omp parallel for`,
/// innermost loops under a simd mark `#pragma omp simd`, both with a
/// `private` clause for the `privatizable` scalars written inside.
pub fn write_region(scop: &Scop, ast: &RegionAst, indent: &str, openmp: bool, privatizable: &Privatization) -> IslResult<String> {
    c::Writer::new(scop, indent, openmp, privatizable).write_region(ast)
}

/// `code`, a region's generated code, behind a test of its parameters:
/// where an unsigned value that C reads in a bound, condition or subscript
/// wraps ([`Scop::wrapping`]), or where a value the generated code
/// computes could overflow (`overflow`, [`RegionAst::overflow`]), the
/// region's original statements (`original`, its text between the
/// `#pragma scop` and `#pragma endscop` lines) run instead. `code` itself
/// where there are no such values.
pub fn guarded(scop: &Scop, overflow: Option<&isl_rs::Set>, code: String, original: &str, indent: &str) -> IslResult<String> {
    // The wrapping values under no assumption (the context leaves them
    // out); the overflowing ones under the context, which the generated
    // code assumes (it holds the parameters' types: no test that gcc's
    // -Wtype-limits calls always true).
    let print = |set: &isl_rs::Set, context: isl_rs::Set| -> IslResult<String> {
        let context = context.align_params(set.get_space()?)?;
        let set = set.copy()?.align_params(context.get_space()?)?;
        let test = crate::isl::AstBuild::from_context(context)?.expr_from_set(set)?;
        c::Writer::new(scop, indent, false, &Privatization::default()).expression(&test)
    };
    let mut tests = Vec::new();
    if let Some(w) = &scop.wrapping {
        tests.push(print(w, isl_rs::Set::universe(w.get_space()?)?)?);
    }
    if let Some(o) = overflow {
        tests.push(print(o, scop.context.copy()?)?);
    }
    let test = match tests.len() {
        0 => return Ok(code),
        1 => tests.remove(0),
        _ => tests.iter().map(|t| format!("({t})")).collect::<Vec<_>>().join(" || "),
    };
    let original = if original.ends_with('\n') || original.is_empty() { original.to_string() } else { format!("{original}\n") };
    let code = if code.ends_with('\n') { code } else { format!("{code}\n") };
    let why = "/* The region as written where its parameters' values could make the generated code's arithmetic overflow or an unsigned value wrap. */";
    Ok(format!("{indent}{why}\n{indent}if ({test}) {{\n{original}{indent}}} else {{\n{code}{indent}}}\n"))
}

/// `code`, a region's generated code, with the copies of its expanded
/// arrays ([`Scop::expanded`]) allocated before it and freed after it; where
/// the allocation fails, the region's original statements (`original`)
/// run instead. Each copy is a pointer to arrays of its inner extents
/// (`double (*sum_x)[nq][160]`), so that elements print as written
/// (`sum_x[r][q][p]`); an extent that is not positive where the region
/// runs no loop over it counts as 1. The copies are allocated with
/// `malloc` and `free` where the file declares them (`declared`), else
/// with the compilers' built-in ones (gcc, clang and icc have
/// `__builtin_malloc` and `__SIZE_TYPE__`; the pointers to arrays of
/// run-time extents already ask for one of them). `code` itself where nothing is expanded.
pub fn with_expanded(scop: &Scop, code: String, original: &str, indent: &str, declared: bool) -> String {
    if scop.expanded.is_empty() {
        return code;
    }
    let positive = |e: &String| match e.trim().parse::<u64>() {
        Ok(n) if n > 0 => n.to_string(),
        _ => format!("(({e}) > 0 ? ({e}) : 1)"),
    };
    let mut out = format!("{indent}{{\n");
    for e in &scop.expanded {
        let inner: String = e.extents.iter().skip(1).map(|x| format!("[{}]", positive(x))).collect();
        let count: Vec<String> = e.extents.iter().map(|x| format!("({}){}", if declared { "size_t" } else { "__SIZE_TYPE__" }, positive(x))).collect();
        out.push_str(&format!(
            "{indent}  {ty} (*{name}){inner} = ({ty} (*){inner}) {malloc}(sizeof({ty}) * {count});\n",
            ty = e.element_type,
            name = e.name,
            count = count.join(" * "),
            malloc = if declared { "malloc" } else { "__builtin_malloc" }
        ));
    }
    let all: Vec<&str> = scop.expanded.iter().map(|e| e.name.as_str()).collect();
    // Both branches one level deeper than the block's lines.
    let deeper = |text: &str| -> String { text.lines().map(|l| if l.trim().is_empty() { "\n".to_string() } else { format!("    {l}\n") }).collect() };
    out.push_str(&format!("{indent}  if ({}) {{\n{}{indent}  }} else {{\n{}{indent}  }}\n", all.join(" && "), deeper(&code), deeper(original)));
    for name in &all {
        out.push_str(&format!("{indent}  {}({name});\n", if declared { "free" } else { "__builtin_free" }));
    }
    out.push_str(&format!("{indent}}}\n"));
    out
}
