//! hexstack: two hex stacking games, Clamber and Ombagui, for two players at one terminal.
//!
//! The crate is the `hexstack` command ([`main`]); its modules are its own. They depend
//! one way, downwards: `cli` hands each command over; `terminal` (the loop) draws with
//! `ui`, which draws the state of `app`; the app plays games through `record`, keeps them
//! with `saved` and `store`, says things with `i18n`; everything rests on [`rules`], which
//! does no I/O at all. `speech` says the same app in lines of words instead of drawing it,
//! for a screen reader. The games are listed once (`crates/hexstack-rules/src/games.rs`);
//! docs/ARCHITECTURE.md walks through it all.
//!
//! ```
//! use hexstack::rules::{Game, GameKind, perft};
//! let start = GameKind::Clamber.start(None).unwrap();
//! hexstack::each_game!(start, start => {
//!     assert!(start.legal_turns().len() > 0);
//!     assert!(perft(&start, 2) > 0);
//! });
//! ```

// What only SSH and the club use (the lobby's views, the link to a player at a distance,
// their texts) is there in every build: the smaller build without them leaves it unused,
// and the full build is the one whose dead code is looked for.
#![cfg_attr(not(all(feature = "ssh", feature = "club")), allow(dead_code, unused_imports))]

pub use hexstack_ai as ai;
#[cfg(feature = "club")]
pub use hexstack_club as club;
pub use hexstack_rules as rules;
pub use hexstack_rules::each_game;

mod app;
mod autosave;
mod cli;
mod clock;
#[cfg(feature = "club")]
mod clubhouse;
mod config;
mod folders;
mod i18n;
#[cfg(feature = "ssh")]
mod net;
mod protocol;
mod puzzles;
mod record;
mod saved;
mod settings;
mod shell_files;
mod speech;
mod store;
mod terminal;
mod text_commands;
mod theme;
mod ui;
mod usage_error;

use std::process::ExitCode;

/// The `hexstack` command, as `src/main.rs` runs it: the command line parsed and handed
/// over, a usage error said in the player's language, and any error turned into exit
/// status 2.
pub fn main() -> ExitCode {
    let cli = cli::parse().unwrap_or_else(|error| match error.use_stderr() {
        true => {
            let args: Vec<_> = std::env::args_os().collect();
            let lang = usage_error::language(&args);
            // A value quoted back may hold control characters: shown escaped, never sent.
            eprintln!("hexstack: {}", i18n::printable(&usage_error::said(&error, lang)));
            std::process::exit(2)
        }
        false => error.exit(),
    });
    let mut lang = cli.lang.unwrap_or_else(i18n::Lang::from_env);
    let done = cli::configure(&cli).map_err(cli::Stop::from).and_then(|loaded| {
        lang = loaded.settings.lang.value;
        cli::run(cli.command, &loaded)
    });
    match done {
        Ok(()) | Err(cli::Stop::Closed) => ExitCode::SUCCESS,
        Err(cli::Stop::Error(error)) => {
            eprintln!("hexstack: {}", i18n::printable(&lang.say(&error)));
            ExitCode::from(2)
        }
    }
}

/// Helpers for tests that drive the app as a terminal would.
#[cfg(test)]
mod testing;
