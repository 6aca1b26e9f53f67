//! The Ombagui game screen's state: the game, the cursor, and the piece picked up.
//! Where a piece may go is asked of the rules; this only filters by the picked cell.

use super::table::Table;
use super::{Message, Playing, Shared};
use crate::i18n::{Explain, colour, kind};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::ombagui::{BOARD, Move, Position};
use crate::t;

const PROMPT: &str = "prompt.ombagui";

/// A game of Ombagui on screen.
#[derive(Clone, Debug)]
pub struct OmbaguiGame {
    pub table: Table<Position>,
    /// The cell whose top piece is picked up, if any.
    pub selected: Option<Cell>,
}

impl OmbaguiGame {
    pub fn new(start: Position) -> OmbaguiGame {
        OmbaguiGame { table: Table::new(start, PROMPT), selected: None }
    }

    /// Where the picked-up piece may go.
    pub fn destinations(&self) -> CellSet {
        self.selected.map_or(CellSet::EMPTY, |from| self.table.position().destinations(from))
    }

    /// Of those, the cells a light reaches only by jumping over towers.
    pub fn jump_landings(&self) -> CellSet {
        self.selected.map_or(CellSet::EMPTY, |from| self.table.position().jump_landings(from))
    }

    /// The cells of the last move.
    pub fn last_move_cells(&self) -> Vec<Cell> {
        self.table.session.last_turn().map(|mv| vec![mv.from, mv.to]).unwrap_or_default()
    }

    /// Picks up the top piece of `cell` if it is the mover's and can go somewhere.
    fn pick(&mut self, cell: Cell) {
        let position = self.table.position();
        let message = match position.stack(cell).top() {
            None => t!("ombagui.pick_first"),
            Some(top) if top.colour != position.to_move() => {
                t!("illegal.top_not_yours", cell, colour(top.colour))
            }
            Some(top) if position.destinations(cell).is_empty() => {
                t!("ombagui.nowhere", kind(top.kind), cell)
            }
            Some(top) => {
                self.selected = Some(cell);
                self.table.message =
                    Message::Info(t!("ombagui.picked", colour(top.colour), kind(top.kind), cell));
                return;
            }
        };
        self.table.message = Message::Warning(message);
    }
}

impl Playing for OmbaguiGame {
    fn table(&self) -> &dyn Shared {
        &self.table
    }

    fn table_mut(&mut self) -> &mut dyn Shared {
        &mut self.table
    }

    /// Enter: pick up a piece, move it to a lit cell, or put it back.
    fn act(&mut self) {
        let cell = self.table.cursor;
        match self.selected.take() {
            None => self.pick(cell),
            Some(from) if from == cell => {
                self.table.prompt();
            }
            Some(from) if BOARD.holds(self.table.position().destinations(from), cell) => {
                self.table.commit(Move { from, to: cell });
            }
            Some(from) => {
                let position = self.table.position();
                if position.stack(cell).top().is_some_and(|top| top.colour == position.to_move()) {
                    self.pick(cell);
                } else {
                    // Not a lit cell: the rules say why.
                    if let Err(reason) = position.play(Move { from, to: cell }) {
                        self.table.message = Message::Warning(reason.explain());
                    }
                    self.selected = Some(from);
                }
            }
        }
    }

    fn cancel(&mut self) {
        if self.selected.take().is_some() {
            self.table.prompt();
        }
    }

    fn drop_selection(&mut self) -> bool {
        self.selected.take().is_some()
    }

    /// A cell shows its pieces' kinds, and their owners on the line below.
    fn cell_lines(&self) -> u16 {
        2
    }
}
