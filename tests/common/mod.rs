//! Helpers shared by integration tests.
pub mod naive_petteia;
