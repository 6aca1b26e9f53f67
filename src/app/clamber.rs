//! What Enter and Esc do on a Clamber board: place, select a stack, build a capture chain.
//! The targets come from the rules' legal turns, filtered by the chain so far.

use super::lit::Lit;
use super::opponent::Shown;
use super::table::{Message, Selecting, Table};
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

    /// Every cell of the chain, the capturing stack first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        std::iter::once(self.from).chain(self.captured.iter().copied())
    }
}

impl Table<Position> {
    /// The cells the selected stack may capture next, each with its kind.
    pub fn targets(&self) -> Vec<(Cell, CaptureKind)> {
        match &self.selection {
            Some(chain) => self.position().next_captures(chain.from, &chain.captured),
            None => Vec::new(),
        }
    }

    /// The cells of the last turn played, with the stacks its captures removed.
    pub fn last_turn_cells(&self) -> Vec<Cell> {
        self.read(|session| {
            let Some((turn, before, after)) = session.last_turn_played() else { return Vec::new() };
            let removed = before.stacks().map(|(cell, _)| cell).filter(|&cell| after.stack(cell).is_none());
            turn.cells().into_iter().chain(removed).collect()
        })
    }

    /// Takes up a chain under way, the cursor on the stack that captures next.
    pub fn continue_chain(&mut self, chain: Chain) {
        self.cursor = chain.capturer();
        self.message = Message::Info(t!("clamber.again", chain.capturer()));
        self.selection = Some(chain);
    }

    fn act_unselected(&mut self, cell: Cell) {
        let position = self.position();
        match position.stack(cell) {
            None => {
                self.commit(Turn::Place(cell));
            }
            Some(stack) if stack.owner() != position.to_move() => {
                self.message = Message::Warning(t!("illegal.not_yours", cell, colour(stack.owner())));
            }
            Some(_) if position.next_captures(cell, &[]).is_empty() => {
                self.message = Message::Warning(t!("clamber.no_capture", cell));
            }
            Some(_) => {
                self.selection = Some(Chain { from: cell, captured: Vec::new() });
                self.message = Message::Info(t!("clamber.selected", cell));
            }
        }
    }

    /// Enter with a stack selected: the chain is put back if it goes on.
    fn act_in_chain(&mut self, mut chain: Chain, cell: Cell) {
        if cell == chain.capturer() {
            if chain.captured.is_empty() {
                self.prompt();
            } else {
                self.commit(chain.turn());
            }
            return;
        }
        let position = self.position();
        if position.next_captures(chain.from, &chain.captured).iter().any(|&(target, _)| target == cell) {
            chain.captured.push(cell);
            // The rules list no longer turn after a lower capture, so it ends there.
            if position.next_captures(chain.from, &chain.captured).is_empty() {
                self.commit(chain.turn());
            } else {
                self.message = Message::Info(t!("clamber.again", cell));
                self.selection = Some(chain);
            }
            return;
        }
        // Before any capture, Enter on an empty cell or on another own stack starts afresh there.
        let afresh = position.stack(cell).is_none_or(|stack| stack.owner() == position.to_move());
        if chain.captured.is_empty() && afresh {
            self.selection = None;
            self.act_unselected(cell);
            return;
        }
        // Not a lit target: let the rules say why.
        let mut tried = chain.clone();
        tried.captured.push(cell);
        self.message = Message::Warning(match position.play(&tried.turn()) {
            Err(reason) => reason.explain(),
            Ok(_) => t!("clamber.cannot", cell),
        });
        self.selection = Some(chain);
    }
}

impl Shown for Position {
    type Selection = Chain;

    /// A capture shows its stack selected, then each capture of its chain in turn.
    fn stages(turn: &Turn) -> Vec<Chain> {
        match turn {
            Turn::Place(_) => Vec::new(),
            Turn::Capture { from, captured } => (0..=captured.len())
                .map(|made| Chain { from: *from, captured: captured[..made].to_vec() })
                .collect(),
        }
    }

    /// The stack it captures next.
    fn pointed(turn: &Turn, stage: usize) -> Option<Cell> {
        match turn {
            Turn::Place(cell) => Some(*cell),
            Turn::Capture { captured, .. } => captured.get(stage).copied(),
        }
    }
}

impl Selecting for Position {
    const PROMPT: &'static str = "prompt.clamber";
    const CELL_LINES: u16 = 1;

    /// Place, select, capture, or end a chain.
    fn act(table: &mut Table<Position>, cell: Cell, chain: Option<Chain>) {
        match chain {
            None => table.act_unselected(cell),
            Some(chain) => table.act_in_chain(chain, cell),
        }
    }

    /// Drop the selection, or end a chain after at least one capture.
    fn cancel(table: &mut Table<Position>) {
        match table.selection.take() {
            Some(chain) if !chain.captured.is_empty() => {
                table.commit(chain.turn());
            }
            Some(_) => table.prompt(),
            None => {}
        }
    }

    fn turn_cells(turn: &Turn) -> Vec<Cell> {
        turn.cells()
    }

    fn shown(table: &Table<Position>) -> Position {
        let position = table.position();
        match &table.selection {
            Some(chain) if !chain.captured.is_empty() => position.play(&chain.turn()).unwrap_or(position),
            _ => position,
        }
    }

    fn lit(table: &Table<Position>) -> Lit {
        let shown = Position::shown(table);
        let board = shown.board();
        let cells = |cells: &mut dyn Iterator<Item = Cell>| -> CellSet {
            cells.filter_map(|cell| board.index(cell)).collect()
        };
        let targets = table.targets();
        let of_kind = |kind| cells(&mut targets.iter().filter(|t| t.1 == kind).map(|t| t.0));
        // While the computer shows its turn, what it points at, not the player's cursor.
        let pointer = table.pointer();
        let on_target = pointer.is_some_and(|pointer| targets.iter().any(|&(cell, _)| cell == pointer));
        Lit {
            selected: match (&table.selection, &table.advice) {
                (Some(chain), _) => cells(&mut chain.cells()),
                (None, Some(advice)) if table.hint => {
                    cells(&mut Position::turn_cells(&advice.turn).into_iter())
                }
                _ => CellSet::EMPTY,
            },
            removed: match pointer {
                Some(pointer) if on_target => shown.removed_by_capture(pointer),
                _ => CellSet::EMPTY,
            },
            equal: of_kind(CaptureKind::Equal),
            targets: of_kind(CaptureKind::Lower),
            last: cells(&mut table.last_turn_cells().into_iter()),
            group: pointer.map_or(CellSet::EMPTY, |pointer| shown.group(pointer)),
            sub_group: pointer.map_or(CellSet::EMPTY, |pointer| shown.sub_group(pointer)),
            ..Lit::default()
        }
    }
}
