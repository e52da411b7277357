//! The check of isl's code generation: the statement instances a generated
//! AST executes, read back from its loops, guards and calls as isl
//! relations, against the instances its schedule tree reaches.
//!
//! Every schedule is checked before code is generated from it
//! (`legality`), but the AST isl builds from a legal schedule is not
//! checked by anything in isl. It can be wrong: for a legal tiled schedule
//! of a random program (a tile band over `j + k` and `j`, `j` of stride
//! 3), isl printed the guard `4 * ((-c0 + c3 + 3) % 3) + c2 >= c3 + 3`
//! and computed `k` from the tile loops, so that every `k = 0` instance of
//! a tile holding a `k = 2` one never ran. This module reads the AST the
//! way the printed C runs it (C's truncating `/` and `%` where the printers
//! print them, isl's floor where they print a floor): a loop `for (c = init;
//! cond; c += inc)` is `{ c : c >= init, c = init mod inc, cond }` inside
//! the conditions around it (isl's conditions are upper bounds: once false,
//! they stay false as `c` grows), an `if` adds its condition (its `else` the
//! complement), and a call `S(e_1, ..., e_n)` executes the instances
//! `S[e_1, ..., e_n]` of its iteration domain. The executed instances must
//! be exactly the ones the schedule tree reaches (its domain, filtered,
//! with what extension nodes add), and an instance the tree reaches only
//! once (not added by an extension, where post-tiling fusion recomputes
//! tile borders) must run only once.
//!
//! The order is checked too, where no extension recomputes instances: isl
//! printed, for a legal schedule whose band members were split into a
//! floor and a modulo part, a statement before another that the schedule
//! runs after it at the same band point (outside the loop over a member
//! where that value of the member was fixed), breaking an anti dependence.
//! The loops run their iterations in the order of the schedule's
//! dimensions (a loop's iterator is its dimension's value); what the loops
//! do not order is the order of two calls in one iteration of the loops
//! around both, the order of the AST's nodes. So for every two calls, the
//! pairs of their instances that run in one iteration of their common
//! loops, whose order matters (`legality::order_to_keep`), must run in the
//! order of the schedule: the first call's before the second's.

use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode, ASTNodeType, DimType, LocalSpace, Map, PwAff, Schedule, ScheduleNode, ScheduleNodeType, Set, Space, UnionMap, UnionSet, Val};

use crate::deps::Dependences;
use crate::isl::{ast_node_type, tuple_names, IslError, IslResult, IslText};
use crate::scop::Scop;

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The AST executes every instance the schedule reaches, each once
    /// unless an extension recomputes it, and nothing else.
    Exact,
    /// The AST does not execute what the schedule does: what differs,
    /// with one instance as example (`it never executes S_4[0, 2, 0]`).
    Wrong(String),
    /// The AST holds a construct the check cannot read (a loop step that
    /// is not a positive constant, a division by a variable): why.
    Unread(String),
}

/// Checks that `root`, generated from `schedule` under the parameter
/// constraints `context` with the loop iterators `iterators` (by depth),
/// executes exactly the instances `schedule` reaches, and, where the
/// dependences of `scop` are given and no extension node recomputes
/// instances, in an order that computes what the original order does
/// (borrows all).
pub fn check(root: &ASTNode, schedule: &Schedule, context: &Set, iterators: &[String], dependences: Option<(&Scop, &Dependences)>) -> IslResult<Verdict> {
    let (reached, extended) = reached_instances(schedule)?;
    let reached = reached.intersect_params(context.copy()?)?;
    let space = context.get_space()?.set_from_params()?.add_dims(DimType::Set, iterators.len() as u32)?;
    let mut start = Set::universe(space.copy()?)?.intersect_params(context.copy()?)?;
    for d in 0..iterators.len() {
        start = start.fix_si(DimType::Set, d as u32, 0)?;
    }
    let done = UnionSet::empty(context.get_space()?)?;
    let recomputed = tuple_names(&extended)?;
    let calls = match (dependences, recomputed.is_empty()) {
        (Some(_), true) => Some(Vec::new()),
        _ => None,
    };
    let mut reader = Reader { space, iterators, recomputed, remaining: reached.copy()?, reached, done, verdict: None, visited: 0, calls };
    reader.node(root, start, 0, vec![0; iterators.len() + 1])?;
    if let Some(verdict) = reader.verdict {
        return Ok(verdict);
    }
    if !reader.remaining.is_empty()? {
        return Ok(Verdict::Wrong(format!("it never executes {}", example(reader.remaining)?)));
    }
    if let (Some((scop, deps)), Some(calls)) = (dependences, reader.calls) {
        let reversed = crate::legality::order_to_keep(scop, deps, schedule).and_then(|keep| reversed_pair(&calls, keep, schedule));
        match reversed {
            Ok(None) => {}
            Ok(Some(pair)) => return Ok(Verdict::Wrong(format!("it runs {pair} in the order opposite to its schedule's"))),
            // Every instance runs once: only the order is left unchecked.
            Err(e) => return Ok(Verdict::Unread(format!("the order of its calls: {}", e.0))),
        }
    }
    Ok(Verdict::Exact)
}

