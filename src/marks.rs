//! The vocabulary of schedule-tree marks that the transformations write
//! and the back ends read: a mark above a band names one of its loops by
//! that loop's schedule depth (the generated iterator of that depth), and
//! says how the loop may run: its iterations in parallel
//! ([`PARALLEL_MARK`], [`PARALLEL_CYCLIC_MARK`]) or as simd lanes
//! ([`SIMD_MARK`]), or, on the GPU, as the blocks of the grid
//! ([`GRID_MARK`]) and the threads of a block ([`THREAD_MARK`]). Naming the loop by depth leaves the band whole, and a
//! loop that isl prints as its body (it runs once) simply has no loop for
//! the mark to apply to.

/// Prefix of the name of the mark node above a band one of whose members
/// may run in parallel; the name goes on with that member's schedule depth
/// (`parallel_2`), the loop a back end runs in parallel. The band is not
/// split around the member: isl generated wrong bounds for the split bands
/// of some strided tile loops although their schedules were equal.
pub const PARALLEL_MARK: &str = "parallel";

/// Prefix of the name of the mark like [`PARALLEL_MARK`] for a parallel
/// loop whose iterations do unequal work (a triangle): its iterations are
/// dealt round-robin to the threads (`parallel_cyclic_0`).
pub const PARALLEL_CYCLIC_MARK: &str = "parallel_cyclic";

/// Prefix of the name of the mark node above a point band whose innermost
/// member carries no dependence; the name goes on with that member's
/// schedule depth (`simd_5`), the loop a back end may vectorise, then with
/// the pairs of statements two of whose instances in one iteration of it
/// access an element one of them writes (`simd_5 apart S_0/S_1`): a loop
/// whose body holds both of a pair gets `omp simd` only where they print
/// those elements alike (see [`crate::legality::simd_conflicts`]).
pub const SIMD_MARK: &str = "simd";

/// The name of the parallel mark naming the loop at schedule depth `depth`.
pub fn parallel_mark(depth: i32, cyclic: bool) -> String {
    format!("{}_{depth}", if cyclic { PARALLEL_CYCLIC_MARK } else { PARALLEL_MARK })
}

/// The schedule depth of the loop a parallel mark names, and whether its
/// iterations are dealt round-robin; `None` for other marks.
pub fn parallel_mark_depth(name: &str) -> Option<(i32, bool)> {
    let (rest, cyclic) = match name.strip_prefix(PARALLEL_CYCLIC_MARK) {
        Some(rest) => (rest, true),
        None => (name.strip_prefix(PARALLEL_MARK)?, false),
    };
    Some((rest.strip_prefix('_')?.parse().ok()?, cyclic))
}

/// The name of the [`SIMD_MARK`] naming the loop at schedule depth `depth`
/// whose iterations hold the pairs of statements `apart`.
pub fn simd_mark(depth: i32, apart: &[(String, String)]) -> String {
    let mut name = format!("{SIMD_MARK}_{depth}");
    if !apart.is_empty() {
        name.push_str(" apart");
        for (a, b) in apart {
            name.push_str(&format!(" {a}/{b}"));
        }
    }
    name
}

/// The schedule depth a [`SIMD_MARK`] names; `None` for other marks.
pub fn simd_mark_depth(name: &str) -> Option<i32> {
    let depth = name.split(' ').next()?;
    depth.strip_prefix(SIMD_MARK)?.strip_prefix('_')?.parse().ok()
}

