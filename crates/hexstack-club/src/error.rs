//! Why the club said no: a request its rules refuse (the caller's to tell the member), or
//! a database that failed (the server's to log, and maybe to stop for). Each is a value
//! with what it is about, not a sentence: the program around the club says it in the
//! member's language.

use crate::terms::{GameId, GameResult, MemberId};
use hexstack_rules::time_control::BadControl;
use hexstack_rules::{AnyIllegal, Colour, GameKind, ParseError};
use std::fmt;

/// Why the club did not do what it was asked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// Refused by the club's rules: a name taken, an illegal turn, a game over... Nothing
    /// was written.
    Refused(Refusal),
    /// The database failed: damaged, held by another server, of another program, newer
    /// than this club, a full disk. Nothing was written.
    Store(StoreError),
}

/// What the club's rules refuse.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// A name that cannot be a member's (quoted: see [`crate::names::quoted`]).
    NameForm(String),
    /// A key that is not one line of printable ASCII, or too long.
    KeyForm,
    /// The key belongs to this member, who came in under another name.
    KeyOther(String),
    /// The name belongs to another key.
    NameTaken(String),
    /// The member is banned.
    Banned(String),
    /// No member has this name (quoted).
    NoMember(String),
    /// No member has this number.
    NoMemberId(MemberId),
    /// A time control the club does not read: the text (quoted) and what is wrong.
    Clock(String, BadControl),
    /// Days a turn the club does not offer (quoted): it offers [`crate::DAYS`].
    Days(String),
    /// A contact that is not one line of up to 200 characters.
    ContactForm,
    /// Only the turns end a game by the rules.
    EndRules,
    /// A resignation has a winner, an agreed draw none.
    EndWinner,
    /// Games of this game on a board of this side are casual only.
    NotRatedBoard(GameKind, u8),
    /// A game needs two members.
    SamePlayer,
    /// The game or its board is not one the rules know.
    BadGame(ParseError),
    /// There is no such game.
    NoGame(GameId),
    /// The game is over, so.
    GameOver(GameId, GameResult),
    /// It is the other player's turn (this colour's).
    NotYourTurn(GameId, Colour),
    /// The member does not play in this game.
    NotPlayer(GameId),
    /// The game has as many turns as a game may have.
    TooManyTurns(GameId, u32),
    /// Not a turn in the game's notation.
    BadTurn(ParseError),
    /// A turn the rules refuse: the turn, in notation, and why.
    Illegal(String, AnyIllegal),
    /// There is no turn to take back.
    NothingBack(GameId),
}

/// The database failed: which one, and how.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoreError {
    /// The database, as its owner would name it (a file's path).
    pub db: String,
    /// What went wrong.
    pub failure: Failure,
}

/// How the database failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Failure {
    /// The file is damaged, or is not SQLite.
    Damaged,
    /// Another program holds it locked.
    Busy,
    /// Another program's database, not a club's (left as it was).
    NotClub,
    /// Made by a newer club: its schema version, and the newest this one knows.
    Newer(usize, usize),
    /// Older than this club, and a server of the older one holds it: its schema version,
    /// this club's, the holder.
    OlderHeld(usize, usize, Holder),
    /// There is no database there (only a server makes one).
    Missing,
    /// The name given is a folder's, not a file's.
    Folder,
    /// A server holds it already (one server a database, whatever path names it).
    Held(Holder),
    /// The file cannot be written (a read-only file or folder): a server would refuse
    /// every turn.
    ReadOnly,
    /// A game that no longer replays: its number, the turn (0: its start), the rules'
    /// reason.
    GameBroken(GameId, u32, Box<Refusal>),
    /// A game of a game this club does not know (a newer one's).
    UnknownGame(GameId),
    /// The system refused a file operation: what kind, and what it said.
    Io(std::io::ErrorKind, String),
    /// The database said so.
    Said(String),
}

/// Who holds a database: the server's process, where the system tells it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Holder {
    /// The holder's process id, if known.
    pub pid: Option<u32>,
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pid {
            Some(pid) => write!(f, "{pid}"),
            None => f.write_str("?"),
        }
    }
}

impl Error {
    /// A failure of the database `db`.
    pub(crate) fn store(db: &str, failure: Failure) -> Error {
        Error::Store(StoreError { db: db.to_string(), failure })
    }
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Error {
        Error::Refused(refusal)
    }
}

impl fmt::Display for Error {
    /// For a program's logs: what it is, not a sentence for a member (the program around
    /// the club words those).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Refused(refusal) => write!(f, "refused: {refusal:?}"),
            Error::Store(StoreError { db, failure }) => {
                write!(f, "the club database {db} failed: {failure:?}")
            }
        }
    }
}

impl std::error::Error for Error {}
