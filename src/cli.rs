//! The command line: iotile's contract with its users (DESIGN.md §2).
//!
//! Every option of the contract is parsed here, so that scripts written
//! against the full interface get a clear answer today: options whose stage
//! does not exist yet are rejected by [`Cli::unavailable`] with a message
//! that says so, rather than silently ignored.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::back::Target;
use crate::schedule::Fusion;
use crate::model::io::Hierarchy;
use crate::transform::tile::Isolate;

/// The L2 cache the I/O model assumes on CUDA (an H100's 50 MiB).
const GPU_L2_BYTES: u64 = 50 << 20;

/// Which schedule `--reschedule` generates a region with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Reschedule {
    /// The one the cost model predicts fastest: the new schedule, the
    /// original order with its parallel loops marked, or the original order.
    #[default]
    Model,
    /// The new schedule, whatever the model predicts (for testing the
    /// transformations).
    Always,
    /// The original order, with its parallel loops marked (the floor).
    Never,
}

/// Which stages `--inline` substitutes into the statements that read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Inline {
    /// Pointwise stages of intermediates nothing reads after the region
    /// (see `transform::inline`).
    #[default]
    Pointwise,
    /// None.
    None,
}

/// When `--expand` gives temporaries one copy per iteration of their
/// outer loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Expand {
    /// Where the cost model predicts the expanded region faster (see
    /// `transform::expand`).
    #[default]
    Auto,
    /// Wherever an array can be expanded (for testing the transformation).
    Always,
    /// Never.
    Never,
}

/// Format of `--report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Human-readable text.
    Text,
    /// Machine-readable JSON.
    Json,
}

/// iotile: a polyhedral source-to-source compiler for `#pragma scop` regions of C.
#[derive(Debug, Parser)]
#[command(name = "iotile", version, about, after_help = AFTER_HELP)]
pub struct Cli {
    /// Input C file.
    #[arg(value_name = "INPUT.c")]
    pub inputs: Vec<PathBuf>,

    /// Output file (standard output when omitted or `-`).
    #[arg(short = 'o', value_name = "OUTPUT")]
    pub output: Option<PathBuf>,

    /// Output language [default: cuda for .cu outputs or with --kernels, otherwise openmp].
    #[arg(long, value_enum)]
    pub target: Option<Target>,

    /// CUDA: write the kernels to FILE, a CUDA file of their own for nvcc, and keep the output C for the host compiler (for C that is not valid C++).
    #[arg(long, value_name = "FILE.cu")]
    pub kernels: Option<PathBuf>,

    /// Define a preprocessor macro (as gcc -D).
    #[arg(short = 'D', value_name = "NAME[=VAL]")]
    pub defines: Vec<String>,

    /// Add an include directory for the preprocessor (as gcc -I).
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<String>,

    /// Undefine a preprocessor macro (as gcc -U).
    #[arg(short = 'U', value_name = "NAME")]
    pub undefines: Vec<String>,

    /// C standard for the preprocessor (written -std=c99, as for gcc).
    #[arg(long = "std", value_name = "STD")]
    pub std: Option<String>,

    /// Extra constraints on the parameters, in isl notation ('[n] -> { : n >= 8 }').
    #[arg(long, value_name = "SET")]
    pub ctx: Option<String>,

    /// Tile every band with this size.
    #[arg(long, value_name = "N")]
    pub tile_size: Option<u32>,

    /// Tile sizes per band member (a,b,c); per band, separated by ';' (a,b;c,d,e); or 'auto' for the I/O model's (the default on the CPU; 32 on CUDA).
    #[arg(long, value_name = "LIST")]
    pub tile_sizes: Option<String>,

    /// Register tiles inside full tiles of three or more loops (matrix products): ROWS,COLUMNS iterations (COLUMNS of the innermost loop), or none (default: 4,16; none on CUDA).
    #[arg(long, value_name = "ROWS,COLUMNS")]
    pub register_tiles: Option<String>,

    /// Cache capacities the I/O model counts traffic into, innermost first (48K,1M,32M; default: this CPU's data caches).
    #[arg(long, value_name = "SIZES")]
    pub cache_sizes: Option<String>,

    /// Second tiling level: tile the tile loops again, N tiles per outer tile along each member, or auto for the I/O model's outer sizes where it predicts a gain (default: one level).
    #[arg(long, value_name = "N|auto")]
    pub l2_tile_factor: Option<String>,

