//! CUDA printer: a region's AST as host code that runs it on the GPU, plus
//! the `__global__` kernels that code launches.
//!
//! The mapping follows the marks of the schedule. The outermost loop a
//! parallel mark names becomes one kernel launch. Where that loop is a
//! tile loop whose point loops carry thread marks
//! ([`crate::transform::gpu`]), each block runs one tile (one iteration)
//! and its threads share the marked point loops along x and y
//! ([`Mapping::threads`] per block; see [`super::c::Threads`] for the
//! barriers); otherwise each thread runs one iteration (a 1-D grid of
//! [`Mapping::block`]-thread blocks; the kernel recomputes nothing but its
//! own iterator). A block runs a tile only when every scalar the tile
//! writes is a private copy written inside the threads' loops. Under a
//! grid mark, the tile loops directly inside the launched one run as the
//! grid's y and z dimensions, as long as their bounds do not depend on
//! the loops around them (the grid is a box). A tile whose band has
//! shared-memory copies ([`crate::transform::shared`]) reads them from
//! `__shared__` buffers its block fills first ([`Writer`]). Loops and
//! conditions around parallel loops stay on the host, around the launches
//! (a time loop); every other maximal piece of the AST without a parallel
//! loop runs as a kernel of one thread, so that all data stays on the
//! device between launches. A region without any parallel loop is not
//! mapped at all: the caller prints it for the host.
//!
//! Data: the host code allocates a flat device copy of every array the
//! region touches (of the extent its declaration gives or, for a pointer,
//! up to the largest first subscript the region uses), copies all of them in
//! (a partly written array must keep its other elements) and copies back
//! those the region writes; every scalar of the region lives in a device
//! cell. Kernels index arrays of two or more dimensions with linearised
//! subscripts ([`crate::scop::BodyPiece::Element`]), so C99 arrays and VLA
//! parameters work alike. A kernel of one thread loads every scalar from
//! its cell and stores it back at the end; a parallel kernel loads the
//! scalars it only reads and keeps private ones (written before being
//! read in each iteration) in thread-local variables.
//!
//! The host code launches each kernel through a launch function of its
//! own, `<kernel>_launch(grid, block, arguments)`, defined beside the
//! kernel, so that the host code needs no CUDA syntax. The output is one
//! self-contained `.cu` file ([`one_file_prelude`]), or, for C that is not
//! valid C++ (VLA parameters, `malloc` without casts), two: the host code
//! stays C for the host compiler ([`host_prelude`], the launch functions'
//! prototypes before the function holding the region) and the kernels go
//! to a CUDA file of their own ([`kernels_prelude`]), whose launch
//! functions have C linkage. With `IOTILE_EMULATE_CUDA` defined either
//! layout runs under the CPU emulation of `runtime/`, where each kernel is
//! called through an entry function taking its arguments in a struct.

use std::collections::HashMap;
use std::fmt::Write as _;

use isl_rs::{ASTExprOpType, ASTExprType, ASTNode, ASTNodeType, DimType, PwAff, Set, Val};

use super::c::{block_children, private_scalars, Writer};
use crate::ast::{statement_names, visit_nodes, RegionAst};
use crate::deps::Privatization;
use crate::isl::{ast_node_type, AstBuild, IslError, IslResult};
use crate::marks::{grid_mark_depths, parallel_mark_depth, thread_mark_depths};
use crate::scop::{DeviceFunction, Scop};

/// The runtime header a kernel file includes: the emulation's when
/// `IOTILE_EMULATE_CUDA` is defined.
const RUNTIME_INCLUDE: &str = r#"#ifdef IOTILE_EMULATE_CUDA
#include "iotile_cuda_emulation.h"
#else
#include <cuda_runtime.h>
#endif
"#;

/// Makes the C writer's helpers ([`super::c::HELPERS`]), which follow it
/// in every CUDA prelude, host and device functions.
const HOST_AND_DEVICE: &str = r#"#define IOTILE_HD __host__ __device__
"#;

/// C's `_Bool` is C++'s `bool`: kernels print C's casts as they are
/// written (`(_Bool)x`, and `(bool)x` expanded by `<stdbool.h>`), and
/// nvcc compiles them as C++ (the CPU emulation compiles them as C).
pub const CPLUSPLUS_BOOL: &str = "#ifdef __cplusplus\n#define _Bool bool\n#endif\n";

/// Device helpers of CUDA's own.
const CUDA_HELPERS: &str = r#"/* Whether two objects of n bytes differ in some bit. */
__attribute__((unused)) static __device__ int iotile_bits_differ(const void *a, const void *b, unsigned n) {
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  for (unsigned i = 0; i < n; i++)
    if (x[i] != y[i])
      return 1;
  return 0;
}
/* The thread, along a block dimension of n threads, that runs value v of a
 * loop the block's threads share: v mod n, whatever the loop's bounds, so
 * that every loop over the same dimension gives v to the same thread. */
__attribute__((unused)) static __device__ int iotile_owner(int v, int n) {
  return (v % n + n) % n;
}
"#;

/// The most blocks a grid has along y and along z.
const MAX_GRID_YZ: u32 = 65535;

/// Words of C's types and `sizeof` in extent texts (casts of the
/// expressions written for pointers' extents): no kernel parameters.
const C_TYPE_WORDS: &[&str] = &["sizeof", "long", "int", "unsigned", "signed", "short", "char", "float", "double", "_Bool", "const", "volatile"];

