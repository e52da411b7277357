//! The random program generator: from a seed, a [`Program`] of one to
//! three regions mixing loop nests of depth one to four (imperfect nests,
//! pipelines of nests, time loops), bounds that are constants, parameters,
//! outer iterators, their minimum and maximum (triangles, trapezoids) or
//! integer quotients, steps of 1 to 3, decreasing loops, `<=`, `<` and `!=`
//! tests, affine and modulo guards and guards that read data, with and
//! without `else`, in-place stencils and scans (reads of the written array
//! next to the written element), reductions into scalars and array
//! elements, transposed, diagonal and quasi-affine (`A[i / 2]`, `A[i % 3]`)
//! subscripts, divisions and `<math.h>` calls in values, scalar
//! temporaries, and `float`, `double` and `int` arrays of one to three
//! dimensions (in some programs `short`, `unsigned char` and `long` ones
//! too, and integer values joined by `^`, `&` and `|` or stored by `^=`
//! and `|=`), passed as globals or variable-length array parameters, with
//! sizes as `int` or `unsigned` parameters (half of those through a
//! typedef, `count_t`) or macros (unsigned ones compared as such in guards,
//! among them `i - 2u < 3u` windows, and in the tests of loops up to
//! them); in some programs `long` iterators that count from past
//! `INT_MAX` (each use printed as the value it has in the other programs);
//! in others `unsigned` iterators that count from a parameter `ub`,
//! in most of those close enough to `UINT_MAX` that some loops' bounds
//! wrap; in others `int` iterators that count from a parameter `ib`, in
//! most of those near `INT_MAX` or `INT_MIN`;
//! some arrays the last region writes are
//! named in a `#pragma iotile scratch` and not printed, and some last
//! regions end with a stage that writes a new such array at its own point
//! and a stage that reads it at its neighbours (what `--inline` and
//! tile-local buffers act on); in some programs a loop whose body is one
//! loop has no braces and a loop hint between the two, in some
//! floating-point values are stored through a function of the program, and
//! in some iterators are declared before the regions or in blocks of them
//! ([`declare_counters`]), and in some the regions run three times, in a
//! loop of the kernel that prints the scalars and outer iterators before
//! them (and not after the loop), and in some the array elements and calls
//! read in values are parenthesised and the coefficients of sums named
//! (`(A[i]) * (B[j])`, `(half * (A[i])) - x`); in some the minima and
//! maxima of bounds and subscripts are calls of the program's functions
//! `imin` and `imax`, not macros and ternaries; in some `main` calls the
//! kernel a second time with small parameter values ([`edge`]); in some
//! assignments, and the statements under an `if`, are wrapped in
//! `do { ... } while (0)`, as macros write them.
//!
//! A fifth of the seeds (drawn from a stream of their own) give image
//! pipelines instead, made by [`pipeline`].
//!
//! Every iterator's range is known (parameters get their values here), so
//! every subscript is shifted to be non-negative and every extent is set
//! past the largest subscript: accesses stay in bounds by construction.
//! Values stay bounded (weights of at most 1 in sum, integer values taken
//! modulo small primes), so no overflow makes a result undefined.

mod pipeline;

use crate::edge;
use crate::rng::Rng;
use crate::program::{unsigned_test, Access, Affine, Array, Bound, Cond, Counter, Elem, Expr, Macros, Op, Program, QuasiOp, Scalar, Stmt, Target, Test, ITERATORS};

/// Most statement instances one statement may execute (keeps each program
/// well under a millisecond).
const INSTANCE_BUDGET: i64 = 40_000;

/// Mixed into the seed for the choice of unsigned parameters.
const UNSIGNED_STREAM: u64 = 0x756e_7369_676e_6564;

/// Mixed into the seed for the choice of `long` iterators.
const WIDE_STREAM: u64 = 0x7769_6465_5f69_7465;

/// Mixed into the seed for the choice of `unsigned` iterators from a base.
const BASE_STREAM: u64 = 0x6261_7365_5f69_7465;

/// Mixed into the seed for the choice of `int` iterators from a base.
const SHIFT_STREAM: u64 = 0x7368_6966_745f_6962;

/// How far from `INT_MAX` and `INT_MIN` the base of shifted `int`
/// iterators stays at least ([`Macros::shift`]): loops run over at most a
/// few hundred values around it, and a step past the last is at most 3.
const SHIFT_MARGIN: i32 = 1000;

/// Mixed into the seed for the integer widths of `int` arrays, and for
/// bitwise operators and updates in integer statements.
const INTEGER_STREAM: u64 = 0x696e_7465_6765_7273;

/// Mixed into the seed for loop hints and calls of the program's own
/// function.
const HOST_STREAM: u64 = 0x686f_7374_5f63_616c;

/// Mixed into the seed for the choice of a final pair of stages.
const STAGE_STREAM: u64 = 0x7374_6167_655f_7061;

/// Mixed into the seed for the choice of where iterators are declared (see
/// [`declare_counters`]).
const COUNTER_STREAM: u64 = 0x636f_756e_7465_7273;

/// Mixed into the seed for the choice of regions run three times.
const REPEAT_STREAM: u64 = 0x7265_7065_6174_7321;

/// Mixed into the seed for the choice of a row buffer (see
/// [`Generator::row_buffer`]).
const ROW_STREAM: u64 = 0x726f_775f_6275_6666;

/// Mixed into the seed for the choice of subscripts written as selections
/// (`A[i > 2 ? i : 2]`).
const SELECT_STREAM: u64 = 0x7365_6c65_6374_7321;

/// Mixed into the seed for the choice of parenthesised reads.
const PAREN_STREAM: u64 = 0x7061_7265_6e5f_7264;

