//! Scheduling: a new execution order for a region with the isl scheduler.
//!
//! Builds schedule constraints from the [`Dependences`] (validity and
//! coincidence: all memory dependences; proximity: the same, so producers
//! and consumers are pulled together) and runs isl's Pluto-like scheduler
//! with the fusion heuristic the user chose. When the scheduler fails or
//! hits the operation bound, the region keeps its original schedule.

use isl_rs::{Options, Schedule, ScheduleConstraints};

use crate::cli::Fusion;
use crate::deps::Dependences;
use crate::isl::{IslResult, Session};
use crate::scop::Scop;

/// Computes a schedule for `scop`; `None` when isl could not find one
/// within the operation bound (the caller keeps the original schedule).
pub fn compute(session: &Session, scop: &Scop, deps: &Dependences, fusion: Fusion) -> IslResult<Option<Schedule>> {
    let ctx = session.ctx();
    // Minimal fusion serialises strongly connected components; smart fusion
    // only fuses where outer parallelism survives; maximal fusion fuses
    // whatever the dependences allow.
    let _ = Options::set_schedule_serialize_sccs(ctx, i32::from(fusion == Fusion::Min));
    let _ = Options::set_schedule_outer_coincidence(ctx, i32::from(fusion == Fusion::Smart));
    let _ = Options::set_schedule_maximize_band_depth(ctx, 1);
    let validity = deps.validity()?;
    let constraints = ScheduleConstraints::on_domain(scop.domain()?)?
        .set_context(scop.context.copy()?)?
        .set_validity(validity.copy()?)?
        .set_coincidence(validity.copy()?)?
        .set_proximity(validity)?;
    session.reset_operations();
    Ok(constraints.compute_schedule().ok())
}
