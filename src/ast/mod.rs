//! AST generation: from a schedule tree to an isl AST.
//!
//! Owns the one call into `isl_ast_build_node_from_schedule` and the choice
//! of names for generated loop iterators, which must not clash with any
//! identifier of the region. Also appends statements that give iterators
//! declared before the region the values the original loops leave in them.
//! The result, [`RegionAst`], is what every printer consumes; printers never
//! call isl's AST generator themselves.

use std::collections::HashSet;

use isl_rs::{ASTExpr, ASTNode, ASTNodeType, DimType, LocalSpace, Map, MultiUnionPwAff, PwAff, PwMultiAff, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionPwAff, UnionSet};

use crate::isl::{ast_node_type, or_constant, tuple_names, AstBuild, BuildAt, IslError, IslResult};
use crate::marks::{is_registers_mark, scratch_mark_index, thread_mark_depths};
use crate::scop::{Body, BodyPiece, Scop};
use crate::transform::shared::{element_bytes, BandCopies};

pub mod check;

/// The generated AST of one region.
pub struct RegionAst {
    /// The loop nest, followed by the final-value statements.
    pub root: ASTNode,
    /// The schedule `root` was generated from: the region's, with the
    /// final-value statements after it (what [`check::check`] reads it
    /// against).
    pub schedule: Schedule,
    /// Statements iotile adds after the region's own: `F_<k>` assigns a
    /// live iterator its final value (see [`final_value_statements`]).
    pub final_values: Vec<FinalValue>,
    /// Names of the generated loop iterators by schedule depth.
    pub iterators: Vec<String>,
    /// The shared-memory copies of the bands (CUDA; empty elsewhere).
    pub shared: Vec<BandCopies>,
    /// The places where a band with copies runs: the thread mark above it,
    /// annotated `copy_<k>` for place `k`.
    pub copy_sites: Vec<CopySite>,
    /// The tile-local buffers of the scratch marks (with post-tiling
    /// fusion): entry `k` for the mark `scratch_<k>`.
    pub scratch: Vec<BandCopies>,
    /// The places where a scratch mark's subtree runs, annotated
    /// `scratch_site_<k>` for place `k` (their `band` indexes
    /// [`Self::scratch`]).
    pub scratch_sites: Vec<CopySite>,
    /// The places where a register tile's reduction runs with arrays held
    /// in local buffers, annotated `registers_site_<k>` for place `k`.
    pub register_sites: Vec<RegisterSite>,
    /// The parameter values for which a value the generated code computes
    /// (a loop counter, one stride past its last value, or a bound) could
    /// pass the range of the type it counts in ([`overflow_params`]); the
    /// region's original code runs there. `None` where there are none.
    pub overflow: Option<isl_rs::Set>,
}

/// One place in the AST where a register tile's reduction band runs (see
/// [`crate::transform::tile`]) with the block of each of some arrays held
/// in a local buffer: loaded before the band (where it reads the array),
/// stored after it, every access of the array below going to the buffer.
/// An array gets one only where the box of elements its accesses there
/// span has a fixed size and every element of it is written there, so
/// that the store writes back exactly what the band wrote: the block is
/// full, and no other thread's elements are touched.
pub struct RegisterSite {
    pub buffers: Vec<RegisterBuffer>,
}

/// A block of one array held in a local buffer (see [`RegisterSite`]).
pub struct RegisterBuffer {
    /// The array.
    pub array: String,
    /// Its element type, without qualifiers.
    pub element_type: String,
    /// The buffer's name.
    pub name: String,
    /// Per dimension, the subscript of the block's first element, in the
    /// loop iterators in scope.
    pub first: Vec<ASTExpr>,
    /// The block's extents.
    pub extents: Vec<u64>,
    /// Whether the band reads the array (the buffer is then loaded first).
    pub read: bool,
}

impl RegisterBuffer {
    /// The number of elements the buffer holds.
    pub fn elements(&self) -> u64 {
        self.extents.iter().product()
    }
}

