//! The C writer: prints a [`RegionAst`] as C99, with OpenMP pragmas on the
//! first loops under each parallel mark when asked to.
//!
//! Loops declare their iterator (`for (int c0 = ...)`; `long` in regions
//! whose iterators pass `int`'s range, [`Scop::counter_type`]), statement instances
//! are the statements' bodies with iterators replaced by the AST's argument
//! expressions, and isl's `min`/`max`/`floord` become ternaries so that the
//! output needs no helper macros that could clash with the user's (but
//! for long ones, which call functions of [`HELPERS`] instead: ternaries
//! repeat their operands).

use std::collections::HashMap;
use std::fmt::Write as _;

use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode, ASTNodeType};

use crate::ast::{copy_site_index, register_site_index, scratch_site_index, statement_names, CopySite, FinalValue, RegionAst, RegisterSite};
use crate::deps::Privatization;
use crate::marks::{is_registers_mark, parallel_mark_depth, scratch_mark_index, simd_mark_apart, simd_mark_depth, thread_mark_depths};
use crate::isl::{ast_node_type, IslError, IslResult};
use crate::scop::{FlatLayout, PrintedElement, Scop};
use crate::transform::shared::BandCopies;

/// Longest text a `min`, `max` or floor division prints as ternaries,
/// which repeat their operands; a longer one calls [`HELPERS`]' functions,
/// which evaluate each operand once. With ternaries only, the bounds of a
/// skewed band tiled 4 x 6 on CUDA printed 137 MB, and 3 x 5 more than a
/// gigabyte: each of a `max`'s six operands doubled the text, and every
/// nested `max` or floor division multiplied it. The limit leaves every
/// bound of PolyBench at LARGE as it was (at most 845 characters,
/// seidel-2d's, which ran 2% slower calling the helpers from 240 on).
const INLINE_TEXT: usize = 1024;

/// The functions a long `min`, `max` or floor division calls, on `long`
/// values (a loop's bounds), defined before the function of the first
/// region that calls them; `IOTILE_HD` is empty in C and makes them host
/// and device functions in CUDA.
pub const HELPERS: &str = r#"#ifndef IOTILE_HD
#define IOTILE_HD
#endif
/* The greater and the lesser of two loop bounds, and a floor division by a
 * positive divisor, each operand evaluated once. */
__attribute__((unused)) static IOTILE_HD inline long iotile_max(long a, long b) { return a >= b ? a : b; }
__attribute__((unused)) static IOTILE_HD inline long iotile_min(long a, long b) { return a <= b ? a : b; }
__attribute__((unused)) static IOTILE_HD inline long iotile_floord(long a, long b) { return a < 0 ? -((-a + b - 1) / b) : a / b; }
"#;

/// Whether `code` calls a function of [`HELPERS`].
pub fn calls_helpers(code: &str) -> bool {
    ["iotile_max(", "iotile_min(", "iotile_floord("].iter().any(|f| code.contains(f))
}

/// Precedence levels of printed C expressions (higher binds tighter).
mod prec {
    pub const CONDITIONAL: u8 = 1;
    pub const OR: u8 = 2;
    pub const AND: u8 = 3;
    pub const EQUALITY: u8 = 4;
    pub const RELATIONAL: u8 = 5;
    pub const ADDITIVE: u8 = 6;
    pub const MULTIPLICATIVE: u8 = 7;
    pub const UNARY: u8 = 8;
    pub const ATOM: u8 = 9;
}

/// Prints C for one region.
pub struct Writer<'a> {
    scop: &'a Scop,
    out: String,
    base_indent: String,
    level: usize,
    /// Iterators of degenerate loops, replaced by their single value.
    substitutions: HashMap<String, (String, u8)>,
    /// Variables declared before the region that the printed code uses.
    used_outer: Vec<String>,
    /// Final-value statements appended by the AST stage.
    final_values: &'a [FinalValue],
    /// Print OpenMP pragmas for parallel marks.
    openmp: bool,
    /// Iterator of the loop the innermost enclosing parallel mark names,
    /// and whether its iterations are dealt round-robin.
    parallel_iterator: Option<(String, bool)>,
    /// Iterator of the loop the innermost enclosing simd mark names.
    simd_iterator: Option<String>,
    /// The pairs of statements that mark keeps apart: its loop gets no
    /// `omp simd` where its body holds both of one, unless they print every
    /// element of the arrays they write alike (see [`Writer::prints_alike`]).
    simd_apart: Vec<(String, String)>,
    /// While such a loop is printed: the elements its statements print
    /// (statement, array, subscripts).
    simd_elements: Option<Vec<(String, String, Vec<String>)>>,
    /// Generated iterator names by schedule depth.
    iterators: &'a [String],
    /// Scalars each thread keeps a private copy of in parallel loops.
    privatizable: &'a Privatization,
    /// Statements run in the same iteration of the innermost enclosing
    /// loop (or in the region, outside loops) as the current node, but not
    /// inside it and not in another branch of an `if` around it.
    beside: Vec<String>,
    /// Extent texts of the arrays of two or more dimensions, when they are
    /// indexed as flat arrays (CUDA's device copies).
    flat: Option<&'a HashMap<String, Vec<String>>>,
    /// In a CUDA kernel's block, how the loops thread marks name are shared
    /// among the threads (`None` elsewhere).
    threads: Option<Threads>,
    /// The shared-memory copies of the region's bands (CUDA).
    shared: &'a [BandCopies],
    /// Where the AST runs bands with copies.
    copy_sites: &'a [CopySite],
    /// Scalar replacement in a kernel's loops (`None`: not asked for).
    registers: Option<Registers>,
    /// The tile-local buffers of the region (OpenMP), and where the AST
    /// runs their tiles.
    scratch: &'a [BandCopies],
    scratch_sites: &'a [CopySite],
    /// The tile-local buffers the current node accesses arrays through:
    /// each array's name and where its elements are in the buffer.
    scratch_buffers: Vec<(String, FlatLayout)>,
    /// Where register tiles' reductions run with blocks in local buffers.
    register_sites: &'a [RegisterSite],
}

/// Scalar replacement in the code one thread of a kernel runs: an array
/// element that every iteration of a loop writes, the same element in
/// every iteration and no other of the array in the loop, is loaded into
/// a variable before the loop and stored back after it (gemm's `C[i][j]`
/// across its `k` loop), so that the thread keeps it in a register instead
/// of going through memory for each iteration. The element's thread is
/// the only one that accesses it while the loop runs (other threads'
/// accesses would conflict with its writes, which the mapping rules out),
/// device arrays never alias, and the loop runs at least once where the
/// load and store happen, so they touch only what the loop touches.
#[derive(Debug, Default)]
struct Registers {
    /// The loops being printed that may get registers, innermost last.
    loops: Vec<RegisterLoop>,
    /// Variables declared so far (`iotile_reg_<n>`).
    declared: usize,
}

/// A loop being printed, for [`Registers`].
#[derive(Debug, Default)]
struct RegisterLoop {
    /// The array elements its statements access.
    accesses: Vec<Access>,
    /// How many loops and branches inside the loop enclose the node being
    /// printed.
    nesting: usize,
    /// Iterators of the loop and of the loops inside it.
    iterators: Vec<String>,
}

