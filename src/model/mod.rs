//! The execution-cost model: is a new schedule worth it?
//!
//! Rescheduling can lose: a wavefront that puts a short parallel loop under
//! two sequential ones pays the cost of starting a parallel loop millions of
//! times, and skewing can turn stride-1 accesses into diagonal ones. Before
//! the new schedule replaces the original, [`CostModel::cost`] estimates the
//! time of both with a deliberately coarse model and the caller keeps the
//! original where the new one is predicted slower.
//!
//! The model counts, per statement, its instances (the box hull of its
//! domain at estimated parameter values) times the cost of one instance,
//! which depends on how each access moves along the innermost loop
//! ([`Stride`]); work under a parallel mark is shared by the threads, and
//! every entry into a parallel loop costs a fixed overhead. Parameter values
//! are estimated among those for which every access stays inside the
//! declared extents of its array and the region does some work: a size
//! that the extents bound takes the largest such value (PolyBench's `n` and
//! `N`); one that only the work bounds (a border or an offset, whose larger
//! values leave less to do) the least; any other [`DEFAULT_PARAMETER`] (or
//! the least value allowed, if larger). A cost of zero is never an
//! estimate: a region whose statements all vanish at the estimated values
//! is not evaluated.

use isl_rs::{DimType, Map, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionSet};

use crate::isl::{tuple_names, IslResult};

pub mod io;
use crate::scop::Scop;
use crate::legality::{bands_at_depth, loop_relations};
use crate::marks::parallel_mark_depth;

/// Value assumed for a parameter that no array extent bounds.
pub const DEFAULT_PARAMETER: i64 = 1000;

/// Cost of entering a parallel loop once, in units of one statement instance.
const PARALLEL_ENTRY: f64 = 3000.0;

/// Cost of a jumping access along a tile's point loop, whose cache lines
/// the tile's other iterations reuse (against [`Stride::Other`]'s cost in
/// an untiled loop).
pub const STRIDED_IN_TILE: f64 = 1.0;

/// Relative difference in work between two iterations of a parallel loop
/// above which its iterations count as unequal.
const UNEQUAL_WORK: f64 = 0.25;

/// Rows of the lattice on which [`CostModel::count_points`] counts a
/// domain that is not a box (syrk's triangle at LARGE is then counted 2%
/// under its true count; 16384 rows cost up to 0.24 s more translation
/// time on PolyBench's triangular kernels).
const SAMPLED_ROWS: i64 = 4096;

/// isl operations [`CostModel::count_points`] may spend counting.
const COUNT_OPERATIONS: u64 = 2_000_000;

/// The most tiles [`CostModel::recomputation`] counts one by one.
pub const MAX_COUNTED_TILES: usize = 4096;

/// Largest move along the last array dimension that counts as
/// [`Stride::Near`] (a 2x downsample's `in[2i][2j]`).
const NEAR: i32 = 4;

/// Threads assumed to share the iterations of a parallel loop.
const THREADS: f64 = 2.0;

/// How an access moves from one iteration of the innermost loop to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stride {
    /// It stays on the same element (kept in a register).
    Invariant,
    /// It moves by one element along the last array dimension.
    Unit,
    /// It moves by a few elements along the last array dimension (at most
    /// [`NEAR`]): consecutive iterations still share cache lines, which
    /// tiling does not make any better.
    Near,
    /// It jumps further (a new cache line on every iteration).
    Other,
}

impl Stride {
    /// Cost of the access per statement instance, in instance units.
    pub fn cost(self) -> f64 {
        match self {
            Stride::Invariant => 0.1,
            Stride::Unit => 0.5,
            Stride::Near => 1.0,
            Stride::Other => 4.0,
        }
    }
}

