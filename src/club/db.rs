//! The club's database: one SQLite file (`club.sqlite3` in the data folder by default),
//! in WAL mode, held by one server for its whole life (a lock file beside it, as kept
//! games have), its schema brought up to date when it opens. Every write is one
//! transaction, committed before the function that makes it returns: what a server
//! acknowledged after that survives a `kill -9` of the server.

use super::error::{Error, Fail, said};
use super::schema;
use super::terms::{GameId, MemberId, Pool};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::AnyRecord;
use crate::store::{self, lock, shown};
use rusqlite::{Connection, OpenFlags, TransactionBehavior};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The database's file name in the data folder.
pub const DB_FILE: &str = "club.sqlite3";

/// How long a write waits for another connection's (the admin's) to finish.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The database's file when none is given: `club.sqlite3` in the data folder, beside the
/// saves.
pub fn default_path() -> Option<PathBuf> {
    Some(store::data_dir()?.join(DB_FILE))
}

/// When a commit waits for the disk (SQLite's `synchronous`, in WAL mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Durability {
    /// A commit is in the operating system's hands when it returns (`NORMAL`): it survives
    /// the server's crash or `kill -9`; the last commits may be lost if the machine loses
    /// power. The club's choice (docs/club.md says why).
    #[default]
    Crash,
    /// A commit is on the disk when it returns (`FULL`): it survives a power cut too, at
    /// the cost of an fsync a commit.
    Power,
}

impl Durability {
    fn pragma(self) -> &'static str {
        match self {
            Durability::Crash => "NORMAL",
            Durability::Power => "FULL",
        }
    }
}

/// The time now, in milliseconds since 1970 (UTC): when a member joined, a game began, a
/// turn was played.
pub type Now = Box<dyn Fn() -> i64 + Send>;

fn system_now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.map_or(0, |since| i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
}

/// A game in progress as the club holds it between turns: its record as last committed,
/// its players, its pool if it is rated.
#[derive(Clone, Debug)]
pub struct LiveGame {
    pub record: AnyRecord,
    pub blue: MemberId,
    pub red: MemberId,
    pub rated: Option<Pool>,
    /// Its turns so far (forced skips are not turns).
    pub turns: u32,
}

/// The club's database, open. A server holds one for its life; `admin` opens one while a
/// server runs.
pub struct Club {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    /// The games in progress, as last committed: a turn is checked against its game here
    /// without reading the game back.
    pub(super) live: HashMap<GameId, LiveGame>,
    pub(super) now: Now,
    /// The server's hold on the database (none for the admin while a server runs).
    lock: Option<lock::Lock>,
}

impl std::fmt::Debug for Club {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Club").field("path", &self.path).field("live", &self.live.len()).finish()
    }
}

impl Club {
    /// Opens the club's database at `path` (made, and its folder, if missing) for a server:
    /// refused if another server holds it, if it is damaged, of another program, or newer
    /// than this hexstack; brought to this hexstack's schema otherwise.
    pub fn open(path: &Path, durability: Durability) -> Result<Club, Error> {
        let path = where_(path, true)?;
        let lock = take_lock(&path)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
        let mut club = Club::connect(&path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX, durability, Some(lock))?;
        club.quick_check()?;
        schema::migrate(&mut club.conn, &path, schema::MIGRATIONS).map_err(|fail| fail.at(&path))?;
        Ok(club)
    }

