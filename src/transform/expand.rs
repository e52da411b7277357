//! Array expansion of temporaries: an array (or scalar) whose values
//! never pass from one iteration of its outer loops to another gets one
//! copy per iteration of those loops, so that the scheduler may reorder
//! and tile them.
//!
//! doitgen computes each row `A[r][q][*]` into the buffer `sum[*]` and
//! copies it back: `sum` is written and read again in every iteration of
//! `(r, q)`, so its anti and output dependences serialise those loops,
//! and the product with `C4` can only be tiled within one row (C4, 200 KB
//! at LARGE, then streams from L2 once per row). Expanded into
//! `sum_x[r][q][p]`, each iteration has its own buffer, the dependences
//! that crossed iterations are gone, and the product tiles like a matrix
//! product over `(r, q, p, s)`.
//!
//! A matrix product that sums into a scalar `s` before storing it in
//! `C[i][j]` is the same case with no dimension of its own: expanded into
//! `s_x[i][j]`, its band tiles with register tiles around the reduction
//! (6.7 times faster at 1000 x 1100 x 1200 on 2 threads).
//!
//! An array `T` is expanded along the first `d` loops that enclose every
//! statement accessing it (one loop nest: an accumulator that two nests
//! reuse is no row buffer of either) where, in the region's exact
//! dataflow, every read of `T` reads a value written in the
//! region (no live-in read) by an instance with the same values of those
//! `d` iterators. A read then finds in `T_x[i_0 .. i_(d-1)][e]` what it
//! found in `T[e]`: the write it read from wrote there, and any later
//! write of that copy before the read would have been a later write of
//! `T[e]` with the same outer values, so the read's source in the first
//! place. `d` is the fewest of the loops along which every live range
//! stays that remove all the anti and output dependences expanding along
//! all of them does (doitgen's `sum[p]` is expanded along `r` and `q`,
//! not along `p` too). A conditional write (`if (A[j] > 0) T[j] = ...`) reads the
//! element it may leave unchanged, so it expands only where that read
//! finds a value of the same iteration too. The first subscripts of the
//! copy are the iterators less their least value (a constant), its
//! extents the iterators' ranges.
//!
//! Expanded, an array must free one of those loops: some loop among the
//! `d` then carries no dependence of the statements they enclose (the
//! array's own anti and output dependences were all it carried).
//! Otherwise the copies cost memory and gain nothing the schedule can use.
//!
//! A scalar that several outermost nests use, none reading what another
//! wrote, is first split into one scalar per nest (the nest's own
//! temporary, declared in the region; the last nest keeps the name), so
//! that each is a row buffer of its nest alone.
//!
//! A scalar's accesses are names in the statements' text, which become
//! elements of its copies; a scalar declared in the region is no longer
//! declared. Where code after the region may read `T` (it is not
//! [`Scop::dead_after`], or a scalar in [`Scop::scalars_live_after`]), a *copy-out* statement runs after everything
//! else: for each element the region writes, `T[e] = T_x[L(e)][e]`, with
//! `L(e)` the outer values of the element's last write in the original
//! order. Only elements whose `L(e)` is the same affine function of the
//! parameters everywhere (doitgen's last row, `(nr - 1, nq - 1)`) are
//! handled; otherwise the array is not expanded.
//!
//! The copies live in one heap block that the back end allocates before
//! the region's code and frees after it ([`Expanded`]); where the
//! allocation fails, the original code runs. Whether a region is expanded
//! at all is decided by the cost model (expansion costs memory traffic to
//! gain tiling), in `lib.rs`.

use std::collections::HashSet;

use isl_rs::{DimType, Map, Schedule, Set, UnionMap, UnionSet};

use crate::deps::Dependences;
use crate::isl::IslResult;
use crate::scop::{Access, ArrayInfo, Body, BodyPiece, Expanded, Scop, Statement};

/// `scop` with every array that can be expanded expanded (see the module
/// documentation); `None` where none can. `used` lists the identifiers
/// the copies' names must avoid.
pub fn apply(scop: &Scop, dependences: &Dependences, used: &HashSet<String>) -> IslResult<Option<Scop>> {
    let mut taken = used.clone();
    match split_webs(scop, dependences, &mut taken)? {
        Some(split) => expand(&split, &crate::deps::analyse(&split)?, &mut taken),
        None => expand(scop, dependences, &mut taken),
    }
}

