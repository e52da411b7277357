//! The I/O model (seed 000 §4): the bytes a tiled band moves into each
//! level of the memory hierarchy as a function of its tile sizes and of
//! the order of its tile loops; `--tile-sizes=auto`'s choice of both, by a
//! search that drops every partial choice whose best completion cannot
//! beat the best choice found so far (seed 003's pruning with a lower
//! bound of the model itself); and lower bounds on what any schedule must
//! move (seed 000 §5, seed 001), reported beside the model.
//!
//! A band is measured once with isl, at the cost model's parameter
//! estimates ([`Band::measure`]): along every dimension of every array,
//! the extent of the elements that a block of band iterations touches is
//! affine in the block's widths, `base + Σ slope_k (w_k − 1)`, and at most
//! the extent the whole band touches. Everything after is arithmetic. The
//! tiled band runs a *chain* of loops: its tile loops in the chosen order,
//! then its point loops (in the same order, the last one innermost unless
//! another member is cheaper there, as [`crate::transform::tile`]
//! generates them: [`InnermostChoice`]). The
//! *sub-domain* at level `j` is one iteration of the `j`-th innermost loop
//! of the chain, all loops inside it running in full (seed 000 §4.1: level
//! 0 is one instance, level `2n` the whole band). An array whose
//! sub-domain footprint at level `j` stays in a cache moves that footprint
//! for the first iteration of the loop and only what the next iteration
//! adds for every later one (the inter-sub-domain reuse). The cache is
//! shared out among the arrays: every array gets the outermost level whose
//! footprints all fit ([`Band::traffic`]). Footprints count whole cache
//! lines along an array's last dimension.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use isl_rs::{DimType, Set, UnionMap, UnionSet};

use crate::isl::IslResult;
use crate::scop::Scop;
use crate::transform::shared::element_bytes;

use super::{dim_range, CostModel};

/// Bytes in a cache line.
const LINE: f64 = 64.0;

/// Width of the blocks that measure how footprints grow along a member.
const PROBE: i64 = 8;

/// Share of a cache's capacity the model fills (the rest absorbs
/// conflicts between arrays: lines of rows a stride apart compete for the
/// same sets of an 8- or 12-way cache).
const USABLE: f64 = 0.5;

/// Cycles per instance of a statement, apart from moving data.
/// `INSTANCE_CYCLES` and `LOOP_ENTRY_CYCLES` are fitted (least squares) to
/// the times of `scripts/tile-grid.py` over 4 x 4 x 4 tile sizes of gemm,
/// syrk, 2mm, covariance and doitgen at LARGE, 2 threads: 0.5 and 0.6-0.8
/// cycles (an entry cost of 12 made the search prefer 256-wide innermost
/// tiles, 1.3x slower than 32).
const INSTANCE_CYCLES: f64 = 0.5;

/// Cycles per instance, besides [`INSTANCE_CYCLES`], where the innermost
/// point loop carries a dependence (a floating-point sum into one
/// element runs at the latency of an addition and does not vectorise).
/// Fitted to syr2k at LARGE: tiles of 32 run its reduction along `k`
/// innermost and took 1.51x the time of its choice (32 x 64 x 16, tile
/// loops `i`, `k`, `j`: `j` innermost, vectorised) on one thread; 0.3
/// models them at 1.51x the cycles. No other PolyBench kernel or Yolo
/// layer changes tiles with it.
const CARRIED_INSTANCE_CYCLES: f64 = 0.3;

/// Cycles to enter the innermost point loop once (its bounds, its
/// vector epilogue).
const LOOP_ENTRY_CYCLES: f64 = 1.0;

/// Cycles per instance in a register tile, apart from moving data, and
/// cycles per instance to load and store its block, over the iterations
/// of the reduction in a tile (the block is loaded and stored once per
/// tile). Fitted to gemm at LARGE, 2 threads, 4 x 16 blocks in tiles of
/// 32 x 32 and 8 to 256 along the reduction: 0.96x of the plain tile's
/// time at 8, 0.80x at 16, 0.68x at 32.
const REGISTER_INSTANCE_CYCLES: f64 = 0.35;
const REGISTER_BLOCK_CYCLES: f64 = 1.0;

/// Largest tile size the search tries in a band with register tiles,
/// whose tiles it also makes at least two blocks wide. The model does not
/// rank other sizes: on gemm at LARGE (2 threads, 4 x 16 blocks), 128 x
/// 16 x 96 tiles, its best, ran 1.24x slower than 32 x 32 x 32, 32 x 16 x
/// 64 1.2x slower, and tiles of 128 along any member 1.1-1.2x slower (the
/// time then goes to misses that a register tile no longer hides, with
/// more weight than the model gives them).
const REGISTER_TILE_MAX: i64 = 64;

/// Cycles to enter a tile once (the bounds of its point loops).
const TILE_ENTRY_CYCLES: f64 = 60.0;

/// Threads sharing the outermost tile loop (as [`super::THREADS`]).
const THREADS: f64 = 2.0;

/// How much cheaper than the given sizes (`--tile-sizes`, default 32) the
/// search's choice must be modelled for `auto` to take it. Over the grids
/// of `scripts/tile-grid.py` the model ranks tilings only roughly (rank
/// correlations 0.2-0.65): matrix-vector bands (mvt, gemver, atax) whose
/// 128 x 128 tiles it modelled 2-4% cheaper than 32 x 32 ran 1.2-1.5x
/// slower, while syr2k's choice, modelled 4.8% cheaper, ran 1.39x faster.
/// Over the whole suite at LARGE (register tiles counted), the choices
/// modelled 4.7-5.8% cheaper gained nothing or lost (adi's 128 x 128:
/// 0.90x, symm's 0.96x; 2mm, 3mm and gramschmidt within 1%), while every
/// choice modelled 6.5% cheaper or more gained (trmm 1.22x, seidel-2d
/// 1.02x, doitgen 1.07x, syr2k 1.62x) or stayed within the noise
/// (nussinov).
pub const AUTO_MARGIN: f64 = 0.06;

/// How many times fewer bytes than the given sizes a choice must move
/// into the innermost level for `auto` to take it when it is modelled
/// cheaper, but by less than [`AUTO_MARGIN`]: the model's error lies in
/// the cycles of loops and instances, which a cut in traffic this large
/// outweighs. Yolo9000-12's 64 x 4 x 34 x 24 (modelled 5.5% cheaper than
/// 32 x 32 x 32 x 32, a thirteenth of its L1 traffic) ran 1.64x faster,
/// yolo9000-18's 128 x 17 x 17 x 16 (2.9%, an eighth) 1.15x at 2 threads;
/// PolyBench's choices below the margin move at most 1.85 times less
/// (trmm), most of them about as much as 32 x 32.
pub const TRAFFIC_CUT: f64 = 4.0;

/// Leaves of the tile-size search evaluated at most per band: the search
/// stops there with the best choice found.
const MAX_EVALUATIONS: u64 = 200_000;

/// Tile sizes the search tries along a member (those up to the member's
/// extent, and the extent itself when it is smaller than the largest).
/// None above 128: gemm's tiles of 256 and 512 rows ran 1.2x and 1.4x
/// slower than 64 although they move fewer bytes into L2 (the rows of `A`
/// they touch are too far apart for the prefetchers, a latency the model
/// does not count).
const CANDIDATE_SIZES: [i64; 10] = [4, 8, 12, 16, 24, 32, 48, 64, 96, 128];

/// Tile sizes the least-traffic search ([`Band::least_traffic`]) tries
/// along a member, besides the member's extent: powers of two and three
/// times them in bands of up to [`LEAST_FINE_MEMBERS`] members, powers of
/// two in larger ones (a convolution's four members: about 0.1 s per
/// level, against 1.5 s with the finer sizes).
const LEAST_SIZES: [&[i64]; 2] = [&[1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024], &[1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]];

/// Members of the largest band that [`Band::least_traffic`] tries the
/// finer tile sizes in.
const LEAST_FINE_MEMBERS: usize = 3;

/// Outer tile sizes the second-level search tries along a member, as
/// multiples of the tile size (the first ones where a band has too many
/// members to try them all), besides the member's whole extent.
const OUTER_FACTORS: [i64; 10] = [1, 2, 4, 8, 16, 3, 6, 12, 24, 32];

/// Combinations of outer tile sizes the second-level search evaluates at
/// most per band (about 10 ms).
const MAX_OUTER_EVALUATIONS: usize = 512;

/// How much cheaper a second tiling level must make a tiling's modelled
/// cycles for `--l2-tile-factor=auto` to add it: [`AUTO_MARGIN`],
/// although outer tiles change only the order in which the same tiles
/// run. With a margin of 2%, gemm (outer tiles of 256 x 192 x 32,
/// modelled 2.7% cheaper) and 3mm's second product (96 x 384 x 32, 2.2%)
/// ran 0.975x and 0.96x as fast as one level at LARGE on 2 threads: their
/// tiles of 32 with register tiles are bound by the arithmetic, not by
/// L2. (Not the default: gemm at MEDIUM on a simulated 256K last-level
/// cache, outer tiles modelled 7% cheaper, missed 15% more in cachegrind.)
pub const SECOND_LEVEL_MARGIN: f64 = AUTO_MARGIN;

/// One level of the memory hierarchy, filled from the next one out.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// `L1`, `L2`, `L3`, `shared`.
    pub name: String,
    /// Capacity in bytes.
    pub bytes: u64,
    /// Cycles per byte moved into it from the next level out.
    pub cycles_per_byte: f64,
}

/// The levels the model counts traffic into, innermost first.
#[derive(Debug, Clone, PartialEq)]
pub struct Hierarchy {
    pub levels: Vec<Level>,
    /// The innermost tile size is a multiple of this (the vector width of
    /// the CPU in elements, the warp on CUDA).
    pub inner_multiple: i64,
}

/// Cycles per byte moved into the data caches, innermost first (bandwidth
/// of the next level out: L2, L3, memory shared by two cores).
const CPU_CYCLES_PER_BYTE: [f64; 3] = [1.0 / 32.0, 1.0 / 16.0, 1.0 / 4.0];

