//! Scheduling: a new execution order for a region with the isl scheduler.
//!
//! Builds schedule constraints from the [`Dependences`] and runs isl's
//! Pluto-like scheduler with the fusion heuristic the user chose:
//! validity = flow and forced dependences, with the order (anti and output)
//! dependences as conditional validity on the flow dependences (live-range
//! reordering, where the region writes scalars; elsewhere all dependences
//! are plain validity); coincidence = every dependence except the order dependences
//! of privatizable scalars; proximity = every dependence, so producers and
//! consumers are pulled together. When the scheduler fails or hits the
//! operation bound, the region keeps its original schedule.

use isl_rs::{DimType, Map, Options, Schedule, ScheduleConstraints, Set, UnionMap};

use crate::deps::Dependences;
use crate::isl::{within_operations, IslResult, IslText, Session};
use crate::scop::Scop;

/// Fusion heuristic of the scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Fusion {
    /// One group per loop nest.
    Min,
    /// Fuse where it does not cost parallelism.
    Smart,
    /// Fuse as much as possible.
    Max,
    /// Live-out tiling with post-tiling fusion.
    Liveout,
}

/// Constraints per dimension of a dependence relation above which
/// [`scheduling_relations`] replaces it by its box of distances.
const MAX_CONSTRAINTS_PER_DIMENSION: i32 = 6;

/// Least number of dimensions of a relation that [`scheduling_relations`]
/// may replace by its distance box: the exact dependences of 2-D stencils
/// (seidel-2d, dynamic programming) schedule in well under a second and
/// their box loses the wavefronts the exact relations allow, while those of
/// 3-D stencils (heat-3d) take the scheduler tens of seconds.
const MIN_BOXED_DIMENSIONS: i32 = 4;

pub mod process;

/// What isl's scheduler gave a region.
pub enum Computed {
    /// A schedule.
    Found(Schedule),
    /// None: isl failed, or hit the operation bound or its share of the
    /// deadline (the caller keeps the original schedule).
    NotFound,
    /// The scheduler's process ended abnormally, a fault inside isl (see
    /// [`process`]); the text says how. The caller keeps the original
    /// schedule.
    Crashed(String),
    /// A schedule computed with strongly connected components serialised
    /// (as for minimal fusion), after the scheduler with the fusion asked
    /// for crashed as the text says.
    Serialized(Schedule, String),
}

/// The isl options of one run of the scheduler, as the child of
/// [`process`] gets them too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchedulerOptions {
    /// `schedule_serialize_sccs`.
    serialize_sccs: bool,
    /// `schedule_outer_coincidence`.
    outer_coincidence: bool,
    /// The bound on isl operations (0: none).
    max_operations: u64,
}

impl SchedulerOptions {
    /// The options for `fusion`: minimal fusion serialises strongly
    /// connected components; smart fusion only fuses where outer
    /// parallelism survives; maximal fusion fuses whatever the dependences
    /// allow.
    fn for_fusion(fusion: Fusion, max_operations: u64) -> SchedulerOptions {
        SchedulerOptions {
            serialize_sccs: matches!(fusion, Fusion::Min | Fusion::Liveout),
            outer_coincidence: fusion == Fusion::Smart,
            max_operations,
        }
    }

    /// Sets the options on `ctx` (the operation bound is the session's).
    fn apply(&self, ctx: &isl_rs::Context) {
        // The option setters only fail on a NULL context.
        let _ = Options::set_schedule_serialize_sccs(ctx, i32::from(self.serialize_sccs));
        let _ = Options::set_schedule_outer_coincidence(ctx, i32::from(self.outer_coincidence));
        let _ = Options::set_schedule_maximize_band_depth(ctx, 1);
    }

    /// The options as one line, for the child of [`process`].
    fn to_header(self) -> String {
        format!("{} {} {}", u8::from(self.serialize_sccs), u8::from(self.outer_coincidence), self.max_operations)
    }