/// How `access` (`S[i] -> A[f(i)]`) moves when its statement steps along
/// `following` (`S[i] -> S[i']`, one step of the innermost loop); `None`
/// when the statement never makes such a step.
pub fn stride(access: &Map, following: &UnionMap) -> IslResult<Option<Stride>> {
    let relation = UnionMap::from_map(access.copy()?)?;
    let moves = relation.copy()?.reverse()?.apply_range(following.copy()?)?.apply_range(relation)?.deltas()?;
    if moves.is_empty()? {
        return Ok(None);
    }
    let space = access.get_space()?.range()?;
    let dims = access.dim(DimType::Out)?.max(0) as u32;
    let offset = |last: i32| -> IslResult<Set> {
        let mut s = Set::universe(space.copy()?)?;
        for d in 0..dims {
            s = s.fix_si(DimType::Set, d, if d + 1 == dims { last } else { 0 })?;
        }
        Ok(s)
    };
    let still = offset(0)?;
    if moves.is_subset(&UnionSet::from_set(still.copy()?)?)? {
        return Ok(Some(Stride::Invariant));
    }
    let unit = still.copy()?.union(offset(1)?)?.union(offset(-1)?)?;
    if dims > 0 && moves.is_subset(&UnionSet::from_set(unit.copy()?)?)? {
        return Ok(Some(Stride::Unit));
    }
    let mut near = unit;
    for k in 2..=NEAR {
        near = near.union(offset(k)?)?.union(offset(-k)?)?;
    }
    Ok(Some(if dims > 0 && moves.is_subset(&UnionSet::from_set(near)?)? { Stride::Near } else { Stride::Other }))
}

/// `S[t] -> S[t']` where `t'` is the next value of the `n`-dimensional
/// schedule `schedule` along member `m`, all other members unchanged: one
/// step further, or, for a statement that takes only every `k`-th value
/// along `m` (`up[2i + a]` scheduled at `2i + a`), `k` steps.
pub fn one_step_along(schedule: &UnionMap, n: u32, m: u32) -> IslResult<UnionMap> {
    let names: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let next: Vec<String> = (0..n).map(|i| if i == m { format!("t{i} + 1") } else { format!("t{i}") }).collect();
    let step = Map::read_from_str(&schedule.get_ctx(), &format!("{{ [{}] -> [{}] }}", names.join(", "), next.join(", ")))?;
    let following = schedule.copy()?.apply_range(UnionMap::from_map(step)?)?.apply_range(schedule.copy()?.reverse()?)?;
    if !following.is_empty()? {
        return Ok(following);
    }
    let same: Vec<String> = (0..n).map(|i| if i == m { format!("u{i} > t{i}") } else { format!("u{i} = t{i}") }).collect();
    let later: Vec<String> = (0..n).map(|i| format!("u{i}")).collect();
    let later = Map::read_from_str(&schedule.get_ctx(), &format!("{{ [{}] -> [{}] : {} }}", names.join(", "), later.join(", "), same.join(" and ")))?;
    let times = schedule.copy()?.range()?;
    let next = UnionMap::from_map(later)?.intersect_domain(times.copy()?)?.intersect_range(times)?.lexmin()?;
    Ok(schedule.copy()?.apply_range(next)?.apply_range(schedule.copy()?.reverse()?)?)
}

/// The model for one region, with its parameter estimates.
pub struct CostModel {
    /// The parameters fixed to their estimated values.
    parameters: Set,
}

