//! Keeps the game on screen in the saves folder after every change, so that quitting, a
//! crash or a closed terminal never loses it. A game is written again only when its
//! revision changed, never for a mouse move or a cursor step; a rules example being tried
//! is never kept.

use super::game::GameScreen;
use super::table::Message;
use crate::{store, t};
use anyhow::Context;
use std::path::PathBuf;

#[derive(Debug)]
pub struct Keeper {
    /// The saves folder; nothing is kept without one.
    dir: Option<PathBuf>,
    /// The game (its id) and the revision last written, or found on disk at the start.
    written: Option<(u64, u64)>,
    /// How many times a game was written.
    pub writes: usize,
}

impl Keeper {
    /// Keeps games in `dir`. The game on screen now (a loaded or resumed game) is already
    /// on disk, so it is written only once it changes.
    pub fn new(dir: Option<PathBuf>, game: Option<&GameScreen>) -> Keeper {
        let mut keeper = Keeper { dir, written: None, writes: 0 };
        keeper.on_disk(game);
        keeper
    }

    /// Keeps nothing: for a terminal whose game is kept elsewhere (a guest's, a host's
    /// without a terminal).
    pub fn nowhere() -> Keeper {
        Keeper { dir: None, written: None, writes: 0 }
    }

    /// Notes that the game on screen is on disk as it is (it was just read from there).
    pub fn on_disk(&mut self, game: Option<&GameScreen>) {
        self.written = game.map(|game| (game.id, game.revision()));
    }

    pub fn dir(&self) -> Option<&std::path::Path> {
        self.dir.as_deref()
    }

    /// Writes the game on screen if it changed since it was last written.
    pub fn keep(&mut self, game: Option<&mut GameScreen>) {
        let Some(dir) = self.dir.clone() else { return };
        let Some(game) = game else { return };
        let now = (game.id, game.revision());
        if game.tried_from.is_some() || game.replay_position().1 == 0 || self.written == Some(now) {
            return;
        }
        let path = game.kept_at.clone().unwrap_or_else(|| store::new_save_path(&dir, game.kind().name()));
        let written = std::fs::create_dir_all(&dir)
            .with_context(|| t!("err.create_dir", dir.display()))
            .and_then(|()| store::write_atomic(&path, &game.record(&store::now_utc())));
        match written {
            Ok(()) => {
                game.kept_at = Some(path);
                self.written = Some(now);
                self.writes += 1;
            }
            Err(error) => game.set_message(Message::Warning(format!("{error:#}"))),
        }
    }
}