    /// Reads [`SchedulerOptions::to_header`]'s line back.
    fn from_header(line: &str) -> Option<SchedulerOptions> {
        let mut words = line.split(' ');
        let mut flag = || match words.next()? {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        let (serialize_sccs, outer_coincidence) = (flag()?, flag()?);
        let max_operations = words.next()?.parse().ok()?;
        words.next().is_none().then_some(SchedulerOptions { serialize_sccs, outer_coincidence, max_operations })
    }
}

/// Computes a schedule for `scop`; [`Computed::NotFound`] when isl could
/// not find one within the operation bound or its share of the deadline.
/// Where the session names a scheduler process, isl's scheduler runs there.
pub fn compute(session: &Session, scop: &Scop, deps: &Dependences, fusion: Fusion) -> IslResult<Computed> {
    let ctx = session.ctx();
    let options = SchedulerOptions::for_fusion(fusion, session.max_operations());
    options.apply(ctx);
    let validity = scheduling_relations(deps.unconditional()?)?;
    let coincidence = scheduling_relations(deps.coincidence(scop)?)?;
    let proximity = scheduling_relations(deps.validity()?)?;
    let mut constraints = ScheduleConstraints::on_domain(scop.domain()?)?
        .set_context(scop.context.copy()?)?
        .set_validity(validity)?
        .set_coincidence(coincidence)?
        .set_proximity(proximity)?;
    if deps.reorder_live_ranges {
        constraints = constraints.set_conditional_validity(deps.tagged_flow.copy()?, deps.tagged_order.copy()?)?;
    }
    session.reset_operations();
    let Some(executable) = session.scheduler_process() else {
        return Ok(found(session.within_share(SCHEDULER_SHARE, || constraints.compute_schedule()).0.ok()));
    };
    let apart = |options| process::compute(session, executable, &constraints, options, session.share_left(SCHEDULER_SHARE));
    match apart(options) {
        // The faults seen are in isl's decomposition of a component into
        // strongly connected ones, a step that serialising them skips.
        Some(Computed::Crashed(how)) if !options.serialize_sccs => {
            let serialized = SchedulerOptions { serialize_sccs: true, ..options };
            Ok(match apart(serialized) {
                Some(Computed::Found(schedule)) if !malformed(&schedule) => Computed::Serialized(schedule, how),
                _ => Computed::Crashed(how),
            })
        }
        Some(Computed::Found(schedule)) => Ok(found(Some(schedule))),
        Some(other) => Ok(other),
        None => Ok(found(session.within_share(SCHEDULER_SHARE, || constraints.compute_schedule()).0.ok())),
    }
}

/// [`Computed::Found`] for a well-formed schedule, else
/// [`Computed::NotFound`].
fn found(schedule: Option<Schedule>) -> Computed {
    match schedule {
        Some(schedule) if !malformed(&schedule) => Computed::Found(schedule),
        _ => Computed::NotFound,
    }
}

/// Whether isl's scheduler gave a tree with a set or sequence node
/// without children, which isl's own walks then fail on (seen with
/// maximal fusion, on a region whose scalar is written twice in a row).
fn malformed(schedule: &Schedule) -> bool {
    let text = schedule.isl_text();
    text.contains("{ set }") || text.contains("{ sequence }")
}

/// The share of the CPU time left of `--max-seconds` each run of isl's
/// scheduler may take. Past it, the region is tiled and parallelised in
/// its original order (as when the scheduler fails): on random programs
/// with many quasi-affine subscripts the scheduler's integer programs ran
/// for minutes, and the whole region then kept its original, sequential
/// code at the deadline, where the original order alone, tiled, took
/// seconds.
const SCHEDULER_SHARE: f64 = 0.5;

/// The dependences as the scheduler gets them: a relation whose exact
/// form is intricate (the dataflow of a 3-D stencil is a union of many
/// pieces with many faces, and isl's scheduler then spends seconds in
/// Farkas' lemma) is replaced by the pairs of its domain and range whose
/// distance lies in the box of its distances; simpler relations stay exact.
///
/// The box is an over-approximation, so every schedule it allows is valid,
/// but it can hide schedules the exact relations allow (given boxes, the
/// scheduler no longer finds the faster schedules of seidel-2d and
/// nussinov). So it is only taken for relations of at least
/// [`MIN_BOXED_DIMENSIONS`] dimensions whose distances are all bounded.
fn scheduling_relations(deps: UnionMap) -> IslResult<UnionMap> {
    let maps = deps.get_map_list()?;
    let mut out = UnionMap::empty(deps.get_space()?)?;
    for i in 0..maps.size()? {
        let map = maps.get_at(i)?;
        let dims = map.dim(DimType::In)?;
        let pieces = map.get_basic_map_list()?;
        let mut constraints = 0;
        for p in 0..pieces.size()? {
            constraints += pieces.get_at(p)?.n_constraint()?;
        }
        let intricate = dims >= MIN_BOXED_DIMENSIONS && dims == map.dim(DimType::Out)? && constraints > MAX_CONSTRAINTS_PER_DIMENSION * dims;
        let map = match intricate {
            true => within_operations(&map.get_ctx(), BOX_OPERATIONS, || distance_box(map.copy()?)).flatten().unwrap_or(map),
            false => map,
        };
        out = out.union(UnionMap::from_map(map)?)?;
    }
    Ok(out)
}

/// isl operations [`distance_box`] may take on one relation. Projecting
/// the distances of quasi-affine dependences (subscripts such as `j / 2` in
/// loops stepping by 2 and 3) onto each dimension took isl seconds per
/// relation; past this bound the relation goes to the scheduler as it is.
const BOX_OPERATIONS: u64 = 200_000;

/// `{ x -> y : x in dom(m), y in ran(m), y - x in box }` where `box` is the
/// product of the ranges of each distance component of `m` (whose domain
/// and range have the same number of dimensions); `None` when some
/// component is unbounded (not a stencil: the box would lose too much), or
/// when a statement's dependence on itself gets a box with distances that
/// are not lexicographically positive.
fn distance_box(m: Map) -> IslResult<Option<Map>> {
    let source = m.get_tuple_name(DimType::In)?.to_string();
    let sink = m.get_tuple_name(DimType::Out)?.to_string();
    let anonymous = m.reset_tuple_id(DimType::In)?.reset_tuple_id(DimType::Out)?;
    let n = anonymous.dim(DimType::In)? as u32;
    let distances = anonymous.copy()?.deltas()?;
    let mut boxed = Set::universe(distances.get_space()?)?;
    for d in 0..n {
        let component = distances.copy()?.project_out(DimType::Set, d + 1, n - d - 1)?.project_out(DimType::Set, 0, d)?;
        let range = Set::from_basic_set(component.simple_hull()?)?;
        boxed = boxed.intersect(range.insert_dims(DimType::Set, 0, d)?.add_dims(DimType::Set, n - d - 1)?)?;
    }
    if !boxed.is_bounded()? {
        return Ok(None);
    }
    // A statement's dependence on itself only goes forward, to later
    // instances. A box that also holds backward or zero distances (a
    // convolution's reduction over c, h and w moves by (1, -2, -2), and
    // the box holds (0, -2, -2)) would ask for a schedule that carries
    // what cannot be carried, and the scheduler gave up on every 3 x 3
    // convolution: such a relation goes to the scheduler exact.
    if source == sink {
        let mut origin = Set::universe(boxed.get_space()?)?;
        for d in 0..n {
            origin = origin.fix_si(DimType::Set, d, 0)?;
        }
        let not_forward = Map::lex_le(boxed.get_space()?)?.intersect_range(origin)?.domain()?;
        if !boxed.copy()?.intersect(not_forward)?.is_empty()? {
            return Ok(None);
        }
    }
    let pairs = Map::from_domain_and_range(anonymous.copy()?.domain()?, anonymous.range()?)?;
    let within = pairs.deltas_map()?.intersect_range(boxed)?.domain()?.unwrap()?;
    Ok(Some(within.set_tuple_name(DimType::In, &source)?.set_tuple_name(DimType::Out, &sink)?))
}

/// `schedule` with every set node made a sequence node over the same
/// children. isl's scheduler puts independent parts under a set node,
/// whose children the AST generator may run in any order or interleave,
/// and isl's dataflow analysis then orders none of their accesses; but
/// live-range reordering drops order dependences between such parts (two
/// parts writing one temporary scalar), so the order must be fixed before
/// [`crate::legality::check`] judges it and stay the same in the code.
pub fn sequence_sets(schedule: Schedule) -> IslResult<Schedule> {
    let text = schedule.isl_text();
    if !text.contains("set: [") {
        return Ok(schedule);
    }
    // Node keys are the only unquoted text of the notation; isl's own
    // sets and maps inside quotes never hold "set: [".
    let ordered = text.replace("set: [", "sequence: [");
    Ok(Schedule::read_from_str(&schedule.get_ctx(), &ordered)?)
}