impl CostModel {
    /// Estimates the parameters of `scop` (see the module documentation).
    pub fn new(scop: &Scop) -> IslResult<CostModel> {
        // Every parameter at least 1, so that no statement's domain can be
        // empty and thereby free the other parameters of their bounds.
        let mut valid = scop.context.copy()?;
        for p in 0..valid.dim(DimType::Param)?.max(0) as u32 {
            valid = valid.lower_bound_si(DimType::Param, p, 1)?;
        }
        for statement in &scop.statements {
            for access in statement.reads.iter().chain(&statement.writes) {
                let Some(array) = scop.arrays.iter().find(|a| a.name == access.array) else { continue };
                let elements = access.relation.copy()?.range()?;
                for (d, extent) in array.extents.iter().enumerate() {
                    let Some(extent) = extent.as_deref().and_then(constant_extent) else { continue };
                    let Ok(extent) = i32::try_from(extent) else { continue };
                    let beyond = elements.copy()?.lower_bound_si(DimType::Set, d as u32, extent)?;
                    let before = elements.copy()?.upper_bound_si(DimType::Set, d as u32, -1)?;
                    valid = valid.subtract(beyond.union(before)?.params()?)?;
                }
            }
        }
        // Of those, the values for which the region does some work: every
        // statement runs, or failing that, some statement does.
        let mut every = valid.copy()?;
        let mut some = Set::empty(valid.get_space()?)?;
        for statement in &scop.statements {
            every = every.intersect(statement.domain.copy()?.params()?)?;
            some = some.union(valid.copy()?.intersect(statement.domain.copy()?.params()?)?)?;
        }
        let mut busy = if !every.is_empty()? { every } else if !some.is_empty()? { some } else { valid.copy()? };
        let mut parameters = scop.context.copy()?;
        for p in 0..scop.context.dim(DimType::Param)?.max(0) as u32 {
            let name = scop.context.get_dim_name(DimType::Param, p)?.to_string();
            let Some(in_bounds) = value_range(&valid, &name)? else { continue };
            let Some(working) = value_range(&busy, &name)? else { continue };
            let value = match (in_bounds.1, working) {
                // A size: the largest that keeps the accesses in bounds.
                (Some(_), (_, Some(max))) => max,
                // A border or an offset (larger values only shrink the
                // work until none is left): its least value does the most.
                (None, (Some(min), Some(_))) => min,
                (None, (Some(min), None)) => min.max(DEFAULT_PARAMETER),
                _ => DEFAULT_PARAMETER,
            }
            .clamp(1, 1 << 30) as i32;
            valid = fix_parameter(valid, &name, value)?;
            busy = fix_parameter(busy, &name, value)?;
            parameters = parameters.fix_si(DimType::Param, p, value)?;
        }
        Ok(CostModel { parameters })
    }

    /// Estimated running time of `scop` under `schedule`, in units of one
    /// statement instance with no memory access. The statements named in
    /// `in_tile` have point loops of a tile innermost, where a jumping
    /// access costs [`STRIDED_IN_TILE`].
    pub fn cost(&self, scop: &Scop, schedule: &Schedule, in_tile: &[String]) -> IslResult<f64> {
        let mut parallel = Vec::new();
        let mut entries = 0.0;
        self.parallel_loops(schedule.get_root()?, &mut parallel, &mut entries)?;
        let map = schedule.get_map()?.intersect_params(self.parameters.copy()?)?;
        let mut total = entries * PARALLEL_ENTRY;
        for statement in &scop.statements {
            let instances = self.count(statement.domain.copy()?)?;
            if instances == 0.0 {
                continue;
            }
            let own = map.copy()?.intersect_domain(UnionSet::from_set(statement.domain.copy()?)?)?;
            let mut per_instance = 1.0;
            if let Some(following) = innermost_step(&own)? {
                let tiled = in_tile.contains(&statement.name);
                for access in statement.reads.iter().chain(&statement.writes) {
                    per_instance += match stride(&access.relation, &following)?.unwrap_or(Stride::Invariant) {
                        Stride::Other if tiled => STRIDED_IN_TILE,
                        s => s.cost(),
                    };
                }
            }
            let threads = if parallel.contains(&statement.name) { THREADS } else { 1.0 };
            total += instances * per_instance / threads;
        }
        if total <= 0.0 {
            return Err(crate::isl::IslError("no statement instance runs at the estimated parameter values".into()));
        }
        Ok(total)
    }

