//! Rectangular tiling of permutable bands and parallel-loop marking.
//!
//! Every outermost permutable band with at least two members (whose
//! accesses reuse data across its iterations, if asked) is split into a
//! tile band and a point band (`isl_schedule_node_band_tile`) with the requested sizes,
//! and its point loops are reordered so that the innermost one is cheap
//! and, when it carries no dependence, marked for vectorisation. Then,
//! walking from the root, the outermost band member that isl found
//! coincident (free of loop-carried dependences) is named, by its schedule
//! depth, by a [`PARALLEL_MARK`](crate::marks::PARALLEL_MARK) above its band, and nothing below a mark
//! is marked again, so parallel loops are never nested.
//!
//! ```text
//!   band [i, j, k] (permutable)      mark "parallel_0"
//!        |                 ==>         band [ti, tj, tk]   (tile loops)
//!       ...                                 band [i, j, k] (point loops)
//! ```

use isl_rs::{ASTLoopType, DimType, Id, Map, MapList, MultiUnionPwAff, MultiVal, Schedule, ScheduleNode, ScheduleNodeType, Set, UnionMap, UnionPwAff, UnionPwAffList, UnionSet, Val};

use crate::deps::Dependences;
use crate::legality::{band_reorderable, parallel_conflict, simd_conflicts};
use crate::marks::{parallel_mark, registers_mark, simd_mark};
use crate::isl::{named_id, tuple_names, within_operations, IslResult, IslText};
use crate::model::io::{lcm, Band, BandReport, Hierarchy, InnermostChoice, RegisterBlock, Searches, Tiling, AUTO_MARGIN, SECOND_LEVEL_MARGIN, TRAFFIC_CUT};
use crate::model::{one_step_along, stride, CostModel, Stride, STRIDED_IN_TILE};
use crate::scop::Scop;

/// Where `--isolate-full-tiles` separates full tiles from partial ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Isolate {
    /// In every tiled band.
    Always,
    /// In tiled bands of three or more members (matrix products), whose
    /// vectorised point loops gain most from constant trip counts.
    #[default]
    Deep,
    /// Nowhere.
    Never,
}

/// How to tile.
#[derive(Debug, Clone, Default)]
pub struct TileOptions {
    /// Tile sizes per tiled band, in the order the bands are met walking
    /// the tree (outermost first); within a band, the last size is repeated
    /// for deeper members, and the last band's sizes for further bands.
    /// Empty: no tiling.
    pub sizes: Vec<Vec<i64>>,
    /// Second tiling level: each outer tile holds this many tiles along
    /// every member (`None` or 1: one level, or the I/O model's outer
    /// tiles, see [`IoOptions::outer`]).
    pub second_level: Option<i64>,
    /// Where full tiles are generated apart from partial ones, without
    /// bound checks.
    pub isolate_full_tiles: Isolate,
    /// Mark parallel loops (and innermost loops that may be vectorised).
    pub mark_parallel: bool,
    /// Below a tile loop marked parallel, mark the point loops that may run
    /// as the threads of a GPU block ([`super::gpu`]).
    pub mark_threads: bool,
    /// Tile only bands whose accesses reuse data across their iterations
    /// (see [`temporal_reuse`]).
    pub require_reuse: bool,
    /// Test every band member for parallelism, not only those isl's
    /// scheduler found coincident: the bands of the original schedule carry
    /// no such flags.
    pub every_member_parallel: bool,
    /// The I/O model: each tiled band is measured and reported, and with
    /// `--tile-sizes=auto` sized (its tile loops ordered) by its search.
    pub io: Option<IoOptions>,
    /// Tile sizes in place of what [`Self::sizes`] gives: `width` for the
    /// member each band runs innermost in its tiles (its stride-one
    /// member), `rows` for every other.
    pub shape: Option<TileShape>,
    /// Register tiles inside the full tiles of bands of three or more
    /// members (CPU targets; see [`register_tile`]).
    pub registers: Option<RegisterTiles>,
}

/// Tile sizes by role: `width` iterations of a band's stride-one member,
/// `rows` of each of its others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileShape {
    /// Iterations of each member but the stride-one one.
    pub rows: i64,
    /// Iterations of the stride-one member.
    pub width: i64,
}

/// The shape of register tiles: `rows` iterations of the member a written
/// array moves along besides the innermost one, `columns` of the innermost
/// (a few vectors).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterTiles {
    pub rows: i64,
    pub columns: i64,
}

impl RegisterTiles {
    /// What `--tile-sizes=auto` chooses: four rows of two vectors of
    /// doubles (eight accumulators of the sixteen or thirty-two vector
    /// registers; a gemm tile of 4 x 16 ran 1.4x faster than the plain
    /// 32-tile, 8 x 16 spilled and was slower than it).
    pub const AUTO: RegisterTiles = RegisterTiles { rows: 4, columns: 16 };
}

/// What the I/O model does for the tiler.
#[derive(Debug, Clone)]
pub struct IoOptions {
    /// The memory levels it counts.
    pub hierarchy: Hierarchy,
    /// Choose tile sizes and the order of tile loops (`--tile-sizes=auto`)
    /// instead of taking [`TileOptions::sizes`].
    pub auto: bool,
    /// Choose outer tiles around the tiles (`--l2-tile-factor=auto`, see
    /// [`Band::second_level`]) where no factor is given.
    pub outer: bool,
    /// Keep each band's measure in its report, for the least traffic of
    /// each level ([`Band::least_traffic`]): `--report`.
    pub least: bool,
    /// The searches done for the bands tiled so far.
    pub searches: Searches,
}

/// A schedule after tiling and marking.
pub struct Tiled {
    /// The transformed schedule.
    pub schedule: Schedule,
    /// Names of the statements whose innermost loops are point loops of a
    /// tile: their jumping accesses revisit the tile's few cache lines.
    pub in_tile: Vec<String>,
    /// Tilable bands left untiled for lack of reuse.
    pub untiled: usize,
    /// Bands tiled because their accesses reuse data across iterations
    /// (counted only where reuse is required).
    pub reuse_tiled: usize,
    /// With the I/O model, its account of every tiled band.
    pub bands: Vec<BandReport>,
}

/// Tiles and marks `schedule` (of `scop`) in place of the original;
/// `model`, when there is one, tells which parallel loops do unequal work.
pub fn apply(schedule: Schedule, scop: &Scop, deps: &Dependences, options: &TileOptions, model: Option<&CostModel>) -> IslResult<Tiled> {
    let mut tiler = Tiler { scop, deps, options, model, in_tile: Vec::new(), bands_tiled: 0, untiled: 0, reuse_tiled: 0, bands: Vec::new(), register_tiles: 0, measured_members: Vec::new() };
    let root = tiler.visit(schedule.get_root()?, Walk { may_tile: true, in_parallel: false })?;
    Ok(Tiled { schedule: root.get_schedule()?, in_tile: tiler.in_tile, untiled: tiler.untiled, reuse_tiled: tiler.reuse_tiled, bands: tiler.bands })
}