/// A scalar that several outermost loop nests use, none reading what
/// another wrote (`w` summing a column in one nest, a row in the next),
/// becomes one scalar per nest: `w_0`, `w_1`, ..., declared in the
/// region, and the original in the last nest (whose value is the one the
/// code after the region may read). Each is then a row buffer of its own
/// nest. `None` where no scalar is split.
fn split_webs(scop: &Scop, dependences: &Dependences, taken: &mut HashSet<String>) -> IslResult<Option<Scop>> {
    let Some(positions) = crate::transform::inline::top_level_positions(scop)? else { return Ok(None) };
    let nest = |statement: &str| scop.statements.iter().position(|s| s.name == statement).map(|k| positions[k]);
    let mut statements: Option<Vec<Statement>> = None;
    let mut arrays = Vec::new();
    let mut declarations = Vec::new();
    for scalar in scop.arrays.iter().filter(|a| a.extents.is_empty()) {
        let mut nests: Vec<usize> = scop.statements.iter().enumerate().filter(|(_, s)| s.reads.iter().chain(&s.writes).any(|a| a.array == scalar.name)).map(|(k, _)| positions[k]).collect();
        nests.sort_unstable();
        nests.dedup();
        if nests.len() < 2 || !live_in_free(dependences, &scalar.name)? {
            continue;
        }
        let flow = dependences.tagged_flow_of(scop, &scalar.name)?.get_map_list()?;
        let mut within = true;
        for i in 0..flow.size()? {
            let map = flow.get_at(i)?;
            within &= nest(map.get_tuple_name(DimType::In)?) == nest(map.get_tuple_name(DimType::Out)?);
        }
        if !within {
            continue;
        }
        let all = match &mut statements {
            Some(all) => all,
            None => statements.insert(scop.statements.iter().map(Statement::copy).collect::<IslResult<Vec<_>>>()?),
        };
        for (web, &n) in nests[..nests.len() - 1].iter().enumerate() {
            let mut name = format!("{}_{web}", scalar.name);
            while taken.contains(&name) {
                name.push('_');
            }
            taken.insert(name.clone());
            for (_, s) in all.iter_mut().enumerate().filter(|(k, _)| positions[*k] == n) {
                for a in s.reads.iter_mut().chain(s.writes.iter_mut()).filter(|a| a.array == scalar.name) {
                    a.relation = a.relation.copy()?.set_tuple_name(DimType::Out, &name)?;
                    a.array = name.clone();
                }
                s.body = Body { pieces: rename_scalar(&s.body.pieces, &scalar.name, &|| vec![BodyPiece::Text(name.clone())]) };
            }
            arrays.push(ArrayInfo { name: name.clone(), element_type: scalar.value_type(), extents: Vec::new(), parameter: false, stale_extent: None });
            declarations.push(format!("{} {name};", scalar.value_type()));
        }
    }
    let Some(statements) = statements else { return Ok(None) };
    let mut split = scop.with_statements(statements, scop.schedule.copy()?)?;
    split.arrays.extend(arrays);
    split.private_declarations.extend(declarations);
    Ok(Some(split))
}

