//! The record a table plays on: its own, or a game's one record that several terminals
//! share through the [`Link`](super::link::Link). Either way it is reached through a lock,
//! and only inside a closure, so that no guard outlives the call that needed it.

use crate::record::Record;
use crate::rules::{Family, Game};
use std::sync::{Arc, Mutex, MutexGuard};

/// A record of game `G`, held where every table at the game can reach it.
#[derive(Debug)]
pub(crate) struct SharedRecord<G: Game>(Arc<Mutex<Record<G>>>);

/// Every game's [`SharedRecord`]: a shared game of any game.
#[derive(Debug)]
pub(crate) struct SharedRecords;

impl Family for SharedRecords {
    type Of<G: Game> = SharedRecord<G>;
}

impl<G: Game> Clone for SharedRecord<G> {
    /// The same record, held once more.
    fn clone(&self) -> Self {
        SharedRecord(Arc::clone(&self.0))
    }
}

impl<G: Game> SharedRecord<G> {
    /// `record`, held for the first time.
    pub(crate) fn new(record: Record<G>) -> SharedRecord<G> {
        SharedRecord(Arc::new(Mutex::new(record)))
    }

    fn lock(&self) -> MutexGuard<'_, Record<G>> {
        // A change to a record is whole or not made: a poisoned lock holds a whole record.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What `look` reads of the record.
    pub(crate) fn with<R>(&self, look: impl FnOnce(&Record<G>) -> R) -> R {
        look(&self.lock())
    }

    /// Changes the record with `change`.
    pub(crate) fn change<R>(&self, change: impl FnOnce(&mut Record<G>) -> R) -> R {
        change(&mut self.lock())
    }

    /// A copy of the record as it is now, held apart from this one.
    pub(crate) fn copy(&self) -> SharedRecord<G> {
        SharedRecord::new(self.lock().clone())
    }
}
