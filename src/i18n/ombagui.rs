//! Ombagui's own words: its name, its pieces, why a move or a text is refused.

use super::{Common, Key, Text, Words, colour, excerpt, text};
use crate::rules::ombagui::{Bad, IllegalMove, Kind, Position};

/// The keys of Ombagui's texts (`assets/lang/ombagui`), each with its English text.
pub(crate) mod keys {
    use super::Key;
    include!(concat!(env!("OUT_DIR"), "/keys_ombagui.rs"));
}

use keys::*;

/// A kind of piece: `light`.
pub(crate) fn kind(kind: Kind) -> Text {
    match kind {
        Kind::Light => text!(KIND_LIGHT),
        Kind::Medium => text!(KIND_MEDIUM),
        Kind::Dark => text!(KIND_DARK),
    }
}

impl Words for Position {
    const COMMON: Common = COMMON;
    const OWN: &'static [(Key<0>, Key<0>)] = &[
        (super::keys::MARK_SELECTED, MARK_SELECTED),
        (super::keys::MARK_SELECTED_LONG, MARK_SELECTED_LONG),
        (super::keys::MARK_TARGET, MARK_TARGET),
        (super::keys::MARK_TARGET_LONG, MARK_TARGET_LONG),
        (super::keys::KEY_ACT, KEY_ACT),
        (super::keys::KEY_CANCEL, KEY_CANCEL),
    ];

    fn illegal(reason: &IllegalMove) -> Text {
        match reason {
            IllegalMove::GameOver => text!(ILLEGAL_OVER),
            IllegalMove::OffBoard(off) => text!(super::keys::ILLEGAL_OFF_BOARD, off.cell, off.side),
            IllegalMove::NoPiece(cell) => text!(ILLEGAL_NO_PIECE, *cell),
            IllegalMove::NotYours { cell, owner } => text!(ILLEGAL_TOP_NOT_YOURS, *cell, colour(*owner)),
            IllegalMove::Stay(cell) => text!(ILLEGAL_STAY, *cell),
            IllegalMove::CannotStand { piece, on } => text!(ILLEGAL_CANNOT_STAND, kind(*piece), kind(*on)),
            IllegalMove::Blocked => text!(ILLEGAL_BLOCKED),
            IllegalMove::OutOfReach { piece: Kind::Light, from, to } => {
                text!(ILLEGAL_LIGHT_REACH, *to, *from)
            }
            IllegalMove::OutOfReach { piece, from, to } => {
                text!(ILLEGAL_REACH, kind(*piece), piece.steps(), *to, *from)
            }
        }
    }

    fn bad(bad: &Bad) -> Text {
        match bad {
            Bad::Piece { text, cell } => text!(PARSE_BAD_PIECE, excerpt(text), *cell),
            Bad::TooHigh { cell, count } => text!(PARSE_TOO_HIGH, *cell, *count),
            Bad::CannotStand { piece, on, cell } => text!(PARSE_CANNOT_STAND, kind(*piece), kind(*on), *cell),
            Bad::TooManyOfKind { colour: c, kind: k } => text!(PARSE_TOO_MANY, colour(*c), kind(*k)),
            Bad::Move { text, part: None } => text!(PARSE_BAD_MOVE, excerpt(text), text!(PARSE_NO_DASH)),
            Bad::Move { text, part: Some(part) } => {
                text!(PARSE_BAD_MOVE, excerpt(text), text!(super::keys::PARSE_BAD_CELL, excerpt(part)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, parse_error};

    #[test]
    fn english_reasons_match_the_rules_own_words() {
        let reason = IllegalMove::CannotStand { piece: Kind::Dark, on: Kind::Dark };
        assert_eq!(Lang::En.say(&Position::illegal(&reason)), reason.to_string());
        assert_eq!(Lang::Fr.say(&Position::illegal(&reason)), "un foncé ne peut pas se poser sur un foncé");
        let bad = ["garbage", "x/-", "r/C3", "r/C3=rX", "r/C3=rL.rM.rD.bD", "r/C3=rD.bM"];
        for text in bad.iter().chain(&["r/A1=rL,A2=rL,A3=rL,A4=rL,B1=rL"]) {
            let error = text.parse::<Position>().unwrap_err();
            assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string(), "{text}");
        }
        for text in ["C1", "C1-Z", "Z-C1"] {
            let error = text.parse::<crate::rules::ombagui::Move>().unwrap_err();
            assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string(), "{text}");
        }
        let error = crate::rules::GameKind::Ombagui.board(Some(3)).unwrap_err();
        assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string());
    }
}
