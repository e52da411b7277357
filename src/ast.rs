//! AST generation: from a schedule tree to an isl AST.
//!
//! Owns the one call into `isl_ast_build_node_from_schedule` and the choice
//! of names for generated loop iterators, which must not clash with any
//! identifier of the region. Also appends statements that give iterators
//! declared before the region the values the original loops leave in them.
//! The result, [`RegionAst`], is what every printer consumes; printers never
//! call isl's AST generator themselves.

use std::collections::HashSet;

use isl_rs::{ASTNode, DimType, LocalSpace, Map, MultiUnionPwAff, PwAff, Schedule, UnionPwAff, UnionSet};

use crate::isl::{AstBuild, IslResult};
use crate::scop::{Body, BodyPiece, Scop};

/// The generated AST of one region.
pub struct RegionAst {
    /// The loop nest, followed by the final-value statements.
    pub root: ASTNode,
    /// Statements iotile adds after the region's own: `F_<k>` assigns a
    /// live iterator its final value (see [`final_value_statements`]).
    pub final_values: Vec<FinalValue>,
    /// Names of the generated loop iterators by schedule depth.
    pub iterators: Vec<String>,
}

/// An assignment `name = <value>;` appended after the loops.
pub struct FinalValue {
    /// isl tuple name of the statement, `F_<k>`.
    pub statement: String,
    /// The iterator variable assigned.
    pub name: String,
    /// The body: `name = ` followed by the statement's last iterator.
    pub body: Body,
}

/// Chooses `count` loop-iterator names, outermost first. At a depth where
/// every statement has the same source iterator and that variable is
/// declared before the region, the generated loop reuses it (so the code
/// reads like the source and the variable does not become unused); other
/// depths (and counting-down loops) get `c<depth>`, with a longer prefix if any such name is in `used`.
pub fn iterator_names(scop: &Scop, used: &HashSet<String>, count: usize, reuse_outer: bool) -> Vec<String> {
    let mut prefix = String::from("c");
    while (0..count).any(|i| used.contains(&format!("{prefix}{i}"))) {
        prefix.push('_');
    }
    (0..count)
        .map(|depth| {
            // A counting-down loop is generated counting up over -i, so its
            // variable cannot be reused.
            let mut names = scop
                .statements
                .iter()
                .filter(|s| s.iterators.len() > depth)
                .map(|s| (!s.decreasing[depth]).then_some(&s.iterators[depth]));
            let first = names.next().flatten();
            match first {
                Some(n) if reuse_outer && names.all(|m| m == Some(n)) && scop.outer_iterators.contains(n) => n.clone(),
                _ => format!("{prefix}{depth}"),
            }
        })
        .collect()
}

/// Identifiers occurring in `text` (a cheap lexical scan).
pub fn identifiers(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            current.push(c);
        } else {
            if current.chars().next().is_some_and(|f| !f.is_ascii_digit()) {
                out.insert(current.clone());
            }
            current.clear();
        }
    }
    out
}

/// Generates the AST executing `schedule` for `scop`, followed by the
/// assignments of final iterator values; `used` lists the identifiers
/// generated names must avoid; `reuse_outer` lets loops reuse iterators
/// declared before the region (see [`iterator_names`]).
pub fn generate(scop: &Scop, schedule: Schedule, used: &HashSet<String>, reuse_outer: bool) -> IslResult<RegionAst> {
    let depth = scop.statements.iter().map(|s| s.iterators.len()).max().unwrap_or(0);
    let names = iterator_names(scop, used, 4 * depth + 4, reuse_outer);
    let with_finals = |split: bool| -> IslResult<RegionAst> {
        let (finals, final_values) = final_value_statements(scop, depth, split)?;
        let schedule = match finals {
            Some(f) => schedule.copy()?.sequence(f)?,
            None => schedule.copy()?,
        };
        let build = AstBuild::from_context(scop.context.copy()?)?.set_iterators(&names)?;
        let root = build.node_from_schedule(schedule)?;
        Ok(RegionAst { root, final_values, iterators: names.clone() })
    };
    // isl's AST generation can fail on a many-piece final value with
    // divisions (an internal error in its coefficient reduction; a
    // downward strided loop), not on its pieces one at a time.
    with_finals(false).or_else(|_| with_finals(true))
}

/// The final value `v(params)` of each live iterator as a statement
/// `F_k[0, ..., 0, v]` (with `split`, statements `F_k_p`, one per piece
/// `p` of `v`) whose only instance carries the value in its last
/// dimension. Placing that dimension at `depth` (deeper than any loop of the
/// region) gives it a generated iterator name that cannot be the variable
/// being assigned; isl then prints the value (divisions and cases included)
/// as the bound of a single-iteration loop, and guards it by the parameter
/// values for which some loop over the iterator runs.
fn final_value_statements(scop: &Scop, depth: usize, split: bool) -> IslResult<(Option<Schedule>, Vec<FinalValue>)> {
    let mut schedule: Option<Schedule> = None;
    let mut values = Vec::new();
    for (k, live) in scop.live_iterators.iter().enumerate() {
        let value = Map::from_pw_aff(live.final_value.copy()?)?;
        let pieces: Vec<(String, Map)> = match split {
            false => vec![(format!("F_{k}"), value)],
            true => {
                let list = value.get_basic_map_list()?;
                (0..list.size()?).map(|p| Ok((format!("F_{k}_{p}"), Map::from_basic_map(list.get_at(p)?)?))).collect::<IslResult<_>>()?
            }
        };
        for (statement, piece) in pieces {
            let mut domain = piece.range()?.insert_dims(DimType::Set, 0, depth as u32)?;
            for d in 0..depth {
                domain = domain.fix_si(DimType::Set, d as u32, 0)?;
            }
            let domain = domain.set_tuple_name(&statement)?;
            let mut s = Schedule::from_domain(UnionSet::from_set(domain.copy()?)?)?;
            for d in (0..=depth).rev() {
                let ls = LocalSpace::from_space(domain.get_space()?)?;
                let dim = PwAff::var_on_domain(ls, DimType::Set, d as u32)?;
                let band = MultiUnionPwAff::from_union_pw_aff(UnionPwAff::from_pw_aff(dim)?)?;
                s = s.insert_partial_schedule(band)?;
            }
            schedule = Some(match schedule {
                None => s,
                Some(all) => all.sequence(s)?,
            });
            let assignment = vec![BodyPiece::Text(format!("{} = ", live.name)), BodyPiece::Iterator(depth), BodyPiece::Text(";".into())];
            values.push(FinalValue { statement, name: live.name.clone(), body: Body { pieces: assignment } });
        }
    }
    Ok((schedule, values))
}
