//! Legality of a final schedule: does the transformed region compute what
//! the original computes?
//!
//! Every schedule iotile emits (isl's, tiled, reordered, with parallel and
//! simd marks, or loaded with `--load-schedule`) passes [`check`] first.
//! The rule is the one behind Verdoolaege and Cohen's live-range
//! reordering, checked exactly on the final schedule rather than trusted
//! from the scheduler: the order of two accesses to one element may change
//! freely, as long as
//!
//! - every read still reads the value of the same write (the dataflow
//!   under the new schedule is the original dataflow: no other write of
//!   the element falls inside a *live range*, from a write to a read of its
//!   value),
//! - every read of a value from before the region still comes before all
//!   writes of its element (live-in), and the write that leaves an
//!   element's final value behind is still the last one (live-out),
//! - and a loop marked `parallel` or `simd` carries no conflict: two of its
//!   iterations touch no element that one of them writes, except for the
//!   scalars it keeps private copies of, whose live ranges must then lie
//!   within one iteration of the loop (a private copy starts undefined in
//!   each iteration and is lost after it); likewise for the loops a
//!   `thread` (or `grid`) mark names, jointly, within one iteration of the
//!   loops above the outermost of them.
//!
//! Anti and output dependences only protect live ranges: they may be
//! reversed where no live range is broken, which is what lets a scalar
//! temporary be privatised or a loop with one be interchanged. A band may
//! be tiled or its members reordered only when every dependence that still
//! matters has a non-negative distance along each member
//! ([`band_reorderable`]): the flow and forced dependences, and the anti
//! and output dependences of any data whose live ranges the band carries
//! (a live range inside one iteration of the band is kept whole by any
//! order of its iterations).

use isl_rs::{DimType, Map, ScheduleNode, ScheduleNodeType, UnionMap, UnionSet};

use crate::deps::{read_sources, Dependences};
use crate::isl::{coalesced, named_id, same_value, tuple_names, IslResult, IslText};
use crate::scop::Scop;
use crate::marks::{grid_mark_depths, parallel_mark_depth, simd_mark, simd_mark_apart, simd_mark_depth, thread_mark_depths, GRID_MARK, PARALLEL_MARK, SIMD_MARK, THREAD_MARK};

/// Why `schedule` does not compute what the original order of `scop`
/// computes; `None` when it does.
pub fn check(scop: &Scop, deps: &Dependences, schedule: &isl_rs::Schedule) -> IslResult<Option<String>> {
    if !schedule.get_domain()?.is_equal(&scop.domain()?)? {
        return Ok(Some("its domain is not the set of statement instances of this region (see --dump-scop)".into()));
    }
    // Recomputing the dataflow of a tiled schedule is costly (floors in
    // every dimension); most schedules keep every dependence, which is
    // cheap to see and implies the same dataflow.
    if !keeps_every_dependence(scop, deps, schedule)? {
        if let Some(why) = dataflow_changes(scop, deps, schedule)? {
            return Ok(Some(why));
        }
    }
    marked_loops_carry_nothing(scop, deps, schedule.get_root()?)
}

/// The pairs of statement instances of `scop` whose relative order code
/// generated from `schedule` (legal) must keep as `schedule` has it, in
/// both directions: the flow, anti and output dependences where
/// `schedule` keeps them all (an order that keeps them keeps the
/// dataflow), otherwise every pair of accesses to one element of which
/// one writes (the dataflow under live-range reordering depends on the
/// order of each such pair).
pub fn order_to_keep(scop: &Scop, deps: &Dependences, schedule: &isl_rs::Schedule) -> IslResult<UnionMap> {
    let pairs = match keeps_every_dependence(scop, deps, schedule)? {
        true => deps.validity()?,
        false => {
            let (writes, reads) = (scop.accesses(true)?, scop.accesses(false)?);
            let accesses = writes.copy()?.union(reads)?;
            writes.copy()?.apply_range(accesses.copy()?.reverse()?)?.union(accesses.apply_range(writes.reverse()?)?)?
        }
    };
    Ok(pairs.copy()?.union(pairs.reverse()?)?)
}