/// The instances that reach the leaves of `schedule` (borrows it), and
/// those that extension nodes add.
fn reached_instances(schedule: &Schedule) -> IslResult<(UnionSet, UnionSet)> {
    fn walk(node: &ScheduleNode, domain: UnionSet, reached: &mut Option<UnionSet>, extended: &mut Option<UnionSet>) -> IslResult<()> {
        let add = |acc: &mut Option<UnionSet>, set: UnionSet| -> IslResult<()> {
            *acc = Some(match acc.take() {
                Some(a) => a.union(set)?,
                None => set,
            });
            Ok(())
        };
        let domain = match node.get_type()? {
            ScheduleNodeType::Domain => node.domain_get_domain()?,
            ScheduleNodeType::Filter => domain.intersect(node.filter_get_filter()?)?,
            ScheduleNodeType::Extension => {
                let added = node.extension_get_extension()?.range()?;
                add(extended, added.copy()?)?;
                domain.union(added)?
            }
            ScheduleNodeType::Leaf => {
                add(reached, domain)?;
                return Ok(());
            }
            ScheduleNodeType::Expansion | ScheduleNodeType::Error => return Err(IslError("an expansion or invalid node in a schedule to check".into())),
            _ => domain,
        };
        for i in 0..node.n_children()? {
            walk(&node.get_child(i)?, domain.copy()?, reached, extended)?;
        }
        Ok(())
    }
    let root = schedule.get_root()?;
    let params = root.domain_get_domain()?.get_space()?;
    let empty = || -> IslResult<UnionSet> { Ok(UnionSet::empty(params.copy()?)?) };
    let (mut reached, mut extended) = (None, None);
    walk(&root, empty()?, &mut reached, &mut extended)?;
    Ok((reached.map_or_else(empty, Ok)?, extended.map_or_else(empty, Ok)?))
}

/// One instance of `set` (takes it), in isl notation.
fn example(set: UnionSet) -> IslResult<String> {
    let point = UnionSet::from_point(set.sample_point()?)?;
    let text = point.isl_text();
    // `{ S_4[i = 12, j = 11, k = 0] : m = 14 and n = 0 }`: the instance,
    // then the parameter values.
    let inner = text.rsplit('{').next().unwrap_or(&text).trim_end_matches('}').trim();
    Ok(match inner.split_once(" : ") {
        Some((instance, params)) => format!("{instance} (where {params})"),
        None => inner.to_string(),
    })
}

/// One call of the AST.
struct Call {
    /// The statement it executes.
    statement: String,
    /// Per schedule dimension `k` up to the number of them, the pre-order
    /// number of the first node on the path to the call from the loop
    /// over dimension `k - 1` (the root for `k = 0`) that is a loop over a
    /// later dimension, or the call itself: two calls run in one
    /// iteration of the loops over the dimensions before the first `k`
    /// where they differ, in the order of their numbers there.
    numbers: Vec<i64>,
    /// The instance it executes at each iteration point of the loops.
    executes: Map,
}

