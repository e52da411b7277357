//! Dependence analysis: which statement instances must stay ordered.
//!
//! From a [`Scop`]'s tagged accesses (each access names its reference, so
//! two references of one statement stay apart) and original schedule,
//! computes with isl's dataflow analysis
//! (`isl_union_access_info_compute_flow`) the direct dependences between
//! statement instances: flow (a read from the last write of its element),
//! output (a write after the previous write of its element) and anti (a
//! write after the reads since that previous write). The front end only
//! produces exact accesses, so every write is a *must* write and the may
//! and must dependences coincide; both are still computed and printed.
//! Where isl cannot find the direct anti dependences within a bound on its
//! operations, every read before a later write of its element stands in
//! for them.
//!
//! Live-range reordering: anti and output dependences (the *order*
//! dependences) only protect a value between its write and its last read.
//! Following Verdoolaege and Cohen's live-range reordering, they reach the
//! scheduler as *conditional* validity constraints, to be respected only
//! where they would overlap a live range (a flow dependence) the schedule
//! carries. What the region reads before writing (live-in) must still be
//! read before any write of its element, and what it leaves behind
//! (live-out) must still be written last: those orders are *forced*.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

use isl_rs::{DimType, Schedule, UnionAccessInfo, UnionFlow, UnionMap, UnionPwMultiAff};

use crate::isl::{coalesced, tuple_names, within_operations, IslResult, IslText};
use crate::scop::Scop;

/// The dependences of one region, as relations between statement instances.
pub struct Dependences {
    /// Write, then read of the same element.
    pub flow: UnionMap,
    /// Read, then write of the same element.
    pub anti: UnionMap,
    /// Whether `anti` holds the direct ones only; otherwise every read
    /// before a later write of its element (see [`ANTI_OPERATIONS`]).
    pub anti_exact: bool,
    /// Write, then write of the same element.
    pub output: UnionMap,
    /// Dependences that hold for every execution (all of them here: the
    /// accesses are exact).
    pub must: UnionMap,
    /// `flow` between tagged instances (`[S_1[i] -> W_0[]] -> [S_2[j] -> R_3[]]`).
    pub tagged_flow: UnionMap,
    /// `anti` and `output` between tagged instances.
    pub tagged_order: UnionMap,
    /// Live-in reads before later writes of their element, and every
    /// access of an element before its live-out write.
    pub forced: UnionMap,
    /// Reads of values from before the region (`S[i] -> A[e]`).
    pub live_in: UnionMap,
    /// Writes of the values the region leaves behind (`S[i] -> A[e]`);
    /// scalars nothing reads after the region leave nothing behind.
    pub live_out: UnionMap,
    /// Scalars that each thread may keep a private copy of: no live-in
    /// read and not live after the region, so their order dependences need
    /// not hold across the iterations of a parallel loop.
    pub privatizable: Vec<String>,
    /// Whether the scheduler gets the order dependences as conditional
    /// validity (live-range reordering): only where the region writes a
    /// scalar, whose reuse across iterations is what it frees. Elsewhere
    /// (arrays only) it would reorder nothing a schedule can use without
    /// array expansion, and the tagged constraints slow the scheduler down
    /// (heat-3d: 11 s to 33 s).
    pub reorder_live_ranges: bool,
    /// [`Dependences::validity`], coalesced once.
    validity: OnceCell<UnionMap>,
    /// The flow and forced dependences, coalesced once: what
    /// [`Dependences::unconditional`] gives under live-range reordering.
    flow_and_forced: OnceCell<UnionMap>,
    /// The conflicting pairs of instances of each set of instances the
    /// legality checks ask about (by the set's text), with the private
    /// scalars they leave out ([`crate::legality`]): the members of one
    /// band, its tiles and its point loops ask about the same instances
    /// (correlation: 101 questions, 21 sets).
    pub(crate) conflicts: RefCell<HashMap<String, (UnionMap, Vec<String>)>>,
}

impl Dependences {
    /// Every order constraint of the original program (no reordering of
    /// live ranges).
    pub fn validity(&self) -> IslResult<UnionMap> {
        once(&self.validity, || coalesced(self.flow.copy()?.union(self.anti.copy()?)?.union(self.output.copy()?)?))
    }

    /// What the scheduler must respect unconditionally: under live-range
    /// reordering flow and forced dependences, otherwise all of them.
    pub fn unconditional(&self) -> IslResult<UnionMap> {
        if !self.reorder_live_ranges {
            return self.validity();
        }
        once(&self.flow_and_forced, || coalesced(self.flow.copy()?.union(self.forced.copy()?)?))
    }

