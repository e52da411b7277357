//! Post-tiling fusion (`--fusion=liveout`): producers computed inside the
//! tiles of their consumers.
//!
//! The region is scheduled with minimal fusion (one group per loop nest,
//! the children of the top sequence) and tiled. Then, for each group whose
//! outermost band was tiled, from the last one back (the live-out group
//! first), the data each of its tiles reads and an earlier group writes
//! (the tile's upwards-exposed data) gives, through the inverse of that
//! group's writes, the producer instances a tile needs: the extension
//! schedule `tile -> producer instances`. An extension node under the tile
//! loops runs them, in the producer's original order, before the tile's
//! own points, and the producer's own subtree runs nothing. Producers of
//! fused producers are found the same way, from the data the instances
//! added so far read. Tiles are tried from all the tile loops outwards: the
//! deepest level where the producers fuse is kept.
//!
//! A producer is fused only where that computes what the original does:
//! - every instance of it is needed by some tile (it then runs nowhere
//!   else; values read after the region are all written), or is dead (it
//!   writes only elements of arrays nothing reads after the region, and
//!   nothing that runs in the region reads them: it is dropped, like the
//!   instances of producers fused before it that no tile needs), and each tile
//!   needs a bounded number of them (a reduction loop that the consumer's
//!   tiles leave whole would run whole in every tile, untiled);
//! - the values it reads from outside itself are not written by the groups
//!   from it to the consumer, and what it writes is neither read nor
//!   written by the groups between it and the consumer that stay where they
//!   are, nor written by the consumer;
//! - either every instance goes to one tile only and the producer's own
//!   dependences stay within a tile, or (overlapped tiles, which recompute
//!   instances on their borders) the producer reads nothing it writes and
//!   writes each element once, so that every copy of an instance computes
//!   the same value, and a tile overlaps a bounded number of others.
//!
//! Tiles of a parallel loop stay independent: what a tile needs of a
//! producer it computes itself (recomputed instances write the value the
//! other tile writes).
//!
//! What a tile runs of a producer is written as a box that moves with the
//! tile, clipped to the producer's instances: the relation composed
//! through the tile map comes as pieces with divisions, one per border
//! case, and isl's code splits the producer's loops at each. A producer
//! whose copies compute the same values may run a few instances more than
//! its tiles need to get a box. Producers of the same box (or phases of
//! one stage whose boxes differ at an edge) that do not read each other's
//! values share one loop nest.

use isl_rs::{ASTLoopType, DimType, Map, MultiUnionPwAff, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionSet, Val};

use crate::isl::{coalesced, tuple_names, widest_span, IslError, IslResult};
use crate::scop::Scop;

/// How many times more points than the consumer's tile the box a tile
/// needs of a producer with as many dimensions may hold for the producer
/// to fuse into that tile ([`downsamples`]): twice the tile, a level of a
/// pyramid that halves one dimension, and its borders.
pub const DOWNSAMPLING: f64 = 2.5;

/// The most isl operations the fusion of one region may take (the region
/// keeps its unfused schedule beyond).
pub const OPERATIONS: u64 = 20_000_000;

/// A producer fused into a consumer's tiles.
pub struct FusedProducer {
    /// The producer's statements.
    pub producer: Vec<String>,
    /// The consumer's statements.
    pub consumer: Vec<String>,
    /// How many tile loops enclose the producer's instances.
    pub depth: usize,
    /// Whether tiles recompute some instances (overlapped tiles).
    pub overlapped: bool,
    /// The producer instances each tile runs (`tile -> instance`): the
    /// extension schedule.
    pub extension: UnionMap,
}

