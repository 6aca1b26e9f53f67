//! Keeps the game on screen (or under its review) in the saves folder after every change,
//! so that quitting, a crash or a closed terminal never loses it. A game is written again
//! only when its revision changed or its review grew, never for a mouse move or a cursor
//! step; a rules example being tried is never kept.
//!
//! One game, one writer: the game kept is locked ([`store::lock`]) for as long as it is on
//! screen. A game another hexstack holds is shown read-only until the player chooses to
//! watch it (it follows the other's turns at each event) or to continue a copy. A write
//! that fails is loud until one succeeds: the status says so, each new turn tries again,
//! and the question before leaving says the game is not kept and offers to save it
//! elsewhere.

use crate::app::game::{AnyGameScreenExt, Kept};
use crate::app::prompt::Question;
use crate::app::review::AnyReviewScreenExt;
use crate::app::{App, Overlay, Screen};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::store;
use crate::store::lock::{self, Lock};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Keeps the game on screen in the saves folder after every change, under a lock, so that
/// `hexstack resume` finds it.
#[derive(Debug)]
pub(crate) struct Autosave {
    /// The saves folder; nothing is kept without one.
    dir: Option<PathBuf>,
    /// The game (its id) and the revision last written, or found on disk at the start.
    written: Option<(u64, (u64, usize))>,
    /// The game and revision a write last failed for: the next try waits for a change.
    tried: Option<(u64, (u64, usize))>,
    /// How many times a game was written.
    pub writes: usize,
    /// The lock on the file of the game on screen, and that file.
    lock: Option<(Lock, PathBuf)>,
    /// Why the game on screen is not kept, while its writes fail.
    pub failing: Option<Text>,
    /// A watched game's file as it was when last read (modified time, length).
    seen: Option<(Option<SystemTime>, u64)>,
    /// The player's own puzzles' file, where a review's puzzles are added; none if unset.
    puzzles: Option<PathBuf>,
}

impl Autosave {
    /// Keeps games in `dir`. What `app` shows now (a loaded or resumed game) is already on
    /// disk, so it is written only once it changes.
    pub(crate) fn new(dir: Option<PathBuf>, app: &mut App) -> Autosave {
        let mut autosave = Autosave { dir, ..Autosave::nowhere() };
        autosave.on_disk(app);
        autosave
    }

    /// Keeps nothing: for a loop whose game is kept elsewhere (a host's without a terminal).
    pub(crate) fn nowhere() -> Autosave {
        Autosave {
            dir: None,
            written: None,
            tried: None,
            writes: 0,
            lock: None,
            failing: None,
            seen: None,
            puzzles: None,
        }
    }

    /// The same autosave, adding the puzzles a review makes of the player's mistakes to the
    /// file at `puzzles`.
    pub(crate) fn with_puzzles(self, puzzles: Option<PathBuf>) -> Autosave {
        Autosave { puzzles, ..self }
    }

    /// Notes that the game on screen is on disk as it is (it was just read from there).
    pub(crate) fn on_disk(&mut self, app: &mut App) {
        self.written = app.kept_game().map(|game| (game.keeping().id, game.revision()));
    }

    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The file this autosave holds the lock of, if any.
    pub(crate) fn locked(&self) -> Option<&Path> {
        self.lock.as_ref().map(|(_, path)| path.as_path())
    }

    /// Writes the game on screen if it changed since it was last written; locks a game
    /// read from a file, or shows it read-only when another hexstack holds it.
    pub(crate) fn keep(&mut self, app: &mut App) {
        self.write_closed(app);
        self.keep_puzzles(app);
        let Some(game) = app.kept_game() else {
            self.lock = None;
            self.failing = None;
            return;
        };
        if game.keeping().read_only {
            self.follow(app);
            return;
        }
        match game.keeping().at.clone() {
            Some(path) if self.locked() != Some(path.as_path()) => {
                self.lock = None;
                match lock::take(&path) {
                    Ok(Ok(lock)) => self.lock = Some((lock, path)),
                    Ok(Err(holder)) => {
                        game.keeping().read_only = true;
                        self.seen = None;
                        app.ask(Question::Locked(holder.to_string()));
                        self.follow(app);
                        return;
                    }
                    // A folder where no lock can be made: the write says why, and retries.
                    Err(_) => {}
                }
            }
            None => self.lock = None,
            _ => {}
        }
        self.write(app);
        self.warn(app);
    }

    /// Adds the puzzles the review on screen made to the player's file, once; says so if
    /// that fails (the next review of the game tries again).
    fn keep_puzzles(&mut self, app: &mut App) {
        let (Some(path), Some(review)) = (&self.puzzles, app.review_mut()) else { return };
        let (mine, status) = review.own_puzzles();
        if let Some(found) = mine.take_unkept()
            && let Err(why) = crate::puzzles::files::keep_own(path, found)
        {
            status.warn(text!(MINE_KEPT_FAILED, why));
        }
    }

    fn write(&mut self, app: &mut App) {
        let Some(game) = app.kept_game() else { return };
        match self.write_game(game) {
            Ok(true) if self.failing.take().is_some() => game.status().success(text!(KEEP_AGAIN)),
            Ok(_) => {}
            Err(error) => self.failed(app, error),
        }
    }