/// The most bytes the buffers of one register tile take together: eight
/// vectors of 64 bytes, a quarter of the vector registers of a CPU with
/// 512-bit vectors (the rest hold the operands).
pub const REGISTER_BYTES: u64 = 512;

/// The register site a mark's annotation names, if any.
pub fn register_site_index(mark: &ASTNode) -> Option<usize> {
    crate::isl::annotation_name(mark)?.strip_prefix("registers_site_")?.parse().ok()
}

/// Per dimension of a buffer, the first and the last subscript of its box
/// as expressions of the loop iterators in scope.
pub type BoxBounds = Vec<(ASTExpr, ASTExpr)>;

/// One place in the AST where a band with shared-memory copies (or
/// tile-local buffers) runs.
pub struct CopySite {
    /// The band (an index into [`RegionAst::shared`] or
    /// [`RegionAst::scratch`]).
    pub band: usize,
    /// Per buffer of the band, per dimension, the box's first and last
    /// subscripts as expressions of the loop iterators in scope there.
    pub bounds: Vec<BoxBounds>,
}

/// The annotation of the mark above copy site `k`.
fn copy_site_name(k: usize) -> String {
    format!("copy_{k}")
}

/// The copy site a mark's annotation names, if any.
pub fn copy_site_index(mark: &ASTNode) -> Option<usize> {
    crate::isl::annotation_name(mark)?.strip_prefix("copy_")?.parse().ok()
}

/// The scratch site a mark's annotation names, if any.
pub fn scratch_site_index(mark: &ASTNode) -> Option<usize> {
    crate::isl::annotation_name(mark)?.strip_prefix("scratch_site_")?.parse().ok()
}

/// An assignment `name = <value>;` appended after the loops.
pub struct FinalValue {
    /// isl tuple name of the statement, `F_<k>`.
    pub statement: String,
    /// The iterator variable assigned.
    pub name: String,
    /// The body: `name = ` followed by the statement's last iterator.
    pub body: Body,
}

/// Chooses `count` loop-iterator names, outermost first. At a depth where
/// every statement has the same source iterator and that variable is
/// declared before the region and not read after it, the generated loop reuses it (so the code
/// reads like the source and the variable does not become unused); other
/// depths (and counting-down loops) get `c<depth>`, with a longer prefix if any such name is in `used`.
/// Only a region that counts in `int` reuses them: where it counts in
/// `long`, a tile loop's counter passes the last value of the source
/// iterator by up to a tile, which an `unsigned i` near `UINT_MAX` cannot
/// hold (it wrapped to 0, and the tile loop never ended).
pub fn iterator_names(scop: &Scop, used: &HashSet<String>, count: usize, reuse_outer: bool) -> Vec<String> {
    let mut prefix = String::from("c");
    while (0..count).any(|i| used.contains(&format!("{prefix}{i}"))) {
        prefix.push('_');
    }
    // A live iterator keeps its value where none of its loops runs, and
    // the generated loop at its depth (a tile loop, or a loop the new
    // schedule moved there) may start where none of them would: its final
    // value is assigned after the loops instead.
    let live = |n: &String| scop.live_iterators.iter().any(|l| &l.name == n);
    let mut chosen: Vec<String> = Vec::with_capacity(count);
    for depth in 0..count {
        // A counting-down loop is generated counting up over -i, so its
        // variable cannot be reused; nor can a name an outer loop took
        // (a nested `for (int i ...)` that hides the outer variable `i`).
        let mut names = scop
            .statements
            .iter()
            .filter(|s| s.iterators.len() > depth)
            .map(|s| (!s.decreasing[depth]).then_some(&s.iterators[depth]));
        let first = names.next().flatten();
        let name = match first {
            Some(n) if reuse_outer && scop.counter_type == "int" && names.all(|m| m == Some(n)) && scop.outer_iterators.contains(n) && !chosen.contains(n) && !live(n) => n.clone(),
            _ => format!("{prefix}{depth}"),
        };
        chosen.push(name);
    }
    chosen
}