/// Mixed into the seed for the choice of statements wrapped in
/// `do { ... } while (0)`.
const WRAP_STREAM: u64 = 0x7772_6170_5f64_6f30;

/// Mixed into the seed for the choice of an edge call and its values.
const EDGE_STREAM: u64 = 0x6564_6765_5f63_616c;

/// Generates the program of `seed`.
pub fn generate(seed: u64) -> Program {
    if pipeline::is_pipeline(seed) {
        return image_pipeline(seed);
    }
    let mut rng = Rng::new(seed);
    let mut params = vec![("n".to_string(), rng.range(3, 24))];
    if rng.chance(60) {
        params.push(("m".to_string(), rng.range(2, 40)));
    }
    if rng.chance(40) {
        params.push(("tsteps".to_string(), rng.range(1, 4)));
    }
    let mut arrays = Vec::new();
    for k in 0..rng.range(2, 5) {
        let elem = *rng.pick(&[Elem::Double, Elem::Double, Elem::Float, Elem::Int]);
        let dims = *rng.pick(&[1, 2, 2, 2, 3]);
        arrays.push(Array { name: format!("{}", (b'A' + k as u8) as char), elem, extents: vec![1; dims] });
    }
    let mut scalars = Vec::new();
    for k in 0..rng.range(0, 2) {
        scalars.push(Scalar { name: format!("s{k}"), elem: *rng.pick(&[Elem::Double, Elem::Int]) });
    }
    let mut macros = if rng.chance(30) { Macros { names: params.iter().map(|(n, _)| n.clone()).collect(), ..Macros::default() } } else { Macros::default() };
    let vla = rng.chance(30);
    // Drawn from a stream of its own, so that the programs of the seeds
    // without unsigned parameters stay what they were.
    let mut stream = Rng::new(seed ^ UNSIGNED_STREAM);
    let unsigned = macros.names.is_empty() && stream.chance(20);
    let typedef_params = unsigned && stream.chance(50);
    // The same for `long` iterators past `INT_MAX`, and for `unsigned`
    // ones from a base that may make their bounds wrap.
    macros.wide = Rng::new(seed ^ WIDE_STREAM).chance(10);
    let mut stream = Rng::new(seed ^ BASE_STREAM);
    if !macros.wide && stream.chance(10) {
        let below = stream.range(0, 30) as u32;
        macros.base = Some(if stream.chance(70) { u32::MAX - below } else { 1000 + below });
    }
    // And for `int` iterators from a base, most near `INT_MAX` or
    // `INT_MIN`.
    let mut stream = Rng::new(seed ^ SHIFT_STREAM);
    if !macros.wide && macros.base.is_none() && !unsigned && stream.chance(10) {
        let margin = SHIFT_MARGIN + stream.range(0, 40) as i32;
        macros.shift = Some(match stream.range(0, 9) {
            0..=3 => i32::MAX - margin,
            4..=6 => i32::MIN + margin,
            _ => stream.range(-600, 600) as i32,
        });
    }
    // Bounds' minima and maxima as calls of the program's functions in one
    // program in four (the random streams are unchanged).
    macros.functions = seed % 4 == 3;
    // `int` arrays of some programs become `short`, `unsigned char` or
    // `long` ones, from a stream of their own too.
    let mut integers = Rng::new(seed ^ INTEGER_STREAM);
    let narrow = integers.chance(40);
    for array in arrays.iter_mut().filter(|a| narrow && a.elem == Elem::Int) {
        array.elem = *integers.pick(&[Elem::Int, Elem::Short, Elem::UnsignedChar, Elem::Long]);
    }
    // Loop hints and calls of a function of the program, from a stream of
    // their own.
    let mut host = Rng::new(seed ^ HOST_STREAM);
    let (hints, calls) = (host.chance(25), host.chance(25));
    // Parenthesised reads, from a stream of their own.
    let parenthesised = Rng::new(seed ^ PAREN_STREAM).chance(20);
    let wrapped = Rng::new(seed ^ WRAP_STREAM).chance(12);
    let program = Program { seed, params, arrays, scalars, regions: Vec::new(), vla, macros, unsigned, typedef_params, scratch: Vec::new(), pipeline: false, hints, calls, outer_iterators: Vec::new(), repeats: false, parenthesised, wrapped, edge: Vec::new() };
    let mut generator = Generator { rng, program, scope: Vec::new(), locals: Vec::new(), next_local: 0, integers, selections: Rng::new(seed ^ SELECT_STREAM) };
    let regions = if generator.rng.chance(25) { generator.rng.range(2, 3) } else { 1 };
    for _ in 0..regions {
        let region = generator.region();
        generator.program.regions.push(region);
    }
    // Some arrays the last region writes are not needed after it (and not
    // printed): their values may live in tile-local buffers.
    if generator.rng.chance(40) {
        let mut written = Vec::new();
        if let Some(last) = generator.program.regions.last() {
            written_arrays(last, &mut written);
        }
        written.sort();
        written.dedup();
        for a in written {
            let printed = generator.program.arrays.len() - generator.program.scratch.len();
            if printed > 1 && generator.rng.chance(50) {
                generator.program.scratch.push(a);
            }
        }
    }
    // Some end with a pipeline stage that only the next one reads, through
    // an array not needed after the region (what iotile's inlining and
    // tile-local buffers act on); drawn from a stream of its own, so that
    // the other programs stay what they were.
    if Rng::new(seed ^ STAGE_STREAM).chance(35) {
        generator.stage_pair();
    }
    // Some end with a row buffer, written and read again in each
    // iteration of its outer loops (what iotile's array expansion acts
    // on), also drawn from a stream of its own.
    if Rng::new(seed ^ ROW_STREAM).chance(30) {
        generator.row_buffer();
    }
    // Some count with iterators declared before the regions or in blocks
    // of them, also drawn from a stream of their own.
    let mut counters = Rng::new(seed ^ COUNTER_STREAM);
    if counters.chance(30) {
        declare_counters(&mut generator.program, &mut counters);
    }
    // Some run their regions three times, in a loop of the kernel (also
    // from a stream of its own); no array is scratch there, since the next
    // pass may read what the last region left.
    if Rng::new(seed ^ REPEAT_STREAM).chance(15) {
        generator.program.repeats = true;
        generator.program.scratch.clear();
    }
    edge_call(&mut generator.program);
    generator.program
}

