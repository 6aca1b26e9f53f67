//! Why a text is not a position or a turn: the reasons every game's notation shares, and
//! each game's own ([`Game::Bad`]), as values a screen says in its player's language and
//! as English sentences.

use crate::{Any, Cloned, Family, Game, GameKind, hex};
use std::fmt;

/// What each game's notation refuses of its own ([`Game::Bad`]).
#[derive(Debug)]
pub struct Bads;

impl Family for Bads {
    type Of<G: Game> = G::Bad;
}

/// Why a text is not a position or a turn, one reason per kind so that a screen can say
/// it in the player's language; `Display` is the English sentence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError(ParseErrorKind);

/// The reasons a text is refused that every game's notation shares. Each names the bad
/// part; what one game alone refuses is [`ParseErrorKind::Game`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseErrorKind {
    /// No game has this name.
    UnknownGame(String),
    /// No board has this side.
    BadSide(u32),
    /// A game played on one board only was given another side.
    OneSide {
        /// The game.
        game: GameKind,
        /// The one side it is played on.
        side: u8,
        /// The side asked for.
        given: u32,
    },
    /// The side asked for (`--size`) is not the side of the position given.
    SizeMismatch {
        /// The side asked for.
        size: u32,
        /// The position's side.
        side: u8,
    },
    /// Not a position of `game` at all.
    NotPosition {
        /// The text, as an error quotes it.
        text: String,
        /// The game it was read as.
        game: GameKind,
    },
    /// The player to move is not `b` or `r`.
    BadPlayer {
        /// The text where the player was expected.
        text: String,
        /// The game it was read as.
        game: GameKind,
    },
    /// An entry of the cell list is not `CELL=...`.
    BadEntry {
        /// The entry.
        entry: String,
        /// The game it was read as.
        game: GameKind,
    },
    /// Not a cell name (a letter, then a number from 1).
    BadCell(String),
    /// A cell that is not on the position's board.
    OffBoard {
        /// The cell.
        cell: hex::Cell,
        /// The board's side.
        side: u8,
    },
    /// The same cell given twice in a cell list.
    GivenTwice(hex::Cell),
    /// What one game's notation alone refuses.
    Game(Any<Bads>),
}

impl Cloned for Bads {
    fn cloned<G: Game>(of: &G::Bad) -> G::Bad {
        of.clone()
    }
}

impl PartialEq for Any<Bads> {
    fn eq(&self, other: &Self) -> bool {
        crate::each_game!(pair self, other, a, b => a == b, else false)
    }
}

impl Eq for Any<Bads> {}

impl fmt::Display for Any<Bads> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::each_game!(self, bad => bad.fmt(f))
    }
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError(kind)
    }

    /// What game `G`'s notation alone refuses.
    pub(crate) fn bad<G: Game>(bad: G::Bad) -> ParseError {
        ParseError(ParseErrorKind::Game(G::any::<Bads>(bad)))
    }

    /// Why the text was refused, for a screen to say in its own words.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.0
    }
}

impl From<hex::BadSide> for ParseError {
    fn from(bad: hex::BadSide) -> ParseError {
        ParseError(ParseErrorKind::BadSide(bad.0))
    }
}

impl fmt::Display for ParseError {
    /// The reason in English; the application says it in the player's language from
    /// [`ParseError::kind`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind as K;
        match &self.0 {
            K::UnknownGame(name) => write!(f, "no game '{name}': the games are {}", GameKind::names("and")),
            K::BadSide(side) => write!(f, "{}", hex::BadSide(*side)),
            K::OneSide { game, side, given } => {
                write!(
                    f,
                    "{} is played on the side-{side} board: --size {given} does not apply",
                    game.title()
                )
            }
            K::SizeMismatch { size, side } => {
                write!(f, "--size {size} does not match the position's side-{side} board")
            }
            K::NotPosition { text, game } => crate::each_game!(kind *game, G => {
                write!(f, "'{text}' is not {} position: expected {}", article(G::TITLE), G::POSITION_FORM)
            }),
            K::BadPlayer { text, game } => {
                let first = crate::each_game!(kind *game, G => <G as Game>::start(G::BOARDS[0]).to_move());
                let (a, b) = (first.letter(), first.other().letter());
                write!(f, "bad side '{text}': the player to move is {a} or {b}")
            }
            K::BadEntry { entry, game } => {
                write!(
                    f,
                    "bad stack '{entry}': expected {}",
                    crate::each_game!(kind *game, G => G::ENTRY_FORM)
                )
            }
            K::BadCell(name) => write!(f, "{}", hex::BadCell(name.clone())),
            K::OffBoard { cell, side } => write!(f, "{}", hex::OffBoard { cell: *cell, side: *side }),
            K::GivenTwice(cell) => write!(f, "{cell} is given twice"),
            K::Game(bad) => bad.fmt(f),
        }
    }
}

/// A game's name with its English article: `a Clamber`, `an Ombagui`.
fn article(title: &str) -> String {
    let vowel = title.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {title}", if vowel { "an" } else { "a" })
}

impl std::error::Error for ParseError {}