    /// Whether every statement of `scop` reaches every other through the
    /// dependences the scheduler respects unconditionally: one strongly
    /// connected component, which isl's scheduler puts in one band even
    /// with minimal fusion (its graph has these edges and maybe more).
    pub fn one_component(&self, scop: &Scop) -> IslResult<bool> {
        let n = scop.statements.len();
        let at = |name: &str| scop.statements.iter().position(|s| s.name == name);
        let (mut forward, mut backward) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        let maps = self.unconditional()?.get_map_list()?;
        for i in 0..maps.size()? {
            let map = maps.get_at(i)?;
            if map.is_empty()? {
                continue;
            }
            if let (Some(a), Some(b)) = (at(map.get_tuple_name(DimType::In)?), at(map.get_tuple_name(DimType::Out)?)) {
                forward[a].push(b);
                backward[b].push(a);
            }
        }
        // From the first statement, every one is reached both ways.
        let reaches_all = |edges: &[Vec<usize>]| {
            let mut seen = vec![false; n];
            let mut stack = vec![0];
            while let Some(k) = stack.pop() {
                if k < n && !seen[k] {
                    seen[k] = true;
                    stack.extend(&edges[k]);
                }
            }
            seen.iter().all(|&s| s)
        };
        Ok(reaches_all(&forward) && reaches_all(&backward))
    }

    /// What a parallel loop must not carry: every dependence except the
    /// order dependences of privatizable scalars.
    pub fn coincidence(&self, scop: &Scop) -> IslResult<UnionMap> {
        let unconditional = self.unconditional()?;
        if self.privatizable.is_empty() {
            return coalesced(unconditional.union(self.validity()?)?);
        }
        // Order dependences between accesses of privatizable scalars only:
        // drop them, keep everything else.
        let private_refs = private_references(scop, &self.privatizable);
        let mut kept = UnionMap::empty(self.tagged_order.get_space()?)?;
        let maps = self.tagged_order.get_map_list()?;
        for i in 0..maps.size()? {
            let map = maps.get_at(i)?;
            let (source, sink) = (reference(map.copy()?.domain()?)?, reference(map.copy()?.range()?)?);
            if !(private_refs.contains(&source) && private_refs.contains(&sink)) {
                kept = kept.union(UnionMap::from_map(map)?)?;
            }
        }
        coalesced(unconditional.union(kept.domain_factor_domain()?.range_factor_domain()?)?)
    }

    /// The flow dependences (live ranges) of the array or scalar `name`,
    /// between statement instances.
    pub fn tagged_flow_of(&self, scop: &Scop, name: &str) -> IslResult<UnionMap> {
        of_data(&self.tagged_flow, scop, name)
    }

    /// The anti and output dependences of the array or scalar `name`
    /// (those whose source accesses it), between statement instances.
    pub fn order_of(&self, scop: &Scop, name: &str) -> IslResult<UnionMap> {
        of_data(&self.tagged_order, scop, name)
    }

    /// What a back end needs to keep private copies of the privatizable
    /// scalars: their names and the statements they pass values between.
    pub fn privatization(&self, scop: &Scop) -> IslResult<Privatization> {
        let mut flows = Vec::new();
        for scalar in &self.privatizable {
            let maps = self.tagged_flow_of(scop, scalar)?.get_map_list()?;
            for i in 0..maps.size()? {
                let map = maps.get_at(i)?;
                let flow = PrivateFlow {
                    scalar: scalar.clone(),
                    source: map.get_tuple_name(DimType::In)?.to_string(),
                    sink: map.get_tuple_name(DimType::Out)?.to_string(),
                };
                if !flows.contains(&flow) {
                    flows.push(flow);
                }
            }
        }
        Ok(Privatization { scalars: self.privatizable.clone(), flows })
    }

    /// The order (anti and output) dependences of the array or scalar
    /// `name`, between statement instances.
    pub fn tagged_order_of(&self, scop: &Scop, name: &str) -> IslResult<UnionMap> {
        of_data(&self.tagged_order, scop, name)
    }

