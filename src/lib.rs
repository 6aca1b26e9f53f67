//! hexstack: two hex stacking games, Clamber and Ombagui, for two players at one terminal.
//!
//! [`rules`] holds the games themselves and does no I/O; the command line and the
//! terminal screens are built on it.

pub mod rules;
