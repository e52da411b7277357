//! Dependence analysis: which statement instances must stay ordered.
//!
//! From a [`Scop`]'s accesses and original schedule, computes the
//! memory-based dependences between statement instances: flow
//! (write → later read), anti (read → later write) and output
//! (write → later write) of the same element. Together they are the
//! *validity* constraints a new schedule must respect; flow dependences
//! also serve as *proximity* (what the scheduler tries to keep close).
//! Relations are transitively closed over memory conflicts rather than
//! reduced to direct dataflow, which over-constrains a little but is
//! always safe.

use isl_rs::UnionMap;

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
    let order = scop.schedule.get_map()?;
    let before = order.copy()?.lex_lt_union_map(order)?;
    // Pairs of instances touching the same element, first one earlier.
    let conflicts = |first: &UnionMap, second: &UnionMap| -> IslResult<UnionMap> {
        let same_element = first.copy()?.apply_range(second.copy()?.reverse()?)?;
        Ok(same_element.intersect(before.copy()?)?.coalesce()?)
    };
    Ok(Dependences {
        flow: conflicts(&writes, &reads)?,
        anti: conflicts(&reads, &writes)?,
        output: conflicts(&writes, &writes)?,
    })
}
