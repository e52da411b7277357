//! Rectangular tiling of permutable bands and parallel-loop marking.
//!
//! Every permutable band with at least two members is split into a tile
//! band and a point band (`isl_schedule_node_band_tile`) with the requested
//! sizes. Then, walking from the root, the outermost band member that isl
//! found coincident (free of loop-carried dependences) gets a
//! [`PARALLEL_MARK`] above it — splitting the band when that member is not
//! its first — and nothing below a mark is marked again, so parallel loops
//! are never nested.
//!
//! ```text
//!   band [i, j, k] (permutable)      mark "parallel"
//!        |                 ==>         band [ti, tj, tk]   (tile loops)
//!       ...                                 band [i, j, k] (point loops)
//! ```

use isl_rs::{Id, MultiUnionPwAff, MultiVal, Schedule, ScheduleNode, ScheduleNodeType, UnionMap, UnionPwAffList, UnionSet, Val};

use crate::isl::IslResult;
use crate::model::{one_step_along, stride};
use crate::scop::Scop;

/// Name of the mark node above a loop that may run in parallel.
pub const PARALLEL_MARK: &str = "parallel";

/// Name of the mark node right below that loop: where the parallel loop
/// ends. When isl drops a parallel loop that runs once, no loop is printed
/// between the two marks and the loops below are not parallel.
pub const PARALLEL_END_MARK: &str = "parallel_end";

/// How to tile.
#[derive(Debug, Clone)]
pub struct TileOptions {
    /// Tile sizes for the band members, outermost first; the last size is
    /// repeated for deeper members. Empty: no tiling.
    pub sizes: Vec<i64>,
    /// Mark parallel loops.
    pub mark_parallel: bool,
}

/// Tiles and marks `schedule` (of `scop`) in place of the original.
pub fn apply(schedule: Schedule, scop: &Scop, options: &TileOptions) -> IslResult<Schedule> {
    let root = schedule.get_root()?;
    let root = visit(root, scop, options, Walk { may_tile: true, in_parallel: false })?;
    Ok(root.get_schedule()?)
}

/// What is already decided above the node being visited.
#[derive(Clone, Copy)]
struct Walk {
    /// No band above was tiled (only outermost bands are tiled, so the
    /// point band a tiling creates is not tiled again).
    may_tile: bool,
    /// A parallel mark is above.
    in_parallel: bool,
}

/// Transforms the subtree at `node`; gives the node back at the same place.
fn visit(mut node: ScheduleNode, scop: &Scop, options: &TileOptions, walk: Walk) -> IslResult<ScheduleNode> {
    let mut walk = walk;
    if node.get_type()? == ScheduleNodeType::Band && node.band_n_member()? > 0 {
        let members = node.band_n_member()?;
        if walk.may_tile && !options.sizes.is_empty() && members >= 2 && node.band_get_permutable()? {
            let space = node.band_get_space()?;
            let mut sizes = MultiVal::zero(space)?;
            for i in 0..members {
                let size = options.sizes.get(i as usize).or(options.sizes.last()).copied().unwrap_or(32);
                sizes = sizes.set_val(i, Val::int_from_si(&node.get_ctx(), size)?)?;
            }
            node = node.band_tile(sizes)?;
            walk.may_tile = false;
            node = stride_one_innermost(node.child(0)?, scop)?.parent()?;
        } else if walk.may_tile && members >= 2 && node.band_get_permutable()? {
            node = stride_one_innermost(node, scop)?;
        }
        if options.mark_parallel && !walk.in_parallel {
            let n = node.band_n_member()?;
            let first = (0..n).map(|i| node.band_member_get_coincident(i)).collect::<Result<Vec<_>, _>>()?.iter().position(|c| *c);
            if let Some(k) = first {
                return mark_parallel(node, k as i32, scop, options, walk);
            }
        }
    }
    visit_children(node, scop, options, walk)
}

