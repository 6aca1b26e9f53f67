//! `hexstack club admin`: the host's commands on the club's members, run on the database
//! itself, whether the club's server is running or not. They open the database as a
//! second connection (WAL lets it read while the server writes, and the busy timeout lets
//! the two take turns to write); they never need the server's lock.
//!
//! A ban acts at once: the admin tells the running server through a socket beside the
//! database (Unix only; the server's [`Ear`]), and the server reads the member again from
//! the database, which alone it believes. With no server to tell, the ban waits in the
//! database for the member's next coming.

use super::scripts;
use crate::club::Club;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `hexstack club ...`.
#[derive(Subcommand, Debug)]
pub(crate) enum ClubCommand {
    /// The club's members, on the host: list them, ban one, let one back (while the club runs too)
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
}

/// What `admin` does.
#[derive(Subcommand, Debug)]
pub(crate) enum AdminAction {
    /// Every member, one a line, tab-separated: name, joined, member or banned, keys, games
    List,
    /// Ban a member: they may no longer come in or start a game
    Ban { name: String },
    /// Let a banned member back in
    Unban { name: String },
}

/// Does what `command` asks; what to print, the outcome said in `lang` (nothing for a
/// club without members), on the database `db` (the data folder's unless another was given; none without a data
/// folder).
pub(crate) fn run(command: ClubCommand, db: Option<PathBuf>, lang: Lang) -> Result<String, Text> {
    let ClubCommand::Admin { action } = command;
    let path = db.ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    let mut club = Club::open_admin(&path)?;
    Ok(match action {
        AdminAction::List => scripts::members(&club)?,
        AdminAction::Ban { name } => {
            let banned = club.set_banned(&name, true)?;
            tell_server(&path, &banned.name);
            lang.say(&text!(CLUB_BANNED_NOW, banned.name))
        }
        AdminAction::Unban { name } => {
            lang.say(&text!(CLUB_UNBANNED_NOW, club.set_banned(&name, false)?.name))
        }
    })
}

/// Where the server of the database at `db` listens for the admin: beside the database's
/// file, whatever name it was given (symbolic links followed).
fn ear_path(db: &Path) -> Option<PathBuf> {
    let db = std::fs::canonicalize(db).ok()?;
    let name = db.file_name()?.to_string_lossy().into_owned();
    Some(db.with_file_name(format!(".{name}.admin")))
}

/// The longest word the ear takes.
const LONGEST_WORD: u64 = 64;

/// Tells the server on `db`, if one runs, that member `name` changed.
fn tell_server(db: &Path, name: &str) {
    #[cfg(unix)]
    if let Some(ear) = ear_path(db)
        && let Ok(mut socket) = std::os::unix::net::UnixStream::connect(ear)
    {
        use std::io::Write;
        let _ = socket.set_write_timeout(Some(Duration::from_secs(1)));
        let _ = writeln!(socket, "{name}");
    }
    #[cfg(not(unix))]
    let _ = (db, name);
}

/// The server's ear for the admin: a socket beside the database, each word on it a
/// member's name to read again. Gone when dropped.
pub(crate) struct Ear {
    path: PathBuf,
}

impl Ear {
    /// Listens beside `db`, handing each name heard to `heard`; none where sockets are not
    /// to be had (the ban then waits for the member's next coming).
    pub(crate) fn open(db: &Path, heard: impl Fn(String) -> bool + Send + 'static) -> Option<Ear> {
        #[cfg(unix)]
        {
            use std::io::Read;
            use std::os::unix::fs::PermissionsExt;
            let path = ear_path(db)?;
            // One server a database: a socket left here is a dead server's.
            let _ = std::fs::remove_file(&path);
            let listener = std::os::unix::net::UnixListener::bind(&path).ok()?;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    let Ok(stream) = stream else { continue };
                    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
                    let mut word = String::new();
                    let _ = stream.take(LONGEST_WORD).read_to_string(&mut word);
                    let name = word.trim();
                    if !name.is_empty()
                        && crate::club::names::check_name(name).is_ok()
                        && !heard(name.to_string())
                    {
                        return;
                    }
                }
            });
            Some(Ear { path })
        }
        #[cfg(not(unix))]
        {
            let _ = (db, heard);
            None
        }
    }
}

impl Drop for Ear {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