/// An array element a statement accesses (see [`Registers`]).
#[derive(Debug, Clone)]
struct Access {
    element: PrintedElement,
    /// The statement writes the array.
    write: bool,
    /// The statement runs in every iteration of the loop, in every thread
    /// that runs the loop.
    every_iteration: bool,
}

/// The state of printing the code one GPU block runs (see
/// [`crate::transform::gpu`]): the loops the enclosing thread marks name
/// step through their iterations by the block's threads along one
/// dimension each, value `v` in thread `v mod blockDim` whatever the
/// loop's bounds; a statement outside the loop of some dimension runs in
/// one thread along it only (the owner of the value, where the loop runs
/// once); code outside all of them (block level) runs alike in
/// every thread, and after each piece of work at block level comes a
/// barrier, so that block-level control flow never diverges and the next
/// piece sees what this one wrote.
#[derive(Debug, Default)]
pub struct Threads {
    /// The block's dimensions, `x` first.
    dims: Vec<char>,
    /// Iterators of the loops the enclosing thread marks name, with their
    /// dimension.
    named: Vec<(String, char)>,
    /// Dimensions whose loops enclose the current node.
    distributed: Vec<char>,
    /// Dimensions whose named loop runs once around the current node, with
    /// its value.
    pinned: Vec<(char, String)>,
    /// Statements printed at block level (run by one thread).
    block_level: Vec<String>,
    /// The shared-memory buffers the current node reads arrays from: each
    /// array's name and where its elements are in the buffer.
    buffers: Vec<(String, FlatLayout)>,
    /// The bands (indices into the writer's copies) whose buffers the
    /// code printed so far fills.
    filled: Vec<usize>,
}

/// The code of one GPU block (see [`Writer::write_block`]).
pub struct BlockCode {
    /// The C text.
    pub text: String,
    /// Statements printed at block level (run by one thread).
    pub block_level: Vec<String>,
    /// The bands (indices into [`RegionAst::shared`]) whose shared-memory
    /// buffers the code fills: the kernel declares them.
    pub filled: Vec<usize>,
}

/// The index of the calling thread within its block.
const THREAD_RANK: &str = "(int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))";

/// The number of threads of a block.
const BLOCK_THREADS: &str = "(int)(blockDim.x * blockDim.y * blockDim.z)";