/// Identifiers occurring in `text` (a cheap lexical scan).
pub fn identifiers(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            current.push(c);
        } else {
            if current.chars().next().is_some_and(|f| !f.is_ascii_digit()) {
                out.insert(current.clone());
            }
            current.clear();
        }
    }
    out
}

/// Generates the AST executing `schedule` for `scop`, followed by the
/// assignments of final iterator values; `used` lists the identifiers
/// generated names must avoid; `reuse_outer` lets loops reuse iterators
/// declared before the region (see [`iterator_names`]). Each place where
/// a band with shared-memory copies (`shared`, planned on `schedule`)
/// runs becomes a [`CopySite`], and so does each place where a scratch
/// mark's subtree runs (its buffers are `scratch[k]` for `scratch_<k>`).
pub fn generate(scop: &Scop, schedule: Schedule, used: &HashSet<String>, reuse_outer: bool, shared: Vec<BandCopies>, scratch: Vec<BandCopies>) -> IslResult<RegionAst> {
    let depth = scop.statements.iter().map(|s| s.iterators.len()).max().unwrap_or(0);
    let names = iterator_names(scop, used, 4 * depth + 4, reuse_outer);
    // The AST, the schedule it was generated from, the final values and
    // the copy and scratch sites.
    type Generated = (ASTNode, Schedule, Vec<FinalValue>, Vec<CopySite>, Vec<CopySite>, Vec<RegisterSite>);
    let registers = has_registers_mark(&schedule.get_root()?)?;
    let with_finals = |split: bool| -> IslResult<Generated> {
        let (finals, final_values) = final_value_statements(scop, depth, split)?;
        let schedule = match finals {
            Some(f) => schedule.copy()?.sequence(f)?,
            None => schedule.copy()?,
        };
        let build = AstBuild::from_context(scop.context.copy()?)?.set_iterators(&names)?;
        let (mut sites, mut scratch_sites, mut register_sites) = (Vec::new(), Vec::new(), Vec::new());
        let root = match shared.iter().any(|b| !b.buffers.is_empty()) || !scratch.is_empty() || registers {
            true => build.node_from_schedule_with_marks(schedule.copy()?, &mut |mark, at| match scratch_mark_index(mark) {
                Some(k) => scratch_site(k, at, &scratch, &mut scratch_sites),
                None if is_registers_mark(mark) => register_site(scop, at, &mut register_sites),
                None => copy_site(mark, at, &shared, &mut sites),
            })?,
            false => build.node_from_schedule(schedule.copy()?)?,
        };
        Ok((root, schedule, final_values, sites, scratch_sites, register_sites))
    };
    // isl's AST generation can fail on a many-piece final value with
    // divisions (an internal error in its coefficient reduction; a
    // downward strided loop), not on its pieces one at a time.
    let (root, schedule, final_values, copy_sites, scratch_sites, register_sites) = with_finals(false).or_else(|_| with_finals(true))?;
    let overflow = overflow_params(scop, &schedule)?;
    Ok(RegionAst { root, schedule, final_values, iterators: names, shared, copy_sites, scratch, scratch_sites, register_sites, overflow })
}

/// Every band node of the tree at `node`.
fn collect_bands(node: ScheduleNode, bands: &mut Vec<ScheduleNode>) -> IslResult<()> {
    for i in 0..node.n_children()? {
        collect_bands(node.get_child(i)?, bands)?;
    }
    if node.get_type()? == ScheduleNodeType::Band {
        bands.push(node);
    }
    Ok(())
}

/// The largest magnitude of a parameter, and of a value of a schedule,
/// for which the generated code counts without overflow in `int`: a
/// quarter and an eighth of its range, so that a bound
/// adding a few such values and constants (`-hi + 3 * c0 + 2`), and a
/// counter one stride (a tile) past its last value, stay in it.
const OVERFLOW_LIMITS: (u64, u64) = (1 << 28, 1 << 29);

