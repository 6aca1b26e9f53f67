//! Clamber's text notation (docs/engine.md): positions `SIZE/SIDE/CELLS`, turns `C3`, `C3xD3`,
//! `B2xC4xE5`. Input is read in either case; output uses capital cell letters.

use super::{Position, Setup, Stack, Turn};
use crate::hex::{BadCell, Board, Cell};
use crate::notation::{read_entries, read_side, shown, write_entries};
use crate::{Colour, GameKind, ParseError, ParseErrorKind as Kind};
use std::fmt;
use std::str::FromStr;

/// What Clamber's notation alone refuses. Its `Display` is the English sentence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Bad {
    /// The board side is not a number.
    Size(String),
    /// A stack whose colour is not `b` or `r`: the entry.
    Colour(String),
    /// A stack whose height is not a number: the entry.
    Height(String),
    /// A stack of no piece, on this cell.
    ZeroHeight(Cell),
    /// A turn with a part that is not a cell.
    Turn {
        /// The turn as given.
        text: String,
        /// The part that is not a cell.
        part: String,
    },
}

impl fmt::Display for Bad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bad::Size(size) => write!(f, "bad board side '{size}': expected a number from 2 to 6"),
            Bad::Colour(entry) => write!(f, "bad stack '{entry}': the colour is b or r"),
            Bad::Height(entry) => write!(f, "bad stack '{entry}': the height is a number from 1"),
            Bad::ZeroHeight(cell) => write!(f, "height 0 at {cell}: a stack has at least one piece"),
            Bad::Turn { text, part } => {
                write!(f, "bad turn '{text}': {}; a turn is C3, C3xD3 or B2xC4xE5", BadCell(part.clone()))
            }
        }
    }
}

fn bad(bad: Bad) -> ParseError {
    ParseError::bad::<Position>(bad)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/", self.board.side(), self.to_move.letter())?;
        write_entries(
            f,
            self.stacks().map(|(cell, stack)| (cell, format!("{}{}", stack.owner.letter(), stack.height))),
        )
    }
}

fn read_stack(entry: &str, cell: Cell, stack: &str) -> Result<Stack, ParseError> {
    let mut chars = stack.chars();
    let owner = chars.next().and_then(Colour::from_letter).ok_or_else(|| bad(Bad::Colour(shown(entry))))?;
    let digits = chars.as_str();
    let height: u16 = digits
        .parse()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| bad(Bad::Height(shown(entry))))?;
    Stack::new(owner, height).ok_or_else(|| bad(Bad::ZeroHeight(cell)))
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads `SIZE/SIDE/CELLS`, or `start` for the empty side-3 board with Blue to move.
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("start") {
            return Ok(Setup { board: Board::SIDE_3, to_move: Colour::Blue, stacks: Vec::new() });
        }
        let parts: Vec<&str> = text.split('/').collect();
        let [size, side, cells] = parts[..] else {
            return Err(ParseError::new(Kind::NotPosition { text: shown(text), game: GameKind::Clamber }));
        };
        let size: u32 = size.parse().map_err(|_| bad(Bad::Size(shown(size))))?;
        let board = Board::new(size)?;
        let to_move = read_side(side, GameKind::Clamber)?;
        let stacks = read_entries(cells, GameKind::Clamber)?
            .into_iter()
            .map(|(cell, stack)| Ok((cell, read_stack(&format!("{cell}={stack}"), cell, stack)?)))
            .collect::<Result<_, ParseError>>()?;
        Ok(Setup { board, to_move, stacks })
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads a [`Setup`] and checks it: a position read from text is never won.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        text.parse::<Setup>()?.try_into()
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Place(cell) => write!(f, "{cell}"),
            Turn::Capture { from, captured } => {
                write!(f, "{from}")?;
                captured.iter().try_for_each(|cell| write!(f, "x{cell}"))
            }
        }
    }
}

impl FromStr for Turn {
    type Err = ParseError;

    /// Reads `C3`, `C3xD3` or `B2xC4xE5`, in either case. No board letter is an X, so
    /// `x` always separates cells.
    fn from_str(text: &str) -> Result<Turn, ParseError> {
        let text = text.trim();
        let cells = text
            .split(['x', 'X'])
            .map(|part| part.parse::<Cell>())
            .collect::<Result<Vec<Cell>, _>>()
            .map_err(|part| bad(Bad::Turn { text: shown(text), part: part.0 }))?;
        match cells[..] {
            [cell] => Ok(Turn::Place(cell)),
            [from, ..] => Ok(Turn::Capture { from, captured: cells[1..].to_vec() }),
            [] => unreachable!("split always yields at least one part"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_print_cells_in_letter_order() {
        let position: Position = "3/b/e5=R3,B2=b2,c4=r2".parse().unwrap();
        assert_eq!(position.to_string(), "3/b/B2=b2,C4=r2,E5=r3");
        assert_eq!("start".parse::<Position>().unwrap().to_string(), "3/b/-");
        assert_eq!("4/r/-".parse::<Position>().unwrap().to_string(), "4/r/-");
    }

    #[test]
    fn bad_positions_name_the_bad_part() {
        let error = |text: &str| text.parse::<Position>().unwrap_err().to_string();
        assert_eq!(error("3/b/Z9=b1"), "no cell Z9 on a side-3 board");
        assert_eq!(error("3/b/C4=r0"), "height 0 at C4: a stack has at least one piece");
        assert_eq!(error("3/b/C4=r1,c4=b2"), "C4 is given twice");
        assert_eq!(error("3/x/-"), "bad side 'x': the player to move is b or r");
        assert_eq!(error("7/b/-"), "board side 7 is outside 2..6");
        assert_eq!(
            error("garbage"),
            "'garbage' is not a Clamber position: expected board side/player to move/stacks, like 3/b/C3=r2 \
             (side 3, Blue to move, a red 2 on C3)"
        );
        assert_eq!(error("3/b/C4=g1"), "bad stack 'C4=g1': the colour is b or r");
        assert_eq!(error("3/b/C4=r+1"), "bad stack 'C4=r+1': the height is a number from 1");
        assert_eq!(error("3/b/C4=r99999"), "bad stack 'C4=r99999': the height is a number from 1");
        assert_eq!(error("3/b/C4"), "bad stack 'C4': expected CELL=COLOURHEIGHT, like C4=r2");
        assert_eq!(error("3/b/"), "bad stack '': expected CELL=COLOURHEIGHT, like C4=r2");
        assert_eq!(error("x/b/-"), "bad board side 'x': expected a number from 2 to 6");
    }

    #[test]
    fn turns_read_either_case() {
        assert_eq!("c3".parse::<Turn>().unwrap().to_string(), "C3");
        assert_eq!("b2XC4xe5".parse::<Turn>().unwrap().to_string(), "B2xC4xE5");
        for bad in ["", "x", "C3x", "xC3", "C3-D3", "3C", "C3xx D4"] {
            assert!(bad.parse::<Turn>().is_err(), "{bad}");
        }
    }
}