/// `tiled` (the tiled minimal-fusion schedule of `scop`) with producers
/// fused into their consumers' tiles where that computes what the original
/// does; the fusions made.
pub fn apply(tiled: Schedule, scop: &Scop) -> IslResult<(Schedule, Vec<FusedProducer>)> {
    let mut schedule = tiled;
    let mut fused = Vec::new();
    // Grafts go below the top sequence: its groups stay as they are.
    let Some(groups) = group_filters(&schedule)? else { return Ok((schedule, fused)) };
    let accesses = Accesses { reads: scop.accesses(false)?, writes: scop.accesses(true)?, dead_after: &scop.dead_after };
    let mut gone = vec![false; groups.len()];
    for consumer in (1..groups.len()).rev() {
        if gone[consumer] {
            continue;
        }
        let Some(plan) = best_plan(&schedule, &accesses, &groups, &gone, consumer)? else { continue };
        schedule = graft(schedule, scop, &accesses, &groups, &plan, consumer)?;
        for p in &plan.producers {
            gone[p.group] = true;
            fused.push(FusedProducer {
                producer: tuple_names(&groups[p.group])?,
                consumer: tuple_names(&groups[consumer])?,
                depth: plan.depth,
                overlapped: p.overlapped,
                extension: p.extension.copy()?,
            });
        }
    }
    Ok((schedule, fused))
}

/// The instances of each group of the top sequence, in order; `None` when
/// the tree has no top sequence.
fn group_filters(schedule: &Schedule) -> IslResult<Option<Vec<UnionSet>>> {
    let top = schedule.get_root()?.child(0)?;
    if top.get_type()? != ScheduleNodeType::Sequence {
        return Ok(None);
    }
    let domain = schedule.get_domain()?;
    let mut groups = Vec::new();
    for i in 0..top.n_children()? {
        groups.push(top.get_child(i)?.filter_get_filter()?.intersect(domain.copy()?)?);
    }
    Ok(Some(groups))
}

/// The producers fused into one consumer's tiles at one depth.
struct Plan {
    depth: usize,
    producers: Vec<Producer>,
}

/// A producer group and the instances each tile needs of it.
struct Producer {
    group: usize,
    /// `tile -> producer instance`.
    extension: UnionMap,
    overlapped: bool,
}

/// The node of the tile band of group `g` (below its filter and marks)
/// when the band was tiled (its child, below marks, is the point band).
fn tile_band(schedule: &Schedule, g: usize) -> IslResult<Option<ScheduleNode>> {
    let mut node = schedule.get_root()?.child(0)?.child(g as i32)?.child(0)?;
    while node.get_type()? == ScheduleNodeType::Mark {
        node = node.child(0)?;
    }
    if node.get_type()? != ScheduleNodeType::Band {
        return Ok(None);
    }
    let mut below = node.get_child(0)?;
    while below.get_type()? == ScheduleNodeType::Mark {
        below = below.child(0)?;
    }
    Ok((below.get_type()? == ScheduleNodeType::Band).then_some(node))
}

/// The deepest level of the consumer's tile loops at which some producers
/// fuse, with those producers.
fn best_plan(schedule: &Schedule, accesses: &Accesses, groups: &[UnionSet], gone: &[bool], consumer: usize) -> IslResult<Option<Plan>> {
    let Some(band) = tile_band(schedule, consumer)? else { return Ok(None) };
    let members = band.band_n_member()? as usize;
    for depth in (1..=members).rev() {
        // The tile coordinates of the consumer's instances at `depth`.
        let partial = band.band_get_partial_schedule()?.drop_dims(DimType::Out, depth as u32, (members - depth) as u32)?;
        let tiles = UnionMap::from_multi_union_pw_aff(partial)?.intersect_domain(groups[consumer].copy()?)?;
        let producers = fusible_producers(accesses, groups, gone, consumer, &tiles)?;
        if !producers.is_empty() {
            return Ok(Some(Plan { depth, producers }));
        }
    }
    Ok(None)
}

/// The region's accesses (`instance -> element`), and the arrays nothing
/// reads after it.
struct Accesses<'a> {
    reads: UnionMap,
    writes: UnionMap,
    dead_after: &'a [String],
}

impl Accesses<'_> {
    /// The reads of the instances `set`.
    fn reads_of(&self, set: &UnionSet) -> IslResult<UnionMap> {
        Ok(self.reads.copy()?.intersect_domain(set.copy()?)?)
    }

    /// The writes of the instances `set`.
    fn writes_of(&self, set: &UnionSet) -> IslResult<UnionMap> {
        Ok(self.writes.copy()?.intersect_domain(set.copy()?)?)
    }
}

