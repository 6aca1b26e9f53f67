//! The rules of Clamber and Ombagui, and nothing else: no input, no output, no terminal.
//!
//! Positions are small `Copy` values; a turn is a value that a position checks and plays.
//! Both games read and write the text notation of DESIGN.md through `FromStr` / `Display`.
//!
//! **Which game is this?** is answered in one place, here: [`GameKind`] names the two games
//! and [`ByGame`] holds a value of one game or the other (a position, a session, a screen).
//! The choice is an enum rather than a trait object because the [`Game`] trait has
//! associated types and `Copy` positions, which a trait object cannot carry; the
//! [`by_game!`](crate::by_game) macro runs the same generic code on either arm, so no
//! other module matches on the two games by hand.

pub mod clamber;
pub mod hex;
mod notation;
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

/// What a game screen, a saved game, a search or a test needs of either game: a position
/// that lists, checks and plays its turns. Both games' positions implement it.
pub trait Game:
    Copy + PartialEq + fmt::Debug + fmt::Display + std::str::FromStr<Err = ParseError> + 'static
{
    /// A whole turn, in the game's notation.
    type Turn: Clone + PartialEq + fmt::Debug + fmt::Display + std::str::FromStr<Err = ParseError>;
    /// A turn as the generator walks it, before it is made a [`Game::Turn`] (which may
    /// allocate): perft and searches never need more.
    type Step<'a>: Copy;
    /// Why a turn is illegal, as a sentence.
    type Illegal: fmt::Display + fmt::Debug;
    /// Which game this is.
    const KIND: GameKind;

    fn board(&self) -> hex::Board;
    fn to_move(&self) -> Colour;
    /// The winner, once a turn has won the game.
    fn winner(&self) -> Option<Colour>;
    /// The one turn generator: calls `visit` with every legal turn and the position after
    /// it (the other player to move), in a stable order, without allocating.
    fn for_each_turn(&self, visit: &mut impl FnMut(Self::Step<'_>, &Self));
    /// The turn a step of [`Game::for_each_turn`] stands for.
    fn turn_of(&self, step: Self::Step<'_>) -> Self::Turn;
    /// The position after `turn`, or why it cannot be played.
    fn play(&self, turn: &Self::Turn) -> Result<Self, Self::Illegal>;
    /// The same position with the other player to move: a forced skip.
    fn skipped(&self) -> Self;

    /// How many legal turns there are (a game may count faster than it lists).
    fn turn_count(&self) -> usize {
        let mut count = 0;
        self.for_each_turn(&mut |_, _| count += 1);
        count
    }

    /// Whether the player to move has a legal turn.
    fn can_move(&self) -> bool {
        self.turn_count() > 0
    }

    /// Every legal turn, in the generator's order.
    fn legal_turns(&self) -> Vec<Self::Turn> {
        let mut turns = Vec::new();
        self.for_each_turn(&mut |step, _| turns.push(self.turn_of(step)));
        turns
    }

    /// Every legal turn with the position it leads to.
    fn legal_turns_with_results(&self) -> Vec<(Self::Turn, Self)> {
        let mut turns = Vec::new();
        self.for_each_turn(&mut |step, next| turns.push((self.turn_of(step), *next)));
        turns
    }

    /// Where the game stands: won, drawn because neither player can move, or going on.
    fn outcome(&self) -> Outcome {
        match self.winner() {
            Some(winner) => Outcome::Won(winner),
            None if !self.can_move() && !self.skipped().can_move() => Outcome::Drawn,
            None => Outcome::Ongoing,
        }
    }
}

/// Counts the ways to play `depth` turns (RULES.md, "Counting moves"): a winning turn
/// counts 1 (a won position counts 1 at any depth), a forced skip counts as a move, and a
/// position where nobody can move counts 1.
///
/// ```
/// use hexstack::rules::{clamber, hex::Board, perft};
/// assert_eq!(perft(&clamber::Position::start(Board::SIDE_3), 2), 342);
/// ```
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 || position.winner().is_some() {
        return 1;
    }
    if depth == 1 {
        return position.turn_count().max(1) as u64;
    }
    let mut total = 0;
    position.for_each_turn(&mut |_, next| total += perft(next, depth - 1));
    if total > 0 {
        return total;
    }
    let other = position.skipped();
    if other.can_move() { perft(&other, depth - 1) } else { 1 }
}

/// The perft count below each legal turn, in the order of [`Game::legal_turns`].
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Turn, u64)> {
    let mut counts = Vec::new();
    position.for_each_turn(&mut |step, next| {
        counts.push((position.turn_of(step), perft(next, depth.saturating_sub(1))));
    });
    counts
}

/// The two games. Everything that differs between them starts from here.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    Clamber,
    Ombagui,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Clamber, GameKind::Ombagui];

    /// The game's name in files, on the command line and in text keys.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Clamber => "clamber",
            GameKind::Ombagui => "ombagui",
        }
    }

    /// The starting position on a board of `side` (Clamber; default 3), or why not.
    pub fn start(self, side: Option<u32>) -> Result<AnyPosition, ParseError> {
        match self {
            GameKind::Clamber => {
                let board = hex::Board::new(side.unwrap_or(3)).map_err(ParseError::from)?;
                Ok(ByGame::Clamber(clamber::Position::start(board)))
            }
            GameKind::Ombagui => {
                ombagui::check_side(side)?;
                Ok(ByGame::Ombagui(ombagui::Position::start()))
            }
        }
    }

    /// The starting position on `board` (Ombagui has only its own).
    pub fn start_on(self, board: hex::Board) -> AnyPosition {
        match self {
            GameKind::Clamber => ByGame::Clamber(clamber::Position::start(board)),
            GameKind::Ombagui => ByGame::Ombagui(ombagui::Position::start()),
        }
    }

    /// A position of this game in notation (`start` for the start), on a board of `side`
    /// when it is given: a side that contradicts the position is an error.
    pub fn position(self, text: &str, side: Option<u32>) -> Result<AnyPosition, ParseError> {
        if text.trim().eq_ignore_ascii_case("start") {
            return self.start(side);
        }
        let position = match self {
            GameKind::Clamber => ByGame::Clamber(text.parse::<clamber::Position>()?),
            GameKind::Ombagui => {
                ombagui::check_side(side)?;
                ByGame::Ombagui(text.parse::<ombagui::Position>()?)
            }
        };
        let actual = by_game!(&position, p => p.board().side());
        match side {
            Some(side) if side != u32::from(actual) => {
                Err(ParseError::new(ParseErrorKind::SizeMismatch { size: side, side: actual }))
            }
            _ => Ok(position),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for GameKind {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<GameKind, ParseError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseError::new(ParseErrorKind::UnknownGame(text.to_string())))
    }
}