/// The pairs of statements a [`SIMD_MARK`] keeps apart (none for other
/// marks, or where its name lists none).
pub fn simd_mark_apart(name: &str) -> Vec<(String, String)> {
    let mut words = name.split(' ');
    if words.next().and_then(simd_mark_depth).is_none() || words.next() != Some("apart") {
        return Vec::new();
    }
    words.filter_map(|w| w.split_once('/')).map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Prefix of the name of the mark node above a point band (below a tile
/// loop that a parallel mark names) whose members may run as the threads of
/// one GPU block: the name goes on with the schedule depth of the member
/// for the block's x dimension, then that of the member for y, if any
/// (`thread_5_3`). All threads run the loops of the other members, each its
/// own share of the named ones: no two instances that differ in a named
/// member conflict within one iteration of the loops above the outermost
/// named member.
pub const THREAD_MARK: &str = "thread";

/// The name of the [`THREAD_MARK`] naming the loops at schedule depths
/// `depths` (x first).
pub fn thread_mark(depths: &[i32]) -> String {
    depths_mark(THREAD_MARK, depths)
}

/// The schedule depths a [`THREAD_MARK`] names (x first); `None` for other
/// marks.
pub fn thread_mark_depths(name: &str) -> Option<Vec<i32>> {
    mark_depths(THREAD_MARK, name)
}

/// Prefix of the name of the mark node above a parallel mark whose loop is
/// a tile loop run as the blocks of a GPU grid, naming that loop and the
/// tile loops nested directly inside it that run as the grid's further
/// dimensions (`grid_0_1`: blocks along x run the iterations of the loop at
/// depth 0, along y those at depth 1). As for [`THREAD_MARK`], no two
/// instances that differ in a named member conflict within one iteration
/// of the loops above the outermost named member.
pub const GRID_MARK: &str = "grid";

/// The name of the [`GRID_MARK`] naming the loops at schedule depths
/// `depths` (x first).
pub fn grid_mark(depths: &[i32]) -> String {
    depths_mark(GRID_MARK, depths)
}

/// The schedule depths a [`GRID_MARK`] names (x first); `None` for other
/// marks.
pub fn grid_mark_depths(name: &str) -> Option<Vec<i32>> {
    mark_depths(GRID_MARK, name)
}

/// `<prefix>_<d0>_<d1>...`.
fn depths_mark(prefix: &str, depths: &[i32]) -> String {
    std::iter::once(prefix.to_string()).chain(depths.iter().map(i32::to_string)).collect::<Vec<_>>().join("_")
}

/// The one to three depths of a mark `<prefix>_<d0>_<d1>...`.
fn mark_depths(prefix: &str, name: &str) -> Option<Vec<i32>> {
    let rest = name.strip_prefix(prefix)?.strip_prefix('_')?;
    let depths: Option<Vec<i32>> = rest.split('_').map(|d| d.parse().ok()).collect();
    depths.filter(|d| !d.is_empty() && d.len() <= 3)
}

/// Prefix of the name of the mark node above an extension node whose
/// fused producers write tile-local buffers
/// ([`crate::transform::scratch`]); the name goes on with the index of its
/// entry in the plan (`scratch_0`).
pub const SCRATCH_MARK: &str = "scratch";

/// The name of the scratch mark of plan entry `k`.
pub fn scratch_mark(k: usize) -> String {
    format!("{SCRATCH_MARK}_{k}")
}

/// The plan entry a scratch mark names; `None` for other marks.
pub fn scratch_mark_index(name: &str) -> Option<usize> {
    name.strip_prefix(SCRATCH_MARK)?.strip_prefix('_')?.parse().ok()
}

/// Prefix of the name of the mark node above the reduction band of a
/// register tile ([`crate::transform::tile`]): below it, a block's elements
/// of an array that stays on them along the reduction may be held in a
/// local buffer (`registers_0`; the number only tells marks apart).
pub const REGISTERS_MARK: &str = "registers";

/// The name of the `k`-th register tile's mark.
pub fn registers_mark(k: usize) -> String {
    format!("{REGISTERS_MARK}_{k}")
}

/// Whether `name` is a register tile's mark.
pub fn is_registers_mark(name: &str) -> bool {
    name.strip_prefix(REGISTERS_MARK).and_then(|rest| rest.strip_prefix('_')).is_some_and(|k| k.parse::<usize>().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simd_marks_name_their_depth_and_the_pairs_kept_apart() {
        let apart = vec![("S_0".to_string(), "S_1".to_string()), ("S_2".to_string(), "S_2".to_string())];
        let name = simd_mark(5, &apart);
        assert_eq!(name, "simd_5 apart S_0/S_1 S_2/S_2");
        assert_eq!(simd_mark_depth(&name), Some(5));
        assert_eq!(simd_mark_apart(&name), apart);
        assert_eq!(simd_mark(3, &[]), "simd_3");
        assert_eq!(simd_mark_depth("simd_3"), Some(3));
        assert!(simd_mark_apart("simd_3").is_empty());
        assert_eq!(simd_mark_depth("simdx_3"), None);
    }
}