/// Whether `a` and `b` (relations to elements) touch a common element.
fn share_elements(a: &UnionMap, b: &UnionMap) -> IslResult<bool> {
    Ok(!a.copy()?.range()?.intersect(b.copy()?.range()?)?.is_empty()?)
}

/// The producers, from the group before `consumer` back, that fuse into
/// the tiles `tiles` (`consumer instance -> tile`) under the rules of the
/// module's documentation.
fn fusible_producers(accesses: &Accesses, groups: &[UnionSet], gone: &[bool], consumer: usize, tiles: &UnionMap) -> IslResult<Vec<Producer>> {
    let mut fused: Vec<Producer> = Vec::new();
    // `tile -> element` read by the instances each tile runs so far.
    let mut needed = tiles.copy()?.reverse()?.apply_range(accesses.reads_of(&groups[consumer])?)?;
    let tile_boxes = box_sizes(&tiles.copy()?.reverse()?)?;
    let scalar = |m: &UnionMap| -> IslResult<bool> {
        let list = m.copy()?.range()?.get_set_list()?;
        for i in 0..list.size()? {
            if list.get_at(i)?.dim(DimType::Set)? == 0 {
                return Ok(true);
            }
        }
        Ok(false)
    };
    // Instances of the producers fused so far that no tile needs: they
    // run nowhere, so what they read need not be computed either (the
    // border columns of a blur that only a dropped stage read).
    let mut dropped = UnionSet::empty(groups[consumer].get_space()?)?;
    for p in (0..consumer).rev() {
        if gone[p] {
            continue;
        }
        let instances = &groups[p];
        let writes = accesses.writes_of(instances)?;
        let reads = accesses.reads_of(instances)?;
        let written_elements = writes.copy()?.range()?;
        let extension = coalesced(needed.copy()?.intersect_range(written_elements.copy()?)?.apply_range(writes.copy()?.reverse()?)?)?;
        if extension.is_empty()? || scalar(&writes)? {
            continue;
        }
        // Every instance is needed somewhere (or dead: it writes only
        // elements of arrays nothing reads after the region, which nothing
        // that runs in it reads either, and is dropped), and a tile needs a
        // bounded number of them.
        let unneeded = instances.copy()?.subtract(extension.copy()?.range()?)?;
        if !unneeded.is_empty()? {
            let their_writes = accesses.writes_of(&unneeded)?;
            let dead = tuple_names(&their_writes.copy()?.range()?)?.iter().all(|a| accesses.dead_after.contains(a));
            let live_reads = accesses.reads.copy()?.subtract_domain(dropped.copy()?)?;
            if !dead || share_elements(&their_writes, &live_reads)? {
                continue;
            }
        }
        if !bounded_per_tile(&extension)? {
            continue;
        }
        // What runs between the producer and the consumer, and the
        // consumer and the producers fused into it.
        let mut between = UnionSet::empty(instances.get_space()?)?;
        for (q, group) in groups.iter().enumerate().take(consumer).skip(p + 1) {
            if !fused.iter().any(|f| f.group == q) {
                between = between.union(group.copy()?)?;
            }
        }
        let mut after = groups[consumer].copy()?;
        for f in &fused {
            after = after.union(groups[f.group].copy()?)?;
        }
        let inputs = reads.copy()?.subtract_range(written_elements.copy()?)?;
        let later_writes = accesses.writes_of(&between.copy()?.union(after.copy()?)?)?;
        if share_elements(&inputs, &later_writes)? {
            continue;
        }
        let between_accesses = accesses.reads_of(&between)?.union(accesses.writes_of(&between)?)?;
        if share_elements(&writes, &between_accesses)? || share_elements(&writes, &accesses.writes_of(&after)?)? {
            continue;
        }
        // A producer that reads nothing it writes and writes each element
        // once computes the same value wherever an instance runs: its
        // instances may run in several tiles, and more of them than a
        // tile needs, to make each tile's a box.
        let recomputable = !share_elements(&reads, &writes)? && writes.copy()?.reverse()?.is_single_valued()?;
        let extension = as_boxes(extension, recomputable.then_some(instances))?;
        if downsamples(&box_sizes(&extension)?, &tile_boxes) {
            continue;
        }
        let overlapped = !extension.is_injective()?;
        if overlapped {
            if !recomputable || !bounded_overlap(&extension)? {
                continue;
            }
        } else if !own_dependences_within_tiles(&extension, &reads, &writes)? {
            continue;
        }
        needed = needed.union(extension.copy()?.apply_range(reads)?)?;
        dropped = dropped.union(unneeded)?;
        fused.push(Producer { group: p, extension, overlapped });
    }
    Ok(fused)
}