/// isl operations [`overflow_params`] may spend on the values of the
/// bands before it bounds the iterators instead (the overlapped tiles of
/// a fused image pipeline took millions).
const OVERFLOW_OPERATIONS: u64 = 300_000;

/// The parameter values (within [`Scop::context`]) for which the code
/// generated for `schedule` could overflow: the loops count in
/// [`Scop::counter_type`], and a skewed band's values are sums of the
/// iterators' (`i + j` of two `int` loops near `INT_MAX`), a tile loop's
/// counter passes the last value by up to a tile, and its bounds add
/// parameters to counters. The source's loops over the same values do
/// not overflow, so those values of the parameters (a parameter of
/// magnitude past the first of [`OVERFLOW_LIMITS`], or a band member's
/// value past the second) are left to the original code. Where the
/// bands' values take isl more than [`OVERFLOW_OPERATIONS`], the
/// iterators are bounded instead, by a 32nd of that (a band member
/// summing more than 32 of them, or of the parameters, is unheard of).
/// `None` where there are no such values (the context bounds the
/// parameters).
fn overflow_params(scop: &Scop, schedule: &Schedule) -> IslResult<Option<isl_rs::Set>> {
    use isl_rs::{Set, Val};
    // Where the loops count in `long`, their values come from 32-bit
    // parameters and iterators, or from `long` ones taken as far from
    // `LONG_MAX` (a test against 2^60 of an `int` would be one gcc's
    // -Wtype-limits calls always false).
    if scop.counter_type != "int" {
        return Ok(None);
    }
    let context = scop.context.copy()?;
    let space = context.get_space()?;
    let ctx = space.get_ctx();
    let (parameter_limit, value_limit) = OVERFLOW_LIMITS;
    let past = |limit: u64| Val::int_from_ui(&ctx, limit + 1);
    // Where `values` (one dimension, `dim`, checked) passes `limit`.
    let beyond = |values: &Set, dim: DimType, k: u32, limit: u64| -> IslResult<Set> {
        let above = values.copy()?.lower_bound_val(dim, k, past(limit)?)?;
        let below = values.copy()?.upper_bound_val(dim, k, past(limit)?.neg()?)?;
        Ok(above.union(below)?.params()?.align_params(space.copy()?)?)
    };
    let domains = scop.statements.iter().map(|s| s.domain.copy()?.align_params(space.copy()?)).collect::<Result<Vec<_>, _>>()?;
    let mut bad = context.copy()?.subtract(context.copy()?)?;
    for p in 0..context.dim(DimType::Param)?.max(0) as u32 {
        let involved = domains.iter().map(|d| d.involves_dims(DimType::Param, p, 1));
        if involved.collect::<Result<Vec<bool>, _>>()?.into_iter().any(|b| b) {
            bad = bad.union(beyond(&context, DimType::Param, p, parameter_limit)?)?;
        }
    }
    // Each member of each band on the instances that reach it, one at a
    // time (the flat map of the whole schedule has many more dimensions
    // to project out).
    let members = crate::isl::within_operations(&ctx, OVERFLOW_OPERATIONS, || {
        let mut bands = Vec::new();
        collect_bands(schedule.get_root()?, &mut bands)?;
        let mut bad = context.copy()?.subtract(context.copy()?)?;
        for band in bands {
            let partial = band.band_get_partial_schedule()?;
            let domain = band.get_domain()?;
            for k in 0..band.band_n_member()? {
                let member = UnionMap::from_union_pw_aff(partial.get_at(k)?)?.intersect_domain(domain.copy()?)?.range()?.get_set_list()?;
                for i in 0..member.size()? {
                    bad = bad.union(beyond(&member.get_at(i)?, DimType::Set, 0, value_limit)?)?;
                }
            }
        }
        Ok(bad)
    });
    bad = match members {
        // (Only what the parameters' own limits leave: the test reads
        // `n >= 268435457` rather than that and a sum implying it.)
        Some(members) => {
            let members = members.subtract(bad.copy()?)?.coalesce()?;
            bad.union(members)?
        }
        None => {
            for domain in &domains {
                for k in 0..domain.dim(DimType::Set)?.max(0) as u32 {
                    bad = bad.union(beyond(domain, DimType::Set, k, value_limit / 32)?)?;
                }
            }
            bad
        }
    };
    let bad = bad.intersect(context)?.coalesce()?;
    Ok(if bad.is_empty()? { None } else { Some(bad) })
}

