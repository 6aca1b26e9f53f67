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