    /// Collects the statements under parallel marks below `node` and adds
    /// the number of times their parallel loops are entered to `entries`.
    fn parallel_loops(&self, node: ScheduleNode, statements: &mut Vec<String>, entries: &mut f64) -> IslResult<()> {
        let mark = match node.get_type()? {
            ScheduleNodeType::Mark => node.mark_get_id()?.get_name()?.to_string(),
            _ => String::new(),
        };
        if let Some((depth, _)) = parallel_mark_depth(&mark) {
            // The loop is entered once per iteration of the loops around it.
            let mut loops = Vec::new();
            bands_at_depth(node.get_child(0)?, depth, &mut loops)?;
            let mut count = 0.0f64;
            for (band, member) in loops {
                let sets = loop_relations(&band, member)?.0.range()?.get_set_list()?;
                for i in 0..sets.size()? {
                    count = count.max(self.count(sets.get_at(i)?)?);
                }
            }
            *entries += count.max(1.0);
            statements.extend(tuple_names(&node.get_domain()?)?);
            return Ok(());
        }
        for i in 0..node.n_children()? {
            self.parallel_loops(node.get_child(i)?, statements, entries)?;
        }
        Ok(())
    }

    /// Whether the iterations of a loop whose schedule is `partial`
    /// (statement instances to one value) do unequal work: compares the
    /// instances its iterations a quarter and three quarters of the way
    /// execute, counted as the box hulls of their domains at the estimated
    /// parameters. (Its first and last iterations often differ by the
    /// statements that a fused stage's border leaves out, which says
    /// nothing about the work of the others.)
    pub fn unequal_iterations(&self, partial: &UnionMap) -> IslResult<bool> {
        let partial = partial.copy()?.intersect_params(self.parameters.copy()?)?;
        let values = partial.copy()?.range()?.get_set_list()?;
        if values.size()? != 1 {
            return Ok(false);
        }
        let values = values.get_at(0)?;
        let Some((first, last)) = dim_range(&values, 0)? else { return Ok(false) };
        // The first values the loop takes from a quarter and from three
        // quarters of its range on.
        let from = |at: i64| -> IslResult<Option<i64>> {
            let past = values.copy()?.lower_bound_si(DimType::Set, 0, at as i32)?;
            Ok(dim_range(&past, 0)?.map(|(value, _)| value))
        };
        let (Some(quarter), Some(three_quarters)) = (from(first + (last - first) / 4)?, from(first + 3 * (last - first) / 4)?) else {
            return Ok(false);
        };
        let work = |value: i64| -> IslResult<f64> {
            let at = values.copy()?.fix_si(DimType::Set, 0, value as i32)?;
            self.count_union(partial.copy()?.intersect_range(UnionSet::from_set(at)?)?.domain()?)
        };
        let (a, b) = (work(quarter)?, work(three_quarters)?);
        Ok((a - b).abs() > UNEQUAL_WORK * a.max(b))
    }