/// Adds a copy site for the thread mark `mark` whose subtree the build
/// `at` is about to generate, when the band below has shared-memory
/// copies; gives the mark's annotation.
fn copy_site(mark: &str, at: &BuildAt, shared: &[BandCopies], sites: &mut Vec<CopySite>) -> IslResult<Option<String>> {
    if thread_mark_depths(mark).is_none() {
        return Ok(None);
    }
    let names = tuple_names(&at.schedule()?.domain()?)?;
    let Some(band) = shared.iter().position(|b| !b.buffers.is_empty() && names.iter().all(|n| b.statements.contains(n))) else { return Ok(None) };
    let Some(bounds) = site_bounds(&shared[band], at)? else { return Ok(None) };
    sites.push(CopySite { band, bounds });
    Ok(Some(copy_site_name(sites.len() - 1)))
}

/// Adds a scratch site for the mark of `scratch[k]` whose subtree the
/// build `at` is about to generate; gives the mark's annotation.
fn scratch_site(k: usize, at: &BuildAt, scratch: &[BandCopies], sites: &mut Vec<CopySite>) -> IslResult<Option<String>> {
    let buffers = scratch.get(k).ok_or_else(|| IslError(format!("no scratch plan {k}")))?;
    let bounds = site_bounds(buffers, at)?.ok_or_else(|| IslError("the tile-local buffers' bounds are not functions of the loops around them".into()))?;
    sites.push(CopySite { band: k, bounds });
    Ok(Some(format!("scratch_site_{}", sites.len() - 1)))
}

