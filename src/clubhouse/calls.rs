//! What a connection asks of the hub's loop: a channel opened for a command or a terminal,
//! a key, a bot's line, its going; and the admin's word of a member changed. Who a
//! connection is, and what its channel asks for, read from the words its client sent.

use crate::club::bot::BotError;
use crate::club::{GameId, Which};
use crate::i18n::Lang;
use crate::net::Output;
use crate::rules::GameKind;
use std::net::SocketAddr;

/// What a connection asks of the hub.
pub(super) enum Call {
    /// A channel opened for `ask`, its output `output` (boxed: the queue's every place is
    /// as large as its largest call).
    Open { conn: u64, who: Box<Who>, ask: Box<Ask>, output: Box<Output> },
    /// A key, a click or a resize from a member's terminal.
    Key { conn: u64, input: ratatui::crossterm::event::Event },
    /// A line of the bot protocol, or why it could not be read.
    Line { conn: u64, line: Result<String, BotError> },
    /// A line typed by a member in lines (a screen reader's), or the end of their input.
    Said { conn: u64, heard: crate::app::event::Heard },
    /// The connection went.
    Gone { conn: u64 },
    /// The admin changed member `name` (a ban): read them again.
    Member { name: String },
    /// The server stops.
    Stop,
}

/// Who a connection is: the name typed, the key's fingerprint (none: a watcher), the
/// language their ssh sent, whether it asked for no colour, where from.
pub(super) struct Who {
    pub name: String,
    pub key: Option<String>,
    pub lang: Lang,
    pub no_color: bool,
    pub peer: SocketAddr,
}

/// What `contact` asks of the asker's contact.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Contact {
    Read,
    Set(String),
    Clear,
}

/// What a channel asks for: a script command, the bot protocol, the lobby.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    Who,
    Games(Which, Option<String>),
    Export(GameId),
    Ratings(Option<GameKind>),
    /// A member's rating history: theirs, or the asker's.
    History(Option<String>),
    /// The asker's games in progress where it is their turn.
    Mine,
    /// The asker's contact: read, set, or cleared.
    Contact(Contact),
    Bot,
    /// A terminal of this size: the lobby.
    Lobby(ratatui::layout::Rect),
    /// The lobby in lines, for a screen reader: the command `screen-reader`, or a terminal
    /// whose `TERM` is `dumb` (what it types echoed by the club).
    Speech {
        echo: bool,
    },
    /// A command that is none of these (its words, made plain).
    Bad(String),
    /// `export` of what is not a game's number.
    NotAGame(String),
}

impl Ask {
    /// The command an ssh client sent (`ssh NAME@HOST games --live Ann`).
    pub(crate) fn read(bytes: &[u8]) -> Ask {
        let line = String::from_utf8_lossy(bytes);
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = || Ask::Bad(crate::club::bot::plain(&words.join(" ")));
        match words[..] {
            ["who"] => Ask::Who,
            ["bot"] => Ask::Bot,
            ["screen-reader"] => Ask::Speech { echo: false },
            ["export", id] => match id.parse::<GameId>() {
                Ok(id) if id > 0 && !words[1].starts_with('+') => Ask::Export(id),
                _ => Ask::NotAGame(crate::club::bot::plain(id)),
            },
            ["mine"] => Ask::Mine,
            ["contact"] => Ask::Contact(Contact::Read),
            ["contact", "--clear"] => Ask::Contact(Contact::Clear),
            // The contact is the rest of the line as it was typed, spaces within kept.
            ["contact", ..] => {
                let rest = line.trim_start().strip_prefix("contact").unwrap_or_default();
                Ask::Contact(Contact::Set(rest.trim().to_string()))
            }
            ["history"] => Ask::History(None),
            ["history", name] => Ask::History(Some(name.to_string())),
            ["ratings"] => Ask::Ratings(None),
            ["ratings", game] => game.parse().map_or_else(|_| bad(), |game| Ask::Ratings(Some(game))),
            ["games", ref rest @ ..] => {
                let (which, names) = match rest {
                    ["--live", names @ ..] => (Which::Live, names),
                    ["--done", names @ ..] => (Which::Done, names),
                    names => (Which::All, names),
                };
                match names {
                    [] => Ask::Games(which, None),
                    [name] if !name.starts_with('-') => Ask::Games(which, Some(name.to_string())),
                    _ => bad(),
                }
            }
            _ => bad(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mine_and_contact_read_as_typed_with_the_contacts_spaces_kept() {
        assert_eq!(Ask::read(b"mine"), Ask::Mine);
        assert_eq!(Ask::read(b" contact "), Ask::Contact(Contact::Read));
        assert_eq!(Ask::read(b"contact --clear"), Ask::Contact(Contact::Clear));
        assert_eq!(
            Ask::read(b"contact  ann@example.org "),
            Ask::Contact(Contact::Set("ann@example.org".into()))
        );
        assert_eq!(
            Ask::read(b"contact matrix @ann:example.org"),
            Ask::Contact(Contact::Set("matrix @ann:example.org".into()))
        );
        assert_eq!(Ask::read(b"mine Ann"), Ask::Bad("mine Ann".into()));
    }
}
