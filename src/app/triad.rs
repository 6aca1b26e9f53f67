//! How a Triad turn is entered: Enter places a piece on an empty cell (the test game:
//! built with the `third-game` feature only). It has no pages of rules.

use super::highlights::Highlights;
use super::pages::Page;
use super::table::{Input, Table};
use crate::i18n::triad::keys::PROMPT;
use crate::i18n::{Key, Words};
use crate::rules::Game;
use crate::rules::hex::{Cell, CellSet};
use crate::rules::triad::{BOARD, Placement, Position};

impl Input for Position {
    const CELL_LINES: u16 = 1;
    const PROMPT: Key<1> = PROMPT;
    const PAGES: &'static [Page] = &[];

    /// Places on an empty cell; the rules say why not on another.
    fn act(table: &mut Table<Position>, cell: Cell, _: Option<()>) {
        if let Err(reason) = table.position().play(&Placement(cell)) {
            table.status_mut().warn(Position::illegal(&reason));
            return;
        }
        table.commit(Placement(cell));
    }

    fn cancel(_: &mut Table<Position>) {}

    fn lit(table: &Table<Position>, _: Option<Cell>, hint: Option<&Placement>) -> Highlights {
        let cells =
            |cells: Vec<Cell>| -> CellSet { cells.into_iter().filter_map(|c| BOARD.index(c)).collect() };
        let last = table.read(|record| record.last_turn().map(|place| vec![place.0]).unwrap_or_default());
        Highlights {
            last: cells(last),
            selected: cells(hint.map(|place| vec![place.0]).unwrap_or_default()),
            ..Highlights::default()
        }
    }

    fn turn_cells(turn: &Placement) -> Vec<Cell> {
        vec![turn.0]
    }

    /// A placement shows nothing picked before it is played.
    fn stages(_: &Placement) -> Vec<()> {
        Vec::new()
    }

    fn pointed(turn: &Placement, _: usize) -> Option<Cell> {
        Some(turn.0)
    }
}
