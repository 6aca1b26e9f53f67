//! How a game screen follows a game shared with other terminals: woken when another
//! terminal changed the game or who is at it, it says whose turn it is, and carries the
//! questions the players put to each other through the [`Link`](super::link::Link).

use super::component::Go;
use super::game::GameScreen;
use super::link::{News, Proposal};
use super::prompt::Question;
use super::table::Input;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::rules::Colour;

/// How a game screen follows the shared game.
impl<G: Input> GameScreen<G> {
    /// Another terminal changed the shared game, or who is at it: what was played there
    /// shows here, and so does the answer to a question asked from here.
    pub(crate) fn shared_changed(&mut self, played: bool) {
        let Some(seat) = self.seat() else { return };
        // A turn played is the news; who came or went is, when nothing was played.
        let news = seat.link().news().filter(|_| !played);
        if played {
            self.table.changed_elsewhere();
            self.say_who_plays();
        }
        if let Some(news) = news {
            self.table.status_mut().info(said(news));
        }
        self.pass_on_answer();
    }

    /// On the other's turn, and to a watcher, the status line says who plays, never what to
    /// do: the instructions are for the player to move, at their own terminal.
    pub(super) fn say_who_plays(&mut self) {
        let Some(seat) = self.seat() else { return };
        if seat.plays(self.table.to_move()) || self.table.end().is_some() {
            return;
        }
        if let Some(line) = self.seat_line() {
            self.table.status_mut().info(line);
        }
    }

    /// Tells this terminal's player the answer to a question they asked through the link.
    fn pass_on_answer(&mut self) {
        let Some(seat) = self.seat() else { return };
        let link = seat.link();
        if let Some((ask, yes)) = seat.colour().and_then(|colour| link.answer_for(colour)) {
            let key = match (ask, yes) {
                (Proposal::Undo(_), true) if !link.took_both() => NET_UNDO_AGREED_ONE,
                (Proposal::Undo(_), true) => NET_UNDO_AGREED,
                (Proposal::Undo(_), false) => NET_UNDO_DECLINED,
                (Proposal::Draw(_), true) => NET_DRAW_AGREED,
                (Proposal::Draw(_), false) => NET_DRAW_DECLINED,
            };
            self.table.status_mut().info(text!(key, ask.asker().other()));
        }
    }

    /// The question the other player put to this one through the link, if any.
    pub(crate) fn question(&self) -> Option<Question> {
        let seat = self.seat()?;
        let ask = seat.link().asked().filter(|ask| seat.colour() == Some(ask.asker().other()))?;
        Some(match ask {
            Proposal::Undo(asker) => Question::TakeBack(asker),
            Proposal::Draw(asker) => Question::Draw(asker),
        })
    }

    /// In a shared game, who plays what and whose turn it is: "Red is thinking".
    pub(crate) fn seat_line(&self) -> Option<Text> {
        let seat = self.seat()?;
        let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
        let link = seat.link();
        let line = match seat.colour() {
            None => text!(NET_WATCHING),
            Some(_) if over => return None,
            Some(mine) if mine == to_move => text!(NET_YOUR_TURN, mine),
            // The host hears that guests cannot come in, while nobody plays the other side.
            Some(_) if !link.listening() && !link.present(to_move) => text!(NET_NOT_LISTENING),
            Some(_) if !link.came(to_move) => text!(NET_NOT_YET, to_move),
            Some(_) if !link.present(to_move) => text!(NET_LEFT, to_move),
            Some(_) => text!(NET_THINKING, to_move),
        };
        let alone = seat.colour().is_some_and(|mine| !link.present(mine.other()));
        Some(match &seat.invite {
            Some(invite) if alone => text!(NET_INVITING, line, invite.clone()),
            _ => line,
        })
    }

    /// Sends a question to the other player of a shared game.
    pub(super) fn ask(&mut self, ask: impl FnOnce(Colour) -> Proposal) -> Go {
        let Some(seat) = self.seat() else { return Go::Stay };
        let Some(mine) = seat.colour() else {
            self.table.status_mut().info(text!(NET_WATCHING));
            return Go::Stay;
        };
        let ask = ask(mine);
        let link = seat.link();
        // One question at a time: a second would take the first's place unseen, and the
        // other player's answer to the first would find it gone.
        if let Some(waiting) = link.asked().filter(|waiting| waiting.asker() == mine) {
            let key = match waiting {
                Proposal::Undo(_) => NET_UNDO_WAITING,
                Proposal::Draw(_) => NET_DRAW_WAITING,
            };
            self.table.status_mut().info(text!(key, mine.other()));
            return Go::Stay;
        }
        let key = match ask {
            Proposal::Undo(_) => NET_UNDO_ASKED,
            Proposal::Draw(_) => NET_DRAW_ASKED,
        };
        link.ask(ask);
        self.table.status_mut().info(text!(key, mine.other()));
        Go::Stay
    }

    /// Tells the player who asked through the link what the answer was.
    /// `false` if the question no longer stands (a turn was played since it was asked):
    /// then nothing is done.
    pub(super) fn answer_link(&self, question: &Question, yes: bool) -> bool {
        let Some(seat) = self.seat() else { return true };
        let ask = match *question {
            Question::TakeBack(asker) => Proposal::Undo(asker),
            Question::Draw(asker) => Proposal::Draw(asker),
            _ => return true,
        };
        let link = seat.link();
        let stands = link.asked() == Some(ask);
        // On the asker's own turn, the answerer's turn since goes back with theirs.
        let both = matches!(ask, Proposal::Undo(asker) if self.table.to_move() == asker);
        link.answer(ask, yes, both);
        stands
    }
}

/// Who came or went, in words.
fn said(news: News) -> Text {
    match news {
        News::Came(Some(colour)) => text!(NET_CAME, colour),
        News::Went(Some(colour)) => text!(NET_WENT, colour),
        News::Came(None) => text!(NET_WATCHER_CAME),
        News::Went(None) => text!(NET_WATCHER_WENT),
    }
}
