//! Clamber's text notation (DESIGN.md): positions `SIZE/SIDE/CELLS`, turns `C3`, `C3xD3`,
//! `B2xC4xE5`. Input is read in either case; output uses capital cell letters.

use super::{Position, Stack, Turn};
use crate::rules::hex::{Board, Cell};
use crate::rules::{Colour, ParseError};
use std::fmt;
use std::str::FromStr;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/", self.board.side(), self.to_move.letter())?;
        let mut stacks = self.stacks().peekable();
        if stacks.peek().is_none() {
            return f.write_str("-");
        }
        for (n, (cell, stack)) in stacks.enumerate() {
            let comma = if n == 0 { "" } else { "," };
            write!(f, "{comma}{cell}={}{}", stack.owner.letter(), stack.height)?;
        }
        Ok(())
    }
}

fn read_side(text: &str) -> Result<Colour, ParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Colour::from_letter), chars.next()) {
        (Some(colour), None) => Ok(colour),
        _ => Err(ParseError::new(format!("bad side '{text}': the player to move is b or r"))),
    }
}

fn read_stack(board: Board, entry: &str) -> Result<(usize, Stack), ParseError> {
    let (name, stack) = entry.split_once('=').ok_or_else(|| {
        ParseError::new(format!("bad stack '{entry}': expected CELL=COLOURHEIGHT, like C4=r2"))
    })?;
    let cell: Cell = name.parse().map_err(|e| ParseError::new(format!("{e}")))?;
    let index = board.locate(cell).map_err(|e| ParseError::new(e.to_string()))?;
    let mut chars = stack.chars();
    let owner = chars
        .next()
        .and_then(Colour::from_letter)
        .ok_or_else(|| ParseError::new(format!("bad stack '{entry}': the colour is b or r")))?;
    let digits = chars.as_str();
    let height: u16 = digits
        .parse()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| ParseError::new(format!("bad stack '{entry}': the height is a number from 1")))?;
    let stack = Stack::new(owner, height)
        .ok_or_else(|| ParseError::new(format!("height 0 at {cell}: a stack has at least one piece")))?;
    Ok((index, stack))
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads `SIZE/SIDE/CELLS`, or `start` for the empty side-3 board with Blue to move.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("start") {
            return Ok(Position::start(Board::SIDE_3));
        }
        let parts: Vec<&str> = text.split('/').collect();
        let [size, side, cells] = parts[..] else {
            return Err(ParseError::new(format!(
                "'{text}' is not a Clamber position: expected SIZE/SIDE/CELLS, like 3/b/C3=r2"
            )));
        };
        let size: u32 = size.parse().map_err(|_| {
            ParseError::new(format!("bad board side '{size}': expected a number from 2 to 6"))
        })?;
        let board = Board::new(size).map_err(|e| ParseError::new(e.to_string()))?;
        let mut position = Position::empty(board, read_side(side)?);
        if cells == "-" {
            return Ok(position);
        }
        for entry in cells.split(',') {
            let (index, stack) = read_stack(board, entry)?;
            if position.stack_at(index).is_some() {
                return Err(ParseError::new(format!("{} is given twice", board.cell(index))));
            }
            position.set(index, Some(stack));
        }
        Ok(position)
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
        let cells =
            text.split(['x', 'X']).map(str::parse::<Cell>).collect::<Result<Vec<Cell>, _>>().map_err(
                |e| ParseError::new(format!("bad turn '{text}': {e}; a turn is C3, C3xD3 or B2xC4xE5")),
            )?;
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
            "'garbage' is not a Clamber position: expected SIZE/SIDE/CELLS, like 3/b/C3=r2"
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
