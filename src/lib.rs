//! hexstack: two hex stacking games, Clamber and Ombagui, for two players at one terminal.
//!
//! The modules depend one way, downwards: [`terminal`] (the loop) draws with [`ui`], which
//! draws the state of [`app`]; the app plays games through [`session`], keeps them with
//! [`saved`] and [`store`]; everything rests on [`rules`], which does no I/O at all.
//!
//! ```
//! use hexstack::rules::{Game, clamber, perft};
//! let start: clamber::Position = "start".parse().unwrap();
//! assert_eq!(start.legal_turns().len(), 19);
//! assert_eq!(perft(&start, 3), 5898);
//! ```

pub mod ai;
pub mod app;
pub mod cli;
pub mod commands;
pub mod engine;
pub mod i18n;
pub mod keeper;
#[cfg(feature = "ssh")]
pub mod net;
pub mod rules;
pub mod saved;
pub mod session;
pub mod store;
pub mod terminal;
pub mod ui;
pub mod usage;
