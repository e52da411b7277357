//! Edge calls: a second call of a program's kernel with small parameter
//! values (-1 to 3, and 0 or 1 time steps), where loops run once or not
//! at all and bounds cross: what a program's own values, drawn for
//! non-empty loops, never exercise (iterators whose loops never run,
//! extents and quotients of small or negative sizes, tiles larger than
//! the whole domain).
//!
//! The generator keeps accesses in bounds for the values it draws (see
//! [`crate::generate`]); for the edge values, [`in_bounds`] runs the
//! program's loops as C would, without the values, and checks every
//! access an instance may make (both branches of every guard) against the
//! arrays' extents, and that every loop ends and keeps its bounds small. An edge call is made only
//! where it holds, so the reducer may change a program freely: a reduced
//! program whose edge values leave the arrays simply has no edge call.

use crate::program::{Access, Affine, Bound, Cond, Expr, Program, QuasiOp, Stmt, Target, Test};
use crate::rng::Rng;

/// Loop iterations the check runs at most; a program past it gets no edge
/// call.
const STEP_BUDGET: u64 = 200_000;

/// Edge values drawn at most before a program goes without an edge call.
const TRIES: usize = 4;

/// Largest magnitude of a loop bound in an edge call: the shifted `int`
/// iterators ([`crate::program::Macros::shift`]) stay this far inside
/// the margin the generator keeps from `INT_MAX` and `INT_MIN`.
const BOUND_LIMIT: i64 = 500;

/// Whether the program can be called with other parameter values: some
/// of its parameters are `int` arguments (not macros, not `unsigned`),
/// and its iterators do not wrap (the `unsigned` iterators from a base
/// keep their program's own ranges).
pub fn callable(program: &Program) -> bool {
    let m = &program.macros;
    !program.unsigned && m.base.is_none() && program.params.iter().any(|(n, _)| !m.names.contains(n))
}

/// Edge values for `program`'s parameters (every parameter, macros keeping
/// their own), drawn from `rng` until a draw keeps the program in bounds;
/// empty where none of [`TRIES`] does or the program is not
/// [`callable`].
pub fn draw(program: &Program, rng: &mut Rng) -> Vec<(String, i64)> {
    if !callable(program) {
        return Vec::new();
    }
    for _ in 0..TRIES {
        let values: Vec<(String, i64)> = program
            .params
            .iter()
            .map(|(name, value)| {
                let edge = if program.macros.names.contains(name) || !rng.chance(70) {
                    *value
                } else if name == "tsteps" {
                    rng.range(0, 1)
                } else if rng.chance(10) {
                    -1
                } else {
                    rng.range(0, 3)
                };
                (name.clone(), edge)
            })
            .collect();
        if values != program.params && in_bounds(program, &values) {
            return values;
        }
    }
    Vec::new()
}

/// Whether every loop of `program` ends and every access stays in its
/// array when the parameters have `values`.
pub fn in_bounds(program: &Program, values: &[(String, i64)]) -> bool {
    let mut check = Check { program, env: values.to_vec(), steps: 0 };
    program.regions.iter().all(|region| check.stmts(region))
}

/// The state of the check: the values of the parameters and of the
/// iterators of the loops being run (innermost last).
struct Check<'a> {
    program: &'a Program,
    env: Vec<(String, i64)>,
    steps: u64,
}

