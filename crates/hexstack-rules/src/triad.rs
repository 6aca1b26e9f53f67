//! Triad, the third game: built only with the `third-game` feature, to prove that a game is
//! its own files and one line of the list. Blue and Red place a piece in turn on an empty
//! cell of the side-3 board; three of one's own in a straight line win; a full board
//! without one is a draw. Its notation: positions `SIDE/CELLS` (`b/B2=r,C3=b`), turns a
//! cell (`C3`).

use super::hex::{Board, Cell, CellSet, DIRECTIONS, OffBoard};
use super::notation::{place, read_entries, read_side, write_entries};
use super::{Colour, Game, GameKind, ParseError, ParseErrorKind};
use std::fmt;
use std::str::FromStr;

/// Triad is played on the side-3 board.
pub const BOARD: Board = Board::SIDE_3;

/// A position: each player's pieces, who is to move, who has won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pieces: [CellSet; 2],
    to_move: Colour,
    won: Option<Colour>,
}

/// A turn: a piece placed on a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placement(pub Cell);

/// Why a turn cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The game is won or drawn.
    GameOver,
    /// The cell is not on the board.
    OffBoard(OffBoard),
    /// The cell holds a piece.
    Occupied(Cell),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::OffBoard(off) => off.fmt(f),
            Illegal::Occupied(cell) => write!(f, "{cell} is not empty"),
        }
    }
}

/// What Triad's notation alone refuses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Bad {
    /// An entry whose value is not `b` or `r`.
    Colour(String),
    /// A turn that is not a cell.
    Turn(String),
}

impl fmt::Display for Bad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bad::Colour(entry) => write!(f, "bad piece '{entry}': the colour is b or r"),
            Bad::Turn(text) => write!(f, "bad turn '{text}': a turn is a cell, like C3"),
        }
    }
}

impl Position {
    /// The owner of the piece on `cell`, if any.
    pub fn piece(&self, cell: Cell) -> Option<Colour> {
        let index = BOARD.index(cell)?;
        [Colour::Blue, Colour::Red].into_iter().find(|colour| self.pieces[colour.index()].contains(index))
    }

    /// The cells of `colour`'s pieces.
    pub fn pieces(&self, colour: Colour) -> CellSet {
        self.pieces[colour.index()]
    }

    /// The cells no piece stands on.
    pub(crate) fn empty(&self) -> CellSet {
        BOARD.all() - self.pieces[0] - self.pieces[1]
    }

    /// Every line of three cells on the board, as sets.
    pub fn lines() -> impl Iterator<Item = CellSet> {
        (0..BOARD.all().len()).flat_map(|start| {
            DIRECTIONS[..3].iter().enumerate().filter_map(move |(direction, _)| {
                let second = BOARD.step(start, direction)?;
                let third = BOARD.step(second, direction)?;
                Some(CellSet::single(start) | CellSet::single(second) | CellSet::single(third))
            })
        })
    }

    /// The position after `colour` places on board index `index`.
    fn placed(&self, index: usize) -> Position {
        let mut next = *self;
        next.pieces[self.to_move.index()].insert(index);
        let mine = next.pieces[self.to_move.index()];
        if Position::lines().any(|line| line & mine == line) {
            next.won = Some(self.to_move);
        }
        next.to_move = self.to_move.other();
        next
    }
}

/// Every placement moves Triad on: the board only fills.
impl super::Progress for Position {
    type Headway = ();

    fn headway(&self) {}

    fn moved_on(&self, next: &Position, _: &mut ()) -> bool {
        next.empty().len() < self.empty().len()
    }
}

impl Game for Position {
    type Turn = Placement;
    type Step<'a> = usize;
    type Illegal = Illegal;
    /// Nothing: a turn is one cell.
    type Picked = ();
    type Bad = Bad;
    const TITLE: &'static str = "Triad";
    const BOARDS: &'static [Board] = &[BOARD];
    const SIDES: std::ops::RangeInclusive<u8> = 3..=3;
    const POSITION_FORM: &'static str = "player to move/cells, like b/B2=r";
    const ENTRY_FORM: &'static str = "CELL=COLOUR, like B2=r";

    fn start(_: Board) -> Position {
        Position { pieces: [CellSet::EMPTY; 2], to_move: Colour::Blue, won: None }
    }

    fn board(&self) -> Board {
        BOARD
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn winner(&self) -> Option<Colour> {
        self.won
    }

    /// A placement on each empty cell, in the board's order.
    fn for_each_turn(&self, visit: &mut impl FnMut(usize, &Position)) {
        if self.won.is_none() {
            for index in self.empty() {
                visit(index, &self.placed(index));
            }
        }
    }

    fn turn_of(&self, index: usize) -> Placement {
        Placement(BOARD.cell(index))
    }

    fn play(&self, turn: &Placement) -> Result<Position, Illegal> {
        let index = BOARD.locate(turn.0).map_err(Illegal::OffBoard)?;
        match (self.won, self.empty().contains(index)) {
            (Some(_), _) => Err(Illegal::GameOver),
            (None, false) => Err(Illegal::Occupied(turn.0)),
            (None, true) => Ok(self.placed(index)),
        }
    }

    fn skipped(&self) -> Position {
        Position { to_move: self.to_move.other(), ..*self }
    }
}

fn bad(bad: Bad) -> ParseError {
    ParseError::bad::<Position>(bad)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/", self.to_move.letter())?;
        let pieces = BOARD.cells().filter_map(|cell| Some((cell, self.piece(cell)?.letter())));
        write_entries(f, pieces)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads `SIDE/CELLS`, or `start`; a position read is never won.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("start") {
            return Ok(<Position as Game>::start(BOARD));
        }
        let Some((side, cells)) = text.split_once('/') else {
            let kind =
                ParseErrorKind::NotPosition { text: crate::notation::shown(text), game: GameKind::Triad };
            return Err(ParseError::new(kind));
        };
        let mut position = <Position as Game>::start(BOARD);
        position.to_move = read_side(side, GameKind::Triad)?;
        let entries = read_entries(cells, GameKind::Triad)?
            .into_iter()
            .map(|(cell, colour)| {
                let mut letters = colour.chars();
                match (letters.next().and_then(Colour::from_letter), letters.next()) {
                    (Some(colour), None) => Ok((cell, colour)),
                    _ => Err(bad(Bad::Colour(format!("{cell}={colour}")))),
                }
            })
            .collect::<Result<Vec<_>, ParseError>>()?;
        for (index, colour) in place(BOARD, &entries)? {
            position.pieces[colour.index()].insert(index);
        }
        Ok(position)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Placement {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Placement, ParseError> {
        text.trim().parse().map(Placement).map_err(|_| bad(Bad::Turn(crate::notation::shown(text.trim()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_in_a_line_win_and_a_full_board_draws() {
        let position: Position = "b/A1=b,B2=b,A2=r,B1=r".parse().unwrap();
        let won = position.play(&"C3".parse().unwrap()).unwrap();
        assert_eq!(won.winner(), Some(Colour::Blue));
        assert_eq!(won.legal_turns(), [], "nothing after a win");
        assert_eq!(Position::lines().count(), 27, "three directions on the side-3 board");
        assert_eq!(
            position.play(&Placement("A1".parse().unwrap())),
            Err(Illegal::Occupied("A1".parse().unwrap()))
        );
        assert_eq!(position.to_string(), "b/A1=b,A2=r,B1=r,B2=b");
    }
}
