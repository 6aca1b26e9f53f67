//! What the two games' position notations share: the side letter, and the comma list of
//! `CELL=...` entries (`-` for none), with every cell on the board and given once.

use super::hex::{Board, Cell};
use super::{Colour, ParseError};
use std::fmt;

/// Reads the player to move: one letter, `b` or `r`. `letters` says which, for the error.
pub(crate) fn read_side(text: &str, letters: &str) -> Result<Colour, ParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Colour::from_letter), chars.next()) {
        (Some(colour), None) => Ok(colour),
        _ => Err(ParseError::text(format!("bad side '{text}': the player to move is {letters}"))),
    }
}

/// Splits `CELLS` into its entries, each a cell and the text after its `=`; `expected`
/// shows the form of an entry in the error.
pub(crate) fn read_entries<'a>(cells: &'a str, expected: &str) -> Result<Vec<(Cell, &'a str)>, ParseError> {
    if cells == "-" {
        return Ok(Vec::new());
    }
    cells
        .split(',')
        .map(|entry| {
            let (name, value) = entry
                .split_once('=')
                .ok_or_else(|| ParseError::text(format!("bad stack '{entry}': expected {expected}")))?;
            let cell: Cell = name.parse().map_err(|e| ParseError::text(format!("{e}")))?;
            Ok((cell, value))
        })
        .collect()
}

/// The board index of each entry's cell, refusing a cell off `board` or given twice.
pub(crate) fn place<T: Copy>(board: Board, entries: &[(Cell, T)]) -> Result<Vec<(usize, T)>, ParseError> {
    let mut seen = super::hex::CellSet::EMPTY;
    entries
        .iter()
        .map(|&(cell, value)| {
            let index = board.locate(cell).map_err(|e| ParseError::text(e.to_string()))?;
            if seen.contains(index) {
                return Err(ParseError::text(format!("{cell} is given twice")));
            }
            seen.insert(index);
            Ok((index, value))
        })
        .collect()
}

/// Writes entries as `CELL=VALUE` joined by commas, or `-` when there are none.
pub(crate) fn write_entries<V: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    entries: impl Iterator<Item = (Cell, V)>,
) -> fmt::Result {
    let mut entries = entries.peekable();
    if entries.peek().is_none() {
        return f.write_str("-");
    }
    for (n, (cell, value)) in entries.enumerate() {
        write!(f, "{}{cell}={value}", if n == 0 { "" } else { "," })?;
    }
    Ok(())
}