/// `scop` with its row buffers expanded (see [`apply`]).
fn expand(scop: &Scop, dependences: &Dependences, taken: &mut HashSet<String>) -> IslResult<Option<Scop>> {
    let mut plans = Vec::new();
    for array in &scop.arrays {
        if let Some(plan) = plan(scop, dependences, array, taken)? {
            plans.push(plan);
        }
    }
    if plans.is_empty() {
        return Ok(None);
    }
    let mut statements: Vec<Statement> = scop.statements.iter().map(Statement::copy).collect::<IslResult<_>>()?;
    for plan in &plans {
        for s in &mut statements {
            for a in s.reads.iter_mut().chain(s.writes.iter_mut()).filter(|a| a.array == plan.array.name) {
                a.relation = expanded_relation(&s.name, s.iterators.len(), plan, a.relation.copy()?)?;
                a.array = plan.name.clone();
            }
            s.body = Body { pieces: rename(&s.body.pieces, plan) };
        }
    }
    let mut schedule = scop.schedule.copy()?;
    let mut next_statement = statements.iter().filter_map(|s| s.name.strip_prefix("S_")?.parse::<usize>().ok()).max().map_or(0, |m| m + 1);
    let mut next_ref = statements.iter().flat_map(|s| s.reads.iter().chain(&s.writes)).filter_map(|a| a.ref_id.get(2..)?.parse::<usize>().ok()).max().map_or(0, |m| m + 1);
    for plan in &plans {
        let Some(last) = &plan.copy_out else { continue };
        let (statement, copy) = copy_out(plan, last, next_statement, next_ref, scop.span.end)?;
        next_statement += 1;
        next_ref += 1;
        schedule = schedule.sequence(copy)?;
        statements.push(statement);
    }
    let mut expanded = scop.with_statements(statements, schedule)?;
    // A scalar declared in the region is declared no more.
    expanded.private_declarations.retain(|d| !plans.iter().any(|p| d.ends_with(&format!(" {};", p.array.name))));
    for plan in plans {
        let mut array_extents = plan.array.extents.clone();
        if let (Some(first), Some(extent)) = (array_extents.first_mut(), &plan.first_extent) {
            *first = Some(extent.clone());
        }
        let mut extents: Vec<Option<String>> = plan.extents.iter().cloned().map(Some).collect();
        extents.extend(array_extents.iter().cloned());
        expanded.arrays.push(ArrayInfo { name: plan.name.clone(), element_type: plan.array.value_type(), extents, parameter: false, stale_extent: None });
        expanded.dead_after.push(plan.name.clone());
        let extents = plan.extents.iter().cloned().chain(array_extents.iter().map(|e| e.clone().unwrap_or_default())).collect();
        expanded.expanded.push(Expanded { name: plan.name, original: plan.array.name.clone(), element_type: plan.array.value_type(), extents, copied_out: plan.copy_out.is_some() });
    }
    Ok(Some(expanded))
}

/// How one array is expanded.
struct Plan<'a> {
    /// The array.
    array: &'a ArrayInfo,
    /// The copies' name.
    name: String,
    /// Per outer iterator expanded along, its least value (C text of the
    /// parameters, which isl reads too).
    lows: Vec<String>,
    /// The parameters, as isl texts of relations declare them.
    params: String,
    /// Per outer iterator, its number of values (C text of the
    /// parameters).
    extents: Vec<String>,
    /// For an array parameter, the first extent of its copies, in place
    /// of the declared one (see [`accessed_first_extent`]).
    first_extent: Option<String>,
    /// Where code after the region may read the array: each element the
    /// region writes to the outer iterators of its last write
    /// (`T[e] -> L[l]`) and, per outer iterator, the C text of that value
    /// less its least value (the copy's first subscripts).
    copy_out: Option<(Map, Vec<String>)>,
}