impl Hierarchy {
    /// The CPU's data caches from `/sys/devices/system/cpu/cpu0/cache`, or
    /// 32K, 1M and 32M where it cannot be read.
    pub fn of_this_cpu() -> Hierarchy {
        let mut caches: Vec<(u32, u64)> = Vec::new();
        for index in 0..8 {
            let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{index}");
            let read = |f: &str| std::fs::read_to_string(format!("{dir}/{f}")).ok().map(|s| s.trim().to_string());
            let (Some(level), Some(kind), Some(size)) = (read("level"), read("type"), read("size")) else { continue };
            if kind == "Instruction" {
                continue;
            }
            if let (Ok(level), Some(bytes)) = (level.parse::<u32>(), parse_bytes(&size)) {
                caches.push((level, bytes));
            }
        }
        caches.sort();
        caches.dedup_by_key(|c| c.0);
        let sizes: Vec<u64> = if caches.is_empty() { vec![32 << 10, 1 << 20, 32 << 20] } else { caches.iter().map(|c| c.1).collect() };
        Hierarchy::cpu(&sizes)
    }

    /// The CPU caches of capacities `sizes` (bytes, innermost first); the
    /// last is filled from memory, the others from the next cache out.
    pub fn cpu(sizes: &[u64]) -> Hierarchy {
        let memory = CPU_CYCLES_PER_BYTE.len() - 1;
        let levels = sizes
            .iter()
            .enumerate()
            .map(|(i, &bytes)| Level {
                name: format!("L{}", i + 1),
                bytes,
                cycles_per_byte: CPU_CYCLES_PER_BYTE[if i + 1 == sizes.len() { memory } else { i.min(memory - 1) }],
            })
            .collect();
        Hierarchy { levels, inner_multiple: 8 }
    }

    /// `--cache-sizes`: capacities separated by commas, innermost first,
    /// with a K or M suffix (`48K,1M,32M`).
    pub fn parse(text: &str) -> Option<Hierarchy> {
        let sizes: Vec<u64> = text.split(',').map(|s| parse_bytes(s.trim())).collect::<Option<_>>()?;
        (!sizes.is_empty() && sizes.len() <= 4 && sizes.iter().all(|&s| s > 0)).then(|| Hierarchy::cpu(&sizes))
    }

    /// A GPU: a block's shared memory of `shared` bytes, filled from an L2
    /// of `l2` bytes, filled from device memory; tiles along the innermost
    /// member are multiples of the warp.
    pub fn gpu(shared: u64, l2: u64) -> Hierarchy {
        Hierarchy {
            levels: vec![
                Level { name: "shared".into(), bytes: shared, cycles_per_byte: 1.0 / 64.0 },
                Level { name: "L2".into(), bytes: l2, cycles_per_byte: 1.0 / 16.0 },
            ],
            inner_multiple: 32,
        }
    }
}

/// `48K`, `1M`, `1024K` or a plain number of bytes.
fn parse_bytes(text: &str) -> Option<u64> {
    let (digits, unit) = match text.chars().last()? {
        'K' | 'k' => (&text[..text.len() - 1], 1 << 10),
        'M' | 'm' => (&text[..text.len() - 1], 1 << 20),
        'G' | 'g' => (&text[..text.len() - 1], 1 << 30),
        _ => (text, 1),
    };
    digits.trim().parse::<u64>().ok()?.checked_mul(unit)
}

/// How the bytes of a block of an array are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// Each contiguous run of the block (a row along the array's last
    /// dimension, or several where the block spans the last dimensions
    /// whole) takes at least one line: what a cache holds. A column of 96
    /// doubles is 96 lines. The traffic the report gives and the least
    /// traffic of [`Band::least_traffic`] count so.
    PerRun,
    /// The block's elements, at least one line in all: the count
    /// [`Band::cycles`] was fitted with (its constants and
    /// [`AUTO_MARGIN`]). Counted per run, the search chose worse tiles
    /// on measurement: gramschmidt's 128 x 128 (modelled 7.9% cheaper)
    /// ran 0.90x as fast as 32 x 32 at LARGE, and three of the five 1 x 1
    /// Yolo layers ran 0.71-0.91x as fast, two 1.05-1.09x.
    PerBlock,
}

/// How the extent of one array dimension grows with a block's widths.
#[derive(Debug, Clone)]
struct Extent {
    /// At widths 1 (one point of the band).
    base: f64,
    /// Growth per unit of width, per band member.
    slope: Vec<f64>,
    /// What the whole band touches.
    full: f64,
}

impl Extent {
    fn at(&self, widths: &[f64]) -> f64 {
        let grown = self.base + self.slope.iter().zip(widths).map(|(s, w)| s * (w - 1.0)).sum::<f64>();
        grown.min(self.full).max(1.0)
    }
}

/// The elements of one array (or of one access) a block touches.
#[derive(Debug, Clone)]
struct Footprint {
    name: String,
    element_bytes: f64,
    dims: Vec<Extent>,
    /// Whether the band writes it.
    written: bool,
    /// Per member, the share of its range where the statements that
    /// touch it run (covariance's subtraction: the half of the second
    /// member after the sums): loops over a member outside the footprint
    /// count their trips there only.
    share: Vec<f64>,
}

impl Footprint {
    /// The share of the trips of the loops `outside` where the
    /// footprint's statements run: per member, of the blocks those loops
    /// cut its range into, the share its statements span, and at least
    /// one block.
    fn share_over(&self, outside: &[ChainLoop]) -> f64 {
        let mut members: Vec<usize> = outside.iter().map(|c| c.member).collect();
        members.sort_unstable();
        members.dedup();
        members
            .iter()
            .map(|&m| {
                let blocks: f64 = outside.iter().filter(|c| c.member == m).map(|c| c.trips).product();
                self.share.get(m).copied().unwrap_or(1.0).max(1.0 / blocks.max(1.0))
            })
            .product()
    }

    /// Transfers per line it brings in: a written line is written back.
    fn moved_per_line(&self) -> f64 {
        if self.written {
            2.0
        } else {
            1.0
        }
    }

    /// Bytes of a block of `widths`, counted as `lines` says.
    fn bytes(&self, widths: &[f64], lines: Lines) -> f64 {
        let extents: Vec<f64> = self.dims.iter().map(|d| d.at(widths)).collect();
        if lines == Lines::PerBlock {
            return (self.element_bytes * extents.iter().product::<f64>()).max(LINE);
        }
        // The last dimensions the block spans whole join the next one
        // out in one contiguous run.
        let mut run = self.element_bytes;
        let mut k = extents.len();
        while k > 0 {
            k -= 1;
            run *= extents[k];
            if extents[k] < self.dims[k].full {
                break;
            }
        }
        extents[..k].iter().product::<f64>() * run.max(LINE)
    }

    /// Bytes the next block adds when a block of `widths` moves `shift`
    /// iterations along `member`: all of it less the part of the previous
    /// block's footprint that the new one still covers (along the last
    /// dimension, a sweep brings the moved bytes, not whole lines).
    fn added(&self, widths: &[f64], member: usize, shift: f64, lines: Lines) -> f64 {
        let whole = self.bytes(widths, lines);
        let mut kept = 1.0;
        for (a, d) in self.dims.iter().enumerate() {
            let extent = d.at(widths);
            let moved = (d.slope[member] * shift).min(d.full);
            kept *= if a + 1 == self.dims.len() {
                let span = (extent * self.element_bytes).max(LINE);
                (span - moved * self.element_bytes).max(0.0) / span
            } else {
                (extent - moved).max(0.0) / extent
            };
        }
        whole * (1.0 - kept)
    }

    /// Whether `other` is of the same array and moves with the band's
    /// members as this one does.
    fn moves_like(&self, other: &Footprint) -> bool {
        self.name == other.name && self.dims.len() == other.dims.len() && self.dims.iter().zip(&other.dims).all(|(a, b)| a.slope == b.slope)
    }

    /// The band members that move this footprint, as a coordinate
    /// projection: every dimension moves with exactly one member, with
    /// slope one (each member once), or with none. Gives them, whether a
    /// dimension that moves with none spans more than one element at a
    /// point of the band (the loops inside the band run through it: a
    /// convolution's `weight[f][c][h][w]` in a band over `f, y, x, c`),
    /// and whether one that moves does (`in[c][y + h][x + w]`).
    fn projection(&self) -> Option<(Vec<usize>, bool, bool)> {
        let mut members = Vec::new();
        let (mut inner, mut shifted) = (false, false);
        for d in &self.dims {
            let moving: Vec<usize> = (0..d.slope.len()).filter(|&k| d.slope[k] > 0.0).collect();
            match moving.as_slice() {
                [] => inner |= d.base != 1.0,
                [k] if d.slope[*k] == 1.0 && !members.contains(k) => {
                    members.push(*k);
                    shifted |= d.base != 1.0;
                }
                _ => return None,
            }
        }
        Some((members, inner, shifted))
    }
}

/// Accesses of one array that [`Band::measure`] counts as one footprint:
/// they move alike, overlap, and their statements run at the same points.
struct Group {
    /// Their relations, together.
    accesses: UnionMap,
    footprint: Footprint,
    /// Which of the probe origins measured them.
    origin: usize,
    /// Per member, the range of values their statements span together.
    span: Vec<(i64, i64)>,
}

/// One access as [`Band::measure`] measures it, for the lower bounds.
struct AccessFootprint<'a> {
    statement: &'a str,
    footprint: Footprint,
    /// Whether it touches a different element in every instance at one
    /// point of the band.
    injective: bool,
}