/// A value of one game or the other: a position, a game in progress, a screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ByGame<C, O> {
    Clamber(C),
    Ombagui(O),
}

impl<C, O> ByGame<C, O> {
    pub const fn kind(&self) -> GameKind {
        match self {
            ByGame::Clamber(_) => GameKind::Clamber,
            ByGame::Ombagui(_) => GameKind::Ombagui,
        }
    }

    pub const fn as_ref(&self) -> ByGame<&C, &O> {
        match self {
            ByGame::Clamber(c) => ByGame::Clamber(c),
            ByGame::Ombagui(o) => ByGame::Ombagui(o),
        }
    }

    pub fn as_mut(&mut self) -> ByGame<&mut C, &mut O> {
        match self {
            ByGame::Clamber(c) => ByGame::Clamber(c),
            ByGame::Ombagui(o) => ByGame::Ombagui(o),
        }
    }
}

/// A position of either game.
pub type AnyPosition = ByGame<clamber::Position, ombagui::Position>;

/// Runs the same code on whichever game a [`ByGame`] holds:
/// `by_game!(&position, p => p.to_string())`; with `map` first, the result is wrapped in
/// the same arm: `by_game!(map start, p => Session::new(p))`. The body is compiled once
/// per game, so it may call generic code over [`Game`].
#[macro_export]
macro_rules! by_game {
    (map $value:expr, $name:ident => $body:expr) => {
        match $value {
            $crate::rules::ByGame::Clamber($name) => $crate::rules::ByGame::Clamber($body),
            $crate::rules::ByGame::Ombagui($name) => $crate::rules::ByGame::Ombagui($body),
        }
    };
    ($value:expr, $name:ident => $body:expr) => {
        match $value {
            $crate::rules::ByGame::Clamber($name) => $body,
            $crate::rules::ByGame::Ombagui($name) => $body,
        }
    };
}
pub use by_game;

/// Why a text is not a position or a turn, one reason per kind so that a screen can say
/// it in the player's language; `Display` is the English sentence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError(ParseErrorKind);

