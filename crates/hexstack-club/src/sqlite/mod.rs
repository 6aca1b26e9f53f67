//! The club's database in SQLite: one file (`club.sqlite3` in the data folder by default),
//! in WAL mode, held by one server for its whole life (the system's lock on the file
//! itself, whatever path names it), its schema brought up to date when it opens. Nothing is
//! written before the file is known to be a club's. Every write is one transaction,
//! committed before the function that makes it returns: what a server acknowledged after
//! that survives a `kill -9` of the server.

mod games;
mod lock;
mod members;
mod ratings;
pub mod schema;

use crate::error::{Error, Failure, Holder};
use rusqlite::{Connection, ErrorCode, MAIN_DB, OpenFlags, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a write waits for another connection's (the admin's) to finish.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

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

/// The club's database in one SQLite file.
pub struct SqliteStore {
    /// Declared before the lock: the connection closes first, and the lock's file handle
    /// (the database's own, on Unix) after it.
    conn: Connection,
    path: PathBuf,
    /// The path as errors name it.
    shown: String,
    /// The server's hold on the database (none for the admin while a server runs).
    lock: Option<lock::ServerLock>,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore").field("path", &self.path).finish()
    }
}

/// What failed inside the store, before it is said with the database's name.
#[derive(Debug)]
pub(crate) enum Fail {
    Sql(rusqlite::Error),
    Refused(crate::error::Refusal),
    Store(Failure),
}

impl From<rusqlite::Error> for Fail {
    fn from(error: rusqlite::Error) -> Fail {
        Fail::Sql(error)
    }
}

impl From<crate::error::Refusal> for Fail {
    fn from(refusal: crate::error::Refusal) -> Fail {
        Fail::Refused(refusal)
    }
}

impl Fail {
    fn at(self, db: &str) -> Error {
        match self {
            Fail::Sql(error) => Error::store(db, failure(&error)),
            Fail::Refused(refusal) => Error::Refused(refusal),
            Fail::Store(failure) => Error::store(db, failure),
        }
    }
}

/// What SQLite said, as a failure: damaged, busy, read-only, or its own words.
fn failure(error: &rusqlite::Error) -> Failure {
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => Failure::Damaged,
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Failure::Busy,
        Some(ErrorCode::ReadOnly) => Failure::ReadOnly,
        _ => Failure::Said(match error {
            rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
            other => other.to_string(),
        }),
    }
}

