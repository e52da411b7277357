//! iotile: a source-to-source polyhedral compiler for `#pragma scop` regions of C.
//!
//! # Pipeline
//!
//! ```text
//! C text --front----> Scop (one per #pragma scop region)
//!        --deps-----> Dependences
//!        --schedule-> isl schedule tree (isl scheduler)
//!        --transform> tiled tree with parallel marks (kept only if the
//!                     cost model in `model` predicts no loss and
//!                     `legality` finds it computes what the original does)
//!        --ast------> isl AST of the region's schedule
//!        --back-----> C text, spliced into the untouched original file
//! ```
//!
//! Each arrow is one module and each value between them is a documented
//! type: [`front::SourceFile`] holds the regions and their [`scop::Scop`]s,
//! [`deps::Dependences`] the dataflow, [`ast::RegionAst`] the generated
//! AST, and the back end returns text. With `--target=c` the middle stages
//! are skipped and the output is the input regenerated from its polyhedral
//! representation. Fusion after tiling, data reuse and the I/O side of the
//! model are still to come (see ARCHITECTURE.md).
//!
//! All `unsafe` code lives in [`isl`]. Errors the user can act on are
//! [`diag::Diagnostic`]s; nothing in the pipeline panics on bad input.

pub mod ast;
pub mod back;
pub mod cli;
pub mod deps;
pub mod diag;
pub mod driver;
pub mod front;
pub mod interrupt;
pub mod isl;
pub mod legality;
pub mod marks;
pub mod model;
pub mod report;
pub mod schedule;
pub mod scop;
pub mod timing;
pub mod transform;

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;

use cli::Cli;
use diag::Diagnostic;
use front::{FrontOptions, PreprocessorFlags, SourceFile};
use isl::{IslText, Session};
use timing::StageTimes;

/// Runs iotile with `args` (program name first); gives the exit status.
///
/// This is the `iotile` executable's entry point, and only that: it runs
/// isl's scheduler, and driver mode each translation, in children started
/// from the running executable (see [`schedule::process`] and
/// [`driver`]), which must therefore be `iotile` itself.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let args: Vec<OsString> = args.into_iter().collect();
    if args.get(1).is_some_and(|a| a == schedule::process::WORKER_ARGUMENT) {
        return schedule::process::serve();
    }
    if args.get(1).is_some_and(|a| a == driver::TRANSLATE_ARGUMENT) {
        return driver::serve_translation(&args[2..]);
    }
    interrupt::install();
    interrupt::unless_interrupted(run_watched(args))
}

