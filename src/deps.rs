//! Dependence analysis: which statement instances must stay ordered.
//!
//! From a [`Scop`]'s accesses and original schedule, computes with isl's
//! dataflow analysis (`isl_union_access_info_compute_flow`) the direct
//! dependences between statement instances: flow (a read from the last
//! write of its element), output (a write after the previous write of its
//! element) and anti (a write after the reads since that previous write).
//! Every other ordering constraint follows from these by transitivity, so
//! together they are the *validity* constraints a new schedule must
//! respect, and small enough to keep the scheduler fast.

use isl_rs::{UnionAccessInfo, UnionMap};

use crate::isl::{IslResult, IslText};
use crate::scop::Scop;

/// The dependences of one region, as relations between statement instances.
pub struct Dependences {
    /// Write, then read of the same element.
    pub flow: UnionMap,
    /// Read, then write of the same element.
    pub anti: UnionMap,
    /// Write, then write of the same element.
    pub output: UnionMap,
}

impl Dependences {
    /// Everything a valid schedule must keep in order.
    pub fn validity(&self) -> IslResult<UnionMap> {
        Ok(self.flow.copy()?.union(self.anti.copy()?)?.union(self.output.copy()?)?.coalesce()?)
    }

    /// Prints the dependences in isl notation (`--dump-deps`).
    pub fn dump(&self, region: usize) -> String {
        format!(
            "region {region} dependences:\n  flow: {}\n  anti: {}\n  output: {}\n",
            self.flow.isl_text(),
            self.anti.isl_text(),
            self.output.isl_text()
        )
    }
}

/// Computes the dependences of `scop` under its original schedule.
pub fn analyse(scop: &Scop) -> IslResult<Dependences> {
    let space = scop.context.get_space()?;
    let accesses = |writes: bool| -> IslResult<UnionMap> {
        let mut all = UnionMap::empty(space.copy()?)?;
        for s in &scop.statements {
            for a in if writes { &s.writes } else { &s.reads } {
                all = all.union(UnionMap::from_map(a.relation.copy()?)?)?;
            }
        }
        Ok(all)
    };
    let writes = accesses(true)?;
    let reads = accesses(false)?;
    let flow = UnionAccessInfo::from_sink(reads.copy()?)?
        .set_must_source(writes.copy()?)?
        .set_schedule(scop.schedule.copy()?)?
        .compute_flow()?
        .get_may_dependence()?;
    // Sinks are writes: the previous write of the element (a must source)
    // gives the output dependence, the reads after it the anti ones.
    let to_writes = UnionAccessInfo::from_sink(writes.copy()?)?
        .set_must_source(writes)?
        .set_may_source(reads)?
        .set_schedule(scop.schedule.copy()?)?
        .compute_flow()?;
    let output = to_writes.get_must_dependence()?;
    let anti = to_writes.get_may_dependence()?.subtract(output.copy()?)?;
    Ok(Dependences { flow: flow.coalesce()?, anti: anti.coalesce()?, output: output.coalesce()? })
}