/// Isolates member `k` of the band at `node` in a band of its own between a
/// parallel mark and an end mark, then visits what lies below; gives the
/// node back at the original position.
///
/// ```text
///   band [a, b, c], k = 1   ==>   band [a]
///                                   mark parallel
///                                     band [b]
///                                       mark parallel_end
///                                         band [c]
/// ```
fn mark_parallel(mut node: ScheduleNode, k: i32, scop: &Scop, options: &TileOptions, walk: Walk) -> IslResult<ScheduleNode> {
    let ctx = node.get_ctx();
    if k > 0 {
        node = node.band_split(k)?.child(0)?;
    }
    if node.band_n_member()? > 1 {
        node = node.band_split(1)?;
    }
    node = node.insert_mark(Id::read_from_str(&ctx, PARALLEL_MARK)?)?.child(0)?.child(0)?;
    node = node.insert_mark(Id::read_from_str(&ctx, PARALLEL_END_MARK)?)?.child(0)?;
    let inner = Walk { in_parallel: true, ..walk };
    node = visit(node, scop, options, inner)?;
    // Up through the end mark, the parallel band and the mark.
    node = node.parent()?.parent()?.parent()?;
    if k > 0 {
        node = node.parent()?;
    }
    Ok(node)
}

fn visit_children(mut node: ScheduleNode, scop: &Scop, options: &TileOptions, walk: Walk) -> IslResult<ScheduleNode> {
    for i in 0..node.n_children()? {
        node = visit(node.child(i)?, scop, options, walk)?.parent()?;
    }
    Ok(node)
}

/// Reorders the members of a permutable band so that the innermost loop
/// is the one along which the accesses are cheapest in the cost model
/// (invariant or stride 1 rather than jumping), preferring a parallel
/// member, which vectorises. Any order of a permutable band's members is
/// valid.
fn stride_one_innermost(node: ScheduleNode, scop: &Scop) -> IslResult<ScheduleNode> {
    let n = node.band_n_member()?;
    let partial = node.band_get_partial_schedule_union_map()?;
    let mut costs = Vec::new();
    for m in 0..n {
        let parallel_bonus = if node.band_member_get_coincident(m)? { PARALLEL_INNERMOST_BONUS } else { 0.0 };
        costs.push(innermost_cost(&partial, n, m, scop)? - parallel_bonus);
    }
    let innermost = (n - 1) as usize;
    let best = (0..costs.len()).min_by(|&a, &b| costs[a].total_cmp(&costs[b])).unwrap_or(innermost);
    if best == innermost || costs[best] >= costs[innermost] {
        return Ok(node);
    }
    let mut order: Vec<i32> = (0..n).filter(|&m| m as usize != best).collect();
    order.push(best as i32);
    permute(node, &order)
}

/// How much cheaper a member is as the innermost loop when it is parallel
/// (the compiler can vectorise it), in the cost model's units.
const PARALLEL_INNERMOST_BONUS: f64 = 0.5;

/// Cost per iteration, summed over all accesses, of member `m` of a band
/// with partial schedule `partial` (`n` members) as the innermost loop.
fn innermost_cost(partial: &UnionMap, n: i32, m: i32, scop: &Scop) -> IslResult<f64> {
    let mut cost = 0.0;
    for statement in &scop.statements {
        let schedule = partial.copy()?.intersect_domain(UnionSet::from_set(statement.domain.copy()?)?)?;
        if schedule.is_empty()? {
            continue;
        }
        let following = one_step_along(&schedule, n as u32, m as u32)?;
        for access in statement.reads.iter().chain(&statement.writes) {
            if let Some(stride) = stride(&access.relation, &following)? {
                cost += stride.cost();
            }
        }
    }
    Ok(cost)
}

/// Gives the band at `node` with its members in `order` (old positions,
/// outermost first), keeping permutability and coincidence.
fn permute(node: ScheduleNode, order: &[i32]) -> IslResult<ScheduleNode> {
    let partial = node.band_get_partial_schedule()?;
    let space = partial.get_space()?;
    let mut list = UnionPwAffList::alloc(&node.get_ctx(), order.len() as i32)?;
    let mut coincident = Vec::new();
    for &m in order {
        list = list.add(partial.get_union_pw_aff(m)?)?;
        coincident.push(node.band_member_get_coincident(m)?);
    }
    let permuted = MultiUnionPwAff::from_union_pw_aff_list(space, list)?;
    let mut node = node.delete()?.insert_partial_schedule(permuted)?.band_set_permutable(1)?;
    for (i, c) in coincident.into_iter().enumerate() {
        node = node.band_member_set_coincident(i as i32, i32::from(c))?;
    }
    Ok(node)
}
