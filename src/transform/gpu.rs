//! Mapping to the GPU: which tile loops run as the blocks of the grid and
//! which point loops of a tile run as the threads of one block.
//!
//! The tile loop a parallel mark names becomes the grid's x dimension (one
//! block per tile); the next members of its band, as long as they may run
//! as blocks together with it ([`threads_conflict`]), become y and z, under
//! a [`GRID_MARK`](crate::marks::GRID_MARK) (gemm's two parallel tile loops
//! give a 2-D grid). Within a tile, the point loops become threads. Below such a tile
//! band, each point band gets a [`THREAD_MARK`](crate::marks::THREAD_MARK)
//! naming up to two of its members: for x, the innermost member whose
//! iterations may run as threads (the stride-one loop the tiler put
//! innermost, so that neighbouring threads touch neighbouring elements);
//! for y, the next member outwards that may run as threads together with
//! it ([`threads_conflict`]). Members between them, and inside, stay loops
//! that every thread runs over its own share of the named ones; members
//! outside run in every thread alike, with a barrier after each of the
//! threads' loops. A point band none of whose members may run as threads
//! gets no mark, and its tile runs in one thread per block iteration.
//! The bands of producers that post-tiling fusion runs in a tile (below
//! extension nodes) are marked the same way ([`mark_fused_producers`]).
//!
//! Before that, when the band is tiled, [`sequential_innermost`] orders its
//! point loops so that those that may not run as threads (a reduction's
//! loop) come inside the others: each thread then runs them over its own
//! elements, which stay in registers across them (gemm's `C[i][j]` across
//! `k`, see [`crate::back::c`]).

use isl_rs::{Id, Schedule, ScheduleNode, ScheduleNodeType};

use crate::deps::Dependences;
use crate::isl::{tuple_names, IslResult};
use crate::legality::{loop_relations, threads_conflict, threads_conflict_alone};
use crate::marks::{grid_mark, thread_mark};
use crate::scop::Scop;

/// Marks the point bands below the tile band at `tile_band` for threads;
/// gives the node back at the same place.
pub fn mark_threads(tile_band: ScheduleNode, scop: &Scop, deps: &Dependences) -> IslResult<ScheduleNode> {
    Marker { scop, deps, alone: false }.children(tile_band)
}

/// Marks for threads the bands of the producers that post-tiling fusion
/// runs in their consumers' tiles (the children of extension nodes' sequences
/// that the extensions add), as point bands below a tile band are, but
/// checked over all of a producer's instances whatever tile runs them
/// ([`threads_conflict_alone`]: the tiles, through the extension, make the
/// exact check costly): the block's threads share a producer's loops
/// instead of one thread running them. Gives the schedule back.
pub fn mark_fused_producers(schedule: Schedule, scop: &Scop, deps: &Dependences) -> IslResult<Schedule> {
    let marker = Marker { scop, deps, alone: true };
    Ok(mark_extensions(schedule.get_root()?, &marker)?.get_schedule()?)
}

/// [`mark_fused_producers`] in the subtree at `node`; gives the node back.
fn mark_extensions(mut node: ScheduleNode, marker: &Marker) -> IslResult<ScheduleNode> {
    if node.get_type()? == ScheduleNodeType::Extension && node.n_children()? == 1 && node.get_child(0)?.get_type()? == ScheduleNodeType::Sequence {
        let added = tuple_names(&node.extension_get_extension()?.range()?)?;
        let mut sequence = node.child(0)?;
        for i in 0..sequence.n_children()? {
            let filter = sequence.get_child(i)?;
            let names = tuple_names(&filter.filter_get_filter()?)?;
            if !names.is_empty() && names.iter().all(|n| added.contains(n)) {
                sequence = marker.children(filter)?.parent()?;
            }
        }
        return Ok(sequence.parent()?);
    }
    for i in 0..node.n_children()? {
        node = mark_extensions(node.child(i)?, marker)?.parent()?;
    }
    Ok(node)
}

/// The order of the members of the point band at `point_band` (a tiled
/// permutable band, whose members may be ordered at will) that puts those
/// that may not run as threads on their own inside the others, each group
/// in its original order; the identity when there is nothing to move.
pub fn sequential_innermost(point_band: &ScheduleNode, scop: &Scop, deps: &Dependences) -> IslResult<Vec<usize>> {
    let n = point_band.band_n_member()?;
    let mut threads = Vec::new();
    let mut sequential = Vec::new();
    for m in 0..n {
        match threads_conflict(scop, deps, point_band, &[m])? {
            None => threads.push(m as usize),
            Some(_) => sequential.push(m as usize),
        }
    }
    // With no member for threads the band runs in one thread as it is.
    if threads.is_empty() {
        return Ok((0..n as usize).collect());
    }
    threads.extend(sequential);
    Ok(threads)
}

