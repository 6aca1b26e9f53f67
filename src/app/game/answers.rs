//! What the game does with a player's answer: a draw offered to the computer, a question
//! said yes or no to, play going on from a turn back in the game.

use super::GameScreen;
use crate::ai::{Balance, DrawReason};
use crate::app::component::Go;
use crate::app::prompt::Question;
use crate::app::table::Input;
use crate::i18n::keys::*;
use crate::i18n::text;

impl<G: Input> GameScreen<G> {
    /// A draw offered to the computer: it answers at once, saying why, and takes it or not.
    pub(super) fn offer_draw(&mut self) {
        let Some(opponent) = self.opponent() else { return };
        let advised = self.advisor.advice(self.table.revision()).map(|advice| advice.blue);
        let answer = self.table.read(|record| opponent.draw_answer(record, advised));
        let why = match answer.reason() {
            DrawReason::NeitherCanFinish => text!(DRAW_NEITHER),
            DrawReason::StoodEven => text!(DRAW_STOOD_EVEN, crate::ai::EVEN_FOR),
            DrawReason::Balance(Balance::Even) => text!(ADVICE_EVEN),
            DrawReason::Balance(Balance::Ahead { side, percent }) => text!(ADVICE_AHEAD, side, percent),
        };
        if answer.accepts() {
            self.table.agree_draw();
            self.table.status_mut().success(text!(DRAW_COMPUTER_ACCEPTS, why));
        } else {
            self.table.status_mut().info(text!(DRAW_COMPUTER_DECLINES, why));
        }
    }

    /// Says that a draw offer was declined, or what not replacing a file or watching means.
    pub(crate) fn answer_no(&mut self, question: Question) {
        self.answer_link(&question, false);
        match question {
            Question::Draw(_) => self.table.decline_draw(),
            Question::Replace(path) => {
                self.table.status_mut().info(text!(SAVE_NOT_REPLACED, crate::i18n::shown_path(&path)))
            }
            Question::Locked(_) => self.table.status_mut().info(text!(LOCK_WATCHING)),
            Question::Branch(_) => {
                self.table.take_pending();
                self.table.status_mut().info(text!(BRANCH_KEPT));
            }
            _ => {}
        }
    }

    /// Carries out a resignation, a draw or a take-back the players agreed to, or a copy.
    pub(crate) fn answer_yes(&mut self, question: Question) {
        if !self.answer_link(&question, true) {
            return self.table.status_mut().info(text!(NET_STALE));
        }
        match question {
            Question::Resign(loser) | Question::YouResign(loser) => self.table.resign(loser),
            // The chain under way is played as it stands, as Esc would.
            Question::EndTurn(_) => G::cancel(&mut self.table),
            Question::Draw(_) => self.table.agree_draw(),
            Question::OfferDraw => self.offer_draw(),
            Question::TakeBack(asker) => self.table.take_back_for(asker),
            // A copy is a game of its own: kept at once in a new file.
            Question::Locked(_) => {
                *self = self.copy();
                self.table.status_mut().info(text!(LOCK_COPY));
            }
            Question::Branch(_) => self.branch(),
            Question::UndoOnTime => {
                self.table.take_picked();
                self.table.undo(self.computer());
            }
            Question::Quit
            | Question::QuitEntry
            | Question::Menu
            | Question::Again
            | Question::LeaveClub
            | Question::Replace(_)
            | Question::Unkept { .. } => {}
        }
    }

    /// Play goes on from here, the later turns replaced: by the turn the player made, or
    /// (on the computer's turn) by the computer's.
    pub(super) fn branch(&mut self) {
        match self.table.take_pending() {
            Some(turn) => {
                self.table.play_here(turn);
            }
            None => {
                self.table.drop_future();
                self.table.status_mut().info(text!(COMPUTER_THINKING));
            }
        }
    }

    /// Asks before the turns after this point are replaced, if a turn made here would.
    pub(super) fn ask_branch(&self) -> Option<Go> {
        let (played, total) = self.table.replay_position();
        let waiting = self.table.pending().is_some() || self.table.end().is_none();
        (self.table.can_redo() && waiting).then_some(Go::Ask(Question::Branch(total - played)))
    }
}
