//! Automatic reduction of a failing program (delta debugging over its
//! syntax): regions, statements, guards and subexpressions are removed or
//! replaced one at a time, and a change is kept whenever the program still
//! fails the same way, until no single change does. Every candidate keeps
//! the generator's guarantees (removing code never takes an access out of
//! bounds; a local temporary removed while still read makes the original
//! program fail to compile, which the check rejects).

use crate::program::{Counter, Expr, Program, Stmt, Test};

/// Most candidate programs checked in one reduction.
const MAX_CHECKS: usize = 400;

/// The smallest program reached from `program` by single changes for
/// which `fails` holds (it holds for `program`).
pub fn reduce(program: &Program, fails: &mut dyn FnMut(&Program) -> bool) -> Program {
    let mut best = program.clone();
    let mut checks = 0;
    'progress: loop {
        for candidate in candidates(&best) {
            if checks >= MAX_CHECKS {
                break 'progress;
            }
            checks += 1;
            if fails(&candidate) {
                best = candidate;
                continue 'progress;
            }
        }
        break;
    }
    best
}

/// Every program one change away from `program`, largest changes first.
fn candidates(program: &Program) -> Vec<Program> {
    let mut out = Vec::new();
    if program.regions.len() > 1 {
        for r in 0..program.regions.len() {
            let mut p = program.clone();
            p.regions.remove(r);
            out.push(p);
        }
    }
    for r in 0..program.regions.len() {
        for edit in edits(&program.regions[r]) {
            let mut p = program.clone();
            p.regions[r] = edit;
            if !p.regions[r].is_empty() {
                out.push(p);
            }
        }
    }
    if !program.edge.is_empty() {
        let mut p = program.clone();
        p.edge.clear();
        out.push(p);
    }
    if program.vla || !program.macros.names.is_empty() || program.hints || program.calls || program.repeats {
        let mut p = program.clone();
        p.vla = false;
        p.macros.names.clear();
        (p.hints, p.calls, p.repeats) = (false, false, false);
        out.push(p);
    }
    out
}

/// Every statement list one change away from `body`.
fn edits(body: &[Stmt]) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    for i in 0..body.len() {
        let replace = |with: Vec<Stmt>| -> Vec<Stmt> { body[..i].iter().cloned().chain(with).chain(body[i + 1..].iter().cloned()).collect() };
        out.push(replace(Vec::new()));
        match &body[i] {
            Stmt::Loop { var, from, to, step, down, test, counter, body: inner } => {
                for edit in edits(inner) {
                    if !edit.is_empty() {
                        out.push(replace(vec![Stmt::Loop { var: var.clone(), from: from.clone(), to: to.clone(), step: *step, down: *down, test: *test, counter: *counter, body: edit }]));
                    }
                }
                if *step != 1 || *down || *test != Test::Inclusive {
                    out.push(replace(vec![Stmt::Loop { var: var.clone(), from: from.clone(), to: to.clone(), step: 1, down: false, test: Test::Inclusive, counter: *counter, body: inner.clone() }]));
                }
                if *counter != Counter::Own {
                    out.push(replace(vec![Stmt::Loop { var: var.clone(), from: from.clone(), to: to.clone(), step: *step, down: *down, test: *test, counter: Counter::Own, body: inner.clone() }]));
                }
            }
            Stmt::If { cond, then, otherwise } => {
                out.push(replace(then.clone()));
                if !otherwise.is_empty() {
                    out.push(replace(otherwise.clone()));
                    out.push(replace(vec![Stmt::If { cond: cond.clone(), then: then.clone(), otherwise: Vec::new() }]));
                }
                for edit in edits(then) {
                    if !edit.is_empty() {
                        out.push(replace(vec![Stmt::If { cond: cond.clone(), then: edit, otherwise: otherwise.clone() }]));
                    }
                }
            }
            Stmt::Write { target, op, value } => {
                for simpler in simpler_values(value) {
                    out.push(replace(vec![Stmt::Write { target: target.clone(), op: *op, value: simpler }]));
                }
            }
            Stmt::Local { name, elem, value } => {
                for simpler in simpler_values(value) {
                    out.push(replace(vec![Stmt::Local { name: name.clone(), elem: *elem, value: simpler }]));
                }
            }
        }
    }
    out
}

/// Values simpler than `value`: its parts, and a literal.
fn simpler_values(value: &Expr) -> Vec<Expr> {
    if let Expr::Literal(_) = value {
        return Vec::new();
    }
    let mut out = value.parts();
    out.push(Expr::Literal("1".into()));
    out
}