impl<'a> Writer<'a> {
    /// A writer for `scop` whose output lines start with `base_indent`.
    pub fn new(scop: &'a Scop, base_indent: &str, openmp: bool, privatizable: &'a Privatization) -> Writer<'a> {
        Writer {
            scop,
            out: String::new(),
            base_indent: base_indent.to_string(),
            level: 0,
            substitutions: scop.unsigned_params.iter().map(|p| (p.clone(), (format!("(long){p}"), prec::UNARY))).collect(),
            used_outer: Vec::new(),
            final_values: &[],
            openmp,
            parallel_iterator: None,
            simd_iterator: None,
            simd_apart: Vec::new(),
            simd_elements: None,
            iterators: &[],
            privatizable,
            beside: Vec::new(),
            flat: None,
            threads: None,
            shared: &[],
            copy_sites: &[],
            registers: None,
            scratch: &[],
            scratch_sites: &[],
            scratch_buffers: Vec::new(),
            register_sites: &[],
        }
    }

    /// The writer keeping array elements that one thread reuses alone in
    /// registers ([`Registers`]): for the code of a kernel.
    pub fn with_registers(mut self) -> Writer<'a> {
        self.registers = Some(Registers::default());
        self
    }

    /// The writer printing the code of one GPU block whose threads span
    /// `dims` dimensions (see [`Threads`]).
    pub fn for_block(mut self, dims: usize) -> Writer<'a> {
        self.threads = Some(Threads { dims: ['x', 'y', 'z'][..dims.min(3)].to_vec(), ..Threads::default() });
        self
    }

    /// Prints `node` as the code of a block ([`Self::for_block`]).
    pub fn write_block(mut self, node: &ASTNode) -> IslResult<BlockCode> {
        self.put_node(node)?;
        let threads = self.threads.unwrap_or_default();
        Ok(BlockCode { text: self.out, block_level: threads.block_level, filled: threads.filled })
    }

    /// A writer for parts of a region's AST (CUDA kernel bodies and host
    /// code): no OpenMP pragmas, arrays indexed flat with the extents in
    /// `flat`, and lines starting at indentation `level`.
    pub fn for_parts(scop: &'a Scop, ast: &'a RegionAst, base_indent: &str, level: usize, privatizable: &'a Privatization, flat: &'a HashMap<String, Vec<String>>) -> Writer<'a> {
        let mut writer = Writer::new(scop, base_indent, false, privatizable);
        writer.final_values = &ast.final_values;
        writer.iterators = &ast.iterators;
        writer.shared = &ast.shared;
        writer.copy_sites = &ast.copy_sites;
        writer.scratch = &ast.scratch;
        writer.scratch_sites = &ast.scratch_sites;
        writer.level = level;
        writer.flat = Some(flat);
        writer
    }

    /// Prints `node` and gives the text.
    pub fn write_node(mut self, node: &ASTNode) -> IslResult<String> {
        self.put_node(node)?;
        Ok(self.out)
    }

    /// The C text of an expression of the AST.
    pub fn expression(&self, e: &ASTExpr) -> IslResult<String> {
        Ok(self.expr(e)?.0)
    }

    /// Prints the whole region: hoisted declarations, loops, final values.
    pub fn write_region(mut self, ast: &'a RegionAst) -> IslResult<String> {
        self.final_values = &ast.final_values;
        self.iterators = &ast.iterators;
        self.scratch = &ast.scratch;
        self.scratch_sites = &ast.scratch_sites;
        self.register_sites = &ast.register_sites;
        let wrap = !self.scop.private_declarations.is_empty();
        if wrap {
            self.line("{");
            self.level += 1;
            for d in &self.scop.private_declarations {
                self.line(d);
            }
        }
        let body_start = self.out.len();
        self.put_node(&ast.root)?;
        // A private scalar whose readers the regenerated code no longer
        // runs (their domain is empty) is only set: -Wunused-but-set-variable.
        let set_only: Vec<String> = self
            .scop
            .private_declarations
            .iter()
            .filter_map(|d| crate::scop::declared_name(d))
            .filter(|name| !is_read(&self.out[body_start..], name))
            .map(|name| format!("(void){name};"))
            .collect();
        for line in &set_only {
            self.line(line);
        }
        // Iterators declared before the region that the regenerated code no
        // longer needs would otherwise trigger -Wunused-variable.
        for name in &self.scop.outer_iterators {
            let assigned = ast.final_values.iter().any(|f| &f.name == name);
            if !assigned && !self.used_outer.contains(name) {
                let line = format!("(void){name};");
                self.line(&line);
            }
        }
        // So do local arrays whose every access went to tile-local buffers.
        let mut buffered: Vec<&String> = ast.scratch.iter().flat_map(|s| s.buffers.iter().map(|b| &b.array)).collect();
        buffered.sort();
        buffered.dedup();
        for name in buffered {
            let line = format!("(void){name};");
            self.line(&line);
        }
        // So would parameters that only bounds the regenerated code no
        // longer needs read, and arrays only statements it no longer runs
        // access (a loop found empty): -Wunused-parameter, or
        // -Wunused-variable for a local, which break builds with -Werror.
        // (Not scalars: their values may never have been set.)
        let used = crate::ast::identifiers(&self.out);
        let arrays = self.scop.arrays.iter().filter(|a| !a.extents.is_empty()).map(|a| &a.name);
        let unused: Vec<&String> = self.scop.params.iter().chain(arrays).filter(|name| !used.contains(*name)).collect();
        for name in unused {
            let line = format!("(void){name};");
            self.line(&line);
        }
        if wrap {
            self.level -= 1;
            self.line("}");
        }
        Ok(self.out)
    }

    fn line(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}{}{}", self.base_indent, "  ".repeat(self.level), text);
    }

    fn put_node(&mut self, node: &ASTNode) -> IslResult<()> {
        match ast_node_type(node)? {
            ASTNodeType::For => self.put_for(node),
            ASTNodeType::If => self.put_if(node),
            ASTNodeType::Block => {
                for (child, others) in block_children(node)? {
                    let saved = self.beside.len();
                    self.beside.extend(others);
                    self.put_node(&child)?;
                    self.beside.truncate(saved);
                }
                Ok(())
            }
            ASTNodeType::Mark => {
                let id = node.mark_get_id()?;
                let (saved_parallel, saved_simd) = (self.parallel_iterator.clone(), (self.simd_iterator.clone(), self.simd_apart.clone()));
                let name = id.get_name()?;
                let saved_named = self.threads.as_ref().map(|t| t.named.clone());
                let mut copies = None;
                if let Some((depth, cyclic)) = parallel_mark_depth(name) {
                    self.parallel_iterator = self.iterators.get(depth as usize).map(|iterator| (iterator.clone(), cyclic));
                } else if let Some(depth) = simd_mark_depth(name) {
                    self.simd_iterator = self.iterators.get(depth as usize).cloned();
                    self.simd_apart = simd_mark_apart(name);
                } else if let (Some(depths), Some(threads)) = (thread_mark_depths(name), self.threads.as_mut()) {
                    threads.named = depths
                        .iter()
                        .zip(threads.dims.iter())
                        .filter_map(|(d, dim)| Some((self.iterators.get(*d as usize)?.clone(), *dim)))
                        .collect();
                    copies = copy_site_index(node);
                }
                let scratch = scratch_mark_index(name).and(scratch_site_index(node));
                let registers = register_site_index(node).filter(|_| is_registers_mark(name));
                let result = match (copies, scratch, registers) {
                    (Some(site), _, _) => self.put_copied(&node.mark_get_node()?, site),
                    (None, Some(site), _) => self.put_scratch(&node.mark_get_node()?, site),
                    (None, None, Some(site)) => self.put_in_registers(&node.mark_get_node()?, site),
                    (None, None, None) => self.put_node(&node.mark_get_node()?),
                };
                self.parallel_iterator = saved_parallel;
                (self.simd_iterator, self.simd_apart) = saved_simd;
                if let (Some(threads), Some(named)) = (self.threads.as_mut(), saved_named) {
                    threads.named = named;
                }
                result
            }
            ASTNodeType::User => self.put_user(node),
            ASTNodeType::Error => Err(IslError("invalid AST node".into())),
        }
    }

    /// Prints the point band `node` of a block after filling the
    /// shared-memory buffers of its copy site `site`: the block's threads
    /// copy the box of each array together, element after element along the
    /// last dimension so that neighbouring threads read neighbouring
    /// elements, and wait at a barrier before the band reads them. Every
    /// read of the band is printed from a buffer; the barrier after the
    /// band's last piece of block-level work keeps the next copy from
    /// overwriting a buffer still being read.
    fn put_copied(&mut self, node: &ASTNode, site: usize) -> IslResult<()> {
        let site = self.copy_sites.get(site).ok_or_else(|| IslError(format!("no copy site {site}")))?;
        let band = site.band;
        let copies = &self.shared[band];
        self.line("{");
        self.level += 1;
        let mut active = Vec::new();
        for (buffer, bounds) in copies.buffers.iter().zip(&site.bounds) {
            let name = &buffer.name;
            let extents = self.flat.and_then(|f| f.get(&buffer.array)).ok_or_else(|| IslError(format!("no extents for '{}'", buffer.array)))?;
            let global = FlatLayout { name: buffer.array.clone(), first: Vec::new(), extents: extents.clone() };
            let mut first = Vec::new();
            let mut inside = Vec::new();
            for (d, (f, l)) in bounds.iter().enumerate() {
                let f = self.expr(f)?.0;
                let l = self.expr(l)?.0;
                self.line(&format!("const int {name}_first{d} = {f}, {name}_last{d} = {l};"));
                first.push(Some(format!("{name}_first{d}")));
                inside.push(format!("{name}_i{d} <= {name}_last{d}"));
            }
            self.line(&format!("for (int iotile_e = {THREAD_RANK}; iotile_e < {}; iotile_e += {BLOCK_THREADS}) {{", buffer.elements()));
            self.level += 1;
            let mut element = Vec::new();
            for (d, &extent) in buffer.extents.iter().enumerate() {
                let stride: u64 = buffer.extents[d + 1..].iter().product();
                let position = match d {
                    0 => format!("iotile_e / {stride}"),
                    _ => format!("iotile_e / {stride} % {extent}"),
                };
                self.line(&format!("const int {name}_i{d} = {name}_first{d} + {position};"));
                element.push(format!("{name}_i{d}"));
            }
            self.line(&format!("if ({})", inside.join(" && ")));
            self.line(&format!("  {name}[iotile_e] = {};", global.element(&element)));
            self.level -= 1;
            self.line("}");
            let layout = FlatLayout { name: name.clone(), first, extents: buffer.extents.iter().map(u64::to_string).collect() };
            active.push((buffer.array.clone(), layout));
        }
        self.line("__syncthreads();");
        let saved = self.threads.as_mut().map(|t| {
            if !t.filled.contains(&band) {
                t.filled.push(band);
            }
            std::mem::replace(&mut t.buffers, active)
        });
        let result = self.put_node(node);
        if let (Some(t), Some(saved)) = (self.threads.as_mut(), saved) {
            t.buffers = saved;
        }
        self.level -= 1;
        self.line("}");
        result
    }

    /// Prints the subtree `node` of a tile whose fused producers write
    /// tile-local buffers (scratch site `site`): a block declaring each
    /// buffer (in a GPU block, in shared memory: the block's threads share
    /// it, and the barriers after their loops order the producer's writes
    /// before the consumer's reads) and the subscripts of its box's first
    /// element, in which every access of a buffered array goes to its
    /// buffer.
    fn put_scratch(&mut self, node: &ASTNode, site: usize) -> IslResult<()> {
        let site = self.scratch_sites.get(site).ok_or_else(|| IslError(format!("no scratch site {site}")))?;
        let buffers = self.scratch.get(site.band).ok_or_else(|| IslError(format!("no scratch plan {}", site.band)))?;
        let storage = if self.threads.is_some() { "__shared__ " } else { "" };
        self.line("{");
        self.level += 1;
        let saved = self.scratch_buffers.len();
        for (buffer, bounds) in buffers.buffers.iter().zip(&site.bounds) {
            let name = &buffer.name;
            self.line(&format!("{storage}{} {name}[{}];", buffer.element_type, buffer.elements()));
            let mut first = Vec::new();
            for (d, (f, _)) in bounds.iter().enumerate() {
                let f = self.expr(f)?.0;
                self.line(&format!("const {} {name}_first{d} = {f};", self.scop.counter_type));
                first.push(Some(format!("{name}_first{d}")));
            }
            let layout = FlatLayout { name: name.clone(), first, extents: buffer.extents.iter().map(u64::to_string).collect() };
            self.scratch_buffers.push((buffer.array.clone(), layout));
        }
        let result = self.put_node(node);
        self.scratch_buffers.truncate(saved);
        self.level -= 1;
        self.line("}");
        result
    }

    /// Prints the reduction band `node` of a register tile whose blocks of
    /// some arrays are held in local buffers (register site `site`, see
    /// [`RegisterSite`]): a block declaring each buffer and its first
    /// subscripts, loading it where the band reads the array, the band
    /// with every access of the array going to the buffer, and the stores
    /// back. The copies are loops over the block's constant extents, which
    /// the C compiler unrolls and vectorises; the buffer then lives in
    /// vector registers.
    fn put_in_registers(&mut self, node: &ASTNode, site: usize) -> IslResult<()> {
        let site = self.register_sites.get(site).ok_or_else(|| IslError(format!("no register site {site}")))?;
        self.line("{");
        self.level += 1;
        let saved = self.scratch_buffers.len();
        // Per buffer: the array's element and the buffer's, in the copy
        // loops' counters.
        let mut copies = Vec::new();
        for buffer in &site.buffers {
            let name = &buffer.name;
            self.line(&format!("{} {name}[{}];", buffer.element_type, buffer.elements()));
            let mut first = Vec::new();
            for (d, f) in buffer.first.iter().enumerate() {
                let f = self.expr(f)?.0;
                self.line(&format!("const {} {name}_first{d} = {f};", self.scop.counter_type));
                first.push(Some(format!("{name}_first{d}")));
            }
            let layout = FlatLayout { name: name.clone(), first: vec![None; buffer.extents.len()], extents: buffer.extents.iter().map(u64::to_string).collect() };
            let counters: Vec<String> = (0..buffer.extents.len()).map(|d| format!("{name}_e{d}")).collect();
            let global: String = counters.iter().enumerate().map(|(d, e)| format!("[{name}_first{d} + {e}]")).collect();
            let (array, local) = (format!("{}{global}", buffer.array), layout.element(&counters));
            if buffer.read {
                self.put_copy_loops(&buffer.extents, &counters, &format!("{local} = {array};"));
            }
            copies.push((array, local, counters));
            self.scratch_buffers.push((buffer.array.clone(), FlatLayout { first, ..layout }));
        }
        let result = self.put_node(node);
        self.scratch_buffers.truncate(saved);
        for (buffer, (array, local, counters)) in site.buffers.iter().zip(copies) {
            self.put_copy_loops(&buffer.extents, &counters, &format!("{array} = {local};"));
        }
        self.level -= 1;
        self.line("}");
        result
    }

    /// Loops over `extents` with `counters`, the innermost one marked for
    /// vectorisation, around `statement`.
    fn put_copy_loops(&mut self, extents: &[u64], counters: &[String], statement: &str) {
        let level = self.level;
        for (d, (extent, counter)) in extents.iter().zip(counters).enumerate() {
            if self.openmp && d + 1 == extents.len() {
                self.line("#pragma omp simd");
            }
            self.line(&format!("for (int {counter} = 0; {counter} < {extent}; {counter}++)"));
            self.level += 1;
        }
        self.line(statement);
        self.level = level;
    }

    /// Prints `node` as the body of a loop or branch, braced when it is a
    /// block (or when `force_braces`).
    fn put_body(&mut self, node: &ASTNode, force_braces: bool) -> IslResult<()> {
        // A block's code may put a barrier after a statement or loop.
        let braces = force_braces || self.threads.is_some() || ast_node_type(&printed_node(node)?)? == ASTNodeType::Block;
        if braces {
            if let Some(last) = self.out.pop() {
                debug_assert_eq!(last, '\n');
                self.out.push_str(" {\n");
            }
        }
        self.level += 1;
        self.put_node(node)?;
        self.level -= 1;
        if braces {
            self.line("}");
        }
        Ok(())
    }

    fn put_for(&mut self, node: &ASTNode) -> IslResult<()> {
        let iterator = self.expr(&node.for_get_iterator()?)?.0;
        let init = self.expr(&node.for_get_init()?)?;
        // The block dimension whose threads share this loop, if any.
        let dim = self.threads.as_ref().and_then(|t| t.named.iter().find(|(it, _)| *it == iterator).map(|(_, d)| *d));
        if node.for_is_degenerate()? {
            let value = if init.1 < prec::ATOM { (format!("({})", init.0), prec::ATOM) } else { init };
            // A named loop that runs once: its one value still goes to the
            // thread that owns it.
            if let (Some(dim), Some(t)) = (dim, self.threads.as_mut()) {
                t.pinned.push((dim, value.0.clone()));
            }
            self.substitutions.insert(iterator.clone(), value);
            let result = self.put_node(&node.for_get_body()?);
            self.substitutions.remove(&iterator);
            if let (Some(_), Some(t)) = (dim, self.threads.as_mut()) {
                t.pinned.pop();
            }
            return result;
        }
        let cond = self.expr(&node.for_get_cond()?)?.0;
        let inc = self.expr(&node.for_get_inc()?)?.0;
        let step = if inc == "1" { format!("{iterator}++") } else { format!("{iterator} += {inc}") };
        let declare = if self.scop.outer_iterators.contains(&iterator) {
            if !self.used_outer.contains(&iterator) {
                self.used_outer.push(iterator.clone());
            }
            String::new()
        } else {
            format!("{} ", self.scop.counter_type)
        };
        // A loop that runs once (degenerate, printed as its body) gets no
        // pragma, and neither do the loops inside it: they carry other
        // iterators.
        let pragma = match &self.parallel_iterator {
            // Iterations doing unequal work (a triangle) are dealt
            // round-robin so that the threads get similar shares.
            Some((parallel, cyclic)) if self.openmp && *parallel == iterator => {
                Some(if *cyclic { "omp parallel for schedule(static, 1)" } else { "omp parallel for" })
            }
            _ if self.openmp && self.simd_iterator.as_ref() == Some(&iterator) => Some("omp simd"),
            _ => None,
        };
        // A simd loop that runs two statements its mark keeps apart gets its
        // pragma only once its body is printed, if they print alike.
        let watched = pragma == Some("omp simd") && self.holds_pair_apart(&node.for_get_body()?)?;
        let mut deferred = None;
        if let Some(pragma) = pragma {
            if let Some(private) = private_scalars(self.scop, self.privatizable, &node.for_get_body()?, &self.beside)? {
                let clause = if private.is_empty() { String::new() } else { format!(" private({})", private.join(", ")) };
                let at = self.out.len();
                self.line(&format!("#pragma {pragma}{clause}"));
                if watched {
                    deferred = Some((at, self.out.split_off(at)));
                }
            }
        }
        if let Some(dim) = dim {
            self.enter_control(Some(&iterator));
            let result = self.put_threads_for(node, &iterator, init, &cond, &inc, dim);
            self.leave_control();
            return result;
        }
        let outer_elements = if watched { self.simd_elements.replace(Vec::new()) } else { None };
        let result = self.put_loop(node, &iterator, init, &cond, &step, &declare);
        if watched {
            let elements = std::mem::replace(&mut self.simd_elements, outer_elements).unwrap_or_default();
            if let Some((at, pragma)) = deferred.filter(|_| self.prints_alike(&elements)) {
                self.out.insert_str(at, &pragma);
            }
        }
        result
    }

    /// Prints the loop of [`Writer::put_for`] after its pragma (`declare`:
    /// the iterator's type and a space, or nothing).
    fn put_loop(&mut self, node: &ASTNode, iterator: &str, init: (String, u8), cond: &str, step: &str, declare: &str) -> IslResult<()> {
        let iterator = iterator.to_string();
        // Within a block, only loops inside the threads' loops run in one
        // thread.
        let one_thread = self.threads.as_ref().is_none_or(|t| !t.distributed.is_empty());
        let registers = self.registers.is_some() && one_thread;
        let start = self.out.len();
        match self.registers.as_mut() {
            Some(r) if registers => r.loops.push(RegisterLoop { iterators: vec![iterator.clone()], ..RegisterLoop::default() }),
            _ => self.enter_control(Some(&iterator)),
        }
        self.line(&format!("for ({declare}{iterator} = {}; {cond}; {step})", init.0));
        let beside = std::mem::take(&mut self.beside);
        let result = self.put_body(&node.for_get_body()?, false);
        self.beside = beside;
        result?;
        match self.registers.as_mut().and_then(|r| if registers { r.loops.pop() } else { None }) {
            Some(this) => self.keep_in_registers(node, &iterator, init, start, this),
            None => {
                self.leave_control();
                Ok(())
            }
        }
    }

    /// Whether, for each pair the enclosing simd mark keeps apart whose
    /// statements both print `elements`, they print every element of each
    /// array one of them writes with the same subscripts (up to spaces and
    /// parentheses around a whole subscript): gcc then computes the same
    /// addresses for them and orders their accesses, under `omp simd` too.
    fn prints_alike(&self, elements: &[(String, String, Vec<String>)]) -> bool {
        let normal = |s: &str| -> String {
            let mut t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
            while t.starts_with('(') && t.ends_with(')') && encloses(&t) {
                t = t[1..t.len() - 1].to_string();
            }
            t
        };
        self.simd_apart.iter().all(|(a, b)| {
            let of = |name: &String| -> Vec<&(String, String, Vec<String>)> { elements.iter().filter(|e| e.0 == *name).collect() };
            let (in_a, in_b) = (of(a), of(b));
            if in_a.is_empty() || in_b.is_empty() {
                return true;
            }
            let written: Vec<&String> = self.scop.statements.iter().filter(|s| s.name == *a || s.name == *b).flat_map(|s| s.writes.iter().map(|w| &w.array)).collect();
            written.iter().all(|array| {
                let mut texts = in_a.iter().chain(&in_b).filter(|e| e.1 == **array).map(|e| e.2.iter().map(|s| normal(s)).collect::<Vec<_>>());
                let first = texts.next();
                texts.all(|t| Some(&t) == first.as_ref())
            })
        })
    }

    /// Whether `body` runs both statements of a pair the enclosing simd
    /// mark keeps apart.
    fn holds_pair_apart(&self, body: &ASTNode) -> IslResult<bool> {
        if self.simd_apart.is_empty() {
            return Ok(false);
        }
        let mut names = Vec::new();
        statement_names(body, &mut names)?;
        Ok(self.simd_apart.iter().any(|(a, b)| names.contains(a) && names.contains(b)))
    }

    /// Notes that the nodes printed next run under a loop (over `iterator`)
    /// or a branch inside the innermost loop [`Registers`] watches.
    fn enter_control(&mut self, iterator: Option<&str>) {
        if let Some(this) = self.registers.as_mut().and_then(|r| r.loops.last_mut()) {
            this.nesting += 1;
            this.iterators.extend(iterator.map(str::to_string));
        }
    }

    /// Ends what [`Self::enter_control`] began.
    fn leave_control(&mut self) {
        if let Some(this) = self.registers.as_mut().and_then(|r| r.loops.last_mut()) {
            this.nesting -= 1;
        }
    }

    /// After printing the loop `node` over `iterator` from `init` (the text
    /// from `start` on), with the accesses `this` noted: keeps the elements
    /// [`Registers`] allows in variables, loaded before the loop and stored
    /// after it when the loop runs at all, and passes the accesses on to
    /// the loop around it.
    fn keep_in_registers(&mut self, node: &ASTNode, iterator: &str, init: (String, u8), start: usize, this: RegisterLoop) -> IslResult<()> {
        let mut kept: Vec<PrintedElement> = Vec::new();
        // A barrier inside the loop would let other threads see memory.
        if !self.out[start..].contains("__syncthreads") {
            for access in &this.accesses {
                let element = &access.element;
                if kept.iter().any(|k| k.array == element.array) {
                    continue;
                }
                let all = || this.accesses.iter().filter(|a| a.element.array == element.array);
                let invariant = crate::ast::identifiers(&element.text).iter().all(|name| !this.iterators.contains(name));
                if invariant && all().all(|a| a.element.text == element.text) && all().any(|a| a.write && a.every_iteration) {
                    kept.push(element.clone());
                }
            }
        }
        let mut outer: Vec<Access> = this.accesses.iter().filter(|a| !kept.iter().any(|k| k.array == a.element.array)).cloned().collect();
        if !kept.is_empty() {
            let mut code = self.out.split_off(start);
            // The loop's condition at its first value, unless it holds
            // whatever the values around (the loops of a full tile).
            let always = always_runs(&node.for_get_init()?, &node.for_get_cond()?)?;
            if !always {
                let first = if init.1 < prec::ATOM { (format!("({})", init.0), prec::ATOM) } else { init };
                self.substitutions.insert(iterator.to_string(), first);
                let runs = self.expr(&node.for_get_cond()?);
                self.substitutions.remove(iterator);
                self.line(&format!("if ({}) {{", runs?.0));
            } else {
                self.line("{");
            }
            self.level += 1;
            let mut variables = Vec::new();
            for element in &kept {
                let declared = &mut self.registers.as_mut().expect("registers are on").declared;
                let variable = format!("iotile_reg_{declared}");
                *declared += 1;
                let ty = self.scop.arrays.iter().find(|a| a.name == element.array).map(|a| a.value_type()).ok_or_else(|| IslError(format!("no type for '{}'", element.array)))?;
                self.line(&format!("{ty} {variable} = {};", element.text));
                code = replace_element(&code, &element.text, &variable);
                variables.push(variable);
            }
            // One level deeper, inside the `if`.
            let indent = format!("{}  ", self.base_indent);
            for line in code.lines() {
                let _ = writeln!(self.out, "{indent}{}", line.strip_prefix(self.base_indent.as_str()).unwrap_or(line));
            }
            for (element, variable) in kept.iter().zip(&variables) {
                self.line(&format!("{} = {variable};", element.text));
            }
            self.level -= 1;
            self.line("}");
            // The loads and stores are accesses of the loop around.
            for element in kept {
                outer.push(Access { element: element.clone(), write: false, every_iteration: false });
                outer.push(Access { element, write: true, every_iteration: false });
            }
        }
        if let Some(around) = self.registers.as_mut().and_then(|r| r.loops.last_mut()) {
            around.accesses.extend(outer.into_iter().map(|a| Access { every_iteration: false, ..a }));
            around.iterators.extend(this.iterators);
        }
        Ok(())
    }

    /// A loop whose iterations the block's threads share along `dim`,
    /// followed at block level by a barrier. Value `v` goes to thread
    /// `iotile_owner(v, blockDim)` in every loop over that dimension,
    /// whatever its bounds (which may depend on outer loops): the
    /// instances that may conflict share their values of the named loops,
    /// so they run in one thread, in order.
    fn put_threads_for(&mut self, node: &ASTNode, iterator: &str, init: (String, u8), cond: &str, inc: &str, dim: char) -> IslResult<()> {
        let threads = format!("(int)blockDim.{dim}");
        let me = format!("(int)threadIdx.{dim}");
        let start = if init.1 < prec::ADDITIVE { format!("({})", init.0) } else { init.0 };
        let filtered = inc != "1";
        if filtered {
            // A strided loop visits every value and keeps its own.
            self.line(&format!("for ({} {iterator} = {start}; {cond}; {iterator} += {inc}) {{", self.scop.counter_type));
            self.level += 1;
            self.line(&format!("if ({} == {me})", owner(self.scop.counter_type, iterator, &threads)));
        } else {
            let first = owner(self.scop.counter_type, &format!("{me} - {start}"), &threads);
            self.line(&format!("for ({} {iterator} = {start} + {first}; {cond}; {iterator} += {threads})", self.scop.counter_type));
        }
        let at_block_level = self.threads.as_ref().is_some_and(|t| t.distributed.is_empty());
        if let Some(t) = self.threads.as_mut() {
            t.distributed.push(dim);
        }
        let beside = std::mem::take(&mut self.beside);
        let result = self.put_body(&node.for_get_body()?, false);
        self.beside = beside;
        if let Some(t) = self.threads.as_mut() {
            t.distributed.pop();
        }
        if filtered {
            self.level -= 1;
            self.line("}");
        }
        if at_block_level {
            self.line("__syncthreads();");
        }
        result
    }

    fn put_if(&mut self, node: &ASTNode) -> IslResult<()> {
        self.enter_control(None);
        let result = self.put_branches(node);
        self.leave_control();
        result
    }

    fn put_branches(&mut self, node: &ASTNode) -> IslResult<()> {
        let cond = self.expr(&node.if_get_cond()?)?.0;
        let has_else = node.if_has_else_node()?;
        self.line(&format!("if ({cond})"));
        // Braces unless the branch is one statement: an unbraced `if`
        // around a loop holding an `if ... else` trips -Wdangling-else.
        let then = node.if_get_then_node()?;
        let simple = ast_node_type(&without_marks(&then)?)? == ASTNodeType::User;
        self.put_body(&then, has_else || !simple)?;
        if has_else {
            self.line("else");
            self.put_body(&node.if_get_else_node()?, true)?;
        }
        Ok(())
    }

    fn put_user(&mut self, node: &ASTNode) -> IslResult<()> {
        let call = node.user_get_expr()?;
        let name = call.get_op_arg(0)?.get_id()?.get_name()?.to_string();
        let body = self
            .scop
            .statements
            .iter()
            .find(|s| s.name == name)
            .map(|s| &s.body)
            .or_else(|| self.final_values.iter().find(|f| f.statement == name).map(|f| &f.body))
            .ok_or_else(|| IslError(format!("unknown statement {name}")))?;
        let mut values = Vec::new();
        for i in 1..call.get_op_n_arg()? {
            let (text, p) = self.expr(&call.get_op_arg(i)?)?;
            values.push(if p < prec::ATOM { format!("({text})") } else { text });
        }
        let buffers = self.threads.as_ref().map(|t| t.buffers.as_slice()).unwrap_or_default();
        let (text, elements) = match self.flat {
            Some(extents) => body.substitute_flat(&values, &|array| match self.scratch_buffers.iter().chain(buffers).find(|(a, _)| a == array) {
                Some((_, layout)) => Some(layout.clone()),
                None => Some(FlatLayout { name: array.to_string(), first: Vec::new(), extents: extents.get(array).cloned().unwrap_or_default() }),
            }),
            None if !self.scratch_buffers.is_empty() => {
                body.substitute_flat(&values, &|array| self.scratch_buffers.iter().find(|(a, _)| a == array).map(|(_, layout)| layout.clone()))
            }
            None => (body.substitute(&values), Vec::new()),
        };
        if let Some(printed) = self.simd_elements.as_mut() {
            printed.extend(body.elements(&values).into_iter().map(|(array, subscripts)| (name.clone(), array, subscripts)));
        }
        let counter = self.scop.counter_type;
        let Some(threads) = self.threads.as_mut() else {
            self.note_accesses(&name, elements, false);
            self.line(&text);
            return Ok(());
        };
        // Along each dimension whose loop does not enclose the statement,
        // one thread runs it: the owner of the value of a loop that runs
        // once, else the first.
        let guard: Vec<String> = threads
            .dims
            .iter()
            .filter(|d| !threads.distributed.contains(d))
            .map(|d| match threads.pinned.iter().rev().find(|(p, _)| p == d) {
                Some((_, value)) => format!("{} == (int)threadIdx.{d}", owner(counter, value, &format!("(int)blockDim.{d}"))),
                None => format!("threadIdx.{d} == 0"),
            })
            .collect();
        let at_block_level = threads.distributed.is_empty();
        if at_block_level {
            threads.block_level.push(name.clone());
        }
        self.note_accesses(&name, elements, !guard.is_empty());
        if guard.is_empty() {
            self.line(&text);
        } else {
            self.line(&format!("if ({}) {{", guard.join(" && ")));
            self.level += 1;
            self.line(&text);
            self.level -= 1;
            self.line("}");
        }
        if at_block_level {
            self.line("__syncthreads();");
        }
        Ok(())
    }

    /// Notes for [`Registers`] the elements statement `name` accesses,
    /// printed under a guard that only some threads pass when `guarded`.
    fn note_accesses(&mut self, name: &str, elements: Vec<PrintedElement>, guarded: bool) {
        let Some(this) = self.registers.as_mut().and_then(|r| r.loops.last_mut()) else { return };
        let written: Vec<&String> = self.scop.statements.iter().filter(|s| s.name == name).flat_map(|s| s.writes.iter().map(|w| &w.array)).collect();
        let every_iteration = this.nesting == 0 && !guarded;
        for element in elements {
            let write = written.contains(&&element.array);
            this.accesses.push(Access { element, write, every_iteration });
        }
    }

    /// Prints an expression, giving its text and precedence.
    fn expr(&self, e: &ASTExpr) -> IslResult<(String, u8)> {
        match e.get_type()? {
            ASTExprType::Int => {
                let v = e.get_val()?.get_num_si()?;
                Ok((v.to_string(), if v < 0 { prec::UNARY } else { prec::ATOM }))
            }
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                Ok(self.substitutions.get(&name).cloned().unwrap_or((name, prec::ATOM)))
            }
            ASTExprType::Op => self.op(e),
            ASTExprType::Error => Err(IslError("invalid AST expression".into())),
        }
    }

    /// `arg` printed for a context that needs at least precedence `min`.
    fn operand(&self, e: &ASTExpr, pos: i32, min: u8) -> IslResult<String> {
        let (text, p) = self.expr(&e.get_op_arg(pos)?)?;
        Ok(if p < min { format!("({text})") } else { text })
    }

    fn binary(&self, e: &ASTExpr, op: &str, p: u8) -> IslResult<(String, u8)> {
        let a = self.operand(e, 0, p)?;
        let b = self.operand(e, 1, p + 1)?;
        Ok((format!("{a} {op} {b}"), p))
    }

    fn op(&self, e: &ASTExpr) -> IslResult<(String, u8)> {
        use ASTExprOpType as O;
        let n = e.get_op_n_arg()?;
        match e.get_op_type()? {
            O::And | O::AndThen => self.binary(e, "&&", prec::AND),
            O::Or | O::OrElse => {
                // `a && b || c` is legal C but gcc -Wall asks for parentheses.
                let a = self.operand(e, 0, prec::AND + 1)?;
                let b = self.operand(e, 1, prec::AND + 1)?;
                Ok((format!("{a} || {b}"), prec::OR))
            }
            O::Max | O::Min => {
                let (cmp, helper) = if e.get_op_type()? == O::Max { (">=", "iotile_max") } else { ("<=", "iotile_min") };
                let operands: Vec<String> = (0..n).map(|i| self.operand(e, i, prec::ADDITIVE)).collect::<IslResult<_>>()?;
                // A ternary repeats its operands: the text doubles with
                // every operand, and with every nesting.
                let inline = operands[1..].iter().try_fold(operands[0].clone(), |acc, next| {
                    let text = format!("({acc} {cmp} {next} ? {acc} : {next})");
                    (text.len() <= INLINE_TEXT).then_some(text)
                });
                let called = || operands[1..].iter().fold(operands[0].clone(), |acc, next| format!("{helper}({acc}, {next})"));
                Ok((inline.unwrap_or_else(called), prec::ATOM))
            }
            O::Minus => Ok((format!("-{}", self.operand(e, 0, prec::ATOM)?), prec::UNARY)),
            O::Add => self.binary(e, "+", prec::ADDITIVE),
            O::Sub => self.binary(e, "-", prec::ADDITIVE),
            O::Mul => self.binary(e, "*", prec::MULTIPLICATIVE),
            O::Div | O::PdivQ => self.binary(e, "/", prec::MULTIPLICATIVE),
            O::PdivR | O::ZdivR => self.binary(e, "%", prec::MULTIPLICATIVE),
            O::FdivQ => {
                // Floor division by a positive divisor, exact for negative
                // dividends (C's `/` truncates).
                let a = self.operand(e, 0, prec::ATOM)?;
                let b = self.operand(e, 1, prec::ATOM)?;
                let text = format!("({a} < 0 ? -((-{a} + {b} - 1) / {b}) : {a} / {b})");
                Ok((if text.len() <= INLINE_TEXT { text } else { format!("iotile_floord({a}, {b})") }, prec::ATOM))
            }
            O::Cond | O::Select => {
                let c = self.operand(e, 0, prec::OR)?;
                let a = self.operand(e, 1, prec::OR)?;
                let b = self.operand(e, 2, prec::CONDITIONAL)?;
                Ok((format!("{c} ? {a} : {b}"), prec::CONDITIONAL))
            }
            O::Eq => self.binary(e, "==", prec::EQUALITY),
            O::Le => self.binary(e, "<=", prec::RELATIONAL),
            O::Lt => self.binary(e, "<", prec::RELATIONAL),
            O::Ge => self.binary(e, ">=", prec::RELATIONAL),
            O::Gt => self.binary(e, ">", prec::RELATIONAL),
            O::Call => {
                let f = self.operand(e, 0, prec::ATOM)?;
                let args = (1..n).map(|i| self.operand(e, i, prec::CONDITIONAL)).collect::<IslResult<Vec<_>>>()?;
                Ok((format!("{f}({})", args.join(", ")), prec::ATOM))
            }
            O::Access => {
                let mut s = self.operand(e, 0, prec::ATOM)?;
                for i in 1..n {
                    let _ = write!(s, "[{}]", self.operand(e, i, prec::CONDITIONAL)?);
                }
                Ok((s, prec::ATOM))
            }
            O::Member => Ok((format!("{}.{}", self.operand(e, 0, prec::ATOM)?, self.operand(e, 1, prec::ATOM)?), prec::ATOM)),
            O::AddressOf => Ok((format!("&{}", self.operand(e, 0, prec::ATOM)?), prec::UNARY)),
            O::Error => Err(IslError("invalid AST operation".into())),
        }
    }
}