/// Two instances that `calls` (in the order of the AST) run in the order
/// opposite to `schedule`'s, though their order is one to keep (`keep`),
/// as an example; `None` where there are none.
fn reversed_pair(calls: &[Call], keep: UnionMap, schedule: &Schedule) -> IslResult<Option<String>> {
    let mut kept = std::collections::HashMap::new();
    let maps = keep.get_map_list()?;
    for i in 0..maps.size()? {
        let map = maps.get_at(i)?;
        kept.insert((map.get_tuple_name(DimType::In)?.to_string(), map.get_tuple_name(DimType::Out)?.to_string()), map);
    }
    let times = schedule.get_map()?;
    // The times of each call's instances, computed once.
    let mut timed: Vec<Option<Map>> = (0..calls.len()).map(|_| None).collect();
    let mut times_of = |k: usize| -> IslResult<Map> {
        if timed[k].is_none() {
            timed[k] = Some(Map::from_union_map(times.copy()?.intersect_domain(UnionSet::from_set(calls[k].executes.copy()?.range()?)?)?)?);
        }
        Ok(timed[k].as_ref().expect("computed above").copy()?)
    };
    for (i, first) in calls.iter().enumerate() {
        for (j, second) in calls.iter().enumerate().skip(i + 1) {
            let Some(pairs) = kept.get(&(first.statement.clone(), second.statement.clone())) else { continue };
            let common = first.numbers.iter().zip(&second.numbers).position(|(a, b)| a != b).unwrap_or(first.numbers.len());
            let points = first.executes.get_space()?.domain()?;
            let mut together = Map::universe(points.copy()?.map_from_domain_and_range(points)?)?;
            for d in 0..common {
                together = together.equate(DimType::In, d as i32, DimType::Out, d as i32)?;
            }
            let together = together.apply_domain(first.executes.copy()?)?.apply_range(second.executes.copy()?)?.intersect(pairs.copy()?)?;
            if together.is_empty()? {
                continue;
            }
            // The pairs' times, compared: cheaper than comparing every
            // time of the two calls (`lex_ge_map`), which only an example
            // of a reversed pair needs.
            let (first_times, second_times) = (times_of(i)?, times_of(j)?);
            let compared = together.copy()?.apply_domain(first_times.copy()?)?.apply_range(second_times.copy()?)?;
            let not_before = Map::lex_ge(compared.get_space()?.domain()?)?;
            if compared.intersect(not_before)?.is_empty()? {
                continue;
            }
            let reversed = together.intersect(first_times.lex_ge_map(second_times)?)?;
            if !reversed.is_empty()? {
                return Ok(Some(example(UnionSet::from_set(reversed.wrap()?)?)?));
            }
        }
    }
    Ok(None)
}

/// The walk over the AST.
struct Reader<'a> {
    /// The parameters, then one dimension per loop iterator.
    space: Space,
    /// The loop iterators' names, by dimension.
    iterators: &'a [String],
    /// The statements extension nodes add instances of (possibly run
    /// more than once).
    recomputed: Vec<String>,
    /// The instances the schedule reaches (where the parameters are in
    /// the context).
    reached: UnionSet,
    /// Those the AST has not executed so far.
    remaining: UnionSet,
    /// Those it has.
    done: UnionSet,
    /// The first finding that ends the walk.
    verdict: Option<Verdict>,
    /// The nodes read so far: the pre-order number of the next one.
    visited: i64,
    /// The calls read so far, where the order is checked.
    calls: Option<Vec<Call>>,
}