    /// Generate full tiles apart from partial ones, with constant loop bounds: in every tiled band (always), in bands of three or more members (deep, the default), or nowhere (never).
    #[arg(long, value_enum, value_name = "WHERE", num_args = 0..=1, default_missing_value = "always", require_equals = true)]
    pub isolate_full_tiles: Option<Isolate>,

    /// Do not tile.
    #[arg(long)]
    pub no_tile: bool,

    /// CUDA: threads per block along x,y,z where a block runs a tile (default 32,4,4; at most 1024 in all); per kernel with ';' (32,4;16,16: the first kernel that runs tiles, then the others of the region).
    #[arg(long, value_name = "X,Y,Z[;X,Y,Z...]")]
    pub block_sizes: Option<String>,

    /// CUDA: the most shared memory the buffers of one kernel take, in bytes (a K suffix: KiB; default 48K).
    #[arg(long, value_name = "BYTES")]
    pub max_shared_memory: Option<String>,

    /// Fusion heuristic.
    #[arg(long, value_enum)]
    pub fusion: Option<Fusion>,

    /// Substitute pointwise stages that write arrays nothing reads after the region into the statements that read them (pointwise, the default where regions are rescheduled), or keep every stage (none).
    #[arg(long, value_enum, value_name = "WHICH")]
    pub inline: Option<Inline>,

    /// OpenMP: give an array whose values never pass between iterations of its outer loops one copy per iteration (doitgen's sum), where the cost model predicts the region faster so (auto), wherever it can (always), or never.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub expand: Option<Expand>,

    /// Which schedule a region gets: the one the cost model predicts fastest (model: the new schedule, or the original order with its parallel loops marked, or the original order), the new one (always: for testing the transformations), or the original order with its parallel loops marked (never).
    #[arg(long, value_enum, value_name = "WHEN")]
    pub reschedule: Option<Reschedule>,

    /// Keep a region that cannot be handled unchanged, with a warning.
    #[arg(long)]
    pub fallback: bool,

    /// Report per region: statements, dependences, schedule, tiles, modelled I/O.
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "text", require_equals = true)]
    pub report: Option<ReportFormat>,

    /// Print the polyhedral model of each region (isl notation).
    #[arg(long)]
    pub dump_scop: bool,

    /// Print the schedule tree used for each region.
    #[arg(long)]
    pub dump_schedule: bool,

    /// Print the dependences of each region.
    #[arg(long)]
    pub dump_deps: bool,

    /// Print the wall-clock time of each stage of each region on stderr.
    #[arg(long)]
    pub time_report: bool,

    /// Write the schedule of each region to FILE (regions separated by blank lines).
    #[arg(long, value_name = "FILE")]
    pub save_schedule: Option<PathBuf>,

    /// Use the schedules in FILE (as --save-schedule writes them) instead of computing them; each is checked against the dependences.
    #[arg(long, value_name = "FILE")]
    pub load_schedule: Option<PathBuf>,

    /// Bound on isl operations per region (0: unbounded).
    #[arg(long, value_name = "N", default_value_t = crate::DEFAULT_MAX_OPERATIONS)]
    pub max_operations: u64,

    /// Limit in seconds of CPU time on building each region's model, on
    /// computing its new schedule, on generating its code and on checking
    /// that code (0: unbounded); a region whose schedule or code takes
    /// longer keeps its original order (or its code untiled), with a
    /// warning, as does one whose attempts at tiled code take longer in
    /// all; code whose check takes longer is used unchecked; a region
    /// whose model takes longer is rejected like unsupported code
    #[arg(long, value_name = "S", default_value_t = crate::DEFAULT_MAX_SECONDS)]
    pub max_seconds: u64,

    /// Driver mode: translate, then compile with COMPILER (bare --cc: $IOTILE_CC, else cc).
    #[arg(long, value_name = "COMPILER")]
    pub cc: Option<String>,

    /// Driver mode: keep translated sources as <stem>.iotile.c beside the output.
    #[arg(long)]
    pub keep: bool,

    /// Print each command run.
    #[arg(short = 'v')]
    pub verbose: bool,
}

const AFTER_HELP: &str = "\
Driver mode:  iotile --cc=COMPILER [--keep] [compiler flags] [-c] FILES... [-o OUT]
              Every other argument goes to COMPILER; -D/-I/-U/-std also to iotile.
