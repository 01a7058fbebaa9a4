//! The Abalone tactics suite (`positions/abalone-tactics.txt`): an
//! exhaustive solver, the file format and the generator that picks
//! positions with the solver.

pub mod generate;
pub mod solver;
pub mod suite;