/// The expansion of `array`, if it can be expanded and gains something
/// (some anti or output dependence of it crosses iterations of the loops
/// it would be expanded along).
fn plan<'a>(scop: &Scop, dependences: &Dependences, array: &'a ArrayInfo, taken: &mut HashSet<String>) -> IslResult<Option<Plan<'a>>> {
    // Every array extent is needed to declare the copies.
    if array.extents.iter().any(Option::is_none) {
        return Ok(None);
    }
    let accessing: Vec<&Statement> = scop.statements.iter().filter(|s| s.reads.iter().chain(&s.writes).any(|a| a.array == array.name)).collect();
    let names: Vec<&str> = accessing.iter().map(|s| s.name.as_str()).collect();
    let (depth, nest) = common_loops(scop.schedule.get_root()?, &names)?;
    if depth == 0 || !scop.array_accesses(&array.name, false)?.is_empty()? && !live_in_free(dependences, &array.name)? {
        return Ok(None);
    }
    let flow = dependences.tagged_flow_of(scop, &array.name)?;
    if flow.is_empty()? {
        return Ok(None);
    }
    // The most outer iterators every live range stays within.
    let mut within = depth;
    while within > 0 && !equal_part(&flow, within)?.is_equal(&flow)? {
        within -= 1;
    }
    // The fewest of them along which expanding removes every anti and
    // output dependence expanding along all of them does (doitgen's are
    // carried by r and q, not by p, which `sum[p]` tells apart already).
    let order = dependences.order_of(scop, &array.name)?;
    let kept = equal_part(&order, within)?;
    let Some(loops) = (1..=within).map(|k| Ok((k, equal_part(&order, k)?.is_equal(&kept)?))).collect::<IslResult<Vec<_>>>()?.into_iter().find(|(_, same)| *same).map(|(k, _)| k) else {
        return Ok(None);
    };
    if order.is_equal(&kept)? {
        return Ok(None);
    }
    // It gains only where one of those loops then carries no dependence
    // of the statements it encloses (doitgen's `r` and `q`, a product's
    // `i` and `j` around a scalar accumulator): ludcmp's `w` expanded
    // along its `i`, which the updates of `A` carry anyway, made it 1.33
    // times slower.
    let others = dependences.validity()?.subtract(order.copy()?)?.intersect_domain(nest.copy()?)?.intersect_range(nest)?;
    let mut frees = false;
    for level in 1..=loops {
        frees |= !carried(&order, level)?.is_empty()? && carried(&others, level)?.is_empty()?;
    }
    if !frees {
        return Ok(None);
    }
    // The range of each outer iterator, over every instance accessing the
    // array.
    let mut outer: Option<Set> = None;
    for s in &accessing {
        let d = s.domain.copy()?.project_out(DimType::Set, loops as u32, (s.iterators.len() - loops) as u32)?.reset_tuple_id()?;
        outer = Some(match outer {
            None => d,
            Some(o) => o.union(d)?,
        });
    }
    let Some(outer) = outer else { return Ok(None) };
    let mut lows = Vec::new();
    let mut extents = Vec::new();
    for k in 0..loops {
        let low = outer.copy()?.dim_min(k as i32)?.coalesce()?;
        let high = outer.copy()?.dim_max(k as i32)?.coalesce()?;
        let extent = high.sub(low.copy()?)?.add_constant_val(isl_rs::Val::one(&scop.context.get_ctx())?)?;
        let (Some(low), Some(extent)) = (parameter_text(scop, low)?, parameter_text(scop, extent)?) else { return Ok(None) };
        lows.push(low);
        extents.push(extent);
    }
    let dead_after = match array.extents.is_empty() {
        true => !scop.scalars_live_after.contains(&array.name),
        false => scop.dead_after.contains(&array.name),
    };
    let copy_out = match dead_after {
        true => None,
        false => match last_writes(scop, array, &accessing, loops, &lows)? {
            Some(last) => Some(last),
            None => return Ok(None),
        },
    };
    let first_extent = match array.parameter {
        true => match accessed_first_extent(scop, &array.name)? {
            Some(extent) => Some(extent),
            None => return Ok(None),
        },
        false => None,
    };
    let mut name = format!("{}_x", array.name);
    while taken.contains(&name) {
        name.push('_');
    }
    taken.insert(name.clone());
    Ok(Some(Plan { array, name, lows, params: format!("[{}]", scop.params.join(", ")), extents, first_extent, copy_out }))
}

/// The first extent the copies of array parameter `name` need: C reads
/// `float G[G_0]` as a pointer, and the array passed may be longer than
/// its declaration says (a copy sized by `G_0` was written past its end),
/// so one more than the largest first subscript the region uses, as C
/// text of the parameters; `None` where that is not one affine value or
/// the region may access the array before its first element.
fn accessed_first_extent(scop: &Scop, name: &str) -> IslResult<Option<String>> {
    let Some(elements) = scop.accessed_elements(name)? else { return Ok(None) };
    let before_first = elements.copy()?.upper_bound_si(DimType::Set, 0, -1)?.params()?.intersect(scop.context.copy()?)?;
    if !before_first.is_empty()? {
        return Ok(None);
    }
    let extent = elements.dim_max(0)?.add_constant_val(isl_rs::Val::one(&scop.context.get_ctx())?)?;
    parameter_text(scop, extent)
}

