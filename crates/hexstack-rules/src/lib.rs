//! The rules of the games, and nothing else: no input, no output, no terminal.
//!
//! Positions are small `Copy` values; a turn is a value that a position checks and plays.
//! Every game reads and writes its text notation through `FromStr` / `Display`.
//!
//! ```
//! use hexstack_rules::{Any, Colour, Game, GameKind, perft};
//!
//! // Clamber on its usual board: empty, Blue to move, a placement on each of 19 cells.
//! let Any::Clamber(start) = GameKind::Clamber.start(None)? else { unreachable!() };
//! assert_eq!(start.to_move(), Colour::Blue);
//! assert_eq!(start.legal_turns().len(), 19);
//!
//! // A turn is read from its notation, checked and played.
//! let next = start.play(&"C3".parse()?)?;
//! assert_eq!(next.to_string(), "3/r/C3=b1");
//! assert!(start.play(&"Z9".parse()?).is_err(), "no cell Z9 on a side-3 board");
//!
//! // A position's notation reads back as the same position.
//! assert_eq!(GameKind::Clamber.position(&next.to_string(), None)?, Any::Clamber(next));
//!
//! // Perft counts the ways to play two turns from the start (RULES.md, "Counting moves").
//! assert_eq!(perft(&start, 2), 342);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The games are listed once ([`games!`](crate::games)); [`GameKind`] names one, and
//! [`Any`] holds a value of whichever game (a position, a record, a screen). The
//! [`Game`] trait is what every game's rules give; the rest of the program is generic over
//! it, and runs on an [`Any`] through [`each_game!`](crate::each_game):
//!
//! ```
//! use hexstack_rules::{GameKind, each_game, perft};
//!
//! let mut counts = Vec::new();
//! for kind in GameKind::ALL {
//!     let start = kind.start(None)?;
//!     counts.push(each_game!(start, position => perft(&position, 1)));
//! }
//! // Clamber's 19 placements, then the 52 moves of Ombagui's starting towers.
//! assert_eq!(counts[..2], [19, 52]);
//! # Ok::<(), hexstack_rules::ParseError>(())
//! ```

mod any;
mod games;
pub mod hex;
mod notation;
mod parse_error;

pub mod clamber;
pub mod ombagui;
pub mod time_control;
#[cfg(feature = "third-game")]
pub mod triad;

pub use any::{Any, Cloned, Family, GameKind, Listed};
pub use parse_error::{Bads, ParseError, ParseErrorKind};

use hex::Board;
use std::fmt;
use std::ops::RangeInclusive;

/// Where a game stands, in either game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The player to move has a legal turn, or will have one after a skip.
    Ongoing,
    /// A turn has won the game for this player.
    Won(Colour),
    /// Neither player can ever move again.
    Drawn,
}

/// What counts as a game moving on, in each game's own terms (RULES.md, "A game that goes
/// nowhere"): a rule of nobody's game between two people, but what a game between two
/// computers is drawn by when it stops. Each game's `Position` implements it in its own
/// files.
pub trait Progress: Sized {
    /// The furthest the game had come before a turn: what a turn must pass to move it on.
    type Headway: Copy + fmt::Debug;

    /// How far the game has come at this position, before any turn from it.
    fn headway(&self) -> Self::Headway;

    /// Whether the turn from `self` to `next` moved the game on past `best`, which then
    /// takes `next` in. A forced skip never moves a game on.
    fn moved_on(&self, next: &Self, best: &mut Self::Headway) -> bool;
}