/// [`run`] once the signals are watched.
fn run_watched(args: Vec<OsString>) -> i32 {
    if driver::is_driver_mode(&args[1.min(args.len())..]) {
        return driver::run(&args[1..]);
    }
    let cli = match Cli::parse_args(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    match translate(&cli) {
        Ok(()) => 0,
        Err(Reported) => 1,
    }
}

/// The error of a step whose diagnostics are already printed on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reported;

/// Translates the single input of `cli`; diagnostics are printed on stderr.
fn translate(cli: &Cli) -> Result<(), Reported> {
    let fail = |d: Diagnostic| {
        eprint!("{}", d.render(None));
        Reported
    };
    let unavailable = cli.unavailable();
    if !unavailable.is_empty() {
        for u in unavailable {
            fail(Diagnostic::error(u));
        }
        return Err(Reported);
    }
    let input = match cli.inputs.as_slice() {
        [one] => one,
        [] => return Err(fail(Diagnostic::error("no input file"))),
        _ => return Err(fail(Diagnostic::error("several input files given; translate one file at a time, or compile several with driver mode (--cc)"))),
    };
    let options = FrontOptions {
        preprocessor: PreprocessorFlags {
            defines: cli.defines.clone(),
            undefines: cli.undefines.clone(),
            include_dirs: cli.include_dirs.clone(),
            std: cli.std.clone(),
            other: Vec::new(),
        },
        user_context: cli.ctx.clone(),
        device_code: cli.target() == back::Target::Cuda,
    };
    let session = Session::new(cli.max_operations, cli.max_seconds).with_scheduler_process(std::env::current_exe().ok());
    if let Some(text) = &cli.ctx {
        if isl_rs::Set::read_from_str(session.ctx(), text).is_err() {
            return Err(fail(Diagnostic::error(format!(
                "cannot parse --ctx '{text}': expected a parameter set in isl notation, e.g. '[n] -> {{ : n >= 16 }}'"
            ))));
        }
    }
    let times = StageTimes::default();
    let file = times.time(None, "front", || front::parse_file(&session, input, &options)).map_err(|d| {
        // A span points into the original text; re-read it for the excerpt.
        let text = std::fs::read(input).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
        eprint!("{}", d.render(Some((&input.to_string_lossy(), &text))));
        Reported
    })?;
    let options = GenerateOptions {
        target: cli.target(),
        plan: cli.schedule_plan().map_err(fail)?,
        dump_deps: cli.dump_deps,
        fallback: cli.fallback,
        dump_scop: cli.dump_scop,
        dump_schedule: cli.dump_schedule,
        save_schedule: cli.save_schedule.clone(),
        loaded_schedules: match &cli.load_schedule {
            Some(path) => Some(read_schedules(path).map_err(fail)?),
            None => None,
        },
        separate_kernels: cli.kernels.is_some(),
        mapping: cli.mapping().map_err(fail)?,
        report: cli.report.is_some(),
        line_markers: None,
    };
    let output = generate_file(&session, &file, &options, &times);
    if cli.time_report {
        eprint!("{}", times.report());
    }
    let output = output?;
    if let Some((span, why)) = file.cplusplus_conflicts.first().filter(|_| output.kernels_launched && cli.kernels.is_none()) {
        let more = match file.cplusplus_conflicts.len() - 1 {
            0 => String::new(),
            n => format!(" (and {n} more place{} in this file)", if n == 1 { "" } else { "s" }),
        };
        let d = Diagnostic::spanned(
            "nvcc cannot compile the host code of this CUDA file",
            span.clone(),
            format!("{why}{more}; with --kernels=FILE the kernels go to a CUDA file of their own and this one stays C"),
        );
        eprint!("{}", d.into_warning().render(Some((&file.name, &file.text))));
    }
    if let Some(format) = cli.report {
        let hierarchy = options.plan.as_ref().and_then(|p| p.io.as_ref()).map(|io| &io.hierarchy);
        let name = input.to_string_lossy();
        let text = match format {
            cli::ReportFormat::Text => report::text(&name, hierarchy, &output.reports),
            cli::ReportFormat::Json => report::json(&name, hierarchy, &output.reports),
        };
        let _ = std::io::stdout().write_all(text.as_bytes());
    }
    if let (Some(path), Some(kernels)) = (&cli.kernels, &output.kernels) {
        write_atomically(path, kernels).map_err(fail)?;
    }
    let dumping = cli.dump_scop || cli.dump_schedule || cli.report.is_some();
    match &cli.output {
        // `-o -`: standard output, as a compiler's `-o -` is.
        Some(path) if path.as_os_str() == "-" => {
            let _ = std::io::stdout().write_all(output.text.as_bytes());
            Ok(())
        }
        Some(path) => write_atomically(path, &output.text).map_err(|d| {
            // No half of a translation: the kernels go with their host code.
            if let Some(kernels) = &cli.kernels {
                let _ = std::fs::remove_file(kernels);
            }
            fail(d)
        }),
        None if !dumping => {
            let _ = std::io::stdout().write_all(output.text.as_bytes());
            Ok(())
        }
        None => Ok(()),
    }
}

/// Default bound on isl operations per region.
pub const DEFAULT_MAX_OPERATIONS: u64 = 20_000_000;

/// Default limit, in seconds of CPU time, on building one region's model
/// and on computing its new schedule (`--max-seconds`): a guard against the isl computations whose
/// operations are slow rather than many, far above what any PolyBench
/// region needs (under 2 s), so that it never decides a realistic
/// region's code. Unlike the operation bound it depends on the machine's
/// speed, though not on its load.
pub const DEFAULT_MAX_SECONDS: u64 = 20;

/// Bound on isl operations for generating the code of a new schedule (the
/// original schedule has the whole [`DEFAULT_MAX_OPERATIONS`]). PolyBench
/// needs at most 1.9 million at any size (3mm with tiles 2,3,4 at two
/// levels, 1.1 s; heat-3d with maximal fusion needed 2.2 million before
/// its full tiles were left together). Random programs whose scheduler
/// fuses nests of many shapes into one skewed band need more when tiled
/// (one band of nine statements: over 20 million, 5 s, and 174 loops of
/// code), and so did tiny tiles at two levels with 19 pieces of isolated
/// full tiles (7.7 million, 28 s).
pub const AST_OPERATIONS: u64 = 3_000_000;

/// Bound on isl operations of reading a region's generated AST back and
/// comparing what it executes with its schedule (`ast::check`); an AST
/// whose check needs more is used unchecked, and `--dump-schedule` says
/// so. Every region of PolyBench (LARGE) and of `testsuite/run/` is
/// checked within it by default and on CUDA (1.6 s and 3.6 s of the 39 s
/// and 43 s they take to translate); with tiles 2,3,4 at two levels,
/// isolated, LU's code needs more, and so does fdtd-2d's with maximal
/// fusion and tiles 3,5,7 (about 1.5 s to reach the bound).
pub const CHECK_OPERATIONS: u64 = 3_000_000;

/// isl operations [`transform::inline`] may spend on a region; past them
/// nothing is inlined.
pub const INLINE_OPERATIONS: u64 = 1_000_000;

/// Tile shapes, with post-tiling fusion on the CPU and no sizes asked
/// for, the first that keeps as many intermediates in tile-local buffers
/// as any of them or the given sizes (32) do: a fused tile recomputes its
/// producers' borders and runs each stage's loops over its rows, so wide
/// rows recompute less and vectorise better, and few rows keep the
/// buffers of wide tiles small. Rows 2048 wide span a whole image of
/// that width: no column borders are recomputed, and each stage streams
/// through whole rows. On the image pipelines at 2048 x 2048 with 2
/// threads (the least of 7 warm passes), the first of these shapes that
/// keeps every intermediate in its buffer ran 0.89x the time of 16 x 512
/// in geometric mean (0.81x to 0.97x: Harris 2.59 against 3.10 ms in 8
/// rows, the camera pipeline 3.54 against 3.90 in 4 rows, as its five
/// intermediates fit in no more, the multiresolution pipeline 0.88
/// against 0.98 with its upsample's phases in one loop nest over whole
/// rows, see `transform::fuse`); with no stage inlined, the unsharp mask's
/// three intermediates over three channels fit in none of the whole-row
/// shapes, and keep tiles of 32 x 128.
pub const FUSED_TILE_SHAPES: [transform::tile::TileShape; 5] = [
    transform::tile::TileShape { rows: 16, width: 2048 },
    transform::tile::TileShape { rows: 8, width: 2048 },
    transform::tile::TileShape { rows: 4, width: 2048 },
    transform::tile::TileShape { rows: 16, width: 512 },
    transform::tile::TileShape { rows: 32, width: 128 },
];

/// How a region's new schedule is chosen (absent: the original schedule).
#[derive(Debug, Clone)]
pub struct SchedulePlan {
    /// Fusion heuristic of the scheduler.
    pub fusion: schedule::Fusion,
    /// With [`schedule::Fusion::Liveout`] chosen by default: where
    /// post-tiling fusion fuses nothing, the region is scheduled with
    /// [`schedule::Fusion::Smart`] instead.
    pub smart_unless_fused: bool,
    /// Tile sizes per band (empty: no tiling); see [`transform::tile::TileOptions::sizes`].
    pub tile_sizes: Vec<Vec<i64>>,
    /// Tiles per outer tile of a second tiling level.
    pub second_level: Option<i64>,
    /// Where full tiles are generated apart from partial ones.
    pub isolate_full_tiles: transform::tile::Isolate,
    /// Register tiles in full tiles (`--register-tiles`).
    pub registers: Option<transform::tile::RegisterTiles>,
    /// Which of the new schedule and the original order is used.
    pub reschedule: cli::Reschedule,
    /// The I/O model: `--tile-sizes=auto`, or measuring tiled bands for `--report`.
    pub io: Option<transform::tile::IoOptions>,
    /// Pointwise stages are inlined into their readers first
    /// (`--inline`, [`transform::inline`]).
    pub inline: bool,
    /// Whether temporaries get one copy per iteration of their outer
    /// loops (`--expand`, [`transform::expand`]; OpenMP only).
    pub expand: cli::Expand,
    /// No tile sizes were asked for: [`Self::tile_sizes`] are iotile's.
    pub default_sizes: bool,
}

impl SchedulePlan {
    /// The plan to fall back on when isl cannot generate the code of this
    /// one within [`AST_OPERATIONS`]: the same schedule, untiled (its code
    /// is cheap to generate, while tiles of a band that fuses statements
    /// of many shapes multiply the cases); `None` when this plan tiles
    /// nothing already.
    fn untiled(&self) -> Option<SchedulePlan> {
        let untiled = SchedulePlan { tile_sizes: Vec::new(), second_level: None, ..self.clone() };
        (!self.tile_sizes.is_empty()).then_some(untiled)
    }

    /// The plan to fall back on first when this one's tiles generate their
    /// full tiles apart: the same tiles without that (`None` where this
    /// plan isolates nothing already).
    fn without_isolation(&self) -> Option<SchedulePlan> {
        let plain = SchedulePlan { isolate_full_tiles: transform::tile::Isolate::Never, ..self.clone() };
        (!self.tile_sizes.is_empty() && self.isolate_full_tiles != transform::tile::Isolate::Never).then_some(plain)
    }
}

/// What [`generate_file`] does besides generating code.
#[derive(Debug, Clone, Default)]
pub struct GenerateOptions {
    /// Output language.
    pub target: back::Target,
    /// Reschedule (and tile) instead of keeping the original order.
    pub plan: Option<SchedulePlan>,
    /// Print each region's dependences on stdout.
    pub dump_deps: bool,
    /// Keep regions that cannot be handled, with a warning.
    pub fallback: bool,
    /// Print each region's Scop on stdout.
    pub dump_scop: bool,
    /// Print each region's schedule tree on stdout.
    pub dump_schedule: bool,
    /// Write the schedule trees to this file.
    pub save_schedule: Option<std::path::PathBuf>,
    /// Schedule trees to use instead of computing them, one per region in
    /// isl notation (`--load-schedule`).
    pub loaded_schedules: Option<Vec<String>>,
    /// CUDA: the kernels go to a file of their own and the output stays C
    /// (see [`back::cuda`]).
    pub separate_kernels: bool,
    /// CUDA: how loops map to blocks and threads.
    pub mapping: back::cuda::Mapping,
    /// Collect a [`report::RegionReport`] per region.
    pub report: bool,
    /// Driver mode: the original file's name, which `#line` directives at
    /// the start of the translated text and after each piece iotile
    /// replaced or inserted give, with the original line numbers, so that
    /// the compiler's messages, `__FILE__` and debug information name the
    /// original file and lines, not the temporary copy the compiler reads.
    pub line_markers: Option<String>,
}

/// The text [`generate_file`] produces.
#[derive(Debug, Default)]
pub struct Generated {
    /// The translated file.
    pub text: String,
    /// With [`GenerateOptions::separate_kernels`], the CUDA file of the
    /// kernels the translated file launches.
    pub kernels: Option<String>,
    /// With [`GenerateOptions::report`], what was decided for each region.
    pub reports: Vec<report::RegionReport>,
    /// Whether a region runs CUDA kernels (the file is then CUDA, or C
    /// beside the kernels' file).
    pub kernels_launched: bool,
}

/// The line before a saved schedule of a region whose row buffers were
/// expanded ([`transform::expand`]): loaded, the region is expanded again.
const EXPANDED_MARKER: &str = "# expanded row buffers";

/// The schedules of a `--save-schedule` file: isl schedule trees separated
/// by blank lines (each after [`EXPANDED_MARKER`] where the region was
/// expanded).
fn read_schedules(path: &Path) -> Result<Vec<String>, Diagnostic> {
    let text = std::fs::read_to_string(path).map_err(|e| Diagnostic::error(format!("cannot read '{}': {e}", path.display())))?;
    Ok(text.split("\n\n").map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect())
}

/// Regenerates every region of `file`; gives the whole output text (and
/// the kernels' file where asked). Diagnostics are printed on stderr; the
/// time of each stage goes to `times`.
pub fn generate_file(session: &Session, file: &SourceFile, options: &GenerateOptions, times: &StageTimes) -> Result<Generated, Reported> {
    let mut out = String::with_capacity(file.text.len());
    let cuda = options.target == back::Target::Cuda;
    // Each region's new text, and kernels to put before the functions
    // holding their regions (by the function's offset).
    let mut replacements: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut kernels: Vec<(usize, String)> = Vec::new();
    // Where C's helpers go: before the function of the first region
    // that calls them (CUDA's preludes define them).
    let mut helpers_at: Option<usize> = None;
    let mut mapped_any = false;
    let mut kernels_file = String::new();
    let mut failed = false;
    let mut saved_schedules = String::new();
    let mut reports = Vec::new();
    // The file's typedefs and enumerations a kernels' own file can
    // repeat, read once.
    let typedefs = std::cell::OnceCell::new();
    let enumerations = std::cell::OnceCell::new();
    // Whether the file declares `malloc` and `free`, which expanded
    // arrays are allocated with (read once; otherwise the compiler's
    // built-in ones).
    let declares_malloc = std::cell::OnceCell::new();
    // The functions whose device copies an earlier region's kernels define.
    let mut device_copies = std::collections::HashSet::new();
    for region in &file.regions {
        let generated = region.scop.as_ref().map_err(Clone::clone).and_then(|scop| {
            if options.dump_scop {
                print!("{}", scop.dump().map_err(|e| region_error(file, region, &e.to_string()))?);
            }
            let fail = |e: isl::IslError| region_error(file, region, &e.0);
            // Pointwise stages substituted into their readers: the region
            // is scheduled and generated from that model (its original
            // text is still what a region kept as written prints).
            let inlined = match options.plan.as_ref().filter(|p| p.inline) {
                Some(_) => times.time(Some(region.index), "inline", || isl::within_operations(session.ctx(), INLINE_OPERATIONS, || transform::inline::apply(scop)).flatten()),
                None => None,
            };
            let inlined_lines: Vec<String> = inlined.iter().flat_map(|(_, l)| l.iter().map(transform::inline::Inlined::describe)).collect();
            let scop = inlined.as_ref().map_or(scop, |(s, _)| s);
            let mut used = ast::identifiers(&file.expanded[scop.span.clone()]);
            used.extend(ast::identifiers(&file.text[region.original.clone()]));
            let openmp = options.target == back::Target::Openmp;
            let index = Some(region.index);
            let warn = |title: String, why: String| {
                let d = Diagnostic::spanned(title, region_pragma(file, region), why).into_warning();
                eprint!("{}", d.render(Some((&file.name, &file.text))));
            };
            // Each pass tries a schedule; one whose code isl cannot generate
            // within AST_OPERATIONS degrades to the same schedule untiled,
            // then to the original order.
            let mut plan = options.plan.clone();
            let mut loaded = options.loaded_schedules.as_deref();
            let mut first_pass = true;
            // The CPU time of the attempts at generating the region's code
            // (a schedule, its variant with fewer loops split, the same
            // tiles without isolation): once they have used --max-seconds
            // together, only the untiled schedule, then the original order,
            // are left to try (each attempt bounded on its own, too).
            let ast_time = std::cell::Cell::new(std::time::Duration::ZERO);
            let spent_its_time = || session.max_seconds() > 0 && ast_time.get() >= std::time::Duration::from_secs(session.max_seconds());
            // Row buffers may be expanded (`expanded_choice` says when),
            // their copies named apart from the region's identifiers.
            let expandable = Some(&used);
            // The region with arrays expanded, where its schedule is one
            // of that model.
            let mut expansion: Option<scop::Scop>;
            let (schedule, region_ast, privatizable, decision) = loop {
                let chosen = match loaded {
                    Some(loaded) => {
                        let expandable = expandable.filter(|_| options.target == back::Target::Openmp && options.plan.as_ref().is_some_and(|p| p.expand != cli::Expand::Never));
                        load_schedule(session, scop, region.index, loaded, expandable).map_err(|why| region_error(file, region, &why))?
                    }
                    None if first_pass || plan.is_some() => {
                        match session.within_deadline(|| choose_schedule(session, scop, region.index, plan.as_ref(), options, times, expandable)) {
                            (_, true) => Err(isl::IslError(format!("it took more than {} s of CPU time (--max-seconds)", session.max_seconds()))),
                            (chosen, false) => chosen,
                        }
                    }
                    None => Chosen::original(scop, None),
                };
                first_pass = false;
                // A schedule isl cannot build within the operation bound
                // degrades to the original one rather than failing the region.
                let Chosen { schedule, privatizable, warning, new, live_in, decision, dependences, expanded } = match chosen {
                    Ok(chosen) => chosen,
                    Err(e) => {
                        if options.dump_schedule {
                            println!("region {} model: rescheduling failed ({e}): original kept", region.index);
                        }
                        session.reset_operations();
                        let why = format!("isl could not compute the new schedule ({e})");
                        Chosen::original(scop, Some(why)).map_err(fail)?
                    }
                };
                if let Some(why) = warning {
                    warn(format!("region {} keeps its original order", region.index), why);
                }
                expansion = expanded;
                let scop = expansion.as_ref().unwrap_or(scop);
                // Inside parallel loops every generated iterator must be private,
                // so OpenMP code declares its own instead of reusing the user's.
                session.reset_operations();
                let reuse_outer = options.target == back::Target::C;
                // Tile-local buffers for the intermediates of post-tiling
                // fusion (on the GPU in shared memory, the copies of
                // read-only data getting what they leave of its budget),
                // and shared-memory copies: those that cannot be planned
                // within the bound are left out.
                let generate = |s: &isl_rs::Schedule| {
                    let scratch_budget = if cuda { options.mapping.shared_memory } else { transform::scratch::MAX_BYTES };
                    let scratch = match &live_in {
                        Some(live_in) => isl::within_operations(session.ctx(), AST_OPERATIONS, || transform::scratch::plan(scop, live_in, s.copy()?, scratch_budget)),
                        None => None,
                    };
                    let (s, scratch) = match scratch {
                        Some((marked, scratch, _)) => (marked, scratch),
                        None => (s.copy()?, Vec::new()),
                    };
                    let left = options.mapping.shared_memory.saturating_sub(scratch.iter().map(transform::scratch::bytes).max().unwrap_or(0));
                    let shared = match cuda {
                        true => isl::within_operations(session.ctx(), AST_OPERATIONS, || transform::shared::plan(scop, &s, left)),
                        false => None,
                    };
                    ast::generate(scop, s, &used, reuse_outer, shared.unwrap_or_default(), scratch)
                };
                // isl counts a pivot as one operation however long its
                // numbers grow: the wall-clock guard bounds code
                // generation too (a random program's tiles took minutes).
                let out_of_time = std::cell::Cell::new(false);
                let generate_within_bound = |s: &isl_rs::Schedule| {
                    let clock = isl::Clock::this_thread();
                    let started = clock.read();
                    let generated = times.time(index, "ast", || match session.within_deadline(|| isl::within_operations(session.ctx(), AST_OPERATIONS, || generate(s))) {
                        (a, false) => a,
                        (_, true) => {
                            out_of_time.set(true);
                            None
                        }
                    });
                    if let (Some(started), Some(now)) = (started, clock.read()) {
                        ast_time.set(ast_time.get() + now.saturating_sub(started));
                    }
                    generated
                };
                // isl's code generator is not trusted either: an AST that
                // does not execute what its schedule does is treated like
                // one isl could not generate (see `ast::check`).
                let checked = |a: ast::RegionAst| -> Result<ast::RegionAst, String> {
                    let (verdict, expired) = times.time(index, "check", || {
                        session.within_deadline(|| isl::within_operations(session.ctx(), CHECK_OPERATIONS, || ast::check::check(&a.root, &a.schedule, &scop.context, &a.iterators, dependences.as_ref().map(|d| (scop, d)))))
                    });
                    let said = match verdict {
                        _ if expired => format!("not checked (more than {} s of CPU time)", session.max_seconds()),
                        Some(ast::check::Verdict::Wrong(why)) => return Err(why),
                        Some(ast::check::Verdict::Exact) => "every instance of the schedule, once".to_string(),
                        Some(ast::check::Verdict::Unread(why)) => format!("not checked ({why})"),
                        None => format!("not checked (more than {CHECK_OPERATIONS} operations)"),
                    };
                    if options.dump_schedule {
                        println!("region {} code executes: {said}", region.index);
                    }
                    Ok(a)
                };
                let mut wrong = None;
                if !new && (openmp || cuda) {
                    // The original order is the original text: nothing
                    // regenerated can be faster than what the user wrote.
                    break (schedule, None, privatizable, decision);
                }
                if !new {
                    let region_ast = times.time(index, "ast", || generate(&schedule)).map_err(fail)?;
                    match checked(region_ast) {
                        Ok(a) => break (schedule, Some(a), privatizable, decision),
                        Err(why) => {
                            warn(format!("region {} is copied as written", region.index), format!("isl generated wrong code for it: {why}"));
                            break (schedule, None, privatizable, decision);
                        }
                    }
                }
                if let Some(a) = generate_within_bound(&schedule) {
                    match checked(a) {
                        Ok(a) => break (schedule, Some(a), privatizable, decision),
                        Err(why) => wrong = Some(why),
                    }
                }
                // Loops split by statement and by stride class multiply
                // the cases isl generates; the same schedule without them
                // is cheaper and computes the same. Where isl generated
                // code in the wrong order, every loop split by statement
                // (see `with_loop_types`) comes next. Where the region's
                // code has had its time, the next plan comes at once.
                let mut variant = None;
                for ty in [isl_rs::ASTLoopType::Default, isl_rs::ASTLoopType::Separate] {
                    if spent_its_time() || (ty == isl_rs::ASTLoopType::Separate && wrong.is_none()) {
                        break;
                    }
                    session.reset_operations();
                    let Some(other) = transform::tile::with_loop_types(&schedule, ty).map_err(fail)? else { continue };
                    if let Some(a) = generate_within_bound(&other) {
                        match checked(a) {
                            Ok(a) => {
                                variant = Some((other, a));
                                break;
                            }
                            Err(why) => wrong = wrong.or(Some(why)),
                        }
                    }
                }
                if let Some((other, a)) = variant {
                    break (other, Some(a), privatizable, decision);
                }
                // A loaded schedule falls back on the original order.
                // Full tiles generated apart multiply the cases of a skewed
                // band: the same tiles without that come first (where the
                // bound that stopped isl counts operations, not seconds).
                let isolated = !out_of_time.get() && !spent_its_time() && transform::tile::isolates_full_tiles(&schedule);
                plan = plan.as_ref().filter(|_| loaded.is_none()).and_then(|p| p.without_isolation().filter(|_| isolated).or_else(|| p.untiled()));
                loaded = None;
                let (title, what) = match &plan {
                    Some(p) if !p.tile_sizes.is_empty() => ("is tiled without isolating its full tiles", "the code of its full tiles apart"),
                    Some(_) => ("is rescheduled without tiling", "the code of its tiles"),
                    None => ("keeps its original order", "its code"),
                };
                let why = match wrong.take() {
                    Some(why) if plan.is_some() => format!("isl generated {what} wrong: {why}"),
                    Some(why) => format!("isl generated the code of its new schedule wrong: {why}"),
                    None if out_of_time.take() => format!("generating {what} took isl more than {} s of CPU time", session.max_seconds()),
                    None if spent_its_time() => format!("generating {what} took isl more than {} s of CPU time in all its attempts", session.max_seconds()),
                    None => format!("generating {what} would take isl more than {AST_OPERATIONS} operations"),
                };
                warn(format!("region {} {title}", region.index), why);
            };
            let scop = expansion.as_ref().unwrap_or(scop);
            if options.dump_schedule {
                println!("region {} schedule: {}", region.index, schedule.isl_text());
            }
            if options.report {
                let statements = scop.statements.iter().map(|s| s.name.clone()).collect();
                let line = file.text[..region.original.start].matches('\n').count() + 1;
                let decision = report::Decision { inlined: inlined_lines, ..decision };
                reports.push(report::RegionReport { region: region.index, line, statements, decision });
            }
            if options.save_schedule.is_some() {
                if scop.expanded.is_empty() {
                    saved_schedules.push_str(&schedule.isl_text());
                } else {
                    saved_schedules.push_str(&format!("{EXPANDED_MARKER}\n{}", schedule.isl_text()));
                }
                saved_schedules.push_str("\n\n");
            }
            let Some(region_ast) = region_ast else { return Ok((file.text[region.original.clone()].to_string(), None)) };
            if options.dump_schedule {
                for buffers in &region_ast.scratch {
                    let boxes: Vec<String> = buffers.buffers.iter().map(|b| format!("{} ({})", b.array, b.extents.iter().map(u64::to_string).collect::<Vec<_>>().join(" x "))).collect();
                    println!("region {} scratch: {} in tile-local buffers in the tiles of {}", region.index, boxes.join(", "), buffers.statements.join(", "));
                }
            }
            if cuda {
                let prefix = format!("iotile_r{}", region.index);
                let mapped = times.time(index, "back", || {
                    back::cuda::write_region(scop, &region_ast, &region.indent, &privatizable, &prefix, &options.mapping)
                });
                if let Some(mut mapped) = mapped.map_err(fail)? {
                    // The device copies of the functions the kernels call,
                    // each defined once in the file, before its first caller.
                    let copied: Vec<&scop::DeviceFunction> = back::cuda::called_device_functions(&scop.device_functions, &mapped.kernels).into_iter().filter(|f| !device_copies.contains(&f.name)).collect();
                    mapped.kernels.insert_str(0, &copied.iter().map(|f| f.definition.as_str()).collect::<String>());
                    if options.separate_kernels {
                        // The kernels' own file repeats the typedefs and
                        // the enumerations they name; a type named
                        // otherwise stops the region.
                        let typedefs = typedefs.get_or_init(|| front::portable_typedefs(&file.expanded, back::cuda::builtin_type_word));
                        let enumerations = enumerations.get_or_init(|| front::file_enumerations(&file.expanded));
                        let identifiers = ast::identifiers(&mapped.kernels);
                        let named = front::typedefs_named(typedefs, &identifiers);
                        let named_enumerations = front::enumerations_named(enumerations, &identifiers);
                        let known = |w: &String| w == "enum" || named.iter().any(|t| &t.name == w) || named_enumerations.iter().any(|e| e.defines.contains(w));
                        if let Some(ty) = mapped.foreign_types.iter().find(|ty| !back::cuda::foreign_words(ty).iter().all(known)) {
                            return Err(region_error(file, region, &format!("its kernels take a value of type '{ty}', which their own CUDA file cannot name")));
                        }
                        let mut declarations: String = named_enumerations.iter().map(|e| format!("{}\n", e.declaration)).collect();
                        declarations.extend(named.iter().map(|t| format!("{}\n", t.declaration)));
                        if mapped.kernels.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|w| w == "_Bool") {
                            declarations.insert_str(0, back::cuda::CPLUSPLUS_BOOL);
                        }
                        mapped.kernels.insert_str(0, &declarations);
                    }
                    let host = back::guarded(scop, region_ast.overflow.as_ref(), mapped.host, region_statements(file, region), &region.indent).map_err(fail)?;
                    device_copies.extend(copied.iter().map(|f| f.name.clone()));
                    return Ok((host, Some((mapped.kernels, mapped.declarations))));
                }
                if options.dump_schedule {
                    println!("region {} runs on the host: its schedule has no parallel loop", region.index);
                }
            }
            let code = times.time(index, "back", || back::write_region(scop, &region_ast, &region.indent, openmp, &privatizable)).map_err(fail)?;
            let declared = *declares_malloc.get_or_init(|| {
                let words = ast::identifiers(&file.expanded);
                words.contains("malloc") && words.contains("free")
            });
            let code = back::with_expanded(scop, code, region_statements(file, region), &region.indent, declared);
            Ok((back::guarded(scop, region_ast.overflow.as_ref(), code, region_statements(file, region), &region.indent).map_err(fail)?, None))
        });
        match generated {
            Ok((code, region_kernels)) => {
                // (A region kept as written stays the original text.)
                let regenerated = code != file.text[region.original.clone()];
                let code = if regenerated && !cuda { without_dead_path_warnings(code) } else { code };
                if helpers_at.is_none() && back::c::calls_helpers(&code) {
                    helpers_at = Some(front::function_start(&file.text, region.original.start));
                }
                replacements.push((region.original.clone(), code));
                if let Some((definitions, declarations)) = region_kernels {
                    mapped_any = true;
                    let before = front::function_start(&file.text, region.original.start);
                    if options.separate_kernels {
                        kernels_file.push_str(&definitions);
                        kernels.push((before, declarations));
                    } else {
                        kernels.push((before, definitions));
                    }
                }
            }
            Err(d) if options.fallback => {
                let d = d.into_warning().with_note("--fallback: this region is kept unchanged");
                eprint!("{}", d.render(Some((&file.name, &file.text))));
            }
            Err(d) => {
                eprint!("{}", d.render(Some((&file.name, &file.text))));
                failed = true;
            }
        }
    }
    if failed {
        return Err(Reported);
    }
    // A CUDA file none of whose regions got a kernel stays C: the
    // preludes' runtime header and macros (`blockDim`...) would only
    // break the user's code.
    let separate = cuda && options.separate_kernels;
    if separate && mapped_any {
        out.push_str(&back::cuda::host_prelude());
    } else if cuda && mapped_any {
        out.push_str(&back::cuda::one_file_prelude());
    } else if let Some(at) = helpers_at {
        kernels.push((at, back::c::HELPERS.to_string()));
    }
    let marker = |at: usize| {
        options.line_markers.as_ref().map(|name| {
            let line = file.text[..at].matches('\n').count() + 1;
            format!("#line {line} \"{}\"\n", name.replace('\\', "\\\\").replace('"', "\\\""))
        })
    };
    out.push_str(&marker(0).unwrap_or_default());
    let mut at = 0;
    let mut edits: Vec<(usize, usize, &str)> = kernels.iter().map(|(p, k)| (*p, *p, k.as_str())).collect();
    edits.extend(replacements.iter().map(|(r, code)| (r.start, r.end, code.as_str())));
    // Kernels go before a region starting at the same offset (stable sort).
    edits.sort_by_key(|(start, _, _)| *start);
    for (start, end, text) in edits {
        out.push_str(&file.text[at..start]);
        out.push_str(text);
        if let Some(marker) = marker(end) {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&marker);
        }
        at = end;
    }
    out.push_str(&file.text[at..]);
    if let Some(path) = &options.save_schedule {
        write_atomically(path, &saved_schedules).map_err(|d| {
            eprint!("{}", d.render(None));
            Reported
        })?;
    }
    let kernels = separate.then(|| back::cuda::kernels_prelude() + &kernels_file);
    Ok(Generated { text: out, kernels, reports, kernels_launched: mapped_any })
}