/// Gives three in five programs (drawn from a stream of their own) a second
/// call of their kernel with small parameter values ([`edge`]).
fn edge_call(program: &mut Program) {
    let mut stream = Rng::new(program.seed ^ EDGE_STREAM);
    if stream.chance(60) {
        program.edge = edge::draw(program, &mut stream);
    }
}

/// Declares some of `program`'s iterators where C programs written before
/// C99 do: in the kernel before the regions (the loops over one count with
/// it, or declare their own of that name: the region must leave the value
/// C leaves, the last loop's exit, in the outer one), or in a block around
/// a loop (`{ int j; for (j = ...) }`).
fn declare_counters(program: &mut Program, rng: &mut Rng) {
    fn used(stmts: &[Stmt], out: &mut Vec<String>) {
        for s in stmts {
            match s {
                Stmt::Loop { var, body, .. } => {
                    if !out.contains(var) {
                        out.push(var.clone());
                    }
                    used(body, out);
                }
                Stmt::If { then, otherwise, .. } => {
                    used(then, out);
                    used(otherwise, out);
                }
                Stmt::Write { .. } | Stmt::Local { .. } => {}
            }
        }
    }
    fn mark(stmts: &mut [Stmt], outer: &[(String, i64)], blocks: bool, rng: &mut Rng) {
        for s in stmts {
            match s {
                Stmt::Loop { var, counter, body, .. } => {
                    if outer.iter().any(|(n, _)| n == var) {
                        if rng.chance(75) {
                            *counter = Counter::Outer;
                        }
                    } else if blocks && rng.chance(40) {
                        *counter = Counter::Block;
                    }
                    mark(body, outer, blocks, rng);
                }
                Stmt::If { then, otherwise, .. } => {
                    mark(then, outer, blocks, rng);
                    mark(otherwise, outer, blocks, rng);
                }
                Stmt::Write { .. } | Stmt::Local { .. } => {}
            }
        }
    }
    let mut names = Vec::new();
    for region in &program.regions {
        used(region, &mut names);
    }
    for name in names {
        if rng.chance(50) {
            program.outer_iterators.push((name, rng.range(-9, 9)));
        }
    }
    let blocks = rng.chance(50);
    let outer = program.outer_iterators.clone();
    for region in &mut program.regions {
        mark(region, &outer, blocks, rng);
    }
}

/// The image-pipeline program of `seed` (see [`pipeline`]): `n` rows and
/// `m` columns, parameters or macros.
fn image_pipeline(seed: u64) -> Program {
    let mut rng = Rng::new(seed ^ pipeline::PIPELINE_STREAM);
    let rows = rng.range(5, 48);
    let columns = rng.range(5, (8000 / rows).min(300));
    let params = vec![("n".to_string(), rows), ("m".to_string(), columns)];
    let macros = if rng.chance(25) { Macros { names: params.iter().map(|(n, _)| n.clone()).collect(), ..Macros::default() } } else { Macros::default() };
    let vla = rng.chance(20);
    let program = Program { seed, params, arrays: Vec::new(), scalars: Vec::new(), regions: Vec::new(), vla, macros, unsigned: false, typedef_params: false, scratch: Vec::new(), pipeline: true, hints: false, calls: false, outer_iterators: Vec::new(), repeats: false, parenthesised: false, wrapped: false, edge: Vec::new() };
    let mut generator =
        Generator { rng, program, scope: Vec::new(), locals: Vec::new(), next_local: 0, integers: Rng::new(seed ^ INTEGER_STREAM), selections: Rng::new(seed ^ SELECT_STREAM) };
    generator.pipeline();
    edge_call(&mut generator.program);
    generator.program
}

/// Adds to `out` the arrays that `stmts` write.
fn written_arrays(stmts: &[Stmt], out: &mut Vec<usize>) {
    for s in stmts {
        match s {
            Stmt::Loop { body, .. } => written_arrays(body, out),
            Stmt::Write { target: Target::Element(a), .. } => out.push(a.array),
            Stmt::If { then, otherwise, .. } => {
                written_arrays(then, out);
                written_arrays(otherwise, out);
            }
            Stmt::Write { .. } | Stmt::Local { .. } => {}
        }
    }
}

/// What is in scope while a statement is generated.
struct Generator {
    rng: Rng,
    program: Program,
    /// Iterators of the enclosing loops with their ranges, outermost first.
    scope: Vec<(String, i64, i64)>,
    /// Scalar temporaries visible here.
    locals: Vec<(String, Elem)>,
    next_local: usize,
    /// The stream of [`INTEGER_STREAM`]: its choices (bitwise operators,
    /// `^=` and `|=`) change how integer statements are written, not what
    /// the main stream draws.
    integers: Rng,
    /// The stream of [`SELECT_STREAM`]: which plain subscripts become
    /// selections.
    selections: Rng,
}

