//! The game's flow at a table: turns played, taken back and played again, resignations
//! and draws, what another terminal played; each said on the status line.

use super::{Input, Message, Table};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::{Computer, End, Record, TurnOutcome};
use crate::rules::Colour;

impl<G: Input> Table<G> {
    /// Tells the player to move what to do.
    pub(crate) fn prompt(&mut self) {
        self.status.info(text!(G::PROMPT, self.to_move()));
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub(crate) fn commit(&mut self, turn: G::Turn) -> bool {
        self.picked = None;
        // A game on time that is over is looked back through: its clocks cannot go on.
        if self.read(Record::timed_and_over) {
            self.status.warn(text!(TIME_LOOK_ONLY));
            return false;
        }
        // Back in the game, a legal turn waits for the player's word (the screen asks).
        if self.can_redo() && self.position().play(&turn).is_ok() {
            self.pending = Some(turn);
            return true;
        }
        self.play_here(turn)
    }

    /// Plays a whole turn where the game stands, replacing any later turns, and says what
    /// happened; `false` if it was refused (and why).
    pub(crate) fn play_here(&mut self, turn: G::Turn) -> bool {
        let mover = self.to_move();
        let branching = self.can_redo();
        self.picked = None;
        let played = self.change(|record| record.play(&turn));
        let turn = turn.to_string();
        let message = match (played, self.end()) {
            (Err(reason), _) => {
                self.status.warn(G::illegal(&reason));
                return false;
            }
            (Ok(TurnOutcome::OutOfTime(loser)), _) => {
                self.status.warn(text!(TIME_UP, loser, loser.other()));
                return false;
            }
            (Ok(_), Some(End::Won(_))) => Message::Success(text!(PLAYED_WINS, mover, turn)),
            (Ok(_), Some(_)) => Message::Success(text!(PLAYED_BLOCKED, mover, turn)),
            (Ok(TurnOutcome::Skipped(skipped)), None) => {
                Message::Warning(text!(PLAYED_SKIP, mover, turn, skipped, skipped.other()))
            }
            (Ok(TurnOutcome::Normal), None) => Message::Info(text!(PLAYED, mover, turn, self.to_move())),
        };
        self.status.show(message);
        if branching {
            let said = self.status.text().cloned().unwrap_or_else(|| text!(PLAIN, ""));
            self.status.warn(text!(PLAYED_BRANCH, said));
        }
        true
    }

    /// Undo: drops what was picked if anything was, else takes back a turn; against
    /// `computer` (not watched), your turn goes back with its answer.
    pub(crate) fn undo(&mut self, computer: Option<Computer>) {
        if self.picked.take().is_some() {
            self.status.info(text!(SELECTION_DROPPED));
            return;
        }
        // A game on time that is over is only looked back through: nothing is taken back.
        if self.read(Record::timed_and_over) {
            return self.step(false, false);
        }
        let agreed = self.read(Record::agreed);
        let undone = self.change(Record::undo);
        let answering = computer.filter(|computer| !computer.watched());
        if undone && agreed.is_none() && answering.is_some_and(|computer| computer.plays(self.to_move())) {
            self.change(Record::undo);
        }
        let to_move = self.to_move();
        match (undone, agreed) {
            (false, _) => self.status.warn(text!(UNDO_NONE)),
            (true, Some(End::Drawn | End::Still)) => self.status.info(text!(UNDO_DRAW, to_move)),
            (true, Some(End::Resigned(player))) => self.status.info(text!(UNDO_RESIGN, player, to_move)),
            (true, _) => self.status.info(text!(UNDO_DONE, to_move)),
        }
        self.say_if_the_computer_waits(computer);
    }

    /// Redo; against `computer` (not watched), its answer comes back with your turn.
    pub(crate) fn redo(&mut self, computer: Option<Computer>) {
        self.picked = None;
        if self.read(Record::timed_and_over) {
            return self.step(true, false);
        }
        let redone = self.change(Record::redo);
        let answering = computer.filter(|computer| !computer.watched());
        if redone && answering.is_some_and(|computer| computer.plays(self.to_move())) && self.can_redo() {
            self.change(Record::redo);
        }
        // Says how the game stands after the turn played again: it may have ended it.
        match (redone, self.end()) {
            (false, _) => self.status.warn(text!(REDO_NONE)),
            (true, Some(End::Won(winner))) => self.status.success(text!(REDO_WINS, winner)),
            (true, Some(_)) => self.status.success(text!(REDO_BLOCKED)),
            (true, None) => self.status.info(text!(REDO_DONE, self.to_move())),
        }
    }

    /// Steps through a finished game without taking anything back, its end kept at the
    /// end: a turn on or back, or (`whole`) to its end or start (a club's replay, a game on
    /// time that is over). At the end it says how the game ended, not who is to move.
    pub(crate) fn step(&mut self, forward: bool, whole: bool) {
        self.picked = None;
        let moved = self.change(|record| {
            let mut moved = false;
            while match forward {
                true => record.redo(),
                false => record.step_back(),
            } {
                moved = true;
                if !whole {
                    break;
                }
            }
            moved
        });
        let (played, total) = self.replay_position();
        match (moved, forward) {
            (true, _) if let Some(end) = self.end() => {
                self.status.info(text!(JUMP_END, played, total, ended(end)))
            }
            (true, _) => self.status.info(text!(JUMP_DONE, played, total, self.to_move())),
            (false, true) => self.status.warn(text!(REDO_NONE)),
            (false, false) => self.status.warn(text!(UNDO_NONE)),
        }
    }

    /// Steps to the start of the game, or to its last turn.
    pub(crate) fn jump(&mut self, to_last: bool, computer: Option<Computer>) {
        self.picked = None;
        if self.read(Record::timed_and_over) {
            return self.step(to_last, true);
        }
        match to_last {
            true => self.change(Record::redo_all),
            false => self.change(Record::undo_all),
        }
        let (played, total) = self.replay_position();
        self.status.info(text!(JUMP_DONE, played, total, self.to_move()));
        self.say_if_the_computer_waits(computer);
    }

    /// Back in the game on the computer's turn, it waits, and says so.
    fn say_if_the_computer_waits(&mut self, computer: Option<Computer>) {
        let waits = self.read(|record| record.can_redo() && record.end().is_none());
        if waits && computer.is_some_and(|computer| computer.plays(self.to_move())) {
            self.status.info(text!(COMPUTER_WAITS));
        }
    }

    /// Drops the turns ahead that were taken back: play goes on from here.
    pub(crate) fn drop_future(&mut self) {
        self.change(Record::drop_future);
    }

    /// Takes back turns until it is `player`'s turn again: in a game at a distance, the
    /// other player agreed to it.
    pub(crate) fn take_back_for(&mut self, player: Colour) {
        self.picked = None;
        let taken = self.change(|record| {
            let mut undone = record.undo();
            let mut taken = usize::from(undone);
            while undone && record.position().to_move() != player {
                undone = record.undo();
                taken += usize::from(undone);
            }
            record.drop_future();
            taken
        });
        // Says what went: one turn, or the asker's and the answer to it.
        match taken {
            2.. => self.status.info(text!(UNDO_BOTH, player, player.other())),
            _ => self.status.info(text!(UNDO_DONE, self.to_move())),
        }
    }

    /// `loser` gives up: the player to move, or at the club either player at any time.
    pub(crate) fn resign(&mut self, loser: Colour) {
        self.picked = None;
        self.change(|record| record.resign_as(loser));
        self.status.success(text!(STATUS_RESIGNED, loser, loser.other()));
    }

    /// The other player said no to a draw.
    pub(crate) fn decline_draw(&mut self) {
        self.status.info(text!(DRAW_DECLINED, self.to_move(), self.to_move().other()));
    }

    pub(crate) fn agree_draw(&mut self) {
        self.picked = None;
        self.change(Record::agree_draw);
        self.status.success(text!(DRAW_DONE));
    }

    /// The computer, playing both sides, draws a game that has gone nowhere, and says why.
    pub(crate) fn draw_standing_still(&mut self) {
        self.picked = None;
        self.change(Record::draw_standing_still);
        self.status.success(text!(DRAW_STILL, crate::ai::STILL_FOR));
    }

    /// Another terminal changed the shared game: what was picked here is dropped, and the
    /// message says what was played there.
    pub(crate) fn changed_elsewhere(&mut self) {
        self.picked = None;
        let last = self.read(|record| record.history().last().and_then(|ply| ply.turn.clone()));
        match (self.end(), last) {
            (Some(_), _) => self.status.clear(),
            (None, Some(turn)) => self.status.info(text!(NET_LAST, turn.to_string(), self.to_move())),
            (None, None) => self.prompt(),
        }
    }
}

/// How a game ended, in words: who won, and why.
pub(super) fn ended(end: End) -> crate::i18n::Text {
    match end {
        End::Won(winner) => text!(STATUS_WINS, winner),
        End::Resigned(loser) => text!(STATUS_RESIGNED, loser, loser.other()),
        End::Drawn => text!(STATUS_DRAW),
        End::Blocked => text!(STATUS_BLOCKED),
        End::Still => text!(STATUS_STILL),
        End::Time(loser) => text!(TIME_UP, loser, loser.other()),
    }
}
