//! Ombagui's text notation (docs/engine.md): positions `SIDE/CELLS` with stacks written
//! bottom to top (`A1=rL.rM.rD,C3=bM`), moves `C1-C3`. Input is read in either case.

use super::{Move, Piece, Position, Setup, Stack};
use crate::hex::{BadCell, Cell};
use crate::notation::{read_entries, read_side, shown, write_entries};
use crate::{Colour, GameKind, ParseError, ParseErrorKind as Kind};
use std::fmt;
use std::str::FromStr;

/// What Ombagui's notation alone refuses. Its `Display` is the English sentence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Bad {
    /// A piece that is not a colour then a kind (`rM`).
    Piece {
        /// The piece as given.
        text: String,
        /// Its cell.
        cell: Cell,
    },
    /// More than three pieces on a cell.
    TooHigh {
        /// The cell.
        cell: Cell,
        /// How many pieces it was given.
        count: usize,
    },
    /// A piece on one it may not stand on.
    CannotStand {
        /// The piece above.
        piece: super::Kind,
        /// The piece below.
        on: super::Kind,
        /// The cell.
        cell: Cell,
    },
    /// More than four pieces of a kind for one player.
    TooManyOfKind {
        /// The player.
        colour: Colour,
        /// The kind.
        kind: super::Kind,
    },
    /// A move without its `-` (`part` empty) or with a part that is not a cell.
    Move {
        /// The move as given.
        text: String,
        /// The part that is not a cell.
        part: Option<String>,
    },
}

impl fmt::Display for Bad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bad::Piece { text, cell } => write!(
                f,
                "bad piece '{text}' at {cell}: a piece is a colour (r or b) then a kind (L, M or D), like rM"
            ),
            Bad::TooHigh { cell, count } => {
                write!(f, "{cell} holds {count} pieces: a stack has at most three")
            }
            Bad::CannotStand { piece, on, cell } => write!(f, "a {piece} cannot stand on a {on} at {cell}"),
            Bad::TooManyOfKind { colour, kind } => {
                write!(f, "{colour} has more than four {kind}s: each player has four of each kind")
            }
            Bad::Move { text, part: None } => {
                write!(f, "bad move '{text}': no '-'; a move is FROM-TO, like C1-C3")
            }
            Bad::Move { text, part: Some(part) } => {
                write!(f, "bad move '{text}': {}; a move is FROM-TO, like C1-C3", BadCell(part.clone()))
            }
        }
    }
}

pub(super) fn bad(bad: Bad) -> ParseError {
    ParseError::bad::<Position>(bad)
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.kind.letter())
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, piece) in self.pieces().enumerate() {
            write!(f, "{}{piece}", if n == 0 { "" } else { "." })?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/", self.to_move.letter())?;
        write_entries(f, self.stacks())
    }
}

fn read_piece(text: &str, cell: Cell) -> Result<Piece, ParseError> {
    let mut chars = text.chars();
    match (
        chars.next().and_then(Colour::from_letter),
        chars.next().and_then(super::Kind::from_letter),
        chars.next(),
    ) {
        (Some(colour), Some(kind), None) => Ok(Piece { colour, kind }),
        _ => Err(bad(Bad::Piece { text: shown(text), cell })),
    }
}

fn read_stack(text: &str, cell: Cell) -> Result<Stack, ParseError> {
    let pieces = text.split('.').map(|piece| read_piece(piece, cell)).collect::<Result<Vec<_>, _>>()?;
    if pieces.len() > 3 {
        return Err(bad(Bad::TooHigh { cell, count: pieces.len() }));
    }
    let mut stack = Stack::EMPTY;
    for piece in pieces {
        stack = stack.with(piece).ok_or_else(|| {
            let on = stack.top().map_or(super::Kind::Light, |top| top.kind);
            bad(Bad::CannotStand { piece: piece.kind, on, cell })
        })?;
    }
    Ok(stack)
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads `SIDE/CELLS`, or `start` for the starting position.
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("start") {
            let start = Position::start();
            return Ok(Setup { to_move: start.to_move, stacks: start.stacks().collect() });
        }
        let Some((side, cells)) = text.split_once('/') else {
            return Err(ParseError::new(Kind::NotPosition { text: shown(text), game: GameKind::Ombagui }));
        };
        let to_move = read_side(side, GameKind::Ombagui)?;
        let stacks = read_entries(cells, GameKind::Ombagui)?
            .into_iter()
            .map(|(cell, stack)| Ok((cell, read_stack(stack, cell)?)))
            .collect::<Result<_, ParseError>>()?;
        Ok(Setup { to_move, stacks })
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads the stacks and the player to move, and checks them.
    fn from_str(text: &str) -> Result<Position, ParseError> {
        text.parse::<Setup>()?.try_into()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `C1-C3`, in either case.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        let bad = |part: Option<String>| bad(Bad::Move { text: shown(text), part });
        let (from, to) = text.split_once('-').ok_or_else(|| bad(None))?;
        let from = from.parse().map_err(|e: BadCell| bad(Some(e.0)))?;
        let to = to.parse().map_err(|e: BadCell| bad(Some(e.0)))?;
        Ok(Move { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_and_prints_bottom_to_top() {
        let start = Position::start();
        assert_eq!(
            start.to_string(),
            "r/A1=rL.rM.rD,B1=rL.rM.rD,C1=rL.rM.rD,D1=rL.rM.rD,D7=bL.bM.bD,E7=bL.bM.bD,F7=bL.bM.bD,G7=bL.bM.bD"
        );
        assert_eq!(start.to_string().parse::<Position>(), Ok(start));
        assert_eq!("b/c3=BM,a1=rl.bd".parse::<Position>().unwrap().to_string(), "b/A1=rL.bD,C3=bM");
        assert_eq!("r/-".parse::<Position>().unwrap().to_string(), "r/-");
    }

    #[test]
    fn bad_positions_name_the_bad_part() {
        let error = |text: &str| text.parse::<Position>().unwrap_err().to_string();
        assert_eq!(error("r/C3=rD.bM"), "a medium cannot stand on a dark at C3");
        assert_eq!(error("r/C3=rM.rL"), "a light cannot stand on a medium at C3");
        assert_eq!(error("r/C3=rL.rL"), "a light cannot stand on a light at C3");
        assert_eq!(error("r/C3=rL.rM.rD.bD"), "C3 holds 4 pieces: a stack has at most three");
        assert_eq!(
            error("r/A1=rL,A2=rL,A3=rL,A4=rL,B1=rL"),
            "Red has more than four lights: each player has four of each kind"
        );
        assert_eq!(error("r/Z9=rL"), "no cell Z9 on a side-4 board");
        assert_eq!(error("r/C3=rL,C3=bL"), "C3 is given twice");
        assert_eq!(error("x/-"), "bad side 'x': the player to move is r or b");
        assert_eq!(
            error("r/C3=rX"),
            "bad piece 'rX' at C3: a piece is a colour (r or b) then a kind (L, M or D), like rM"
        );
        assert_eq!(
            error("r/C3="),
            "bad piece '' at C3: a piece is a colour (r or b) then a kind (L, M or D), like rM"
        );
        assert!(error("garbage").starts_with("'garbage' is not an Ombagui position"));
    }

    #[test]
    fn moves_read_either_case() {
        let mv: Move = "c1-C3".parse().unwrap();
        assert_eq!(mv.to_string(), "C1-C3");
        for bad in ["", "C1", "C1-", "-C3", "C1C3", "C1-C3-D4"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
