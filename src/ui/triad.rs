//! How a Triad game looks: each piece by its owner's letter (the test game: built with the
//! `third-game` feature only).

use super::board::{self, CellText};
use super::game::{Look, player_line};
use super::say::Say;
use crate::app::game::GameScreen;
use crate::i18n::Key;
use crate::rules::Colour;
use crate::rules::hex::Cell;
use crate::rules::triad::Position;
use crate::theme::Mark;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

impl Look for Position {
    const FIRST: Colour = Colour::Blue;
    const MARKS: &'static [Mark] = &[Mark::Cursor, Mark::Selected, Mark::Last];
    const NOTES: &'static [Key<0>] = &[];

    fn write(&self, cell: Cell, style: Style, say: Say) -> CellText {
        match self.piece(cell) {
            None => vec![board::empty(style, say.theme)],
            Some(owner) => {
                vec![vec![Span::styled(owner.letter().to_string(), say.theme.player(owner).patch(style))]]
            }
        }
    }

    fn facts(game: &GameScreen<Position>, _: Option<Cell>, say: Say, _: usize) -> Vec<Line<'static>> {
        let (position, over) = (game.table.position(), game.table.end().is_some());
        let to_move = crate::rules::Game::to_move(&position);
        [Colour::Blue, Colour::Red]
            .into_iter()
            .map(|colour| player_line(colour, colour == to_move && !over, String::new(), say))
            .collect()
    }
}
