//! The session a table plays on: its own, or a game's one session that several terminals
//! share through the [`Link`](super::link::Link). Either way it is reached through a lock,
//! and only inside a closure, so that no guard outlives the call that needed it.

use crate::rules::Game;
use crate::session::{AnySession, Session};
use std::any::Any;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, MutexGuard};

/// A session of game `G`, held where every table at the game can reach it.
#[derive(Debug)]
pub struct Held<G> {
    game: Arc<Mutex<AnySession>>,
    kind: PhantomData<fn() -> G>,
}

impl<G: Game> Held<G> {
    /// The session in `game`, if it is of game `G`: a table's own, or a link's.
    pub fn new(game: Arc<Mutex<AnySession>>) -> Option<Held<G>> {
        let held = Held { game, kind: PhantomData };
        held.read(|_| ()).is_some().then_some(held)
    }

    fn lock(&self) -> MutexGuard<'_, AnySession> {
        // A change to a session is whole or not made: a poisoned lock holds a whole session.
        self.game.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Reads the session, if it is of game `G`.
    fn read<R>(&self, look: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        let game = self.lock();
        let session = crate::by_game!(&*game, s => (s as &dyn Any).downcast_ref::<Session<G>>());
        session.map(look)
    }

    /// What `look` reads of the session.
    pub fn with<R>(&self, look: impl FnOnce(&Session<G>) -> R) -> R {
        self.read(look).expect("a table plays the game it was made for")
    }

    /// Changes the session with `change`.
    pub fn change<R>(&self, change: impl FnOnce(&mut Session<G>) -> R) -> R {
        let mut game = self.lock();
        let session = crate::by_game!(&mut *game, s => (s as &mut dyn Any).downcast_mut::<Session<G>>());
        change(session.expect("a table plays the game it was made for"))
    }

    /// A copy of the session as it is now, held apart from this one.
    pub fn copy(&self) -> Held<G> {
        Held { game: Arc::new(Mutex::new(self.lock().clone())), kind: PhantomData }
    }
}