/// The reasons a text is refused. Each names the bad part.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseErrorKind {
    UnknownGame(String),
    BadSide(u32),
    /// Ombagui is played on the side-4 board only.
    OmbaguiSide(u32),
    SizeMismatch {
        size: u32,
        side: u8,
    },
    /// Not `SIZE/SIDE/CELLS` (Clamber) or `SIDE/CELLS` (Ombagui) at all.
    NotPosition {
        text: String,
        game: GameKind,
    },
    /// The board side of a Clamber position is not a number.
    BadSize(String),
    /// The player to move is not `b` or `r`.
    BadPlayer {
        text: String,
        game: GameKind,
    },
    /// An entry of the cell list is not `CELL=...`.
    BadEntry {
        entry: String,
        game: GameKind,
    },
    BadCell(String),
    OffBoard {
        cell: hex::Cell,
        side: u8,
    },
    GivenTwice(hex::Cell),
    BadColour(String),
    BadHeight(String),
    ZeroHeight(hex::Cell),
    BadPiece {
        text: String,
        cell: hex::Cell,
    },
    TooHigh {
        cell: hex::Cell,
        count: usize,
    },
    CannotStand {
        piece: ombagui::Kind,
        on: ombagui::Kind,
        cell: hex::Cell,
    },
    TooManyOfKind {
        colour: Colour,
        kind: ombagui::Kind,
    },
    /// A Clamber turn with a part that is not a cell.
    BadTurn {
        text: String,
        part: String,
    },
    /// An Ombagui move without its `-` (`part` empty) or with a part that is not a cell.
    BadMove {
        text: String,
        part: Option<String>,
    },
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind) -> ParseError {
        ParseError(kind)
    }

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
    /// The reason in English; [`crate::i18n`] says it in the player's language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind as K;
        match &self.0 {
            K::UnknownGame(name) => write!(f, "no game '{name}': the games are clamber and ombagui"),
            K::BadSide(side) => write!(f, "{}", hex::BadSide(*side)),
            K::OmbaguiSide(size) => {
                write!(f, "Ombagui is played on the side-4 board: --size {size} does not apply")
            }
            K::SizeMismatch { size, side } => {
                write!(f, "--size {size} does not match the position's side-{side} board")
            }
            K::NotPosition { text, game: GameKind::Clamber } => {
                write!(f, "'{text}' is not a Clamber position: expected SIZE/SIDE/CELLS, like 3/b/C3=r2")
            }
            K::NotPosition { text, game: GameKind::Ombagui } => {
                write!(
                    f,
                    "'{text}' is not an Ombagui position: expected SIDE/CELLS, like r/A1=rL.rM.rD,C3=bM"
                )
            }
            K::BadSize(size) => write!(f, "bad board side '{size}': expected a number from 2 to 6"),
            K::BadPlayer { text, game } => {
                let letters = if *game == GameKind::Clamber { "b or r" } else { "r or b" };
                write!(f, "bad side '{text}': the player to move is {letters}")
            }
            K::BadEntry { entry, game } => {
                write!(f, "bad stack '{entry}': expected {}", notation::entry_form(*game))
            }
            K::BadCell(name) => write!(f, "{}", hex::BadCell(name.clone())),
            K::OffBoard { cell, side } => write!(f, "{}", hex::OffBoard { cell: *cell, side: *side }),
            K::GivenTwice(cell) => write!(f, "{cell} is given twice"),
            K::BadColour(entry) => write!(f, "bad stack '{entry}': the colour is b or r"),
            K::BadHeight(entry) => write!(f, "bad stack '{entry}': the height is a number from 1"),
            K::ZeroHeight(cell) => write!(f, "height 0 at {cell}: a stack has at least one piece"),
            K::BadPiece { text, cell } => write!(
                f,
                "bad piece '{text}' at {cell}: a piece is a colour (r or b) then a kind (L, M or D), like rM"
            ),
            K::TooHigh { cell, count } => write!(f, "{cell} holds {count} pieces: a stack has at most three"),
            K::CannotStand { piece, on, cell } => write!(f, "a {piece} cannot stand on a {on} at {cell}"),
            K::TooManyOfKind { colour, kind } => {
                write!(f, "{colour} has more than four {kind}s: each player has four of each kind")
            }
            K::BadTurn { text, part } => write!(
                f,
                "bad turn '{text}': {}; a turn is C3, C3xD3 or B2xC4xE5",
                hex::BadCell(part.clone())
            ),
            K::BadMove { text, part: None } => {
                write!(f, "bad move '{text}': no '-'; a move is FROM-TO, like C1-C3")
            }
            K::BadMove { text, part: Some(part) } => {
                write!(f, "bad move '{text}': {}; a move is FROM-TO, like C1-C3", hex::BadCell(part.clone()))
            }
        }
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
