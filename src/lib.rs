//! hexstack: two hex stacking games, Clamber and Ombagui, for two players at one terminal.
//!
//! [`rules`] holds the games themselves and does no I/O; [`app`] turns keys and clicks
//! into changes of state; [`ui`] draws that state with ratatui.

pub mod app;
pub mod i18n;
pub mod rules;
pub mod saved;
pub mod store;
pub mod ui;
