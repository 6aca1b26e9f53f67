//! hexstack: two hex stacking games, Clamber and Ombagui, for two players at one terminal.
//!
//! The modules depend one way, downwards: [`cli`] hands each command over; [`terminal`]
//! (the loop) draws with [`ui`], which draws the state of [`app`]; the app plays games
//! through [`record`], keeps them with [`saved`] and [`store`], says things with
//! [`i18n`]; everything rests on [`rules`], which does no I/O at all. [`speech`] says the
//! same app in lines of words instead of drawing it, for a screen reader. The games are
//! listed once (`crates/hexstack-rules/src/games.rs`); docs/ARCHITECTURE.md walks through it
//! all.
//!
//! ```
//! use hexstack::rules::{Game, GameKind, perft};
//! let start = GameKind::Clamber.start(None).unwrap();
//! hexstack::each_game!(start, start => {
//!     assert!(start.legal_turns().len() > 0);
//!     assert!(perft(&start, 2) > 0);
//! });
//! ```

pub use hexstack_ai as ai;
#[cfg(feature = "club")]
pub use hexstack_club as club;
pub use hexstack_rules as rules;
pub use hexstack_rules::{each_game, games};

pub mod app;
pub mod autosave;
pub mod cli;
pub mod clock;
// Temporary, until these modules are documented and their items made `pub(crate)`.
#[cfg(feature = "club")]
#[allow(missing_docs, unreachable_pub)]
pub mod clubhouse;
pub mod config;
pub mod folders;
pub mod i18n;
// Temporary, until these modules are documented and their items made `pub(crate)`.
#[cfg(feature = "ssh")]
#[allow(missing_docs, unreachable_pub)]
pub mod net;
pub mod protocol;
pub mod puzzles;
pub mod record;
pub mod saved;
pub mod settings;
pub mod shell_files;
// Temporary, until these modules are documented and their items made `pub(crate)`.
#[allow(missing_docs, unreachable_pub)]
pub mod speech;
pub mod store;
pub mod terminal;
pub mod text_commands;
pub mod theme;
pub mod ui;
pub mod usage_error;

/// Helpers for tests that drive the app as a terminal would.
#[cfg(test)]
mod testing;