/// What the model knows of one permutable band, with the loops around it
/// as members of their own, ahead of the band's (not tiled: tiles of one
/// iteration, in their order).
#[derive(Debug, Clone)]
pub struct Band {
    /// Loops around the band.
    outer: usize,
    /// Values each member takes.
    extents: Vec<i64>,
    /// Statement instances under the band.
    pub instances: f64,
    /// Per array, the elements blocks of the band touch.
    arrays: Vec<Footprint>,
    /// The member the point band runs innermost (stride one).
    innermost: usize,
    /// Bytes of every element the band touches, each once: what any
    /// schedule moves into a cache smaller than its data.
    compulsory: f64,
    /// Lower bounds per level of the hierarchy, in bytes: the loads any
    /// schedule makes, and the written bytes beyond the level's capacity
    /// (what cannot stay in it at the end must have gone back out).
    lower_bounds: Vec<f64>,
    /// The register tiles the band gets where its tile sizes allow (its
    /// members counted like [`Self::innermost`]).
    registers: Option<RegisterBlock>,
    /// How the tiler picks the innermost point loop in each order of the
    /// tile loops (members of the band, not counting the loops around
    /// it); without it, [`Self::innermost`] in every order.
    choice: Option<InnermostChoice>,
}

/// How the tiler picks the member its point band runs innermost, in any
/// order of its members: per member, the cost of its accesses as the
/// innermost loop and whether it carries a dependence (see
/// [`crate::transform::tile`]). The point loops run in the order of the
/// tile loops; the last one stays innermost unless another is strictly
/// cheaper, the first such in that order.
#[derive(Debug, Clone, PartialEq)]
pub struct InnermostChoice {
    pub costs: Vec<f64>,
    pub carried: Vec<bool>,
}

impl InnermostChoice {
    /// The member innermost when the members run in `order` (outermost
    /// first).
    pub fn pick(&self, order: &[usize]) -> usize {
        let Some(&last) = order.last() else { return 0 };
        let cost = |m: usize| self.costs[m];
        let best = order.iter().copied().min_by(|&a, &b| cost(a).total_cmp(&cost(b))).unwrap_or(last);
        if cost(best) < cost(last) { best } else { last }
    }
}

/// A band's register tiles (see [`crate::transform::tile`]): blocks of
/// `rows` iterations of member `rows_member` by `columns` of the innermost
/// one, `columns_member`, whose written elements stay in registers along
/// the `reduction` member. They are made where the tiles divide into
/// blocks and full tiles exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterBlock {
    pub reduction: usize,
    pub rows_member: usize,
    pub columns_member: usize,
    pub rows: i64,
    pub columns: i64,
}

/// The results of [`Band::search`] so far, shared by the clones of one
/// value: the schedules a region tries (post-tiling fusion's and smart
/// fusion's, the fused tiles' shapes) hold the same bands again (symm's 16
/// searches are of 5 bands), and a search depends on nothing but its band
/// and the memory levels.
#[derive(Debug, Clone, Default)]
pub struct Searches(Arc<Mutex<HashMap<String, SearchResult>>>);

/// What [`Band::search`] gives: the tiling and the search's statistics
/// (evaluated, pruned, seconds).
pub type SearchResult = (Tiling, (u64, u64, f64));

impl Searches {
    /// [`Band::search`] of `band`, searched once.
    pub fn search(&self, band: &Band, hierarchy: &Hierarchy) -> SearchResult {
        // The Debug text holds every field, floats exactly.
        let key = format!("{band:?} {hierarchy:?}");
        let known = self.0.lock().ok().and_then(|m| m.get(&key).cloned());
        known.unwrap_or_else(|| {
            let found = band.search(hierarchy);
            if let Ok(mut m) = self.0.lock() {
                m.insert(key, found.clone());
            }
            found
        })
    }
}

/// A tiling of a band: sizes per member and the order of the tile loops.
#[derive(Debug, Clone, PartialEq)]
pub struct Tiling {
    pub sizes: Vec<i64>,
    /// Members, outermost tile loop first.
    pub order: Vec<usize>,
    /// A second tiling level: per member, the size of the outer tiles
    /// (a multiple of [`Self::sizes`]), whose tile loops run in the same
    /// order around the tile loops of the tiles inside them.
    pub outer: Option<Vec<i64>>,
}

impl Tiling {
    /// One level of tiles of `sizes`, tile loops in `order`.
    pub fn new(sizes: Vec<i64>, order: Vec<usize>) -> Tiling {
        Tiling { sizes, order, outer: None }
    }
}

/// One loop of the chain a tiled band runs (see the module's comment).
#[derive(Debug, Clone, Copy)]
struct ChainLoop {
    member: usize,
    /// A tile loop (of either level) or a point loop.
    tile: bool,
    /// A tile loop of the outer tiles of a second level.
    outer: bool,
    /// Iterations (of a loop inside tiles, on average over them).
    trips: f64,
    /// Iterations of its member one iteration covers.
    step: f64,
    /// Iterations of its member the loop covers in full.
    span: f64,
}

/// The model's account of one tiled band, for `--report`.
#[derive(Debug, Clone)]
pub struct BandReport {
    pub statements: Vec<String>,
    pub extents: Vec<i64>,
    pub tiling: Tiling,
    /// The member of the innermost point loop (stride one).
    pub innermost: usize,
    /// `auto` or `fixed`.
    pub sizes_from: &'static str,
    pub why: String,
    pub instances: f64,
    /// Modelled cycles of the band (all threads), what `auto` minimises.
    pub cycles: f64,
    /// Per level: name, modelled bytes, lower bound.
    pub traffic: Vec<(String, f64, f64)>,
    /// Search statistics of `auto`: leaves evaluated, subtrees pruned, seconds.
    pub search: Option<(u64, u64, f64)>,
    /// Per level (with `--report`), the least modelled traffic of any one
    /// level of tiles and the tiling that moves it
    /// ([`Band::least_traffic`]); empty when not asked for.
    pub least: Vec<(f64, Tiling)>,
    /// The band as measured, kept (with `--report`) until the schedule is
    /// chosen, for [`Self::least`].
    pub band: Option<Band>,
    /// The register tiles made in the band's tiles: members of the rows,
    /// columns and reduction, rows and columns (see [`RegisterBlock`]).
    pub registers: Option<RegisterBlock>,
}

