//! `--report`: per region, what iotile decided (schedule, fusions, tile
//! sizes and why) and what the I/O model says of each tiled band: the
//! bytes it moves into each memory level beside the lower bound for that
//! level. Text for people; JSON for scripts, whose fields are documented
//! in the README and never renamed.

use crate::model::io::{BandReport, Hierarchy};

/// What was decided for one region's schedule.
#[derive(Debug, Clone, Default)]
pub struct Decision {
    /// Flow, anti and output dependence relations (pairs of statements),
    /// where they were computed.
    pub dependences: Option<[usize; 3]>,
    /// Which schedule the region got, and why.
    pub schedule: String,
    /// Producers fused into their consumers' tiles.
    pub fusion: Vec<String>,
    /// Producers inlined into the statements that read them.
    pub inlined: Vec<String>,
    /// Arrays expanded into one copy per iteration of their outer loops.
    pub expanded: Vec<String>,
    /// The I/O model's account of each tiled band.
    pub bands: Vec<BandReport>,
}

/// The report of one region.
#[derive(Debug, Clone)]
pub struct RegionReport {
    pub region: usize,
    /// Line of its `#pragma scop`.
    pub line: usize,
    pub statements: Vec<String>,
    pub decision: Decision,
}

/// The report for people.
pub fn text(file: &str, hierarchy: Option<&Hierarchy>, regions: &[RegionReport]) -> String {
    let mut out = String::new();
    if let Some(h) = hierarchy {
        let levels: Vec<String> = h.levels.iter().map(|l| format!("{} {}", l.name, capacity(l.bytes))).collect();
        out.push_str(&format!("{file}: memory levels {}\n", levels.join(", ")));
    }
    for r in regions {
        let d = &r.decision;
        out.push_str(&format!("region {} (line {}): {} statement(s)\n", r.region, r.line, r.statements.len()));
        if let Some([flow, anti, output]) = d.dependences {
            out.push_str(&format!("  dependences: {flow} flow, {anti} anti, {output} output\n"));
        }
        for i in &d.inlined {
            out.push_str(&format!("  inlined: {i}\n"));
        }
        for e in &d.expanded {
            out.push_str(&format!("  expanded: {e}\n"));
        }
        out.push_str(&format!("  schedule: {}\n", d.schedule));
        for f in &d.fusion {
            out.push_str(&format!("  fusion: {f}\n"));
        }
        for b in &d.bands {
            let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(" x ");
            let outer = match &b.tiling.outer {
                Some(outer) => format!(" in outer tiles {}", list(outer)),
                None => String::new(),
            };
            out.push_str(&format!(
                "  band of {} over {}: tiles {}{outer} ({}: {}), tile loops in member order {:?}\n",
                b.statements.join(", "),
                list(&b.extents),
                list(&b.tiling.sizes),
                b.sizes_from,
                b.why,
                b.tiling.order
            ));
            out.push_str(&format!("    modelled: {:.3e} cycles for {:.3e} instances\n", b.cycles, b.instances));
            for (i, (level, moved, bound)) in b.traffic.iter().enumerate() {
                out.push_str(&format!("    {level}: {} moved, lower bound {}, ratio {:.2}", bytes(*moved), bytes(*bound), ratio(*moved, *bound)));
                if let Some((least, tiling)) = b.least.get(i) {
                    out.push_str(&format!(
                        "; least of any tiling {} (tiles {}, tile loops in member order {:?}), ratio {:.2}",
                        bytes(*least),
                        list(&tiling.sizes),
                        tiling.order,
                        ratio(*least, *bound)
                    ));
                }
                out.push('\n');
            }
            if let Some((evaluated, pruned, seconds)) = b.search {
                out.push_str(&format!("    search: {evaluated} tilings evaluated, {pruned} pruned, {:.3} s\n", seconds));
            }
            if let Some(r) = b.registers {
                out.push_str(&format!(
                    "    register tiles: {} x {} iterations of members {} and {}, held along member {}\n",
                    r.rows, r.columns, r.rows_member, r.columns_member, r.reduction
                ));
            }
        }
    }
    out
}