    /// Prints the dependences and live sets in isl notation (`--dump-deps`).
    pub fn dump(&self, region: usize) -> String {
        let private = if self.privatizable.is_empty() { "none".to_string() } else { self.privatizable.join(", ") };
        format!(
            "region {region} dependences:\n  flow: {}\n  anti{}: {}\n  output: {}\n  must: {}\n  may: {}\n  forced: {}\n  live-in: {}\n  live-out: {}\n  privatizable scalars: {private}\n",
            self.flow.isl_text(),
            if self.anti_exact { "" } else { " (every read before a write of its element: the direct ones took isl too long)" },
            self.anti.isl_text(),
            self.output.isl_text(),
            self.must.isl_text(),
            self.validity().map(|v| v.isl_text()).unwrap_or_default(),
            self.forced.isl_text(),
            self.live_in.isl_text(),
            self.live_out.isl_text(),
        )
    }
}

/// The part of the tagged relation `deps` whose sources are accesses to
/// `name`, between statement instances.
fn of_data(deps: &UnionMap, scop: &Scop, name: &str) -> IslResult<UnionMap> {
    let refs = private_references(scop, &[name.to_string()]);
    let mut out = UnionMap::empty(deps.get_space()?)?;
    let maps = deps.get_map_list()?;
    for i in 0..maps.size()? {
        let map = maps.get_at(i)?;
        if refs.contains(&reference(map.copy()?.domain()?)?) {
            out = out.union(UnionMap::from_map(map)?)?;
        }
    }
    Ok(out.domain_factor_domain()?.range_factor_domain()?)
}

/// The privatizable scalars of a region, for the back end.
#[derive(Debug, Clone, Default)]
pub struct Privatization {
    /// Scalars a parallel or simd loop may declare private.
    pub scalars: Vec<String>,
    /// The statements each passes values between.
    pub flows: Vec<PrivateFlow>,
}

/// A privatizable scalar written by statement `source` and read by `sink`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivateFlow {
    /// The scalar.
    pub scalar: String,
    /// The statement that writes the value.
    pub source: String,
    /// The statement that reads it.
    pub sink: String,
}

/// Reference ids of the accesses to the data named in `scalars`.
fn private_references(scop: &Scop, scalars: &[String]) -> Vec<String> {
    let mut refs = Vec::new();
    for s in &scop.statements {
        for a in s.reads.iter().chain(&s.writes) {
            if scalars.contains(&a.array) {
                refs.push(a.ref_id.clone());
            }
        }
    }
    refs
}

/// The part of the tagged relation `deps` whose sources are reads.
fn from_reads(deps: &UnionMap, scop: &Scop) -> IslResult<UnionMap> {
    let reads: Vec<&str> = scop.statements.iter().flat_map(|s| s.reads.iter().map(|a| a.ref_id.as_str())).collect();
    let mut out = UnionMap::empty(deps.get_space()?)?;
    let maps = deps.get_map_list()?;
    for i in 0..maps.size()? {
        let map = maps.get_at(i)?;
        if reads.contains(&reference(map.copy()?.domain()?)?.as_str()) {
            out = out.union(UnionMap::from_map(map)?)?;
        }
    }
    Ok(out)
}

/// The reference id of a tagged instance set `{ [S[i] -> R_3[]] }`.
fn reference(tagged: isl_rs::Set) -> IslResult<String> {
    Ok(tagged.unwrap()?.get_tuple_name(DimType::Out)?.to_string())
}

/// `[S[i] -> ref[]] -> A[e]` to `S[i] -> A[e]`.
fn untag(tagged: UnionMap) -> IslResult<UnionMap> {
    Ok(tagged.domain_factor_domain()?)
}

/// `schedule` on the tagged instances of `scop`: `[S[i] -> ref[]]` runs
/// when `S[i]` does.
fn on_tagged_instances(scop: &Scop, schedule: Schedule) -> IslResult<Schedule> {
    let accesses = scop.tagged_accesses(true)?.union(scop.tagged_accesses(false)?)?;
    let tagger = accesses.domain()?.unwrap()?.domain_map()?;
    Ok(schedule.pullback_union_pw_multi_aff(UnionPwMultiAff::from_union_map(tagger)?)?)
}

/// Where each read of `scop` gets its value when the statement instances
/// run in the order of `schedule`: the tagged flow dependences (may and
/// must) and the reads with no source in the region (live-in).
pub fn read_sources(scop: &Scop, schedule: Schedule) -> IslResult<UnionFlow> {
    dataflow(scop.tagged_accesses(false)?, scop.tagged_accesses(true)?, None, on_tagged_instances(scop, schedule)?)
}

