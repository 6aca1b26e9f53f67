//! The club: its rules (who may play, whether a turn is legal, how a game ends and how
//! ratings move) over what its [`Store`] keeps, and the games in progress held between
//! turns so that a turn is checked without reading its game back.

use crate::error::Error;
use crate::games::LiveGame;
use crate::sqlite::{Durability, SqliteStore};
use crate::store::Store;
use crate::terms::GameId;
use std::collections::HashMap;
use std::path::Path;

/// The time now, in milliseconds since 1970 (UTC): when a member joined, a game began, a
/// turn was played.
pub type Now = Box<dyn Fn() -> i64 + Send>;

fn system_now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |since| i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
}

/// The club, its database open. A server holds one for its life; the admin opens one
/// while a server runs.
pub struct Club {
    pub(crate) store: Box<dyn Store>,
    /// The games in progress, as last committed.
    pub(crate) live: HashMap<GameId, LiveGame>,
    now: Now,
}

impl std::fmt::Debug for Club {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Club").field("store", &self.store.name()).field("live", &self.live.len()).finish()
    }
}

impl Club {
    /// The club kept in `store`.
    pub fn new(store: Box<dyn Store>) -> Club {
        Club { store, live: HashMap::new(), now: Box::new(system_now) }
    }

    /// The club kept in the SQLite file at `path`, for a server (see [`SqliteStore::open`]).
    pub fn open(path: &Path, durability: Durability) -> Result<Club, Error> {
        Ok(Club::new(Box::new(SqliteStore::open(path, durability)?)))
    }

    /// The club kept in the SQLite file at `path`, for the admin (see
    /// [`SqliteStore::open_admin`]).
    pub fn open_admin(path: &Path) -> Result<Club, Error> {
        Ok(Club::new(Box::new(SqliteStore::open_admin(path)?)))
    }

    /// The database, as its errors name it.
    pub fn db(&self) -> &str {
        self.store.name()
    }

    /// Takes the time from `now` from here on (tests give a fake one).
    pub fn set_clock(&mut self, now: impl Fn() -> i64 + Send + 'static) {
        self.now = Box::new(now);
    }

    /// Lets go of the memory the club can do without: its database's cache of pages, and
    /// the room its games in progress no longer need.
    pub fn release_memory(&mut self) {
        self.store.release_memory();
        self.live.shrink_to_fit();
    }

    /// A server stops cleanly now: its next start will know how long it was down.
    pub fn stopped(&mut self) -> Result<(), Error> {
        let now = self.now();
        self.store.stopped(now)
    }

    /// The server runs now: said every few minutes, so that after a crash the outage is
    /// counted from then at most.
    pub fn alive(&mut self) -> Result<(), Error> {
        let now = self.now();
        self.store.alive(now)
    }

    /// A server starts now: every correspondence deadline moves on by the time no server
    /// ran, so that it counts against nobody (from the last clean stop; after a crash, from
    /// the last thing the server kept). That time, in milliseconds.
    pub fn resumed(&mut self) -> Result<i64, Error> {
        let now = self.now();
        self.store.resumed(now)
    }

    /// The time now, by the club's clock (milliseconds since 1970).
    pub fn now(&self) -> i64 {
        (self.now)()
    }
}