    /// Opens an existing club's database for the admin, whether a server holds it or not:
    /// the server keeps its lock, and the two connections take turns to write (WAL and
    /// the busy timeout). An older schema is brought up to date only when no server holds
    /// the database.
    pub fn open_admin(path: &Path) -> Result<Club, Error> {
        let path = where_(path, false)?;
        if !path.is_file() {
            return Err(Error::Store(text!(CLUB_DB_MISSING, shown(&path))));
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut club = Club::connect(&path, flags, Durability::default(), None)?;
        let stale = schema::check(&club.conn, &path, schema::MIGRATIONS).map_err(|fail| fail.at(&path))?;
        if stale {
            match lock::take(&path).map_err(|error| io_failed(&path, error))? {
                Ok(held) => club.lock = Some(held),
                Err(holder) => {
                    let at =
                        schema::version(&club.conn).map_err(|error| Error::Store(said(&path, &error)))?;
                    let said =
                        text!(CLUB_DB_OLDER_HELD, shown(&path), at, schema::VERSION, holder.to_string());
                    return Err(Error::Store(said));
                }
            }
            schema::migrate(&mut club.conn, &path, schema::MIGRATIONS).map_err(|fail| fail.at(&path))?;
        }
        Ok(club)
    }

    /// The connection, set up: WAL, `synchronous` as `durability` asks, the busy timeout,
    /// foreign keys checked.
    fn connect(
        path: &Path,
        flags: OpenFlags,
        durability: Durability,
        lock: Option<lock::Lock>,
    ) -> Result<Club, Error> {
        let failed = |error: rusqlite::Error| Error::Store(said(path, &error));
        let conn = Connection::open_with_flags(path, flags).map_err(failed)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0)).map_err(failed)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(Error::Store(
                text!(CLUB_DB_FAILED, shown(path)).because(format!("journal mode {mode}")),
            ));
        }
        conn.pragma_update(None, "synchronous", durability.pragma()).map_err(failed)?;
        conn.pragma_update(None, "foreign_keys", true).map_err(failed)?;
        let now: Now = Box::new(system_now);
        Ok(Club { conn, path: path.to_path_buf(), live: HashMap::new(), now, lock })
    }

    /// Refuses a damaged database at once, rather than at the first page read that is bad.
    fn quick_check(&self) -> Result<(), Error> {
        let verdict: String = self
            .conn
            .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
            .map_err(|error| Error::Store(said(&self.path, &error)))?;
        match verdict == "ok" {
            true => Ok(()),
            false => Err(Error::Store(text!(CLUB_DB_DAMAGED, shown(&self.path)))),
        }
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this connection holds the server's lock on the database.
    pub fn holds_lock(&self) -> bool {
        self.lock.as_ref().is_some_and(lock::Lock::held)
    }

    /// Takes the time from `now` from here on (tests give a fake one).
    pub fn set_clock(&mut self, now: impl Fn() -> i64 + Send + 'static) {
        self.now = Box::new(now);
    }

    /// Runs `write` in one transaction, committed before this returns; nothing of it is
    /// kept if it fails.
    pub(super) fn write<T>(
        &mut self,
        write: impl FnOnce(&rusqlite::Transaction, i64) -> Result<T, Fail>,
    ) -> Result<T, Error> {
        let now = (self.now)();
        let done = (|| {
            let transaction = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = write(&transaction, now)?;
            transaction.commit()?;
            Ok(value)
        })();
        done.map_err(|fail: Fail| fail.at(&self.path))
    }

    /// Runs `read` on the database.
    pub(super) fn read<T>(&self, read: impl FnOnce(&Connection) -> Result<T, Fail>) -> Result<T, Error> {
        read(&self.conn).map_err(|fail| fail.at(&self.path))
    }
}

/// The database's path made absolute (its folder made if missing and `make` says so), so
/// that the lock beside it is the same whichever way the file was named.
fn where_(path: &Path, make: bool) -> Result<PathBuf, Error> {
    let name = path.file_name().ok_or_else(|| Error::Store(text!(CLUB_DB_NAME, shown(path))))?;
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if make {
        store::ensure_dir(&folder).map_err(Error::Store)?;
    } else if !folder.is_dir() {
        return Err(Error::Store(text!(CLUB_DB_MISSING, shown(path))));
    }
    let folder = folder.canonicalize().map_err(|error| io_failed(&folder, error))?;
    Ok(folder.join(name))
}

/// Takes the server's lock on the database at `path`, or says which server holds it.
fn take_lock(path: &Path) -> Result<lock::Lock, Error> {
    match lock::take(path).map_err(|error| io_failed(path, error))? {
        Ok(held) => Ok(held),
        Err(holder) => Err(Error::Store(text!(CLUB_DB_HELD, shown(path), holder.to_string()))),
    }
}

fn io_failed(path: &Path, error: std::io::Error) -> Error {
    Error::Store(text!(CLUB_DB_FAILED, shown(path)).because(store::why_not(&error)))
}