/// The privatizable scalars that statements inside `node` (a loop
/// body) write; `None` when a value of one of them passes between a
/// statement inside and one beside the loop: isl's code generation may
/// run part of an iteration of a schedule loop outside the loop it
/// prints (a statement at a single point, after the loop of the
/// others), and a private copy would lose that value, so the loop
/// must stay sequential.
pub fn private_scalars(scop: &Scop, privatizable: &Privatization, node: &ASTNode, beside: &[String]) -> IslResult<Option<Vec<String>>> {
    let mut inside = Vec::new();
    statement_names(node, &mut inside)?;
    let mut private: Vec<String> = Vec::new();
    for s in scop.statements.iter().filter(|s| inside.contains(&s.name)) {
        for w in &s.writes {
            if privatizable.scalars.contains(&w.array) && !private.contains(&w.array) {
                private.push(w.array.clone());
            }
        }
    }
    let crosses = |a: &String, b: &String| inside.contains(a) && beside.contains(b);
    let leaks = privatizable.flows.iter().any(|f| {
        private.contains(&f.scalar) && (crosses(&f.source, &f.sink) || crosses(&f.sink, &f.source))
    });
    Ok((!leaks).then_some(private))
}

/// Whether a loop from `init` while `cond` (`iterator <= e` or
/// `iterator < e`) runs at least once whatever the values of the names in
/// them: `e - init` is a constant, large enough.
fn always_runs(init: &ASTExpr, cond: &ASTExpr) -> IslResult<bool> {
    use ASTExprOpType as O;
    if cond.get_type()? != ASTExprType::Op {
        return Ok(false);
    }
    let least = match cond.get_op_type()? {
        O::Le => 0,
        O::Lt => 1,
        _ => return Ok(false),
    };
    let (Some(upper), Some(lower)) = (linear(&cond.get_op_arg(1)?)?, linear(init)?) else { return Ok(false) };
    let mut difference = upper;
    for (name, c) in lower {
        *difference.entry(name).or_insert(0) -= c;
    }
    let constant = difference.remove("").unwrap_or(0);
    Ok(difference.values().all(|&c| c == 0) && constant >= least)
}

