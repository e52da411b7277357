//! Inlining of pointwise stages (`--inline`): a statement that computes an
//! intermediate array nothing reads after the region is substituted into
//! the statements that read it, and disappears with its array, as
//! Halide's and PolyMage's inlining of pointwise functions does.
//!
//! A Harris corner detector squares its gradients into `ixx`, `iyy` and
//! `ixy`, sums each over 3 x 3 windows into `sxx`, `syy` and `sxy`, and
//! combines the sums into its response: six of its nine stages write an
//! array that only the next stage reads. With those six inlined, its
//! fused tiles hold three buffers instead of nine, and it ran 7.6 ms
//! instead of 8.2 ms at 2048 x 2048 on 2 threads (a difference of
//! Gaussians 3.1 instead of 3.6 ms, a chain of blurs 5.0 instead of 5.4),
//! with the same bits.
//!
//! A *producer* `P: T[i][j] = E;` is inlined into its *consumers* (every
//! other statement that reads `T`) where the value each consumer reads is
//! `E` at the element it reads, checked as follows. `T` is dead after the
//! region ([`Scop::dead_after`]) and written by `P` alone, at the element
//! of its own iterators (`T[i][j]` in `P`'s loop order), so the consumer
//! reading `T[e][f]` reads what `P` computed at `i = e, j = f`; every
//! element a consumer reads is one `P` writes. `P` is alone in its
//! outermost loop, its consumers run in later outermost loops, and the
//! arrays `E` reads are written only in earlier ones: between `P` and its
//! consumers nothing changes what `E` reads. `E` has no side effects (no
//! assignment, increment or call other than to a few pure math functions)
//! and is converted to `T`'s element type where it is substituted, as the
//! assignment converted it. A consumer that chooses between values (`?:`)
//! gets a producer inlined only where the producer reads nothing the
//! consumer does not read itself, at the same elements: the arm then adds
//! arithmetic on values the consumer loads anyway, and gcc if-converts it
//! (an unsharp mask's sharpened value, `in + k * (in - blurred)`, in the
//! arm of its threshold: 4.1 ms instead of 4.6 at 2048 x 2048 on 2
//! threads, its loop vectorised with or without `omp simd`); one that
//! loads more in an arm may stay a branch.
//!
//! Which producers: a pointwise one (it reads its inputs at its own
//! point) reading at most [`CHEAP_READS`] elements, into every consumer;
//! any other, into a single consumer that reads it at one element per
//! instance (the copies of `E` there are the same expression, which the
//! C compiler computes once). A stencil stage read at several points
//! stays a stage of its own, computed once per point.

use isl_rs::{DimType, Map};

use crate::isl::IslResult;
use crate::scop::{Access, Body, BodyPiece, Scop, Statement};

/// Most array elements a pointwise producer reads to be inlined into
/// consumers that read it at several points (its work is then repeated
/// at each).
const CHEAP_READS: usize = 2;

/// Math functions without side effects that an inlined expression may
/// call.
const PURE_CALLS: &[&str] = &[
    "sqrt", "sqrtf", "fabs", "fabsf", "exp", "expf", "log", "logf", "sin", "sinf", "cos", "cosf", "tanh", "tanhf", "floor", "floorf", "ceil", "ceilf",
];

/// One producer inlined: what `--report` says of it.
pub struct Inlined {
    pub producer: String,
    pub array: String,
    pub consumers: Vec<String>,
}

impl Inlined {
    pub fn describe(&self) -> String {
        format!("{} ({}) into {}", self.producer, self.array, self.consumers.join(", "))
    }
}

/// Inlines every producer the rules above allow, one after another (a
/// producer inlined into a consumer can make that consumer a producer to
/// inline); `None` where none is.
pub fn apply(scop: &Scop) -> IslResult<Option<(Scop, Vec<Inlined>)>> {
    let mut current: Option<Scop> = None;
    let mut done = Vec::new();
    loop {
        let model = current.as_ref().unwrap_or(scop);
        let Some(step) = next(model)? else { break };
        done.push(step.1);
        current = Some(step.0);
    }
    Ok(current.map(|s| (s, done)))
}

