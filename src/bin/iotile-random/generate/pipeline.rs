//! Image-pipeline programs: one region of stages over planes of rows x
//! columns (of one to three channels), each stage a loop nest writing a
//! new array from earlier ones as image pipelines do: stencils (rows,
//! columns, crosses), pointwise combinations, maxima and `?:` selections,
//! downsampling (`P[2 * i + d]`), upsampling (`P[i / 2 + d]`, often with a
//! plane at the full resolution), transposition, and at times two stages
//! of one producer in one loop nest. Each stage's domain is its
//! producers' domain shrunk by its taps (halved for downsampling, doubled
//! for upsampling), its upper bounds written with the parameters `n` (rows)
//! and `m` (columns), their quotients, and `MIN` of two where planes
//! meet. Most intermediates are named in `#pragma iotile scratch` and not
//! printed; the last plane is printed, and some programs also sum it into
//! a scalar. This is what post-tiling fusion, its boxes, scaled boxes and
//! shared loops, the inliner and tile-local buffers act on, so these
//! programs check those transformations on domains that do not divide into
//! tiles.

use super::{Generator, INSTANCE_BUDGET};
use crate::program::{Access, Affine, Array, Bound, Counter, Elem, Expr, Op, Scalar, Stmt, Target, Test};
use crate::rng::Rng;

/// A computed (or given) plane: its array and, per dimension (rows, then
/// columns), the first index (a constant) and the last (the least of one
/// or two affine expressions of the parameters).
#[derive(Clone)]
struct Plane {
    array: usize,
    ranges: [Range; 2],
}

type Range = (i64, Vec<Affine>);

/// What one stage reads its producer at, per dimension.
#[derive(Clone, Copy, PartialEq)]
enum Scale {
    /// `i + d`.
    Same,
    /// `2 * i + d`.
    Down,
    /// `i / 2 + d`.
    Up,
}

impl Generator {
    /// Fills the program (made with parameters `n` and `m` and no arrays)
    /// with one region of an image pipeline.
    pub(super) fn pipeline(&mut self) {
        let elem = *self.rng.pick(&[Elem::Double, Elem::Double, Elem::Float, Elem::Int]);
        let channels = if self.rng.chance(20) { self.rng.range(2, 3) } else { 1 };
        let full = |p: &str| (0, vec![Affine::var(p, 1, -1)]);
        let mut planes = Vec::new();
        for _ in 0..if self.rng.chance(40) { 2 } else { 1 } {
            let array = self.new_array(elem, channels);
            let (n, m) = (self.param("n"), self.param("m"));
            let extents = &mut self.program.arrays[array].extents;
            let k = extents.len();
            extents[k - 2] = n;
            extents[k - 1] = m;
            if channels > 1 {
                extents[0] = channels;
            }
            planes.push(Plane { array, ranges: [full("n"), full("m")] });
        }
        let inputs = planes.len();
        let mut region = Vec::new();
        let stages = self.rng.range(2, 6) as usize;
        let mut tries = 0;
        // The planes some stage reads.
        let mut read = Vec::new();
        while region.len() < stages && tries < 40 && self.program.arrays.len() < 12 {
            tries += 1;
            if let Some((nest, made, reads)) = self.stage(&planes, &read, elem, channels) {
                region.push(nest);
                planes.extend(made);
                read.extend(reads);
            }
        }
        // Intermediates that a stage reads: most of them scratch, a few
        // printed; those none reads are printed (they are outputs).
        for p in planes.iter().skip(inputs).take(planes.len().saturating_sub(inputs + 1)) {
            if read.contains(&p.array) && self.rng.chance(75) {
                self.program.scratch.push(p.array);
            }
        }
        if self.rng.chance(30) {
            let last = planes.last().unwrap().clone();
            let name = "s0".to_string();
            self.program.scalars.push(Scalar { name: name.clone(), elem: if elem.is_int() { Elem::Int } else { Elem::Double } });
            let read = |g: &mut Generator, s: &[Affine]| g.read(Access { array: last.array, subscripts: s.to_vec() });
            let body = self.plane_nest(&last.ranges, channels, |g, s| vec![Stmt::Write { target: Target::Scalar(name.clone()), op: Op::Add, value: read(g, s) }]);
            region.push(body);
        }
        self.program.regions.push(region);
    }

