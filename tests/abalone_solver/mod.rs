//! The Abalone tactics suite (`positions/abalone-tactics.txt`): an
//! exhaustive solver, the file format and the generator that picks
//! positions with the solver.

// Only the datagen tool generates; the suite checks.
#[cfg(not(test))]
pub mod generate;
pub mod solver;
pub mod suite;