/// The first producer (in textual order) that can be inlined, inlined.
fn next(scop: &Scop) -> IslResult<Option<(Scop, Inlined)>> {
    let positions = top_level_positions(scop)?;
    for (p, producer) in scop.statements.iter().enumerate() {
        let Some(plan) = candidate(scop, p, &positions)? else { continue };
        return Ok(Some(inline(scop, producer, plan)?));
    }
    Ok(None)
}

/// What inlining producer `p` takes: the array, its right-hand side and
/// the consumers' indices.
struct Plan {
    array: String,
    rhs: Vec<BodyPiece>,
    consumers: Vec<usize>,
}

/// Per statement, the index of the outermost loop (child of the original
/// schedule's outermost sequence) holding it; `None` where the schedule
/// has no such sequence.
pub(crate) fn top_level_positions(scop: &Scop) -> IslResult<Option<Vec<usize>>> {
    let root = scop.schedule.get_root()?;
    if root.n_children()? != 1 {
        return Ok(None);
    }
    let sequence = root.get_child(0)?;
    if sequence.get_type()? != isl_rs::ScheduleNodeType::Sequence {
        return Ok(None);
    }
    let mut positions = vec![usize::MAX; scop.statements.len()];
    for c in 0..sequence.n_children()? {
        let filter = sequence.get_child(c)?.filter_get_filter()?;
        for name in crate::isl::tuple_names(&filter)? {
            if let Some(s) = scop.statements.iter().position(|s| s.name == name) {
                positions[s] = c as usize;
            }
        }
    }
    Ok(positions.iter().all(|&p| p != usize::MAX).then_some(positions))
}

/// The plan for inlining statement `p`, where every rule holds.
fn candidate(scop: &Scop, p: usize, positions: &Option<Vec<usize>>) -> IslResult<Option<Plan>> {
    let Some(positions) = positions else { return Ok(None) };
    let producer = &scop.statements[p];
    let [write] = producer.writes.as_slice() else { return Ok(None) };
    let array = write.array.clone();
    if !scop.dead_after.contains(&array) {
        return Ok(None);
    }
    let Some(rhs) = right_hand_side(&producer.body, &array, producer.iterators.len()) else { return Ok(None) };
    if !side_effect_free(&rhs) || positions.iter().filter(|&&q| q == positions[p]).count() != 1 {
        return Ok(None);
    }
    // P alone writes the array; its consumers read it later, and what it
    // reads is written only before it.
    let mut consumers = Vec::new();
    for (s, statement) in scop.statements.iter().enumerate() {
        if s == p {
            continue;
        }
        if statement.writes.iter().any(|a| a.array == array) {
            return Ok(None);
        }
        if statement.reads.iter().any(|a| a.array == array) {
            if positions[s] <= positions[p] || !assignment(&statement.body) {
                return Ok(None);
            }
            if chooses(&statement.body) && !reads_nothing_new(producer, write, statement, &array)? {
                return Ok(None);
            }
            consumers.push(s);
        }
        let writes_input = statement.writes.iter().any(|w| producer.reads.iter().any(|r| r.array == w.array));
        if writes_input && positions[s] >= positions[p] {
            return Ok(None);
        }
    }
    if consumers.is_empty() || producer.reads.iter().any(|r| r.array == array) {
        return Ok(None);
    }
    // Every element a consumer reads is one P writes.
    let written = write.relation.copy()?.range()?;
    for &c in &consumers {
        for a in scop.statements[c].reads.iter().filter(|a| a.array == array) {
            if !a.relation.copy()?.range()?.is_subset(&written)? {
                return Ok(None);
            }
        }
    }
    let pointwise = producer.reads.len() <= CHEAP_READS && producer.reads.iter().map(|r| same_point(r, write)).collect::<IslResult<Vec<bool>>>()?.into_iter().all(|b| b);
    let single = consumers.len() == 1 && one_element(&scop.statements[consumers[0]], &array)?;
    Ok((pointwise || single).then_some(Plan { array, rhs, consumers }))
}

