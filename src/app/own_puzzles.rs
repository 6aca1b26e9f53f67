//! The puzzles a review makes of the player's own mistakes ([`crate::puzzles::own`]):
//! made on a thread of their own once the review is done, since each one is checked by a
//! search, so that the screen never waits. The autosave adds them to the player's file.

use super::component::{Go, Request};
use super::game::GameScreen;
use super::table::Input;
use crate::ai::Level;
use crate::ai::review::{self, Judged};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::puzzles::Puzzle;
use crate::puzzles::own::{self, Reviewed};
use crate::rules::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

/// A reviewed line: its positions, turns, and each turn judged.
pub(crate) type Line<'a, G> = (&'a [G], &'a [<G as Game>::Turn], &'a [Option<Judged<<G as Game>::Turn>>]);

/// A review's puzzles: being made, then made.
#[derive(Debug, Default)]
pub(crate) struct OwnPuzzles {
    /// The puzzles, once made (none may be).
    pub found: Option<Vec<Puzzle>>,
    /// Whether they were added to the player's file (or tried to be).
    pub kept: bool,
    maker: Option<MistakeMaker>,
}

/// The thread that makes them. Dropped, it stops at once: the searches are told, and the
/// thread waited for.
struct MistakeMaker {
    made: Receiver<Vec<Puzzle>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl OwnPuzzles {
    /// Starts making the puzzles of the review of `game` at `level`, once: of the turns of
    /// its persons (not the computer's), named after the file it is kept in.
    pub(crate) fn start<G: Input>(&mut self, game: &GameScreen<G>, line: Line<'_, G>, level: Level) {
        if self.maker.is_some() || self.found.is_some() {
            return;
        }
        let persons = own::persons(game.computer());
        let file = game.keeping.at.as_ref().and_then(|path| path.file_name());
        let source = file.map_or_else(|| "-".to_string(), |name| name.to_string_lossy().into_owned());
        let (positions, turns, judged) = (line.0.to_vec(), line.1.to_vec(), line.2.to_vec());
        let budget = own::budget(review::budget::<G>(level));
        let (sender, made) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, waker) = (Arc::clone(&stop), game.advisor.searcher().waker().clone());
        let thread = std::thread::spawn(move || {
            let (persons, source) = (&persons, &source);
            let game = Reviewed { positions: &positions, turns: &turns, judged: &judged, persons, source };
            let found = own::puzzles(&game, (budget, review::all_cores()), &flag);
            if !flag.load(Ordering::Relaxed) && sender.send(found).is_ok() {
                waker.searched();
            }
        });
        self.maker = Some(MistakeMaker { made, stop, thread: Some(thread) });
    }

    /// What the key asks for: solving the puzzles made, or why there are none (yet).
    pub(crate) fn offer(&self) -> Result<Go, Text> {
        match &self.found {
            Some(found) if !found.is_empty() => Ok(Go::Request(Request::Puzzles(found.clone()))),
            Some(_) => Err(text!(MINE_NONE)),
            None => Err(text!(MINE_FINDING)),
        }
    }

    /// Takes in the puzzles once made; whether they came now.
    pub(crate) fn update(&mut self) -> bool {
        let Some(found) = self.maker.as_ref().and_then(|maker| maker.made.try_recv().ok()) else {
            return false;
        };
        self.found = Some(found);
        self.maker = None;
        true
    }

    /// The puzzles made and not yet added to the player's file: marked added.
    pub(crate) fn take_unkept(&mut self) -> Option<&[Puzzle]> {
        let found = self.found.as_deref().filter(|found| !self.kept && !found.is_empty())?;
        self.kept = true;
        Some(found)
    }
}

impl Drop for MistakeMaker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for MistakeMaker {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("MistakeMaker")
    }
}