/// `code` (a region's C or OpenMP code) between directives that turn off,
/// for gcc, the warnings it gives on paths of the generated loops that
/// never run: for a region over `double A[20]` with a parameter `n`,
/// full-tile code guarded by `n >= 32` indexes `A` past 20, and gcc's
/// -Warray-bounds (in -Wall) and -Waggressive-loop-optimizations (on by
/// default) say so. Neither a translation nor a drop-in compiler may break
/// a build with `-Werror` that the original passes. (Not on CUDA, whose
/// host code nvcc compiles.)
fn without_dead_path_warnings(code: String) -> String {
    const GCC: &str = "#if defined(__GNUC__) && !defined(__clang__)\n";
    let mut out = format!("{GCC}#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Warray-bounds\"\n#pragma GCC diagnostic ignored \"-Waggressive-loop-optimizations\"\n#endif\n");
    out.push_str(&code);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(GCC);
    out.push_str("#pragma GCC diagnostic pop\n#endif\n");
    out
}

/// A region's schedule and what generating its code needs.
struct Chosen {
    schedule: isl_rs::Schedule,
    /// The scalars parallel loops of the schedule keep private copies of.
    privatizable: deps::Privatization,
    /// Why the original order was kept against the plan.
    warning: Option<String>,
    /// Whether the schedule is not the original one.
    new: bool,
    /// With producers fused into their consumers' tiles, the region's
    /// reads of values from before it: what planning tile-local buffers
    /// needs.
    live_in: Option<isl_rs::UnionMap>,
    /// What `--report` says of the choice.
    decision: report::Decision,
    /// The region's dependences, where the schedule is a new one: what
    /// the order of its generated code is checked against.
    dependences: Option<deps::Dependences>,
    /// The region with arrays expanded ([`transform::expand`]), where the
    /// schedule is one of that model.
    expanded: Option<scop::Scop>,
}