/// The macro host code checks every CUDA call with.
const CHECK_MACRO: &str = r#"#include <stdio.h>
#include <stdlib.h>
#define IOTILE_CUDA_CHECK(call) \
  do { \
    cudaError_t iotile_error = (call); \
    if (iotile_error != cudaSuccess) { \
      fprintf(stderr, "%s:%d: CUDA error in %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(iotile_error)); \
      exit(EXIT_FAILURE); \
    } \
  } while (0)
"#;

/// Text put at the top of a CUDA output of one file: the runtime header,
/// the device helpers, the macro that checks every CUDA call, and the
/// linkage of the launch functions (local to the file).
pub fn one_file_prelude() -> String {
    let comment = "/* Generated by iotile for CUDA. With -DIOTILE_EMULATE_CUDA and iotile's\n * runtime/ directory on the include path, it also runs on a CPU. */\n";
    format!("{comment}{RUNTIME_INCLUDE}{HOST_AND_DEVICE}{CPLUSPLUS_BOOL}{}{CUDA_HELPERS}{CHECK_MACRO}#define IOTILE_LAUNCHER static\n", super::c::HELPERS)
}

/// Text put at the top of the host part of a split CUDA output, which
/// stays C for the host compiler: the runtime API (C-callable), the
/// checking macro, and the linkage of the launch functions the kernels'
/// file defines.
pub fn host_prelude() -> String {
    let comment = "/* Generated by iotile for CUDA: the host code, plain C. Its kernels and\n * their launch functions are in a CUDA file of their own. */\n";
    let include = "#ifdef IOTILE_EMULATE_CUDA\n#include \"iotile_cuda_emulation.h\"\n#else\n#include <cuda_runtime_api.h>\n#endif\n";
    let linkage = "#ifdef __cplusplus\n#define IOTILE_LAUNCHER extern \"C\"\n#else\n#define IOTILE_LAUNCHER extern\n#endif\n";
    format!("{comment}{include}{}{CHECK_MACRO}{linkage}", super::c::HELPERS)
}

/// Text put at the top of the kernels' file of a split CUDA output: the
/// runtime header, the C headers kernel bodies may call into, the device
/// helpers, and C linkage for the launch functions.
pub fn kernels_prelude() -> String {
    let comment = "/* Generated by iotile for CUDA: the kernels of a C file and the functions\n * its host code launches them through. */\n";
    let headers = "#include <math.h>\n#include <stddef.h>\n#include <stdint.h>\n";
    let linkage = "#ifdef __cplusplus\n#define IOTILE_LAUNCHER extern \"C\"\n#else\n#define IOTILE_LAUNCHER\n#endif\n";
    format!("{comment}{RUNTIME_INCLUDE}{headers}{HOST_AND_DEVICE}{}{CUDA_HELPERS}{linkage}", super::c::HELPERS)
}

/// Words a type of a kernel parameter may be made of for the kernels'
/// own file, which sees none of the C file's declarations.
const PORTABLE_TYPE_WORDS: &[&str] = &[
    "void", "_Bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "const", "size_t", "ptrdiff_t", "int8_t", "int16_t",
    "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "intptr_t", "uintptr_t", "*",
];

/// Whether the kernels' own file knows word `w` of a type.
pub fn builtin_type_word(w: &str) -> bool {
    PORTABLE_TYPE_WORDS.contains(&w)
}

/// The words of type `ty` that the kernels' own file does not know.
pub fn foreign_words(ty: &str) -> Vec<String> {
    ty.replace('*', " * ").split_whitespace().filter(|w| !builtin_type_word(w)).map(str::to_string).collect()
}

/// The CPU emulation's header, which driver mode's `--emulate-cuda`
/// writes beside the translated files.
pub const EMULATION_HEADER: &str = include_str!("../../runtime/iotile_cuda_emulation.h");

/// The name the generated code includes [`EMULATION_HEADER`] by.
pub const EMULATION_HEADER_NAME: &str = "iotile_cuda_emulation.h";

/// How loops map to the GPU.
#[derive(Debug, Clone)]
pub struct Mapping {
    /// Threads per block where each runs one iteration of a parallel loop.
    pub block: u32,
    /// Threads per block along x, y, z where a block runs a tile: one
    /// list per such kernel of a region, in the order of the region's code,
    /// the last one for further kernels.
    pub threads: Vec<Vec<u32>>,
    /// The most bytes of shared memory one kernel's buffers take.
    pub shared_memory: u64,
}

impl Default for Mapping {
    fn default() -> Self {
        Mapping { block: 128, threads: vec![vec![32, 4, 4]], shared_memory: 48 * 1024 }
    }
}

/// A region printed for CUDA.
pub struct CudaRegion {
    /// The host code that replaces the region.
    pub host: String,
    /// The kernels it launches and their launch functions, to be placed
    /// before the function holding the region (or in a file of their own).
    pub kernels: String,
    /// The prototypes of the launch functions, for host code in a file
    /// apart from the kernels.
    pub declarations: String,
    /// The types of kernel parameters that a file without the C file's
    /// declarations cannot name as they are (a `typedef` of the user's).
    pub foreign_types: Vec<String>,
}

/// The variables every CUDA kernel has, which a name of the region would
/// hide there.
const CUDA_BUILTIN_VARIABLES: &[&str] = &["threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"];

/// Prints region `scop` for CUDA, its kernels named `<prefix>_k<n>`;
/// `None` when the AST has no parallel loop (the region stays on the
/// host). Fails when an array's extents are not all known.
pub fn write_region(scop: &Scop, ast: &RegionAst, indent: &str, privatizable: &Privatization, prefix: &str, mapping: &Mapping) -> IslResult<Option<CudaRegion>> {
    if !mark_names(&ast.root)?.iter().any(|m| parallel_mark_depth(m).is_some()) {
        return Ok(None);
    }
    if let Some(v) = scop.arrays.iter().chain(&scop.invariants).find(|v| v.value_type().contains("long double")) {
        return Err(IslError(format!("'{}' holds 'long double' values, which CUDA kernels compute and store as 'double'", v.name)));
    }
    let named = scop.statements.iter().flat_map(|s| crate::ast::identifiers(&s.body.substitute(&s.iterators))).chain(scop.params.iter().cloned());
    if let Some(name) = named.filter(|n| CUDA_BUILTIN_VARIABLES.contains(&n.as_str())).min() {
        return Err(IslError(format!("the region names '{name}', which in a CUDA kernel is a built-in variable; rename it")));
    }
    let mut extents = HashMap::new();
    for array in scop.arrays.iter().filter(|a| !a.extents.is_empty()) {
        if let Some(variable) = &array.stale_extent {
            return Err(IslError(format!("the extents of '{}' name '{variable}', which the function changes after declaring it, and the CUDA target indexes its device copy with the extents' text", array.name)));
        }
        let inner: Option<Vec<String>> = array.extents[1..].iter().cloned().collect();
        let inner = inner.ok_or_else(|| IslError(format!("'{}' reaches its rows through pointers, which the CUDA target cannot follow: it copies an array to the device as one block, indexed with every extent but the first (declare the array with them, as in `double (*A)[m]`)", array.name)))?;
        let elements = scop.accessed_elements(&array.name)?;
        // The device copy starts at the array's first element. C lets a
        // pointer (or a parameter, which is one) point into an array and
        // read before it (`p[i - 5]`); where the region does so for every
        // value of the parameters it accesses the array at (not only for
        // values a program passing a whole array never passes), refuse.
        if let Some(elements) = elements.as_ref().filter(|_| array.parameter || array.extents[0].is_none()) {
            let accessed_at = elements.copy()?.intersect_params(scop.context.copy()?)?.params()?;
            let before_first = elements.copy()?.upper_bound_si(DimType::Set, 0, -1)?.intersect_params(scop.context.copy()?)?.params()?;
            if !accessed_at.is_empty()? && accessed_at.is_subset(&before_first)? {
                return Err(IslError(format!("the region accesses '{}' before its first element (a negative first subscript), and the CUDA target copies it from that element on", array.name)));
            }
        }
        // A parameter's first extent bounds nothing: C reads `double
        // a[10]` (even `a[static 10]`, "at least 10") as a pointer, which
        // may point into a longer array that the region reads past the
        // tenth element. Its copy spans what the region accesses, as a
        // pointer's does. An array declared here or at file scope has the
        // elements its first extent says.
        let first = match (&array.extents[0], elements) {
            (_, Some(elements)) if array.parameter => accessed_extent(scop, ast, privatizable, elements)?,
            (Some(e), _) => e.clone(),
            (None, Some(elements)) => accessed_extent(scop, ast, privatizable, elements)?,
            (None, None) => return Err(IslError(format!("'{}' is not accessed", array.name))),
        };
        extents.insert(array.name.clone(), std::iter::once(first).chain(inner).collect::<Vec<_>>());
    }
    let mut mapper = Mapper {
        scop,
        ast,
        privatizable,
        prefix: prefix.to_string(),
        mapping,
        extents: &extents,
        indent: indent.to_string(),
        host: String::new(),
        level: 1,
        kernels: String::new(),
        declarations: String::new(),
        foreign_types: Vec::new(),
        count: 0,
        tile_kernels: 0,
        host_iterators: Vec::new(),
        parallel: None,
        grid: None,
        beside: Vec::new(),
    };
    mapper.region()?;
    let kernels = calling_device_copies(&mapper.kernels, &scop.device_functions);
    Ok(Some(CudaRegion { host: mapper.host, kernels, declarations: mapper.declarations, foreign_types: mapper.foreign_types }))
}

/// The device copies among `functions` (each after those it calls) that
/// `kernels` call, directly or through one another: a function the region
/// calls only where the kernels' text no longer has the call (a loop
/// bound, a subscript of a buffered access) needs none, and nvcc warns of
/// an unused one.
pub fn called_device_functions<'f>(functions: &'f [DeviceFunction], kernels: &str) -> Vec<&'f DeviceFunction> {
    let mut called = crate::ast::identifiers(kernels);
    for f in functions.iter().rev() {
        if called.contains(&f.device_name) {
            called.extend(crate::ast::identifiers(&f.definition));
        }
    }
    functions.iter().filter(|f| called.contains(&f.device_name)).collect()
}

/// `code` with each call of a function of the file made a call of its
/// device copy (the function itself is host code).
fn calling_device_copies(code: &str, functions: &[DeviceFunction]) -> String {
    if functions.is_empty() {
        return code.to_string();
    }
    let mut out = String::with_capacity(code.len());
    let mut word = String::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            if chars.peek().is_some_and(|n| n.is_ascii_alphanumeric() || *n == '_') {
                continue;
            }
            let rest = chars.clone().find(|n| !n.is_whitespace());
            let called = functions.iter().find(|f| f.name == word && rest == Some('('));
            out.push_str(called.map_or(&word, |f| &f.device_name));
            word.clear();
        } else {
            out.push(c);
        }
    }
    out
}