    /// Number of values member `m` of the partial schedule `values`
    /// (statement instances to band values) takes at the estimated
    /// parameters, from its least to its greatest; `None` if unbounded.
    pub fn extent(&self, values: &UnionMap, m: i32) -> IslResult<Option<i64>> {
        let ranges = values.copy()?.intersect_params(self.parameters.copy()?)?.range()?.get_set_list()?;
        let mut span: Option<(i64, i64)> = None;
        for i in 0..ranges.size()? {
            let Some((lo, hi)) = dim_range(&ranges.get_at(i)?, m)? else { return Ok(None) };
            span = Some(span.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
        }
        Ok(span.map(|(lo, hi)| hi - lo + 1))
    }

    /// The parameters fixed to their estimated values.
    pub fn parameters(&self) -> &Set {
        &self.parameters
    }

    /// How many more instances the tiles of `extension` (`tile -> producer
    /// instance`, a producer fused into overlapped tiles) run than the
    /// producer has, as a fraction of the latter, at the estimated
    /// parameters: each tile's instances and the producer's counted as box
    /// hulls ([`Self::count`]); `None` beyond [`MAX_COUNTED_TILES`] tiles.
    pub fn recomputation(&self, extension: &UnionMap) -> IslResult<Option<f64>> {
        let extension = extension.copy()?.intersect_params(self.parameters.copy()?)?;
        let own = self.count_union(extension.copy()?.range()?)?;
        let tile_sets = extension.copy()?.domain()?.get_set_list()?;
        let mut tiles = Vec::new();
        for i in 0..tile_sets.size()? {
            if !points(tile_sets.get_at(i)?, 0, MAX_COUNTED_TILES, &mut tiles)? {
                return Ok(None);
            }
        }
        let mut run = 0.0;
        for tile in tiles {
            run += self.count_union(extension.copy()?.intersect_domain(UnionSet::from_set(tile)?)?.range()?)?;
        }
        Ok((own > 0.0).then(|| run / own - 1.0))
    }

    /// [`Self::count`] summed over the sets of `set` (one per space).
    pub fn count_union(&self, set: UnionSet) -> IslResult<f64> {
        let list = set.get_set_list()?;
        let mut total = 0.0;
        for i in 0..list.size()? {
            total += self.count(list.get_at(i)?)?;
        }
        Ok(total)
    }

    /// Number of points of `set` at the estimated parameters: exactly for
    /// a box; otherwise (a triangle, a tetrahedron) isl's count of the
    /// points on a lattice of at most [`SAMPLED_ROWS`] rows along the
    /// set's widest dimension (whole rows counted exactly, the other
    /// dimensions sampled once per step of evenly spaced steps, at
    /// staggered offsets), times the steps; the box hull ([`Self::count`]) where isl cannot count within
    /// [`COUNT_OPERATIONS`].
    pub fn count_points(&self, set: Set) -> IslResult<f64> {
        let set = set.intersect_params(self.parameters.copy()?)?;
        if set.is_empty()? {
            return Ok(0.0);
        }
        let hull = self.count(set.copy()?)?;
        let n = set.dim(DimType::Set)?.max(0) as usize;
        let mut ranges = Vec::new();
        for d in 0..n {
            let Some(range) = dim_range(&set, d as i32)? else { return Ok(hull) };
            ranges.push(range);
        }
        // Bounds past 2^40 (iterators counting from near `LONG_MAX`) keep
        // the box hull: the lattice's arithmetic below stays in `i64`.
        if n == 0 || ranges.iter().any(|&(lo, hi)| lo.abs() > 1 << 40 || hi.abs() > 1 << 40) || self.is_box(&set)? {
            return Ok(hull);
        }
        let widest = (0..n).max_by_key(|&d| ranges[d].1 - ranges[d].0).unwrap_or(0);
        let per_dimension = (SAMPLED_ROWS as f64).powf(1.0 / (n - 1).max(1) as f64).floor().max(1.0) as i64;
        let steps: Vec<i64> = (0..n).map(|d| if d == widest { 1 } else { ((ranges[d].1 - ranges[d].0 + 1) + per_dimension - 1) / per_dimension }).collect();
        // { x -> y : x = lo + step y + offset } along the sampled
        // dimensions, the identity along the widest. The t-th of m sampled
        // dimensions is offset by (2t + 1) / 2m of its step, so that no
        // sample lies on a diagonal `x_a = x_b` (a triangle's edge, which
        // midpoints would count all in or all out).
        let sampled = (n - 1).max(1) as i64;
        let offsets: Vec<i64> = (0..n).map(|d| if d == widest { 0 } else { steps[d] * (2 * (d - usize::from(d > widest)) as i64 + 1) / (2 * sampled) }).collect();
        let xs: Vec<String> = (0..n).map(|d| format!("x{d}")).collect();
        let ys: Vec<String> = (0..n).map(|d| format!("y{d}")).collect();
        let lattice: Vec<String> = (0..n).map(|d| format!("x{d} = {} + {} * y{d}", ranges[d].0 + offsets[d], steps[d])).collect();
        let text = format!("{{ [{}] -> [{}] : {} }}", xs.join(", "), ys.join(", "), lattice.join(" and "));
        let parameters = set.dim(DimType::Param)?.max(0) as u32;
        let ctx = set.get_ctx();
        let counted = crate::isl::within_operations(&ctx, COUNT_OPERATIONS, || {
            let sampled = set.copy()?.project_out(DimType::Param, 0, parameters)?.reset_tuple_id()?.apply(Map::read_from_str(&ctx, &text)?)?;
            let count = sampled.count_val()?;
            Ok(count.get_d()?)
        });
        Ok(match counted {
            Some(count) => (count * steps.iter().map(|&s| s as f64).product::<f64>()).min(hull),
            None => hull,
        })
    }

    /// Whether `set`, at the estimated parameters, is the box of its
    /// extents.
    pub fn is_box(&self, set: &Set) -> IslResult<bool> {
        let set = set.copy()?.intersect_params(self.parameters.copy()?)?;
        let mut hull = Set::universe(set.get_space()?)?;
        for d in 0..set.dim(DimType::Set)? {
            let Some((lo, hi)) = dim_range(&set, d)? else { return Ok(false) };
            let (Ok(lo), Ok(hi)) = (i32::try_from(lo), i32::try_from(hi)) else { return Ok(false) };
            hull = hull.lower_bound_si(DimType::Set, d as u32, lo)?.upper_bound_si(DimType::Set, d as u32, hi)?;
        }
        Ok(hull.intersect_params(self.parameters.copy()?)?.is_equal(&set)?)
    }

    /// Number of points in the box hull of `set` at the estimated parameters.
    pub fn count(&self, set: Set) -> IslResult<f64> {
        let set = set.intersect_params(self.parameters.copy()?)?;
        if set.is_empty()? {
            return Ok(0.0);
        }
        let mut points = 1.0;
        for d in 0..set.dim(DimType::Set)? {
            let extent = dim_range(&set, d)?.map_or(DEFAULT_PARAMETER as f64, |(lo, hi)| (hi - lo + 1) as f64);
            points *= extent.max(1.0);
        }
        Ok(points)
    }
}

/// One step of the innermost loop of a statement whose (flattened,
/// parameter-fixed) schedule is `own`: along its last schedule dimension
/// that takes more than one value; `None` for a single instance.
fn innermost_step(own: &UnionMap) -> IslResult<Option<UnionMap>> {
    let times = own.copy()?.range()?.get_set_list()?;
    if times.size()? == 0 {
        return Ok(None);
    }
    let times = times.get_at(0)?;
    let n = times.dim(DimType::Set)?;
    for d in (0..n).rev() {
        if !matches!(dim_range(&times, d)?, Some((lo, hi)) if lo == hi) {
            return Ok(Some(one_step_along(own, n as u32, d as u32)?));
        }
    }
    Ok(None)
}

/// The least and greatest value of parameter `name` in the parameter set
/// `set` (`None` for a bound it lacks); `None` when `set` has no such
/// parameter. (isl may order the parameters of derived sets differently
/// from the context's: they are found by name.)
fn value_range(set: &Set, name: &str) -> IslResult<Option<(Option<i64>, Option<i64>)>> {
    let Ok(at) = u32::try_from(set.find_dim_by_name(DimType::Param, name)?) else { return Ok(None) };
    let as_dim = set.copy()?.move_dims(DimType::Set, 0, DimType::Param, at, 1)?;
    let bound = |v: isl_rs::Val| -> IslResult<Option<i64>> { Ok(if v.is_int()? { Some(v.get_num_si()?) } else { None }) };
    Ok(Some((bound(as_dim.copy()?.dim_min_val(0)?)?, bound(as_dim.dim_max_val(0)?)?)))
}

/// `set` with parameter `name` fixed to `value`, or left as it is where
/// that would leave nothing (a value forced by the default).
fn fix_parameter(set: Set, name: &str, value: i32) -> IslResult<Set> {
    let Ok(at) = u32::try_from(set.find_dim_by_name(DimType::Param, name)?) else { return Ok(set) };
    let fixed = set.copy()?.fix_si(DimType::Param, at, value)?;
    Ok(if fixed.is_empty()? { set } else { fixed })
}

/// Appends to `out` the points of the bounded set `set` whose dimensions
/// before `d` are fixed, each as a set of one point, value after value of
/// each dimension; `false` (and `out` incomplete) when that would make more
/// than `limit` points or a dimension is unbounded.
fn points(set: Set, d: i32, limit: usize, out: &mut Vec<Set>) -> IslResult<bool> {
    if set.is_empty()? {
        return Ok(true);
    }
    if d == set.dim(DimType::Set)? {
        out.push(set);
        return Ok(out.len() <= limit);
    }
    let mut rest = set;
    while !rest.is_empty()? {
        let Some((value, _)) = dim_range(&rest, d)? else { return Ok(false) };
        let Ok(at) = i32::try_from(value) else { return Ok(false) };
        if !points(rest.copy()?.fix_si(DimType::Set, d as u32, at)?, d + 1, limit, out)? {
            return Ok(false);
        }
        rest = rest.lower_bound_si(DimType::Set, d as u32, at + 1)?;
    }
    Ok(true)
}

/// The least and greatest value of dimension `d` of `set`; `None` when
/// either is unbounded.
pub fn dim_range(set: &Set, d: i32) -> IslResult<Option<(i64, i64)>> {
    let (lo, hi) = (set.copy()?.dim_min_val(d)?, set.copy()?.dim_max_val(d)?);
    Ok(if lo.is_int()? && hi.is_int()? { Some((lo.get_num_si()?, hi.get_num_si()?)) } else { None })
}

/// The value of an array extent written as a sum of integer literals
/// (`1000 + 0`, as the front end records PolyBench's macro sizes).
fn constant_extent(text: &str) -> Option<i64> {
    text.split('+').map(|term| term.trim().parse::<i64>().ok()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use isl_rs::Context;

    /// Points of `set` (isl notation) counted by [`CostModel::count_points`]
    /// with `n = 300`.
    fn points(ctx: &Context, set: &str) -> f64 {
        let parameters = Set::read_from_str(ctx, "[n] -> { : n = 300 }").expect("parameters");
        let model = CostModel { parameters };
        model.count_points(Set::read_from_str(ctx, set).expect("a set")).expect("a count")
    }

    #[test]
    fn points_are_counted_exactly_in_boxes_and_closely_elsewhere() {
        let ctx = Context::alloc();
        assert_eq!(points(&ctx, "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < 2n }"), 300.0 * 600.0);
        let within = |got: f64, exact: f64, share: f64| assert!((got - exact).abs() <= share * exact, "{got} against {exact}");
        // A triangle under a deep loop, a tetrahedron, every other row.
        within(points(&ctx, "[n] -> { S[i, j, k] : 0 <= j <= i < n and 0 <= k < 1000 }"), 300.0 * 301.0 / 2.0 * 1000.0, 0.03);
        within(points(&ctx, "[n] -> { S[i, j, k] : 0 <= k < j < i < n }"), 300.0 * 299.0 * 298.0 / 6.0, 0.03);
        within(points(&ctx, "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n and i % 2 = 0 }"), 150.0 * 300.0, 0.03);
        assert_eq!(points(&ctx, "[n] -> { S[i] : 0 <= i < n and i > n }"), 0.0);
        // Bounds past 2^40 (iterators from near `LONG_MAX`): the box hull.
        let far = "[n] -> { S[i, j, k] : 4611686018427387904 <= i < 4611686018427387904 + n and 0 <= j < n and 0 <= k <= j }";
        assert_eq!(points(&ctx, far), 300.0 * 300.0 * 300.0);
    }
}