impl Chosen {
    /// The original schedule of `scop`, with `warning` saying why.
    fn original(scop: &scop::Scop, warning: Option<String>) -> isl::IslResult<Chosen> {
        let decision = report::Decision { schedule: warning.as_ref().map_or("original".into(), |w| format!("original kept: {w}")), ..Default::default() };
        Ok(Chosen { schedule: scop.schedule.copy()?, privatizable: deps::Privatization::default(), warning, new: false, live_in: None, decision, dependences: None, expanded: None })
    }
}

/// The schedule a region is generated with: the original one, or with
/// `plan`, isl's schedule (the original where isl finds none) tiled and with
/// its parallel loops marked, once [`legality::check`] has found that it
/// computes what the original computes.
fn choose_schedule(
    session: &Session,
    scop: &scop::Scop,
    index: usize,
    plan: Option<&SchedulePlan>,
    options: &GenerateOptions,
    times: &StageTimes,
    expandable: Option<&std::collections::HashSet<String>>,
) -> isl::IslResult<Chosen> {
    if plan.is_none() && !options.dump_deps {
        return Chosen::original(scop, None);
    }
    let region = Some(index);
    let dependences = times.time(region, "deps", || deps::analyse(scop))?;
    if options.dump_deps {
        print!("{}", dependences.dump(index));
    }
    let Some(plan) = plan else { return Chosen::original(scop, None) };
    if let Some(used) = expandable {
        if let Some(chosen) = expanded_choice(session, scop, index, plan, options, times, &dependences, used)? {
            return Ok(chosen);
        }
    }
    choose_for(session, scop, index, plan, options, times, dependences)
}