/// An affine expression of the AST as coefficients by name (the constant
/// under ""), `None` for anything else (`min`, `max`, divisions).
fn linear(e: &ASTExpr) -> IslResult<Option<HashMap<String, i64>>> {
    use ASTExprOpType as O;
    Ok(match e.get_type()? {
        ASTExprType::Int => Some(HashMap::from([(String::new(), e.get_val()?.get_num_si()?)])),
        ASTExprType::Id => Some(HashMap::from([(e.get_id()?.get_name()?.to_string(), 1)])),
        ASTExprType::Op => {
            let arg = |i| linear(&e.get_op_arg(i)?);
            let scaled = |f: HashMap<String, i64>, k: i64| f.into_iter().map(|(n, c)| (n, c * k)).collect::<HashMap<_, _>>();
            let sum = |a: HashMap<String, i64>, b: HashMap<String, i64>| {
                let mut a = a;
                for (n, c) in b {
                    *a.entry(n).or_insert(0) += c;
                }
                a
            };
            let constant = |f: &HashMap<String, i64>| f.iter().all(|(n, c)| n.is_empty() || *c == 0).then(|| f.get("").copied().unwrap_or(0));
            match e.get_op_type()? {
                O::Add => arg(0)?.zip(arg(1)?).map(|(a, b)| sum(a, b)),
                O::Sub => arg(0)?.zip(arg(1)?).map(|(a, b)| sum(a, scaled(b, -1))),
                O::Minus => arg(0)?.map(|a| scaled(a, -1)),
                O::Mul => match (arg(0)?, arg(1)?) {
                    (Some(a), Some(b)) => match (constant(&a), constant(&b)) {
                        (Some(k), _) => Some(scaled(b, k)),
                        (_, Some(k)) => Some(scaled(a, k)),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            }
        }
        ASTExprType::Error => None,
    })
}

/// Whether the parenthesis that opens `text` closes at its end.
fn encloses(text: &str) -> bool {
    let mut depth = 0;
    for (k, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1 == text.len();
                }
            }
            _ => {}
        }
    }
    false
}