    /// A new array of `elem` (of `channels` planes when more than one).
    fn new_array(&mut self, elem: Elem, channels: i64) -> usize {
        let k = self.program.arrays.len();
        let dims = if channels > 1 { 3 } else { 2 };
        self.program.arrays.push(Array { name: format!("{}", (b'A' + k as u8) as char), elem, extents: vec![1; dims] });
        k
    }

    /// The last index of `b` for the program's parameters.
    fn last(&self, b: &Bound) -> i64 {
        self.bound_interval(b).1
    }

    /// One stage (or two in one loop nest) from `planes`, of which those
    /// in `read` are read by earlier stages: its loop nest, the planes it
    /// computes and the arrays it reads; none where its domain would be
    /// empty or a quotient's dividend negative.
    fn stage(&mut self, planes: &[Plane], read: &[usize], elem: Elem, channels: i64) -> Option<(Stmt, Vec<Plane>, Vec<usize>)> {
        // The latest plane no stage reads yet, else mostly the latest ones.
        let producer = match planes.iter().rev().find(|p| !read.contains(&p.array)) {
            Some(p) if self.rng.chance(80) => p.clone(),
            _ => planes[planes.len() - 1 - self.rng.range(0, 2.min(planes.len() as i64 - 1)) as usize].clone(),
        };
        let kind = self.rng.range(0, 99);
        // Per read: the plane, the scale and offset per dimension, and
        // whether it is transposed.
        type Read = (Plane, [(Scale, i64); 2], bool);
        let mut reads: Vec<Read> = Vec::new();
        let offsets = |g: &mut Generator, taps: i64| -> Vec<[i64; 2]> {
            let shape = g.rng.range(0, 3);
            let r = g.rng.range(1, 2);
            (0..taps)
                .map(|_| match shape {
                    0 => [0, g.rng.range(-r, r)],
                    1 => [g.rng.range(-r, r), 0],
                    _ => [g.rng.range(-1, 1), g.rng.range(-1, 1)],
                })
                .collect()
        };
        let siblings = kind < 40 && self.rng.chance(25);
        match kind {
            // A stencil.
            0..=39 => {
                let taps = self.rng.range(1, 4);
                for d in offsets(self, taps) {
                    reads.push((producer.clone(), [(Scale::Same, d[0]), (Scale::Same, d[1])], false));
                }
            }
            // A pointwise combination, a maximum or a selection of two planes.
            40..=64 => {
                let other = planes[self.rng.below(planes.len())].clone();
                reads.push((producer.clone(), [(Scale::Same, 0), (Scale::Same, 0)], false));
                let d = if self.rng.chance(30) { offsets(self, 1)[0] } else { [0, 0] };
                reads.push((other, [(Scale::Same, d[0]), (Scale::Same, d[1])], false));
            }
            // Downsampling along one or both dimensions.
            65..=77 => {
                let both = self.rng.chance(70);
                let along = [both || self.rng.chance(50), true];
                let taps = self.rng.range(1, 3);
                for _ in 0..taps {
                    let s = |g: &mut Generator, k: usize| if along[k] { (Scale::Down, g.rng.range(-1, 1)) } else { (Scale::Same, g.rng.range(-1, 1)) };
                    let scales = [s(self, 0), s(self, 1)];
                    reads.push((producer.clone(), scales, false));
                }
            }
            // Upsampling, most often beside a plane at the full resolution.
            78..=92 => {
                let both = self.rng.chance(70);
                let along = [both || self.rng.chance(50), true];
                let s = |g: &mut Generator, k: usize| if along[k] { (Scale::Up, g.rng.range(0, 1)) } else { (Scale::Same, 0) };
                let scales = [s(self, 0), s(self, 1)];
                reads.push((producer.clone(), scales, false));
                if self.rng.chance(60) {
                    let other = planes[self.rng.below(planes.len())].clone();
                    reads.push((other, [(Scale::Same, 0), (Scale::Same, 0)], false));
                }
            }
            // Transposition.
            _ => reads.push((producer.clone(), [(Scale::Same, 0), (Scale::Same, self.rng.range(-1, 1))], true)),
        }
        // The domain: where every read stays in its plane's domain.
        let mut ranges: Option<[Range; 2]> = None;
        for (plane, scales, transposed) in &reads {
            let mut r = Vec::new();
            for (k, &(scale, d)) in scales.iter().enumerate() {
                let (lo, hi) = &plane.ranges[if *transposed { 1 - k } else { k }];
                let map = |f: &dyn Fn(Affine) -> Option<Affine>| hi.iter().map(|a| f(a.clone())).collect::<Option<Vec<Affine>>>();
                let (lo, hi) = match scale {
                    Scale::Same => (lo - d, map(&|a| Some(a.plus(-d)))?),
                    // 2i + d in [lo, hi]: i in [ceil((lo - d) / 2), (hi - d) / 2].
                    Scale::Down => ((lo - d + 1).div_euclid(2).max(0), map(&|a| Some(a.plus(-d)).filter(|a| self.interval(a).0 >= 0).map(|a| a.quasi(2, false)))?),
                    // i / 2 + d in [lo, hi]: i in [2 (lo - d), 2 (hi - d) + 1].
                    Scale::Up => (2 * (lo - d).max(0), map(&|a| Some(twice(a.plus(-d)).plus(1)))?),
                };
                r.push((lo.max(0), hi));
            }
            let r: [Range; 2] = [r[0].clone(), r[1].clone()];
            ranges = Some(match ranges {
                None => r,
                Some(old) => [meet(self, &old[0], &r[0]), meet(self, &old[1], &r[1])],
            });
        }
        let ranges = ranges?;
        let size: Vec<i64> = ranges.iter().map(|(lo, hi)| self.last(&bound(hi)) - lo + 1).collect();
        if size.iter().any(|&s| s < 1) || size[0] * size[1] * channels * 2 > INSTANCE_BUDGET {
            return None;
        }
        let count = if siblings { 2 } else { 1 };
        let made: Vec<Plane> = (0..count).map(|_| Plane { array: self.new_array(elem, channels), ranges: ranges.clone() }).collect();
        let kind_select = (40..=64).contains(&kind) && self.rng.chance(40);
        let targets: Vec<usize> = made.iter().map(|p| p.array).collect();
        let nest = self.plane_nest(&ranges, channels, |g, own| {
            targets
                .iter()
                .map(|&target| {
                    let mut values = Vec::new();
                    for (plane, scales, transposed) in &reads {
                        let mut s: Vec<Affine> = (0..2)
                            .map(|k| {
                                let v = own[own.len() - 2 + k].clone();
                                let (scale, d) = scales[k];
                                match scale {
                                    Scale::Same => v.plus(d),
                                    Scale::Down => twice(v).plus(d),
                                    Scale::Up => v.quasi(2, false).plus(d),
                                }
                            })
                            .collect();
                        if *transposed {
                            s.swap(0, 1);
                        }
                        let mut subscripts = own[..own.len() - 2].to_vec();
                        subscripts.extend(s);
                        let access = Access { array: plane.array, subscripts };
                        g.record(&access);
                        values.push(g.read(access));
                    }
                    let value = if kind_select && values.len() == 2 {
                        let (a, b) = (values[0].clone(), values[1].clone());
                        if g.rng.chance(50) { Expr::Greater(Box::new(a), Box::new(b)) } else { Expr::Select { compared: Box::new([a.clone(), b.clone(), a, b]), or: g.rng.chance(50) } }
                    } else if elem.is_int() {
                        Expr::Remainder(Box::new(Expr::Sum(values.into_iter().map(|v| (g.rng.range(1, 3).to_string(), v)).collect())), 1009)
                    } else if values.len() == 2 && g.rng.chance(20) {
                        let mut values = values.into_iter();
                        Expr::Product(Box::new(Expr::Sum(vec![("0.5".into(), values.next().unwrap())])), Box::new(values.next().unwrap()))
                    } else {
                        let suffix = if elem == Elem::Float { "f" } else { "" };
                        // Weights of at most 1 in sum.
                        let weights: &[&str] = if values.len() > 2 { &["0.25", "-0.25", "0.125"] } else { &["0.5", "0.25", "-0.25", "0.375"] };
                        Expr::Sum(values.into_iter().map(|v| (format!("{}{suffix}", g.rng.pick(weights)), v)).collect())
                    };
                    let written = Access { array: target, subscripts: own.to_vec() };
                    g.record(&written);
                    Stmt::Write { target: Target::Element(written), op: Op::Assign, value }
                })
                .collect()
        });
        let arrays = reads.iter().map(|r| r.0.array).collect();
        Some((nest, made, arrays))
    }

