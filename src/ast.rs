//! AST generation: from a schedule tree to an isl AST.
//!
//! Owns the one call into `isl_ast_build_node_from_schedule` and the choice
//! of names for generated loop iterators, which must not clash with any
//! identifier of the region. Also turns the final values of live iterators
//! into AST expressions so the back end can assign them after the loops.
//! The result, [`RegionAst`], is what every printer consumes; printers never
//! call isl's AST generator themselves.

use std::collections::HashSet;

use isl_rs::{ASTExpr, ASTNode, Schedule};

use crate::isl::{AstBuild, IslResult};
use crate::scop::Scop;

/// The generated AST of one region.
pub struct RegionAst {
    /// The loop nest.
    pub root: ASTNode,
    /// Assignments restoring iterators declared before the region:
    /// `if (condition) name = value;` (no condition when always reached).
    pub final_assignments: Vec<FinalAssignment>,
}

/// `if (condition) name = value;` after the regenerated loops.
pub struct FinalAssignment {
    /// The iterator variable.
    pub name: String,
    /// When the variable is assigned (`None`: always).
    pub condition: Option<ASTExpr>,
    /// Its value.
    pub value: ASTExpr,
}

/// Chooses `count` loop-iterator names, outermost first. At a depth where
/// every statement has the same source iterator and that variable is
/// declared before the region, the generated loop reuses it (so the code
/// reads like the source and the variable does not become unused); other
/// depths (and counting-down loops) get `c<depth>`, with a longer prefix if any such name is in `used`.
pub fn iterator_names(scop: &Scop, used: &HashSet<String>, count: usize) -> Vec<String> {
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
                Some(n) if names.all(|m| m == Some(n)) && scop.outer_iterators.contains(n) => n.clone(),
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

/// Generates the AST executing `schedule` for `scop`; `used` lists the
/// identifiers generated names must avoid.
pub fn generate(scop: &Scop, schedule: Schedule, used: &HashSet<String>) -> IslResult<RegionAst> {
    let depth = scop.statements.iter().map(|s| s.iterators.len()).max().unwrap_or(0);
    let names = iterator_names(scop, used, 2 * depth + 4);
    let build = AstBuild::from_context(scop.context.copy()?)?.set_iterators(&names)?;
    let root = build.node_from_schedule(schedule)?;
    let mut final_assignments = Vec::new();
    for live in &scop.live_iterators {
        let value = live.final_value.copy()?.project_domain_on_params()?.coalesce()?;
        // The build's domain at the outermost level is a parameter set.
        let reached = value.copy()?.domain()?.coalesce()?.gist(scop.context.copy()?)?;
        let always = reached.plain_is_universe()?;
        let condition = if always { None } else { Some(build.expr_from_set(reached)?) };
        final_assignments.push(FinalAssignment {
            name: live.name.clone(),
            condition,
            value: build.expr_from_pw_aff(value)?,
        });
    }
    Ok(RegionAst { root, final_assignments })
}
