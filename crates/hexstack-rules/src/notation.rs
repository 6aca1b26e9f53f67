//! What the two games' position notations share: the side letter, and the comma list of
//! `CELL=...` entries (`-` for none), with every cell on the board and given once.

use super::hex::{Board, Cell};
use super::{Colour, GameKind, ParseError, ParseErrorKind as Kind};
use std::fmt;

/// A text as an error quotes it back: control characters escaped (`\n`, `\u{0}`), so
/// that a message stays on one line and sends nothing to the terminal that shows it.
pub(crate) fn shown(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect()
}

/// Reads the player to move: one letter, `b` or `r`.
pub(crate) fn read_side(text: &str, game: GameKind) -> Result<Colour, ParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Colour::from_letter), chars.next()) {
        (Some(colour), None) => Ok(colour),
        _ => Err(ParseError::new(Kind::BadPlayer { text: shown(text), game })),
    }
}

/// Splits `CELLS` into its entries, each a cell and the text after its `=`.
pub(crate) fn read_entries(cells: &str, game: GameKind) -> Result<Vec<(Cell, &str)>, ParseError> {
    if cells == "-" {
        return Ok(Vec::new());
    }
    cells
        .split(',')
        .map(|entry| {
            let (name, value) = entry
                .split_once('=')
                .ok_or_else(|| ParseError::new(Kind::BadEntry { entry: shown(entry), game }))?;
            let cell: Cell = name.parse().map_err(|_| ParseError::new(Kind::BadCell(shown(name))))?;
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
            let index = board
                .locate(cell)
                .map_err(|off| ParseError::new(Kind::OffBoard { cell: off.cell, side: off.side }))?;
            if seen.contains(index) {
                return Err(ParseError::new(Kind::GivenTwice(cell)));
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
