//! Back ends: print the generated AST of each region in a target language.
//!
//! A back end only prints: it never schedules or calls isl's AST generator.
//! [`Target::C`] prints plain C99; [`Target::Openmp`] prints the same with
//! `#pragma omp parallel for` on the loops the schedule marks parallel
//! and `#pragma omp simd` on the innermost loops it marks vectorisable.
//! [`Target::Cuda`] prints host code and kernels ([`cuda`]).

pub mod c;
pub mod cuda;

use crate::ast::RegionAst;
use crate::deps::Privatization;
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

impl std::fmt::Display for Target {
    /// The name `--target` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Target::C => "c",
            Target::Openmp => "openmp",
            Target::Cuda => "cuda",
        })
    }
}

/// Prints one region's code; every line starts with `indent`. With
/// `openmp`, loops under a parallel mark get `#pragma omp parallel for`,
/// innermost loops under a simd mark `#pragma omp simd`, both with a
/// `private` clause for the `privatizable` scalars written inside.
pub fn write_region(scop: &Scop, ast: &RegionAst, indent: &str, openmp: bool, privatizable: &Privatization) -> IslResult<String> {
    c::Writer::new(scop, indent, openmp, privatizable).write_region(ast)
}
