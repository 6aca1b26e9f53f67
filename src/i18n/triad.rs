//! Triad's own words (the test game: built with the `third-game` feature only).

use super::{Common, Key, Text, Words, excerpt, text};
use crate::rules::triad::{Bad, Illegal, Position};

/// The keys of Triad's texts (`assets/lang/triad`), each with its English text.
pub(crate) mod keys {
    use super::Key;
    include!(concat!(env!("OUT_DIR"), "/keys_triad.rs"));
}

use keys::*;

impl Words for Position {
    const COMMON: Common = COMMON;

    fn illegal(reason: &Illegal) -> Text {
        match reason {
            Illegal::GameOver => text!(ILLEGAL_GAME_OVER),
            Illegal::OffBoard(off) => text!(super::keys::ILLEGAL_OFF_BOARD, off.cell, off.side),
            Illegal::Occupied(cell) => text!(ILLEGAL_OCCUPIED, *cell),
        }
    }

    fn bad(bad: &Bad) -> Text {
        match bad {
            Bad::Colour(entry) => text!(PARSE_BAD_COLOUR, excerpt(entry)),
            Bad::Turn(turn) => text!(PARSE_BAD_TURN, excerpt(turn)),
        }
    }
}
