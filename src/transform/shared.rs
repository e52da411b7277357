//! Shared-memory copies for the CUDA target: which arrays the threads of a
//! block read from a `__shared__` buffer rather than from global memory.
//!
//! Below each [`THREAD_MARK`] of the final schedule, the point band runs as
//! one block for each value of the loops around it (the tile loops). An
//! array that the kernel holding the band never writes, and of which some
//! element is read by instances that run in different threads of one block
//! (gemm's `A[i][k]` for every `j` of the tile, a stencil's neighbours), is
//! copied into a buffer before the band runs: the box spanned by the
//! elements the band reads for those tile-loop values (its first and last
//! element along each dimension are functions of the tile loops' iterators,
//! its extents the largest they get). The copy is exact enough for a
//! read-only array: the box holds every element read, and elements of the
//! box that are not read are still in the array. The buffers of one kernel
//! together stay within the shared-memory budget (`--max-shared-memory`);
//! a buffer that does not fit is left out, and its array read from global
//! memory. The inter-tile reuse stage will replace these boxes with exact
//! Load and Store sets and lifetime-sized buffers.
//!
//! The plan is computed on the schedule the AST is built from. The AST
//! generator ([`crate::ast`]) finds each band's copies by the statements
//! below its thread mark and turns the boxes' bounds into expressions of
//! the loops in scope there; the CUDA printer prints the copies.

use isl_rs::{DimType, Map, PwAff, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionSet};

use crate::isl::{or_constant, same_value, tuple_names, widest_span, IslResult};
use crate::legality::{instances, prefix_schedule};
use crate::marks::{parallel_mark_depth, thread_mark_depths};
use crate::scop::Scop;

/// The buffers of one point band that runs as GPU blocks.
pub struct BandCopies {
    /// The statements of the band (the printer's key).
    pub statements: Vec<String>,
    /// The values of the loops around the band for each of its statement
    /// instances: what the buffers' bounds are functions of.
    pub outer: UnionMap,
    /// Its buffers, one per array copied.
    pub buffers: Vec<Buffer>,
}

/// A box of one array's elements held in shared memory while a band runs.
pub struct Buffer {
    /// The array copied.
    pub array: String,
    /// Its element type, without qualifiers (the kernel writes the buffer).
    pub element_type: String,
    /// The buffer's name in the kernel.
    pub name: String,
    /// Per dimension, the subscript of the box's first element: a function
    /// of the values of the loops around the band.
    pub first: Vec<PwAff>,
    /// Per dimension, the subscript of the box's last element (as
    /// [`Self::first`]).
    pub last: Vec<PwAff>,
    /// The box's extents: the most elements it spans along each dimension.
    pub extents: Vec<u64>,
}

impl Buffer {
    /// The number of elements the buffer holds.
    pub fn elements(&self) -> u64 {
        self.extents.iter().product()
    }
}

/// The shared-memory copies of the bands of `schedule` (of `scop`), within
/// `max_bytes` per kernel.
pub fn plan(scop: &Scop, schedule: &Schedule, max_bytes: u64) -> IslResult<Vec<BandCopies>> {
    let mut planner = Planner { scop, max_bytes, bands: Vec::new(), kernel: None };
    planner.walk(schedule.get_root()?)?;
    planner.close_kernel();
    Ok(planner.bands)
}