impl Band {
    /// Measures the band whose partial schedule (instances to band values)
    /// is `partial`, below the loops of `prefix` (instances to the values
    /// of the loops around the band), whose innermost point loop is
    /// `innermost`, at the parameters of `model`; `None` where its extents
    /// or footprints are not bounded there.
    pub fn measure(scop: &Scop, model: &CostModel, prefix: &UnionMap, partial: &UnionMap, innermost: usize, hierarchy: &Hierarchy) -> IslResult<Option<Band>> {
        let partial = prefix.copy()?.flat_range_product(partial.copy()?)?.intersect_params(model.parameters().copy()?)?;
        let outer = prefix.copy()?.range()?.get_set_list()?;
        let outer = if outer.size()? > 0 { outer.get_at(0)?.dim(DimType::Set)?.max(0) as usize } else { 0 };
        let innermost = outer + innermost;
        let values = partial.copy()?.range()?.get_set_list()?;
        if values.size()? != 1 {
            return Ok(None);
        }
        let values = values.get_at(0)?;
        let n = values.dim(DimType::Set)?.max(0) as usize;
        let mut lows = Vec::new();
        let mut extents = Vec::new();
        for k in 0..n {
            let Some((lo, hi)) = dim_range(&values, k as i32)? else { return Ok(None) };
            lows.push(lo);
            extents.push(hi - lo + 1);
        }
        let domain = partial.copy()?.domain()?;
        let names = crate::isl::tuple_names(&domain)?;
        let statements: Vec<_> = scop.statements.iter().filter(|s| names.contains(&s.name)).collect();
        let counts: Vec<f64> = statements.iter().map(|s| model.count_points(s.domain.copy()?)).collect::<IslResult<_>>()?;
        let instances: f64 = counts.iter().sum();
        // Blocks are placed around a point inside the values of the
        // statement whose accesses they measure: a statement that runs
        // in only part of the band (covariance's `data[i][j] -= mean[j]`
        // after the sums, along the same member) has no instances around
        // the band's centre.
        let widths: Vec<i64> = extents.iter().map(|&e| e.min(PROBE)).collect();
        let origin_in = |values: &Set| -> IslResult<Option<Vec<i64>>> {
            let mut lows = Vec::new();
            let mut spans = Vec::new();
            for k in 0..n {
                let Some((lo, hi)) = dim_range(values, k as i32)? else { return Ok(None) };
                lows.push(lo);
                spans.push(hi - lo + 1);
            }
            let centre = interior_point(values, &lows, &spans)?;
            Ok(Some((0..n).map(|k| (centre[k] - PROBE / 2).clamp(lows[k], (lows[k] + spans[k] - PROBE).max(lows[k]))).collect()))
        };
        let Some(band_origin) = origin_in(&values)? else { return Ok(None) };
        let block = |origin: &[i64], widths: &[Option<i64>]| -> IslResult<UnionSet> {
            let mut set = Set::universe(values.get_space()?)?;
            for (k, w) in widths.iter().enumerate() {
                if let Some(w) = w {
                    let (Ok(lo), Ok(hi)) = (i32::try_from(origin[k]), i32::try_from(origin[k] + w - 1)) else { continue };
                    set = set.lower_bound_si(DimType::Set, k as u32, lo)?.upper_bound_si(DimType::Set, k as u32, hi)?;
                }
            }
            Ok(partial.copy()?.intersect_range(UnionSet::from_set(set)?)?.domain()?)
        };
        // The blocks that measure: one point, PROBE along each member, all.
        let mut probes: Vec<Vec<Option<i64>>> = vec![vec![Some(1); n]];
        for k in 0..n {
            let mut w = vec![Some(1); n];
            w[k] = Some(widths[k]);
            probes.push(w);
        }
        // The last, the whole band, is the same from every origin.
        let whole_band = block(&band_origin, &vec![None; n])?;
        // Per distinct origin, its blocks; per statement, its origin's.
        let mut origins: Vec<(Vec<i64>, Vec<UnionSet>)> = Vec::new();
        let mut blocks_of: Vec<usize> = Vec::new();
        // Per statement, the range of its values along each member.
        let mut ranges: Vec<Vec<(i64, i64)>> = Vec::new();
        for s in &statements {
            let own = partial.copy()?.intersect_domain(UnionSet::from_set(s.domain.copy()?)?)?.range()?.get_set_list()?;
            let own = if own.size()? == 1 { Some(own.get_at(0)?) } else { None };
            let mut range: Vec<(i64, i64)> = (0..n).map(|k| (lows[k], lows[k] + extents[k] - 1)).collect();
            let mut origin = band_origin.clone();
            if let Some(own) = &own {
                for (k, r) in range.iter_mut().enumerate() {
                    *r = dim_range(own, k as i32)?.unwrap_or(*r);
                }
                origin = origin_in(own)?.unwrap_or(origin);
            }
            ranges.push(range);
            let at = match origins.iter().position(|o| o.0 == origin) {
                Some(at) => at,
                None => {
                    let mut blocks = probes.iter().map(|p| block(&origin, p)).collect::<IslResult<Vec<_>>>()?;
                    blocks.push(whole_band.copy()?);
                    origins.push((origin, blocks));
                    origins.len() - 1
                }
            };
            blocks_of.push(at);
        }
        let element = |array: &str| -> f64 {
            let ty = scop.arrays.iter().find(|a| a.name == array).map(|a| a.value_type()).unwrap_or_default();
            element_bytes(&ty).unwrap_or(8) as f64
        };
        let footprint = |accesses: &UnionMap, name: &str, blocks: &[UnionSet]| -> IslResult<Option<Footprint>> {
            let mut boxes = Vec::new();
            for b in blocks {
                boxes.push(box_extents(&accesses.copy()?.intersect_domain(b.copy()?)?.range()?, name)?);
            }
            let Some(full) = boxes.last().cloned().flatten() else { return Ok(None) };
            let base = boxes[0].clone().unwrap_or_else(|| vec![1; full.len()]);
            let dims = (0..full.len())
                .map(|a| Extent {
                    base: base[a].max(1) as f64,
                    slope: (0..n)
                        .map(|k| match (&boxes[1 + k], widths[k]) {
                            (Some(e), w) if w > 1 => ((e[a] - base[a]).max(0) as f64) / (w - 1) as f64,
                            _ => 0.0,
                        })
                        .collect(),
                    full: full[a] as f64,
                })
                .collect();
            Ok(Some(Footprint { name: name.to_string(), element_bytes: element(name), dims, written: false, share: vec![1.0; n] }))
        };
        // Accesses of one array whose footprints move alike and overlap
        // around the points where the group's first statement runs, and
        // whose statements both run there (a stencil's neighbours), count
        // once; others (syrk's A[i][k] and A[j][k]; covariance's sums
        // reading `data` and the later statement writing it) apart. Each
        // group keeps its blocks.
        let mut groups: Vec<Group> = Vec::new();
        let share = |range: &[(i64, i64)]| -> Vec<f64> { (0..n).map(|k| ((range[k].1 - range[k].0 + 1) as f64 / extents[k].max(1) as f64).min(1.0)).collect() };
        let mut each: Vec<AccessFootprint> = Vec::new();
        let mut all = UnionMap::empty(partial.get_space()?.params()?)?;
        for ((s, &at), range) in statements.iter().zip(&blocks_of).zip(&ranges) {
            let blocks = &origins[at].1;
            let accesses = s.reads.iter().map(|a| (a, false)).chain(s.writes.iter().map(|a| (a, true)));
            for (a, written) in accesses {
                let relation = UnionMap::from_map(a.relation.copy()?)?;
                all = all.union(relation.copy()?)?;
                let Some(mut f) = footprint(&relation, &a.array, blocks)? else { return Ok(None) };
                if f.dims.is_empty() {
                    continue;
                }
                f.written = written;
                f.share = share(range);
                let injective = relation.copy()?.intersect_domain(blocks[0].copy()?)?.is_injective()?;
                each.push(AccessFootprint { statement: &s.name, footprint: f.clone(), injective });
                let mut merged = false;
                for g in groups.iter_mut().filter(|g| g.footprint.moves_like(&f)) {
                    let theirs = &origins[g.origin].1;
                    if g.origin != at && relation.copy()?.intersect_domain(theirs[0].copy()?)?.is_empty()? {
                        continue;
                    }
                    let union = g.accesses.copy()?.union(relation.copy()?)?;
                    let Some(mut u) = footprint(&union, &a.array, theirs)? else { continue };
                    if u.dims.iter().zip(&g.footprint.dims).zip(&f.dims).all(|((u, g), f)| u.base <= g.base + f.base + PROBE as f64) {
                        u.written = g.footprint.written || written;
                        for (k, r) in g.span.iter_mut().enumerate() {
                            *r = (r.0.min(range[k].0), r.1.max(range[k].1));
                        }
                        u.share = share(&g.span);
                        g.accesses = union;
                        g.footprint = u;
                        merged = true;
                        break;
                    }
                }
                if !merged {
                    groups.push(Group { accesses: relation, footprint: f, origin: at, span: range.clone() });
                }
            }
        }
        // Compulsory traffic: every element the band touches, once.
        let whole = all.intersect_domain(whole_band.copy()?)?.range()?;
        // Of those, the bytes of the arrays it writes.
        let (mut compulsory, mut written) = (0.0, 0.0);
        let mut counted: Vec<&str> = Vec::new();
        for f in groups.iter().map(|g| &g.footprint) {
            if counted.contains(&f.name.as_str()) {
                continue;
            }
            counted.push(&f.name);
            let Some(extents) = box_extents(&whole, &f.name)? else { return Ok(None) };
            let dims = extents.iter().map(|&e| Extent { base: e as f64, slope: vec![0.0; n], full: e as f64 }).collect();
            let bytes = Footprint { dims, ..f.clone() }.bytes(&vec![1.0; n], Lines::PerRun);
            compulsory += bytes;
            if groups.iter().any(|g| g.footprint.name == f.name && g.footprint.written) {
                written += bytes;
            }
        }
        // The statement with most instances, for the lower bounds.
        let mut dominant = None;
        let mut most = 0.0;
        for (s, &count) in statements.iter().zip(&counts) {
            if count > most {
                (most, dominant) = (count, Some(s.name.as_str()));
            }
        }
        // Its instances per point of the band, where they are the same at
        // every point (its instances and the band's values at them form
        // boxes): loops inside the band.
        let mut dominant_values = None;
        let per_point = match statements.iter().find(|s| Some(s.name.as_str()) == dominant) {
            Some(s) => {
                let values = partial.copy()?.intersect_domain(UnionSet::from_set(s.domain.copy()?)?)?.range()?;
                let list = values.get_set_list()?;
                if list.size()? == 1 {
                    dominant_values = Some(list.get_at(0)?);
                }
                let uniform = list.size()? == 1 && model.is_box(&s.domain)? && model.is_box(&list.get_at(0)?)?;
                let k = most / model.count_union(values)?.max(1.0);
                (uniform && k >= 1.0 && k.fract() == 0.0).then_some(k)
            }
            None => None,
        };
        let mut projections = Vec::new();
        for AccessFootprint { footprint: f, injective, .. } in each.iter().filter(|e| Some(e.statement) == dominant) {
            match (f.projection(), per_point) {
                (Some((members, false, false)), _) => projections.push(Projection { array: f.name.clone(), element_bytes: f.element_bytes, members, multiplicity: 1.0 }),
                // An access that spans inner loops: at each of their
                // iterations it is a projection of the band's points moved
                // by a constant. Where only its unmoving dimensions span
                // them and it touches a different element at each, those
                // elements differ between iterations: a set of points
                // touches `per_point` times as many.
                (Some((members, inner, shifted)), Some(k)) => {
                    let multiplicity = if *injective && inner && !shifted { 1.0 / k } else { 1.0 };
                    projections.push(Projection { array: f.name.clone(), element_bytes: f.element_bytes, members, multiplicity })
                }
                _ => {
                    projections.clear();
                    break;
                }
            }
        }
        let projections = merge_companions(projections);
        let mut band = Band { outer, extents, instances, arrays: groups.into_iter().map(|g| g.footprint).collect(), innermost, compulsory, lower_bounds: Vec::new(), registers: None, choice: None };
        // A pair of accesses of one array over members `m1` and `m2` whose
        // points all have `m1 <= m2` or all `m1 >= m2` (syrk's triangle).
        let mut ordered = None;
        if let (Some(values), None | Some(1.0)) = (&dominant_values, per_point) {
            if let Some((m1, m2)) = symmetric_pair(&projections) {
                if let Some((lo, hi)) = difference_range(values, m1, m2)? {
                    if lo >= 0 || hi <= 0 {
                        ordered = Some((m1, m2));
                    }
                }
            }
        }
        // Loads, and the written lines that cannot all stay in the cache
        // at the end (the model counts both: a dirty line goes back out).
        band.lower_bounds = hierarchy
            .levels
            .iter()
            .map(|level| {
                let capacity = level.bytes as f64;
                compulsory.max(projection_bound(&projections, most, per_point.unwrap_or(1.0), n, capacity, ordered)) + (written - capacity).max(0.0)
            })
            .collect();
        Ok(Some(band))
    }

    /// `tiling` of the band's members as a tiling of all members, the
    /// loops around the band first.
    fn with_outer(&self, tiling: &Tiling) -> Tiling {
        let widen = |v: &[i64]| {
            let mut all = vec![1; self.outer];
            all.extend(v);
            all
        };
        let mut order: Vec<usize> = (0..self.outer).collect();
        order.extend(tiling.order.iter().map(|&k| k + self.outer));
        Tiling { sizes: widen(&tiling.sizes), order, outer: tiling.outer.as_deref().map(widen) }
    }

    /// A tiling of all members as one of the band's.
    fn without_outer(&self, tiling: Tiling) -> Tiling {
        Tiling {
            sizes: tiling.sizes[self.outer..].to_vec(),
            order: tiling.order[self.outer..].iter().map(|&k| k - self.outer).collect(),
            outer: tiling.outer.map(|o| o[self.outer..].to_vec()),
        }
    }

