//! Transformations of a schedule tree before AST generation.
//!
//! [`tile`] tiles permutable bands and marks the loops that may run in
//! parallel, and, for the GPU, [`gpu`] marks the point loops that may run
//! as a block's threads; later passes (fusion after tiling, data reuse,
//! buffers) live beside them.

pub mod gpu;
pub mod tile;
