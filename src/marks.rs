//! The vocabulary of schedule-tree marks that the transformations write
//! and the back ends read: a mark above a band names one of its loops by
//! that loop's schedule depth (the generated iterator of that depth), and
//! says how the loop may run: its iterations in parallel
//! ([`PARALLEL_MARK`], [`PARALLEL_CYCLIC_MARK`]) or as simd lanes
//! ([`SIMD_MARK`]). Naming the loop by depth leaves the band whole, and a
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
/// schedule depth (`simd_5`), the loop a back end may vectorise.
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

/// The name of the [`SIMD_MARK`] naming the loop at schedule depth `depth`.
pub fn simd_mark(depth: i32) -> String {
    format!("{SIMD_MARK}_{depth}")
}

/// The schedule depth a [`SIMD_MARK`] names; `None` for other marks.
pub fn simd_mark_depth(name: &str) -> Option<i32> {
    name.strip_prefix(SIMD_MARK)?.strip_prefix('_')?.parse().ok()
}