/// How many loops of the original schedule (below `node`) enclose every
/// statement of `names`, and the instances of the statements they
/// enclose: one array reused by two loop nests (`w` of
/// ludcmp, an accumulator in each of two nests) is no row buffer of
/// either, and expanded along the outer loop of one it changed what
/// neither needs (ludcmp ran 1.33 times slower).
fn common_loops(node: isl_rs::ScheduleNode, names: &[&str]) -> IslResult<(usize, UnionSet)> {
    use isl_rs::ScheduleNodeType as Type;
    let mut node = node;
    let mut loops = 0;
    loop {
        match node.get_type()? {
            Type::Band => {
                loops += node.band_n_member()? as usize;
                node = node.get_child(0)?;
            }
            Type::Sequence | Type::Set => {
                let mut holding = None;
                for c in 0..node.n_children()? {
                    let filter = node.get_child(c)?.filter_get_filter()?;
                    let here = crate::isl::tuple_names(&filter)?;
                    if names.iter().any(|n| here.iter().any(|h| h == n)) {
                        if holding.is_some() || !names.iter().all(|n| here.iter().any(|h| h == n)) {
                            return Ok((loops, node.get_domain()?));
                        }
                        holding = Some(c);
                    }
                }
                let Some(c) = holding else { return Ok((loops, node.get_domain()?)) };
                node = node.get_child(c)?;
            }
            _ if node.n_children()? == 1 => node = node.get_child(0)?,
            _ => return Ok((loops, node.get_domain()?)),
        }
    }
}

/// The pairs of `relation` (between statement instances) with the same
/// values of the first `level - 1` iterators and different `level`-th
/// ones: those the `level`-th loop carries.
fn carried(relation: &UnionMap, level: usize) -> IslResult<UnionMap> {
    Ok(equal_part(relation, level - 1)?.subtract(equal_part(relation, level)?)?)
}

/// Whether no read of `array` reads a value from before the region.
fn live_in_free(dependences: &Dependences, array: &str) -> IslResult<bool> {
    let reads = dependences.live_in.copy()?.range()?;
    Ok(crate::isl::tuple_names(&reads)?.iter().all(|n| n != array))
}

/// The pairs of `relation` (between statement instances) with the same
/// values of the first `loops` iterators on both sides.
fn equal_part(relation: &UnionMap, loops: usize) -> IslResult<UnionMap> {
    let maps = relation.get_map_list()?;
    let mut out = UnionMap::empty(relation.get_space()?)?;
    for i in 0..maps.size()? {
        let mut map = maps.get_at(i)?;
        for k in 0..loops {
            map = map.equate(DimType::In, k as i32, DimType::Out, k as i32)?;
        }
        out = out.union(UnionMap::from_map(map)?)?;
    }
    Ok(out)
}

/// The value of a constant function (its least and greatest values over
/// its domain agree).
fn constant(value: &isl_rs::PwAff) -> IslResult<Option<i64>> {
    let (least, most) = (value.copy()?.min_val()?, value.copy()?.max_val()?);
    if !least.is_int()? || !most.is_int()? || least.get_num_si()? != most.get_num_si()? {
        return Ok(None);
    }
    Ok(Some(least.get_num_si()?))
}

/// C text of `value`, a function of the parameters, where isl prints it
/// as an affine expression of the parameters (no `min`, `max`, `floord`,
/// division or choice), which isl reads back as the same expression;
/// `None` otherwise.
fn parameter_text(scop: &Scop, value: isl_rs::PwAff) -> IslResult<Option<String>> {
    let value = value.gist_params(scop.context.copy()?)?.coalesce()?;
    if value.n_piece()? != 1 {
        return Ok(None);
    }
    let build = crate::isl::AstBuild::from_context(scop.context.copy()?)?;
    let text = crate::isl::ast_expr_to_c(&build.expr_from_pw_aff(value)?);
    let affine = crate::ast::identifiers(&text).iter().all(|w| scop.params.contains(w)) && !text.contains(['/', '%', '?']);
    Ok((affine && !text.is_empty()).then_some(text))
}

