//! `hexstack club admin`: the host's commands on the club's members, run on the database
//! itself, whether the club's server is running or not. They open the database as a
//! second connection (WAL lets it read while the server writes, and the busy timeout lets
//! the two take turns to write); they never need the server's lock.

use super::db::{Club, default_path};
use super::members::Listed;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::store::utc;
use clap::Subcommand;
use std::path::PathBuf;

/// `hexstack club ...`.
#[derive(Subcommand, Debug)]
pub enum ClubCommand {
    /// The club's members, on the host: list them, ban one, let one back (while the club runs too)
    Admin {
        #[command(subcommand)]
        action: Action,
    },
}

/// What `admin` does.
#[derive(Subcommand, Debug)]
pub enum Action {
    /// Every member, one a line, tab-separated: name, joined, member or banned, keys, games
    List,
    /// Ban a member: they may no longer come in or start a game
    Ban { name: String },
    /// Let a banned member back in
    Unban { name: String },
}

/// Does what `command` asks; what to print, the outcome said in `lang` (nothing for a
/// club without members),
/// on the database `db` (the data folder's by default).
pub fn run(command: ClubCommand, db: Option<PathBuf>, lang: Lang) -> Result<String, Text> {
    let ClubCommand::Admin { action } = command;
    let path = db.or_else(default_path).ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    let mut club = Club::open_admin(&path)?;
    Ok(match action {
        Action::List => club.members()?.iter().map(line).collect::<Vec<_>>().join("\n"),
        Action::Ban { name } => lang.say(&text!(CLUB_BANNED_NOW, club.set_banned(&name, true)?.name)),
        Action::Unban { name } => lang.say(&text!(CLUB_UNBANNED_NOW, club.set_banned(&name, false)?.name)),
    })
}

/// A member's line: name, joined (UTC), `member` or `banned`, keys, games.
fn line(listed: &Listed) -> String {
    let Listed { member, keys, games } = listed;
    let state = if member.banned { "banned" } else { "member" };
    let joined = utc(u64::try_from(member.created / 1000).unwrap_or(0));
    format!("{}\t{joined}\t{state}\t{keys}\t{games}", member.name)
}