/// `extension` (`tile -> instance`) with each statement's part written as
/// one box that moves with its tile: `b t_k + l_k <= a x_k <= b t_k + h_k`
/// for the tile's dimensions, with the one of [`SCALES`] that gives the
/// narrowest box in `x_k`, 1 and 1 unless another is less than half as
/// wide (a producer at another resolution than its consumer), the offsets
/// the least and greatest
/// `a x_k - b t_k` is: where `recomputable` gives the producer's instances
/// (whose copies all compute the same values), clipped to those where that
/// is a superset and, where `extension` runs each instance in one tile,
/// does too (the tiles then run a few more instances than they need: the corners
/// around a five-point stencil's tile, the whole border row of an
/// upsample's phase that the consumer's border does not read, so that all
/// its phases get one box), or else clipped to the instances it holds
/// where that is the same relation. Composed through tile maps and several
/// reads, the relation comes as a union of pieces with divisions, one per
/// border case, and the code generated from it splits the producer's
/// loops at every one of them; the box gives one loop nest.
fn as_boxes(extension: UnionMap, recomputable: Option<&UnionSet>) -> IslResult<UnionMap> {
    let list = extension.get_map_list()?;
    let mut result = UnionMap::empty(extension.get_space()?)?;
    for i in 0..list.size()? {
        result = result.union(UnionMap::from_map(as_box(list.get_at(i)?, recomputable)?)?)?;
    }
    Ok(result)
}