    /// The loop nest over `ranges` (rows, then columns, inside a loop over
    /// the channels when there are several; at times with rows and columns
    /// interchanged, or rows counted down) around the statements `body`
    /// makes from the subscripts of the point (channel first).
    fn plane_nest(&mut self, ranges: &[Range; 2], channels: i64, body: impl FnOnce(&mut Generator, &[Affine]) -> Vec<Stmt>) -> Stmt {
        // Rows `i`, columns `j`, channels `k`.
        let mut loops: Vec<(String, i64, Bound)> = vec![("i".into(), ranges[0].0, bound(&ranges[0].1)), ("j".into(), ranges[1].0, bound(&ranges[1].1))];
        if self.rng.chance(15) {
            loops.swap(0, 1);
        }
        if channels > 1 {
            let channel = ("k".to_string(), 0, Bound::Affine(Affine::constant(channels - 1)));
            if self.rng.chance(75) { loops.insert(0, channel) } else { loops.push(channel) }
        }
        for (var, lo, hi) in &loops {
            let last = self.last(hi);
            self.scope.push((var.clone(), *lo, last));
        }
        let mut own: Vec<Affine> = vec![Affine::var("i", 1, 0), Affine::var("j", 1, 0)];
        if channels > 1 {
            own.insert(0, Affine::var("k", 1, 0));
        }
        let mut stmts = body(self, &own);
        self.scope.truncate(self.scope.len() - loops.len());
        for (var, lo, hi) in loops.into_iter().rev() {
            let down = var == "i" && self.rng.chance(10);
            let test = if self.rng.chance(30) { Test::Strict } else { Test::Inclusive };
            stmts = vec![Stmt::Loop { var, from: Bound::Affine(Affine::constant(lo)), to: hi, step: 1, down, test, counter: Counter::Own, body: stmts }];
        }
        stmts.pop().unwrap()
    }
}