impl Generator {
    /// Appends to the last region a stage writing a new array over
    /// `[0, n)` (or `[0, n)²`) at its own point, from a value of other
    /// arrays, and a stage reading it at its neighbours into a printed
    /// array; the new array is named in the scratch pragma and not
    /// printed.
    fn stage_pair(&mut self) {
        let printed: Vec<usize> = (0..self.program.arrays.len()).filter(|a| !self.program.scratch.contains(a)).collect();
        if printed.is_empty() || self.program.regions.is_empty() || self.program.arrays.len() >= 8 {
            return;
        }
        let target = *self.rng.pick(&printed);
        let elem = self.program.arrays[target].elem;
        let dims = self.rng.range(1, 2) as usize;
        let stage = self.program.arrays.len();
        self.program.arrays.push(Array { name: format!("{}", (b'A' + stage as u8) as char), elem, extents: vec![1; dims] });
        let n = self.param("n");
        let loops = |first: i64, last: Affine, body: Vec<Stmt>| -> Vec<Stmt> {
            let mut body = body;
            for d in (0..dims).rev() {
                let to = Bound::Affine(last.clone());
                body = vec![Stmt::Loop { var: ITERATORS[d].into(), from: Bound::Affine(Affine::constant(first)), to, step: 1, down: false, test: Test::Inclusive, counter: Counter::Own, body }];
            }
            body
        };
        let own: Vec<Affine> = (0..dims).map(|d| Affine::var(ITERATORS[d], 1, 0)).collect();
        // The producer, over [0, n - 1].
        for iterator in &ITERATORS[..dims] {
            self.scope.push(((*iterator).into(), 0, n - 1));
        }
        let written = Access { array: stage, subscripts: own.clone() };
        self.record(&written);
        let value = self.value(elem, 1, None);
        let producer = Stmt::Write { target: Target::Element(written), op: Op::Assign, value };
        self.scope.truncate(self.scope.len() - dims);
        // The consumer, over [1, n - 2], reading the stage at offsets of
        // -1 to 1.
        for iterator in &ITERATORS[..dims] {
            self.scope.push(((*iterator).into(), 1, n - 2));
        }
        let consumer = self.neighbour_sum(target, stage, &own);
        self.scope.truncate(self.scope.len() - dims);
        let last = self.program.regions.len() - 1;
        self.program.regions[last].extend(loops(0, Affine::var("n", 1, -1), vec![producer]));
        self.program.regions[last].extend(loops(1, Affine::var("n", 1, -2), vec![consumer]));
        self.program.scratch.push(stage);
    }

    /// Appends to the last region one or two outer loops around a loop
    /// writing a new one-dimensional array over `[0, p)` (`p` is `n` or
    /// `m`) from other arrays, sometimes adding a second value to it, and
    /// a loop reading it at its neighbours into a printed array: doitgen's
    /// `sum`. The buffer is printed (its last row is what the region
    /// leaves in it) or named in the scratch pragma.
    fn row_buffer(&mut self) {
        let printed: Vec<usize> = (0..self.program.arrays.len()).filter(|a| !self.program.scratch.contains(a)).collect();
        if printed.is_empty() || self.program.regions.is_empty() || self.program.arrays.len() >= 8 {
            return;
        }
        let target = *self.rng.pick(&printed);
        let elem = self.program.arrays[target].elem;
        let buffer = self.program.arrays.len();
        self.program.arrays.push(Array { name: format!("{}", (b'A' + buffer as u8) as char), elem, extents: vec![1] });
        let outer = self.rng.range(1, 2) as usize;
        let size = if self.program.params.iter().any(|(n, _)| n == "m") && self.rng.chance(50) { "m" } else { "n" };
        let p = self.param(size);
        for (d, iterator) in ITERATORS[..outer].iter().enumerate() {
            let name = if d == 0 { "n" } else { size };
            self.scope.push(((*iterator).into(), 0, self.param(name) - 1));
        }
        let inner = ITERATORS[outer];
        let own = vec![Affine::var(inner, 1, 0)];
        self.scope.push((inner.into(), 0, p - 1));
        let written = Access { array: buffer, subscripts: own.clone() };
        self.record(&written);
        let mut producers = vec![Stmt::Write { target: Target::Element(written.clone()), op: Op::Assign, value: self.value(elem, 1, None) }];
        if self.rng.chance(50) {
            let value = self.value(elem, 1, None);
            let value = if elem.is_int() { Expr::Remainder(Box::new(value), 1013) } else { value };
            producers.push(Stmt::Write { target: Target::Element(written), op: Op::Add, value });
        }
        self.scope.pop();
        self.scope.push((inner.into(), 1, p - 2));
        let consumer = self.neighbour_sum(target, buffer, &own);
        self.scope.pop();
        let inclusive = |var: &str, first: i64, last: Affine, body: Vec<Stmt>| Stmt::Loop { var: var.into(), from: Bound::Affine(Affine::constant(first)), to: Bound::Affine(last), step: 1, down: false, test: Test::Inclusive, counter: Counter::Own, body };
        let mut body = vec![inclusive(inner, 0, Affine::var(size, 1, -1), producers), inclusive(inner, 1, Affine::var(size, 1, -2), vec![consumer])];
        for d in (0..outer).rev() {
            let name = if d == 0 { "n" } else { size };
            body = vec![inclusive(ITERATORS[d], 0, Affine::var(name, 1, -1), body)];
        }
        self.scope.truncate(self.scope.len() - outer);
        let last = self.program.regions.len() - 1;
        self.program.regions[last].extend(body);
        if self.rng.chance(50) {
            self.program.scratch.push(buffer);
        }
    }