/// One statement's part of [`as_boxes`]: `map` as a box, or as it is
/// where no box can stand for it.
fn as_box(map: Map, recomputable: Option<&UnionSet>) -> IslResult<Map> {
    let tile_dims = map.dim(DimType::In)? as usize;
    let dims = map.dim(DimType::Out)? as usize;
    let shared = tile_dims.min(dims);
    if shared == 0 || map.has_tuple_name(DimType::In)? || !map.has_tuple_name(DimType::Out)? {
        return Ok(map);
    }
    let name = map.get_tuple_name(DimType::Out)?.to_string();
    let ctx = map.get_ctx();
    let t: Vec<String> = (0..tile_dims).map(|k| format!("t{k}")).collect();
    let x: Vec<String> = (0..dims).map(|k| format!("x{k}")).collect();
    let relation = map.copy()?.wrap()?;
    // The least and greatest `a x_k - b t_k` over `map` (not integers
    // where unbounded).
    let extent = |k: usize, a: i64, b: i64| -> IslResult<(Val, Val)> {
        let to_distance = Map::read_from_str(&ctx, &format!("{{ [[{}] -> {name}[{}]] -> [{a} * x{k} - {b} * t{k}] }}", t.join(", "), x.join(", ")))?;
        let distances = relation.copy()?.apply(to_distance)?;
        Ok((distances.copy()?.dim_min_val(0)?, distances.dim_max_val(0)?))
    };
    // The width in `x_k` of the box `low <= a x_k - b t_k <= high`.
    let width = |low: &Val, high: &Val, a: i64| -> IslResult<f64> { Ok(high.copy()?.sub(low.copy()?)?.get_d()? / a as f64) };
    let mut bounds = Vec::new();
    // Whether the box is at most twice as wide as the widest tile's part
    // in each dimension: it is not where the tile's dimension `k` is not
    // the producer's (a transposed read), and the box would span the
    // extent. (It is wider than every part where the tiles are few and
    // each is clipped by the domain on one side.)
    let mut tight = true;
    for k in 0..shared {
        let span = widest_span(&map, k as i32)?;
        let mut extents = Vec::new();
        for (a, b) in SCALES {
            let (low, high) = extent(k, a, b)?;
            extents.push((a, b, low, high));
        }
        // The narrowest bounded box (the first of the narrowest), unscaled
        // unless scaling halves it at least: over a few tiles, a scaled
        // box can be about as narrow, and then drifts from the tiles.
        let mut narrowest: Option<usize> = None;
        for (i, (a, _, low, high)) in extents.iter().enumerate() {
            if !low.is_int()? || !high.is_int()? {
                continue;
            }
            let narrower = match narrowest {
                Some(n) => width(low, high, *a)? < width(&extents[n].2, &extents[n].3, extents[n].0)?,
                None => true,
            };
            if narrower {
                narrowest = Some(i);
            }
        }
        let (_, _, low, high) = &extents[0];
        if let Some(n) = narrowest.filter(|&n| n != 0) {
            if low.is_int()? && high.is_int()? && width(low, high, 1)? <= 2.0 * width(&extents[n].2, &extents[n].3, extents[n].0)? {
                narrowest = Some(0);
            }
        }
        match narrowest {
            Some(n) => {
                let (a, b, low, high) = extents.swap_remove(n);
                bounds.push(format!("{a} * x{k} >= {b} * t{k} + ({})", low.to_str()?));
                bounds.push(format!("{a} * x{k} <= {b} * t{k} + ({})", high.to_str()?));
                tight &= span.is_int()? && !high.sub(low)?.gt(&span.mul(Val::int_from_si(&ctx, 2 * a)?)?)?;
            }
            None => {
                // Unscaled, each side where it is bounded.
                let (_, _, low, high) = extents.swap_remove(0);
                if low.is_int()? {
                    bounds.push(format!("x{k} >= t{k} + ({})", low.to_str()?));
                }
                if high.is_int()? {
                    bounds.push(format!("x{k} <= t{k} + ({})", high.to_str()?));
                }
                tight = false;
            }
        }
    }
    if bounds.is_empty() {
        return Ok(map);
    }
    let around = Map::read_from_str(&ctx, &format!("{{ [{}] -> {name}[{}] : {} }}", t.join(", "), x.join(", "), bounds.join(" and ")))?.intersect_domain(map.copy()?.domain()?)?;
    // A recomputable producer's box is clipped to its own instances rather
    // than to those the tiles need, where that overlaps no tiles that did
    // not overlap: statements of one stage with the same instances (the four
    // phases of a 2x upsample, of which the consumer's border needs
    // different ones) then get equal boxes and share one loop nest.
    if let Some(instances) = recomputable.filter(|_| tight) {
        let statement = instances.extract_set(map.get_space()?.range()?)?;
        let more = around.copy()?.intersect_range(statement)?.coalesce()?;
        if map.is_subset(&more)? && (more.is_injective()? || !map.is_injective()?) {
            return Ok(more);
        }
    }
    let exact = around.intersect_range(map.copy()?.range()?.coalesce()?)?.coalesce()?;
    Ok(if exact.is_equal(&map)? { exact } else { map })
}

/// The scales `(a, b)` tried for a box's bounds on `a x - b t`
/// along a dimension (`x` the producer's iterator, `t` the tile's origin):
/// the producer at the tile's resolution, at half or a quarter of it (for
/// a consumer that upsamples it), or at twice or four times it (for one
/// that downsamples it).
const SCALES: [(i64, i64); 5] = [(1, 1), (2, 1), (1, 2), (4, 1), (1, 4)];