/// What [`transform::expand`] may spend, in isl operations.
const EXPAND_OPERATIONS: u64 = 2_000_000;

/// How much faster the cost model must predict an expanded region for
/// `--expand=auto` to keep it. Small: the model counts the traffic the
/// copies add, but not all that expansion gains, the vector loops and
/// register tiles of a band that no longer reduces into one scalar (a
/// matrix product accumulating into a scalar `s` was predicted 3.6%
/// faster expanded and ran 6.7 times faster: 0.052 s instead of 0.35 s at
/// 1000 x 1100 x 1200 on 2 threads; doitgen, predicted 15% faster, ran
/// 1.95 times faster).
const EXPANSION_MARGIN: f64 = 0.01;

/// With `--expand` (OpenMP): the region with its temporaries expanded
/// ([`transform::expand`]) and its schedule, where some can be expanded
/// and (`auto`) the cost model predicts the expanded region, scheduled
/// with minimal fusion unless a fusion was asked for, faster than the
/// region as written by [`EXPANSION_MARGIN`]; `None` otherwise.
/// Minimal fusion: the statements of the expanded array no longer share
/// a loop for its sake, and each nest tiles on its own (doitgen's product
/// with `C4` as a matrix product; fused with the initialisation and the
/// copy back into `A`, the band was skewed and ran 2.6 times slower).
#[allow(clippy::too_many_arguments)]
fn expanded_choice(
    session: &Session,
    scop: &scop::Scop,
    index: usize,
    plan: &SchedulePlan,
    options: &GenerateOptions,
    times: &StageTimes,
    dependences: &deps::Dependences,
    used: &std::collections::HashSet<String>,
) -> isl::IslResult<Option<Chosen>> {
    if plan.expand == cli::Expand::Never || options.target != back::Target::Openmp || plan.reschedule == cli::Reschedule::Never {
        return Ok(None);
    }
    session.reset_operations();
    let expanded = times.time(Some(index), "expand", || isl::within_operations(session.ctx(), EXPAND_OPERATIONS, || transform::expand::apply(scop, dependences, used)));
    session.reset_operations();
    let Some(Some(expanded)) = expanded else { return Ok(None) };
    let expanded_deps = times.time(Some(index), "deps", || deps::analyse(&expanded))?;
    let expanded_plan = match plan.fusion == schedule::Fusion::Liveout && plan.smart_unless_fused {
        true => SchedulePlan { fusion: schedule::Fusion::Min, smart_unless_fused: false, ..plan.clone() },
        false => plan.clone(),
    };
    let arrays: Vec<String> = expanded.expanded.iter().map(describe_expansion).collect();
    if plan.expand == cli::Expand::Auto && !copies_fit(scop, &expanded)? {
        if options.dump_schedule {
            println!("region {index} expansion: {}: kept as written (the copies would hold more elements than the region's arrays)", arrays.join(", "));
        }
        return Ok(None);
    }
    let mut why = "--expand=always".to_string();
    if options.dump_schedule && plan.expand == cli::Expand::Always {
        println!("region {index} expansion: {}: expanded (--expand=always)", arrays.join(", "));
    }
    if plan.expand == cli::Expand::Auto {
        let quiet = GenerateOptions { dump_schedule: false, ..options.clone() };
        let as_written = transformed_schedule(session, scop, index, &quiet, times, plan, dependences)?.1;
        let as_expanded = transformed_schedule(session, &expanded, index, &quiet, times, &expanded_plan, &expanded_deps)?.1;
        let (Some(as_written), Some(as_expanded)) = (as_written, as_expanded) else { return Ok(None) };
        let gains = as_expanded < as_written * (1.0 - EXPANSION_MARGIN);
        if options.dump_schedule {
            let verdict = if gains { "expanded" } else { "kept as written" };
            println!("region {index} expansion: {} predicted {as_expanded:.3e} against {as_written:.3e}: {verdict}", arrays.join(", "));
        }
        if !gains {
            return Ok(None);
        }
        why = format!("predicted {:.1}% faster", 100.0 * (1.0 - as_expanded / as_written));
    }
    let chosen = choose_for(session, &expanded, index, &expanded_plan, options, times, expanded_deps)?;
    if !chosen.new {
        return Ok(None);
    }
    let expanded_lines = arrays.into_iter().map(|a| format!("{a} ({why})")).collect();
    let decision = report::Decision { expanded: expanded_lines, ..chosen.decision };
    Ok(Some(Chosen { expanded: Some(expanded), decision, ..chosen }))
}

/// Whether the copies of `expanded`'s row buffers hold, at the estimated
/// parameters, at most as many elements as the arrays `scop` accesses:
/// beyond, an expansion is not worth its memory, nor the time to evaluate
/// it (adi's `v`, `p` and `q`, expanded along its time loop, would be a
/// thousand copies of each; that took 1.4 s of its 2.3 s of translation).
/// Where the parameters cannot be estimated, the model decides alone.
fn copies_fit(scop: &scop::Scop, expanded: &scop::Scop) -> isl::IslResult<bool> {
    let Ok(model) = model::CostModel::new(scop) else { return Ok(true) };
    let elements = |s: &scop::Scop, array: &str| -> isl::IslResult<f64> { model.count_union(s.array_accesses(array, true)?.union(s.array_accesses(array, false)?)?.range()?) };
    let mut copies = 0.0;
    for e in &expanded.expanded {
        copies += elements(expanded, &e.name)?;
    }
    let mut data = 0.0;
    for a in scop.arrays.iter().filter(|a| !a.extents.is_empty()) {
        data += elements(scop, &a.name)?;
    }
    Ok(copies <= data)
}

/// One expansion, for `--report` and `--dump-schedule`: `sum into
/// sum_x[nr][nq][160], copied out after the region`.
fn describe_expansion(e: &scop::Expanded) -> String {
    let extents: String = e.extents.iter().map(|x| format!("[{x}]")).collect();
    let after = if e.copied_out { ", copied back after the region" } else { "" };
    format!("{} into {}{extents}{after}", e.original, e.name)
}

/// [`choose_schedule`] for `scop` and `plan`, once its dependences are
/// known.
fn choose_for(
    session: &Session,
    scop: &scop::Scop,
    index: usize,
    plan: &SchedulePlan,
    options: &GenerateOptions,
    times: &StageTimes,
    mut dependences: deps::Dependences,
) -> isl::IslResult<Chosen> {
    let region = Some(index);
    loop {
        let Some(candidate) = transformed_schedule(session, scop, index, options, times, plan, &dependences)?.0 else {
            return Chosen::original(scop, None);
        };
        session.reset_operations();
        let schedule = schedule::sequence_sets(candidate.schedule)?;
        let Some(why) = times.time(region, "legality", || legality::check(scop, &dependences, &schedule))? else {
            // Fusion keeps what the checked schedule computes (its rules,
            // checked with isl, are in `transform::fuse`).
            let live_in = match candidate.fused {
                Some(_) => Some(dependences.live_in.copy()?),
                None => None,
            };
            let schedule = candidate.fused.unwrap_or(schedule);
            let counts = [&dependences.flow, &dependences.anti, &dependences.output].map(|d| d.n_map().map_or(0, |n| n.max(0) as usize));
            // Each band's least traffic into each level, for the report:
            // outside the deadline, so that asking for it cannot change
            // what is generated.
            let mut bands = candidate.bands;
            if let Some(io) = &plan.io {
                session.outside_deadline(|| {
                    for b in &mut bands {
                        if let Some(band) = b.band.take() {
                            b.least = io.hierarchy.levels.iter().map(|l| band.least_traffic(l)).map(|(tiling, bytes)| (bytes, tiling)).collect();
                        }
                    }
                });
            }
            let decision = report::Decision { dependences: Some(counts), schedule: candidate.verdict.into(), fusion: candidate.fusion, bands, ..Default::default() };
            let privatizable = dependences.privatization(scop)?;
            return Ok(Chosen { schedule, privatizable, warning: None, new: true, live_in, decision, dependences: Some(dependences), expanded: None });
        };
        let note = format!("the new schedule would change the results ({why})");
        if options.dump_schedule {
            println!("region {index} legality: {note}\nregion {index} refused schedule: {}", schedule.isl_text());
        }
        if !dependences.reorder_live_ranges {
            return Chosen::original(scop, Some(format!("{note}; the original order is kept")));
        }
        // Retry with every dependence as plain validity.
        dependences.reorder_live_ranges = false;
    }
}