impl Reader<'_> {
    /// Reads `node`, run where the iterators and parameters are in
    /// `around` (takes it; iterators of loops not around it are 0), inside
    /// the loops over the dimensions before `depth`, with the numbers of
    /// the calls below it so far in `numbers` (see [`Call::numbers`]).
    fn node(&mut self, node: &ASTNode, around: Set, depth: usize, mut numbers: Vec<i64>) -> IslResult<()> {
        if self.verdict.is_some() {
            return Ok(());
        }
        let number = self.visited;
        self.visited += 1;
        match ast_node_type(node)? {
            ASTNodeType::For => {
                let Some(values) = self.loop_values(node, around)? else { return Ok(()) };
                let dim = self.loop_dim(node)?;
                if dim < depth {
                    self.verdict = Some(Verdict::Unread(format!("a loop over '{}' inside a loop over a later dimension", self.iterators[dim])));
                    return Ok(());
                }
                numbers[depth..=dim].fill(number);
                self.node(&node.for_get_body()?, values, dim + 1, numbers)
            }
            ASTNodeType::If => {
                let Some(cond) = self.condition(&node.if_get_cond()?)? else { return Ok(()) };
                self.node(&node.if_get_then_node()?, around.copy()?.intersect(cond.copy()?)?.coalesce()?, depth, numbers.clone())?;
                match node.if_has_else_node()? {
                    true => self.node(&node.if_get_else_node()?, around.subtract(cond)?.coalesce()?, depth, numbers),
                    false => Ok(()),
                }
            }
            ASTNodeType::Block => {
                let children = node.block_get_children()?;
                for i in 0..children.n_ast_node()? {
                    self.node(&children.get_at(i)?, around.copy()?, depth, numbers.clone())?;
                }
                Ok(())
            }
            ASTNodeType::Mark => self.node(&node.mark_get_node()?, around, depth, numbers),
            ASTNodeType::User => {
                numbers[depth..].fill(number);
                self.call(&node.user_get_expr()?, around, &numbers)
            }
            ASTNodeType::Error => Err(IslError("an invalid AST node".into())),
        }
    }

    /// The schedule dimension of the loop `node` (one `loop_values` has
    /// read).
    fn loop_dim(&self, node: &ASTNode) -> IslResult<usize> {
        let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
        self.iterators.iter().position(|n| *n == iterator).ok_or_else(|| IslError(format!("a loop over '{iterator}', not a generated iterator")))
    }

    /// The values of the iterators and parameters inside the loop `node`,
    /// run where they are in `around` (takes it); `None` when it cannot be
    /// read (the verdict says why).
    fn loop_values(&mut self, node: &ASTNode, around: Set) -> IslResult<Option<Set>> {
        let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
        let Some(dim) = self.iterators.iter().position(|n| *n == iterator) else {
            return self.unread(format!("a loop over '{iterator}', not a generated iterator"));
        };
        let inc = node.for_get_inc()?;
        let step = match inc.get_type()? {
            ASTExprType::Int => inc.get_val()?.get_num_si()?,
            _ => 0,
        };
        if step <= 0 {
            return self.unread(format!("the loop over '{iterator}' steps by {}", crate::isl::ast_expr_to_c(&inc)));
        }
        let init = node.for_get_init()?;
        let (Some(from), Some(cond)) = (self.compare(ASTExprOpType::Ge, &node.for_get_iterator()?, &init)?, self.condition(&node.for_get_cond()?)?) else { return Ok(None) };
        let mut values = around.eliminate(DimType::Set, dim as u32, 1)?.intersect(from)?.intersect(cond)?;
        if step > 1 {
            let Some(init) = self.value(&init)? else { return Ok(None) };
            let var = PwAff::var_on_domain(LocalSpace::from_space(self.space.copy()?)?, DimType::Set, dim as u32)?;
            let offset = var.sub(init)?.mod_val(Val::int_from_si(&self.space.get_ctx(), step)?)?;
            values = values.intersect(offset.zero_set()?)?;
        }
        Ok(Some(values.coalesce()?))
    }

    /// Records the instances the call `expr` executes where the iterators
    /// and parameters are in `around` (takes it); `numbers` are the call's
    /// (see [`Call::numbers`]).
    fn call(&mut self, expr: &ASTExpr, around: Set, numbers: &[i64]) -> IslResult<()> {
        let statement = expr.get_op_arg(0)?.get_id()?.get_name()?.to_string();
        let mut instance: Option<Map> = None;
        for i in 1..expr.get_op_n_arg()? {
            let Some(value) = self.value(&expr.get_op_arg(i)?)? else { return Ok(()) };
            let coordinate = Map::from_pw_aff(value)?;
            instance = Some(match instance {
                Some(m) => m.flat_range_product(coordinate)?,
                None => coordinate,
            });
        }
        let instance = match instance {
            Some(m) => m.intersect_domain(around)?,
            None => Map::from_domain_and_range(around, Set::universe(self.space.copy()?.params()?.set_from_params()?)?)?,
        };
        let instance = instance.set_tuple_name(DimType::Out, &statement)?;
        let once = !self.recomputed.contains(&statement);
        if once && !instance.is_injective()? {
            self.verdict = Some(Verdict::Wrong(format!("it executes instances of {statement} more than once in one place")));
            return Ok(());
        }
        // Tested on the call's pairs (iterators, instance): the instances
        // alone, a projection, have an unknown for every loop around the
        // call, which under tiles of tiles made the test 10 times slower.
        let reached = self.reached.extract_set(instance.get_space()?.range()?)?;
        let extra = instance.copy()?.subtract_range(reached)?;
        if !extra.is_empty()? {
            let extra = UnionSet::from_set(extra.range()?)?;
            self.verdict = Some(Verdict::Wrong(format!("it executes {}, which the schedule does not", example(extra)?)));
            return Ok(());
        }
        let executed = UnionSet::from_set(instance.copy()?.range()?)?;
        if once {
            let twice = executed.copy()?.intersect(self.done.copy()?)?;
            if !twice.is_empty()? {
                self.verdict = Some(Verdict::Wrong(format!("it executes {} twice", example(twice)?)));
                return Ok(());
            }
        }
        self.remaining = self.remaining.copy()?.subtract(executed.copy()?)?.coalesce()?;
        self.done = self.done.copy()?.union(executed)?;
        if let Some(calls) = &mut self.calls {
            calls.push(Call { statement, numbers: numbers.to_vec(), executes: instance });
        }
        Ok(())
    }

    /// Records that the AST cannot be read, and why; gives `None`.
    fn unread<T>(&mut self, why: String) -> IslResult<Option<T>> {
        self.verdict = Some(Verdict::Unread(why));
        Ok(None)
    }

    /// The integer value of `expr` as the printed C computes it; `None`
    /// when it cannot be read.
    fn value(&mut self, expr: &ASTExpr) -> IslResult<Option<PwAff>> {
        let ls = || -> IslResult<LocalSpace> { Ok(LocalSpace::from_space(self.space.copy()?)?) };
        match expr.get_type()? {
            ASTExprType::Int => Ok(Some(PwAff::val_on_domain(Set::universe(self.space.copy()?)?, expr.get_val()?)?)),
            ASTExprType::Id => {
                let name = expr.get_id()?.get_name()?.to_string();
                if let Some(dim) = self.iterators.iter().position(|n| *n == name) {
                    return Ok(Some(PwAff::var_on_domain(ls()?, DimType::Set, dim as u32)?));
                }
                match self.space.find_dim_by_name(DimType::Param, &name)? {
                    p if p >= 0 => Ok(Some(PwAff::var_on_domain(ls()?, DimType::Param, p as u32)?)),
                    _ => self.unread(format!("the identifier '{name}'")),
                }
            }
            ASTExprType::Op => self.operation(expr),
            ASTExprType::Error => Err(IslError("an invalid AST expression".into())),
        }
    }

    /// The value of the operation `expr` (see [`Self::value`]).
    fn operation(&mut self, expr: &ASTExpr) -> IslResult<Option<PwAff>> {
        use ASTExprOpType as O;
        let op = expr.get_op_type()?;
        if matches!(op, O::Eq | O::Le | O::Lt | O::Ge | O::Gt | O::And | O::AndThen | O::Or | O::OrElse) {
            let Some(cond) = self.condition(expr)? else { return Ok(None) };
            return Ok(Some(cond.indicator_function()?));
        }
        let mut args = Vec::new();
        let conditional = matches!(op, O::Cond | O::Select);
        for i in (conditional as i32)..expr.get_op_n_arg()? {
            let Some(value) = self.value(&expr.get_op_arg(i)?)? else { return Ok(None) };
            args.push(value);
        }
        let constant = |v: &PwAff| -> IslResult<bool> { Ok(v.is_cst()?) };
        let mut args = args.into_iter();
        let mut next = || args.next().ok_or_else(|| IslError("an AST operation without its operands".into()));
        Ok(Some(match op {
            O::Minus => next()?.neg()?,
            O::Add => next()?.add(next()?)?,
            O::Sub => next()?.sub(next()?)?,
            O::Mul => {
                let (a, b) = (next()?, next()?);
                if !constant(&a)? && !constant(&b)? {
                    return self.unread("a product of two variables".into());
                }
                a.mul(b)?
            }
            O::Div | O::PdivQ | O::FdivQ | O::PdivR | O::ZdivR => {
                let (a, b) = (next()?, next()?);
                if !constant(&b)? {
                    return self.unread("a division by a variable".into());
                }
                match op {
                    // The C printers print `/` and `%`, which truncate.
                    O::Div | O::PdivQ => a.tdiv_q(b)?,
                    O::PdivR | O::ZdivR => a.tdiv_r(b)?,
                    // Printed as a floor exact for negative dividends.
                    _ => a.div(b)?.floor()?,
                }
            }
            O::Min | O::Max => {
                let mut acc = next()?;
                while let Ok(b) = next() {
                    acc = if op == O::Min { acc.min(b)? } else { acc.max(b)? };
                }
                acc
            }
            O::Cond | O::Select => {
                let Some(cond) = self.condition(&expr.get_op_arg(0)?)? else { return Ok(None) };
                let (a, b) = (next()?, next()?);
                let otherwise = Set::universe(self.space.copy()?)?.subtract(cond.copy()?)?;
                a.intersect_domain(cond)?.union_add(b.intersect_domain(otherwise)?)?
            }
            _ => return self.unread(format!("the expression {}", crate::isl::ast_expr_to_c(expr))),
        }))
    }

    /// The iterator and parameter values where `left op right` holds;
    /// `None` when it cannot be read. A minimum or maximum on either side
    /// becomes a conjunction or disjunction of comparisons with its
    /// operands (`c <= min(a, b)` is `c <= a and c <= b`), so that loop
    /// bounds give sets of few pieces rather than piecewise values.
    fn compare(&mut self, op: ASTExprOpType, left: &ASTExpr, right: &ASTExpr) -> IslResult<Option<Set>> {
        use ASTExprOpType as O;
        let extremum = |e: &ASTExpr| -> IslResult<Option<ASTExprOpType>> {
            Ok(match e.get_type()? {
                ASTExprType::Op => Some(e.get_op_type()?).filter(|o| matches!(o, O::Min | O::Max)),
                _ => None,
            })
        };
        // `op` with its sides swapped, so that the extremum is on the left.
        let swapped = match op {
            O::Le => O::Ge,
            O::Lt => O::Gt,
            O::Ge => O::Le,
            O::Gt => O::Lt,
            other => other,
        };
        let (op, split, other) = match (extremum(left)?, extremum(right)?) {
            (Some(e), _) if op != O::Eq => (op, Some((e, left)), right),
            (_, Some(e)) if op != O::Eq => (swapped, Some((e, right)), left),
            _ => (op, None, right),
        };
        let Some((extremum, operands)) = split else {
            let (Some(a), Some(b)) = (self.value(left)?, self.value(other)?) else { return Ok(None) };
            return Ok(Some(match op {
                O::Eq => a.eq_set(b)?,
                O::Le => a.le_set(b)?,
                O::Lt => a.lt_set(b)?,
                O::Ge => a.ge_set(b)?,
                _ => a.gt_set(b)?,
            }));
        };
        // min(a, b) <= c holds where a <= c or b <= c; max(a, b) <= c
        // where both do (and the other way round for >= and >).
        let every = matches!((extremum, op), (O::Max, O::Le | O::Lt) | (O::Min, O::Ge | O::Gt));
        let mut out: Option<Set> = None;
        for i in 0..operands.get_op_n_arg()? {
            let Some(part) = self.compare(op, &operands.get_op_arg(i)?, other)? else { return Ok(None) };
            out = Some(match out {
                None => part,
                Some(acc) if every => acc.intersect(part)?,
                Some(acc) => acc.union(part)?,
            });
        }
        out.map(Some).ok_or_else(|| IslError("a minimum of nothing".into()))
    }

    /// The iterator and parameter values where `expr` holds (non-zero in
    /// C); `None` when it cannot be read.
    fn condition(&mut self, expr: &ASTExpr) -> IslResult<Option<Set>> {
        use ASTExprOpType as O;
        if expr.get_type()? != ASTExprType::Op {
            let Some(value) = self.value(expr)? else { return Ok(None) };
            return Ok(Some(value.non_zero_set()?));
        }
        let op = expr.get_op_type()?;
        match op {
            O::And | O::AndThen | O::Or | O::OrElse => {
                let (Some(a), Some(b)) = (self.condition(&expr.get_op_arg(0)?)?, self.condition(&expr.get_op_arg(1)?)?) else { return Ok(None) };
                Ok(Some(if matches!(op, O::And | O::AndThen) { a.intersect(b)? } else { a.union(b)? }))
            }
            O::Eq | O::Le | O::Lt | O::Ge | O::Gt => self.compare(op, &expr.get_op_arg(0)?, &expr.get_op_arg(1)?),
            _ => {
                let Some(value) = self.value(expr)? else { return Ok(None) };
                Ok(Some(value.non_zero_set()?))
            }
        }
    }
}