/// `code` with each occurrence of the array element `element` (its text,
/// which starts with the array's name) replaced by `variable`.
fn replace_element(code: &str, element: &str, variable: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find(element) {
        // `C[...]` inside `AC[...]` is another array's element.
        let inside_name = rest[..at].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        out.push_str(&rest[..at]);
        out.push_str(if inside_name { element } else { variable });
        rest = &rest[at + element.len()..];
    }
    out.push_str(rest);
    out
}

/// The children of the block `node`, each with the names of the
/// statements of the other children: what runs beside it.
pub fn block_children(node: &ASTNode) -> IslResult<Vec<(ASTNode, Vec<String>)>> {
    let children = node.block_get_children()?;
    let mut nodes = Vec::new();
    let mut names = Vec::new();
    for i in 0..children.n_ast_node()? {
        let child = children.get_at(i)?;
        let mut these = Vec::new();
        statement_names(&child, &mut these)?;
        nodes.push(child);
        names.push(these);
    }
    Ok(nodes
        .into_iter()
        .enumerate()
        .map(|(i, child)| {
            let others = names.iter().enumerate().filter(|(j, _)| *j != i).flat_map(|(_, n)| n.iter().cloned()).collect();
            (child, others)
        })
        .collect())
}

/// The node whose code `node` prints first: past marks, and past loops
/// that run once (printed as their body, the iterator replaced by its
/// value), so a block inside such a loop is braced.
fn printed_node(node: &ASTNode) -> IslResult<ASTNode> {
    let mut node = without_marks(node)?;
    while ast_node_type(&node)? == ASTNodeType::For && node.for_is_degenerate()? {
        node = without_marks(&node.for_get_body()?)?;
    }
    Ok(node)
}