    /// The chain of loops of `tiling`, outermost first: the tile loops of
    /// the outer tiles (with a second level), the tile loops, the point
    /// loops.
    fn chain(&self, tiling: &Tiling) -> Vec<ChainLoop> {
        let extent = |k: usize| self.extents[k] as f64;
        let tiles = |k: usize, size: i64| ((self.extents[k] + size - 1) / size) as f64;
        let mut chain = Vec::new();
        if let Some(outer) = &tiling.outer {
            for &k in &tiling.order {
                chain.push(ChainLoop { member: k, tile: true, outer: true, trips: tiles(k, outer[k]), step: outer[k] as f64, span: extent(k) });
            }
        }
        for &k in &tiling.order {
            let (trips, span) = match &tiling.outer {
                Some(_) if k < self.outer => continue,
                Some(outer) => (tiles(k, tiling.sizes[k]) / tiles(k, outer[k]), (outer[k] as f64).min(extent(k))),
                None => (tiles(k, tiling.sizes[k]), extent(k)),
            };
            chain.push(ChainLoop { member: k, tile: true, outer: false, trips, step: tiling.sizes[k] as f64, span });
        }
        let innermost = self.innermost_of(&tiling.order);
        let mut points: Vec<usize> = tiling.order.iter().copied().filter(|&k| k != innermost).collect();
        if points.len() < tiling.order.len() {
            points.push(innermost);
        }
        for k in points.into_iter().filter(|&k| k >= self.outer) {
            let span = (tiling.sizes[k] as f64).min(extent(k));
            chain.push(ChainLoop { member: k, tile: false, outer: false, trips: extent(k) / tiles(k, tiling.sizes[k]), step: 1.0, span });
        }
        chain
    }

    /// The member of the innermost point loop when the tile loops run in
    /// `order` (all members, the loops around the band first).
    fn innermost_of(&self, order: &[usize]) -> usize {
        match &self.choice {
            Some(choice) => {
                let members: Vec<usize> = order.iter().filter(|&&k| k >= self.outer).map(|&k| k - self.outer).collect();
                if members.is_empty() { self.innermost } else { self.outer + choice.pick(&members) }
            }
            None => self.innermost,
        }
    }

    /// Modelled bytes moved into a cache of `capacity` bytes (seed 000
    /// §4.2, with the cache shared out greedily among the arrays).
    pub fn traffic(&self, tiling: &Tiling, level: &Level) -> f64 {
        let tiling = self.with_outer(tiling);
        self.traffic_in(&self.chain(&tiling), level.bytes as f64 * USABLE, false, Lines::PerRun)
    }

    /// Traffic for the loop chain `chain`; with
    /// `relaxed`, every array takes its cheapest level that fits alone
    /// (a lower bound of the shared-out traffic). Never less than the
    /// compulsory traffic: footprints measured around one point of a band
    /// of statements of several shapes can miss elements that only some
    /// of them touch.
    fn traffic_with(&self, chain: &[ChainLoop], level: &Level, relaxed: bool) -> f64 {
        self.traffic_in(chain, level.bytes as f64 * USABLE, relaxed, Lines::PerBlock)
    }

    /// [`Self::traffic_with`] into `capacity` bytes of a cache, all of
    /// them usable, blocks counted as `lines` says.
    fn traffic_in(&self, chain: &[ChainLoop], capacity: f64, relaxed: bool, lines: Lines) -> f64 {
        self.shared_out(chain, capacity, relaxed, lines).max(self.compulsory)
    }

    /// [`Self::traffic_in`] before the compulsory traffic bounds it.
    fn shared_out(&self, chain: &[ChainLoop], capacity: f64, relaxed: bool, lines: Lines) -> f64 {
        let density = self.density();
        // Per array and level: (footprint, traffic).
        let levels = chain.len();
        let table: Vec<Vec<(f64, f64)>> = self
            .arrays
            .iter()
            .map(|f| {
                (0..=levels)
                    .map(|j| {
                        // The innermost j loops run in full.
                        let mut widths = vec![1.0f64; self.extents.len()];
                        for c in &chain[levels - j..] {
                            widths[c.member] = widths[c.member].max(c.span);
                        }
                        let footprint = f.bytes(&widths, lines);
                        if j == levels {
                            return (footprint, footprint);
                        }
                        let q = levels - 1 - j;
                        let front: f64 = chain[..q].iter().map(|c| c.trips).product::<f64>() * density;
                        let c = chain[q];
                        let traffic = footprint * front + f.added(&widths, c.member, c.step, lines) * front * (c.trips - 1.0).max(0.0);
                        // Dirty lines go back out as well.
                        (footprint, traffic * f.moved_per_line() * f.share_over(&chain[..=q]))
                    })
                    .collect()
            })
            .collect();
        // Where not even one point's footprint fits, it streams through
        // the cache point after point.
        let stream = |(t, f): (&Vec<(f64, f64)>, &Footprint)| t[0].1.max(t[0].0 * chain.iter().map(|c| c.trips).product::<f64>() * density * f.share_over(chain));
        if relaxed {
            return table.iter().zip(&self.arrays).map(|(t, f)| t.iter().filter(|l| l.0 <= capacity).map(|l| l.1).fold(stream((t, f)), f64::min)).sum();
        }
        let mut best = f64::INFINITY;
        for common in 0..=levels {
            let mut at = vec![common; table.len()];
            let mut used: f64 = table.iter().map(|t| t[common].0).sum();
            if used > capacity && common > 0 {
                continue;
            }
            if used > capacity {
                at = vec![0; table.len()];
                used = table.iter().map(|t| t[0].0).sum();
            }
            // Raise single arrays while the footprints fit, the largest
            // saving first.
            loop {
                let mut pick = None;
                let mut saving = 0.0;
                for (a, t) in table.iter().enumerate() {
                    for l in at[a] + 1..=levels {
                        let fits = used - t[at[a]].0 + t[l].0 <= capacity;
                        if fits && t[at[a]].1 - t[l].1 > saving {
                            (saving, pick) = (t[at[a]].1 - t[l].1, Some((a, l)));
                        }
                    }
                }
                let Some((a, l)) = pick else { break };
                used += table[a][l].0 - table[a][at[a]].0;
                at[a] = l;
            }
            best = best.min(table.iter().zip(&self.arrays).zip(&at).map(|((t, f), &l)| if t[l].0 <= capacity { t[l].1 } else { stream((t, f)) }).sum());
        }
        best
    }

    /// Band points that run something (a triangle's half, a tetrahedron's
    /// sixth); the loops inside the band's points are inside the
    /// footprint of one point.
    fn density(&self) -> f64 {
        (self.instances / self.extents.iter().map(|&e| e as f64).product::<f64>().max(1.0)).min(1.0)
    }

    /// Modelled cycles of `tiling`: the traffic into every level at its
    /// cost per byte, the instances, the entries into innermost loops and
    /// tiles, and the threads' imbalance over the outermost tile loop.
    pub fn cycles(&self, tiling: &Tiling, hierarchy: &Hierarchy) -> f64 {
        self.cycles_with_outer(&self.with_outer(tiling), hierarchy)
    }

    fn cycles_with_outer(&self, tiling: &Tiling, hierarchy: &Hierarchy) -> f64 {
        let sizes: Vec<f64> = tiling.sizes.iter().map(|&s| s as f64).collect();
        self.cycles_of(&self.chain(tiling), &sizes, &sizes, hierarchy, false)
    }

    /// [`Self::cycles`] from the widths `small` of the footprints and
    /// `large` of the trip counts (with `relaxed`, a lower bound over every
    /// tiling whose sizes lie between the two).
    fn cycles_of(&self, chain: &[ChainLoop], small: &[f64], large: &[f64], hierarchy: &Hierarchy, relaxed: bool) -> f64 {
        let memory: f64 = hierarchy.levels.iter().map(|l| l.cycles_per_byte * self.traffic_with(chain, l, relaxed)).sum();
        let innermost = chain.last().map_or(self.innermost, |c| c.member);
        let inner = large[innermost].min(self.extents[innermost] as f64);
        // Tiles that run something (a triangle's half).
        let tiles: f64 = chain.iter().filter(|c| c.tile).map(|c| c.trips).product::<f64>() * self.density();
        let carried = self.choice.as_ref().is_some_and(|c| innermost >= self.outer && c.carried[innermost - self.outer]);
        let mut per_instance = INSTANCE_CYCLES + LOOP_ENTRY_CYCLES / inner + if carried { CARRIED_INSTANCE_CYCLES } else { 0.0 };
        if let Some(b) = self.registers {
            // Exactly where the tiler makes the blocks; for a bound, the
            // cheaper of the two.
            let divides = |m: usize, by: i64| small[m] as i64 % by == 0;
            let full_tiles = (self.outer..small.len()).all(|m| small[m] <= self.extents[m] as f64);
            if relaxed || (full_tiles && divides(b.rows_member, b.rows) && divides(b.columns_member, b.columns)) {
                let reduction = large[b.reduction].min(self.extents[b.reduction] as f64);
                per_instance = per_instance.min(REGISTER_INSTANCE_CYCLES + REGISTER_BLOCK_CYCLES / reduction);
            }
        }
        let compute = self.instances * per_instance + tiles * TILE_ENTRY_CYCLES;
        // The band's outermost tile loop is the parallel one. Over outer
        // tiles, its slowest thread runs whole outer tiles, the most any
        // thread gets (2mm's 800 rows in outer tiles of 256: 512 rows
        // against 288). Over tiles, the threads' tiles are counted, not
        // their widths: doitgen's tiles of 128 of 160 ran 1.4x faster than
        // balanced ones of 16, whose short innermost loops cost more than
        // the model says.
        let imbalance = match chain.get(self.outer) {
            Some(c) if c.tile && !relaxed => {
                let whole = (c.trips / THREADS).ceil() * THREADS;
                let extent = self.extents[c.member] as f64;
                if c.outer { (whole * c.step.min(extent) / extent).max(1.0) } else { whole / c.trips }
            }
            _ => 1.0,
        };
        (memory + compute) * imbalance
    }