/// The first extent of an array whose declaration gives none (a pointer,
/// `A[]`) or that is a parameter: one more than the largest first subscript among the `elements`
/// the region accesses, as a C expression of the parameters.
fn accessed_extent(scop: &Scop, ast: &RegionAst, privatizable: &Privatization, elements: Set) -> IslResult<String> {
    // Where the region accesses no element, the largest is -1 (an empty
    // copy): isl may extend a partial value's expression to any value
    // there, and a copy that large would read past the host's array.
    // isl builds an expression of a value with integer divisions (`n mod
    // 4`) from the wrong parameters where the value has fewer than the
    // build; aligned first, it has them all.
    let largest = elements.dim_max(0)?;
    let nothing = PwAff::val_on_domain(Set::universe(largest.get_domain_space()?)?, Val::int_from_si(&scop.context.get_ctx(), -1)?)?;
    let largest = largest.union_max(nothing)?.align_params(scop.context.get_space()?)?;
    let build = AstBuild::from_context(scop.context.copy()?)?;
    let none = HashMap::new();
    let text = Writer::for_parts(scop, ast, "", 0, privatizable, &none).expression(&build.expr_from_pw_aff(largest)?)?;
    Ok(match text.trim().parse::<i64>() {
        Ok(constant) => (constant + 1).to_string(),
        Err(_) => format!("({text}) + 1"),
    })
}