/// What is already decided above the node being visited.
#[derive(Clone, Copy)]
struct Walk {
    /// No band above was tiled (only outermost bands are tiled, so the
    /// point band a tiling creates is not tiled again).
    may_tile: bool,
    /// A parallel mark is above.
    in_parallel: bool,
}

/// The walk over one schedule tree.
struct Tiler<'a> {
    scop: &'a Scop,
    deps: &'a Dependences,
    options: &'a TileOptions,
    model: Option<&'a CostModel>,
    /// See [`Tiled::in_tile`].
    in_tile: Vec<String>,
    /// Bands tiled so far (indexes [`TileOptions::sizes`]).
    bands_tiled: usize,
    /// See [`Tiled::untiled`].
    untiled: usize,
    /// See [`Tiled::reuse_tiled`].
    reuse_tiled: usize,
    /// See [`Tiled::bands`].
    bands: Vec<BandReport>,
    /// Register tiles made so far (numbers their marks).
    register_tiles: usize,
    /// The band being tiled: for each of its members, the member of the
    /// band as [`Self::sizes`] measured it (`auto` may permute them).
    measured_members: Vec<usize>,
}

impl Tiler<'_> {
    /// Transforms the subtree at `node`; gives the node back at the same place.
    fn visit(&mut self, node: ScheduleNode, walk: Walk) -> IslResult<ScheduleNode> {
        if node.get_type()? != ScheduleNodeType::Band || node.band_n_member()? == 0 {
            return self.visit_children(node, walk);
        }
        let mut walk = walk;
        let members = node.band_n_member()?;
        let tilable = walk.may_tile && members >= 2 && node.band_get_permutable()? && band_reorderable(self.scop, self.deps, &node)?;
        // A simd mark inserted above the band takes its place in the tree.
        let (mut node, mut marked) = (node, false);
        let tile = tilable && !self.options.sizes.is_empty();
        let reuse = !tile || !self.options.require_reuse || temporal_reuse(&node, self.scop)?;
        if tile && !reuse {
            self.untiled += 1;
        }
        let tiled = tile && reuse;
        if tiled {
            self.reuse_tiled += usize::from(self.options.require_reuse);
            node = self.parallel_outermost(node, walk)?;
            node = self.tile(node)?;
            walk.may_tile = false;
        } else if tilable {
            node = stride_one_innermost(node, self.scop, false)?.0;
            node = self.parallel_strips(node, walk)?;
            if leaf_band(&node)? {
                (node, marked) = self.finish_leaf(split_classes(node)?.0)?;
            }
        }
        // The outermost member that carries no conflict, or a later one
        // where that one runs once (three colour channels in a tile of 32:
        // the generated code has no loop for the mark to name, and the
        // fused tiles of an unsharp mask ran on one thread).
        let mut parallel = None;
        if self.options.mark_parallel && !walk.in_parallel {
            for i in 0..node.band_n_member()? {
                if self.parallel_candidate(&node, i)? && parallel_conflict(self.scop, self.deps, &node, i)?.is_none() {
                    parallel.get_or_insert(i);
                    if !self.runs_once(&node, i)? {
                        parallel = Some(i);
                        break;
                    }
                }
            }
        }
        node = match parallel {
            Some(k) => self.mark_parallel(node, k, walk, tiled)?,
            None => self.visit_children(node, walk)?,
        };
        Ok(if marked { node.parent()? } else { node })
    }

    /// Tiles the band at `node` (at one or two levels), orders its point
    /// loops and, as asked, isolates full tiles and marks the innermost
    /// point loop for vectorisation; gives the outermost tile band.
    fn tile(&mut self, node: ScheduleNode) -> IslResult<ScheduleNode> {
        let members = node.band_n_member()?;
        let reports = self.bands.len();
        self.measured_members = (0..members as usize).collect();
        let (node, sizes, outer_sizes) = self.sizes(node)?;
        let reported = self.bands.len() > reports;
        let size = |i: i32| sizes[i as usize];
        let ctx = node.get_ctx();
        let mut values = MultiVal::zero(node.band_get_space()?)?;
        for i in 0..members {
            values = values.set_val(i, Val::int_from_si(&ctx, size(i))?)?;
        }
        self.in_tile.extend(tuple_names(&node.get_domain()?)?);
        let mut node = node.band_tile(values)?;
        let mut levels = 1;
        if let Some(outer_sizes) = outer_sizes {
            // The tile loops step by the tile sizes, so outer tiles of
            // multiples of them hold whole tiles.
            let mut outer = MultiVal::zero(node.band_get_space()?)?;
            for i in 0..members {
                outer = outer.set_val(i, Val::int_from_si(&ctx, outer_sizes[i as usize])?)?;
            }
            node = node.band_tile(outer)?;
            levels = 2;
        }
        for _ in 0..levels {
            node = node.child(0)?;
        }
        let mut order;
        (node, order) = stride_one_innermost(node, self.scop, true)?;
        if self.options.mark_threads {
            let threads_first = super::gpu::sequential_innermost(&node, self.scop, self.deps)?;
            if threads_first.iter().enumerate().any(|(i, &m)| i != m) {
                node = permute(node, &threads_first)?;
                order = threads_first.iter().map(|&m| order[m]).collect();
            }
        }
        let isolate = match self.options.isolate_full_tiles {
            Isolate::Always => true,
            Isolate::Deep => members >= 3,
            Isolate::Never => false,
        };
        let split;
        (node, split) = split_classes(node)?;
        // Split members no longer line up with the tile loops.
        let isolation = match isolate && !split {
            true => full_tiles(&node, &(0..members).map(size).collect::<Vec<_>>(), &order)?,
            false => None,
        };
        // Register tiles go in bands whose full tiles are generated apart
        // (their blocks are full there), never in GPU blocks.
        let registers = match (self.options.registers, &isolation) {
            (Some(shape), Some((_, full))) if !self.options.mark_threads => {
                let point_sizes: Vec<i64> = order.iter().map(|&m| sizes[m]).collect();
                let made = self.register_tile(node, shape, &point_sizes, full.copy()?)?;
                // The band's report (the last one, made by `sizes`) says so,
                // in the members it counts.
                if let (Ok((_, block)), true) = (&made, reported) {
                    let tile_member = |m: usize| self.measured_members[order[m]];
                    let registers = RegisterBlock {
                        reduction: tile_member(block.reduction),
                        rows_member: tile_member(block.rows_member),
                        columns_member: tile_member(block.columns_member),
                        ..*block
                    };
                    if let Some(report) = self.bands.last_mut() {
                        report.registers = Some(registers);
                    }
                }
                made.map(|(innermost, _)| innermost)
            }
            _ => Err(node),
        };
        node = match registers {
            Ok(innermost) => {
                // The band of blocks, the mark above the reduction band,
                // the reduction band.
                levels += 3;
                innermost
            }
            Err(node) => match isolation {
                Some((isolated, _)) => node.band_set_ast_build_options(UnionSet::from_set(isolated)?)?,
                None => node,
            },
        };
        if leaf_band(&node)? {
            let marked;
            (node, marked) = self.finish_leaf(node)?;
            levels += i32::from(marked);
        }
        for _ in 0..levels {
            node = node.parent()?;
        }
        Ok(node)
    }

    /// The tile sizes of the band at `node`, one per member, and those of
    /// its outer tiles where it gets a second level: those asked for, or
    /// with `--tile-sizes=auto` the I/O model's, its members then permuted
    /// to the order it chose for the tile loops (gives the band); outer
    /// tiles of `--l2-tile-factor=N` tiles, or with `auto` the model's. With the
    /// I/O model, the band's account goes to [`Tiled::bands`].
    fn sizes(&mut self, node: ScheduleNode) -> IslResult<(ScheduleNode, Vec<i64>, Option<Vec<i64>>)> {
        let asked = self.options.sizes.get(self.bands_tiled).or(self.options.sizes.last()).cloned().unwrap_or_default();
        self.bands_tiled += 1;
        let n = node.band_n_member()? as usize;
        let mut asked: Vec<i64> = (0..n).map(|i| asked.get(i).or(asked.last()).copied().unwrap_or(32)).collect();
        if let Some(shape) = self.options.shape {
            asked = vec![shape.rows; n];
            asked[cheapest_innermost(&node, self.scop, true)?] = shape.width;
        }
        let factor = self.options.second_level.filter(|&f| f > 1);
        let outer_of = |sizes: &[i64]| factor.map(|f| sizes.iter().map(|s| s * f).collect::<Vec<_>>());
        let (Some(io), Some(model)) = (&self.options.io, self.model) else { return Ok((node, asked.clone(), outer_of(&asked))) };
        let choice = innermost_choice(&node, self.scop, true)?;
        let innermost = choice.pick(&(0..n).collect::<Vec<_>>());
        let partial = node.band_get_partial_schedule_union_map()?.intersect_domain(node.get_domain()?)?;
        let statements = tuple_names(&node.get_domain()?)?;
        let prefix = node.get_prefix_schedule_union_map()?;
        let Some(mut band) = Band::measure(self.scop, model, &prefix, &partial, innermost, &io.hierarchy)? else { return Ok((node, asked.clone(), outer_of(&asked))) };
        band = band.with_innermost_choice(choice);
        // The register tiles that [`Self::register_tile`] will make where
        // the sizes allow.
        if let (Some(shape), false, true) = (self.options.registers, self.options.mark_threads, blockable(&node, innermost as i32)?) {
            if let Some((r, Some(u))) = reduction_member(&node, self.scop, innermost as i32)? {
                band = band.with_registers(RegisterBlock { reduction: r as usize, rows_member: u as usize, columns_member: innermost, rows: shape.rows, columns: shape.columns });
            }
        }
        let fixed = Tiling { outer: outer_of(&asked), ..Tiling::new(asked.clone(), (0..n).collect()) };
        let (mut tiling, mut why, from, search) = if !io.auto {
            (fixed, "as given".to_string(), "fixed", None)
        } else {
            let (searched, search) = io.searches.search(&band, &io.hierarchy);
            let searched = Tiling { outer: outer_of(&searched.sizes), ..searched };
            let (best, given) = (band.cycles(&searched, &io.hierarchy), band.cycles(&fixed, &io.hierarchy));
            // How many times fewer bytes the choice moves into the
            // innermost level than the given sizes.
            let innermost_bytes = |t: &Tiling| io.hierarchy.levels.first().map_or(0.0, |l| band.traffic(t, l));
            let cut = innermost_bytes(&fixed) / innermost_bytes(&searched).max(1.0);
            if best > given * (1.0 - AUTO_MARGIN) && (best >= given || cut < TRAFFIC_CUT) {
                // Within the model's error of the given sizes: keep them.
                let why = format!(
                    "the model's best of {} tilings evaluated ({} pruned), {:?} in order {:?}, is predicted only {:.1}% faster",
                    search.0,
                    search.1,
                    searched.sizes,
                    searched.order,
                    100.0 * (1.0 - best / given)
                );
                (fixed, why, "fixed", Some(search))
            } else {
                let mut why = format!("least modelled cycles of {} tilings evaluated ({} partial choices pruned), {:.1}% below the given sizes'", search.0, search.1, 100.0 * (1.0 - best / given));
                if best > given * (1.0 - AUTO_MARGIN) {
                    why.push_str(&format!(", moving {cut:.1} times fewer bytes into {}", io.hierarchy.levels[0].name));
                }
                (searched, why, "auto", Some(search))
            }
        };
        // Outer tiles where the outermost tile loop is the parallel one.
        if io.outer && factor.is_none() && !self.options.mark_threads && node.band_member_get_coincident(tiling.order[0] as i32)? {
            match band.second_level(&tiling, &io.hierarchy) {
                (Some((two_levels, saved)), evaluated) => {
                    why.push_str(&format!("; outer tiles: least modelled cycles of {evaluated} evaluated, {:.1}% below one level's", 100.0 * saved));
                    tiling = two_levels;
                }
                (None, evaluated) => why.push_str(&format!("; one level: no outer tiles of {evaluated} evaluated are predicted {:.0}% faster", 100.0 * SECOND_LEVEL_MARGIN)),
            }
        }
        let sizes = tiling.order.iter().map(|&k| tiling.sizes[k]).collect();
        let outer = tiling.outer.as_ref().map(|o| tiling.order.iter().map(|&k| o[k]).collect());
        let node = if tiling.order.iter().enumerate().all(|(i, &k)| i == k) { node } else { permute(node, &tiling.order)? };
        self.measured_members = tiling.order.clone();
        let mut report = band.report(statements, tiling, &io.hierarchy, why);
        report.sizes_from = from;
        report.search = search;
        if io.least {
            report.band = Some(band);
        }
        self.bands.push(report);
        Ok((node, sizes, outer))
    }

    /// Register tiling of the point band at `node` (members `p`, tiles
    /// of `sizes` iterations along each, full tiles `full` generated
    /// apart): where a written array's accesses stay on the same elements
    /// along a member `r` (gemm's `C[i][j]` along `k`), the band becomes a
    /// band of blocks (`shape.rows` iterations of the other member that
    /// array moves along, `u`, by `shape.columns` of the innermost, `v`;
    /// the other members whole), a band over `r` and, innermost, a band
    /// over the points of a block:
    ///
    /// ```text
    ///   band [i, k, j]   ==>   band [4 floor(i/4), 16 floor(j/16)]   (full tiles isolated)
    ///                            mark registers_<n>
    ///                              band [k]
    ///                                band [i, j]
    /// ```
    ///
    /// This is a rectangular tiling of the permutable point band (sizes 4,
    /// all of `r`, 16), so every order of its instances it gives is valid.
    /// The mark tells the AST generator where a block's elements of the
    /// array may be held in a small local buffer ([`crate::ast`] checks
    /// that the block is exactly what is accessed there), which the C
    /// compiler keeps in vector registers across the `k` loop. Gives the
    /// innermost band and the blocks made (in the point band's members),
    /// or `node` unchanged where the band is not [`blockable`] (fewer than
    /// three members, a band below it, or an innermost member that carries
    /// a dependence and would not vectorise), no written array is
    /// invariant along a member, or the blocks do not divide the tiles.
    fn register_tile(&mut self, node: ScheduleNode, shape: RegisterTiles, sizes: &[i64], full: Set) -> IslResult<Result<(ScheduleNode, RegisterBlock), ScheduleNode>> {
        let n = node.band_n_member()?;
        let v = n - 1;
        if !blockable(&node, v)? || sizes[v as usize] % shape.columns != 0 {
            return Ok(Err(node));
        }
        let Some((r, u)) = reduction_member(&node, self.scop, v)? else { return Ok(Err(node)) };
        let rows = match u {
            Some(u) if sizes[u as usize] % shape.rows == 0 => shape.rows,
            _ => 1,
        };
        let block = |m: i32| match m {
            _ if m == v => shape.columns,
            _ if Some(m) == u => rows,
            _ => 1,
        };
        let ctx = node.get_ctx();
        let partial = node.band_get_partial_schedule()?;
        let space = partial.get_space()?;
        let coincident: Vec<bool> = (0..n).map(|m| node.band_member_get_coincident(m)).collect::<Result<_, _>>()?;
        // The members of the band of blocks (all but the reduction's) and
        // of the band of a block's points (those blocked).
        let blocks: Vec<i32> = (0..n).filter(|&m| m != r).collect();
        let points: Vec<i32> = (0..n).filter(|&m| m != r && block(m) > 1).collect();
        let band_of = |members: &[i32], floor: bool| -> IslResult<MultiUnionPwAff> {
            let mut list = UnionPwAffList::alloc(&ctx, members.len() as i32)?;
            for &m in members {
                let f = partial.get_union_pw_aff(m)?;
                list = list.add(match floor && block(m) > 1 {
                    true => floor_of_quotient(f, block(m))?.scale_val(Val::int_from_si(&ctx, block(m))?)?,
                    false => f,
                })?;
            }
            let dropped = (n as usize - members.len()) as u32;
            Ok(MultiUnionPwAff::from_union_pw_aff_list(space.copy()?.drop_dims(DimType::Set, 0, dropped)?, list)?)
        };
        let (outer, reduction, inner) = (band_of(&blocks, true)?, band_of(&[r], false)?, band_of(&points, false)?);
        let flags = |members: &[i32]| members.iter().map(|&m| coincident[m as usize]).collect::<Vec<_>>();
        let mut band = node.delete()?.insert_partial_schedule(inner)?;
        for (i, c) in flags(&points).into_iter().enumerate() {
            band = band.band_member_set_coincident(i as i32, i32::from(c))?;
        }
        band = band.band_set_permutable(1)?.insert_partial_schedule(reduction)?;
        band = band.band_member_set_coincident(0, i32::from(coincident[r as usize]))?;
        band = band.insert_partial_schedule(outer)?;
        for (i, c) in flags(&blocks).into_iter().enumerate() {
            band = band.band_member_set_coincident(i as i32, i32::from(c))?;
        }
        band = band.band_set_permutable(1)?;
        band = match isolate_option(&band, full)? {
            Some(isolated) => band.band_set_ast_build_options(UnionSet::from_set(isolated)?)?,
            None => band,
        };
        band = separate_statements(band)?;
        let id = Id::read_from_str(&ctx, &registers_mark(self.register_tiles))?;
        self.register_tiles += 1;
        let reduction = separate_statements(band.child(0)?.insert_mark(id)?.child(0)?)?;
        let made = RegisterBlock { reduction: r as usize, rows_member: u.unwrap_or(v) as usize, columns_member: v as usize, rows, columns: shape.columns };
        Ok(Ok((reduction.child(0)?, made)))
    }

    /// The member of the permutable band at `node` that could run in
    /// parallel if it were outermost, where its outermost member cannot:
    /// marked where it is, it would start a parallel loop in every
    /// iteration of the members above it (a fused stencil chain whose rows
    /// carry the producers' values and whose columns are independent).
    fn inner_parallel_member(&self, node: &ScheduleNode, walk: Walk) -> IslResult<Option<i32>> {
        if !self.options.mark_parallel || walk.in_parallel {
            return Ok(None);
        }
        if self.parallel_candidate(node, 0)? && parallel_conflict(self.scop, self.deps, node, 0)?.is_none() {
            return Ok(None);
        }
        for m in 1..node.band_n_member()? {
            if self.parallel_candidate(node, m)? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// Whether member `m` of the band at `node` takes one value at the cost
    /// model's parameters (a tile loop over fewer points than a tile);
    /// `false` without a model.
    fn runs_once(&self, node: &ScheduleNode, m: i32) -> IslResult<bool> {
        let Some(model) = self.model else { return Ok(false) };
        let values = node.band_get_partial_schedule_union_map()?.intersect_domain(node.get_domain()?)?;
        Ok(model.extent(&values, m)? == Some(1))
    }

    /// Whether member `m` of the band at `node` is tested for parallelism:
    /// isl found it coincident, or every member is tested.
    fn parallel_candidate(&self, node: &ScheduleNode, m: i32) -> IslResult<bool> {
        Ok(self.options.every_member_parallel || node.band_member_get_coincident(m)?)
    }

    /// `reordered` (the band at `node` with a new first member) where its
    /// first member carries no conflict, `node` otherwise.
    fn if_first_parallel(&self, reordered: ScheduleNode, node: ScheduleNode) -> IslResult<ScheduleNode> {
        Ok(if parallel_conflict(self.scop, self.deps, &reordered, 0)?.is_none() { reordered } else { node })
    }

    /// Before tiling: moves the member found by
    /// [`Self::inner_parallel_member`] first, so that its tile loop is the
    /// outermost and parallel (one parallel loop over columns of tiles
    /// instead of one per row of tiles). The band's members may be
    /// permuted, and the point loops are ordered afterwards; gives the band
    /// unchanged where the moved member would still carry a dependence.
    fn parallel_outermost(&self, node: ScheduleNode, walk: Walk) -> IslResult<ScheduleNode> {
        let Some(k) = self.inner_parallel_member(&node, walk)? else { return Ok(node) };
        let n = node.band_n_member()? as usize;
        let order: Vec<usize> = std::iter::once(k as usize).chain((0..n).filter(|&m| m != k as usize)).collect();
        self.if_first_parallel(permute(node.copy()?, &order)?, node)
    }

    /// In an untiled band: strip-mines the member found by
    /// [`Self::inner_parallel_member`] into strips of [`STRIP_WIDTH`]
    /// iterations (fewer where that would leave fewer than [`MIN_STRIPS`]
    /// strips) and puts the strip loop outermost, where it is parallel:
    /// each thread walks all the rows of its own wide strip, rows stay long
    /// and the order within a strip is the band's.
    ///
    /// ```text
    ///   band [i, j], only j parallel   ==>   band [floor(j / W), i, j]
    /// ```
    ///
    /// The new band is permutable (no distance along `j` is negative, so
    /// none along `floor(j / W)` is); gives the band unchanged where the
    /// strip loop would still carry a dependence.
    fn parallel_strips(&self, node: ScheduleNode, walk: Walk) -> IslResult<ScheduleNode> {
        let Some(k) = self.inner_parallel_member(&node, walk)? else { return Ok(node) };
        let partial = node.band_get_partial_schedule()?;
        let values = node.band_get_partial_schedule_union_map()?.intersect_domain(node.get_domain()?)?;
        let extent = match self.model {
            Some(model) => model.extent(&values, k)?,
            None => None,
        };
        let width = extent.map_or(STRIP_WIDTH, |e| ((e + MIN_STRIPS - 1) / MIN_STRIPS).clamp(1, STRIP_WIDTH));
        let ctx = node.get_ctx();
        let n = node.band_n_member()?;
        let mut list = UnionPwAffList::alloc(&ctx, n + 1)?;
        list = list.add(floor_of_quotient(partial.get_union_pw_aff(k)?, width)?)?;
        let mut coincident = vec![node.band_member_get_coincident(k)?];
        for m in 0..n {
            list = list.add(partial.get_union_pw_aff(m)?)?;
            coincident.push(node.band_member_get_coincident(m)?);
        }
        let space = partial.get_space()?.add_dims(DimType::Set, 1)?;
        let stripped = with_members(node.copy()?, MultiUnionPwAff::from_union_pw_aff_list(space, list)?, &coincident)?.band_set_permutable(1)?;
        self.if_first_parallel(stripped, node)
    }

    /// Generates the leaf band at `node` separated by statement and, where
    /// parallel loops are marked, puts a simd mark above it when its
    /// innermost loop may be vectorised; gives the band or the mark, and
    /// whether the mark was inserted.
    fn finish_leaf(&self, node: ScheduleNode) -> IslResult<(ScheduleNode, bool)> {
        let node = separate_statements(node)?;
        if self.options.mark_parallel {
            mark_simd(node, self.scop, self.deps)
        } else {
            Ok((node, false))
        }
    }

    /// Puts a parallel mark naming member `k` of the band at `node` above
    /// the band, then visits what lies below the band (and, when the band
    /// is a `tiled` one and threads are asked for, marks its point loops
    /// for threads); gives the node back at the original position.
    ///
    /// ```text
    ///   band [a, b, c] (at depth 0), k = 1   ==>   mark parallel_1
    ///                                                band [a, b, c]
    /// ```
    fn mark_parallel(&mut self, node: ScheduleNode, k: i32, walk: Walk, tiled: bool) -> IslResult<ScheduleNode> {
        let depth = node.get_schedule_depth()? + k;
        // Only an outermost loop: the work of an inner loop's iterations
        // summed over the outer loops says nothing about one execution of
        // it (ludcmp's row loop inside its pivot loop looked like a
        // triangle, and round-robin columns halved the use of each cache
        // line: 0.51x).
        let cyclic = match self.model {
            Some(model) if depth == 0 => {
                let member = node.band_get_partial_schedule()?.get_union_pw_aff(k)?;
                model.unequal_iterations(&UnionMap::from_union_pw_aff(member)?.intersect_domain(node.get_domain()?)?)?
            }
            _ => false,
        };
        let id = Id::read_from_str(&node.get_ctx(), &parallel_mark(depth, cyclic))?;
        let band = node.insert_mark(id)?.child(0)?;
        let mut band = self.visit_children(band, Walk { in_parallel: true, ..walk })?;
        if !(tiled && self.options.mark_threads) {
            return Ok(band.parent()?);
        }
        band = super::gpu::mark_threads(band, self.scop, self.deps)?;
        let grid = super::gpu::grid(&band, k, self.scop, self.deps)?;
        let mark = band.parent()?;
        Ok(match grid {
            Some(name) => {
                let id = Id::read_from_str(&mark.get_ctx(), &name)?;
                mark.insert_mark(id)?
            }
            None => mark,
        })
    }

    fn visit_children(&mut self, mut node: ScheduleNode, walk: Walk) -> IslResult<ScheduleNode> {
        for i in 0..node.n_children()? {
            node = self.visit(node.child(i)?, walk)?.parent()?;
        }
        Ok(node)
    }
}

/// Whether some access of a statement in the band at `node` touches one
/// element in several iterations of the band within one iteration of the
/// loops around it (`A[i][k]` in a band over `i, j, k`; `A[i][j]` in a
/// time-skewed band over `t, i`): only then can tiles keep data in cache
/// for reuse. A band whose accesses are each one-to-one (a stencil sweep
/// `A[i][j+1]` over `i, j`) reuses only between neighbouring iterations,
/// which the untiled loops already keep in cache, and tiling would only
/// shorten its inner loops (heat-3d: 1.68x untiled, 0.91x tiled). An
/// access of one element per iteration of the outer loops (`_fict_[t]`
/// under a band over `i, j`) stays in a register and does not count.
fn temporal_reuse(node: &ScheduleNode, scop: &Scop) -> IslResult<bool> {
    let domain = node.get_domain()?;
    let outer = node.get_prefix_schedule_union_map()?.intersect_domain(domain.copy()?)?;
    let both = outer.copy()?.flat_range_product(node.band_get_partial_schedule_union_map()?.intersect_domain(domain)?)?;
    let spaces = (outer.get_map_list()?, both.get_map_list()?);
    if spaces.0.size()? == 0 || spaces.1.size()? == 0 {
        return Ok(false);
    }
    let n_outer = spaces.0.get_at(0)?.dim(DimType::Out)?;
    let n_all = spaces.1.get_at(0)?.dim(DimType::Out)?;
    let names = |prefix: &str| (0..n_all).map(|d| if d < n_outer { format!("o{d}") } else { format!("{prefix}{d}") }).collect::<Vec<_>>();
    let differs = (n_outer..n_all).map(|d| format!("a{d} != b{d}")).collect::<Vec<_>>();
    let text = format!("{{ [{}] -> [{}] : {} }}", names("a").join(", "), names("b").join(", "), differs.join(" or "));
    let other_iteration = UnionMap::from_map(Map::read_from_str(&node.get_ctx(), &text)?)?;
    for statement in &scop.statements {
        let own = UnionSet::from_set(statement.domain.copy()?)?;
        let at = both.copy()?.intersect_domain(own.copy()?)?;
        if at.is_empty()? {
            continue;
        }
        for access in statement.reads.iter().chain(&statement.writes) {
            let relation = UnionMap::from_map(access.relation.copy()?)?;
            let per_outer = outer.copy()?.intersect_domain(own.copy()?)?.reverse()?.apply_range(relation.copy()?)?;
            if per_outer.is_single_valued()? {
                continue;
            }
            let touched = at.copy()?.reverse()?.apply_range(relation)?;
            let shared = touched.copy()?.apply_range(touched.reverse()?)?.intersect(other_iteration.copy()?)?;
            if !shared.is_empty()? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Whether no band lies below the band at `node`: its innermost member is
/// then the innermost loop of every statement under it.
/// Whether the band at `node` can get register tiles
/// ([`Tiler::register_tile`]) with `innermost`, the member its point band
/// runs innermost, as their columns: it has three members or more, no
/// band below it (a convolution's band over `f, y, x, c` has the kernel's
/// loops inside), and that member is parallel (it vectorises). The I/O
/// model counts register tiles where this holds, so the two agree.
fn blockable(node: &ScheduleNode, innermost: i32) -> IslResult<bool> {
    Ok(node.band_n_member()? >= 3 && leaf_band(node)? && node.band_member_get_coincident(innermost)?)
}

fn leaf_band(node: &ScheduleNode) -> IslResult<bool> {
    fn no_band_below(node: &ScheduleNode) -> IslResult<bool> {
        for i in 0..node.n_children()? {
            let child = node.get_child(i)?;
            if child.get_type()? == ScheduleNodeType::Band || !no_band_below(&child)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
    no_band_below(node)
}

/// Puts a [`SIMD_MARK`](crate::marks::SIMD_MARK) above the band at `node` when its innermost member
/// is coincident (carries no dependence) and its iterations may run as
/// lanes with private copies of the scalars they write, naming the pairs
/// of statements that access one element in one iteration (see
/// [`simd_conflicts`]: a loop that holds both gets `omp simd` only where
/// they print those elements alike); gives
/// the band and whether the mark was inserted.
fn mark_simd(node: ScheduleNode, scop: &Scop, deps: &Dependences) -> IslResult<(ScheduleNode, bool)> {
    let mut innermost = node.band_n_member()? - 1;
    // An unrolled member generates no loop: the loop above it is innermost.
    while innermost > 0 && node.band_member_get_ast_loop_type(innermost)? == ASTLoopType::Unroll {
        innermost -= 1;
    }
    if !node.band_member_get_coincident(innermost)? || parallel_conflict(scop, deps, &node, innermost)?.is_some() {
        return Ok((node, false));
    }
    let depth = node.get_schedule_depth()? + innermost;
    let name = simd_mark(depth, &simd_conflicts(scop, deps, &node, innermost)?);
    let id = named_id(&node.get_ctx(), &name)?;
    Ok((node.insert_mark(id)?.child(0)?, true))
}

/// isl operations allowed for finding a band's full tiles (PolyBench's
/// bands need at most 130 thousand, except heat-3d's under maximal or
/// minimal fusion at its larger sizes); a band that needs more (strided
/// loops, whose full tiles are few or none: 4.5 million operations, 2 s;
/// guarded statements of several shapes: 0.8 million, 0.3 s) keeps its
/// tiles together.
const ISOLATION_OPERATIONS: u64 = 250_000;

/// Most pieces (disjuncts) of the set of full tiles for which they are
/// isolated: each piece becomes a case of its own in the generated loops,
/// and isl's AST generation time grows fast with their number (19 pieces
/// of tiny two-level tiles: 28 s against 0.6 s without isolation).
/// PolyBench's bands have up to 6, except heat-3d's with two tiling
/// levels (14).
const MAX_ISOLATED_PIECES: i32 = 8;

/// The isolate option for the point band at `node` (directly below its
/// tile band, whose loops step by `sizes`; point member `i` walks tile
/// member `order[i]`), and the full tiles (the values of the loops around
/// the band where they run): with the option, the tiles whose every point
/// lies in the iteration domain are generated apart, with constant loop
/// bounds, and the partial tiles at the borders get loops with `min` and
/// `max` bounds. `None` where there are no full tiles, where they form
/// more than [`MAX_ISOLATED_PIECES`] pieces, or where finding them takes
/// more than [`ISOLATION_OPERATIONS`]. The option only shapes the code:
/// the same instances run in the same order either way.
fn full_tiles(node: &ScheduleNode, sizes: &[i64], order: &[usize]) -> IslResult<Option<(Set, Set)>> {
    Ok(within_operations(&node.get_ctx(), ISOLATION_OPERATIONS, || isolated_points(node, sizes, order)).flatten())
}

/// The values of the loops around the band at `node` mapped to its own
/// (`[outer] -> [band]`, one map for all its statements); `None` where
/// its statements' spaces differ.
fn band_points(node: &ScheduleNode) -> IslResult<Option<Map>> {
    let domain = node.get_domain()?;
    let prefix = node.get_prefix_schedule_union_map()?.intersect_domain(domain.copy()?)?;
    let partial = node.band_get_partial_schedule_union_map()?.intersect_domain(domain)?;
    let maps = prefix.reverse()?.apply_range(partial)?.get_map_list()?;
    Ok(if maps.size()? == 1 { Some(maps.get_at(0)?) } else { None })
}

/// The `isolate` option that generates the band at `node` apart where the
/// loops around it take values in `full`; `None` where it cannot be
/// expressed.
fn isolate_option(node: &ScheduleNode, full: Set) -> IslResult<Option<Set>> {
    let Some(points) = band_points(node)? else { return Ok(None) };
    Ok(Some(points.intersect_domain(full)?.wrap()?.coalesce()?.set_tuple_name("isolate")?))
}

/// The `isolate` option of [`full_tiles`]: the full tiles' points
/// (`isolate[[tile loops] -> [point loops]]`), and the full tiles; `None`
/// where it leaves the band as it is.
fn isolated_points(node: &ScheduleNode, sizes: &[i64], order: &[usize]) -> IslResult<Option<(Set, Set)>> {
    // Tile loop values (prefix) -> point loop values.
    let Some(points) = band_points(node)? else { return Ok(None) };
    let outer = points.dim(DimType::In)? as usize;
    let n = sizes.len();
    if outer < n {
        return Ok(None);
    }
    // Every point of each tile: t <= p < t + size along each member, where
    // the tile loops are the last n prefix dimensions.
    let ins: Vec<String> = (0..outer).map(|i| format!("o{i}")).collect();
    let outs: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let bounds: Vec<String> = (0..n).map(|i| format!("o{t} <= p{i} < o{t} + {}", sizes[order[i]], t = outer - n + order[i])).collect();
    let text = format!("{{ [{}] -> [{}] : {} }}", ins.join(", "), outs.join(", "), bounds.join(" and "));
    let whole = Map::read_from_str(&node.get_ctx(), &text)?.intersect_domain(points.copy()?.domain()?)?;
    let partial_tiles = whole.subtract(points.copy()?)?.domain()?;
    let full = points.copy()?.domain()?.subtract(partial_tiles)?.coalesce()?;
    if full.is_empty()? || full.n_basic_set()? > MAX_ISOLATED_PIECES {
        return Ok(None);
    }
    // The partial tiles get isl's default generation. Asking for `atomic`
    // there (smaller code, faster AST generation) made isl run a statement
    // before another one of an earlier sequence child at the same point
    // (a read before the write it depends on, with tiles 3,5,7).
    Ok(Some((points.intersect_domain(full.copy()?)?.wrap()?.coalesce()?.set_tuple_name("isolate")?, full)))
}

/// The members `r` and `u` of [`Tiler::register_tile`] for the band at
/// `node` whose member `innermost` runs innermost in its tiles (`None`
/// where there is no `r`): an array written in the band whose every
/// access there stays on its element along `r` and moves along the
/// innermost member, and the innermost other member it moves along
/// (`None`: only the innermost).
fn reduction_member(node: &ScheduleNode, scop: &Scop, innermost: i32) -> IslResult<Option<(i32, Option<i32>)>> {
    let n = node.band_n_member()?;
    let partial = node.band_get_partial_schedule_union_map()?;
    let names = tuple_names(&node.get_domain()?)?;
    let statements: Vec<_> = scop.statements.iter().filter(|s| names.contains(&s.name)).collect();
    let written: Vec<&str> = statements.iter().flat_map(|s| s.writes.iter().map(|w| w.array.as_str())).collect();
    // How the accesses of `array` move along member `m`: the strides.
    let strides = |array: &str, m: i32| -> IslResult<Vec<Option<Stride>>> {
        let mut out = Vec::new();
        for statement in &statements {
            let schedule = partial.copy()?.intersect_domain(UnionSet::from_set(statement.domain.copy()?)?)?;
            let following = one_step_along(&schedule, n as u32, m as u32)?;
            for access in statement.reads.iter().chain(&statement.writes).filter(|a| a.array == array) {
                out.push(stride(&access.relation, &following)?);
            }
        }
        Ok(out)
    };
    let moves = |s: &[Option<Stride>]| s.iter().any(|s| matches!(s, Some(k) if *k != Stride::Invariant));
    for array in written.iter().filter(|a| scop.arrays.iter().any(|x| &x.name == *a && !x.extents.is_empty())) {
        if !moves(&strides(array, innermost)?) {
            continue;
        }
        for r in (0..n).filter(|&r| r != innermost) {
            if moves(&strides(array, r)?) {
                continue;
            }
            let mut u = None;
            for m in (0..n).filter(|&m| m != r && m != innermost) {
                if moves(&strides(array, m)?) {
                    u = Some(m);
                }
            }
            return Ok(Some((r, u)));
        }
    }
    Ok(None)
}

/// Iterations of one parallel strip (see [`Tiler::parallel_strips`]): 1 KiB
/// of `float`s per row and array, long enough for the hardware prefetchers
/// to follow, short enough that a stencil chain's rows of every stage stay
/// in the first-level cache.
const STRIP_WIDTH: i64 = 256;

/// Fewest strips a loop is cut into, so that several threads share them.
const MIN_STRIPS: i64 = 8;

/// Largest stride whose classes [`split_classes`] unrolls: each
/// member so split repeats the code below it this many times.
const MAX_UNROLLED_STRIDE: i64 = 4;

/// Generates the band at `node` so that no statement is selected by a
/// stride or a modulo test in its loops: a member along
/// which statements take values of different strides or offsets (the
/// four statements of a 2x upsample `up[2i+a][2j+b]` fused with a
/// full-resolution consumer at `i`) is split into `floor(f / L)` and
/// `f mod L` (`L` the least common multiple of the strides), the second
/// unrolled, so that each unrolled copy holds exactly the statements of
/// one class. Both members together order the instances as `f` does.
/// Gives the band and whether a member was split (the band then no
/// longer lines up with its tile band).
fn split_classes(node: ScheduleNode) -> IslResult<(ScheduleNode, bool)> {
    let n = node.band_n_member()?;
    let values = node.band_get_partial_schedule_union_map()?.intersect_domain(node.get_domain()?)?.get_map_list()?;
    let mut strides = Vec::new();
    for m in 0..n {
        strides.push(class_stride(&values, m)?);
    }
    let split = strides.iter().filter(|s| s.is_some()).count() as u32;
    let mut node = node;
    if split > 0 {
        let ctx = node.get_ctx();
        let partial = node.band_get_partial_schedule()?;
        let mut list = UnionPwAffList::alloc(&ctx, (n as u32 + split) as i32)?;
        let mut coincident = Vec::new();
        let mut unrolled = Vec::new();
        for m in 0..n {
            let f = partial.get_union_pw_aff(m)?;
            let c = node.band_member_get_coincident(m)?;
            match strides[m as usize] {
                Some(l) => {
                    list = list.add(floor_of_quotient(f.copy()?, l)?)?;
                    list = list.add(f.mod_val(Val::int_from_si(&ctx, l)?)?)?;
                    coincident.extend([c, c]);
                    unrolled.extend([false, true]);
                }
                None => {
                    list = list.add(f)?;
                    coincident.push(c);
                    unrolled.push(false);
                }
            }
        }
        let space = partial.get_space()?.add_dims(DimType::Set, split)?;
        node = with_members(node, MultiUnionPwAff::from_union_pw_aff_list(space, list)?, &coincident)?;
        for (i, u) in unrolled.into_iter().enumerate() {
            if u {
                node = node.band_member_set_ast_loop_type(i as i32, ASTLoopType::Unroll)?;
            }
        }
    }
    Ok((node, split > 0))
}

/// Asks isl to generate each member of the band at `node` as loops over
/// pieces in which the same statements run (`separate`), when the band
/// holds several statements: no test in a loop then selects statements
/// whose domains differ (a 3-tap and a 5-tap stage fused into one loop).
/// Unrolled members keep their type.
fn separate_statements(mut node: ScheduleNode) -> IslResult<ScheduleNode> {
    if node.get_domain()?.n_set()? > 1 {
        for m in 0..node.band_n_member()? {
            if node.band_member_get_ast_loop_type(m)? != ASTLoopType::Unroll {
                node = node.band_member_set_ast_loop_type(m, ASTLoopType::Separate)?;
                node = node.band_member_set_isolate_ast_loop_type(m, ASTLoopType::Separate)?;
            }
        }
    }
    Ok(node)
}

/// Whether a band of `schedule` generates its full tiles apart (has an
/// `isolate` option).
pub fn isolates_full_tiles(schedule: &Schedule) -> bool {
    schedule.isl_text().contains("isolate[")
}

/// `schedule` with every band member generated as loops of type `ty`, in
/// and out of isolated parts; `None` where every member has it already.
/// `Default` gives the same instances in the same order in loops with more
/// tests but cheaper to generate (no `separate`, no unrolling); `Separate`
/// gives loops over pieces that run the same statements: the next try where
/// isl's default generation (and unrolling) ran two statements of one band
/// point in the order opposite to the sequence below the band (a band whose
/// members [`split_classes`] split into a floor and a modulo part; for
/// that tree another isl build printed the right order with `separate`,
/// ours needed more than the AST bound).
pub fn with_loop_types(schedule: &Schedule, ty: ASTLoopType) -> IslResult<Option<Schedule>> {
    fn set(mut node: ScheduleNode, ty: ASTLoopType, changed: &mut bool) -> IslResult<ScheduleNode> {
        if node.get_type()? == ScheduleNodeType::Band {
            for m in 0..node.band_n_member()? {
                if node.band_member_get_ast_loop_type(m)? != ty {
                    node = node.band_member_set_ast_loop_type(m, ty)?;
                    *changed = true;
                }
                if node.band_member_get_isolate_ast_loop_type(m)? != ty {
                    node = node.band_member_set_isolate_ast_loop_type(m, ty)?;
                    *changed = true;
                }
            }
        }
        for i in 0..node.n_children()? {
            node = set(node.child(i)?, ty, changed)?.parent()?;
        }
        Ok(node)
    }
    let mut changed = false;
    let root = set(schedule.get_root()?, ty, &mut changed)?;
    Ok(if changed { Some(root.get_schedule()?) } else { None })
}

/// The stride `L` by which [`split_classes`] splits member `m` of a band
/// whose partial schedule is `values` (one map per statement): the least common multiple of the strides of the values
/// each statement takes along it, where some stride exceeds 1 and the
/// statements fall into different classes (stride and constant offset);
/// `None` where isl generates the member without modulo tests already
/// (every statement of one class) or `L` exceeds [`MAX_UNROLLED_STRIDE`].
fn class_stride(maps: &MapList, m: i32) -> IslResult<Option<i64>> {
    let mut classes = Vec::new();
    for i in 0..maps.size()? {
        let values = maps.get_at(i)?.range()?;
        let n = values.dim(DimType::Set)? as u32;
        let values = values.project_out(DimType::Set, m as u32 + 1, n - m as u32 - 1)?.project_out(DimType::Set, 0, m as u32)?;
        let info = values.get_stride_info(0)?;
        let stride = info.get_stride()?;
        if !stride.is_int()? {
            return Ok(None);
        }
        let offset = info.get_offset()?;
        let offset = if offset.is_cst()? { Some(offset.get_constant_val()?) } else { None };
        let stride = stride.get_num_si()?;
        let offset = match offset {
            Some(v) if v.is_int()? => Some(v.get_num_si()?.rem_euclid(stride.max(1))),
            _ => None,
        };
        classes.push((stride, offset));
    }
    let multiple = classes.iter().fold(1i64, |l, &(s, _)| if s > 0 { lcm(l, s) } else { l });
    let one_class = classes.windows(2).all(|w| w[0] == w[1]) && classes.iter().all(|c| c.1.is_some());
    Ok((multiple > 1 && multiple <= MAX_UNROLLED_STRIDE && !one_class).then_some(multiple))
}

/// `floor(f / by)`.
fn floor_of_quotient(f: UnionPwAff, by: i64) -> IslResult<UnionPwAff> {
    let by = Val::int_from_si(&f.get_ctx(), by)?;
    Ok(f.scale_down_val(by)?.floor()?)
}


/// Reorders the members of a permutable band so that the innermost loop
/// is the one along which the accesses are cheapest in the cost model
/// (invariant or stride 1 rather than jumping) and that carries no
/// dependence (a loop-carried floating-point sum runs at the latency of an
/// addition and does not vectorise). Inside a tile (`in_tile`), a jumping
/// access revisits the few cache lines of the tile, so it costs less than
/// in an untiled loop. Any order of a permutable band's members is valid.
///
/// Gives the band and, for each of its new members, its old position.
fn stride_one_innermost(node: ScheduleNode, scop: &Scop, in_tile: bool) -> IslResult<(ScheduleNode, Vec<usize>)> {
    let n = node.band_n_member()?;
    let best = cheapest_innermost(&node, scop, in_tile)?;
    if best == (n - 1) as usize {
        return Ok((node, (0..n as usize).collect()));
    }
    let mut order: Vec<usize> = (0..n as usize).filter(|&m| m != best).collect();
    order.push(best);
    Ok((permute(node, &order)?, order))
}

/// The member of the band at `node` that [`stride_one_innermost`] puts
/// innermost (the last one unless another is strictly cheaper).
fn cheapest_innermost(node: &ScheduleNode, scop: &Scop, in_tile: bool) -> IslResult<usize> {
    let n = node.band_n_member()? as usize;
    Ok(innermost_choice(node, scop, in_tile)?.pick(&(0..n).collect::<Vec<_>>()))
}

/// What [`stride_one_innermost`] weighs for each member of the band at
/// `node`: the cost of its accesses as the innermost loop, and whether it
/// carries a dependence.
fn innermost_choice(node: &ScheduleNode, scop: &Scop, in_tile: bool) -> IslResult<InnermostChoice> {
    let n = node.band_n_member()?;
    let partial = node.band_get_partial_schedule_union_map()?;
    let mut choice = InnermostChoice { costs: Vec::new(), carried: Vec::new() };
    for m in 0..n {
        let carried = !node.band_member_get_coincident(m)?;
        choice.costs.push(innermost_cost(&partial, n, m, scop, in_tile)? + if carried { CARRIED_INNERMOST } else { 0.0 });
        choice.carried.push(carried);
    }
    Ok(choice)
}

/// Extra cost per iteration of an innermost loop that carries a dependence
/// (it can neither vectorise nor overlap its iterations), in the cost
/// model's units.
const CARRIED_INNERMOST: f64 = 2.0;

/// Cost per iteration, summed over all accesses, of member `m` of a band
/// with partial schedule `partial` (`n` members) as the innermost loop.
fn innermost_cost(partial: &UnionMap, n: i32, m: i32, scop: &Scop, in_tile: bool) -> IslResult<f64> {
    let mut cost = 0.0;
    for statement in &scop.statements {
        let schedule = partial.copy()?.intersect_domain(UnionSet::from_set(statement.domain.copy()?)?)?;
        if schedule.is_empty()? {
            continue;
        }
        let following = one_step_along(&schedule, n as u32, m as u32)?;
        for access in statement.reads.iter().chain(&statement.writes) {
            cost += match stride(&access.relation, &following)? {
                Some(Stride::Other) if in_tile => STRIDED_IN_TILE,
                Some(stride) => stride.cost(),
                None => 0.0,
            };
        }
    }
    Ok(cost)
}

/// Gives the band at `node` with its members in `order` (old positions,
/// outermost first), keeping permutability and coincidence.
fn permute(node: ScheduleNode, order: &[usize]) -> IslResult<ScheduleNode> {
    let partial = node.band_get_partial_schedule()?;
    let space = partial.get_space()?;
    let mut list = UnionPwAffList::alloc(&node.get_ctx(), order.len() as i32)?;
    let mut coincident = Vec::new();
    for &m in order {
        list = list.add(partial.get_union_pw_aff(m as i32)?)?;
        coincident.push(node.band_member_get_coincident(m as i32)?);
    }
    let permuted = MultiUnionPwAff::from_union_pw_aff_list(space, list)?;
    Ok(with_members(node, permuted, &coincident)?.band_set_permutable(1)?)
}

/// The band at `node` replaced by one with the partial schedule `members`
/// and their `coincident` flags (not permutable, default loop types).
fn with_members(node: ScheduleNode, members: MultiUnionPwAff, coincident: &[bool]) -> IslResult<ScheduleNode> {
    let mut node = node.delete()?.insert_partial_schedule(members)?;
    for (i, &c) in coincident.iter().enumerate() {
        node = node.band_member_set_coincident(i as i32, i32::from(c))?;
    }
    Ok(node)
}