/// isl's dataflow analysis: for each access of `sinks`, its last preceding
/// access of `must_sources` and the `may_sources` since, in the order of
/// `schedule`. Where isl stops with an internal error, computed again with
/// the accesses' implicit equalities made explicit: on a strided loop with
/// a quasi-affine subscript (`D[(i + j) / 2]`, `i += 2`) isl's search for a
/// modulo expression in the last source built an expression on the wrong
/// space ("affine expression involves some of the domain dimensions"),
/// which it does not on the same relations with their equalities shown.
fn dataflow(sinks: UnionMap, must_sources: UnionMap, may_sources: Option<UnionMap>, schedule: Schedule) -> IslResult<UnionFlow> {
    let compute = |sinks: UnionMap, must_sources: UnionMap, may_sources: Option<UnionMap>, schedule: Schedule| -> IslResult<UnionFlow> {
        let info = UnionAccessInfo::from_sink(sinks)?.set_must_source(must_sources)?;
        let info = match may_sources {
            Some(may) => info.set_may_source(may)?,
            None => info,
        };
        Ok(info.set_schedule(schedule)?.compute_flow()?)
    };
    let first = compute(sinks.copy()?, must_sources.copy()?, may_sources.as_ref().map(UnionMap::copy).transpose()?, schedule.copy()?);
    if first.is_ok() || sinks.get_ctx().last_error() == isl_rs::Error::Quota {
        return first;
    }
    sinks.get_ctx().reset_error();
    let may_sources = may_sources.map(UnionMap::detect_equalities).transpose()?;
    compute(sinks.detect_equalities()?, must_sources.detect_equalities()?, may_sources, schedule)
}

/// isl operations the exact anti dependences may take. Writes under
/// quasi-affine subscripts in strided loops (`D[i][k][(l + 1) / 2]` with
/// `i -= 3`) made isl's search for the reads since each element's previous
/// write run for minutes; PolyBench's regions and the test suite's programs
/// (at most 400,000 operations each) stay well within this bound.
const ANTI_OPERATIONS: u64 = 1_000_000;

/// Every read of an element before a later write of it in the order of
/// `schedule` (tagged instances), writes in between or not: the anti
/// dependences and the pairs they imply through the output dependences
/// that follow them (read, overwrite, write again), so a schedule that
/// respects these respects the same order. Cheap where the exact ones are
/// not: no search for the last write.
fn reads_before_writes(reads: &UnionMap, writes: &UnionMap, schedule: &Schedule) -> IslResult<UnionMap> {
    let same_element = reads.copy()?.apply_range(writes.copy()?.reverse()?)?;
    let time = schedule.get_map()?;
    let before = time.copy()?.lex_lt_union_map(time)?;
    Ok(same_element.intersect(before)?)
}

/// Computes the dependences of `scop` under its original schedule.
pub fn analyse(scop: &Scop) -> IslResult<Dependences> {
    let tagged_writes = scop.tagged_accesses(true)?;
    let tagged_reads = scop.tagged_accesses(false)?;
    let tagged_schedule = on_tagged_instances(scop, scop.schedule.copy()?)?;
    let flow_info = read_sources(scop, scop.schedule.copy()?)?;
    let tagged_flow = flow_info.get_may_dependence()?;
    let must_flow = flow_info.get_must_dependence()?;
    let tagged_live_in = flow_info.get_may_no_source()?;
    let live_in = untag(tagged_live_in.copy()?)?;
    // Sinks are writes: the previous write of the element gives the output
    // dependence; the reads since that write (sources the write kills
    // further back) the anti ones. Computed apart: a read and a write of
    // one instance (`C[k] += ...`) make isl report the write as a may
    // source only.
    let tagged_output = dataflow(tagged_writes.copy()?, tagged_writes.copy()?, None, tagged_schedule.copy()?)?.get_must_dependence()?;
    let exact_anti = within_operations(&tagged_writes.get_ctx(), ANTI_OPERATIONS, || {
        let to_writes = dataflow(tagged_writes.copy()?, tagged_writes.copy()?, Some(tagged_reads.copy()?), tagged_schedule.copy()?)?.get_may_dependence()?;
        from_reads(&to_writes, scop)
    });
    let anti_exact = exact_anti.is_some();
    let tagged_anti = match exact_anti {
        Some(anti) => anti,
        None => reads_before_writes(&tagged_reads, &tagged_writes, &tagged_schedule)?,
    };
    // A write is live-out unless a later write of its element follows, or
    // it writes a scalar that nothing reads after the region.
    let overwritten = tagged_output.copy()?.domain()?;
    let mut tagged_live_out = tagged_writes.copy()?.subtract_domain(overwritten)?;
    for a in scop.arrays.iter().filter(|a| a.extents.is_empty() && !scop.scalars_live_after.contains(&a.name)) {
        tagged_live_out = tagged_live_out.subtract_range(scop.scalar_element(&a.name)?)?;
    }
    let live_out = untag(tagged_live_out.copy()?)?;
    let instances = |tagged: &UnionMap| -> IslResult<UnionMap> { coalesced(tagged.copy()?.domain_factor_domain()?.range_factor_domain()?) };
    let flow = instances(&tagged_flow)?;
    let anti = instances(&tagged_anti)?;
    let output = instances(&tagged_output)?;
    let must = coalesced(instances(&must_flow)?.union(output.copy()?)?)?;
    let tagged_order = tagged_anti.union(tagged_output)?;
    // The order dependences from live-in reads and into live-out writes:
    // the direct ones only. Every earlier access of an element before its
    // live-out write, without kills, took isl tens of seconds on strided
    // loops; what the direct ones leave unordered (a write moved before a
    // live-in read through a reversed output dependence) the final check
    // (`legality`) still refuses.
    let forced = instances(&tagged_order.copy()?.intersect_domain(tagged_live_in.domain()?)?.union(tagged_order.copy()?.intersect_range(tagged_live_out.domain()?)?)?)?;
    let privatizable = privatizable_scalars(scop, &live_in)?;
    let reorder_live_ranges = written_scalars(scop).next().is_some();
    Ok(Dependences {
        flow,
        anti,
        anti_exact,
        output,
        must,
        // Not coalesced: on tagged relations isl's coalescing can run for
        // tens of seconds (strided loops over reused iterators).
        tagged_flow,
        tagged_order,
        forced,
        live_in,
        live_out,
        privatizable,
        reorder_live_ranges,
        validity: OnceCell::new(),
        flow_and_forced: OnceCell::new(),
        conflicts: RefCell::new(HashMap::new()),
    })
}