/// The names of the marks inside `node`.
fn mark_names(node: &ASTNode) -> IslResult<Vec<String>> {
    let mut out = Vec::new();
    visit_nodes(node, &mut |n| {
        if ast_node_type(n)? == ASTNodeType::Mark {
            out.push(n.mark_get_id()?.get_name()?.to_string());
        }
        Ok(())
    })?;
    Ok(out)
}

/// The walk over one region's AST.
struct Mapper<'a> {
    scop: &'a Scop,
    ast: &'a RegionAst,
    privatizable: &'a Privatization,
    prefix: String,
    mapping: &'a Mapping,
    /// Extent texts of every array (not scalars).
    extents: &'a HashMap<String, Vec<String>>,
    indent: String,
    host: String,
    /// Indentation level of host lines.
    level: usize,
    kernels: String,
    /// See [`CudaRegion::declarations`].
    declarations: String,
    /// See [`CudaRegion::foreign_types`].
    foreign_types: Vec<String>,
    /// Kernels written so far.
    count: usize,
    /// Kernels written so far whose blocks run tiles (indexes
    /// [`Mapping::threads`]).
    tile_kernels: usize,
    /// Iterators of the host loops around the current node.
    host_iterators: Vec<String>,
    /// Iterator of the loop the innermost enclosing parallel mark names.
    parallel: Option<String>,
    /// Depths the innermost enclosing grid mark names.
    grid: Option<Vec<i32>>,
    /// Statements beside the current node (see `c::Writer`).
    beside: Vec<String>,
}

/// The bounds of a loop: `for (iterator = init; iterator <= upper;
/// iterator += step)`.
struct LoopBounds {
    iterator: String,
    init: String,
    upper: String,
    step: String,
}

/// A kernel parameter: its C type and name.
struct Param {
    ty: String,
    name: String,
}