/// The pieces of `body`'s right-hand side where `body` is `T[i0][i1]... =
/// E;` over its `n` iterators in order.
fn right_hand_side(body: &Body, array: &str, n: usize) -> Option<Vec<BodyPiece>> {
    let mut pieces = body.pieces.iter().skip_while(|p| blank(p));
    match pieces.next()? {
        BodyPiece::Element { array: a, subscripts } if a == array && subscripts.len() == n => {
            for (k, s) in subscripts.iter().enumerate() {
                let mut iterators = s.iter().filter(|p| !blank(p));
                if !matches!((iterators.next(), iterators.next()), (Some(BodyPiece::Iterator(i)), None) if *i == k) {
                    return None;
                }
            }
        }
        _ => return None,
    }
    let BodyPiece::Text(first) = pieces.next()? else { return None };
    let first = first.trim_start().strip_prefix('=')?;
    if first.starts_with('=') {
        return None;
    }
    let mut rhs = vec![BodyPiece::Text(first.to_string())];
    rhs.extend(pieces.cloned());
    match rhs.last_mut() {
        Some(BodyPiece::Text(last)) => *last = last.trim_end().strip_suffix(';')?.to_string(),
        _ => return None,
    }
    Some(rhs)
}

/// Whether `piece` is text of blanks only.
fn blank(piece: &BodyPiece) -> bool {
    matches!(piece, BodyPiece::Text(t) if t.trim().is_empty())
}

/// Whether `body` is an assignment to an array element (`A[..] = ...;`,
/// `A[..] += ...;`).
fn assignment(body: &Body) -> bool {
    matches!(body.pieces.iter().find(|p| !blank(p)), Some(BodyPiece::Element { .. }))
}

/// Whether `body` chooses between values (`?:`).
fn chooses(body: &Body) -> bool {
    texts(&body.pieces).iter().any(|t| t.contains('?'))
}