    /// The band whose point loops the tiler orders as `choice` says.
    pub fn with_innermost_choice(self, choice: InnermostChoice) -> Band {
        Band { choice: Some(choice), ..self }
    }

    /// The band whose tiles get the register tiles `block` where their
    /// sizes allow (members numbered within the band).
    pub fn with_registers(self, block: RegisterBlock) -> Band {
        let at = |m: usize| self.outer + m;
        let registers = Some(RegisterBlock { reduction: at(block.reduction), rows_member: at(block.rows_member), columns_member: at(block.columns_member), ..block });
        Band { registers, ..self }
    }

    /// The report of `tiling` on this band.
    pub fn report(&self, statements: Vec<String>, tiling: Tiling, hierarchy: &Hierarchy, why: String) -> BandReport {
        let traffic = hierarchy
            .levels
            .iter()
            .zip(&self.lower_bounds)
            .map(|(l, &bound)| (l.name.clone(), self.traffic(&tiling, l), bound))
            .collect();
        let extents = self.extents[self.outer..].to_vec();
        let cycles = self.cycles(&tiling, hierarchy);
        let innermost = self.innermost_of(&self.with_outer(&tiling).order) - self.outer;
        BandReport { statements, extents, tiling, innermost, sizes_from: "fixed", why, instances: self.instances, cycles, traffic, search: None, least: Vec::new(), band: None, registers: None }
    }

    /// `--tile-sizes=auto`: the tiling of least modelled cycles, its first
    /// tile loop kept outermost (it is the parallel one); gives it with
    /// the search's statistics (evaluated, pruned, seconds).
    pub fn search(&self, hierarchy: &Hierarchy) -> SearchResult {
        let start = Instant::now();
        let n = self.extents.len();
        let candidates: Vec<Vec<i64>> = (0..n)
            .map(|k| {
                let extent = self.extents[k];
                if k < self.outer {
                    return vec![1];
                }
                let mut multiple = if k == self.innermost { hierarchy.inner_multiple } else { 1 };
                let mut largest = i64::MAX;
                if let Some(b) = self.registers {
                    multiple = match k {
                        _ if k == b.columns_member => lcm(multiple, 2 * b.columns),
                        _ if k == b.rows_member => b.rows,
                        _ => multiple,
                    };
                    largest = REGISTER_TILE_MAX;
                }
                let mut sizes: Vec<i64> = CANDIDATE_SIZES.iter().copied().filter(|&s| s <= extent && s <= largest && s % multiple == 0).collect();
                if extent < *CANDIDATE_SIZES.last().unwrap_or(&1) && !sizes.contains(&extent) {
                    sizes.push(extent);
                }
                if sizes.is_empty() {
                    sizes.push(extent.max(1));
                }
                sizes
            })
            .collect();
        let mut search = Search { band: self, objective: Objective::Cycles(hierarchy), candidates, best: None, evaluated: 0, pruned: 0 };
        for order in orders(n - self.outer, true) {
            let order = self.with_outer(&Tiling::new(Vec::new(), order)).order;
            let mut sizes = vec![0; n];
            search.descend(&order, 0, &mut sizes);
        }
        let stats = (search.evaluated, search.pruned, start.elapsed().as_secs_f64());
        let tiling = match search.best {
            Some((_, best)) => self.without_outer(best),
            None => Tiling::new(vec![32; n - self.outer], (0..n - self.outer).collect()),
        };
        (tiling, stats)
    }
}

impl Band {
    /// The least traffic the model gives any one level of tiles into
    /// `level`, at its whole capacity, and the tiling that moves it: seed
    /// 000's upper bound, what its tiling recommendation minimises (one
    /// band of tiles per cache level), to set beside the lower bound.
    /// Tile sizes from [`LEAST_SIZES`], tile loops in any order, no
    /// vector width or threads: data movement only. A reference for
    /// `--report`, not a choice: `auto` weighs every level and the
    /// instances at once ([`Self::search`]).
    pub fn least_traffic(&self, level: &Level) -> (Tiling, f64) {
        let n = self.extents.len();
        let capacity = level.bytes as f64;
        let sizes = LEAST_SIZES[usize::from(n - self.outer > LEAST_FINE_MEMBERS)];
        let candidates = (0..n)
            .map(|k| {
                let extent = self.extents[k].max(1);
                if k < self.outer {
                    return vec![1];
                }
                let mut candidates: Vec<i64> = sizes.iter().copied().filter(|&s| s < extent).collect();
                candidates.push(extent);
                candidates
            })
            .collect();
        // The first incumbent: the band untiled (one tile).
        let whole = self.with_outer(&Tiling::new(self.extents[self.outer..].to_vec(), (0..n - self.outer).collect()));
        let untiled = (self.traffic_in(&self.chain(&whole), capacity, false, Lines::PerRun), whole);
        let mut search = Search { band: self, objective: Objective::Traffic(capacity), candidates, best: Some(untiled.clone()), evaluated: 0, pruned: 0 };
        for order in orders(n - self.outer, false) {
            let order = self.with_outer(&Tiling::new(Vec::new(), order)).order;
            let mut sizes = vec![0; n];
            search.descend(&order, 0, &mut sizes);
        }
        let (traffic, best) = search.best.unwrap_or(untiled);
        (self.without_outer(best), traffic)
    }

    /// `--tile-sizes=auto`'s second level around the one-level `tiling`:
    /// the outer tile sizes (per member, a multiple of its tile size or
    /// its whole extent) of least modelled cycles, tried exhaustively up
    /// to [`MAX_OUTER_EVALUATIONS`]; gives `tiling` with them and the
    /// share of the cycles they save where they are modelled at least
    /// [`SECOND_LEVEL_MARGIN`] cheaper than one level (counted as outer
    /// tiles of one tile, so that the threads share out whole tiles in
    /// both), and the number of combinations evaluated. Only for bands
    /// with no loop around them: inside one (a wavefront's time steps)
    /// the outermost tile loop, the parallel one, runs over a slice of
    /// the band the model does not know, and seidel-2d's outer tiles of
    /// 512 x 16 left its threads 1.6x slower than one level.
    pub fn second_level(&self, tiling: &Tiling, hierarchy: &Hierarchy) -> (Option<(Tiling, f64)>, u64) {
        if self.outer > 0 {
            return (None, 0);
        }
        let n = tiling.sizes.len();
        let extents = &self.extents[self.outer..];
        // Bands of more than nine members cannot try two sizes each.
        let Some(per_member) = (2..=OUTER_FACTORS.len()).rev().find(|&l| l.checked_pow(n as u32).is_some_and(|c| c <= MAX_OUTER_EVALUATIONS)) else {
            return (None, 0);
        };
        let choices: Vec<Vec<i64>> = (0..n)
            .map(|k| {
                let size = tiling.sizes[k];
                let mut outer: Vec<i64> = OUTER_FACTORS.iter().take(per_member).map(|f| f * size).filter(|&o| o < extents[k]).collect();
                if size < extents[k] && outer.len() < per_member {
                    // The whole member, in a multiple of the tile size.
                    outer.push((extents[k] + size - 1) / size * size);
                }
                outer
            })
            .collect();
        let one_level = self.cycles(&Tiling { outer: Some(tiling.sizes.clone()), ..tiling.clone() }, hierarchy);
        let mut best: Option<(f64, Vec<i64>)> = None;
        let mut evaluated = 0;
        let mut pick = vec![0usize; n];
        loop {
            let outer: Vec<i64> = (0..n).map(|k| choices[k].get(pick[k]).copied().unwrap_or(tiling.sizes[k])).collect();
            if outer != tiling.sizes {
                evaluated += 1;
                let cycles = self.cycles(&Tiling { outer: Some(outer.clone()), ..tiling.clone() }, hierarchy);
                if best.as_ref().is_none_or(|b| cycles < b.0) {
                    best = Some((cycles, outer));
                }
            }
            // The next combination, the last member fastest.
            let Some(k) = (0..n).rev().find(|&k| pick[k] + 1 < choices[k].len()) else { break };
            pick[k] += 1;
            pick[k + 1..].iter_mut().for_each(|p| *p = 0);
        }
        let chosen = best.filter(|b| b.0 < one_level * (1.0 - SECOND_LEVEL_MARGIN)).map(|b| (Tiling { outer: Some(b.1), ..tiling.clone() }, 1.0 - b.0 / one_level));
        (chosen, evaluated)
    }
}

/// Tile-loop orders a search tries: with `first_outermost` (the parallel
/// loop), the first member stays outermost and the others take every
/// order; otherwise all members do (bands of up to five members; deeper
/// ones keep their order).
fn orders(n: usize, first_outermost: bool) -> Vec<Vec<usize>> {
    fn permutations(rest: &[usize]) -> Vec<Vec<usize>> {
        if rest.len() <= 1 {
            return vec![rest.to_vec()];
        }
        let mut out = Vec::new();
        for (i, &first) in rest.iter().enumerate() {
            let others: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &m)| m).collect();
            for mut tail in permutations(&others) {
                tail.insert(0, first);
                out.push(tail);
            }
        }
        out
    }
    if n == 0 {
        return vec![Vec::new()];
    }
    if !first_outermost {
        let all: Vec<usize> = (0..n).collect();
        return if n <= 5 { permutations(&all) } else { vec![all] };
    }
    let inner: Vec<usize> = (1..n).collect();
    let tails = if n <= 5 { permutations(&inner) } else { vec![inner] };
    tails.into_iter().map(|mut t| {
        t.insert(0, 0);
        t
    }).collect()
}

/// What a search over tilings minimises.
#[derive(Debug, Clone, Copy)]
enum Objective<'a> {
    /// The modelled cycles ([`Band::cycles`]) on this hierarchy.
    Cycles(&'a Hierarchy),
    /// The bytes moved into a cache of this many bytes, all of them usable.
    Traffic(f64),
}