/// A schedule for a region, to be checked by [`legality::check`].
struct Candidate {
    schedule: isl_rs::Schedule,
    /// With post-tiling fusion, the same schedule with producers fused
    /// into their consumers' tiles, where it fuses some.
    fused: Option<isl_rs::Schedule>,
    /// Which schedule it is, for `--report`.
    verdict: &'static str,
    /// The fusions of [`Self::fused`], described.
    fusion: Vec<String>,
    /// The I/O model's account of its tiled bands.
    bands: Vec<model::io::BandReport>,
}

impl Candidate {
    /// The floor (the original order, parallelised): nothing fused, no
    /// band tiled.
    fn floor(floor: transform::tile::Tiled, verdict: &'static str) -> Candidate {
        Candidate { schedule: floor.schedule, fused: None, verdict, fusion: Vec::new(), bands: Vec::new() }
    }
}

/// A region's schedule with producers fused into their consumers' tiles.
struct FusedSchedule {
    schedule: isl_rs::Schedule,
    /// The fusions made, described for `--dump-schedule` and `--report`.
    described: Vec<String>,
    /// A fusion whose producer downsamples for its consumer (see
    /// [`DOWNSAMPLING`]), described; `None` where none does or the model
    /// cannot count instances.
    downsampling: Option<String>,
}

/// How many times more instances than its consumer a fused producer may
/// run for post-tiling fusion to be used by default. Beyond, the producer
/// downsamples, like a pyramid's levels, which halve the image in each
/// dimension (or it is reduced, like rows summed into a vector): fused, a
/// tile of the consumer runs its producer over a region several times its
/// own size (a tile of a pyramid's last level
/// runs its first over a region 8 x 8 times larger, read in short rows).
/// On the image pipelines at 2048 x 2048 with 2 threads, the Gaussian
/// pyramid's fused tiles ran 1.37x slower than smart fusion's schedule
/// (3.16 against 2.30 ms), and no tile size tried (16 to 256 wide) beat
/// it. With each level fused into the next only (`fuse` keeps each
/// producer's box per tile within [`transform::fuse::DOWNSAMPLING`] times
/// the tile), a producer runs 2.002 times its consumer's instances, and
/// the pyramid's tiles of 32 x 128 ran 0.75 ms against 0.88 ms for the
/// original order parallelised (0.53 against 0.66 ms with the region run
/// once before, caches and threads warm), on a 2-core AMD EPYC with a
/// 32 MB L3; on an earlier machine with less cache they ran 2.11 against
/// 1.63 ms. The bound matches `fuse`'s. Producers with fewer instances
/// than their consumers (an upsampling, one channel read by three) stay
/// fused: the multiresolution pipeline and the camera pipeline ran about
/// as fast fused as with smart fusion.
const DOWNSAMPLING: f64 = transform::fuse::DOWNSAMPLING;

/// `schedule` (tiled, with minimal fusion) with producers fused into their
/// consumers' tiles ([`transform::fuse`]), with each fusion described;
/// `None` where none fuses or the fusion cannot be computed within the
/// operation bound.
fn fuse_producers(
    session: &Session,
    scop: &scop::Scop,
    index: usize,
    options: &GenerateOptions,
    times: &StageTimes,
    schedule: &isl_rs::Schedule,
    model: Option<&model::CostModel>,
) -> isl::IslResult<Option<FusedSchedule>> {
    session.reset_operations();
    let schedule = schedule::sequence_sets(schedule.copy()?)?;
    let fused = times.time(Some(index), "fuse", || isl::IslResult::Ok(isl::within_operations(session.ctx(), transform::fuse::OPERATIONS, || transform::fuse::apply(schedule, scop))))?;
    session.reset_operations();
    let Some((fused, producers)) = fused.filter(|(_, producers)| !producers.is_empty()) else { return Ok(None) };
    // The recomputation of overlapped tiles, counted tile by tile (under a
    // bound of its own and outside the deadline, so that it cannot change
    // what is generated), for those who read it.
    let recomputed = |p: &transform::fuse::FusedProducer| -> Option<f64> {
        let model = model.filter(|_| p.overlapped && (options.dump_schedule || options.report))?;
        session.outside_deadline(|| {
            session.reset_operations();
            let ratio = isl::within_operations(session.ctx(), transform::fuse::OPERATIONS, || model.recomputation(&p.extension)).flatten();
            session.reset_operations();
            ratio
        })
    };
    let described: Vec<String> = producers
        .iter()
        .map(|p| {
            let tiles = match (p.overlapped, recomputed(p)) {
                (false, _) => "each instance in one tile".to_string(),
                (true, None) => "overlapped tiles, border instances recomputed".to_string(),
                (true, Some(r)) => format!("overlapped tiles, border instances recomputed: {:.1}% more instances", 100.0 * r),
            };
            format!("{} into the tiles of {} at tile depth {} ({tiles})", p.producer.join(", "), p.consumer.join(", "), p.depth)
        })
        .collect();
    let downsampling = match model {
        Some(model) => downsampling_fusion(scop, model, &producers)?,
        None => None,
    };
    Ok(Some(FusedSchedule { schedule: fused, described, downsampling }))
}

/// The first of `producers` that runs more than [`DOWNSAMPLING`] times as
/// many instances as its consumer, described.
fn downsampling_fusion(scop: &scop::Scop, model: &model::CostModel, producers: &[transform::fuse::FusedProducer]) -> isl::IslResult<Option<String>> {
    let instances = |names: &[String]| -> isl::IslResult<f64> {
        let mut total = 0.0;
        for statement in scop.statements.iter().filter(|s| names.contains(&s.name)) {
            total += model.count(statement.domain.copy()?)?;
        }
        Ok(total)
    };
    for p in producers {
        let (producer, consumer) = (instances(&p.producer)?, instances(&p.consumer)?);
        if consumer > 0.0 && producer > DOWNSAMPLING * consumer {
            return Ok(Some(format!("{} downsamples for {} ({producer:.0} instances against {consumer:.0})", p.producer.join(", "), p.consumer.join(", "))));
        }
    }
    Ok(None)
}

/// How many arrays get tile-local buffers in the fused schedule `fused`,
/// and how many more would but for their size (none where they cannot be
/// planned within the bound).
fn buffered_arrays(session: &Session, scop: &scop::Scop, dependences: &deps::Dependences, fused: &isl_rs::Schedule) -> isl::IslResult<(usize, usize)> {
    session.reset_operations();
    let planned = isl::within_operations(session.ctx(), AST_OPERATIONS, || transform::scratch::plan(scop, &dependences.live_in, fused.copy()?, transform::scratch::MAX_BYTES));
    session.reset_operations();
    Ok(planned.map_or((0, 0), |(_, sites, over_budget)| (sites.iter().map(|s| s.buffers.len()).sum(), over_budget)))
}

