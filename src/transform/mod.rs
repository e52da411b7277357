//! Transformations of a schedule tree before AST generation.
//!
//! Before scheduling, [`inline`] substitutes pointwise stages into the
//! statements that read them, and [`expand`] gives temporaries one copy
//! per iteration of their outer loops (changes of the region's model, not
//! of a schedule).
//!
//! [`tile`] tiles permutable bands and marks the loops that may run in
//! parallel, and, for the GPU, [`gpu`] marks the point loops that may run
//! as a block's threads (and the tile loops that run as the grid's
//! blocks). On the final schedule, [`shared`] plans the shared-memory
//! copies of the CUDA target. With `--fusion=liveout`, [`fuse`] then moves
//! producers into the tiles of their consumers, and [`scratch`] holds
//! what they compute for one tile only in tile-local buffers. Later passes
//! (data reuse, lifetime-sized buffers) live beside them.

pub mod expand;
pub mod fuse;
pub mod gpu;
pub mod inline;
pub mod scratch;
pub mod shared;
pub mod tile;
