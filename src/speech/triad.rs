//! Triad in words (the test game, built with the `third-game` feature only): pieces by
//! colour, placements, three in a line.

use super::{Spoken, cells, colour_word};
use crate::app::table::Table;
use crate::i18n::keys::{SPEECH_CELL_ABOUT, SPEECH_CELL_ABOUT_EMPTY};
use crate::i18n::triad::keys::*;
use crate::i18n::{Key, Text, text};
use crate::rules::hex::Cell;
use crate::rules::triad::{BOARD, Placement, Position};
use crate::rules::{Colour, Game};

impl Spoken for Position {
    const TURN_FORMS: Key<0> = SPEECH_TURN_FORMS;

    fn on_cell(&self, cell: Cell) -> Option<Text> {
        self.piece(cell).map(colour_word)
    }

    fn owned(&self, colour: Colour) -> Text {
        text!(SPEECH_OWNED, colour, cells(BOARD.cells_of(self.pieces(colour))))
    }

    fn about_cell(&self, cell: Cell) -> Vec<Text> {
        vec![match self.on_cell(cell) {
            Some(what) => text!(SPEECH_CELL_ABOUT, cell, what),
            None => text!(SPEECH_CELL_ABOUT_EMPTY, cell),
        }]
    }

    fn turns_grouped(&self) -> Vec<Text> {
        vec![text!(SPEECH_PLACES, self.to_move(), cells(self.legal_turns().into_iter().map(|place| place.0)))]
    }

    fn captures_now(&self) -> Vec<Text> {
        vec![text!(SPEECH_NO_CAPTURES)]
    }

    fn score(&self) -> Vec<Text> {
        [Colour::Blue, Colour::Red].map(|colour| self.owned(colour)).into()
    }

    fn played(turn: &Placement, _: &Position, _: &Position) -> Text {
        text!(SPEECH_PLAYED, turn.0)
    }

    fn won(&self, winner: Colour) -> Text {
        text!(SPEECH_WON, winner)
    }

    fn picked(_: &Table<Position>) -> Option<Text> {
        None
    }
}