/// For an array code after the region may read: the elements the region
/// writes, and per outer iterator the C text of its value (less its least
/// value) at each one's last write in the original order, where that is
/// one affine function of the parameters.
fn last_writes(scop: &Scop, array: &ArrayInfo, accessing: &[&Statement], loops: usize, lows: &[String]) -> IslResult<Option<(Map, Vec<String>)>> {
    let time = scop.schedule.get_map()?;
    let writes = scop.array_accesses(&array.name, true)?;
    // Element -> the time of its last write -> the instance writing then.
    let last = writes.copy()?.reverse()?.apply_range(time.copy()?)?.lexmax()?.apply_range(time.reverse()?)?;
    // Instance -> its outer iterators.
    let mut outer = UnionMap::empty(scop.context.get_space()?)?;
    for s in accessing {
        let map = Map::from_domain_and_range(s.domain.copy()?, s.domain.copy()?)?;
        let mut map = map;
        for k in 0..s.iterators.len() {
            map = map.equate(DimType::In, k as i32, DimType::Out, k as i32)?;
        }
        let map = map.project_out(DimType::Out, loops as u32, (s.iterators.len() - loops) as u32)?.set_tuple_name(DimType::Out, "L")?;
        outer = outer.union(UnionMap::from_map(map)?)?;
    }
    let last = last.apply_range(outer)?;
    let maps = last.get_map_list()?;
    if maps.size()? != 1 {
        return Ok(None);
    }
    let map = maps.get_at(0)?;
    if !map.is_single_valued()? {
        return Ok(None);
    }
    let function = map.copy()?.lexmax_pw_multi_aff()?;
    let mut texts = Vec::new();
    for (k, low) in lows.iter().enumerate() {
        // The same value for every element: the least and the greatest
        // over the elements agree.
        let values = Map::from_pw_aff(function.get_pw_aff(k as i32)?)?.range()?;
        let (least, most) = (values.copy()?.dim_min(0)?.coalesce()?, values.dim_max(0)?.coalesce()?);
        if constant(&most.sub(least.copy()?)?)? != Some(0) {
            return Ok(None);
        }
        let Some(text) = parameter_text(scop, least)? else { return Ok(None) };
        texts.push(if low == "0" { text } else { format!("{text} - ({low})") });
    }
    Ok(Some((map, texts)))
}

/// `S[i] -> T[e]` as `S[i] -> T_x[i_0 - low_0, .., i_(d-1) - low_(d-1), e]`.
fn expanded_relation(statement: &str, depth: usize, plan: &Plan, relation: Map) -> IslResult<Map> {
    let vars: Vec<String> = (0..depth).map(|k| format!("i{k}")).collect();
    let firsts: Vec<String> = plan.lows.iter().enumerate().map(|(k, low)| format!("i{k} - ({low})")).collect();
    let prefix = Map::read_from_str(&relation.get_ctx(), &format!("{} -> {{ {statement}[{}] -> [{}] }}", plan.params, vars.join(", "), firsts.join(", ")))?;
    let prefix = prefix.intersect_domain(relation.copy()?.domain()?)?;
    Ok(prefix.range_product(relation)?.flatten_range()?.set_tuple_name(DimType::Out, &plan.name)?)
}

/// `pieces` with each element of the expanded array an element of its
/// copies: the statement's outer iterators (less their least values)
/// first.
fn rename(pieces: &[BodyPiece], plan: &Plan) -> Vec<BodyPiece> {
    let first = || -> Vec<Vec<BodyPiece>> {
        plan.lows
            .iter()
            .enumerate()
            .map(|(k, low)| match low.as_str() {
                "0" => vec![BodyPiece::Iterator(k)],
                _ => vec![BodyPiece::Text("(".into()), BodyPiece::Iterator(k), BodyPiece::Text(format!(" - ({low}))"))],
            })
            .collect()
    };
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            BodyPiece::Element { array, subscripts } => {
                let subscripts: Vec<Vec<BodyPiece>> = subscripts.iter().map(|s| rename(s, plan)).collect();
                if *array != plan.array.name {
                    out.push(BodyPiece::Element { array: array.clone(), subscripts });
                    continue;
                }
                let mut all = first();
                all.extend(subscripts);
                out.push(BodyPiece::Element { array: plan.name.clone(), subscripts: all });
            }
            // A scalar is a name in the statement's text.
            BodyPiece::Text(_) if plan.array.extents.is_empty() => {
                out.extend(rename_scalar(std::slice::from_ref(piece), &plan.array.name, &|| vec![BodyPiece::Element { array: plan.name.clone(), subscripts: first() }]));
            }
            other => out.push(other.clone()),
        }
    }
    out
}