impl SqliteStore {
    /// Opens the club's database at `path` (made, and its folder, if missing) for a server.
    /// Refused, with nothing written: if another server holds the file (by any name: the
    /// lock is on the file itself), if it is damaged, another program's, newer than this
    /// club, or cannot be written. Brought to this club's schema otherwise.
    pub fn open(path: &Path, durability: Durability) -> Result<SqliteStore, Error> {
        let path = where_(path, true)?;
        let shown = path.display().to_string();
        let io = |error: std::io::Error| Error::store(&shown, Failure::Io(error.kind(), said(&error)));
        let lock = match lock::take(&path).map_err(io)? {
            Ok(held) => held,
            Err(holder) => return Err(Error::store(&shown, Failure::Held(holder))),
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut store = SqliteStore::connect(&path, flags, Some(lock))?;
        store.checked()?;
        store.set_up(durability)?;
        let conn = &mut store.conn;
        schema::migrate(conn, schema::MIGRATIONS).map_err(|fail| fail.at(&store.shown))?;
        Ok(store)
    }

    /// Opens an existing club's database for the admin, whether a server holds it or not:
    /// the server keeps its lock, and the two connections take turns to write (WAL and
    /// the busy timeout). An older schema is brought up to date only when no server holds
    /// the database.
    pub fn open_admin(path: &Path) -> Result<SqliteStore, Error> {
        let path = where_(path, false)?;
        let shown = path.display().to_string();
        if !path.is_file() {
            return Err(Error::store(&shown, Failure::Missing));
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut store = SqliteStore::connect(&path, flags, None)?;
        let stale = store.checked()?;
        store.set_up(Durability::default())?;
        if stale {
            let io = |error: std::io::Error| Error::store(&shown, Failure::Io(error.kind(), said(&error)));
            match lock::take(&path).map_err(io)? {
                Ok(held) => store.lock = Some(held),
                Err(holder) => {
                    let at = schema::version(&store.conn).map_err(|error| Fail::Sql(error).at(&shown))?;
                    return Err(Error::store(&shown, Failure::OlderHeld(at, schema::VERSION, holder)));
                }
            }
            schema::migrate(&mut store.conn, schema::MIGRATIONS).map_err(|fail| fail.at(&shown))?;
        }
        Ok(store)
    }

    fn connect(path: &Path, flags: OpenFlags, lock: Option<lock::ServerLock>) -> Result<SqliteStore, Error> {
        let shown = path.display().to_string();
        let failed = |error: rusqlite::Error| Fail::Sql(error).at(&shown);
        let conn = Connection::open_with_flags(path, flags).map_err(failed)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
        // SQLite opens a file it may not write read-only, without a word: every turn would
        // then be refused.
        if conn.is_readonly(MAIN_DB).map_err(failed)? {
            return Err(Error::store(&shown, Failure::ReadOnly));
        }
        Ok(SqliteStore { conn, path: path.to_path_buf(), shown, lock })
    }

    /// Reads (only) whether the file is a club's, undamaged, and not newer than this club;
    /// whether it needs migrating.
    fn checked(&self) -> Result<bool, Error> {
        let verdict: String = self
            .conn
            .query_row("PRAGMA quick_check(1)", [], |row| row.get(0))
            .map_err(|error| Fail::Sql(error).at(&self.shown))?;
        if verdict != "ok" {
            return Err(Error::store(&self.shown, Failure::Damaged));
        }
        schema::check(&self.conn, schema::MIGRATIONS).map_err(|fail| fail.at(&self.shown))
    }

    /// A club's file, known now: WAL, `synchronous` as `durability` asks, foreign keys.
    fn set_up(&self, durability: Durability) -> Result<(), Error> {
        let failed = |error: rusqlite::Error| Fail::Sql(error).at(&self.shown);
        let mode: String = self
            .conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
            .map_err(failed)?;
        if !mode.eq_ignore_ascii_case("wal") {
            // WAL needs its two files beside the database: the folder cannot be written.
            return Err(Error::store(&self.shown, Failure::ReadOnly));
        }
        self.conn.pragma_update(None, "synchronous", durability.pragma()).map_err(failed)?;
        self.conn.pragma_update(None, "foreign_keys", true).map_err(failed)?;
        Ok(())
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether this connection holds the server's lock on the database.
    pub fn holds_lock(&self) -> bool {
        self.lock.is_some()
    }

    /// Runs `write` in one transaction, committed before this returns; nothing of it is
    /// kept if it fails.
    fn write<T>(
        &mut self,
        write: impl FnOnce(&rusqlite::Transaction) -> Result<T, Fail>,
    ) -> Result<T, Error> {
        let done = (|| {
            let transaction = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = write(&transaction)?;
            transaction.commit()?;
            Ok(value)
        })();
        done.map_err(|fail: Fail| fail.at(&self.shown))
    }

    /// Runs `read` on the database.
    fn read<T>(&self, read: impl FnOnce(&Connection) -> Result<T, Fail>) -> Result<T, Error> {
        read(&self.conn).map_err(|fail| fail.at(&self.shown))
    }
}

impl crate::store::Store for SqliteStore {
    fn name(&self) -> &str {
        &self.shown
    }

    fn release_memory(&self) {
        let _ = self.conn.release_memory();
    }
}

/// What the system said, without its error number.
fn said(error: &std::io::Error) -> String {
    let said = error.to_string();
    said.split(" (os error").next().unwrap_or_default().to_string()
}

/// The database's path made absolute (its folder made if missing and `make` says so),
/// refused where a folder stands in the file's place or the folder cannot be made.
fn where_(path: &Path, make: bool) -> Result<PathBuf, Error> {
    let shown = path.display().to_string();
    let Some(name) = path.file_name().filter(|_| !path.is_dir()) else {
        return Err(Error::store(&shown, Failure::Folder));
    };
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let in_folder = |error: std::io::Error| {
        Error::store(&folder.display().to_string(), Failure::Io(error.kind(), said(&error)))
    };
    match make {
        true => std::fs::create_dir_all(&folder).map_err(in_folder)?,
        false if !folder.is_dir() => return Err(Error::store(&shown, Failure::Missing)),
        false => {}
    }
    let folder = folder.canonicalize().map_err(in_folder)?;
    Ok(folder.join(name))
}

impl Holder {
    /// Nobody known: the system did not say.
    pub(crate) const UNKNOWN: Holder = Holder { pid: None };
}
