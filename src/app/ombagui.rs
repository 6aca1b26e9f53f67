//! The Ombagui game screen's state: the game, the cursor, and the piece picked up.
//! Where a piece may go is asked of the rules; this only filters by the picked cell.

use super::table::Table;
use super::{Message, Playing, Shared};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::ombagui::{BOARD, Move, Position};

const PROMPT: &str = "Enter on one of your pieces on top of its cell picks it up";

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
            None => "pick one of your pieces first: Enter on a cell whose top piece is yours".to_string(),
            Some(top) if top.colour != position.to_move() => {
                format!("the top piece on {cell} is {}'s", top.colour)
            }
            Some(top) if position.destinations(cell).is_empty() => {
                format!("the {} on {cell} has nowhere to go: the paths are blocked", top.kind)
            }
            Some(top) => {
                self.selected = Some(cell);
                self.table.message = Message::Info(format!(
                    "{} {} on {cell} picked up: Enter on a lit cell moves it",
                    top.colour, top.kind
                ));
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
                self.table.message = Message::Info(format!("{}: {PROMPT}", self.table.to_move()));
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
                        self.table.message = Message::Warning(reason.to_string());
                    }
                    self.selected = Some(from);
                }
            }
        }
    }

    fn cancel(&mut self) {
        if self.selected.take().is_some() {
            self.table.message = Message::Info(format!("{}: {PROMPT}", self.table.to_move()));
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
