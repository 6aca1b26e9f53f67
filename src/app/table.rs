//! What every game screen shares, whatever the game: the game's history, the cursor,
//! and the line that tells the players what happened.

use super::Message;
use super::session::{End, Played, Session};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};

/// A game at the table: its session, the cursor, and the last message.
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    pub session: Session<G>,
    pub cursor: Cell,
    pub message: Message,
}

impl<G: Game> Table<G> {
    /// A game from `start`, the cursor in the middle of the board.
    pub fn new(start: G, prompt: &str) -> Table<G> {
        let side = start.board().side();
        let session = Session::new(start);
        let to_move = session.position().to_move();
        Table {
            session,
            cursor: Cell::new(side - 1, side - 1),
            message: Message::Info(format!("{to_move}: {prompt}")),
        }
    }

    pub fn position(&self) -> G {
        self.session.position()
    }

    pub fn to_move(&self) -> Colour {
        self.session.position().to_move()
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub fn commit(&mut self, turn: G::Turn) -> bool {
        let mover = self.to_move();
        let branching = self.session.can_redo();
        match self.session.play(&turn) {
            Ok(played) => {
                self.message = match (self.session.end(), played) {
                    (Some(End::Won(_)), _) => Message::Success(format!("{mover} played {turn} and wins!")),
                    (Some(_), _) => {
                        Message::Success(format!("{mover} played {turn}: nobody can move, a draw"))
                    }
                    (None, Played::Skipped(colour)) => Message::Warning(format!(
                        "{mover} played {turn}. {colour} has no legal turn and is skipped: {} again",
                        colour.other()
                    )),
                    (None, Played::Normal) => {
                        Message::Info(format!("{mover} played {turn}. {} to move", self.to_move()))
                    }
                };
                if branching {
                    self.message = Message::Warning(format!(
                        "{} (a new line of play: the turns taken back are dropped)",
                        self.message.text()
                    ));
                }
                true
            }
            Err(reason) => {
                self.message = Message::Warning(reason.to_string());
                false
            }
        }
    }

    pub fn undo(&mut self) {
        self.message = if self.session.undo() {
            Message::Info(format!("turn taken back: {} to move", self.to_move()))
        } else {
            Message::Warning("nothing to undo".into())
        };
    }

    pub fn redo(&mut self) {
        self.message = if self.session.redo() {
            Message::Info(format!("turn played again: {} to move", self.to_move()))
        } else {
            Message::Warning("nothing to redo".into())
        };
    }

    /// Steps to the start of the game, or to its last turn.
    pub fn jump(&mut self, to_last: bool) {
        if to_last {
            self.session.redo_all();
        } else {
            self.session.undo_all();
        }
        let played = self.session.turns_played();
        let total = self.session.all_turns().count();
        self.message = Message::Info(format!("turn {played} of {total}: {} to move", self.to_move()));
    }

    pub fn resign(&mut self) {
        let colour = self.to_move();
        self.session.resign();
        self.message = Message::Success(format!("{colour} resigns: {} wins", colour.other()));
    }

    pub fn agree_draw(&mut self) {
        self.session.agree_draw();
        self.message = Message::Success("draw agreed".into());
    }
}