/// Whether a register tile's mark is in the subtree at `node`.
fn has_registers_mark(node: &ScheduleNode) -> IslResult<bool> {
    if node.get_type()? == ScheduleNodeType::Mark && is_registers_mark(node.mark_get_id()?.get_name()?) {
        return Ok(true);
    }
    for i in 0..node.n_children()? {
        if has_registers_mark(&node.get_child(i)?)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Adds a register site for the register tile's mark whose subtree the
/// build `at` is about to generate, where some array may be held in a
/// local buffer there (see [`RegisterSite`]); gives the mark's annotation.
fn register_site(scop: &Scop, at: &BuildAt, sites: &mut Vec<RegisterSite>) -> IslResult<Option<String>> {
    let generated = at.schedule()?;
    let instances = generated.copy()?.domain()?;
    // Per array: the loops in scope -> the elements accessed below.
    let per_loops = |accesses: UnionMap| -> IslResult<Map> { Ok(Map::from_union_map(generated.copy()?.reverse()?.apply_range(accesses)?)?) };
    let mut buffers = Vec::new();
    let mut bytes = 0;
    for array in scop.arrays.iter().filter(|a| !a.extents.is_empty()) {
        // Its writes or reads by the instances below, if any.
        let accesses = |write: bool| -> IslResult<Option<UnionMap>> {
            let these = scop.array_accesses(&array.name, write)?.intersect_domain(instances.copy()?)?;
            Ok(if these.is_empty()? { None } else { Some(these) })
        };
        let Some(writes) = accesses(true)? else { continue };
        let reads = accesses(false)?;
        let read = reads.is_some();
        let touched = per_loops(match reads {
            Some(r) => r.union(writes.copy()?)?,
            None => writes.copy()?,
        })?;
        let written = per_loops(writes)?;
        let hull = touched.get_range_simple_fixed_box_hull()?;
        if !hull.is_valid()? {
            continue;
        }
        let size = hull.get_size()?;
        let mut extents = Vec::new();
        for d in 0..touched.dim(DimType::Out)? {
            let v = size.get_val(d)?;
            extents.push(if v.is_int()? && v.is_pos()? { v.get_num_si()? as u64 } else { 0 });
        }
        let elements: u64 = extents.iter().product();
        let Some(need) = element_bytes(&array.value_type()).map(|b| b * elements) else { continue };
        if elements <= 1 || bytes + need > REGISTER_BYTES {
            continue;
        }
        // Every element of the box is written here.
        let offset = hull.get_offset()?;
        let names = |p: &str| (0..extents.len()).map(|d| format!("{p}{d}")).collect::<Vec<_>>().join(", ");
        let within = extents.iter().enumerate().map(|(d, e)| format!("o{d} <= e{d} < o{d} + {e}")).collect::<Vec<_>>().join(" and ");
        let shift = Map::read_from_str(&touched.get_ctx(), &format!("{{ [{}] -> {}[{}] : {within} }}", names("o"), array.name, names("e")))?;
        let block = Map::from_multi_aff(offset.copy()?)?.reset_tuple_id(DimType::Out)?.apply_range(shift)?.intersect_domain(touched.copy()?.domain()?)?;
        if !block.is_subset(&written)? {
            continue;
        }
        let mut first = Vec::new();
        for d in 0..extents.len() {
            first.push(at.expr_from_pw_aff(PwAff::from_aff(offset.get_aff(d as i32)?)?)?);
        }
        bytes += need;
        let name = format!("iotile_regs_{}_{}", sites.len(), array.name);
        buffers.push(RegisterBuffer { array: array.name.clone(), element_type: array.value_type(), name, first, extents, read });
    }
    if buffers.is_empty() {
        return Ok(None);
    }
    sites.push(RegisterSite { buffers });
    Ok(Some(format!("registers_site_{}", sites.len() - 1)))
}

/// Per buffer of `copies`, per dimension, the box's first and last
/// subscripts as expressions of the loop iterators in scope at `at`;
/// `None` where the values of the loops around the band do not follow
/// from those in scope.
fn site_bounds(copies: &BandCopies, at: &BuildAt) -> IslResult<Option<Vec<BoxBounds>>> {
    // The bounds are functions of the values of the loops around the band.
    // Where one of these loops runs once, isl generates no loop for it and
    // the build has no dimension for it: its value follows from the others.
    let generated = at.schedule()?;
    let outer = copies.outer.copy()?.intersect_domain(generated.copy()?.domain()?)?;
    let to_outer = Map::from_union_map(generated.reverse()?.apply_range(outer)?)?;
    if !to_outer.is_single_valued()? {
        return Ok(None);
    }
    let to_outer = PwMultiAff::from_map(to_outer)?;
    // The generated loops may take values where the band runs nothing (a
    // loop from the least to the greatest tile of its dimension whatever
    // the outer tile); the copy runs there too and must find an empty box
    // (its last subscript before its first), not what isl makes of a
    // value it is free to choose (a box starting before the array).
    let here = |value: &PwAff, empty: i64| -> IslResult<ASTExpr> {
        let value = value.copy()?.pullback_pw_multi_aff(to_outer.copy()?)?;
        let everywhere = Set::universe(value.get_domain_space()?)?;
        at.expr_from_pw_aff(or_constant(value, &everywhere, empty)?)
    };
    let mut bounds = Vec::new();
    for buffer in &copies.buffers {
        let mut dims = Vec::new();
        for (first, last) in buffer.first.iter().zip(&buffer.last) {
            dims.push((here(first, 0)?, here(last, -1)?));
        }
        bounds.push(dims);
    }
    Ok(Some(bounds))
}

/// Calls `visit` on `node` and on every node inside it, outermost first.
pub fn visit_nodes(node: &ASTNode, visit: &mut dyn FnMut(&ASTNode) -> IslResult<()>) -> IslResult<()> {
    visit(node)?;
    match ast_node_type(node)? {
        ASTNodeType::For => visit_nodes(&node.for_get_body()?, visit),
        ASTNodeType::If => {
            visit_nodes(&node.if_get_then_node()?, visit)?;
            match node.if_has_else_node()? {
                true => visit_nodes(&node.if_get_else_node()?, visit),
                false => Ok(()),
            }
        }
        ASTNodeType::Block => {
            let children = node.block_get_children()?;
            for i in 0..children.n_ast_node()? {
                visit_nodes(&children.get_at(i)?, visit)?;
            }
            Ok(())
        }
        ASTNodeType::Mark => visit_nodes(&node.mark_get_node()?, visit),
        ASTNodeType::User | ASTNodeType::Error => Ok(()),
    }
}

/// Adds the names of the statements executed inside `node` to `out`.
pub fn statement_names(node: &ASTNode, out: &mut Vec<String>) -> IslResult<()> {
    visit_nodes(node, &mut |n| {
        if ast_node_type(n)? == ASTNodeType::User {
            out.push(n.user_get_expr()?.get_op_arg(0)?.get_id()?.get_name()?.to_string());
        }
        Ok(())
    })
}


/// The final value `v(params)` of each live iterator as a statement
/// `F_k[0, ..., 0, v]` (with `split`, statements `F_k_p`, one per piece
/// `p` of `v`) whose only instance carries the value in its last
/// dimension. Placing that dimension at `depth` (deeper than any loop of the
/// region) gives it a generated iterator name that cannot be the variable
/// being assigned; isl then prints the value (divisions and cases included)
/// as the bound of a single-iteration loop, and guards it by the parameter
/// values for which some loop over the iterator runs.
fn final_value_statements(scop: &Scop, depth: usize, split: bool) -> IslResult<(Option<Schedule>, Vec<FinalValue>)> {
    let mut schedule: Option<Schedule> = None;
    let mut values = Vec::new();
    for (k, live) in scop.live_iterators.iter().enumerate() {
        let value = Map::from_pw_aff(live.final_value.copy()?)?;
        let pieces: Vec<(String, Map)> = match split {
            false => vec![(format!("F_{k}"), value)],
            true => {
                let list = value.get_basic_map_list()?;
                (0..list.size()?).map(|p| Ok((format!("F_{k}_{p}"), Map::from_basic_map(list.get_at(p)?)?))).collect::<IslResult<_>>()?
            }
        };
        for (statement, piece) in pieces {
            let mut domain = piece.range()?.insert_dims(DimType::Set, 0, depth as u32)?;
            for d in 0..depth {
                domain = domain.fix_si(DimType::Set, d as u32, 0)?;
            }
            let domain = domain.set_tuple_name(&statement)?;
            let mut s = Schedule::from_domain(UnionSet::from_set(domain.copy()?)?)?;
            for d in (0..=depth).rev() {
                let ls = LocalSpace::from_space(domain.get_space()?)?;
                let dim = PwAff::var_on_domain(ls, DimType::Set, d as u32)?;
                let band = MultiUnionPwAff::from_union_pw_aff(UnionPwAff::from_pw_aff(dim)?)?;
                s = s.insert_partial_schedule(band)?;
            }
            schedule = Some(match schedule {
                None => s,
                Some(all) => all.sequence(s)?,
            });
            let assignment = vec![BodyPiece::Text(format!("{} = ", live.name)), BodyPiece::Iterator(depth), BodyPiece::Text(";".into())];
            values.push(FinalValue { statement, name: live.name.clone(), body: Body { pieces: assignment } });
        }
    }
    Ok((schedule, values))
}
