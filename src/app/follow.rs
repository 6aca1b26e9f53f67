//! How a game screen follows a game shared with other terminals: woken when another
//! terminal changed the game or who is at it, it says whose turn it is, and carries the
//! questions the players put to each other through the [`Link`](super::link::Link).

use super::game::GameScreen;
use super::link::{Ask, News};
use super::prompt::Question;
use super::table::Message;
use crate::rules::Colour;
use crate::t;

/// How a game screen follows the shared game.
impl GameScreen {
    /// Another terminal changed the shared game, or who is at it: what was played there
    /// shows here, and so does the answer to a question asked from here.
    pub fn shared_changed(&mut self, played: bool) {
        let Some(seat) = &self.seat else { return };
        // A turn played is the news; who came or went is, when nothing was played.
        let news = seat.link().news().filter(|_| !played);
        if played {
            self.table.changed_elsewhere();
            let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
            if !seat.plays(to_move) && !over {
                // Not this terminal's turn: say who plays, not what to do.
                let line = self.seat_line().unwrap_or_default();
                self.set_message(Message::Info(line));
            }
        }
        if let Some(news) = news {
            self.set_message(Message::Info(said(news)));
        }
        self.pass_on_answer();
    }

    /// Tells this terminal's player the answer to a question they asked through the link.
    fn pass_on_answer(&mut self) {
        let Some(seat) = &self.seat else { return };
        let link = seat.link();
        if let Some((ask, yes)) = seat.colour().and_then(|colour| link.answer_for(colour)) {
            let other = crate::i18n::colour(ask.asker().other());
            let key = match (ask, yes) {
                (Ask::Undo(_), true) => "net.undo_agreed",
                (Ask::Undo(_), false) => "net.undo_declined",
                (Ask::Draw(_), true) => "net.draw_agreed",
                (Ask::Draw(_), false) => "net.draw_declined",
            };
            self.set_message(Message::Info(t!(key, other)));
        }
    }

    /// The question the other player put to this one through the link, if any.
    pub fn question(&self) -> Option<Question> {
        let seat = self.seat.as_ref()?;
        let ask = seat.link().asked().filter(|ask| seat.colour() == Some(ask.asker().other()))?;
        Some(match ask {
            Ask::Undo(asker) => Question::TakeBack(asker),
            Ask::Draw(asker) => Question::Draw(asker),
        })
    }

    /// In a shared game, who plays what and whose turn it is: "Red is thinking".
    pub fn seat_line(&self) -> Option<String> {
        let seat = self.seat.as_ref()?;
        let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
        let name = crate::i18n::colour;
        let link = seat.link();
        let line = match seat.colour() {
            None => t!("net.watching"),
            Some(_) if over => return None,
            Some(mine) if mine == to_move => t!("net.your_turn", name(mine)),
            // The host hears that guests cannot come in, while nobody plays the other side.
            Some(_) if !link.listening() && !link.present(to_move) => t!("net.not_listening"),
            Some(_) if !link.came(to_move) => t!("net.not_yet", name(to_move)),
            Some(_) if !link.present(to_move) => t!("net.left", name(to_move)),
            Some(_) => t!("net.thinking", name(to_move)),
        };
        let alone = seat.colour().is_some_and(|mine| !link.present(mine.other()));
        Some(match &seat.invite {
            Some(invite) if alone => format!("{line}. {invite}"),
            _ => line,
        })
    }

    /// Sends a question to the other player of a shared game.
    pub(super) fn ask(&mut self, ask: impl FnOnce(Colour) -> Ask) {
        let Some(seat) = &self.seat else { return };
        let Some(mine) = seat.colour() else { return self.set_message(Message::Info(t!("net.watching"))) };
        let ask = ask(mine);
        let key = match ask {
            Ask::Undo(_) => "net.undo_asked",
            Ask::Draw(_) => "net.draw_asked",
        };
        seat.link().ask(ask);
        self.set_message(Message::Info(t!(key, crate::i18n::colour(mine.other()))));
    }

    /// Tells the player who asked through the link what the answer was.
    /// `false` if the question no longer stands (a turn was played since it was asked):
    /// then nothing is done.
    pub(super) fn answer_link(&self, question: &Question, yes: bool) -> bool {
        let Some(seat) = &self.seat else { return true };
        let ask = match *question {
            Question::TakeBack(asker) => Ask::Undo(asker),
            Question::Draw(asker) => Ask::Draw(asker),
            _ => return true,
        };
        let link = seat.link();
        let stands = link.asked() == Some(ask);
        link.answer(ask, yes);
        stands
    }
}

/// Who came or went, in words.
fn said(news: News) -> String {
    let name = crate::i18n::colour;
    match news {
        News::Came(Some(colour)) => t!("net.came", name(colour)),
        News::Went(Some(colour)) => t!("net.went", name(colour)),
        News::Came(None) => t!("net.watcher_came"),
        News::Went(None) => t!("net.watcher_went"),
    }
}
