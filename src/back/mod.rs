//! Back ends: print the generated AST of each region in a target language.
//!
//! A back end only prints: it never schedules or calls isl's AST generator.
//! Today's targets: [`Target::C`] (plain C99 from the chosen schedule).
//! OpenMP and CUDA need the scheduling and mapping stages and are reported
//! as not yet available by the command line.

pub mod c;

use crate::ast::RegionAst;
use crate::isl::IslResult;
use crate::scop::Scop;

/// Output language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Target {
    /// Plain C99, no parallelism annotations.
    #[default]
    C,
    /// C with OpenMP pragmas.
    Openmp,
    /// CUDA host and kernel code.
    Cuda,
}

/// Prints one region's code; every line starts with `indent`.
pub fn write_region(scop: &Scop, ast: &RegionAst, indent: &str) -> IslResult<String> {
    c::Writer::new(scop, indent).write_region(ast)
}