/// isl's schedule for `scop` (the original where isl finds none), tiled
/// and marked as `plan` says (with its producers fused into their
/// consumers' tiles where the plan asks for post-tiling fusion; where none
/// fuses and the plan falls back on smart fusion, smart fusion's), or,
/// where the cost model does not predict it to be faster, the original
/// order with its parallel loops marked (the floor); `None` where the
/// model predicts the plain original order to be fastest. With the
/// model's estimate of the schedule given (`None`: not evaluated). Post-
/// tiling fusion by default is kept where the model predicts it not slower
/// than smart fusion by more than [`FLOOR_MARGIN`] (what it gains, the
/// model does not count).
fn transformed_schedule(
    session: &Session,
    scop: &scop::Scop,
    index: usize,
    options: &GenerateOptions,
    times: &StageTimes,
    plan: &SchedulePlan,
    dependences: &deps::Dependences,
) -> isl::IslResult<(Option<Candidate>, Option<f64>)> {
    let region = Some(index);
    // Where the statements form one component of the dependences, minimal
    // fusion's schedule has no sequence of groups for post-tiling fusion
    // to fuse, and the plan would fall back on smart fusion below, after
    // scheduling and tiling for nothing (heat-3d: 0.6 s).
    let rescheduled = plan.reschedule != cli::Reschedule::Never;
    if plan.fusion == schedule::Fusion::Liveout && plan.smart_unless_fused && rescheduled && dependences.one_component(scop)? {
        let smart = SchedulePlan { fusion: schedule::Fusion::Smart, smart_unless_fused: false, ..plan.clone() };
        return transformed_schedule(session, scop, index, options, times, &smart, dependences);
    }
    let mark_parallel = options.target != back::Target::C;
    let fused_by_default = plan.fusion == schedule::Fusion::Liveout && plan.default_sizes;
    let tiling = transform::tile::TileOptions {
        sizes: plan.tile_sizes.clone(),
        second_level: plan.second_level,
        isolate_full_tiles: plan.isolate_full_tiles,
        mark_parallel,
        mark_threads: options.target == back::Target::Cuda,
        // Post-tiling fusion needs its consumers tiled: the reuse is
        // across the nests.
        require_reuse: plan.fusion != schedule::Fusion::Liveout,
        every_member_parallel: false,
        // Post-tiling fusion's tiles keep the fixed sizes unless sizes are
        // asked for: the I/O model counts each stage's band alone, not the
        // borders a fused tile recomputes (on the image pipelines it chose
        // tiles 8 wide, which recompute a quarter of every stage).
        io: plan.io.clone().map(|io| transform::tile::IoOptions { auto: io.auto && !fused_by_default, ..io }),
        shape: (fused_by_default && options.target == back::Target::Openmp).then_some(FUSED_TILE_SHAPES[0]),
        registers: plan.registers.filter(|_| options.target != back::Target::Cuda),
    };
    // Keep the original order where the cost model predicts a loss; a
    // model that cannot be evaluated within the bound predicts nothing.
    session.reset_operations();
    let model = times.time(region, "model", || model::CostModel::new(scop));
    session.reset_operations();
    let model = model.ok();
    let cost = |t: &transform::tile::Tiled| -> isl::IslResult<f64> {
        session.reset_operations();
        match &model {
            Some(m) => times.time(region, "model", || m.cost(scop, &t.schedule, &t.in_tile)),
            None => Err(isl::IslError("no parameter estimates".into())),
        }
    };
    let tile = |schedule: isl_rs::Schedule, tiling: &transform::tile::TileOptions| {
        times.time(region, "tile", || transform::tile::apply(schedule, scop, dependences, tiling, model.as_ref()))
    };
    // The floor: the original order with its parallel loops marked.
    let floor = if mark_parallel {
        let marking = transform::tile::TileOptions { sizes: Vec::new(), second_level: None, every_member_parallel: true, ..tiling.clone() };
        session.reset_operations();
        Some(tile(scop.schedule.copy()?, &marking)?)
    } else {
        None
    };
    if plan.reschedule == cli::Reschedule::Never {
        let verdict = if floor.is_some() { Verdict::ParallelOriginal } else { Verdict::Original };
        if options.dump_schedule {
            println!("region {index} model: not consulted (--reschedule=never): {}", verdict.describe());
        }
        let floor = floor.map(|f| Candidate::floor(f, "original order, parallelised (--reschedule=never)"));
        return Ok((floor, None));
    }
    let computed = times.time(region, "schedule", || schedule::compute(session, scop, dependences, plan.fusion))?;
    let schedule = match computed {
        schedule::Computed::Found(s) => s,
        schedule::Computed::NotFound => scop.schedule.copy()?,
        schedule::Computed::Serialized(s, how) => {
            if options.dump_schedule {
                println!("region {index} scheduler: isl's scheduler failed in its process ({how}); scheduled again with its strongly connected components serialised");
            }
            s
        }
        schedule::Computed::Crashed(how) => {
            if options.dump_schedule {
                println!("region {index} scheduler: isl's scheduler failed in its process ({how}); the original order is kept");
            }
            scop.schedule.copy()?
        }
    };
    let mut transformed = tile(schedule.copy()?, &tiling)?;
    let fuse = |t: &transform::tile::Tiled| match plan.fusion {
        schedule::Fusion::Liveout => fuse_producers(session, scop, index, options, times, &t.schedule, model.as_ref()),
        _ => Ok(None),
    };
    let mut fused = fuse(&transformed)?;
    // The arrays with tile-local buffers in `fused`, once counted.
    let mut buffered = None;
    // Wide tiles only where they keep every intermediate that tiles of
    // the given sizes keep in tile-local buffers: in a 32-channel blur,
    // tiles 128 wide across the channels leave the intermediate out.
    if let (Some(_), Some(FusedSchedule { schedule: first, .. })) = (tiling.shape, &fused) {
        let (mut kept, mut over_budget) = buffered_arrays(session, scop, dependences, first)?;
        buffered = Some(kept);
        let describe = |shape: Option<transform::tile::TileShape>| shape.map_or("the given sizes".to_string(), |s| format!("{} x {}", s.rows, s.width));
        let mut tried = vec![format!("{} keeps {kept}", describe(tiling.shape))];
        let mut chosen = tiling.shape;
        // (Smaller tiles can only keep more where some buffer did not fit.)
        let smaller = FUSED_TILE_SHAPES[1..].iter().copied().map(Some).chain([None]);
        for shape in smaller {
            if over_budget == 0 {
                break;
            }
            let retiled = tile(schedule.copy()?, &transform::tile::TileOptions { shape, ..tiling.clone() })?;
            let Some(fused_again) = fuse(&retiled)? else { continue };
            let (kept_here, over_here) = buffered_arrays(session, scop, dependences, &fused_again.schedule)?;
            tried.push(format!("{} {kept_here}", describe(shape)));
            over_budget = over_here;
            if kept_here > kept {
                kept = kept_here;
                chosen = shape;
                (transformed, fused, buffered) = (retiled, Some(fused_again), Some(kept_here));
            }
        }
        if options.dump_schedule && tried.len() > 1 {
            println!("region {index} fused tile shape: {} intermediates in tile-local buffers: {} used", tried.join(", "), describe(chosen));
        }
    }
    let downsampling = fused.as_ref().and_then(|f| f.downsampling.clone());
    let (fused, fusion) = fused.map(|f| (f.schedule, f.described)).unzip();
    let fusion = fusion.unwrap_or_default();
    if options.dump_schedule {
        for d in &fusion {
            println!("region {index} fusion: {d}");
        }
    }
    // On the GPU, a block's threads share the fused producers' loops
    // (where that can be decided within the bound; otherwise one thread
    // runs them).
    let fused = match fused {
        Some(f) if options.target == back::Target::Cuda => {
            session.reset_operations();
            let marked = times.time(region, "tile", || isl::within_operations(session.ctx(), transform::fuse::OPERATIONS, || transform::gpu::mark_fused_producers(f.copy()?, scop, dependences)));
            session.reset_operations();
            Some(marked.unwrap_or(f))
        }
        other => other,
    };
    if plan.fusion == schedule::Fusion::Liveout && plan.smart_unless_fused {
        let smart = SchedulePlan { fusion: schedule::Fusion::Smart, smart_unless_fused: false, ..plan.clone() };
        // By default, fusion is worth it where it keeps intermediates in
        // tile-local buffers: the rest of its gain (producers' values
        // still in cache) did not make up for its loss of smart fusion's
        // schedule (gemver).
        if let (Some(_), Some(why)) = (&fused, &downsampling) {
            if options.dump_schedule {
                println!("region {index} fusion choice: {why}: smart fusion used");
            }
            return transformed_schedule(session, scop, index, options, times, &smart, dependences);
        }
        let buffered = match (&fused, buffered) {
            (Some(_), Some(count)) => count > 0,
            (Some(f), None) => buffered_arrays(session, scop, dependences, f)?.0 > 0,
            (None, _) => false,
        };
        if !buffered {
            if options.dump_schedule && fused.is_some() {
                println!("region {index} fusion choice: no intermediate fits a tile-local buffer: smart fusion used");
            }
            return transformed_schedule(session, scop, index, options, times, &smart, dependences);
        }
        let smart = transformed_schedule(session, scop, index, options, times, &smart, dependences)?;
        if let (Ok(liveout), Some(other)) = (cost(&transformed), smart.1) {
            if liveout > other * (1.0 + FLOOR_MARGIN) {
                if options.dump_schedule {
                    println!("region {index} fusion choice: post-tiling fusion predicted {liveout:.3e} against smart fusion's {other:.3e}: smart fusion used");
                }
                return Ok(smart);
            }
        }
    }
    if plan.reschedule == cli::Reschedule::Always {
        let estimate = cost(&transformed).ok();
        let bands = transformed.bands;
        return Ok((Some(Candidate { schedule: transformed.schedule, fused, verdict: "new schedule (--reschedule=always)", fusion, bands }), estimate));
    }
    // Bands without reuse stay untiled unless the model finds tiling them
    // cheaper anyway (a wavefront whose untiled inner loops are short).
    if transformed.untiled > 0 && fused.is_none() {
        let all = tile(schedule, &transform::tile::TileOptions { require_reuse: false, ..tiling.clone() })?;
        if let (Ok(some), Ok(every)) = (cost(&transformed), cost(&all)) {
            if every < some {
                // Tiling every band keeps the bands tiled for reuse tiled.
                transformed = transform::tile::Tiled { reuse_tiled: transformed.reuse_tiled, ..all };
            }
        }
    }
    let original = transform::tile::Tiled { schedule: scop.schedule.copy()?, in_tile: Vec::new(), untiled: 0, reuse_tiled: 0, bands: Vec::new() };
    let costs = Costs {
        original: cost(&original),
        floor: floor.as_ref().map(&cost),
        new: cost(&transformed),
        reuse: transformed.reuse_tiled > 0,
        fused: fused.is_some(),
    };
    session.reset_operations();
    let choice = costs.choice();
    if options.dump_schedule {
        println!("region {index} model: {}", costs.describe(choice));
    }
    let estimate = |c: &isl::IslResult<f64>| c.as_ref().ok().copied();
    Ok(match choice {
        Verdict::New => {
            let bands = transformed.bands;
            (Some(Candidate { schedule: transformed.schedule, fused, verdict: choice.describe(), fusion, bands }), estimate(&costs.new))
        }
        Verdict::ParallelOriginal => {
            let floor = floor.map(|f| Candidate::floor(f, choice.describe()));
            (floor, costs.floor.as_ref().and_then(estimate))
        }
        Verdict::Original => (None, estimate(&costs.original)),
    })
}

/// Which schedule the cost model keeps for a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The new schedule, predicted faster than the original order.
    New,
    /// The original order with its parallel loops marked: the new schedule
    /// is not predicted faster, but running the original loops in
    /// parallel is.
    ParallelOriginal,
    /// The original order, unchanged.
    Original,
}

impl Verdict {
    /// What `--dump-schedule` says of it.
    fn describe(self) -> &'static str {
        match self {
            Verdict::New => "new schedule used",
            Verdict::ParallelOriginal => "original order kept, parallelised",
            Verdict::Original => "original kept",
        }
    }
}

/// The cost model's estimates for the candidate schedules of a region.
struct Costs {
    original: isl::IslResult<f64>,
    /// The original order with parallel marks; `None` for targets without
    /// parallel loops.
    floor: Option<isl::IslResult<f64>>,
    new: isl::IslResult<f64>,
    /// Whether the new schedule tiles a band for the reuse of its data,
    /// a gain the model does not count (it has no caches).
    reuse: bool,
    /// Whether it computes producers in their consumers' tiles, where
    /// what they produce is still in cache (or in a tile-local buffer), a
    /// gain the model does not count either.
    fused: bool,
}