    /// A write of `target`, at subscripts drawn for the loops in scope,
    /// of one to three reads of `array` at `own` moved by -1 to 1 along
    /// each dimension, each times a small constant.
    fn neighbour_sum(&mut self, target: usize, array: usize, own: &[Affine]) -> Stmt {
        let elem = self.program.arrays[target].elem;
        let mut terms = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let subscripts = own.iter().map(|a| a.clone().plus(self.rng.range(-1, 1))).collect();
            let read = self.read(Access { array, subscripts });
            let c = if elem.is_int() { self.rng.range(1, 3).to_string() } else { format!("{}{}", self.rng.pick(&["0.5", "0.25", "-0.25"]), if elem == Elem::Float { "f" } else { "" }) };
            terms.push((c, read));
        }
        let value = if elem.is_int() { Expr::Remainder(Box::new(Expr::Sum(terms)), 1009) } else { Expr::Sum(terms) };
        let subscripts = self.subscripts(target, None);
        let access = Access { array: target, subscripts };
        self.record(&access);
        Stmt::Write { target: Target::Element(access), op: Op::Assign, value }
    }

    fn region(&mut self) -> Vec<Stmt> {
        let mut body = Vec::new();
        for _ in 0..self.rng.range(1, 2) {
            let time = self.program.params.iter().any(|(n, _)| n == "tsteps") && self.rng.chance(30);
            if time {
                let steps = self.param("tsteps");
                self.scope.push(("t".into(), 0, steps - 1));
                let inner = self.nest(1);
                self.scope.pop();
                body.push(Stmt::Loop {
                    var: "t".into(),
                    from: Bound::Affine(Affine::constant(0)),
                    to: Bound::Affine(Affine::var("tsteps", 1, -1)),
                    step: 1,
                    down: false,
                    test: Test::Inclusive,
                    counter: Counter::Own,
                    body: inner,
                });
            } else {
                body.extend(self.nest(0));
            }
        }
        body
    }

    fn param(&self, name: &str) -> i64 {
        self.program.params.iter().find(|(n, _)| n == name).map_or(1, |(_, v)| *v)
    }

    /// The range of `a` given the iterators in scope and the parameters.
    fn interval(&self, a: &Affine) -> (i64, i64) {
        let (mut lo, mut hi) = (a.constant, a.constant);
        for (c, v) in &a.terms {
            let (vlo, vhi) = match self.scope.iter().rev().find(|(n, _, _)| n == v) {
                Some((_, l, h)) => (*l, *h),
                None => {
                    let p = self.param(v);
                    (p, p)
                }
            };
            let (x, y) = (c * vlo, c * vhi);
            lo += x.min(y);
            hi += x.max(y);
        }
        for q in &a.quasi {
            let (ilo, ihi) = self.interval(&q.inner);
            let (qlo, qhi) = match q.op {
                QuasiOp::Remainder => (0, (q.operand - 1).min(ihi)),
                QuasiOp::Quotient => (ilo.div_euclid(q.operand), ihi.div_euclid(q.operand)),
                QuasiOp::AtLeast => (ilo.max(q.operand), ihi.max(q.operand)),
            };
            let (x, y) = (q.coefficient * qlo, q.coefficient * qhi);
            lo += x.min(y);
            hi += x.max(y);
        }
        (lo, hi)
    }

    /// `a`, shifted by a constant so that it is never negative.
    fn non_negative(&self, a: Affine) -> Affine {
        let (lo, _) = self.interval(&a);
        if lo < 0 { a.plus(-lo) } else { a }
    }

    fn bound_interval(&self, b: &Bound) -> (i64, i64) {
        match b {
            Bound::Affine(a) => self.interval(a),
            Bound::Min(a, b) => {
                let (a, b) = (self.bound_interval(a), self.bound_interval(b));
                (a.0.min(b.0), a.1.min(b.1))
            }
            Bound::Max(a, b) => {
                let (a, b) = (self.bound_interval(a), self.bound_interval(b));
                (a.0.max(b.0), a.1.max(b.1))
            }
        }
    }

    /// Whether a loop from `from` to `to` ends where the program expects
    /// with unsigned parameters: where its test compares with a parameter
    /// in unsigned arithmetic ([`unsigned_test`]), the bound is never
    /// negative (it would be a huge one, and the loop would run past the
    /// arrays).
    fn unsigned_safe(&self, from: &Bound, to: &Bound) -> bool {
        !self.program.unsigned || !unsigned_test(from, to) || self.bound_interval(to).0 >= 0
    }

    /// Instances of one iteration of the innermost loop in scope.
    fn instances(&self) -> i64 {
        self.scope.iter().map(|(_, lo, hi)| (hi - lo + 1).max(1)).product()
    }

    /// An iterator or a size parameter to bound a loop with.
    fn outer_iterator(&mut self) -> Option<String> {
        let names: Vec<String> = self.scope.iter().filter(|(n, _, _)| n != "t").map(|(n, _, _)| n.clone()).collect();
        if names.is_empty() { None } else { Some(self.rng.pick(&names).clone()) }
    }

    fn size_param(&mut self) -> String {
        let names: Vec<String> = self.program.params.iter().filter(|(n, _)| n != "tsteps").map(|(n, _)| n.clone()).collect();
        self.rng.pick(&names).clone()
    }

    /// A loop nest inside `depth` loops.
    fn nest(&mut self, depth: usize) -> Vec<Stmt> {
        let var = ITERATORS[self.scope.iter().filter(|(n, _, _)| n != "t").count()].to_string();
        let (from, to) = self.bounds();
        let (lo, hi) = (self.bound_interval(&from).0, self.bound_interval(&to).1);
        let step = if self.rng.chance(8) { self.rng.range(2, 3) } else { 1 };
        let down = self.rng.chance(15);
        // `!=` ends a loop only where the iterator reaches the bound: a step
        // of 1 from a range that is never empty by more than one.
        let reaches = step == 1 && self.bound_interval(&from).1 <= self.bound_interval(&to).0 + 1;
        let test = match self.rng.range(0, 7) {
            0 | 1 => Test::Strict,
            2 if reaches => Test::NotEqual,
            _ => Test::Inclusive,
        };
        self.scope.push((var.clone(), lo, hi.max(lo)));
        let mut body = Vec::new();
        let locals = self.locals.len();
        let items = if self.rng.chance(30) { 2 } else { 1 };
        for _ in 0..items {
            let deeper = self.scope.len() < 4 && self.instances() * 8 <= INSTANCE_BUDGET && self.rng.chance(if depth == 0 { 70 } else { 35 });
            if deeper {
                body.extend(self.nest(depth + 1));
            } else {
                body.extend(self.statements());
            }
        }
        self.locals.truncate(locals);
        self.scope.pop();
        vec![Stmt::Loop { var, from, to, step, down, test, counter: Counter::Own, body }]
    }

    /// Loop bounds from the iterators in scope and the parameters, with a
    /// non-empty range.
    fn bounds(&mut self) -> (Bound, Bound) {
        for _ in 0..10 {
            let from = match self.rng.range(0, 5) {
                0 | 1 => Bound::Affine(Affine::constant(self.rng.range(0, 2))),
                2 => match self.outer_iterator() {
                    Some(v) => Bound::Affine(Affine::var(&v, 1, self.rng.range(-1, 1))),
                    None => Bound::Affine(Affine::constant(1)),
                },
                3 => match self.outer_iterator() {
                    Some(v) => Bound::Max(Box::new(Bound::Affine(Affine::constant(0))), Box::new(Bound::Affine(Affine::var(&v, 1, -self.rng.range(1, 3))))),
                    None => Bound::Affine(Affine::constant(0)),
                },
                4 => {
                    let p = self.size_param();
                    Bound::Affine(Affine::var(&p, 1, -self.rng.range(2, 6)))
                }
                _ => match self.outer_iterator() {
                    // Half an outer iterator (rounded down).
                    Some(v) => Bound::Affine(self.non_negative(Affine::var(&v, 1, 0)).quasi(2, false)),
                    None => Bound::Affine(Affine::constant(0)),
                },
            };
            let p = self.size_param();
            let to = match self.rng.range(0, 6) {
                0 | 1 => Bound::Affine(Affine::var(&p, 1, -self.rng.range(1, 2))),
                2 => match self.outer_iterator() {
                    Some(v) => Bound::Affine(Affine::var(&v, 1, self.rng.range(-1, 2))),
                    None => Bound::Affine(Affine::var(&p, 1, -1)),
                },
                3 => match self.outer_iterator() {
                    Some(v) => Bound::Min(Box::new(Bound::Affine(Affine::var(&v, 1, self.rng.range(1, 4)))), Box::new(Bound::Affine(Affine::var(&p, 1, -1)))),
                    None => Bound::Affine(Affine::var(&p, 1, -1)),
                },
                4 => Bound::Affine(Affine::constant(self.rng.range(2, 12))),
                5 => Bound::Affine(Affine::var(&p, 2, -3)),
                _ => {
                    // The mean of an outer iterator and a size, or a third of a size.
                    let (inner, divisor) = match self.outer_iterator() {
                        Some(v) => (Affine { constant: self.rng.range(0, 1), terms: vec![(1, v), (1, p)], quasi: Vec::new() }, 2),
                        None => (Affine::var(&p, 1, self.rng.range(0, 2)), 3),
                    };
                    Bound::Affine(self.non_negative(inner).quasi(divisor, false))
                }
            };
            let (lo, _) = self.bound_interval(&from);
            let (_, hi) = self.bound_interval(&to);
            let trips = hi - lo + 1;
            if trips >= 1 && trips * self.instances() <= INSTANCE_BUDGET && self.unsigned_safe(&from, &to) {
                return (from, to);
            }
        }
        let p = self.size_param();
        (Bound::Affine(Affine::constant(0)), Bound::Affine(Affine::var(&p, 1, -1)))
    }

    /// One statement, possibly under a guard, possibly after a scalar
    /// temporary it reads.
    fn statements(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        if self.rng.chance(15) && !self.scope.is_empty() {
            let elem = *self.rng.pick(&[Elem::Double, Elem::Int]);
            let value = self.value(elem, 2, None);
            let name = format!("v{}", self.next_local);
            self.next_local += 1;
            out.push(Stmt::Local { name: name.clone(), elem, value });
            self.locals.push((name, elem));
        }
        let write = self.write();
        if self.rng.chance(8) && !self.scope.is_empty() {
            // A condition that reads data.
            let (a, b) = (self.leaf(false, None), self.leaf(false, None));
            let otherwise = if self.rng.chance(35) { vec![self.write()] } else { Vec::new() };
            out.push(Stmt::If { cond: Cond::Data(Box::new(a), Box::new(b)), then: vec![write], otherwise });
        } else if self.rng.chance(15) && !self.scope.is_empty() {
            let cond = self.condition();
            let otherwise = if self.rng.chance(35) { vec![self.write()] } else { Vec::new() };
            out.push(Stmt::If { cond, then: vec![write], otherwise });
        } else {
            out.push(write);
        }
        out
    }

    fn condition(&mut self) -> Cond {
        let single = |g: &mut Generator| -> Cond {
            let v = g.outer_iterator().unwrap_or_else(|| "n".into());
            if g.program.unsigned && g.rng.chance(30) {
                return Cond::Window(Affine::var(&v, 1, 0), g.rng.range(0, 3), g.rng.range(1, 6));
            }
            match g.rng.range(0, 3) {
                0 => {
                    let other = g.outer_iterator().unwrap_or_else(|| "n".into());
                    Cond::LessEqual(Affine::var(&v, 1, 0), Affine::var(&other, 1, g.rng.range(-2, 2)))
                }
                1 => {
                    let p = g.size_param();
                    Cond::LessEqual(Affine::var(&v, 2, 0), Affine::var(&p, 1, g.rng.range(-2, 2)))
                }
                2 => Cond::Equal(Affine::var(&v, 1, 0), Affine::constant(g.rng.range(0, 4))),
                _ => {
                    let m = g.rng.range(2, 3);
                    Cond::Modulo(Affine::var(&v, 1, g.rng.range(0, 2)), m, g.rng.range(0, m - 1))
                }
            }
        };
        let first = single(self);
        match self.rng.range(0, 7) {
            0 => Cond::And(Box::new(first), Box::new(single(self))),
            1 => Cond::Or(Box::new(first), Box::new(single(self))),
            2 => Cond::Not(Box::new(first)),
            _ => first,
        }
    }

    /// A write of an array element or a scalar.
    fn write(&mut self) -> Stmt {
        let scalar = !self.program.scalars.is_empty() && self.rng.chance(15);
        if scalar {
            let s = self.rng.pick(&self.program.scalars).clone();
            let value = self.value(s.elem, 2, None);
            return match (s.elem, self.rng.range(0, 2)) {
                (Elem::Int, _) => Stmt::Write {
                    target: Target::Scalar(s.name.clone()),
                    op: Op::Assign,
                    value: Expr::Remainder(Box::new(Expr::Sum(vec![("1".into(), Expr::Scalar(s.name.clone())), ("1".into(), value)])), 10007),
                },
                (_, 0) => Stmt::Write { target: Target::Scalar(s.name.clone()), op: Op::Assign, value: Expr::Greater(Box::new(Expr::Scalar(s.name)), Box::new(value)) },
                _ => Stmt::Write { target: Target::Scalar(s.name), op: Op::Add, value },
            };
        }
        let array = self.rng.range(0, self.program.arrays.len() as i64 - 1) as usize;
        let subscripts = self.subscripts(array, None);
        let access = Access { array, subscripts };
        self.record(&access);
        let elem = self.program.arrays[array].elem;
        let value = self.value(elem, 2, Some(&access));
        let op = match (elem.is_int(), self.rng.range(0, 9)) {
            // Updates that keep integer values as small as their operands.
            (true, _) if self.integers.chance(12) => *self.integers.pick(&[Op::Xor, Op::Or]),
            (true, _) | (_, 0..=5) => Op::Assign,
            (_, 6..=8) => Op::Add,
            _ => Op::Subtract,
        };
        let value = if elem.is_int() && op == Op::Assign && self.rng.chance(30) {
            // An integer accumulation, kept small.
            Expr::Remainder(Box::new(Expr::Sum(vec![("1".into(), Expr::Remainder(Box::new(Expr::Read(access.clone())), 1009)), ("1".into(), value)])), 1009)
        } else {
            value
        };
        Stmt::Write { target: Target::Element(access), op, value }
    }

    /// Subscripts into `array`: next to `near`'s (a stencil's or a scan's
    /// neighbour) when given, otherwise from the iterators in scope.
    fn subscripts(&mut self, array: usize, near: Option<&Access>) -> Vec<Affine> {
        let dims = self.program.arrays[array].extents.len();
        let iterators: Vec<String> = self.scope.iter().map(|(n, _, _)| n.clone()).collect();
        let mut out = Vec::new();
        for d in 0..dims {
            let a = match near {
                Some(access) => access.subscripts[d].clone().plus(self.rng.range(-1, 1)),
                None if iterators.is_empty() => Affine::constant(self.rng.range(0, 3)),
                None => {
                    // Mostly the iterator of the matching depth from the
                    // inside out (A[i][j] in a nest over i, j), sometimes
                    // transposed, diagonal, strided or constant.
                    let natural = iterators.len().saturating_sub(dims - d).min(iterators.len() - 1);
                    let v = if self.rng.chance(75) { iterators[natural].clone() } else { self.rng.pick(&iterators).clone() };
                    match self.rng.range(0, 13) {
                        0 => Affine::constant(self.rng.range(0, 3)),
                        1 => {
                            let w = self.rng.pick(&iterators).clone();
                            Affine { constant: 0, terms: vec![(1, v), (1, w)], quasi: Vec::new() }
                        }
                        2 => Affine::var(&v, 2, self.rng.range(0, 1)),
                        3 => Affine::var(&v, -1, 0),
                        // Quasi-affine: every other element, or a few
                        // elements in turn.
                        12 => {
                            let c = self.rng.range(0, 1);
                            self.non_negative(Affine::var(&v, 1, c)).quasi(2, false)
                        }
                        13 => {
                            let m = self.rng.range(2, 4);
                            self.non_negative(Affine::var(&v, 1, 0)).quasi(m, true)
                        }
                        4 | 5 => Affine::var(&v, 1, self.rng.range(-2, 2)),
                        // A selection, `i > 2 ? i : 2` (from a stream of
                        // its own: the main stream draws what it did).
                        _ if self.selections.chance(10) => Affine::var(&v, 1, 0).at_least(self.selections.range(1, 3)),
                        _ => Affine::var(&v, 1, 0),
                    }
                }
            };
            let (lo, _) = self.interval(&a);
            out.push(if lo < 0 { a.plus(-lo) } else { a });
        }
        out
    }

    /// Grows the extents of the array of `access` past its subscripts.
    fn record(&mut self, access: &Access) {
        let highs: Vec<i64> = access.subscripts.iter().map(|s| self.interval(s).1).collect();
        let extents = &mut self.program.arrays[access.array].extents;
        for (e, hi) in extents.iter_mut().zip(highs) {
            *e = (*e).max(hi + 1);
        }
    }

    /// A value of type `elem`, `depth` levels of operators deep at most;
    /// `written` is the element the statement writes (its neighbours are
    /// read in stencils and scans).
    fn value(&mut self, elem: Elem, depth: usize, written: Option<&Access>) -> Expr {
        if elem.is_int() {
            let terms = self.rng.range(1, 3);
            let mut sum = Vec::new();
            for _ in 0..terms {
                let leaf = self.leaf(true, written);
                sum.push((self.rng.range(1, 3).to_string(), leaf));
            }
            if sum.len() > 1 && self.integers.chance(25) {
                let last = sum.split_off(sum.len() - 1);
                let op = *self.integers.pick(&['^', '&', '|']);
                return Expr::Remainder(Box::new(Expr::Bitwise(op, Box::new(Expr::Sum(sum)), Box::new(Expr::Sum(last)))), 1009);
            }
            return Expr::Remainder(Box::new(Expr::Sum(sum)), 1009);
        }
        if depth > 0 && self.rng.chance(10) {
            let (a, b) = (self.value(elem, depth - 1, written), self.value(elem, depth - 1, written));
            return Expr::Greater(Box::new(a), Box::new(b));
        }
        if depth > 0 && self.rng.chance(8) {
            let (a, b) = (self.value(elem, depth - 1, written), self.value(elem, depth - 1, written));
            // Half the time the second comparison reads what the first
            // does (printed eagerly), half the time other elements.
            let (c, d) = match self.rng.chance(50) {
                true => (a.clone(), b.clone()),
                false => (self.leaf(false, written), self.leaf(false, written)),
            };
            return Expr::Select { compared: Box::new([a, b, c, d]), or: self.rng.chance(50) };
        }
        if depth > 0 && self.rng.chance(6) {
            let a = self.value(elem, depth - 1, written);
            let suffix = if elem == Elem::Float { "f" } else { "" };
            return match self.rng.range(0, 2) {
                0 => Expr::Quotient(Box::new(a), format!("{}{suffix}", self.rng.pick(&["3.0", "-4.0", "0.75"]))),
                1 => Expr::Call(if elem == Elem::Float { "fabsf" } else { "fabs" }, Box::new(a)),
                _ => {
                    let (fabs, sqrt) = if elem == Elem::Float { ("fabsf", "sqrtf") } else { ("fabs", "sqrt") };
                    Expr::Call(sqrt, Box::new(Expr::Call(fabs, Box::new(a))))
                }
            };
        }
        if depth > 0 && self.rng.chance(12) {
            let (a, b) = (self.leaf(false, written), self.leaf(false, written));
            return Expr::Product(Box::new(Expr::Sum(vec![("0.5".into(), a)])), Box::new(b));
        }
        let suffix = if elem == Elem::Float { "f" } else { "" };
        let terms = self.rng.range(1, 3);
        let mut sum = Vec::new();
        for _ in 0..terms {
            let c = *self.rng.pick(&["0.5", "0.25", "-0.25", "0.125", "0.375"]);
            let leaf = if depth > 1 && self.rng.chance(15) { self.value(elem, depth - 1, written) } else { self.leaf(false, written) };
            sum.push((format!("{c}{suffix}"), leaf));
        }
        Expr::Sum(sum)
    }

    /// A read, a scalar, an iterator expression or a literal (of `int`
    /// values only when `int`).
    fn leaf(&mut self, int: bool, written: Option<&Access>) -> Expr {
        for _ in 0..4 {
            match self.rng.range(0, 9) {
                0..=2 if written.is_some() => {
                    let w = written.unwrap();
                    if !int || self.program.arrays[w.array].elem.is_int() {
                        let subscripts = self.subscripts(w.array, Some(w));
                        let access = Access { array: w.array, subscripts };
                        self.record(&access);
                        return self.read(access);
                    }
                }
                3..=5 => {
                    let candidates: Vec<usize> = (0..self.program.arrays.len()).filter(|&a| !int || self.program.arrays[a].elem.is_int()).collect();
                    if !candidates.is_empty() {
                        let array = *self.rng.pick(&candidates);
                        let subscripts = self.subscripts(array, None);
                        let access = Access { array, subscripts };
                        self.record(&access);
                        return self.read(access);
                    }
                }
                6 if !self.locals.is_empty() => {
                    let candidates: Vec<String> = self.locals.iter().filter(|(_, e)| !int || e.is_int()).map(|(n, _)| n.clone()).collect();
                    if !candidates.is_empty() {
                        return Expr::Scalar(self.rng.pick(&candidates).clone());
                    }
                }
                7 if !self.scope.is_empty() => {
                    let v = self.scope[self.rng.range(0, self.scope.len() as i64 - 1) as usize].0.clone();
                    return Expr::Index(Affine::var(&v, 1, self.rng.range(0, 2)));
                }
                _ => {}
            }
        }
        Expr::Literal(if int { self.rng.range(1, 9).to_string() } else { (*self.rng.pick(&["0.5", "1.5", "-0.25", "2.0"])).to_string() })
    }

    /// A read of `access`; integer reads are taken modulo a prime so that
    /// sums of them stay small.
    fn read(&mut self, access: Access) -> Expr {
        if self.program.arrays[access.array].elem.is_int() {
            Expr::Remainder(Box::new(Expr::Read(access)), 1009)
        } else {
            Expr::Read(access)
        }
    }
}
