//! Triad's own words (the test game: built with the `third-game` feature only).

use super::{Key, Text, Words, excerpt, text};
use crate::rules::hex::Board;
use crate::rules::triad::{Bad, Illegal, Position};

/// The keys of Triad's texts (`assets/lang/triad`), each with its English text.
pub mod keys {
    use super::Key;
    include!(concat!(env!("OUT_DIR"), "/keys_triad.rs"));
}

use keys::*;

impl Words for Position {
    const TEXTS: [&'static str; 3] = [
        include_str!("../../assets/lang/triad/en.txt"),
        include_str!("../../assets/lang/triad/fr.txt"),
        include_str!("../../assets/lang/triad/sr.txt"),
    ];
    const RULES: Key<0> = MENU_RULES;
    const NOT_POSITION: Key<1> = PARSE_NOT_POSITION;
    const BAD_PLAYER: Key<1> = PARSE_BAD_PLAYER;
    const BAD_ENTRY: Key<1> = PARSE_BAD_ENTRY;

    fn title(_: Board) -> Text {
        text!(TITLE)
    }

    fn menu_entry(_: Board) -> Text {
        text!(MENU_PLAY_USUAL)
    }

    fn setup_entry(_: Board) -> Text {
        text!(SETUP)
    }

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