/// Whether every element `producer` reads, where `consumer` reads `array`
/// (which `write` writes), is one `consumer` reads itself.
fn reads_nothing_new(producer: &Statement, write: &Access, consumer: &Statement, array: &str) -> IslResult<bool> {
    for read in consumer.reads.iter().filter(|a| a.array == array) {
        let through = read.relation.copy()?.apply_range(write.relation.copy()?.reverse()?)?;
        for input in &producer.reads {
            let composed = through.copy()?.apply_range(input.relation.copy()?)?;
            let mut known = false;
            for own in consumer.reads.iter().filter(|a| a.array == input.array) {
                known |= composed.is_subset(&own.relation)?;
            }
            if !known {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The text pieces of `pieces`, subscripts included.
fn texts(pieces: &[BodyPiece]) -> Vec<&str> {
    let mut out = Vec::new();
    for p in pieces {
        match p {
            BodyPiece::Text(t) => out.push(t.as_str()),
            BodyPiece::Iterator(_) => {}
            BodyPiece::Element { subscripts, .. } => subscripts.iter().for_each(|s| out.extend(texts(s))),
        }
    }
    out
}

/// Whether the expression `rhs` has no side effects: no assignment,
/// increment, comma or `?:`, and calls only to [`PURE_CALLS`].
fn side_effect_free(rhs: &[BodyPiece]) -> bool {
    let text: String = texts(rhs).concat();
    let bytes = text.as_bytes();
    for (k, &b) in bytes.iter().enumerate() {
        let next = bytes.get(k + 1).copied();
        let previous = k.checked_sub(1).map(|j| bytes[j]);
        let assigning = b == b'=' && next != Some(b'=') && !matches!(previous, Some(b'=' | b'<' | b'>' | b'!'));
        if assigning || matches!(b, b',' | b'?' | b';' | b'{') || (matches!(b, b'+' | b'-') && next == Some(b)) {
            return false;
        }
    }
    // Every identifier followed by `(` is a pure function.
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if c == '(' && !word.is_empty() && !word.starts_with(|d: char| d.is_ascii_digit()) && !PURE_CALLS.contains(&word.as_str()) && !is_type(&word) {
            return false;
        }
        if !c.is_whitespace() {
            word.clear();
        }
    }
    true
}

/// Words that can precede `(` without being a call (`sizeof (x)`).
fn is_type(word: &str) -> bool {
    matches!(word, "sizeof")
}

/// Whether the read `read` is at the element of the producer's own point
/// (`ix[i][j]` in `ixx[i][j] = ix[i][j] * ix[i][j]`).
fn same_point(read: &Access, write: &Access) -> IslResult<bool> {
    let n_read = read.relation.dim(DimType::Out)?;
    if n_read != write.relation.dim(DimType::Out)? {
        return Ok(false);
    }
    let renamed = read.relation.copy()?.set_tuple_name(DimType::Out, &write.array)?;
    Ok(renamed.is_equal(&write.relation)?)
}

/// Whether `statement` reads `array` at one element per instance (all its
/// reads of it are the same relation).
fn one_element(statement: &Statement, array: &str) -> IslResult<bool> {
    let reads: Vec<&Access> = statement.reads.iter().filter(|a| a.array == array).collect();
    for r in &reads[1..] {
        if !r.relation.is_equal(&reads[0].relation)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `scop` with `producer` substituted into the consumers of `plan` and
/// removed.
fn inline(scop: &Scop, producer: &Statement, plan: Plan) -> IslResult<(Scop, Inlined)> {
    let element_type = scop.arrays.iter().find(|a| a.name == plan.array).map(|a| a.value_type()).unwrap_or_else(|| "double".into());
    let write = &producer.writes[0];
    let mut next_ref = scop.statements.iter().flat_map(|s| s.reads.iter().chain(&s.writes)).filter_map(|a| a.ref_id[2..].parse::<usize>().ok()).max().unwrap_or(0) + 1;
    let mut statements = Vec::new();
    let mut consumers = Vec::new();
    for (s, statement) in scop.statements.iter().enumerate() {
        if std::ptr::eq(statement, producer) {
            continue;
        }
        let mut copy = statement.copy()?;
        if plan.consumers.contains(&s) {
            consumers.push(statement.name.clone());
            // What each read of the array reads through the producer.
            let mut reads = Vec::new();
            for a in &statement.reads {
                if a.array != plan.array {
                    reads.push(a.copy()?);
                    continue;
                }
                let instance = a.relation.copy()?.apply_range(write.relation.copy()?.reverse()?)?;
                for r in &producer.reads {
                    let relation: Map = instance.copy()?.apply_range(r.relation.copy()?)?;
                    reads.push(Access { ref_id: format!("R_{next_ref}"), array: r.array.clone(), relation });
                    next_ref += 1;
                }
            }
            copy.reads = reads;
            // The written element, first, stays.
            let target = statement.body.pieces.iter().position(|p| !blank(p)).unwrap_or(0);
            let mut pieces = statement.body.pieces[..=target].to_vec();
            pieces.extend(substitute(&statement.body.pieces[target + 1..], &plan, &element_type));
            copy.body = Body { pieces };
        }
        statements.push(copy);
    }
    let mut next = scop.with_statements(statements, scop.schedule.copy()?)?;
    next.schedule = next.schedule.copy()?.intersect_domain(next.domain()?)?;
    let inlined = Inlined { producer: producer.name.clone(), array: plan.array.clone(), consumers };
    Ok((next, inlined))
}

/// `pieces` with every element of the plan's array replaced by the
/// producer's right-hand side at its subscripts, converted to the
/// array's type.
fn substitute(pieces: &[BodyPiece], plan: &Plan, element_type: &str) -> Vec<BodyPiece> {
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            BodyPiece::Element { array, subscripts } if *array == plan.array => {
                out.push(BodyPiece::Text(format!("(({element_type})(")));
                for p in &plan.rhs {
                    out.extend(at_subscripts(p, subscripts));
                }
                out.push(BodyPiece::Text("))".into()));
            }
            BodyPiece::Element { array, subscripts } => {
                let subscripts = subscripts.iter().map(|s| substitute(s, plan, element_type)).collect();
                out.push(BodyPiece::Element { array: array.clone(), subscripts });
            }
            other => out.push(other.clone()),
        }
    }
    out
}

/// The producer's piece `piece` with its iterator `k` replaced by the
/// consumer's subscript `k` (parenthesised).
fn at_subscripts(piece: &BodyPiece, subscripts: &[Vec<BodyPiece>]) -> Vec<BodyPiece> {
    match piece {
        BodyPiece::Iterator(k) => {
            let mut out = vec![BodyPiece::Text("(".into())];
            out.extend(subscripts[*k].iter().cloned());
            out.push(BodyPiece::Text(")".into()));
            out
        }
        BodyPiece::Element { array, subscripts: own } => {
            let own = own.iter().map(|s| s.iter().flat_map(|p| at_subscripts(p, subscripts)).collect()).collect();
            vec![BodyPiece::Element { array: array.clone(), subscripts: own }]
        }
        text => vec![text.clone()],
    }
}