impl Check<'_> {
    fn value(&self, name: &str) -> i64 {
        self.env.iter().rev().find(|(n, _)| n == name).map_or(0, |(_, v)| *v)
    }

    /// `a`'s value as C computes it (truncating division and remainder).
    fn affine(&self, a: &Affine) -> i64 {
        let mut sum = a.constant + a.terms.iter().map(|(c, v)| c * self.value(v)).sum::<i64>();
        for q in &a.quasi {
            let inner = self.affine(&q.inner);
            let term = match q.op {
                QuasiOp::Quotient => inner / q.operand,
                QuasiOp::Remainder => inner % q.operand,
                QuasiOp::AtLeast => inner.max(q.operand),
            };
            sum += q.coefficient * term;
        }
        sum
    }

    fn bound(&self, b: &Bound) -> i64 {
        match b {
            Bound::Affine(a) => self.affine(a),
            Bound::Min(a, b) => self.bound(a).min(self.bound(b)),
            Bound::Max(a, b) => self.bound(a).max(self.bound(b)),
        }
    }

    fn access(&self, access: &Access) -> bool {
        let extents = &self.program.arrays[access.array].extents;
        access.subscripts.iter().zip(extents).all(|(s, e)| (0..*e).contains(&self.affine(s)))
    }

    fn expr(&self, e: &Expr) -> bool {
        if let Expr::Read(access) = e {
            if !self.access(access) {
                return false;
            }
        }
        e.parts().iter().all(|p| self.expr(p))
    }

    fn cond(&self, c: &Cond) -> bool {
        c.values().iter().all(|v| self.expr(v))
    }

    fn stmts(&mut self, stmts: &[Stmt]) -> bool {
        stmts.iter().all(|s| self.stmt(s))
    }

    fn stmt(&mut self, stmt: &Stmt) -> bool {
        match stmt {
            Stmt::Loop { var, from, to, step, down, test, body, .. } => {
                let (from, to) = (self.bound(from), self.bound(to));
                if from.abs().max(to.abs()) > BOUND_LIMIT {
                    return false;
                }
                // `!=` runs forever from past its bound.
                if *test == Test::NotEqual && from > to + 1 {
                    return false;
                }
                let mut i = if *down { to } else { from };
                while (from..=to).contains(&i) {
                    self.steps += 1;
                    if self.steps > STEP_BUDGET {
                        return false;
                    }
                    self.env.push((var.clone(), i));
                    let ok = self.stmts(body);
                    self.env.pop();
                    if !ok {
                        return false;
                    }
                    i += if *down { -step } else { *step };
                }
                true
            }
            Stmt::Write { target, value, .. } => (match target {
                Target::Element(a) => self.access(a),
                Target::Scalar(_) => true,
            }) && self.expr(value),
            Stmt::Local { value, .. } => self.expr(value),
            Stmt::If { cond, then, otherwise } => self.cond(cond) && self.stmts(then) && self.stmts(otherwise),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{Array, Counter, Elem, Macros, Op};

    /// `for (i = from; i <= n - 1; i++) A[i + offset] = 1;` (or `!=` as
    /// the test), with `A` of 5 elements and `n` 5.
    fn program(from: i64, offset: i64, test: Test) -> Program {
        let write = Stmt::Write { target: Target::Element(Access { array: 0, subscripts: vec![Affine::var("i", 1, offset)] }), op: Op::Assign, value: Expr::Literal("1".into()) };
        let body = vec![write];
        let lp = Stmt::Loop { var: "i".into(), from: Bound::Affine(Affine::constant(from)), to: Bound::Affine(Affine::var("n", 1, -1)), step: 1, down: false, test, counter: Counter::Own, body };
        Program {
            seed: 0,
            params: vec![("n".into(), 5)],
            arrays: vec![Array { name: "A".into(), elem: Elem::Double, extents: vec![5] }],
            scalars: Vec::new(),
            regions: vec![vec![lp]],
            vla: false,
            macros: Macros::default(),
            unsigned: false,
            typedef_params: false,
            scratch: Vec::new(),
            pipeline: false,
            hints: false,
            calls: false,
            outer_iterators: Vec::new(),
            repeats: false,
            parenthesised: false,
            wrapped: false,
            edge: Vec::new(),
        }
    }

    fn n(value: i64) -> Vec<(String, i64)> {
        vec![("n".into(), value)]
    }

    #[test]
    fn accesses_are_checked_against_the_extents() {
        let p = program(0, 0, Test::Inclusive);
        assert!(in_bounds(&p, &n(5)) && in_bounds(&p, &n(0)) && in_bounds(&p, &n(-1)));
        assert!(!in_bounds(&p, &n(6)));
        // From 2, `A[i - 2]` stays in bounds for every small `n`; `A[i - 3]`
        // leaves the array where the loop runs.
        assert!(in_bounds(&program(2, -2, Test::Inclusive), &n(1)));
        assert!(!in_bounds(&program(2, -3, Test::Inclusive), &n(3)));
        assert!(in_bounds(&program(2, -3, Test::Inclusive), &n(2)));
    }

    #[test]
    fn a_not_equal_test_from_past_its_bound_is_refused() {
        // `for (i = 2; i != n; i++)` never ends for `n` below 2.
        let p = program(2, -2, Test::NotEqual);
        assert!(in_bounds(&p, &n(2)) && in_bounds(&p, &n(3)));
        assert!(!in_bounds(&p, &n(1)) && !in_bounds(&p, &n(0)));
    }

    #[test]
    fn draws_differ_from_the_programs_values_and_stay_in_bounds() {
        let p = program(0, 0, Test::Inclusive);
        let mut rng = Rng::new(7);
        for _ in 0..20 {
            let values = draw(&p, &mut rng);
            assert!(values.is_empty() || (values != p.params && in_bounds(&p, &values)), "{values:?}");
        }
        let mut unsigned = p.clone();
        unsigned.unsigned = true;
        assert!(draw(&unsigned, &mut rng).is_empty());
    }
}