/// The report for scripts: one JSON object.
pub fn json(file: &str, hierarchy: Option<&Hierarchy>, regions: &[RegionReport]) -> String {
    let levels: Vec<String> = hierarchy
        .map(|h| h.levels.iter().map(|l| format!("{{\"name\": {}, \"bytes\": {}}}", string(&l.name), l.bytes)).collect())
        .unwrap_or_default();
    let regions: Vec<String> = regions.iter().map(region_json).collect();
    format!("{{\"file\": {}, \"levels\": [{}], \"regions\": [{}]}}\n", string(file), levels.join(", "), regions.join(", "))
}

fn region_json(r: &RegionReport) -> String {
    let d = &r.decision;
    let dependences = match d.dependences {
        Some([flow, anti, output]) => format!("{{\"flow\": {flow}, \"anti\": {anti}, \"output\": {output}}}"),
        None => "null".into(),
    };
    let bands: Vec<String> = d.bands.iter().map(band_json).collect();
    format!(
        "{{\"region\": {}, \"line\": {}, \"statements\": {}, \"dependences\": {dependences}, \"schedule\": {}, \"inlined\": {}, \"expanded\": {}, \"fusion\": {}, \"bands\": [{}]}}",
        r.region,
        r.line,
        strings(&r.statements),
        string(&d.schedule),
        strings(&d.inlined),
        strings(&d.expanded),
        strings(&d.fusion),
        bands.join(", ")
    )
}

fn band_json(b: &BandReport) -> String {
    let numbers = |v: &[i64]| format!("[{}]", v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "));
    let order: Vec<i64> = b.tiling.order.iter().map(|&k| k as i64).collect();
    let traffic: Vec<String> = b
        .traffic
        .iter()
        .enumerate()
        .map(|(i, (level, moved, bound))| {
            let least = match b.least.get(i) {
                Some((least, tiling)) => {
                    let order: Vec<i64> = tiling.order.iter().map(|&k| k as i64).collect();
                    format!(
                        ", \"least_bytes\": {}, \"least_ratio\": {}, \"least_tile_sizes\": {}, \"least_tile_order\": {}",
                        number(*least),
                        number(ratio(*least, *bound)),
                        numbers(&tiling.sizes),
                        numbers(&order)
                    )
                }
                None => String::new(),
            };
            format!("{{\"level\": {}, \"bytes\": {}, \"lower_bound\": {}, \"ratio\": {}{least}}}", string(level), number(*moved), number(*bound), number(ratio(*moved, *bound)))
        })
        .collect();
    let search = match b.search {
        Some((evaluated, pruned, seconds)) => format!(", \"search\": {{\"evaluated\": {evaluated}, \"pruned\": {pruned}, \"seconds\": {}}}", number(seconds)),
        None => String::new(),
    };
    let registers = match b.registers {
        Some(r) => format!(
            "{{\"rows\": {}, \"columns\": {}, \"rows_member\": {}, \"columns_member\": {}, \"reduction\": {}}}",
            r.rows, r.columns, r.rows_member, r.columns_member, r.reduction
        ),
        None => "null".into(),
    };
    format!(
        "{{\"statements\": {}, \"extents\": {}, \"tile_sizes\": {}, \"tile_order\": {}, \"outer_tile_sizes\": {}, \"innermost\": {}, \"sizes_from\": {}, \"why\": {}, \"instances\": {}, \"cycles\": {}, \"traffic\": [{}], \"register_tiles\": {registers}{search}}}",
        strings(&b.statements),
        numbers(&b.extents),
        numbers(&b.tiling.sizes),
        numbers(&order),
        b.tiling.outer.as_deref().map_or("null".into(), numbers),
        b.innermost,
        string(b.sizes_from),
        string(&b.why),
        number(b.instances),
        number(b.cycles),
        traffic.join(", ")
    )
}

fn ratio(moved: f64, bound: f64) -> f64 {
    if bound > 0.0 {
        moved / bound
    } else {
        0.0
    }
}

/// A JSON number (JSON has no infinities).
fn number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "null".into()
    }
}

fn strings(list: &[String]) -> String {
    format!("[{}]", list.iter().map(|s| string(s)).collect::<Vec<_>>().join(", "))
}

/// A JSON string literal.
fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A cache capacity as `--cache-sizes` writes it: `48K`, `2M`, `256`.
fn capacity(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{}K", b >> 10),
        b => format!("{b}"),
    }
}

/// Bytes for people: `1.5 MB`.
fn bytes(b: f64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut v = b;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    format!("{v:.3} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
        assert_eq!(number(f64::INFINITY), "null");
    }
}