/// Per statement of `map` (`tile -> instance`), its dimensions and the
/// number of points in the box around the largest part a tile has of it
/// (`None` where unbounded).
fn box_sizes(map: &UnionMap) -> IslResult<Vec<(usize, Option<f64>)>> {
    let list = map.get_map_list()?;
    let mut sizes = Vec::new();
    for i in 0..list.size()? {
        let part = list.get_at(i)?;
        let dims = part.dim(DimType::Out)? as usize;
        let mut points = Some(1.0);
        for d in 0..dims {
            let span = widest_span(&part, d as i32)?;
            points = points.filter(|_| span.is_int().unwrap_or(false)).map(|p| p * (span.get_d().unwrap_or(f64::INFINITY) + 1.0));
        }
        sizes.push((dims, points));
    }
    Ok(sizes)
}

/// Whether a producer whose box per tile `producer` gives (see
/// [`box_sizes`]) downsamples for the consumer whose tiles `tile` gives:
/// a part of the producer with as many dimensions as the consumer has
/// more than [`DOWNSAMPLING`] times its points in a tile. A pyramid's
/// level fused into the level below it runs over twice its tile in each
/// dimension, and the level below that over four times: chains of them
/// fused into one tile run over a region several times larger than the
/// tile, read in short rows, and the tiles are few. Each level fuses into
/// the next instead.
fn downsamples(producer: &[(usize, Option<f64>)], tile: &[(usize, Option<f64>)]) -> bool {
    producer.iter().any(|&(dims, points)| {
        tile.iter().any(|&(tile_dims, tile_points)| match (points, tile_points) {
            (Some(p), Some(t)) => dims == tile_dims && p > DOWNSAMPLING * t,
            _ => false,
        })
    })
}

