//! Why the club said no: a request its rules refuse (the caller's to tell the member), or
//! a database that failed (the server's to log, and maybe to stop for).

use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::store::shown;
use rusqlite::ErrorCode;
use std::path::Path;

/// Why the club did not do what it was asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// Refused by the club's rules: a name taken, an illegal turn, a game over... Nothing
    /// was written.
    Refused(Text),
    /// The database failed: damaged, locked by another program, newer than this
    /// hexstack, a full disk. Nothing was written.
    Store(Text),
}

impl Error {
    /// What to say, in the member's language.
    pub fn text(&self) -> &Text {
        match self {
            Error::Refused(text) | Error::Store(text) => text,
        }
    }
}

impl From<Error> for Text {
    fn from(error: Error) -> Text {
        match error {
            Error::Refused(text) | Error::Store(text) => text,
        }
    }
}

impl std::fmt::Display for Error {
    /// In English, for logs and the bot protocol.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.text().fmt(f)
    }
}

impl std::error::Error for Error {}

/// What failed inside the club's code, before it is said with the database's file.
#[derive(Debug)]
pub(super) enum Fail {
    Sql(rusqlite::Error),
    Refused(Text),
    Store(Text),
}

impl From<rusqlite::Error> for Fail {
    fn from(error: rusqlite::Error) -> Fail {
        Fail::Sql(error)
    }
}

impl From<Text> for Fail {
    fn from(text: Text) -> Fail {
        Fail::Refused(text)
    }
}

impl Fail {
    /// The error to give, naming the database's file where SQLite failed.
    pub(super) fn at(self, path: &Path) -> Error {
        match self {
            Fail::Sql(error) => Error::Store(said(path, &error)),
            Fail::Refused(text) => Error::Refused(text),
            Fail::Store(text) => Error::Store(text),
        }
    }
}

/// One line for what SQLite said of the database `path`: damaged, busy, or as it says.
pub(super) fn said(path: &Path, error: &rusqlite::Error) -> Text {
    let file = shown(path);
    match error.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => text!(CLUB_DB_DAMAGED, file),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => text!(CLUB_DB_BUSY, file),
        _ => {
            let message = match error {
                rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
                other => other.to_string(),
            };
            text!(CLUB_DB_FAILED, file).because(message)
        }
    }
}
