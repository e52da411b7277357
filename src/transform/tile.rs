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

use isl_rs::{Id, MultiVal, Schedule, ScheduleNode, ScheduleNodeType, Val};

use crate::isl::IslResult;

/// Name of the mark node above a loop that may run in parallel.
pub const PARALLEL_MARK: &str = "parallel";

/// How to tile.
#[derive(Debug, Clone)]
pub struct TileOptions {
    /// Tile sizes for the band members, outermost first; the last size is
    /// repeated for deeper members. Empty: no tiling.
    pub sizes: Vec<i64>,
    /// Mark parallel loops.
    pub mark_parallel: bool,
}

/// Tiles and marks `schedule` in place of the original.
pub fn apply(schedule: Schedule, options: &TileOptions) -> IslResult<Schedule> {
    let root = schedule.get_root()?;
    let root = visit(root, options, Walk { may_tile: true, in_parallel: false })?;
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
fn visit(mut node: ScheduleNode, options: &TileOptions, walk: Walk) -> IslResult<ScheduleNode> {
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
        }
        if options.mark_parallel && !walk.in_parallel {
            let n = node.band_n_member()?;
            let first = (0..n).map(|i| node.band_member_get_coincident(i)).collect::<Result<Vec<_>, _>>()?.iter().position(|c| *c);
            if let Some(k) = first {
                if k > 0 {
                    node = node.band_split(k as i32)?.child(0)?;
                }
                let mark = Id::read_from_str(&node.get_ctx(), PARALLEL_MARK)?;
                node = node.insert_mark(mark)?.child(0)?;
                walk.in_parallel = true;
                let result = visit_children(node, options, walk)?;
                // Back above the mark (and the split band, if any).
                let mut back = result.parent()?;
                if k > 0 {
                    back = back.parent()?;
                }
                return Ok(back);
            }
        }
    }
    visit_children(node, options, walk)
}

fn visit_children(mut node: ScheduleNode, options: &TileOptions, walk: Walk) -> IslResult<ScheduleNode> {
    for i in 0..node.n_children()? {
        node = visit(node.child(i)?, options, walk)?.parent()?;
    }
    Ok(node)
}
