//! Where translation time goes: wall-clock time per region and stage
//! (`--time-report`, like gcc's `-ftime-report`).
//!
//! A compiler in a Makefile must answer in about a second, and isl's
//! operations can take very different times on regions of similar size, so
//! each stage of each region is timed and the report names the slow one.
//! Timing is always on (a clock read per stage costs nothing next to isl);
//! only the report is optional.

use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Accumulated wall-clock time per region and stage, in the order the
/// stages first ran.
#[derive(Default)]
pub struct StageTimes {
    entries: RefCell<Vec<(Option<usize>, &'static str, Duration)>>,
}

impl StageTimes {
    /// Runs `work` and adds its wall-clock time to `stage` of `region`
    /// (`None`: the whole file, the front end).
    pub fn time<T>(&self, region: Option<usize>, stage: &'static str, work: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = work();
        let spent = start.elapsed();
        let mut entries = self.entries.borrow_mut();
        match entries.iter_mut().find(|(r, s, _)| *r == region && *s == stage) {
            Some(entry) => entry.2 += spent,
            None => entries.push((region, stage, spent)),
        }
        out
    }

    /// Total time spent in region `region` so far.
    pub fn region_total(&self, region: Option<usize>) -> Duration {
        self.entries.borrow().iter().filter(|(r, _, _)| *r == region).map(|(_, _, d)| *d).sum()
    }

    /// The report: one line for the file's front end, then one per region,
    /// each with its total and its stages.
    pub fn report(&self) -> String {
        let entries = self.entries.borrow();
        let mut regions: Vec<Option<usize>> = entries.iter().map(|(r, _, _)| *r).collect();
        regions.dedup();
        let mut out = String::new();
        for region in regions {
            let stages: Vec<String> = entries
                .iter()
                .filter(|(r, _, _)| *r == region)
                .map(|(_, stage, d)| format!("{stage} {:.3}", d.as_secs_f64()))
                .collect();
            let what = region.map_or("file".to_string(), |r| format!("region {r}"));
            out.push_str(&format!("{what}: {:.3} s ({})\n", self.region_total(region).as_secs_f64(), stages.join(", ")));
        }
        out
    }
}