/// The branch-and-bound search over tile sizes, member by member.
struct Search<'a> {
    band: &'a Band,
    objective: Objective<'a>,
    candidates: Vec<Vec<i64>>,
    best: Option<(f64, Tiling)>,
    evaluated: u64,
    pruned: u64,
}

impl Search<'_> {
    /// Tries every size of member `k` (those before it chosen in `sizes`).
    fn descend(&mut self, order: &[usize], k: usize, sizes: &mut Vec<i64>) {
        if self.evaluated >= MAX_EVALUATIONS {
            return;
        }
        let n = sizes.len();
        if k == n {
            self.evaluated += 1;
            let tiling = Tiling::new(sizes.clone(), order.to_vec());
            let cost = match self.objective {
                Objective::Cycles(hierarchy) => self.band.cycles_with_outer(&tiling, hierarchy),
                Objective::Traffic(capacity) => self.band.traffic_in(&self.band.chain(&tiling), capacity, false, Lines::PerRun),
            };
            if self.best.as_ref().is_none_or(|b| cost < b.0) {
                self.best = Some((cost, tiling));
            }
            return;
        }
        for i in 0..self.candidates[k].len() {
            sizes[k] = self.candidates[k][i];
            if let Some((incumbent, _)) = &self.best {
                if self.bound(order, k, sizes) >= *incumbent {
                    self.pruned += 1;
                    continue;
                }
            }
            self.descend(order, k + 1, sizes);
        }
    }

    /// A lower bound of the objective of every tiling that completes the
    /// sizes chosen for members `..=k`: footprints (which grow with the
    /// sizes) at the least sizes left, trip counts of tile loops at the
    /// largest, of point loops at the least, every array in its cheapest
    /// level that fits alone, no imbalance.
    fn bound(&self, order: &[usize], k: usize, sizes: &[i64]) -> f64 {
        let n = sizes.len();
        let pick = |largest: bool| -> Vec<f64> {
            (0..n)
                .map(|m| match m <= k {
                    true => sizes[m] as f64,
                    false if largest => *self.candidates[m].last().unwrap_or(&1) as f64,
                    false => *self.candidates[m].first().unwrap_or(&1) as f64,
                })
                .collect()
        };
        let (small, large) = (pick(false), pick(true));
        let as_tiling = |s: &[f64]| Tiling::new(s.iter().map(|&v| v as i64).collect(), order.to_vec());
        // Footprints and point loops of the least sizes, tile loops' trip
        // counts of the largest.
        let mut chain = self.band.chain(&as_tiling(&small));
        for (c, l) in chain.iter_mut().zip(self.band.chain(&as_tiling(&large))) {
            if c.tile {
                c.trips = l.trips;
            }
        }
        match self.objective {
            Objective::Cycles(hierarchy) => self.band.cycles_of(&chain, &small, &large, hierarchy, true),
            Objective::Traffic(capacity) => self.band.traffic_in(&chain, capacity, true, Lines::PerRun),
        }
    }
}

/// A point inside `values` (whose box starts at `lows` and spans
/// `extents`), away from its faces: starting from the middle of the box,
/// each member in turn moves to the middle of the values it can take with
/// the others where they are, twice over (the middle of a triangle's box
/// lies on its diagonal face; this point does not).
fn interior_point(values: &Set, lows: &[i64], extents: &[i64]) -> IslResult<Vec<i64>> {
    let n = lows.len();
    let mut point: Vec<i64> = (0..n).map(|k| lows[k] + extents[k] / 2).collect();
    for _ in 0..2 {
        for k in 0..n {
            let mut line = values.copy()?;
            for (m, &v) in point.iter().enumerate() {
                if m != k {
                    let Ok(v) = i32::try_from(v) else { return Ok(point) };
                    line = line.fix_si(DimType::Set, m as u32, v)?;
                }
            }
            if let Some((lo, hi)) = dim_range(&line, k as i32)? {
                point[k] = lo + (hi - lo) / 2;
            }
        }
    }
    Ok(point)
}

/// Per array of `set` named `name`, its extent along each dimension;
/// `None` when the set has no element of it or an unbounded dimension.
fn box_extents(set: &UnionSet, name: &str) -> IslResult<Option<Vec<i64>>> {
    let sets = set.get_set_list()?;
    for i in 0..sets.size()? {
        let s = sets.get_at(i)?;
        if s.get_tuple_name()? != name {
            continue;
        }
        let mut extents = Vec::new();
        for d in 0..s.dim(DimType::Set)? {
            let Some((lo, hi)) = dim_range(&s, d)? else { return Ok(None) };
            extents.push(hi - lo + 1);
        }
        return Ok(Some(extents));
    }
    Ok(None)
}

/// An access of a band's dominant statement that is a coordinate
/// projection of the band's points (see [`Footprint::projection`]), as the
/// lower bounds take it.
#[derive(Debug, Clone, PartialEq)]
struct Projection {
    /// The array (or arrays merged by [`merge_companions`], joined by `+`).
    array: String,
    element_bytes: f64,
    /// The band members it projects the points on, in the order of the
    /// array's dimensions.
    members: Vec<usize>,
    /// Elements touched per element of the projection (see
    /// [`projection_bound`]).
    multiplicity: f64,
}

/// `projections` with the
/// arrays that are accessed over the same sets of members merged into
/// one, named by theirs joined with `+`, whose multiplicities are divided
/// by how many arrays it merges: syr2k's `A` and `B`, each read over `{i,
/// k}` and `{j, k}`. Every point of a set then touches at least as many
/// elements of each of `k` such arrays as its projection has points, so
/// a projection has at most `1/k` of the elements the merged arrays
/// touch, where taken apart each array's share of those elements is
/// free: a bound at least as high, and the pattern of [`symmetric_pair`]
/// where the arrays share it.
fn merge_companions(projections: Vec<Projection>) -> Vec<Projection> {
    // Each array's distinct (members, multiplicity's bits) pairs, sorted.
    type Keys = Vec<(Vec<usize>, u64)>;
    let mut arrays: Vec<(String, Keys)> = Vec::new();
    for p in &projections {
        let key = (p.members.clone(), p.multiplicity.to_bits());
        match arrays.iter_mut().find(|a| a.0 == p.array) {
            Some(a) if !a.1.contains(&key) => a.1.push(key),
            Some(_) => {}
            None => arrays.push((p.array.clone(), vec![key])),
        }
    }
    for a in &mut arrays {
        a.1.sort();
    }
    let mut out = Vec::new();
    let mut merged: Vec<&str> = Vec::new();
    for (name, keys) in &arrays {
        if merged.contains(&name.as_str()) {
            continue;
        }
        let companions: Vec<&str> = arrays.iter().filter(|a| &a.1 == keys).map(|a| a.0.as_str()).collect();
        merged.extend(&companions);
        let k = companions.len() as f64;
        let joined = companions.join("+");
        let element_bytes = projections.iter().filter(|p| companions.contains(&p.array.as_str())).map(|p| p.element_bytes).fold(f64::INFINITY, f64::min);
        out.extend(projections.iter().filter(|p| &p.array == name).map(|p| Projection { array: joined.clone(), element_bytes, members: p.members.clone(), multiplicity: p.multiplicity / k }));
    }
    out
}

/// Two projections of one array (or merged arrays, see
/// [`merge_companions`]) that differ in one member, at the same
/// position (syrk's `A[i][k]` and `A[j][k]`), with one multiplicity,
/// where every other projection is over those two members alone
/// (`C[i][j]`): the two members.
fn symmetric_pair(projections: &[Projection]) -> Option<(usize, usize)> {
    for (a, p) in projections.iter().enumerate() {
        for q in &projections[a + 1..] {
            if p.array != q.array || p.members.len() != q.members.len() || p.multiplicity != q.multiplicity {
                continue;
            }
            let differ: Vec<usize> = (0..p.members.len()).filter(|&d| p.members[d] != q.members[d]).collect();
            let [d] = differ.as_slice() else { continue };
            let (m1, m2) = (p.members[*d], q.members[*d]);
            if q.members.contains(&m1) || p.members.contains(&m2) {
                continue;
            }
            let others = projections.iter().filter(|r| !(r.array == p.array && (r.members == p.members || r.members == q.members)));
            let mut others = others.peekable();
            if others.peek().is_some() && others.all(|r| r.members.len() == 2 && r.members.contains(&m1) && r.members.contains(&m2) && r.multiplicity == 1.0) {
                return Some((m1, m2));
            }
        }
    }
    None
}

/// The least and greatest value of member `m1` less member `m2` over the
/// points of `values` (its parameters fixed).
fn difference_range(values: &Set, m1: usize, m2: usize) -> IslResult<Option<(i64, i64)>> {
    let n = values.dim(DimType::Set)?.max(0) as usize;
    let names: Vec<String> = (0..n).map(|k| format!("x{k}")).collect();
    let text = format!("{{ [{}] -> [x{m1} - x{m2}] }}", names.join(", "));
    let parameters = values.dim(DimType::Param)?.max(0) as u32;
    let difference = values.copy()?.project_out(DimType::Param, 0, parameters)?.reset_tuple_id()?.apply(isl_rs::Map::read_from_str(&values.get_ctx(), &text)?)?;
    dim_range(&difference, 0)
}

