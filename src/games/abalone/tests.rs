//! Unit tests per rule.