/// Whether `schedule` runs the source of every flow, anti and output
/// dependence strictly before its sink. Together (with transitivity) these
/// order every pair of conflicting accesses, so a schedule that keeps them
/// all has the original dataflow, live-in and live-out values; one that
/// reverses some (live-range reordering) may still have it, which only
/// [`dataflow_changes`] can tell. Like the scheduler and the generated
/// code, both assume the region's context (a VLA's extent is not
/// negative): an order that differs only outside it is kept.
fn keeps_every_dependence(scop: &Scop, deps: &Dependences, schedule: &isl_rs::Schedule) -> IslResult<bool> {
    let times = schedule.get_map()?;
    let ordered_times = deps.validity()?.intersect_params(scop.context.copy()?)?.apply_domain(times.copy()?)?.apply_range(times)?;
    let maps = ordered_times.get_map_list()?;
    for i in 0..maps.size()? {
        let map = maps.get_at(i)?;
        if map.dim(DimType::In)? != map.dim(DimType::Out)? {
            return Ok(false);
        }
        let not_before = map.copy()?.intersect(Map::lex_ge(map.get_space()?.domain()?)?)?;
        if !not_before.is_empty()? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Why the dataflow of `scop` under `schedule` differs from the original
/// one (another source for some read, a live-in read after a write, a
/// live-out value overwritten later); `None` when it is the same.
fn dataflow_changes(scop: &Scop, deps: &Dependences, schedule: &isl_rs::Schedule) -> IslResult<Option<String>> {
    let flow = read_sources(scop, schedule.copy()?)?;
    // Within the context (see [`keeps_every_dependence`]).
    let context = || scop.context.copy();
    // Coalesced first: under tiles of tiles with isolated full tiles the
    // dataflow comes back in many pieces.
    let new_flow = flow.get_may_dependence()?.intersect_params(context()?)?.coalesce()?;
    let no_source = flow.get_may_no_source()?.intersect_params(context()?)?;
    let old_flow = deps.tagged_flow.copy()?.intersect_params(context()?)?;
    let single = old_flow.copy()?.reverse()?.is_single_valued()?;
    if !same_sources(&new_flow, &old_flow, &no_source, single)? {
        let lost = old_flow.copy()?.subtract(new_flow.copy()?)?;
        let gained = new_flow.subtract(old_flow)?;
        let broken = if lost.is_empty()? { gained } else { lost };
        return Ok(Some(format!("a read would get its value from another write: {}", coalesced(broken)?.isl_text())));
    }
    let live_in = no_source.domain_factor_domain()?.coalesce()?;
    let old_live_in = deps.live_in.copy()?.intersect_params(context()?)?;
    // With the same sources, and at most one for each read, a read live-in
    // in the original has none under the new schedule either, so it is
    // live-in there too: only the other inclusion is left to test (the
    // costly one on the many pieces of tiles of tiles, as above).
    let same_live_in = live_in.is_subset(&old_live_in)? && (single || old_live_in.is_subset(&live_in)?);
    if !same_live_in {
        let moved = old_live_in.subtract(live_in)?;
        return Ok(Some(format!("a read of a value from before the region would come after a write of it: {}", coalesced(moved)?.isl_text())));
    }
    let writes = scop.tagged_accesses(true)?.domain_factor_domain()?;
    let last = deps.live_out.copy()?.intersect_params(context()?)?;
    let times = schedule.get_map()?;
    let later = times.copy()?.intersect_domain(last.copy()?.domain()?)?.lex_lt_union_map(times.intersect_domain(writes.copy()?.domain()?)?)?;
    let overwritten = last.apply_range(writes.reverse()?)?.intersect(later)?;
    if !overwritten.is_empty()? {
        return Ok(Some(format!("a value the region leaves behind would be overwritten: {}", coalesced(overwritten)?.isl_text())));
    }
    Ok(None)
}

/// Whether `new`, the sources of the reads under a new schedule, are the
/// original ones, `old` (`no_source`: the reads that may have no source
/// under the new schedule). Where each read has at most one source in
/// `old` (`single`), they are when `new` lies within `old` and no read
/// with a source in `old` is without one in `new`: its source in `new` is
/// then its only one in `old`. That spares isl the test of `old` within
/// `new`'s many pieces, which took it past 20 s of CPU time on a
/// three-loop nest under tiles of tiles with isolated full tiles
/// (iotile-random seed 400083); the other way round took 0.007 s.
fn same_sources(new: &UnionMap, old: &UnionMap, no_source: &UnionMap, single: bool) -> IslResult<bool> {
    if !new.is_subset(old)? {
        return Ok(false);
    }
    if single {
        return Ok(old.copy()?.range()?.intersect(no_source.copy()?.domain()?)?.is_empty()?);
    }
    Ok(old.is_subset(new)?)
}

/// Checks the loop below every parallel or simd mark under `node`.
fn marked_loops_carry_nothing(scop: &Scop, deps: &Dependences, node: ScheduleNode) -> IslResult<Option<String>> {
    if node.get_type()? == ScheduleNodeType::Mark {
        let name = node.mark_get_id()?.get_name()?.to_string();
        let depth = parallel_mark_depth(&name).map(|(depth, _)| depth).or(simd_mark_depth(&name));
        if depth.is_none() && (name.starts_with(PARALLEL_MARK) || name.starts_with(SIMD_MARK)) {
            return Ok(Some(format!("its mark \"{name}\" names no loop (a parallel or simd mark ends with the loop's schedule depth: \"{PARALLEL_MARK}_2\")")));
        }
        if let Some(depths) = thread_mark_depths(&name).or_else(|| grid_mark_depths(&name)) {
            if let Some(why) = threads_carry_nothing(scop, deps, &node, &name, &depths)? {
                return Ok(Some(why));
            }
        } else if name.starts_with(THREAD_MARK) || name.starts_with(GRID_MARK) {
            return Ok(Some(format!(
                "its mark \"{name}\" names no loop (a thread or grid mark ends with the loops' schedule depths: \"{THREAD_MARK}_5_3\")"
            )));
        }
        if let Some(depth) = depth {
            let mut loops = Vec::new();
            bands_at_depth(node.get_child(0)?, depth, &mut loops)?;
            if loops.is_empty() {
                return Ok(Some(format!("its mark \"{name}\" is not above a loop")));
            }
            for (band, member) in loops {
                if let Some(conflict) = parallel_conflict(scop, deps, &band, member)? {
                    return Ok(Some(format!("the loop below its mark \"{name}\" {conflict}")));
                }
                if simd_mark_depth(&name).is_some() {
                    let apart = simd_mark_apart(&name);
                    if let Some((a, b)) = simd_conflicts(scop, deps, &band, member)?.into_iter().find(|p| !apart.contains(p)) {
                        return Ok(Some(format!("its mark \"{name}\" does not keep {a} and {b} apart: instances of them access one element in one iteration of its loop (\"{}\")", simd_mark(depth, &[(a.clone(), b.clone())]))));
                    }
                }
            }
        }
    }
    for i in 0..node.n_children()? {
        if let Some(why) = marked_loops_carry_nothing(scop, deps, node.get_child(i)?)? {
            return Ok(Some(why));
        }
    }
    Ok(None)
}

/// `schedule` with each simd mark naming every pair of statements that
/// access one element in one iteration of its loops ([`simd_conflicts`]),
/// for a schedule loaded from a file, whose marks may name none.
pub fn name_simd_conflicts(scop: &Scop, deps: &Dependences, schedule: isl_rs::Schedule) -> IslResult<isl_rs::Schedule> {
    fn visit(scop: &Scop, deps: &Dependences, mut node: ScheduleNode) -> IslResult<ScheduleNode> {
        if node.get_type()? == ScheduleNodeType::Mark {
            let name = node.mark_get_id()?.get_name()?.to_string();
            if let Some(depth) = simd_mark_depth(&name) {
                let mut loops = Vec::new();
                bands_at_depth(node.get_child(0)?, depth, &mut loops)?;
                let mut pairs = simd_mark_apart(&name);
                for (band, member) in loops {
                    pairs.extend(simd_conflicts(scop, deps, &band, member)?);
                }
                pairs.sort();
                pairs.dedup();
                let named = simd_mark(depth, &pairs);
                if named != name {
                    let id = named_id(&node.get_ctx(), &named)?;
                    node = node.delete()?.insert_mark(id)?;
                }
            }
        }
        for i in 0..node.n_children()? {
            node = visit(scop, deps, node.child(i)?)?.parent()?;
        }
        Ok(node)
    }
    Ok(visit(scop, deps, schedule.get_root()?)?.get_schedule()?)
}

/// Why the loops a thread (or grid) mark at `mark` names (schedule depths
/// `depths`) cannot run as the threads of a block (the blocks of a grid);
/// `None` when they can.
fn threads_carry_nothing(scop: &Scop, deps: &Dependences, mark: &ScheduleNode, name: &str, depths: &[i32]) -> IslResult<Option<String>> {
    let mut loops = Vec::new();
    bands_at_depth(mark.get_child(0)?, depths[0], &mut loops)?;
    if loops.is_empty() {
        return Ok(Some(format!("its mark \"{name}\" is not above a loop")));
    }
    for (band, _) in loops {
        let (start, n) = (band.get_schedule_depth()?, band.band_n_member()?);
        let members: Vec<i32> = depths.iter().map(|d| d - start).collect();
        if members.iter().any(|&m| m < 0 || m >= n) {
            return Ok(Some(format!("its mark \"{name}\" names loops of different bands")));
        }
        if let Some(conflict) = threads_conflict(scop, deps, &band, &members)? {
            return Ok(Some(format!("the loops below its mark \"{name}\" {conflict}")));
        }
    }
    Ok(None)
}

/// The bands at or below `node` holding the loop at schedule depth
/// `depth`, each with the member that is that loop (a mark names a loop
/// by depth; the band may have been split below it since).
pub fn bands_at_depth(node: ScheduleNode, depth: i32, out: &mut Vec<(ScheduleNode, i32)>) -> IslResult<()> {
    if node.get_type()? == ScheduleNodeType::Band {
        let first = node.get_schedule_depth()?;
        if depth < first {
            return Ok(());
        }
        if depth < first + node.band_n_member()? {
            out.push((node, depth - first));
            return Ok(());
        }
    }
    for i in 0..node.n_children()? {
        bands_at_depth(node.get_child(i)?, depth, out)?;
    }
    Ok(())
}

/// The outer loops and the loop of member `member` of the band at `band`,
/// as relations from the statement instances below it to loop values.
pub fn loop_relations(band: &ScheduleNode, member: i32) -> IslResult<(UnionMap, UnionMap)> {
    let within = instances(band)?;
    let partial = band.band_get_partial_schedule()?;
    let mut outer = prefix_schedule(band)?.intersect_domain(within.copy()?)?;
    for m in 0..member {
        outer = outer.flat_range_product(UnionMap::from_union_pw_aff(partial.get_union_pw_aff(m)?)?)?;
    }
    let this = UnionMap::from_union_pw_aff(partial.get_union_pw_aff(member)?)?.intersect_domain(within)?;
    Ok((outer, this))
}

/// The instances that reach `node`, also below an extension node, where
/// isl does not compute them: those arriving at the extension node and
/// those it adds, through the filters between it and `node`.
pub fn instances(node: &ScheduleNode) -> IslResult<UnionSet> {
    if let Ok(domain) = node.get_domain() {
        return Ok(domain);
    }
    let (extension, filters, _) = up_to_extension(node)?;
    let mut domain = instances(&extension)?.union(extension.extension_get_extension()?.range()?)?;
    for filter in filters {
        domain = domain.intersect(filter)?;
    }
    Ok(domain)
}

/// The prefix schedule of `node` (`instance -> values of the loops above
/// it`), also below an extension node, where isl does not compute it:
/// there the instances the extension adds take the values it gives them,
/// and the bands between the extension node and `node` add theirs.
pub fn prefix_schedule(node: &ScheduleNode) -> IslResult<UnionMap> {
    if let Ok(prefix) = node.get_prefix_schedule_union_map() {
        return Ok(prefix);
    }
    let within = instances(node)?;
    let (extension, _, bands) = up_to_extension(node)?;
    let arriving = prefix_schedule(&extension)?.intersect_domain(instances(&extension)?)?;
    let mut prefix = arriving.union(extension.extension_get_extension()?.reverse()?)?.intersect_domain(within.copy()?)?;
    for band in bands.into_iter().rev() {
        prefix = prefix.flat_range_product(band.intersect_domain(within.copy()?)?)?;
    }
    Ok(prefix)
}

/// The nearest extension node above `node`, with the filters and the bands'
/// partial schedules between them (innermost first).
fn up_to_extension(node: &ScheduleNode) -> IslResult<(ScheduleNode, Vec<UnionSet>, Vec<UnionMap>)> {
    let (mut filters, mut bands) = (Vec::new(), Vec::new());
    let mut at = node.copy()?;
    loop {
        if !at.has_parent()? {
            return Err(crate::isl::IslError("an extension node above was expected".into()));
        }
        at = at.parent()?;
        match at.get_type()? {
            ScheduleNodeType::Extension => return Ok((at, filters, bands)),
            ScheduleNodeType::Filter => filters.push(at.filter_get_filter()?),
            ScheduleNodeType::Band => bands.push(UnionMap::from_multi_union_pw_aff(at.band_get_partial_schedule()?)?),
            _ => {}
        }
    }
}

/// What makes member `member` of the band at `band` unfit to run its
/// iterations in parallel (or as simd lanes) with private copies of the
/// privatizable scalars written below it; `None` when nothing does.
pub fn parallel_conflict(scop: &Scop, deps: &Dependences, band: &ScheduleNode, member: i32) -> IslResult<Option<String>> {
    let (outer, this) = loop_relations(band, member)?;
    conflict_across(scop, deps, &instances(band)?, outer, this)
}

/// What makes members `members` of the band at `band` unfit to run as the
/// threads of a GPU block: within one iteration of the loops above the
/// outermost of them, two instances that differ in some of them conflict,
/// or a private scalar's value passes between them; `None` when nothing
/// does.
pub fn threads_conflict(scop: &Scop, deps: &Dependences, band: &ScheduleNode, members: &[i32]) -> IslResult<Option<String>> {
    let Some(&first) = members.iter().min() else { return Ok(None) };
    let (outer, _) = loop_relations(band, first)?;
    let partial = band.band_get_partial_schedule()?;
    let within = instances(band)?;
    let mut these: Option<UnionMap> = None;
    for &m in members {
        let member = UnionMap::from_union_pw_aff(partial.get_union_pw_aff(m)?)?.intersect_domain(within.copy()?)?;
        these = Some(match these {
            None => member,
            Some(t) => t.flat_range_product(member)?,
        });
    }
    let these = these.ok_or_else(|| crate::isl::IslError("no member".into()))?;
    conflict_across(scop, deps, &within, outer, these)
}

/// What makes members `members` of the band at `band` unfit to run as the
/// threads of a block anywhere: like [`threads_conflict`], but between any
/// two of the band's instances that share the values of its members before
/// the outermost of them, whatever the loops above the band (a stronger
/// condition, for bands below an extension node, where the loops above
/// relate instances to tiles in many ways).
pub fn threads_conflict_alone(scop: &Scop, deps: &Dependences, band: &ScheduleNode, members: &[i32]) -> IslResult<Option<String>> {
    let Some(&first) = members.iter().min() else { return Ok(None) };
    let within = instances(band)?;
    let partial = band.band_get_partial_schedule()?;
    let member = |m: i32| -> IslResult<UnionMap> { Ok(UnionMap::from_union_pw_aff(partial.get_union_pw_aff(m)?)?.intersect_domain(within.copy()?)?) };
    let nothing = UnionSet::from_set(isl_rs::Set::universe(isl_rs::Space::set_alloc(&band.get_ctx(), 0, 0)?)?)?;
    let mut outer = UnionMap::from_domain_and_range(within.copy()?, nothing)?;
    for m in 0..first {
        outer = outer.flat_range_product(member(m)?)?;
    }
    let mut these = member(members[0])?;
    for &m in &members[1..] {
        these = these.flat_range_product(member(m)?)?;
    }
    conflict_across(scop, deps, &within, outer, these)
}

/// What makes the instances in `within` that share a value of `outer` but
/// differ in their value of `this` unfit to run concurrently, with private
/// copies of the privatizable scalars they write; `None` when nothing does.
fn conflict_across(scop: &Scop, deps: &Dependences, within: &UnionSet, outer: UnionMap, this: UnionMap) -> IslResult<Option<String>> {
    let same_outer = same_value(&outer)?;
    let whole = outer.flat_range_product(this)?;
    let same_iteration = same_value(&whole)?;
    let (conflicts, private) = conflicts_within(scop, deps, within)?;
    for scalar in private {
        let split = touching(deps.tagged_flow_of(scop, &scalar)?, within)?.subtract(same_iteration.copy()?)?;
        if !split.is_empty()? {
            return Ok(Some(format!("would lose values of the private scalar '{scalar}' between iterations: {}", coalesced(split)?.isl_text())));
        }
    }
    let carried = conflicts.intersect(same_outer)?.subtract(same_iteration)?;
    if !carried.is_empty()? {
        return Ok(Some(format!("carries dependences: {}", coalesced(carried)?.isl_text())));
    }
    Ok(None)
}

/// The pairs of instances in `within` that access an element one of them
/// writes (an instance with itself included), other than the elements of
/// the privatizable scalars they write; and those scalars.
fn conflicts_within(scop: &Scop, deps: &Dependences, within: &UnionSet) -> IslResult<(UnionMap, Vec<String>)> {
    let key = within.to_str()?.to_string();
    if let Some((conflicts, private)) = deps.conflicts.borrow().get(&key) {
        return Ok((conflicts.copy()?, private.clone()));
    }
    let accesses = |writes: bool| -> IslResult<UnionMap> { Ok(scop.tagged_accesses(writes)?.domain_factor_domain()?.intersect_domain(within.copy()?)?) };
    let (mut writes, mut reads) = (accesses(true)?, accesses(false)?);
    let private = private_scalars(deps, &writes)?;
    for scalar in &private {
        let element = scop.scalar_element(scalar)?;
        writes = writes.subtract_range(element.copy()?)?;
        reads = reads.subtract_range(element)?;
    }
    let conflicts = same_value(&writes)?
        .union(writes.copy()?.apply_range(reads.copy()?.reverse()?)?)?
        .union(reads.apply_range(writes.reverse()?)?)?;
    deps.conflicts.borrow_mut().insert(key, (conflicts.copy()?, private.clone()));
    Ok((conflicts, private))
}

/// The pairs of statements (names, in order, each pair once) two of whose
/// instances in one iteration of the loop of member `member` of the band
/// at `band` (the statements of its body, or the copies of an unrolled
/// member below it) access an element one of them writes, other than a
/// private scalar's. A `#pragma omp simd` on a loop whose body holds both
/// of such a pair would leave their order to the C compiler's own
/// dependence analysis, and gcc 12 takes the pragma as leave to ignore the
/// dependences it cannot analyse, within an iteration too: with
/// `C[2 * c1][2 * c3 - 1]` written and `C[2 * c1][2 * (c3 - 1) + 1]`
/// read after it in one iteration, it moved the read above the write
/// (found by `iotile-random`'s image pipelines).
pub fn simd_conflicts(scop: &Scop, deps: &Dependences, band: &ScheduleNode, member: i32) -> IslResult<Vec<(String, String)>> {
    let (outer, this) = loop_relations(band, member)?;
    let within = instances(band)?;
    let same_iteration = same_value(&outer.flat_range_product(this)?)?;
    let (conflicts, _) = conflicts_within(scop, deps, &within)?;
    let inside = conflicts.intersect(same_iteration)?.subtract(within.identity()?)?;
    let maps = inside.get_map_list()?;
    let mut pairs = Vec::new();
    for k in 0..maps.size()? {
        let map = maps.get_at(k)?;
        let (a, b) = (map.get_tuple_name(DimType::In)?.to_string(), map.get_tuple_name(DimType::Out)?.to_string());
        pairs.push(if a <= b { (a, b) } else { (b, a) });
    }
    pairs.sort();
    pairs.dedup();
    Ok(pairs)
}

/// The pairs of `relation` with a source or a sink in `within`.
fn touching(relation: UnionMap, within: &UnionSet) -> IslResult<UnionMap> {
    Ok(relation.copy()?.intersect_domain(within.copy()?)?.union(relation.intersect_range(within.copy()?)?)?)
}

/// The privatizable scalars among the targets of `writes` (the scalars a
/// back end declares private on a loop whose body holds these writes).
fn private_scalars(deps: &Dependences, writes: &UnionMap) -> IslResult<Vec<String>> {
    let mut names = tuple_names(&writes.copy()?.range()?)?;
    names.retain(|name| deps.privatizable.contains(name));
    Ok(names)
}

/// Whether the members of the band at `band` may be reordered and tiled:
/// along each member, every dependence that matters among the instances
/// below the band (within one iteration of the loops around it) has a
/// non-negative distance. What matters is [`Dependences::unconditional`],
/// plus the order dependences of every array or scalar with a live range
/// that the band carries or that leaves it.
pub fn band_reorderable(scop: &Scop, deps: &Dependences, band: &ScheduleNode) -> IslResult<bool> {
    if !deps.reorder_live_ranges {
        // The scheduler had every dependence as validity: its permutable
        // flag already says it.
        return Ok(true);
    }
    let within = instances(band)?;
    let prefix = prefix_schedule(band)?.intersect_domain(within.copy()?)?;
    let partial = band.band_get_partial_schedule()?;
    let whole = prefix.copy()?.flat_range_product(band.band_get_partial_schedule_union_map()?.intersect_domain(within.copy()?)?)?;
    let same_point = same_value(&whole)?;
    let mut required = deps.unconditional()?;
    for array in written_data(scop) {
        if !touching(deps.tagged_flow_of(scop, &array)?, &within)?.subtract(same_point.copy()?)?.is_empty()? {
            required = required.union(deps.tagged_order_of(scop, &array)?)?;
        }
    }
    let required = required.intersect_domain(within.copy()?)?.intersect_range(within)?.intersect(same_value(&prefix)?)?;
    for m in 0..band.band_n_member()? {
        let member = isl_rs::MultiUnionPwAff::from_union_pw_aff(partial.get_union_pw_aff(m)?)?;
        if !required.copy()?.lex_gt_at_multi_union_pw_aff(member)?.is_empty()? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Names of the arrays and scalars the region writes.
fn written_data(scop: &Scop) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for w in scop.statements.iter().flat_map(|s| &s.writes) {
        if !names.contains(&w.array) {
            names.push(w.array.clone());
        }
    }
    names
}