/// The lower bound on bytes moved into a cache of `capacity` bytes by a
/// statement of `instances` instances, `per_point` at each point of an
/// `n`-member band, whose accesses are the coordinate projections
/// `projections` (each of multiplicity `m`) of the band's points; 0 where they are not all projections or give
/// nothing above the compulsory traffic.
///
/// By the Brascamp-Lieb inequality for coordinate projections, a set `P`
/// of points satisfies `|P| <= Π_j |π_j(P)|^(s_j)` for any exponents
/// `s_j >= 0` that cover every member (`Σ_{j ∋ k} s_j >= 1`). An access
/// of multiplicity `m` touches at least `|π_j(P)| / m` elements: `1/per_point`
/// where it touches a different element at each instance of a point (a
/// convolution's weights, one per kernel offset), else 1 (for each
/// iteration of the loops inside the band, the elements touched are
/// `π_j(P)` moved by a constant). Grouped by array, with `X` elements of
/// data in all, the most instances `P` can run is `χ(X) = per_point Π_j
/// m_j^(s_j) c X^σ` (`σ = Σ s_j`, `c = Π_A (t_A/σ)^(t_A)` for the
/// exponent `t_A` of array `A`). The partitioning argument (seed 001): a
/// part of the execution that moves `X - S` elements into a cache of `S`
/// computes at most `χ(X)` instances, so the whole moves at least
/// `instances (X - S) / χ(X)`, largest at `X = σ S / (σ - 1)`. Exponents
/// are tried in halves. For a 3 x 3 convolution this is the matrix
/// product's bound over `√9`.
///
/// Where the accesses are those of [`symmetric_pair`], `A` over members
/// `S ∪ {m1}` and `S ∪ {m2}` and the others over `{m1, m2}`, and every
/// point has `m1 >= m2` (or every one `<=`: `ordered`), exponents of one
/// half on the pair and one half in all on the others give `χ` a factor
/// `1/√2`: for each value of `S`, the points take pairs `(m1, m2)` of `r`
/// rows of `A`, at most `r (r + 1) / 2` of them, and at most `c`, the
/// elements of the other projection; `min(c, r²/2) <= r √(c/2)`, summed
/// over the values of `S`, gives `|P| <= √(c/2) X_A` (to leading order:
/// the `r/2` is dropped, as the bound drops lower-order terms). Syrk's
/// bound rises by `√2`, to `1/√2` of a matrix product's of as many
/// instances. The same holds for merged arrays (syr2k's `A+B`): a pair
/// needs its two rows of each.
fn projection_bound(projections: &[Projection], instances: f64, per_point: f64, n: usize, capacity: f64, ordered: Option<(usize, usize)>) -> f64 {
    if projections.is_empty() || projections.len() > 6 {
        return 0.0;
    }
    let bytes = projections.iter().map(|p| p.element_bytes).fold(f64::INFINITY, f64::min);
    let s = capacity / bytes;
    let mut best = 0.0f64;
    let choices = 3usize.pow(projections.len() as u32);
    for code in 0..choices {
        let exponents: Vec<f64> = (0..projections.len()).map(|j| (code / 3usize.pow(j as u32) % 3) as f64 / 2.0).collect();
        let covered = (0..n).all(|k| projections.iter().zip(&exponents).filter(|(p, _)| p.members.contains(&k)).map(|(_, e)| e).sum::<f64>() >= 1.0);
        let sigma: f64 = exponents.iter().sum();
        if !covered || sigma <= 1.0 {
            continue;
        }
        let mut per_array: Vec<(&str, f64)> = Vec::new();
        for (p, e) in projections.iter().zip(&exponents) {
            match per_array.iter_mut().find(|a| a.0 == p.array) {
                Some(a) => a.1 += e,
                None => per_array.push((&p.array, *e)),
            }
        }
        let c: f64 = per_array.iter().filter(|a| a.1 > 0.0).map(|a| (a.1 / sigma).powf(a.1)).product();
        let mut c = c * per_point * projections.iter().zip(&exponents).map(|(p, e)| p.multiplicity.powf(*e)).product::<f64>();
        if let Some((m1, m2)) = ordered {
            let in_pair = |p: &Projection| p.members.len() != 2 || !(p.members.contains(&m1) && p.members.contains(&m2));
            let half = |e: f64| (e - 0.5).abs() < 1e-9;
            let on_pair: Vec<f64> = projections.iter().zip(&exponents).filter(|(p, _)| in_pair(p)).map(|(_, &e)| e).collect();
            let on_others: f64 = projections.iter().zip(&exponents).filter(|(p, _)| !in_pair(p)).map(|(_, &e)| e).sum();
            if on_pair.len() == 2 && on_pair.iter().all(|&e| half(e)) && half(on_others) {
                c /= 2f64.sqrt();
            }
        }
        let x = sigma * s / (sigma - 1.0);
        let moved = instances * (x - s) / (c * x.powf(sigma));
        best = best.max(moved * bytes);
    }
    best
}

/// The least common multiple of two positive integers.
pub fn lcm(a: i64, b: i64) -> i64 {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    a / gcd(a, b) * b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn projection(array: &str, element_bytes: f64, members: Vec<usize>, multiplicity: f64) -> Projection {
        Projection { array: array.to_string(), element_bytes, members, multiplicity }
    }

    #[test]
    fn matrix_product_bound_is_the_classical_one() {
        // C[i][j] += A[i][k] * B[k][j]: 2 N^3 / sqrt(S) elements.
        let p = |a: &str, m: Vec<usize>| projection(a, 8.0, m, 1.0);
        let projections = vec![p("C", vec![0, 1]), p("A", vec![0, 2]), p("B", vec![2, 1])];
        let n3 = 1000.0f64.powi(3);
        let s = 4096.0;
        let bound = projection_bound(&projections, n3, 1.0, 3, s * 8.0, None) / 8.0;
        let classical = 2.0 * n3 / s.sqrt();
        assert!((bound - classical).abs() < 1e-6 * classical, "{bound} against {classical}");
    }

    #[test]
    fn convolution_bound_is_the_product_s_over_the_kernel_s_root() {
        // out[f][y][x] += w[f][c][h][x'] * in[c][y + h][x + x'], a band
        // over f, y, x, c with 3 x 3 kernel offsets inside: one weight per
        // offset (multiplicity 1/9), the image moved by each offset.
        let p = |a: &str, m: Vec<usize>, multiplicity: f64| projection(a, 4.0, m, multiplicity);
        let projections = vec![p("out", vec![0, 1, 2], 1.0), p("w", vec![0, 3], 1.0 / 9.0), p("in", vec![3, 1, 2], 1.0)];
        let points = 256.0 * 68.0 * 68.0 * 128.0;
        let s = 8192.0;
        let bound = projection_bound(&projections, 9.0 * points, 9.0, 4, s * 4.0, None) / 4.0;
        let expected = 2.0 * 9.0 * points / (3.0 * s.sqrt());
        assert!((bound - expected).abs() < 1e-6 * expected, "{bound} against {expected}");
    }

    #[test]
    fn a_symmetric_rank_update_s_bound_counts_its_triangle() {
        // C[i][j] += A[i][k] * A[j][k] over j <= i: the pair of A's
        // accesses and C's read and write, over i, j, k.
        let p = |a: &str, m: Vec<usize>| projection(a, 8.0, m, 1.0);
        let projections = vec![p("C", vec![0, 1]), p("C", vec![0, 1]), p("A", vec![0, 2]), p("A", vec![1, 2])];
        assert_eq!(symmetric_pair(&projections), Some((0, 1)));
        assert_eq!(symmetric_pair(&[p("C", vec![0, 1]), p("A", vec![0, 2]), p("B", vec![1, 2])]), None);
        let instances = 1200.0 * 1201.0 / 2.0 * 1000.0;
        let s = 6144.0;
        let loose = projection_bound(&projections, instances, 1.0, 3, s * 8.0, None) / 8.0;
        let triangle = projection_bound(&projections, instances, 1.0, 3, s * 8.0, Some((0, 1))) / 8.0;
        // Unordered: half a matrix product's 2 |V| / √S; on the triangle,
        // √2 more.
        assert!((loose - instances / s.sqrt()).abs() < 1e-6 * loose, "{loose}");
        assert!((triangle - 2f64.sqrt() * loose).abs() < 1e-6 * triangle, "{triangle} against {loose}");
    }

    #[test]
    fn a_symmetric_rank_2k_update_merges_its_two_arrays() {
        // C[i][j] += A[j][k] * B[i][k] + B[j][k] * A[i][k] over j <= i.
        let p = |a: &str, m: Vec<usize>| projection(a, 8.0, m, 1.0);
        let projections = vec![p("C", vec![0, 1]), p("A", vec![1, 2]), p("B", vec![0, 2]), p("B", vec![1, 2]), p("A", vec![0, 2]), p("C", vec![0, 1])];
        let merged = merge_companions(projections.clone());
        let names: Vec<(&str, f64)> = merged.iter().map(|q| (q.array.as_str(), q.multiplicity)).collect();
        assert_eq!(names, vec![("C", 1.0), ("C", 1.0), ("A+B", 0.5), ("A+B", 0.5)]);
        assert_eq!(symmetric_pair(&projections), None);
        assert_eq!(symmetric_pair(&merged), Some((1, 0)));
        // A matrix product's arrays are over different members: unmerged.
        let gemm = vec![p("C", vec![0, 1]), p("A", vec![0, 2]), p("B", vec![2, 1])];
        assert_eq!(merge_companions(gemm.clone()), gemm);
        let instances = 1200.0 * 1201.0 / 2.0 * 1000.0;
        let s = 6144.0;
        let bound = |projections: &[Projection], ordered| projection_bound(projections, instances, 1.0, 3, s * 8.0, ordered) / 8.0;
        // Apart or merged, twice syrk's unordered bound (twice the data
        // per instance); on the triangle, √2 more.
        let (apart, together, triangle) = (bound(&projections, None), bound(&merged, None), bound(&merged, Some((1, 0))));
        assert!((apart - 2.0 * instances / s.sqrt()).abs() < 1e-6 * apart, "{apart}");
        assert!((together - apart).abs() < 1e-6 * apart, "{together} against {apart}");
        assert!((triangle - 2f64.sqrt() * apart).abs() < 1e-6 * triangle, "{triangle} against {apart}");
    }

    #[test]
    fn cache_sizes_parse_with_units() {
        let h = Hierarchy::parse("48K,1M,32M").expect("valid sizes");
        assert_eq!(h.levels.iter().map(|l| l.bytes).collect::<Vec<_>>(), vec![48 << 10, 1 << 20, 32 << 20]);
        assert_eq!(Hierarchy::parse("48K,,1M"), None);
        assert_eq!(Hierarchy::parse("0"), None);
    }
}
