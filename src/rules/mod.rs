//! The rules of Clamber and Ombagui, and nothing else: no input, no output, no terminal.
//!
//! Positions are small `Copy` values; a turn is a value that a position checks and plays.
//! Both games read and write the text notation of DESIGN.md through `FromStr` / `Display`.

pub mod clamber;
pub mod hex;
pub mod ombagui;

use std::fmt;

/// Where a game stands, in either game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The player to move has a legal turn, or will have one after a skip.
    Ongoing,
    Won(Colour),
    /// Neither player can ever move again.
    Drawn,
}

/// What a game screen, a saved game or a test needs of either game: a position that
/// lists, checks and plays its turns. Both games' positions implement it.
pub trait Game: Copy + PartialEq + fmt::Debug + fmt::Display + std::str::FromStr {
    /// A whole turn, in the game's notation.
    type Turn: Clone + PartialEq + fmt::Debug + fmt::Display + std::str::FromStr;
    /// Why a turn is illegal, as a sentence.
    type Illegal: fmt::Display;

    fn board(&self) -> hex::Board;
    fn to_move(&self) -> Colour;
    /// Every legal turn, in a stable order.
    fn legal_turns(&self) -> Vec<Self::Turn>;
    /// The position after `turn`, or why it cannot be played.
    fn play(&self, turn: &Self::Turn) -> Result<Self, Self::Illegal>;
    /// The same position with the other player to move: a forced skip.
    fn skipped(&self) -> Self;
    fn outcome(&self) -> Outcome;
    /// Counts the ways to play `depth` turns (RULES.md, "Counting moves").
    fn perft(&self, depth: u32) -> u64;
    /// The perft count below each legal turn, in the order of [`Game::legal_turns`].
    fn divide(&self, depth: u32) -> Vec<(Self::Turn, u64)>;
}

/// Why a text is not a position or a turn: one sentence naming the bad part.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError(String);

impl ParseError {
    pub(crate) fn new(message: impl Into<String>) -> ParseError {
        ParseError(message.into())
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// One of the two players. Both games are played by Blue and Red.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    Blue,
    Red,
}

impl Colour {
    /// The other player.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
        }
    }

    /// The letter of the notation: `b` or `r`.
    pub const fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
        }
    }

    /// The colour of a notation letter, either case.
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_lowercase() {
            'b' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            _ => None,
        }
    }

    /// 0 for Blue, 1 for Red: an index into per-player arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Colour::Blue => "Blue",
            Colour::Red => "Red",
        })
    }
}
