//! Transformations of a schedule tree before AST generation.
//!
//! [`tile`] tiles permutable bands and marks the loops that may run in
//! parallel; later passes (fusion after tiling, data reuse, buffers) live
//! beside it.

pub mod tile;