/// The name of the grid mark for the tile band at `tile_band`, whose member
/// `parallel` a parallel mark names: that member and the one or two members
/// after it that may run as blocks together with it; `None` when the next
/// member may not (the grid stays one-dimensional).
pub fn grid(tile_band: &ScheduleNode, parallel: i32, scop: &Scop, deps: &Dependences) -> IslResult<Option<String>> {
    let n = tile_band.band_n_member()?;
    let mut members = vec![parallel];
    for m in parallel + 1..n.min(parallel + 3) {
        let with: Vec<i32> = members.iter().copied().chain([m]).collect();
        if threads_conflict(scop, deps, tile_band, &with)?.is_some() {
            break;
        }
        members = with;
    }
    if members.len() == 1 {
        return Ok(None);
    }
    let start = tile_band.get_schedule_depth()?;
    Ok(Some(grid_mark(&members.iter().map(|m| start + m).collect::<Vec<_>>())))
}

/// Whether some statement of the band at `band` takes a single value of
/// one of `members` at each point of the loops outside that member (a
/// fused statement at a constant position along it: `S_0[i] -> [i, 3]`
/// beside `S_2[i, j] -> [2 + j, i]`). isl's AST then has no loop of that
/// member around the statement, not even one that runs once, and the
/// statement would run on the first thread of the dimension whatever its
/// value, not on the thread that runs that value for the other statements
/// (found by a random program: a write by thread 0 that thread 3 read).
fn fixed_in_some_statement(band: &ScheduleNode, members: &[i32]) -> IslResult<bool> {
    for &m in members {
        let (outer, this) = loop_relations(band, m)?;
        let maps = this.get_map_list()?;
        for k in 0..maps.size()? {
            let statement = maps.get_at(k)?;
            let domain = isl_rs::UnionSet::from_set(statement.copy()?.domain()?)?;
            let along = outer.copy()?.intersect_domain(domain)?.reverse()?.apply_range(isl_rs::UnionMap::from_map(statement)?)?;
            // Coalesced first: below an extension node the composition
            // keeps redundant pieces and divisions (floors of the tile
            // sizes and of the parameters) that took isl's test past 20 s
            // of CPU time on a six-stage pyramid, 0.1 s once coalesced.
            if along.coalesce()?.is_single_valued()? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// How thread marks are chosen (see [`mark_threads`] and
/// [`mark_fused_producers`]).
struct Marker<'a> {
    scop: &'a Scop,
    deps: &'a Dependences,
    /// Check members over all the band's instances, whatever the loops
    /// above it ([`threads_conflict_alone`]).
    alone: bool,
}

impl Marker<'_> {
    /// Whether `members` of the band at `band` may run as threads.
    fn may_share(&self, band: &ScheduleNode, members: &[i32]) -> IslResult<bool> {
        let conflict = match self.alone {
            true => threads_conflict_alone(self.scop, self.deps, band, members)?,
            false => threads_conflict(self.scop, self.deps, band, members)?,
        };
        Ok(conflict.is_none() && !fixed_in_some_statement(band, members)?)
    }

    /// Marks below each child of `node`; gives the node back.
    fn children(&self, mut node: ScheduleNode) -> IslResult<ScheduleNode> {
        for i in 0..node.n_children()? {
            node = self.below(node.child(i)?)?.parent()?;
        }
        Ok(node)
    }

    /// Marks the first band on each path down from `node` (the innermost of
    /// a chain of bands, each the only child of the one above: the point
    /// band below a second tiling level); gives the node back at the same
    /// place.
    fn below(&self, node: ScheduleNode) -> IslResult<ScheduleNode> {
        if node.get_type()? != ScheduleNodeType::Band {
            return self.children(node);
        }
        let mut band = node;
        let mut down = 0;
        while band.n_children()? == 1 && band.get_child(0)?.get_type()? == ScheduleNodeType::Band {
            band = band.child(0)?;
            down += 1;
        }
        let mut node = self.point_band(band)?;
        for _ in 0..down {
            node = node.parent()?;
        }
        Ok(node)
    }

    /// Puts a thread mark above the point band at `band` naming the members
    /// chosen for x and y, if any; gives the node at the band's place.
    fn point_band(&self, band: ScheduleNode) -> IslResult<ScheduleNode> {
        let n = band.band_n_member()?;
        let mut x = None;
        for m in (0..n).rev() {
            if self.may_share(&band, &[m])? {
                x = Some(m);
                break;
            }
        }
        let Some(x) = x else { return Ok(band) };
        let mut members = vec![x];
        for m in (0..x).rev() {
            if self.may_share(&band, &[x, m])? {
                members.push(m);
                break;
            }
        }
        let start = band.get_schedule_depth()?;
        let depths: Vec<i32> = members.iter().map(|m| start + m).collect();
        let id = Id::read_from_str(&band.get_ctx(), &thread_mark(&depths))?;
        Ok(band.insert_mark(id)?)
    }
}
