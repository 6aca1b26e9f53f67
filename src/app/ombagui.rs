//! What Enter and Esc do on an Ombagui board: pick up a top piece, put it down where the
//! rules say it may go.

use super::lit::Lit;
use super::opponent::Shown;
use super::table::{Message, Selecting, Table};
use crate::i18n::{Explain, colour, kind};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::ombagui::{BOARD, Move, Position};
use crate::t;

impl Table<Position> {
    /// Picks up the top piece of `cell` if it is the mover's and can go somewhere.
    fn pick(&mut self, cell: Cell) {
        let position = self.position();
        let message = match position.stack(cell).top() {
            None => t!("ombagui.pick_first"),
            Some(top) if top.colour != position.to_move() => {
                t!("illegal.top_not_yours", cell, colour(top.colour))
            }
            Some(top) if position.destinations(cell).is_empty() => {
                t!("ombagui.nowhere", kind(top.kind), cell)
            }
            Some(top) => {
                self.selection = Some(cell);
                self.message = Message::Info(t!("ombagui.picked", colour(top.colour), kind(top.kind), cell));
                return;
            }
        };
        self.message = Message::Warning(message);
    }

    /// The cells of the last move.
    pub fn last_move_cells(&self) -> Vec<Cell> {
        self.read(|session| session.last_turn().cloned()).map(|mv| vec![mv.from, mv.to]).unwrap_or_default()
    }
}

impl Shown for Position {
    type Selection = Cell;

    /// A move shows its piece picked up first.
    fn stages(turn: &Move) -> Vec<Cell> {
        vec![turn.from]
    }

    /// Where the piece goes.
    fn pointed(turn: &Move, _: usize) -> Option<Cell> {
        Some(turn.to)
    }
}

impl Selecting for Position {
    /// The cell whose top piece is picked up.
    const PROMPT: &'static str = "prompt.ombagui";
    /// A cell shows its pieces' kinds, and their owners on the line below.
    const CELL_LINES: u16 = 2;

    /// Pick up a piece, move it to a lit cell, or put it back.
    fn act(table: &mut Table<Position>, cell: Cell, picked: Option<Cell>) {
        let position = table.position();
        match picked {
            None => table.pick(cell),
            Some(from) if from == cell => table.prompt(),
            Some(from) if BOARD.holds(position.destinations(from), cell) => {
                table.commit(Move { from, to: cell });
            }
            Some(_) if position.stack(cell).top().is_some_and(|top| top.colour == position.to_move()) => {
                table.pick(cell);
            }
            Some(from) => {
                // Not a lit cell: the rules say why.
                if let Err(reason) = position.play(Move { from, to: cell }) {
                    table.message = Message::Warning(reason.explain());
                }
                table.selection = Some(from);
            }
        }
    }

    fn turn_cells(turn: &Move) -> Vec<Cell> {
        vec![turn.from, turn.to]
    }

    fn cancel(table: &mut Table<Position>) {
        if table.selection.take().is_some() {
            table.prompt();
        }
    }

    fn lit(table: &Table<Position>) -> Lit {
        let position = table.position();
        let last = table.last_move_cells().into_iter().filter_map(|cell| BOARD.index(cell)).collect();
        let Some(from) = table.selection else {
            // A suggested move is lit like a selection.
            let hint =
                table.advice.as_ref().filter(|_| table.hint).map(|advice| Position::turn_cells(&advice.turn));
            let selected = hint.into_iter().flatten().filter_map(|cell| BOARD.index(cell)).collect();
            return Lit { last, selected, ..Lit::default() };
        };
        let jumps = position.jump_landings(from);
        Lit {
            last,
            selected: BOARD.index(from).map_or(CellSet::EMPTY, CellSet::single),
            jumps,
            targets: position.destinations(from) - jumps,
            ..Lit::default()
        }
    }
}
