//! The session a table plays on: its own, or a game's one session that several terminals
//! share through the [`Link`](super::link::Link). Either way it is reached through a lock,
//! and only inside a closure, so that no guard outlives the call that needed it.

use crate::rules::{Family, Game};
use crate::session::Session;
use std::sync::{Arc, Mutex, MutexGuard};

/// A session of game `G`, held where every table at the game can reach it.
#[derive(Debug)]
pub struct Held<G: Game>(Arc<Mutex<Session<G>>>);

/// Every game's [`Held`]: a shared game of any game.
#[derive(Debug)]
pub struct Helds;

impl Family for Helds {
    type Of<G: Game> = Held<G>;
}

impl<G: Game> Clone for Held<G> {
    /// The same session, held once more.
    fn clone(&self) -> Self {
        Held(Arc::clone(&self.0))
    }
}

impl<G: Game> Held<G> {
    /// `session`, held for the first time.
    pub fn new(session: Session<G>) -> Held<G> {
        Held(Arc::new(Mutex::new(session)))
    }

    fn lock(&self) -> MutexGuard<'_, Session<G>> {
        // A change to a session is whole or not made: a poisoned lock holds a whole session.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What `look` reads of the session.
    pub fn with<R>(&self, look: impl FnOnce(&Session<G>) -> R) -> R {
        look(&self.lock())
    }

    /// Changes the session with `change`.
    pub fn change<R>(&self, change: impl FnOnce(&mut Session<G>) -> R) -> R {
        change(&mut self.lock())
    }

    /// A copy of the session as it is now, held apart from this one.
    pub fn copy(&self) -> Held<G> {
        Held::new(self.lock().clone())
    }
}
