//! The Clamber game screen's state: the game, the cursor, and a capture chain being built.
//! It asks the rules for the legal turns and filters them by the chain so far; it never
//! decides a rule itself.

use super::Message;
use super::session::{Played, Session};
use crate::rules::Colour;
use crate::rules::clamber::{CaptureKind, Position, Turn};
use crate::rules::hex::{Cell, CellSet};

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
    pub session: Session<Position>,
    pub cursor: Cell,
    /// The selected stack, with the captures made so far this turn.
    pub chain: Option<Chain>,
    pub message: Message,
}

impl ClamberGame {
    pub fn new(start: Position) -> ClamberGame {
        let board = start.board();
        let centre = Cell::new(board.side() - 1, board.side() - 1);
        let mut game =
            ClamberGame { session: Session::new(start), cursor: centre, chain: None, message: Message::None };
        game.message = game.turn_prompt();
        game
    }

    /// The board as it stands, with the captures of a chain in progress already made.
    pub fn shown(&self) -> Position {
        let position = self.session.position();
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
        for turn in self.session.position().legal_turns() {
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
        if !self.targets().iter().any(|&(cell, _)| cell == self.cursor) {
            return CellSet::EMPTY;
        }
        let shown = self.shown();
        match shown.board().index(self.cursor) {
            Some(index) => shown.sub_group(index) - CellSet::single(index),
            None => CellSet::EMPTY,
        }
    }

    /// The group and the sub-group of the stack under the cursor.
    pub fn cursor_groups(&self) -> (CellSet, CellSet) {
        let shown = self.shown();
        match shown.board().index(self.cursor) {
            Some(index) => (shown.group(index), shown.sub_group(index)),
            None => (CellSet::EMPTY, CellSet::EMPTY),
        }
    }

    /// The cells of the last turn played.
    pub fn last_turn_cells(&self) -> Vec<Cell> {
        self.session.last_turn().map(Turn::cells).unwrap_or_default()
    }

    fn turn_prompt(&self) -> Message {
        match self.session.end() {
            Some(_) => Message::None,
            None => Message::Info(format!(
                "{}: Enter places a piece on an empty cell or selects your stack",
                self.session.position().to_move()
            )),
        }
    }

    /// Enter on the cursor's cell: place, select, capture, or end a chain.
    pub fn act(&mut self) {
        if self.session.is_over() {
            self.message =
                Message::Warning("the game is over: u takes the last turn back, m goes to the menu".into());
            return;
        }
        let cell = self.cursor;
        match self.chain.take() {
            None => self.act_unselected(cell),
            Some(chain) => self.act_in_chain(chain, cell),
        }
    }

    fn act_unselected(&mut self, cell: Cell) {
        let position = self.session.position();
        match position.stack(cell) {
            None => self.commit(Turn::Place(cell)),
            Some(stack) if stack.owner() != position.to_move() => {
                self.message = Message::Warning(format!("the stack on {cell} is {}'s", stack.owner()));
            }
            Some(_) => {
                let chain = Chain { from: cell, captured: Vec::new() };
                if position.legal_turns().iter().any(|turn| chain.is_prefix_of(turn)) {
                    self.chain = Some(chain);
                    self.message = Message::Info(format!(
                        "{cell} selected: Enter on a lit stack captures it; Esc cancels"
                    ));
                } else {
                    self.message = Message::Warning(format!("the stack on {cell} has no capture"));
                }
            }
        }
    }

    fn act_in_chain(&mut self, mut chain: Chain, cell: Cell) {
        if cell == chain.capturer() {
            if chain.captured.is_empty() {
                self.message = self.turn_prompt();
            } else {
                self.commit(chain.turn());
            }
            return;
        }
        if let Some(&(_, kind)) =
            self.with_chain(&chain).targets().iter().find(|&&(target, _)| target == cell)
        {
            chain.captured.push(cell);
            let goes_on = self.session.position().legal_turns().iter().any(|turn| match turn {
                Turn::Capture { captured, .. } => {
                    chain.is_prefix_of(turn) && captured.len() > chain.captured.len()
                }
                Turn::Place(_) => false,
            });
            if kind == CaptureKind::Lower || !goes_on {
                self.commit(chain.turn());
            } else {
                self.chain = Some(chain);
                self.message = Message::Info(format!(
                    "{cell} may capture again: Enter on a lit stack, or Enter on {cell} / Esc to stop"
                ));
            }
            return;
        }
        let own = self
            .session
            .position()
            .stack(cell)
            .is_some_and(|s| s.owner() == self.session.position().to_move());
        if chain.captured.is_empty() && own {
            self.act_unselected(cell);
            return;
        }
        // Not a lit target: let the rules say why.
        let mut attempt = chain.clone();
        attempt.captured.push(cell);
        let reason = match self.session.position().play(&attempt.turn()) {
            Err(reason) => reason.to_string(),
            Ok(_) => format!("{cell} cannot be captured now"),
        };
        self.message = Message::Warning(reason);
        self.chain = Some(chain);
    }

    fn with_chain(&self, chain: &Chain) -> ClamberGame {
        ClamberGame { chain: Some(chain.clone()), ..self.clone() }
    }

    /// Plays a whole turn and says what happened.
    fn commit(&mut self, turn: Turn) {
        let mover = self.session.position().to_move();
        match self.session.play(&turn) {
            Ok(played) => {
                self.chain = None;
                self.message = match (self.session.end(), played) {
                    (Some(_), _) => Message::Success(format!("{mover} played {turn} and wins!")),
                    (None, Played::Skipped(colour)) => Message::Warning(format!(
                        "{mover} played {turn}. {colour} has no legal turn and is skipped: {} again",
                        colour.other()
                    )),
                    (None, Played::Normal) => Message::Info(format!(
                        "{mover} played {turn}. {} to move",
                        self.session.position().to_move()
                    )),
                };
            }
            Err(reason) => self.message = Message::Warning(reason.to_string()),
        }
    }

    /// Esc: drop the selection, or end a chain after at least one capture.
    pub fn cancel(&mut self) {
        match self.chain.take() {
            Some(chain) if !chain.captured.is_empty() => self.commit(chain.turn()),
            Some(_) => self.message = self.turn_prompt(),
            None => {}
        }
    }

    /// Takes back a chain in progress, or else the last whole turn.
    pub fn undo(&mut self) {
        if self.chain.take().is_some() {
            self.message = Message::Info("selection dropped".into());
        } else if self.session.undo() {
            self.message =
                Message::Info(format!("turn taken back: {} to move", self.session.position().to_move()));
        } else {
            self.message = Message::Warning("nothing to undo".into());
        }
    }

    pub fn redo(&mut self) {
        self.chain = None;
        if self.session.redo() {
            self.message =
                Message::Info(format!("turn played again: {} to move", self.session.position().to_move()));
        } else {
            self.message = Message::Warning("nothing to redo".into());
        }
    }

    pub fn to_move(&self) -> Colour {
        self.session.position().to_move()
    }
}