/// `pieces` with each occurrence of the scalar `name` in their text
/// replaced by the pieces `by` gives.
fn rename_scalar(pieces: &[BodyPiece], name: &str, by: &dyn Fn() -> Vec<BodyPiece>) -> Vec<BodyPiece> {
    let mut out = Vec::new();
    for piece in pieces {
        match piece {
            BodyPiece::Text(text) => {
                let mut rest = text.as_str();
                while let Some(at) = occurrence(rest, name) {
                    out.push(BodyPiece::Text(rest[..at].to_string()));
                    out.extend(by());
                    rest = &rest[at + name.len()..];
                }
                out.push(BodyPiece::Text(rest.to_string()));
            }
            BodyPiece::Element { array, subscripts } => {
                let subscripts = subscripts.iter().map(|s| rename_scalar(s, name, by)).collect();
                out.push(BodyPiece::Element { array: array.clone(), subscripts });
            }
            other => out.push(other.clone()),
        }
    }
    out
}

/// Where the identifier `name` first occurs in `text` as a whole token
/// (not part of a longer name or number, nor a member after `.` or
/// `->`).
fn occurrence(text: &str, name: &str) -> Option<usize> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let at = from + found;
        let before = text[..at].trim_end();
        let after = text[at + name.len()..].chars().next();
        let whole = !text[..at].ends_with(word) && !after.is_some_and(word);
        if whole && !before.ends_with('.') && !before.ends_with("->") {
            return Some(at);
        }
        from = at + name.len();
    }
    None
}

/// The copy-out statement `S_<index>`: `T[e] = T_x[L(e)][e];` for each
/// element `e` the region writes, and its schedule (a loop per
/// dimension, outermost first).
fn copy_out(plan: &Plan, (last, texts): &(Map, Vec<String>), index: usize, reference: usize, at: usize) -> IslResult<(Statement, Schedule)> {
    let name = format!("S_{index}");
    let elements = last.copy()?.domain()?;
    let dims = elements.dim(DimType::Set)? as usize;
    let mut identity = Map::from_domain_and_range(elements.copy()?, elements.copy()?)?;
    for k in 0..dims {
        identity = identity.equate(DimType::In, k as i32, DimType::Out, k as i32)?;
    }
    let write = identity.copy()?.set_tuple_name(DimType::In, &name)?;
    let vars: Vec<String> = (0..plan.lows.len()).map(|k| format!("l{k}")).collect();
    let shifted: Vec<String> = plan.lows.iter().enumerate().map(|(k, low)| format!("l{k} - ({low})")).collect();
    let shift = Map::read_from_str(&last.get_ctx(), &format!("{} -> {{ L[{}] -> L[{}] }}", plan.params, vars.join(", "), shifted.join(", ")))?;
    let read = last.copy()?.apply_range(shift)?.range_product(identity)?.flatten_range()?.set_tuple_name(DimType::Out, &plan.name)?.set_tuple_name(DimType::In, &name)?;
    let domain = elements.set_tuple_name(&name)?;
    let element = |array: &str, first: Vec<Vec<BodyPiece>>| {
        let mut subscripts = first;
        subscripts.extend((0..dims).map(|k| vec![BodyPiece::Iterator(k)]));
        BodyPiece::Element { array: array.to_string(), subscripts }
    };
    let body = Body {
        pieces: vec![
            element(&plan.array.name, Vec::new()),
            BodyPiece::Text(" = ".into()),
            element(&plan.name, texts.iter().map(|t| vec![BodyPiece::Text(format!("({t})"))]).collect()),
            BodyPiece::Text(";".into()),
        ],
    };
    let mut schedule = Schedule::from_domain(UnionSet::from_set(domain.copy()?)?)?;
    for d in (0..dims).rev() {
        let ls = isl_rs::LocalSpace::from_space(domain.get_space()?)?;
        let dim = isl_rs::PwAff::var_on_domain(ls, DimType::Set, d as u32)?;
        schedule = schedule.insert_partial_schedule(isl_rs::MultiUnionPwAff::from_union_pw_aff(isl_rs::UnionPwAff::from_pw_aff(dim)?)?)?;
    }
    let statement = Statement {
        name,
        domain,
        iterators: (0..dims).map(|k| format!("e{k}")).collect(),
        decreasing: vec![false; dims],
        reads: vec![Access { ref_id: format!("R_{reference}"), array: plan.name.clone(), relation: read }],
        writes: vec![Access { ref_id: format!("W_{reference}"), array: plan.array.name.clone(), relation: write }],
        body,
        span: at..at,
    };
    Ok((statement, schedule))
}