/// The value in `cell`, computed by `make` the first time (a copy: isl
/// values are reference counted). Every band the tiler visits and every
/// check asks for the same unions; coalescing them each time took a
/// quarter of some regions' translation time.
fn once(cell: &OnceCell<UnionMap>, make: impl FnOnce() -> IslResult<UnionMap>) -> IslResult<UnionMap> {
    if let Some(value) = cell.get() {
        return Ok(value.copy()?);
    }
    let value = make()?;
    let copy = value.copy()?;
    let _ = cell.set(value);
    Ok(copy)
}

/// Scalars (0-d arrays) written in the region, never read before being
/// written in it and not live after it.
fn privatizable_scalars(scop: &Scop, live_in: &UnionMap) -> IslResult<Vec<String>> {
    let read_live_in = tuple_names(&live_in.copy()?.range()?)?;
    Ok(written_scalars(scop)
        .filter(|name| !read_live_in.contains(name) && !scop.scalars_live_after.contains(name))
        .collect())
}

/// Names of the scalars (0-d arrays) the region writes.
fn written_scalars(scop: &Scop) -> impl Iterator<Item = String> + '_ {
    scop.arrays
        .iter()
        .filter(|a| a.extents.is_empty() && scop.statements.iter().any(|s| s.writes.iter().any(|w| w.array == a.name)))
        .map(|a| a.name.clone())
}

#[cfg(test)]
mod tests {
    use crate::front::{parse_unexpanded, FrontOptions};
    use crate::isl::Session;

    /// Whether the one region of `source` is one component of its
    /// dependences.
    fn one_component(source: &str) -> bool {
        let session = Session::new(crate::DEFAULT_MAX_OPERATIONS, 60);
        let file = parse_unexpanded(&session, "region.c", source, &FrontOptions::default()).expect("the source parses");
        let scop = file.regions[0].scop.as_ref().expect("the region is a scop");
        super::analyse(scop).and_then(|d| d.one_component(scop)).expect("isl answers")
    }

    #[test]
    fn statements_feeding_each_other_across_a_loop_are_one_component() {
        let stencil = "void f(int n, double A[n], double B[n]) {
#pragma scop
  for (int t = 0; t < 10; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma endscop
}";
        assert!(one_component(stencil));
        let single = "void f(int n, double A[n]) {
#pragma scop
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] * 0.5;
#pragma endscop
}";
        assert!(one_component(single));
        // The product only reads what the scaling wrote: nothing goes back.
        let scale_then_add = "void f(int n, double C[n][n], double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] *= 2.0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * A[k][j];
#pragma endscop
}";
        assert!(!one_component(scale_then_add));
    }
}
