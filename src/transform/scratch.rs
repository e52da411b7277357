//! Storage reduction after post-tiling fusion: intermediates held in
//! tile-local buffers (CPU scratch arrays) instead of full arrays.
//!
//! After [`super::fuse`], a producer fused into its consumer's tiles runs,
//! in each tile, the instances that compute exactly what the tile reads of
//! it. When nothing reads an array it writes after the region
//! ([`Scop::dead_after`]), only this producer writes the array, everything
//! that reads it runs in the same tiles (the consumer, producers fused with
//! it), and each tile reads only elements the same tile wrote before (no
//! value crosses tiles, none comes from before the region), then the full
//! array is never needed: each tile can write and read the box of elements
//! it writes, a small buffer private to the thread running the tile, and
//! the recomputed borders of overlapped tiles no longer write the same
//! elements from several threads. The box's first subscripts are functions
//! of the tile loops; its extents are the largest the box gets, so the
//! buffer has a fixed size, and the buffers of one tile stay within
//! [`MAX_BYTES`].
//!
//! The plan marks each extension node that gets buffers with a
//! [`SCRATCH_MARK`] naming its entry in the plan; the AST generator turns
//! the boxes' first subscripts into expressions of the tile loops in scope
//! there, and the C writer declares the buffers in the tile's body and
//! prints the accesses of the buffered arrays below it from the buffers.

use isl_rs::{Id, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap};

use crate::isl::{tuple_names, IslResult};
use crate::legality::{instances, prefix_schedule};
use crate::marks::scratch_mark;
use crate::scop::Scop;
use crate::transform::shared::{added_statements, bounding_box, element_bytes, BandCopies, Buffer};

/// The most bytes the buffers of one tile may take together on the CPU
/// (they live on the stack of the thread running the tile, and are meant
/// to stay in its caches); on the GPU, where they are in shared memory,
/// the budget is the caller's.
pub const MAX_BYTES: u64 = 256 * 1024;

/// Marks the extension nodes of `schedule` whose fused producers' arrays
/// can live in tile-local buffers; gives the marked schedule and, per
/// mark (the mark `scratch_<k>` names entry `k`), the buffers. The
/// statements of a [`BandCopies`] entry are those whose instances reach
/// the extension node from above (the consumer's). The buffers of one
/// tile take at most `max_bytes`; the count that comes third is of the
/// arrays that would have had buffers but for that budget.
pub fn plan(scop: &Scop, live_in: &UnionMap, schedule: Schedule, max_bytes: u64) -> IslResult<(Schedule, Vec<BandCopies>, usize)> {
    let mut planner = Planner { scop, live_in, max_bytes, sites: Vec::new(), over_budget: 0 };
    let root = planner.walk(schedule.get_root()?)?;
    Ok((root.get_schedule()?, planner.sites, planner.over_budget))
}

struct Planner<'a> {
    scop: &'a Scop,
    live_in: &'a UnionMap,
    max_bytes: u64,
    sites: Vec<BandCopies>,
    /// Arrays left without buffers for lack of room only.
    over_budget: usize,
}

impl Planner<'_> {
    /// Walks the subtree at `node`, marking the extension nodes that get
    /// buffers; gives the node at the same position in the new tree.
    fn walk(&mut self, node: ScheduleNode) -> IslResult<ScheduleNode> {
        let mut node = node;
        let mut marked = false;
        if node.get_type()? == ScheduleNodeType::Extension {
            if let Some(site) = self.buffers_at(&node)? {
                let id = Id::read_from_str(&node.get_ctx(), &scratch_mark(self.sites.len()))?;
                self.sites.push(site);
                node = node.insert_mark(id)?.child(0)?;
                marked = true;
            }
        }
        for i in 0..node.n_children()? {
            node = self.walk(node.child(i)?)?.parent()?;
        }
        // The mark now stands where the extension node stood.
        match marked {
            true => Ok(node.parent()?),
            false => Ok(node),
        }
    }

    /// The buffers of the arrays that the instances the extension node
    /// `node` adds write and that may live in tile-local buffers there.
    fn buffers_at(&mut self, node: &ScheduleNode) -> IslResult<Option<BandCopies>> {
        let extension = node.extension_get_extension()?;
        let arriving = instances(node)?;
        let prefix = prefix_schedule(node)?.intersect_domain(arriving.copy()?)?;
        if prefix.is_empty()? || node.get_schedule_depth()? == 0 {
            return Ok(None);
        }
        let added_names = tuple_names(&extension.copy()?.range()?)?;
        let mut below = tuple_names(&arriving)?;
        added_statements(node, &mut below)?;
        // The values of the tile loops where the tile runs.
        let context = Set::from_union_set(prefix.copy()?.range()?)?.intersect_params(self.scop.context.copy()?)?;
        // What each tile's instances read and write: the arriving ones
        // through the prefix schedule, the added ones through the extension.
        let per_tile = |accesses: UnionMap| -> IslResult<UnionMap> {
            let arriving_part = prefix.copy()?.reverse()?.apply_range(accesses.copy()?)?;
            Ok(arriving_part.union(extension.copy()?.apply_range(accesses)?)?)
        };
        let live_in_arrays = tuple_names(&self.live_in.copy()?.range()?)?;
        let mut buffers = Vec::new();
        let mut bytes = 0;
        for array in self.scop.arrays.iter().filter(|a| !a.extents.is_empty() && self.scop.dead_after.contains(&a.name)) {
            let writers: Vec<_> = self.scop.statements.iter().filter(|s| s.writes.iter().any(|w| w.array == array.name)).collect();
            let readers: Vec<_> = self.scop.statements.iter().filter(|s| s.reads.iter().any(|r| r.array == array.name)).collect();
            // Only added instances write it (a fused producer runs nowhere
            // else), and everything that reads it runs below the node.
            let written_here = !writers.is_empty() && writers.iter().all(|w| added_names.contains(&w.name));
            if !written_here || !readers.iter().all(|r| below.contains(&r.name)) {
                continue;
            }
            if live_in_arrays.contains(&array.name) {
                continue;
            }
            let writes = per_tile(self.scop.array_accesses(&array.name, true)?)?;
            let reads = per_tile(self.scop.array_accesses(&array.name, false)?)?;
            // Every tile reads only what it writes itself.
            if !reads.is_subset(&writes)? {
                continue;
            }
            let Some(bounds) = bounding_box(writes, &context)? else { continue };
            let element_type = array.value_type();
            let size = element_bytes(&element_type).and_then(|b| b.checked_mul(bounds.extents.iter().product()));
            let Some(size) = size.filter(|s| bytes + s <= self.max_bytes) else {
                self.over_budget += 1;
                continue;
            };
            bytes += size;
            let name = format!("iotile_scratch_{}_{}", self.sites.len(), array.name);
            buffers.push(Buffer { array: array.name.clone(), element_type, name, first: bounds.first, last: bounds.last, extents: bounds.extents });
        }
        if buffers.is_empty() {
            return Ok(None);
        }
        Ok(Some(BandCopies { statements: tuple_names(&arriving)?, outer: prefix, buffers }))
    }
}

/// The bytes the buffers of `site` take together.
pub fn bytes(site: &BandCopies) -> u64 {
    site.buffers.iter().map(|b| element_bytes(&b.element_type).unwrap_or(0) * b.elements()).sum()
}
