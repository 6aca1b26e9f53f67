//! What every game screen shares, whatever the game: the game's history, the cursor,
//! and the line that tells the players what happened.

use super::Message;
use super::session::{End, Played, Session};
use crate::i18n::{Explain, colour};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use crate::t;

/// A game at the table: its session, the cursor, and the last message.
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    pub session: Session<G>,
    pub cursor: Cell,
    pub message: Message,
    /// The text key of the prompt for the player to move.
    prompt: &'static str,
}

impl<G: Game> Table<G>
where
    G::Illegal: Explain,
{
    /// A game from `start`, the cursor in the middle of the board; `prompt` is the text
    /// key that tells the player to move what to do.
    pub fn new(start: G, prompt: &'static str) -> Table<G> {
        let side = start.board().side();
        let mut table = Table {
            session: Session::new(start),
            cursor: Cell::new(side - 1, side - 1),
            message: Message::None,
            prompt,
        };
        table.prompt();
        table
    }

    /// Tells the player to move what to do.
    pub fn prompt(&mut self) {
        self.message = Message::Info(t!(self.prompt, colour(self.to_move())));
    }

    pub fn position(&self) -> G {
        self.session.position()
    }

    pub fn to_move(&self) -> Colour {
        self.session.position().to_move()
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub fn commit(&mut self, turn: G::Turn) -> bool {
        let mover = colour(self.to_move());
        let branching = self.session.can_redo();
        match self.session.play(&turn) {
            Ok(played) => {
                self.message = match (self.session.end(), played) {
                    (Some(End::Won(_)), _) => Message::Success(t!("played.wins", mover, turn)),
                    (Some(_), _) => Message::Success(t!("played.blocked", mover, turn)),
                    (None, Played::Skipped(skipped)) => Message::Warning(t!(
                        "played.skip",
                        mover,
                        turn,
                        colour(skipped),
                        colour(skipped.other())
                    )),
                    (None, Played::Normal) => {
                        Message::Info(t!("played", mover, turn, colour(self.to_move())))
                    }
                };
                if branching {
                    self.message = Message::Warning(t!("played.branch", self.message.text()));
                }
                true
            }
            Err(reason) => {
                self.message = Message::Warning(reason.explain());
                false
            }
        }
    }

    pub fn undo(&mut self) {
        self.message = if self.session.undo() {
            Message::Info(t!("undo.done", colour(self.to_move())))
        } else {
            Message::Warning(t!("undo.none"))
        };
    }

    pub fn redo(&mut self) {
        self.message = if self.session.redo() {
            Message::Info(t!("redo.done", colour(self.to_move())))
        } else {
            Message::Warning(t!("redo.none"))
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
        self.message = Message::Info(t!("jump.done", played, total, colour(self.to_move())));
    }

    pub fn resign(&mut self) {
        let loser = self.to_move();
        self.session.resign();
        self.message = Message::Success(t!("resign.done", colour(loser), colour(loser.other())));
    }

    pub fn agree_draw(&mut self) {
        self.session.agree_draw();
        self.message = Message::Success(t!("draw.done"));
    }
}