Exit status:  0 on success, 1 on a diagnosed error.";

impl Cli {
    /// Parses the command line; gcc's single-dash `-std=` is accepted.
    pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
        let args = args.into_iter().map(|a| match a.to_str() {
            Some(s) if s.starts_with("-std=") => OsString::from(format!("-{s}")),
            _ => a,
        });
        Cli::try_parse_from(args)
    }

    /// The target: `--target`, else CUDA with `--kernels` or for a `.cu`
    /// output, else OpenMP.
    pub fn target(&self) -> Target {
        self.target.unwrap_or_else(|| match self.output.as_ref().and_then(|o| o.extension()) {
            _ if self.kernels.is_some() => Target::Cuda,
            Some(e) if e == "cu" => Target::Cuda,
            _ => Target::Openmp,
        })
    }

    /// The scheduling plan: with OpenMP or CUDA, or with explicit
    /// fusion/tiling options, reschedule and tile (32 by default); plain
    /// `--target=c` keeps the original schedule.
    pub fn schedule_plan(&self) -> Result<Option<crate::SchedulePlan>, crate::diag::Diagnostic> {
        let asked = self.fusion.is_some()
            || self.tile_size.is_some()
            || self.tile_sizes.is_some()
            || self.no_tile
            || self.reschedule.is_some()
            || self.l2_tile_factor.is_some()
            || self.isolate_full_tiles.is_some()
            || self.register_tiles.is_some()
            || self.inline.is_some()
            || self.expand.is_some();
        if self.target() == Target::C && !asked {
            return Ok(None);
        }
        if self.tile_size == Some(0) {
            return Err(crate::diag::Diagnostic::error("--tile-size must be positive"));
        }
        let (second_level, outer_auto) = match self.l2_tile_factor.as_deref() {
            None => (None, false),
            Some("auto") => (None, true),
            Some(text) => match text.trim().parse::<i64>() {
                Ok(factor) if factor > 0 => (Some(factor), false),
                _ => return Err(crate::diag::Diagnostic::error(format!("--l2-tile-factor expects a positive integer or auto, not '{text}'"))),
            },
        };
        // The I/O model's sizes by default on the CPU: over PolyBench at
        // LARGE (2 threads) they ran 1.03x faster in geometric mean than
        // fixed 32 (register tiles in both), none of the 30 kernels below
        // 0.93x. CUDA keeps 32 (not measured on a GPU).
        let asked_sizes = self.tile_size.is_some() || self.tile_sizes.is_some();
        let auto = self.tile_sizes.as_deref() == Some("auto") || (!asked_sizes && self.target() != Target::Cuda);
        let tile_sizes = if self.no_tile {
            vec![]
        } else if auto {
            vec![vec![32]]
        } else if let Some(list) = &self.tile_sizes {
            let band = |b: &str| b.split(',').map(|s| s.trim().parse::<i64>().ok().filter(|v| *v > 0)).collect::<Option<Vec<_>>>();
            list.split(';').map(band).collect::<Option<Vec<_>>>().ok_or_else(|| {
                crate::diag::Diagnostic::error(format!(
                    "--tile-sizes expects positive integers separated by commas, bands separated by ';' (32,32;16,16,16), not '{list}'"
                ))
            })?
        } else {
            vec![vec![self.tile_size.map_or(32, i64::from)]]
        };
        // Register tiles by default on the CPU: they change only the
        // bands that get them (matrix products, rank-k updates,
        // covariances), which ran 1.3 to 1.5 times faster with them.
        let registers = match self.register_tiles.as_deref() {
            None if self.target() != Target::Cuda => Some(crate::transform::tile::RegisterTiles::AUTO),
            None | Some("none") => None,
            Some(text) => {
                let sizes: Option<Vec<i64>> = text.split(',').map(|s| s.trim().parse::<i64>().ok().filter(|v| *v > 0)).collect();
                match sizes.as_deref() {
                    Some(&[rows, columns]) => Some(crate::transform::tile::RegisterTiles { rows, columns }),
                    _ => return Err(crate::diag::Diagnostic::error(format!("--register-tiles expects two positive integers separated by a comma (4,16), or none, not '{text}'"))),
                }
            }
        };
        // Post-tiling fusion is the default on both targets, where it
        // keeps intermediates in tile-local buffers (elsewhere smart
        // fusion's schedule is used): on an H200 it ran the image
        // pipelines 1.1 to 22 times faster than smart fusion, whose
        // separate stages stream whole images through global memory.
        let liveout_by_default = self.fusion.is_none() && matches!(self.target(), Target::Openmp | Target::Cuda);
        let hierarchy = self.hierarchy()?;
        let io = (auto || outer_auto || self.report.is_some()).then_some(crate::transform::tile::IoOptions { hierarchy, auto, outer: outer_auto, least: self.report.is_some(), searches: Default::default() });
        Ok(Some(crate::SchedulePlan {
            io,
            inline: self.inline.unwrap_or_default() == Inline::Pointwise,
            expand: self.expand.unwrap_or_default(),
            fusion: self.fusion.unwrap_or(if liveout_by_default { Fusion::Liveout } else { Fusion::Smart }),
            smart_unless_fused: liveout_by_default,
            tile_sizes,
            default_sizes: !asked_sizes,
            second_level,
            isolate_full_tiles: self.isolate_full_tiles.unwrap_or(Isolate::Deep),
            registers,
            // The cost model predicts CPU run times; on the GPU the new
            // schedule's parallel loops are what gets mapped.
            reschedule: self.reschedule.unwrap_or(if self.target() == Target::Cuda { Reschedule::Always } else { Reschedule::Model }),
        }))
    }

    /// The memory levels of the I/O model: on CUDA a block's shared memory
    /// and the L2 cache; on the CPU `--cache-sizes`, else this CPU's data
    /// caches.
    pub fn hierarchy(&self) -> Result<Hierarchy, crate::diag::Diagnostic> {
        if self.target() == Target::Cuda {
            return Ok(Hierarchy::gpu(self.mapping()?.shared_memory, GPU_L2_BYTES));
        }
        match &self.cache_sizes {
            None => Ok(Hierarchy::of_this_cpu()),
            Some(text) => Hierarchy::parse(text).ok_or_else(|| {
                crate::diag::Diagnostic::error(format!("--cache-sizes expects one to four positive sizes in bytes, innermost first, with K, M or G suffixes (48K,1M,32M), not '{text}'"))
            }),
        }
    }

    /// The GPU mapping: `--block-sizes` and `--max-shared-memory`, else the
    /// defaults.
    pub fn mapping(&self) -> Result<crate::back::cuda::Mapping, crate::diag::Diagnostic> {
        let mut mapping = crate::back::cuda::Mapping::default();
        if let Some(text) = &self.max_shared_memory {
            let (digits, unit) = match text.strip_suffix(['K', 'k']) {
                Some(d) => (d, 1024),
                None => (text.as_str(), 1),
            };
            let bytes = digits.trim().parse::<u64>().ok().and_then(|v| v.checked_mul(unit));
            mapping.shared_memory = bytes.ok_or_else(|| {
                crate::diag::Diagnostic::error(format!("--max-shared-memory expects a number of bytes, with K for KiB (48K), not '{text}'"))
            })?;
        }
        let Some(list) = &self.block_sizes else { return Ok(mapping) };
        let bad = || crate::diag::Diagnostic::error(format!("--block-sizes expects one to three positive integers separated by commas, at most 1024 threads in all, kernels separated by ';' (32,4;16,16), not '{list}'"));
        let kernel = |k: &str| -> Option<Vec<u32>> {
            let sizes: Vec<u32> = k.split(',').map(|s| s.trim().parse::<u32>().ok().filter(|v| *v > 0)).collect::<Option<_>>()?;
            let fits = sizes.len() <= 3 && sizes.iter().map(|&v| u64::from(v)).product::<u64>() <= 1024;
            // Dimensions not given have one thread.
            fits.then(|| (0..3).map(|d| sizes.get(d).copied().unwrap_or(1)).collect())
        };
        mapping.threads = list.split(';').map(kernel).collect::<Option<_>>().ok_or_else(bad)?;
        Ok(mapping)
    }

    /// Options that cannot go together, each with why.
    pub fn unavailable(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.kernels.is_some() && self.target() != Target::Cuda {
            out.push(format!("--kernels writes CUDA kernels: it cannot go with --target={}", self.target()));
        }
        out
    }
}