/// Whether each tile needs a bounded number of instances (`extension`,
/// `tile -> instance`): every loop of the producer spans a bounded range
/// within a tile. A loop the consumer's tiles do not bound (a reduction's)
/// would run whole in every tile, in the producer's original order: the
/// producer would lose its own tiling.
fn bounded_per_tile(extension: &UnionMap) -> IslResult<bool> {
    let list = extension.get_map_list()?;
    for i in 0..list.size()? {
        let map = list.get_at(i)?;
        for d in 0..map.dim(DimType::Out)? {
            let span = widest_span(&map, d)?;
            if !span.is_int()? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// Whether the tiles whose instances `extension` (`tile -> instance`)
/// share each overlap a bounded number of others: the distances between
/// overlapping tiles are bounded.
fn bounded_overlap(extension: &UnionMap) -> IslResult<bool> {
    let overlapping = extension.copy()?.apply_range(extension.copy()?.reverse()?)?;
    let list = overlapping.deltas()?.get_set_list()?;
    for i in 0..list.size()? {
        if !list.get_at(i)?.is_bounded()? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether every pair of the producer's instances that access a common
/// element (one writing it) runs in the same tile (`extension`, one tile
/// per instance).
fn own_dependences_within_tiles(extension: &UnionMap, reads: &UnionMap, writes: &UnionMap) -> IslResult<bool> {
    let tile_of = extension.copy()?.reverse()?;
    let accesses = reads.copy()?.union(writes.copy()?)?;
    // Instances with a common element, one of them writing it.
    let conflicting = writes.copy()?.apply_range(accesses.reverse()?)?;
    let distances = conflicting.apply_domain(tile_of.copy()?)?.apply_range(tile_of)?.deltas()?.get_set_list()?;
    for i in 0..distances.size()? {
        let d = distances.get_at(i)?;
        let mut zero = Set::universe(d.get_space()?)?;
        for k in 0..d.dim(DimType::Set)? {
            zero = zero.fix_si(DimType::Set, k as u32, 0)?;
        }
        if !d.is_subset(&zero)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether producer `b`, grafted after `a`, can run in `a`'s loop nest
/// instead, both in the order of their iterators (checked against every
/// producer already in the nest): each is one
/// statement, a tile needs the same box of both (with `b`'s name for
/// `a`'s), or both have the same instances and boxes that differ only at
/// an edge ([`nearly_equal_boxes`]), neither accesses what the other writes, and neither reads what
/// it writes itself nor writes an element twice (so that no order of their
/// instances computes something else). Harris's two gradients of the same
/// image so share one pass over its tile.
fn share_loops(a: &Producer, b: &Producer, accesses: &Accesses, groups: &[UnionSet]) -> IslResult<bool> {
    let (a_maps, b_maps) = (a.extension.get_map_list()?, b.extension.get_map_list()?);
    if a_maps.size()? != 1 || b_maps.size()? != 1 {
        return Ok(false);
    }
    let (a_map, b_map) = (a_maps.get_at(0)?, b_maps.get_at(0)?);
    if a_map.dim(DimType::Out)? != b_map.dim(DimType::Out)? || !a_map.has_tuple_name(DimType::Out)? || !b_map.has_tuple_name(DimType::Out)? {
        return Ok(false);
    }
    let renamed = b_map.set_tuple_name(DimType::Out, a_map.get_tuple_name(DimType::Out)?)?;
    let phases = || -> IslResult<bool> { Ok(same_instances(&groups[a.group], &groups[b.group])? && nearly_equal_boxes(&a_map, &renamed)?) };
    if !(renamed.is_equal(&a_map)? || phases()?) {
        return Ok(false);
    }
    let (a_reads, a_writes) = (accesses.reads_of(&groups[a.group])?, accesses.writes_of(&groups[a.group])?);
    let (b_reads, b_writes) = (accesses.reads_of(&groups[b.group])?, accesses.writes_of(&groups[b.group])?);
    let a_all = a_reads.copy()?.union(a_writes.copy()?)?;
    let b_all = b_reads.copy()?.union(b_writes.copy()?)?;
    Ok(!share_elements(&a_writes, &b_all)?
        && !share_elements(&b_writes, &a_all)?
        && !share_elements(&a_reads, &a_writes)?
        && !share_elements(&b_reads, &b_writes)?
        && a_writes.reverse()?.is_single_valued()?
        && b_writes.reverse()?.is_single_valued()?)
}

/// Whether two single-statement groups have the same instances (with one
/// statement's name for both): phases of one stage, as the four of a 2x
/// upsample.
fn same_instances(a: &UnionSet, b: &UnionSet) -> IslResult<bool> {
    let (a, b) = (a.get_set_list()?, b.get_set_list()?);
    if a.size()? != 1 || b.size()? != 1 {
        return Ok(false);
    }
    let a = a.get_at(0)?;
    let b = b.get_at(0)?.set_tuple_name(a.get_tuple_name()?)?;
    Ok(a.is_equal(&b)?)
}

/// Whether two boxes per tile (`tile -> instance`, one statement's name
/// for both) differ only at their edges: the box around both, in the tile
/// that has most of them, is at most [`SHARED_BOX_SLACK`] larger than the
/// larger one. The four phases of a 2x upsample run over the same
/// instances, but where a tile spans the whole width of the image, the
/// consumer's border needs one column more of some phases than of others;
/// in one loop nest their loops then differ only in their last iteration.
/// (Stages over different instances keep a nest each where their boxes
/// differ: the 3- and 5-tap row passes of a difference of Gaussians ran
/// 7% slower in one loop, without its edge rows.)
fn nearly_equal_boxes(a: &Map, b: &Map) -> IslResult<bool> {
    let points = |map: &Map| -> IslResult<Option<f64>> {
        Ok(box_sizes(&UnionMap::from_map(map.copy()?)?)?.first().and_then(|&(_, p)| p))
    };
    let both = a.copy()?.union(b.copy()?)?;
    Ok(match (points(a)?, points(b)?, points(&both)?) {
        (Some(a), Some(b), Some(both)) => both <= SHARED_BOX_SLACK * a.max(b),
        _ => false,
    })
}

/// How much larger than the larger of two boxes the box around both may
/// be for their statements to share one loop nest ([`share_loops`]).
const SHARED_BOX_SLACK: f64 = 1.01;

/// `S[x] -> [x]` for the statements of `instances`: each instance at its
/// own iterators.
fn own_order(instances: &UnionSet) -> IslResult<UnionMap> {
    let sets = instances.get_set_list()?;
    let mut order = UnionMap::empty(instances.get_space()?)?;
    for i in 0..sets.size()? {
        let set = sets.get_at(i)?;
        let x: Vec<String> = (0..set.dim(DimType::Set)?).map(|k| format!("x{k}")).collect();
        let text = format!("{{ {}[{}] -> [{}] }}", set.get_tuple_name()?, x.join(", "), x.join(", "));
        order = order.union(UnionMap::read_from_str(&set.get_ctx(), &text)?)?;
    }
    Ok(order)
}

/// `schedule` with the producers of `plan` grafted under the tile loops of
/// group `consumer` at the plan's depth, each running the instances its
/// extension gives in its original order (producers that share loops, see
/// [`share_loops`], in one loop nest), and their own subtrees emptied.
fn graft(schedule: Schedule, scop: &Scop, accesses: &Accesses, groups: &[UnionSet], plan: &Plan, consumer: usize) -> IslResult<Schedule> {
    let band = tile_band(&schedule, consumer)?.ok_or_else(|| IslError("the tile band moved".into()))?;
    let members = band.band_n_member()? as usize;
    let band = if plan.depth < members { band.band_split(plan.depth as i32)? } else { band };
    // Below the tile loops of the plan's depth, whose values the prefix
    // schedule there gives in its own space.
    let tile_loops = UnionMap::from_multi_union_pw_aff(band.band_get_partial_schedule()?)?.intersect_domain(groups[consumer].copy()?)?;
    let mut at = band.child(0)?;
    let prefix = at.get_prefix_schedule_union_map()?.intersect_domain(groups[consumer].copy()?)?;
    let to_tiles = prefix.reverse()?.apply_range(tile_loops)?;
    let original = scop.schedule.get_map()?;
    // Each graft goes just before the consumer: the earliest first.
    let mut producers: Vec<&Producer> = plan.producers.iter().collect();
    producers.sort_by_key(|p| p.group);
    let mut nests: Vec<Vec<&Producer>> = Vec::new();
    for producer in producers {
        let mut joins = false;
        if let Some(nest) = nests.last() {
            joins = true;
            for &member in nest {
                joins = joins && share_loops(member, producer, accesses, groups)?;
            }
        }
        match nests.last_mut() {
            Some(nest) if joins => nest.push(producer),
            _ => nests.push(vec![producer]),
        }
    }
    for nest in nests {
        let mut extension = UnionMap::empty(to_tiles.get_space()?)?;
        let mut order = UnionMap::empty(original.get_space()?)?;
        for producer in &nest {
            let instances = &groups[producer.group];
            extension = extension.union(to_tiles.copy()?.apply_range(producer.extension.copy()?)?)?;
            order = order.union(if nest.len() == 1 { original.copy()?.intersect_domain(instances.copy()?)? } else { own_order(instances)? })?;
        }
        let mut added = ScheduleNode::from_extension(extension)?.child(0)?.insert_partial_schedule(MultiUnionPwAff::from_union_map(order)?)?;
        // Statements that share the nest but differ at its edges run in
        // loops over pieces that run the same statements, not behind tests.
        // (Not `tile::separate_statements`, which also sets the isolated
        // parts' loop type and tests the node's domain: on this tree,
        // rooted at an extension, Harris then lost its fused schedule.)
        if nest.len() > 1 {
            for m in 0..added.band_n_member()? {
                added = added.band_member_set_ast_loop_type(m, ASTLoopType::Separate)?;
            }
        }
        at = at.graft_before(added.root()?)?;
    }
    // The producers' own subtrees run nothing.
    let mut top = at.root()?.child(0)?;
    for producer in &plan.producers {
        let nothing = UnionSet::empty(groups[producer.group].get_space()?)?;
        top = top.child(producer.group as i32)?.child(0)?.insert_filter(nothing)?.parent()?.parent()?;
    }
    Ok(top.get_schedule()?)
}
