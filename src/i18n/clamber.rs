//! Clamber's own words: its name and menu entries, why a turn or a text is refused.

use super::{Common, Key, Text, Words, colour, excerpt, text};
use crate::rules::clamber::{Bad, IllegalTurn, Position};

/// The keys of Clamber's texts (`assets/lang/clamber`), each with its English text.
pub(crate) mod keys {
    use super::Key;
    include!(concat!(env!("OUT_DIR"), "/keys_clamber.rs"));
}

use keys::*;

/// How Clamber says it has stacks and pieces.
pub(crate) const STACKS: super::Noun = super::Noun([COUNT_STACK_ONE, COUNT_STACK_FEW, COUNT_STACK_MANY]);
pub(crate) const PIECES: super::Noun = super::Noun([COUNT_PIECE_ONE, COUNT_PIECE_FEW, COUNT_PIECE_MANY]);

impl Words for Position {
    const COMMON: Common = COMMON;
    const OWN: &'static [(Key<0>, Key<0>)] = &[
        (super::keys::MARK_TARGET, MARK_TARGET),
        (super::keys::MARK_TARGET_LONG, MARK_TARGET_LONG),
        (super::keys::KEY_ACT, KEY_ACT),
        (super::keys::KEY_CANCEL, KEY_CANCEL),
    ];

    fn illegal(reason: &IllegalTurn) -> Text {
        match reason {
            IllegalTurn::GameOver(winner) => text!(ILLEGAL_GAME_OVER, *winner),
            IllegalTurn::OffBoard(off) => text!(super::keys::ILLEGAL_OFF_BOARD, off.cell, off.side),
            IllegalTurn::Occupied(cell) => text!(ILLEGAL_OCCUPIED, *cell),
            IllegalTurn::NoStack(cell) => text!(ILLEGAL_NO_STACK, *cell),
            IllegalTurn::NotYours { cell, owner } => text!(ILLEGAL_NOT_YOURS, *cell, colour(*owner)),
            IllegalTurn::NotEnemy(cell) => text!(ILLEGAL_NOT_ENEMY, *cell),
            IllegalTurn::Higher { from, target, from_height, target_height } => {
                text!(ILLEGAL_HIGHER, *target, *target_height, *from, *from_height)
            }
            IllegalTurn::NotNextTo { from, target } => text!(ILLEGAL_NOT_NEXT_TO, *target, *from),
            IllegalTurn::NotInNearGroup { from, target } => text!(ILLEGAL_NOT_IN_NEAR_GROUP, *target, *from),
            IllegalTurn::AfterLowerCapture(cell) => text!(ILLEGAL_AFTER_LOWER, *cell),
            IllegalTurn::NotEqual { from, target, from_height, target_height } => {
                text!(ILLEGAL_NOT_EQUAL, *target, *target_height, *from, *from_height)
            }
            IllegalTurn::AfterWin(cell) => text!(ILLEGAL_AFTER_WIN, *cell),
        }
    }

    fn bad(bad: &Bad) -> Text {
        match bad {
            Bad::Size(size) => text!(PARSE_BAD_SIZE, excerpt(size)),
            Bad::Colour(entry) => text!(PARSE_BAD_COLOUR, excerpt(entry)),
            Bad::Height(entry) => text!(PARSE_BAD_HEIGHT, excerpt(entry)),
            Bad::ZeroHeight(cell) => text!(PARSE_ZERO_HEIGHT, *cell),
            Bad::Turn { text, part } => {
                text!(PARSE_BAD_TURN, excerpt(text), text!(super::keys::PARSE_BAD_CELL, excerpt(part)))
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
        let reason = IllegalTurn::Higher {
            from: "A1".parse().unwrap(),
            target: "A2".parse().unwrap(),
            from_height: 1,
            target_height: 2,
        };
        assert_eq!(Lang::En.say(&Position::illegal(&reason)), reason.to_string());
        let bad = ["garbage", "x/b/-", "9/b/-", "3/x/-", "3/b/C4", "3/b/Z9=b1", "3/b/+=b1"];
        let worse = ["3/b/C4=r1,C4=b1", "3/b/C4=g1", "3/b/C4=r+1", "3/b/C4=r0"];
        for text in bad.iter().chain(&worse) {
            let error = text.parse::<Position>().unwrap_err();
            assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string(), "{text}");
        }
        for text in ["C3xx", "3C"] {
            let error = text.parse::<crate::rules::clamber::Turn>().unwrap_err();
            assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string(), "{text}");
        }
        let error = "3/b/C4=r1,C4=b1".parse::<Position>().unwrap_err();
        assert_eq!(Lang::Fr.say(&parse_error(&error)), "C4 est donnée deux fois");
    }
}