/// The least of `pieces`, as a loop bound.
fn bound(pieces: &[Affine]) -> Bound {
    let mut pieces = pieces.iter().map(|a| Bound::Affine(a.clone()));
    let first = pieces.next().unwrap();
    pieces.fold(first, |b, a| Bound::Min(Box::new(b), Box::new(a)))
}

/// `2 a`.
fn twice(mut a: Affine) -> Affine {
    a.constant *= 2;
    a.terms.iter_mut().for_each(|t| t.0 *= 2);
    a.quasi.iter_mut().for_each(|q| q.coefficient *= 2);
    a
}

/// Where two ranges overlap: the larger first index, and the least last
/// one, of at most two pieces: those of the smaller constant where two
/// differ only by one, and the two least for these parameters where more
/// are left (the others never bind here, and this program runs only
/// with these).
fn meet(g: &Generator, a: &Range, b: &Range) -> Range {
    let mut pieces: Vec<Affine> = Vec::new();
    for p in a.1.iter().chain(&b.1) {
        match pieces.iter_mut().find(|q| q.terms == p.terms && q.quasi == p.quasi) {
            Some(q) => q.constant = q.constant.min(p.constant),
            None => pieces.push(p.clone()),
        }
    }
    pieces.sort_by_key(|p| g.interval(p).0);
    pieces.truncate(2);
    (a.0.max(b.0), pieces)
}

/// The stream that draws pipeline programs.
pub(super) const PIPELINE_STREAM: u64 = 0x7069_7065_6c69_6e65;

/// Whether the program of `seed` is an image pipeline (a fifth of them).
pub(super) fn is_pipeline(seed: u64) -> bool {
    Rng::new(seed ^ PIPELINE_STREAM).chance(20)
}