    /// A game that left the screen for the menu, its clocks just stopped: written once
    /// more, so that the time spent since its last turn is kept; the menu says if it fails.
    fn write_closed(&mut self, app: &mut App) {
        let Some(mut closed) = app.take_closed() else { return };
        if let Err(why) = self.write_game(closed.kept()) {
            app.note_on_menu(text!(KEEP_FAILING, why));
        }
    }

    /// Writes `game` if it changed since it was last written: whether it did, or why not.
    fn write_game(&mut self, game: &mut dyn Kept) -> Result<bool, Text> {
        let Some(dir) = self.dir.clone() else { return Ok(false) };
        let now = (game.keeping().id, game.revision());
        if game.tried() || !game.started() || self.written == Some(now) || self.tried == Some(now) {
            return Ok(false);
        }
        self.tried = Some(now);
        let path = match game.keeping().at.clone() {
            Some(path) => path,
            None => store::ensure_dir(&dir).and_then(|()| self.new_file(&dir, game.kind().name()))?,
        };
        // Never a write without the lock: taken now if it could not be before, and refused
        // if another hexstack has the game since (its lock file was removed by hand).
        if !self.lock.as_ref().is_some_and(|(lock, locked)| *locked == path && lock.held()) {
            if self.lock.as_ref().is_some_and(|(_, locked)| *locked == path) {
                return Err(text!(LOCK_LOST, crate::i18n::shown_path(&path)));
            }
            match lock::take(&path) {
                Ok(Ok(lock)) => self.lock = Some((lock, path.clone())),
                Ok(Err(_)) => return Err(text!(LOCK_LOST, crate::i18n::shown_path(&path))),
                Err(error) => {
                    return Err(text!(LOCK_FAILED, crate::i18n::shown_path(&path), error.to_string()));
                }
            }
        }
        store::write_atomic(&path, &game.record(&crate::clock::now_utc()))?;
        game.keeping().at = Some(path);
        self.written = Some(now);
        self.writes += 1;
        Ok(true)
    }

    /// A new file in `dir` for a game of `game`, locked for this autosave.
    fn new_file(&mut self, dir: &Path, game: &str) -> Result<PathBuf, Text> {
        // Another hexstack may pick the same name in the same minute: the lock decides.
        for _ in 0..8 {
            let path = store::new_save_path(dir, game);
            match lock::take(&path) {
                Ok(Ok(lock)) => {
                    self.lock = Some((lock, path.clone()));
                    return Ok(path);
                }
                Ok(Err(_)) => {}
                Err(error) => {
                    return Err(text!(LOCK_FAILED, crate::i18n::shown_path(&path), error.to_string()));
                }
            }
        }
        Err(text!(LOCK_FAILED, crate::i18n::shown_path(dir), "busy"))
    }

    fn failed(&mut self, app: &mut App, why: Text) {
        self.failing = Some(why);
        self.warn(app);
    }

    /// While the game is not kept, the status says so (unless it warns of something
    /// else), and leaving asks first whatever the game's state, saying so.
    fn warn(&mut self, app: &mut App) {
        let Some(why) = self.failing.clone() else { return };
        let Some(game) = app.kept_game() else { return };
        let game_kind = game.kind();
        if !game.status().warns() {
            game.status().warn(text!(KEEP_FAILING, why.clone()));
        }
        let quit = match app.overlay {
            Some(Overlay::Ask(Question::Quit)) => true,
            Some(Overlay::Ask(Question::Menu)) => false,
            _ => return,
        };
        app.ask(Question::Unkept { why, quit, game: game_kind });
    }

    /// A game saved by the player to `path` while its own file could not be written: it
    /// is kept there from now on.
    pub(crate) fn saved_as(&mut self, app: &mut App, path: &Path) {
        if self.failing.is_none() {
            return;
        }
        let Some(game) = app.kept_game() else { return };
        if let Ok(Ok(lock)) = lock::take(path) {
            self.lock = Some((lock, path.to_path_buf()));
            game.keeping().at = Some(path.to_path_buf());
            self.written = Some((game.keeping().id, game.revision()));
            self.failing = None;
            game.status().success(text!(KEEP_MOVED, crate::i18n::shown_path(path)));
        }
    }

    /// A watched game on screen: read again whenever its file changed since it was last
    /// read, the cursor where it was. (A game under its review shows as it was when the
    /// review began.)
    fn follow(&mut self, app: &mut App) {
        let Some(game) = app.game_screen() else { return };
        let game = game.kept();
        let Some(path) = game.keeping().at.clone() else { return };
        let stamp = std::fs::metadata(&path).ok().map(|meta| (meta.modified().ok(), meta.len()));
        if stamp.is_none() || stamp == self.seen {
            return;
        }
        self.seen = stamp;
        let Ok(saved) = store::load(&path) else { return };
        let (id, cursor) = (game.keeping().id, game.cursor());
        let Screen::Game(mut game) = app.opened_here(saved, path).screen else { return };
        let kept = game.kept();
        (kept.keeping().id, kept.keeping().read_only) = (id, true);
        kept.point_at(cursor);
        self.written = Some((id, kept.revision()));
        app.replace_game(game);
    }
}

#[cfg(test)]
mod tests;