/// Appends to `names` the statements that extension nodes in the subtree
/// at `node` add.
pub fn added_statements(node: &ScheduleNode, names: &mut Vec<String>) -> IslResult<()> {
    if node.get_type()? == ScheduleNodeType::Extension {
        for name in tuple_names(&node.extension_get_extension()?.range()?)? {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    for i in 0..node.n_children()? {
        added_statements(&node.get_child(i)?, names)?;
    }
    Ok(())
}

/// A box's subscripts and extents (see [`Buffer`]).
pub struct BoxBounds {
    pub first: Vec<PwAff>,
    pub last: Vec<PwAff>,
    pub extents: Vec<u64>,
}

/// The walk over the schedule tree.
struct Planner<'a> {
    scop: &'a Scop,
    max_bytes: u64,
    bands: Vec<BandCopies>,
    /// The kernel (the subtree below a parallel mark) being walked: the
    /// statements it runs and the bands of it seen so far.
    kernel: Option<(Vec<String>, Vec<usize>)>,
}

impl Planner<'_> {
    fn walk(&mut self, node: ScheduleNode) -> IslResult<()> {
        if node.get_type()? == ScheduleNodeType::Mark {
            let name = node.mark_get_id()?.get_name()?.to_string();
            if parallel_mark_depth(&name).is_some() && self.kernel.is_none() {
                let mut statements = tuple_names(&node.get_domain()?)?;
                // Instances an extension node adds (producers fused into
                // the kernel's tiles) run in it too.
                added_statements(&node, &mut statements)?;
                self.kernel = Some((statements, Vec::new()));
                self.walk(node.get_child(0)?)?;
                self.close_kernel();
                return Ok(());
            }
            if let Some(depths) = thread_mark_depths(&name) {
                return self.band(node.get_child(0)?, &depths);
            }
        }
        for i in 0..node.n_children()? {
            self.walk(node.get_child(i)?)?;
        }
        Ok(())
    }

    /// Keeps the buffers of the current kernel's bands that fit in the
    /// budget together, in the order the bands come.
    fn close_kernel(&mut self) {
        let Some((_, bands)) = self.kernel.take() else { return };
        let mut left = self.max_bytes;
        for b in bands {
            let buffers = std::mem::take(&mut self.bands[b].buffers);
            for buffer in buffers {
                let bytes = element_bytes(&buffer.element_type).and_then(|b| b.checked_mul(buffer.elements()));
                if let Some(bytes) = bytes.filter(|&b| b <= left) {
                    left -= bytes;
                    self.bands[b].buffers.push(buffer);
                }
            }
        }
    }

    /// The buffers of the point band at `band`, whose members at schedule
    /// depths `named` run as threads.
    fn band(&mut self, band: ScheduleNode, named: &[i32]) -> IslResult<()> {
        let Some((kernel_statements, _)) = &self.kernel else { return Ok(()) };
        if band.get_type()? != ScheduleNodeType::Band {
            return Ok(());
        }
        let domain = instances(&band)?;
        let statements = tuple_names(&domain)?;
        let prefix = prefix_schedule(&band)?.intersect_domain(domain.copy()?)?;
        if prefix.is_empty()? || band.get_schedule_depth()? == 0 {
            return Ok(());
        }
        let partial = band.band_get_partial_schedule()?;
        let start = band.get_schedule_depth()?;
        let mut threads = prefix.copy()?;
        for d in named {
            let member = partial.get_union_pw_aff(d - start)?;
            threads = threads.flat_range_product(UnionMap::from_union_pw_aff(member)?.intersect_domain(domain.copy()?)?)?;
        }
        // The values the loops around the band take where it runs.
        let context = Set::from_union_set(prefix.copy()?.range()?)?.intersect_params(self.scop.context.copy()?)?;
        let same_block = same_value(&prefix)?;
        let other_thread = same_block.subtract(same_value(&threads)?)?;
        let written: Vec<&str> = self
            .scop
            .statements
            .iter()
            .filter(|s| kernel_statements.contains(&s.name))
            .flat_map(|s| s.writes.iter().map(|w| w.array.as_str()))
            .collect();
        let index = self.bands.len();
        let mut buffers = Vec::new();
        for array in self.scop.arrays.iter().filter(|a| !a.extents.is_empty() && !written.contains(&a.name.as_str())) {
            let Some(reads) = self.reads(&array.name, &domain)? else { continue };
            let together = reads.copy()?.apply_range(reads.copy()?.reverse()?)?;
            if together.intersect(other_thread.copy()?)?.is_empty()? {
                continue;
            }
            let footprint = prefix.copy()?.reverse()?.apply_range(reads)?;
            if let Some(BoxBounds { first, last, extents }) = bounding_box(footprint, &context)? {
                let name = format!("iotile_shared_{index}_{}", array.name);
                let element_type = array.value_type();
                buffers.push(Buffer { array: array.name.clone(), element_type, name, first, last, extents });
            }
        }
        self.bands.push(BandCopies { statements, outer: prefix, buffers });
        if let Some((_, bands)) = self.kernel.as_mut() {
            bands.push(index);
        }
        Ok(())
    }

    /// The reads of `array` by the instances in `domain`, as a relation
    /// from instances to elements; `None` if there are none.
    fn reads(&self, array: &str, domain: &UnionSet) -> IslResult<Option<UnionMap>> {
        let mut reads: Option<UnionMap> = None;
        for statement in &self.scop.statements {
            for access in statement.reads.iter().filter(|a| a.array == array) {
                let these = UnionMap::from_map(access.relation.copy()?.intersect_domain(statement.domain.copy()?)?)?.intersect_domain(domain.copy()?)?;
                if these.is_empty()? {
                    continue;
                }
                reads = Some(match reads {
                    None => these,
                    Some(r) => r.union(these)?,
                });
            }
        }
        Ok(reads)
    }
}

/// The box spanned by `footprint`, a relation from the values of the
/// loops around a band to the elements it reads (or, for a tile-local
/// buffer, writes): its first and last subscripts as functions of those
/// values, and its extents; `None` when an extent is unbounded. For values
/// in `context` where the band touches nothing, the box is empty (its last
/// subscripts come before its first).
pub fn bounding_box(footprint: UnionMap, context: &Set) -> IslResult<Option<BoxBounds>> {
    let elements = Map::from_union_map(footprint)?;
    let (mut first, mut last, mut extents) = (Vec::new(), Vec::new(), Vec::new());
    for d in 0..elements.dim(DimType::Out)? {
        let low = elements.copy()?.dim_min(d)?;
        let high = elements.copy()?.dim_max(d)?;
        let span = widest_span(&elements, d)?;
        if !span.is_int()? || span.is_neg()? {
            return Ok(None);
        }
        extents.push(span.get_num_si()? as u64 + 1);
        let total = |value: PwAff, empty: i64| -> IslResult<PwAff> { Ok(or_constant(value, context, empty)?.gist(context.copy()?)?) };
        first.push(total(low, 0)?);
        last.push(total(high, -1)?);
    }
    Ok(Some(BoxBounds { first, last, extents }))
}

/// The size in bytes of a value of unqualified C type `ty`, for the types
/// a kernel's arrays hold; `None` for others.
pub fn element_bytes(ty: &str) -> Option<u64> {
    let words: Vec<&str> = ty.split_whitespace().filter(|w| !matches!(*w, "signed" | "unsigned")).collect();
    Some(match words.as_slice() {
        ["double"] | ["long"] | ["long", "long"] | ["long", "int"] | ["long", "long", "int"] | ["int64_t"] | ["uint64_t"] | ["size_t"] | ["ptrdiff_t"] => 8,
        ["float"] | ["int"] | [] | ["int32_t"] | ["uint32_t"] => 4,
        ["short"] | ["short", "int"] | ["int16_t"] | ["uint16_t"] => 2,
        ["char"] | ["int8_t"] | ["uint8_t"] => 1,
        _ => return None,
    })
}