/// Relative gain over the original order, parallelised, that the model
/// must predict for a new schedule that tiles nothing for reuse (fusion,
/// skewing, interchange) to be used: the gains it counts are coarse,
/// and what it does not count (shorter inner loops, code around fused
/// statements of different shapes) is a loss.
const FLOOR_MARGIN: f64 = 0.05;

impl Costs {
    /// The candidate the model predicts fastest, with [`FLOOR_MARGIN`]
    /// in favour of the original order parallelised, unless the new
    /// schedule tiles for reuse (no margin) or fuses producers into their
    /// consumers' tiles (the margin in its favour, as against smart
    /// fusion: the fused tiles of a camera pipeline, predicted 0.01%
    /// slower for their recomputed borders, ran 1.6x faster); the new
    /// schedule where the model cannot be evaluated (it predicts nothing).
    fn choice(&self) -> Verdict {
        let (Ok(original), Ok(new)) = (&self.original, &self.new) else { return Verdict::New };
        let floor = match &self.floor {
            Some(Ok(floor)) if floor < original => Some(*floor),
            _ => None,
        };
        let new_wins = |floor: f64| {
            if self.fused {
                *new <= floor * (1.0 + FLOOR_MARGIN)
            } else if self.reuse {
                *new <= floor
            } else {
                *new < floor * (1.0 - FLOOR_MARGIN)
            }
        };
        match floor {
            Some(floor) if !new_wins(floor) => Verdict::ParallelOriginal,
            _ if new > original => Verdict::Original,
            _ => Verdict::New,
        }
    }

    /// The estimates and `choice`, for `--dump-schedule`.
    fn describe(&self, choice: Verdict) -> String {
        let show = |c: &isl::IslResult<f64>| match c {
            Ok(c) => format!("{c:.3e}"),
            Err(e) => format!("not evaluated ({e})"),
        };
        let mut text = format!("original {}", show(&self.original));
        if let Some(floor) = &self.floor {
            text.push_str(&format!(", original parallelised {}", show(floor)));
        }
        let reuse = match (self.reuse, self.fused) {
            (_, true) => " (producers fused into tiles)",
            (true, false) => " (tiled for reuse)",
            (false, false) => "",
        };
        format!("{text}, new{reuse} {}: {}", show(&self.new), choice.describe())
    }
}

/// The schedule of region `index` from `--load-schedule`, checked against
/// the region's dependences; `Err` says why it cannot be used.
fn load_schedule(session: &Session, scop: &scop::Scop, index: usize, loaded: &[String], expandable: Option<&std::collections::HashSet<String>>) -> Result<isl::IslResult<Chosen>, String> {
    let text = loaded.get(index).ok_or_else(|| format!("the --load-schedule file holds {} schedule(s); region {index} has none", loaded.len()))?;
    let (expand, text) = match text.strip_prefix(EXPANDED_MARKER) {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text.as_str()),
    };
    let schedule = isl_rs::Schedule::read_from_str(session.ctx(), text)
        .map_err(isl::IslError::from)
        .and_then(schedule::sequence_sets)
        .map_err(|_| format!("schedule {index} of the --load-schedule file is not an isl schedule tree"))?;
    if expand && expandable.is_none() {
        return Err("the loaded schedule is one of the region with its row buffers expanded, which needs --target=openmp and no --expand=never".into());
    }
    // A schedule saved for the region with its row buffers expanded runs
    // the statements of that model (the copy-out among them).
    let model = |d: &deps::Dependences| -> isl::IslResult<Option<scop::Scop>> {
        match (expand, expandable) {
            (true, Some(used)) => transform::expand::apply(scop, d, used),
            _ => Ok(None),
        }
    };
    let checked = deps::analyse(scop).and_then(|d| {
        let (expanded, d) = match model(&d)? {
            Some(x) => {
                let d = deps::analyse(&x)?;
                (Some(x), d)
            }
            None if expand => return Err(isl::IslError("its row buffers cannot be expanded".into())),
            None => (None, d),
        };
        let scop = expanded.as_ref().unwrap_or(scop);
        let schedule = legality::name_simd_conflicts(scop, &d, schedule.copy()?)?;
        Ok((legality::check(scop, &d, &schedule)?, d, schedule, expanded))
    });
    match checked {
        Ok((Some(why), _, _, _)) => Err(format!("the loaded schedule is not legal: {why}")),
        Ok((None, d, schedule, expanded)) => Ok(d.privatization(expanded.as_ref().unwrap_or(scop)).map(|privatizable| {
            let decision = report::Decision { schedule: "loaded (--load-schedule)".into(), ..Default::default() };
            Chosen { schedule, privatizable, warning: None, new: true, live_in: None, decision, dependences: Some(d), expanded }
        })),
        Err(e) => Err(format!("the loaded schedule cannot be checked: {e}")),
    }
}

/// A failure of a later stage on a region, reported at its `#pragma scop`.
fn region_error(file: &SourceFile, region: &front::Region, why: &str) -> Diagnostic {
    Diagnostic::spanned(format!("cannot regenerate region {}", region.index), region_pragma(file, region), why.to_string())
}

/// The span of a region's `#pragma scop` line, without its indentation.
fn region_pragma(file: &SourceFile, region: &front::Region) -> std::ops::Range<usize> {
    let line = scop_line(&file.text[region.original.clone()]);
    let pragma_line = &file.text[region.original.start + line.start..region.original.start + line.end];
    let start = region.original.start + line.end - pragma_line.trim_start().len();
    start..region.original.start + line.end
}

/// The range in `text`, a region's original text, of its `#pragma scop`
/// line (newline excluded): its first line, or the first after the loop
/// hints the region took in from before it.
fn scop_line(text: &str) -> std::ops::Range<usize> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let words: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let is_scop = words.strip_prefix("#pragmascop").is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
        if is_scop {
            return start..start + line.trim_end_matches(['\r', '\n']).len();
        }
        start += line.len();
    }
    0..text.find('\n').unwrap_or(text.len())
}

/// The text of `region` between its `#pragma scop` and `#pragma endscop`
/// lines.
fn region_statements<'f>(file: &'f SourceFile, region: &front::Region) -> &'f str {
    let text = &file.text[region.original.clone()];
    let start = (scop_line(text).end + 1).min(text.len());
    let end = text.trim_end_matches(['\r', '\n']).rfind('\n').map_or(start, |e| e + 1).max(start);
    &text[start..end]
}

/// Stack of the thread [`with_deep_stack`] runs its work on: the front end
/// recurses once per level of syntax, up to `front::MAX_NESTING` levels,
/// and an unoptimised build's frames take about 8 KiB a level (a
/// 1000-level subscript overflowed the main thread's 8 MiB). The memory is
/// reserved, not used, until that deep.
const DEEP_STACK_BYTES: usize = 256 << 20;

/// Runs `work` on a thread with a stack for the deepest syntax iotile
/// accepts; gives its result (a panic in `work` is resumed here).
pub fn with_deep_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    match std::thread::Builder::new().stack_size(DEEP_STACK_BYTES).spawn(work) {
        Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(e) => panic!("cannot start a thread with a {DEEP_STACK_BYTES}-byte stack: {e}"),
    }
}

/// Writes `text` to `path` through a temporary file in the same directory,
/// so that `path` is either untouched or complete. A path that names
/// something other than a regular file (`/dev/null`, `/dev/stdout`, a pipe)
/// is written directly: renaming onto it would replace the device (for
/// root, `/dev/null` itself) with a file. A symbolic link to a file stays a
/// link: the file it names gets the text.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), Diagnostic> {
    let cannot = |e: std::io::Error| Diagnostic::error(format!("cannot write '{}': {}", path.display(), io_reason(&e)));
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() && !m.is_dir() => {
            let mut out = std::fs::OpenOptions::new().write(true).open(path).map_err(cannot)?;
            out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(cannot)
        }
        Ok(_) if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) => {
            let target = std::fs::canonicalize(path).map_err(cannot)?;
            replace_file(&target, text)
        }
        _ => replace_file(path, text),
    }
}

/// [`write_atomically`] onto a path that is a regular file or nothing yet.
fn replace_file(path: &Path, text: &str) -> Result<(), Diagnostic> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let cannot = |e: std::io::Error| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound if !dir.exists() => format!("directory '{}' does not exist", dir.display()),
            _ => io_reason(&e),
        };
        Diagnostic::error(format!("cannot write '{}': {why}", path.display()))
    };
    // The output gets the permissions a file created in its place would
    // (the umask applied; not the temporary file's own 0600), or those of
    // the file it replaces.
    use std::os::unix::fs::PermissionsExt as _;
    let mut tmp = tempfile::Builder::new().permissions(std::fs::Permissions::from_mode(0o666)).tempfile_in(&dir).map_err(cannot)?;
    let _interrupted = interrupt::Temporary::new(tmp.path());
    if let Ok(old) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(old.permissions()).map_err(cannot)?;
    }
    tmp.write_all(text.as_bytes()).map_err(cannot)?;
    tmp.persist(path).map_err(|e| cannot(e.error))?;
    Ok(())
}

/// An I/O error in words, without the `(os error N)` suffix.
pub fn io_reason(e: &std::io::Error) -> String {
    let text = match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    };
    match text.find(" (os error") {
        Some(at) => text[..at].to_lowercase(),
        None => text,
    }
}