/// The node below any marks at `node` (marks print nothing themselves).
pub fn without_marks(node: &ASTNode) -> IslResult<ASTNode> {
    let mut node = node.copy()?;
    while ast_node_type(&node)? == ASTNodeType::Mark {
        node = node.mark_get_node()?;
    }
    Ok(node)
}

/// The thread of `threads` that runs value `v` of a loop they share
/// (`iotile_owner`, which takes an `int`): a value of a `long` counter is
/// first taken modulo the thread count, which keeps its owner.
fn owner(counter: &str, v: &str, threads: &str) -> String {
    if counter == "int" {
        format!("iotile_owner({v}, {threads})")
    } else {
        format!("iotile_owner((int)(({v}) % {threads}), {threads})")
    }
}

/// Whether `code` reads the variable `name` anywhere but in a pragma: an
/// occurrence that is not the target of an assignment, `++` or `--`.
pub(crate) fn is_read(code: &str, name: &str) -> bool {
    const WRITES: [&str; 13] = ["+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", "++", "--", "="];
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.lines().filter(|l| !l.trim_start().starts_with('#')).any(|line| {
        line.match_indices(name).any(|(at, _)| {
            let before = &line[..at];
            let after = line[at + name.len()..].trim_start();
            let whole = !before.ends_with(word) && !line[at + name.len()..].starts_with(word);
            let written = (WRITES.iter().any(|w| after.starts_with(w)) && !after.starts_with("=="))
                || before.trim_end().ends_with("++")
                || before.trim_end().ends_with("--");
            whole && !written
        })
    })
}

#[cfg(test)]
mod tests {
    use super::is_read;

    /// Assignments, `++` and pragmas do not read a variable; any other
    /// occurrence of the whole name does.
    #[test]
    fn only_reads_count_as_reads() {
        assert!(!is_read("  v0 = 1;\n  v0 += 2;\n  ++v0;\n  v0--;\n", "v0"));
        assert!(!is_read("  #pragma omp parallel for private(v0)\n  v00 = x0v0;\n", "v0"));
        assert!(is_read("  v0 = 1;\n  A[i] = v0 * 2;\n", "v0"));
        assert!(is_read("  if (v0 == 3)\n", "v0"));
        assert!(is_read("  v0 = v0 + 1;\n", "v0"));
    }
}
