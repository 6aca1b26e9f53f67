//! The Clamber game screen's state: the game, the cursor, and a capture chain being built.
//! It asks the rules for the legal turns and filters them by the chain so far; it never
//! decides a rule itself.

use super::table::Table;
use super::{Message, Playing, Shared};
use crate::i18n::{Explain, colour};
use crate::rules::clamber::{CaptureKind, Position, Turn};
use crate::rules::hex::{Cell, CellSet};
use crate::t;

/// A capture being built: the capturing stack, then the stacks captured so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chain {
    pub from: Cell,
    pub captured: Vec<Cell>,
}

impl Chain {
    /// The stack that makes the next capture: the one captured last, or the first.
    pub fn capturer(&self) -> Cell {
        self.captured.last().copied().unwrap_or(self.from)
    }

    fn turn(&self) -> Turn {
        Turn::Capture { from: self.from, captured: self.captured.clone() }
    }

    /// Whether `turn` starts with this chain.
    fn is_prefix_of(&self, turn: &Turn) -> bool {
        match turn {
            Turn::Capture { from, captured } => *from == self.from && captured.starts_with(&self.captured),
            Turn::Place(_) => false,
        }
    }
}

/// A game of Clamber on screen.
#[derive(Clone, Debug)]
pub struct ClamberGame {
    pub table: Table<Position>,
    /// The selected stack, with the captures made so far this turn.
    pub chain: Option<Chain>,
}

impl ClamberGame {
    pub fn new(start: Position) -> ClamberGame {
        ClamberGame { table: Table::new(start, PROMPT), chain: None }
    }

    /// The board as it stands, with the captures of a chain in progress already made.
    pub fn shown(&self) -> Position {
        let position = self.table.position();
        match &self.chain {
            Some(chain) if !chain.captured.is_empty() => position.play(&chain.turn()).unwrap_or(position),
            _ => position,
        }
    }

    /// The cells the selected stack may capture next, each with its kind.
    pub fn targets(&self) -> Vec<(Cell, CaptureKind)> {
        let Some(chain) = &self.chain else { return Vec::new() };
        let shown = self.shown();
        let capturer = chain.capturer();
        let mut targets: Vec<(Cell, CaptureKind)> = Vec::new();
        for turn in self.table.position().legal_turns() {
            if let Turn::Capture { captured, .. } = &turn
                && chain.is_prefix_of(&turn)
                && captured.len() == chain.captured.len() + 1
            {
                let target = captured[chain.captured.len()];
                if let Some(kind) = shown.capture_kind(capturer, target) {
                    targets.push((target, kind));
                }
            }
        }
        targets
    }

    /// What the capture of the target under the cursor would remove: the rest of its sub-group.
    pub fn preview(&self) -> CellSet {
        let cursor = self.table.cursor;
        if !self.targets().iter().any(|&(cell, _)| cell == cursor) {
            return CellSet::EMPTY;
        }
        let shown = self.shown();
        match shown.board().index(cursor) {
            Some(index) => shown.sub_group(index) - CellSet::single(index),
            None => CellSet::EMPTY,
        }
    }

    /// The group and the sub-group of the stack under the cursor.
    pub fn cursor_groups(&self) -> (CellSet, CellSet) {
        let shown = self.shown();
        match shown.board().index(self.table.cursor) {
            Some(index) => (shown.group(index), shown.sub_group(index)),
            None => (CellSet::EMPTY, CellSet::EMPTY),
        }
    }

    /// The cells of the last turn played.
    pub fn last_turn_cells(&self) -> Vec<Cell> {
        self.table.session.last_turn().map(Turn::cells).unwrap_or_default()
    }

    fn act_unselected(&mut self, cell: Cell) {
        let position = self.table.position();
        match position.stack(cell) {
            None => {
                self.table.commit(Turn::Place(cell));
            }
            Some(stack) if stack.owner() != position.to_move() => {
                self.table.message = Message::Warning(t!("illegal.not_yours", cell, colour(stack.owner())));
            }
            Some(_) => {
                let chain = Chain { from: cell, captured: Vec::new() };
                if position.legal_turns().iter().any(|turn| chain.is_prefix_of(turn)) {
                    self.chain = Some(chain);
                    self.table.message = Message::Info(t!("clamber.selected", cell));
                } else {
                    self.table.message = Message::Warning(t!("clamber.no_capture", cell));
                }
            }
        }
    }

    fn act_in_chain(&mut self, mut chain: Chain, cell: Cell) {
        if cell == chain.capturer() {
            if chain.captured.is_empty() {
                self.table.prompt();
            } else {
                self.table.commit(chain.turn());
            }
            return;
        }
        let position = self.table.position();
        self.chain = Some(chain.clone());
        if self.targets().iter().any(|&(target, _)| target == cell) {
            chain.captured.push(cell);
            let goes_on = position.legal_turns().iter().any(|turn| match turn {
                Turn::Capture { captured, .. } => {
                    chain.is_prefix_of(turn) && captured.len() > chain.captured.len()
                }
                Turn::Place(_) => false,
            });
            // The rules list no longer turn after a lower capture, so it ends here too.
            if !goes_on {
                self.chain = None;
                self.table.commit(chain.turn());
            } else {
                self.table.message = Message::Info(t!("clamber.again", cell));
                self.chain = Some(chain);
            }
            return;
        }
        let own = position.stack(cell).is_some_and(|stack| stack.owner() == position.to_move());
        if chain.captured.is_empty() && own {
            self.chain = None;
            self.act_unselected(cell);
            return;
        }
        // Not a lit target: let the rules say why.
        chain.captured.push(cell);
        self.table.message = Message::Warning(match position.play(&chain.turn()) {
            Err(reason) => reason.explain(),
            Ok(_) => t!("clamber.cannot", cell),
        });
    }
}

const PROMPT: &str = "prompt.clamber";

impl Playing for ClamberGame {
    fn table(&self) -> &dyn Shared {
        &self.table
    }

    fn table_mut(&mut self) -> &mut dyn Shared {
        &mut self.table
    }

    /// Enter on the cursor's cell: place, select, capture, or end a chain.
    fn act(&mut self) {
        let cell = self.table.cursor;
        match self.chain.take() {
            None => self.act_unselected(cell),
            Some(chain) => self.act_in_chain(chain, cell),
        }
    }

    /// Esc: drop the selection, or end a chain after at least one capture.
    fn cancel(&mut self) {
        match self.chain.take() {
            Some(chain) if !chain.captured.is_empty() => {
                self.table.commit(chain.turn());
            }
            Some(_) => self.table.prompt(),
            None => {}
        }
    }

    fn drop_selection(&mut self) -> bool {
        self.chain.take().is_some()
    }
}