impl Mapper<'_> {
    fn line(&mut self, text: &str) {
        let _ = writeln!(self.host, "{}{}{}", self.indent, "  ".repeat(self.level), text);
    }

    /// A writer for host expressions and kernel bodies.
    fn writer(&self, level: usize) -> Writer<'_> {
        Writer::for_parts(self.scop, self.ast, "", level, self.privatizable, self.extents)
    }

    fn scalars(&self) -> impl Iterator<Item = &crate::scop::ArrayInfo> {
        self.scop.arrays.iter().filter(|a| a.extents.is_empty())
    }

    fn arrays(&self) -> impl Iterator<Item = &crate::scop::ArrayInfo> {
        self.scop.arrays.iter().filter(|a| !a.extents.is_empty())
    }

    /// Whether `name` is declared inside the region (hoisted private
    /// declarations): it has no value before the region and none after.
    fn declared_inside(&self, name: &str) -> bool {
        self.scop.private_declarations.iter().any(|d| crate::scop::declared_name(d) == Some(name))
    }

    fn written(&self, name: &str) -> bool {
        self.scop.statements.iter().any(|s| s.writes.iter().any(|w| w.array == name))
    }

    /// The whole region: device copies in, the mapped AST, copies out.
    fn region(&mut self) -> IslResult<()> {
        let base = self.indent.clone();
        let _ = writeln!(self.host, "{base}{{");
        let arrays: Vec<(String, String, String)> = self.arrays().map(|a| (a.name.clone(), a.element_type.clone(), self.bytes(&a.name, &a.element_type))).collect();
        let scalars: Vec<(String, String)> = self.scalars().map(|a| (a.name.clone(), a.element_type.clone())).collect();
        for (name, ty, bytes) in &arrays {
            self.line(&format!("{ty} *{};", device(name)));
            self.line(&format!("IOTILE_CUDA_CHECK(cudaMalloc((void **)&{}, {bytes}));", device(name)));
            // An array declared inside the region lives on the device only.
            if !self.declared_inside(name) {
                self.line(&format!("IOTILE_CUDA_CHECK(cudaMemcpy({}, {name}, {bytes}, cudaMemcpyHostToDevice));", device(name)));
            }
        }
        for (name, ty) in &scalars {
            self.line(&format!("{ty} *{};", cell(name)));
            self.line(&format!("IOTILE_CUDA_CHECK(cudaMalloc((void **)&{}, sizeof({ty})));", cell(name)));
            if !self.declared_inside(name) {
                self.line(&format!("IOTILE_CUDA_CHECK(cudaMemcpy({}, &{name}, sizeof({ty}), cudaMemcpyHostToDevice));", cell(name)));
            }
        }
        let root = self.ast.root.copy()?;
        self.host_node(&root)?;
        for (name, _, bytes) in &arrays {
            if self.written(name) && !self.declared_inside(name) {
                self.line(&format!("IOTILE_CUDA_CHECK(cudaMemcpy({name}, {}, {bytes}, cudaMemcpyDeviceToHost));", device(name)));
            }
            self.line(&format!("IOTILE_CUDA_CHECK(cudaFree({}));", device(name)));
        }
        for (name, ty) in &scalars {
            if self.written(name) && !self.declared_inside(name) {
                self.line(&format!("IOTILE_CUDA_CHECK(cudaMemcpy(&{name}, {}, sizeof({ty}), cudaMemcpyDeviceToHost));", cell(name)));
            }
            self.line(&format!("IOTILE_CUDA_CHECK(cudaFree({}));", cell(name)));
        }
        // Iterators declared before the region that the regenerated code
        // no longer needs would otherwise trigger -Wunused-variable.
        for name in &self.scop.outer_iterators {
            if !self.ast.final_values.iter().any(|f| &f.name == name) {
                self.line(&format!("(void){name};"));
            }
        }
        let _ = writeln!(self.host, "{base}}}");
        Ok(())
    }

    /// The size in bytes of the device copy of array `name`: none where an
    /// extent is not positive (a pointer parameter sized by `n` of a call
    /// with `n = -1`, whose region runs no iteration), rather than the
    /// huge `size_t` a negative product converts to.
    fn bytes(&self, name: &str, ty: &str) -> String {
        let extents = &self.extents[name];
        let positive: Vec<String> = extents.iter().map(|e| format!("({e}) > 0")).collect();
        let product: Vec<String> = extents.iter().map(|e| format!("(size_t)({e})")).collect();
        format!("({} ? {} : 0) * sizeof({ty})", positive.join(" && "), product.join(" * "))
    }

    fn host_node(&mut self, node: &ASTNode) -> IslResult<()> {
        match ast_node_type(node)? {
            ASTNodeType::Mark => {
                let saved = (self.parallel.clone(), self.grid.clone());
                let name = node.mark_get_id()?.get_name()?.to_string();
                if let Some((depth, _)) = parallel_mark_depth(&name) {
                    self.parallel = self.ast.iterators.get(depth as usize).cloned();
                }
                if let Some(depths) = grid_mark_depths(&name) {
                    self.grid = Some(depths);
                }
                let result = self.host_node(&node.mark_get_node()?);
                (self.parallel, self.grid) = saved;
                result
            }
            ASTNodeType::Block => {
                for (child, others) in block_children(node)? {
                    let saved = self.beside.len();
                    self.beside.extend(others);
                    self.host_node(&child)?;
                    self.beside.truncate(saved);
                }
                Ok(())
            }
            ASTNodeType::For if self.mapped_loop(node)?.is_some() => self.launch_parallel(node),
            ASTNodeType::For if self.holds_mapped_loop(node)? => self.host_for(node),
            ASTNodeType::If if self.holds_mapped_loop(node)? => self.host_if(node),
            // Final values of iterators declared before the region are
            // host variables.
            _ if self.only_final_values(node)? => {
                let text = self.writer(0).write_node(node)?;
                for l in text.lines() {
                    self.line(l);
                }
                Ok(())
            }
            ASTNodeType::If if self.final_values_inside(node)? => self.host_if(node),
            ASTNodeType::Error => Err(IslError("invalid AST node".into())),
            _ => self.launch_single(node),
        }
    }

    /// Whether every statement inside `node` assigns a final value.
    fn only_final_values(&self, node: &ASTNode) -> IslResult<bool> {
        let mut names = Vec::new();
        statement_names(node, &mut names)?;
        Ok(names.iter().all(|n| self.ast.final_values.iter().any(|f| &f.statement == n)))
    }

    /// Whether some statement inside `node` assigns a final value.
    fn final_values_inside(&self, node: &ASTNode) -> IslResult<bool> {
        let mut names = Vec::new();
        statement_names(node, &mut names)?;
        Ok(names.iter().any(|n| self.ast.final_values.iter().any(|f| &f.statement == n)))
    }

    /// The loop's upper bound when `node` is a loop the current parallel
    /// mark names that can run as a kernel: not degenerate, its condition
    /// `iterator <= bound` or `iterator < bound`, and no private scalar's
    /// value passing between it and the statements beside it.
    fn mapped_loop(&self, node: &ASTNode) -> IslResult<Option<String>> {
        self.mapped_loop_in(node, self.parallel.as_ref(), &self.beside)
    }

    /// [`Self::mapped_loop`] under the parallel mark naming `parallel`, with
    /// the statements `beside` running beside `node`.
    fn mapped_loop_in(&self, node: &ASTNode, parallel: Option<&String>, beside: &[String]) -> IslResult<Option<String>> {
        let Some(bounds) = self.loop_bounds(node)? else { return Ok(None) };
        if parallel != Some(&bounds.iterator) {
            return Ok(None);
        }
        if private_scalars(self.scop, self.privatizable, &node.for_get_body()?, beside)?.is_none() {
            return Ok(None);
        }
        Ok(Some(bounds.upper))
    }

    /// The bounds of `node` when it is a loop that is not degenerate and
    /// whose condition is `iterator <= bound` or `iterator < bound`.
    fn loop_bounds(&self, node: &ASTNode) -> IslResult<Option<LoopBounds>> {
        if ast_node_type(node)? != ASTNodeType::For || node.for_is_degenerate()? {
            return Ok(None);
        }
        let writer = self.writer(0);
        let iterator = writer.expression(&node.for_get_iterator()?)?;
        let cond = node.for_get_cond()?;
        if cond.get_type()? != ASTExprType::Op || cond.get_op_n_arg()? != 2 {
            return Ok(None);
        }
        let left = cond.get_op_arg(0)?;
        if left.get_type()? != ASTExprType::Id || writer.expression(&left)? != iterator {
            return Ok(None);
        }
        let bound = writer.expression(&cond.get_op_arg(1)?)?;
        let upper = match cond.get_op_type()? {
            ASTExprOpType::Le => bound,
            ASTExprOpType::Lt => format!("({bound}) - 1"),
            _ => return Ok(None),
        };
        let init = writer.expression(&node.for_get_init()?)?;
        let step = writer.expression(&node.for_get_inc()?)?;
        Ok(Some(LoopBounds { iterator, init, upper, step }))
    }

    /// The loops that run as the grid's y and z dimensions inside the
    /// loop `outer` over blocks along x, whose body is `body`: for each
    /// further depth the current grid mark names, the loop that is the
    /// whole body so far, as long as its bounds do not depend on the loops
    /// around it in the kernel (the grid is a box); with the body left.
    fn grid_loops(&self, outer: &str, body: ASTNode) -> IslResult<(Vec<LoopBounds>, ASTNode)> {
        let mut loops: Vec<LoopBounds> = Vec::new();
        let mut body = body;
        let depths = match &self.grid {
            Some(depths) if self.ast.iterators.get(depths[0] as usize).map(String::as_str) == Some(outer) => depths[1..].to_vec(),
            _ => Vec::new(),
        };
        for depth in depths {
            let Some(bounds) = self.loop_bounds(&body)? else { break };
            let around: Vec<&str> = std::iter::once(outer).chain(loops.iter().map(|l| l.iterator.as_str())).collect();
            let named = crate::ast::identifiers(&format!("{} {} {}", bounds.init, bounds.upper, bounds.step));
            if self.ast.iterators.get(depth as usize) != Some(&bounds.iterator) || around.iter().any(|a| named.contains(*a)) {
                break;
            }
            body = body.for_get_body()?;
            loops.push(bounds);
        }
        Ok((loops, body))
    }

    /// Whether a loop the walk maps to a kernel lies inside `node`.
    fn holds_mapped_loop(&self, node: &ASTNode) -> IslResult<bool> {
        self.holds_mapped_loop_in(node, self.parallel.as_ref(), &self.beside)
    }

    /// [`Self::holds_mapped_loop`] under the parallel mark naming
    /// `parallel`, with the statements `beside` running beside `node`;
    /// tracks marks and what runs beside as the walk itself does.
    fn holds_mapped_loop_in(&self, node: &ASTNode, parallel: Option<&String>, beside: &[String]) -> IslResult<bool> {
        match ast_node_type(node)? {
            ASTNodeType::Mark => {
                // A mark below names its own loop.
                let named = match parallel_mark_depth(node.mark_get_id()?.get_name()?) {
                    Some((depth, _)) => self.ast.iterators.get(depth as usize),
                    None => parallel,
                };
                self.holds_mapped_loop_in(&node.mark_get_node()?, named, beside)
            }
            ASTNodeType::For => Ok(self.mapped_loop_in(node, parallel, beside)?.is_some() || self.holds_mapped_loop_in(&node.for_get_body()?, parallel, &[])?),
            ASTNodeType::If => Ok(self.holds_mapped_loop_in(&node.if_get_then_node()?, parallel, beside)?
                || (node.if_has_else_node()? && self.holds_mapped_loop_in(&node.if_get_else_node()?, parallel, beside)?)),
            ASTNodeType::Block => {
                for (child, others) in block_children(node)? {
                    let around: Vec<String> = beside.iter().cloned().chain(others).collect();
                    if self.holds_mapped_loop_in(&child, parallel, &around)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            ASTNodeType::User | ASTNodeType::Error => Ok(false),
        }
    }

    /// A host loop around kernel launches.
    fn host_for(&mut self, node: &ASTNode) -> IslResult<()> {
        let writer = self.writer(0);
        let iterator = writer.expression(&node.for_get_iterator()?)?;
        let init = writer.expression(&node.for_get_init()?)?;
        if node.for_is_degenerate()? {
            self.line("{");
            self.level += 1;
            self.line(&format!("const {} {iterator} = {init};", self.scop.counter_type));
        } else {
            let cond = writer.expression(&node.for_get_cond()?)?;
            let inc = writer.expression(&node.for_get_inc()?)?;
            let step = if inc == "1" { format!("{iterator}++") } else { format!("{iterator} += {inc}") };
            self.line(&format!("for ({} {iterator} = {init}; {cond}; {step}) {{", self.scop.counter_type));
            self.level += 1;
        }
        self.host_iterators.push(iterator);
        let beside = std::mem::take(&mut self.beside);
        let result = self.host_node(&node.for_get_body()?);
        self.beside = beside;
        self.host_iterators.pop();
        self.level -= 1;
        self.line("}");
        result
    }

    /// A host condition around kernel launches.
    fn host_if(&mut self, node: &ASTNode) -> IslResult<()> {
        let cond = self.writer(0).expression(&node.if_get_cond()?)?;
        self.line(&format!("if ({cond}) {{"));
        self.level += 1;
        self.host_node(&node.if_get_then_node()?)?;
        self.level -= 1;
        if node.if_has_else_node()? {
            self.line("} else {");
            self.level += 1;
            self.host_node(&node.if_get_else_node()?)?;
            self.level -= 1;
        }
        self.line("}");
        Ok(())
    }

    /// The parameters every kernel of the region takes: the scalars the
    /// region only reads, its parameters and the other variables its
    /// extents name (all by value), the host
    /// iterators in scope, the device arrays and the scalars' cells.
    fn params(&self) -> Vec<Param> {
        let mut params: Vec<Param> = Vec::new();
        let mut add = |ty: String, name: String| {
            if !params.iter().any(|p| p.name == name) {
                params.push(Param { ty, name });
            }
        };
        for v in &self.scop.invariants {
            add(v.element_type.clone(), v.name.clone());
        }
        for p in &self.scop.params {
            add("long".into(), p.clone());
        }
        let known: Vec<&str> = self.scop.arrays.iter().map(|a| a.name.as_str()).collect();
        for extents in self.arrays().map(|a| &self.extents[&a.name]) {
            for e in extents {
                for word in crate::ast::identifiers(e) {
                    if !known.contains(&word.as_str()) && !C_TYPE_WORDS.contains(&word.as_str()) {
                        add("long".into(), word);
                    }
                }
            }
        }
        for it in &self.host_iterators {
            add(self.scop.counter_type.into(), it.clone());
        }
        for a in self.arrays() {
            add(format!("{} *", a.element_type), a.name.clone());
        }
        for s in self.scalars() {
            add(format!("{} *", s.element_type), cell(&s.name));
        }
        params
    }

    /// Writes kernel `name` with `params` and `body`, the entry function
    /// the emulation calls it through, and its launch function
    /// `<name>_launch`, which the host code calls with the grid's and the
    /// block's dimensions before the kernel's arguments and which gives
    /// the launch's error; its prototype goes to the declarations.
    fn write_kernel(&mut self, name: &str, params: &[Param], body: &str) {
        let list: Vec<String> = params.iter().map(|p| format!("{}{}{}", p.ty, if p.ty.ends_with('*') { "" } else { " " }, p.name)).collect();
        let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
        for p in params.iter().filter(|p| !foreign_words(&p.ty).is_empty()) {
            if !self.foreign_types.contains(&p.ty) {
                self.foreign_types.push(p.ty.clone());
            }
        }
        let _ = writeln!(self.kernels, "static __global__ void {name}({}) {{", list.join(", "));
        let unused: Vec<String> = names.iter().map(|p| format!("(void){p};")).collect();
        let _ = writeln!(self.kernels, "  {}", unused.join(" "));
        self.kernels.push_str(body);
        let _ = writeln!(self.kernels, "}}");
        let _ = writeln!(self.kernels, "#ifdef IOTILE_EMULATE_CUDA");
        let fields: Vec<String> = list.iter().map(|p| format!("{p};")).collect();
        let _ = writeln!(self.kernels, "struct {name}_args {{ {} }};", fields.join(" "));
        let args: Vec<String> = names.iter().map(|p| format!("a->{p}")).collect();
        let _ = writeln!(self.kernels, "static void {name}_entry(void *p) {{");
        let _ = writeln!(self.kernels, "  struct {name}_args *a = (struct {name}_args *)p;");
        let _ = writeln!(self.kernels, "  {name}({});", args.join(", "));
        let _ = writeln!(self.kernels, "}}");
        let _ = writeln!(self.kernels, "#endif");
        let dims = ["grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z"].map(|d| format!("unsigned iotile_{d}"));
        let signature = format!("cudaError_t {name}_launch({}, {})", dims.join(", "), list.join(", "));
        let _ = writeln!(self.kernels, "IOTILE_LAUNCHER {signature} {{");
        let _ = writeln!(self.kernels, "#ifdef IOTILE_EMULATE_CUDA");
        let _ = writeln!(self.kernels, "  struct {name}_args iotile_args = {{ {} }};", names.join(", "));
        let _ = writeln!(
            self.kernels,
            "  iotile_emu_launch(iotile_dim3(iotile_grid_x, iotile_grid_y, iotile_grid_z), iotile_dim3(iotile_block_x, iotile_block_y, iotile_block_z), {name}_entry, &iotile_args);"
        );
        let _ = writeln!(self.kernels, "#else");
        let _ = writeln!(
            self.kernels,
            "  {name}<<<dim3(iotile_grid_x, iotile_grid_y, iotile_grid_z), dim3(iotile_block_x, iotile_block_y, iotile_block_z)>>>({});",
            names.join(", ")
        );
        let _ = writeln!(self.kernels, "#endif");
        let _ = writeln!(self.kernels, "  return cudaGetLastError();");
        let _ = writeln!(self.kernels, "}}");
        let _ = writeln!(self.kernels);
        let _ = writeln!(self.declarations, "IOTILE_LAUNCHER {signature};");
    }

    /// The host line launching kernel `name` on `grid` blocks of `block`
    /// threads (each up to three dimensions) with `params` (host names:
    /// device copies for arrays).
    fn launch(&mut self, name: &str, params: &[Param], grid: &[String], block: &[u32]) {
        let mut args: Vec<String> = Vec::new();
        for d in 0..3 {
            args.push(grid.get(d).cloned().unwrap_or_else(|| "1".into()));
        }
        for d in 0..3 {
            args.push(block.get(d).copied().unwrap_or(1).to_string());
        }
        args.extend(params.iter().map(|p| if self.extents.contains_key(&p.name) { device(&p.name) } else { p.name.clone() }));
        self.line(&format!("IOTILE_CUDA_CHECK({name}_launch({}));", args.join(", ")));
    }

    fn next_name(&mut self) -> String {
        let name = format!("{}_k{}", self.prefix, self.count);
        self.count += 1;
        name
    }

    /// The scalars (name and type) that kernel code `code` uses.
    fn scalars_in(&self, code: &str) -> Vec<(String, String)> {
        let used = crate::ast::identifiers(code);
        self.scalars().filter(|s| used.contains(&s.name)).map(|s| (s.name.clone(), s.element_type.clone())).collect()
    }

    /// `node` (a piece without mapped loops) as a kernel of one thread.
    fn launch_single(&mut self, node: &ASTNode) -> IslResult<()> {
        let name = self.next_name();
        let params = self.params();
        let code = self.writer(1).with_registers().write_node(node)?;
        let scalars = self.scalars_in(&code);
        let mut body = String::new();
        for (s, ty) in &scalars {
            let _ = writeln!(body, "  {ty} {s} = *{};", cell(s));
        }
        body.push_str(&code);
        for (s, _) in &scalars {
            let _ = writeln!(body, "  *{} = {s};", cell(s));
        }
        self.write_kernel(&name, &params, &body);
        self.launch(&name, &params, &["1".into()], &[1]);
        Ok(())
    }

    /// A loop whose iterations run as the threads of one launch.
    fn launch_parallel(&mut self, node: &ASTNode) -> IslResult<()> {
        let upper = self.mapped_loop(node)?.ok_or_else(|| IslError("a mapped loop lost its bound".into()))?;
        let writer = self.writer(0);
        let iterator = writer.expression(&node.for_get_iterator()?)?;
        let init = writer.expression(&node.for_get_init()?)?;
        let inc = writer.expression(&node.for_get_inc()?)?;
        let body_node = node.for_get_body()?;
        let private = private_scalars(self.scop, self.privatizable, &body_node, &self.beside)?.unwrap_or_default();
        let name = self.next_name();
        let counter = self.scop.counter_type;
        let mut params = self.params();
        params.push(Param { ty: counter.into(), name: "iotile_lower".into() });
        params.push(Param { ty: counter.into(), name: "iotile_upper".into() });
        let mut inside = Vec::new();
        statement_names(&body_node, &mut inside)?;
        let written: Vec<&String> = self.scop.statements.iter().filter(|s| inside.contains(&s.name)).flat_map(|s| s.writes.iter().map(|w| &w.array)).collect();
        let scalar_names: Vec<&String> = self.scalars().map(|a| &a.name).collect();
        // With thread marks, one block per iteration and the tile's loops
        // shared among its threads, as long as every scalar written is a
        // private copy written inside the threads' loops.
        // The most loops a thread mark inside names: the block's dimensions.
        let dims = mark_names(&body_node)?.iter().filter_map(|m| thread_mark_depths(m)).map(|d| d.len()).max().unwrap_or(0);
        // Further grid dimensions run the tile loops directly inside.
        let mut block_code = None;
        if dims > 0 {
            let (grid_loops, inner) = self.grid_loops(&iterator, body_node.copy()?)?;
            let code = self.writer(1 + grid_loops.len()).with_registers().for_block(dims).write_block(&inner)?;
            let private_only = written.iter().filter(|w| scalar_names.contains(w)).all(|w| private.contains(w));
            let block_writes = self.scop.statements.iter().filter(|s| code.block_level.contains(&s.name)).flat_map(|s| &s.writes).any(|w| scalar_names.contains(&&w.array));
            if private_only && !block_writes {
                block_code = Some((code, grid_loops));
            }
        }
        let code = match &block_code {
            Some((code, _)) => code.text.clone(),
            None => self.writer(2).with_registers().write_node(&body_node)?,
        };
        let scalars = self.scalars_in(&code);
        let mut body = String::new();
        // A shared scalar that the loop writes is written by one
        // iteration only (two would conflict): the thread whose copy
        // changed stores it back.
        let mut stores = Vec::new();
        for (s, ty) in &scalars {
            // A scalar declared inside the region has no value before it,
            // but may have one from an earlier kernel: only private ones
            // (written before they are read in every iteration) start
            // without their cell's value.
            if private.contains(s) {
                let _ = writeln!(body, "  {ty} {s};");
            } else {
                let _ = writeln!(body, "  {ty} {s} = *{};", cell(s));
                if written.contains(&s) {
                    let _ = writeln!(body, "  const {ty} iotile_loaded_{s} = {s};");
                    stores.push(format!("  if (iotile_bits_differ(&{s}, &iotile_loaded_{s}, sizeof({ty}))) *{} = {s};", cell(s)));
                }
            }
        }
        if let Some((block, grid_loops)) = &block_code {
            for band in &block.filled {
                for buffer in &self.ast.shared[*band].buffers {
                    let _ = writeln!(body, "  __shared__ {} {}[{}];", buffer.element_type, buffer.name, buffer.elements());
                }
            }
            let _ = writeln!(body, "  const {counter} {iterator} = iotile_lower + ({counter})blockIdx.x * {inc};");
            // Blocks stride over the loops of y and z, whose trip counts
            // may pass the grid's limit along them.
            for (depth, (l, axis)) in grid_loops.iter().zip(["y", "z"]).enumerate() {
                let LoopBounds { iterator, init, upper, step } = l;
                let pad = "  ".repeat(1 + depth);
                let _ = writeln!(
                    body,
                    "{pad}for ({counter} {iterator} = {init} + ({counter})blockIdx.{axis} * {step}; {iterator} <= {upper}; {iterator} += ({counter})gridDim.{axis} * {step}) {{"
                );
            }
            body.push_str(&code);
            for depth in (0..grid_loops.len()).rev() {
                let _ = writeln!(body, "{}}}", "  ".repeat(1 + depth));
            }
        } else {
            let _ = writeln!(body, "  const {counter} {iterator} = iotile_lower + ({counter})(blockIdx.x * blockDim.x + threadIdx.x) * {inc};");
            let _ = writeln!(body, "  if ({iterator} <= iotile_upper) {{");
            body.push_str(&code);
            let _ = writeln!(body, "  }}");
        }
        // A private scalar whose readers this kernel does not run is only
        // set here (-Wunused-but-set-variable).
        for (s, _) in scalars.iter().filter(|(s, _)| private.contains(s) && !super::c::is_read(&code, s)) {
            let _ = writeln!(body, "  (void){s};");
        }
        for store in stores {
            let _ = writeln!(body, "{store}");
        }
        self.write_kernel(&name, &params, &body);
        self.line("{");
        self.level += 1;
        self.line(&format!("const {counter} iotile_lower = {init};"));
        self.line(&format!("const {counter} iotile_upper = {upper};"));
        self.line("if (iotile_upper >= iotile_lower) {");
        self.level += 1;
        self.line(&format!("const unsigned iotile_iterations = (unsigned)((iotile_upper - iotile_lower) / {inc} + 1);"));
        if let Some((_, grid_loops)) = &block_code {
            let mut grid = vec!["iotile_iterations".to_string()];
            for (l, axis) in grid_loops.iter().zip(["y", "z"]) {
                let LoopBounds { init, upper, step, .. } = l;
                let trips = format!("iotile_trips_{axis}");
                self.line(&format!("const {counter} iotile_first_{axis} = {init}, iotile_last_{axis} = {upper};"));
                self.line(&format!(
                    "const unsigned {trips} = iotile_last_{axis} >= iotile_first_{axis} ? (unsigned)((iotile_last_{axis} - iotile_first_{axis}) / {step} + 1) : 1u;"
                ));
                grid.push(format!("{trips} < {MAX_GRID_YZ}u ? {trips} : {MAX_GRID_YZ}u"));
            }
            let threads = &self.mapping.threads;
            let sizes = threads.get(self.tile_kernels).or(threads.last()).cloned().unwrap_or_default();
            self.tile_kernels += 1;
            self.launch(&name, &params, &grid, &sizes[..dims.min(sizes.len())]);
        } else {
            let block = self.mapping.block;
            let grid = format!("(iotile_iterations + {}) / {block}", block - 1);
            self.launch(&name, &params, &[grid], &[block]);
        }
        self.level -= 1;
        self.line("}");
        self.level -= 1;
        self.line("}");
        Ok(())
    }
}

/// The host variable holding the device copy of array `name`.
fn device(name: &str) -> String {
    format!("iotile_device_{name}")
}

/// The device cell of scalar `name`.
fn cell(name: &str) -> String {
    format!("iotile_cell_{name}")
}