/// What every game's rules give: a position that lists, checks and plays its turns, the
/// boards it is played on, and how it is written. Each game's `Position` implements it.
pub trait Game:
    Listed
    + Progress
    + Copy
    + PartialEq
    + fmt::Debug
    + fmt::Display
    + std::str::FromStr<Err = ParseError>
    + 'static
{
    /// A whole turn, in the game's notation.
    type Turn: Clone + PartialEq + fmt::Debug + fmt::Display + std::str::FromStr<Err = ParseError>;
    /// A turn as the generator walks it, before it is made a [`Game::Turn`] (which may
    /// allocate): perft and searches never need more.
    type Step<'a>: Copy;
    /// Why a turn is illegal, as a sentence.
    type Illegal: Clone + PartialEq + Eq + fmt::Display + fmt::Debug + Send + Sync;
    /// What a player has picked on the way to a turn, cell by cell: a turn begun (a
    /// Clamber stack and the captures made so far, an Ombagui piece picked up).
    type Picked: Clone + PartialEq + fmt::Debug + Send;
    /// Why a text is not this game's position or turn, beyond what every game's notation
    /// shares ([`ParseErrorKind`]).
    type Bad: Clone + PartialEq + Eq + fmt::Debug + fmt::Display + Send + Sync;

    /// The game's name, as the rules' own sentences write it.
    const TITLE: &'static str;
    /// The boards a player chooses from, the usual one first.
    const BOARDS: &'static [Board];
    /// The board sides a position of this game may have.
    const SIDES: RangeInclusive<u8>;
    /// How a position is written, with an example read out, for the errors.
    const POSITION_FORM: &'static str;
    /// How an entry of a position's cell list is written, with an example.
    const ENTRY_FORM: &'static str;

    /// The position a game on `board` starts from.
    fn start(board: Board) -> Self;

    /// The deepest perft that ends within about 20 s (optimised build, one core) on
    /// `board`: the count grows about twentyfold a turn, so one more takes minutes.
    fn deepest_perft(_board: Board) -> u32 {
        5
    }

    /// The board the position is on.
    fn board(&self) -> hex::Board;
    /// The player whose turn it is.
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

    /// Whether the player to move must be skipped: they have no legal turn, but the other
    /// has, so the game goes on (RULES.md: a player who cannot move passes).
    fn must_skip(&self) -> bool {
        self.winner().is_none() && !self.can_move() && self.skipped().can_move()
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
/// use hexstack_rules::{Any, GameKind, perft};
/// let Any::Clamber(start) = GameKind::Clamber.start(Some(3)).unwrap() else { unreachable!() };
/// assert_eq!(perft(&start, 2), 342);
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

impl GameKind {
    /// The board of side `side` for this game (its usual one when `None`), or why not.
    pub fn board(self, side: Option<u32>) -> Result<Board, ParseError> {
        crate::each_game!(kind self, G => board_of::<G>(side))
    }

    /// The starting position on a board of `side` (the game's usual one when `None`).
    pub fn start(self, side: Option<u32>) -> Result<AnyPosition, ParseError> {
        crate::each_game!(kind self, G => Ok(G::any(<G as Game>::start(board_of::<G>(side)?))))
    }

    /// A position of this game in notation (`start` for the start), on a board of `side`
    /// when it is given: a side that contradicts the position is an error.
    pub fn position(self, text: &str, side: Option<u32>) -> Result<AnyPosition, ParseError> {
        crate::each_game!(kind self, G => read_position::<G>(text, side).map(G::any))
    }

    /// The game's name as the rules' own sentences write it.
    pub fn title(self) -> &'static str {
        crate::each_game!(kind self, G => G::TITLE)
    }

    /// The games' names, for the sentences that list them: `clamber and ombagui`.
    pub(crate) fn names(last: &str) -> String {
        listing(GameKind::ALL.iter().map(|kind| kind.name().to_string()), last)
    }
}

/// `items` as English lists them: `a, b and c` with `last` = "and".
pub fn listing(items: impl IntoIterator<Item = String>, last: &str) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.split_last() {
        Some((end, [])) => end.clone(),
        Some((end, rest)) => format!("{} {last} {end}", rest.join(", ")),
        None => String::new(),
    }
}

/// `G`'s board of side `side`, its usual one when `None`.
fn board_of<G: Game>(side: Option<u32>) -> Result<Board, ParseError> {
    let Some(side) = side else { return Ok(G::BOARDS[0]) };
    match (G::SIDES.start(), G::SIDES.end()) {
        (low, high) if low == high && side != u32::from(*low) => {
            Err(ParseError::new(ParseErrorKind::OneSide { game: G::KIND, side: *low, given: side }))
        }
        _ => Ok(Board::new(side)?),
    }
}

/// A position of `G` in notation, on a board of `side` when it is given.
fn read_position<G: Game>(text: &str, side: Option<u32>) -> Result<G, ParseError> {
    if text.trim().eq_ignore_ascii_case("start") {
        return Ok(<G as Game>::start(board_of::<G>(side)?));
    }
    if let Some(side) = side {
        board_of::<G>(Some(side))?;
    }
    let position: G = text.parse()?;
    let actual = position.board().side();
    match side {
        Some(side) if side != u32::from(actual) => {
            Err(ParseError::new(ParseErrorKind::SizeMismatch { size: side, side: actual }))
        }
        _ => Ok(position),
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
            .iter()
            .copied()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseError::new(ParseErrorKind::UnknownGame(notation::shown(text))))
    }
}

/// Every game's positions: `Any<Positions>` is a position of any game.
#[derive(Debug)]
pub struct Positions;

impl Family for Positions {
    type Of<G: Game> = G;
}

/// A position of any game.
pub type AnyPosition = Any<Positions>;

impl Cloned for Positions {
    fn cloned<G: Game>(of: &G) -> G {
        *of
    }
}

impl Copy for AnyPosition {}

impl PartialEq for AnyPosition {
    fn eq(&self, other: &Self) -> bool {
        crate::each_game!(pair self, other, a, b => a == b, else false)
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::each_game!(self, p => p.fmt(f))
    }
}

/// Every game's reasons a turn is illegal: `Any<Illegals>` is why a turn of any game is.
#[derive(Debug)]
pub struct Illegals;

impl Family for Illegals {
    type Of<G: Game> = G::Illegal;
}

/// Why a turn of whichever game is illegal.
pub type AnyIllegal = Any<Illegals>;

impl Cloned for Illegals {
    fn cloned<G: Game>(of: &G::Illegal) -> G::Illegal {
        of.clone()
    }
}

impl PartialEq for AnyIllegal {
    fn eq(&self, other: &Self) -> bool {
        crate::each_game!(pair self, other, a, b => a == b, else false)
    }
}

impl Eq for AnyIllegal {}

impl fmt::Display for AnyIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::each_game!(self, why => why.fmt(f))
    }
}

impl AnyPosition {
    /// The board the position is on.
    pub fn board(&self) -> Board {
        crate::each_game!(self, p => p.board())
    }
}

/// One of the two players. Both games are played by Blue and Red.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// Blue: the first player of Clamber.
    Blue,
    /// Red: the first player of Ombagui.
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
    pub(crate) fn from_letter(letter: char) -> Option<Colour> {
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
