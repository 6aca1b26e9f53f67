//! What an action does, mode by mode: each mode of play has its say first ([`GameScreen::act`]
//! asks it), and what none takes, every game does.

use super::{GameScreen, Mode};
use crate::app::component::{Go, Leave};
use crate::app::keys::{Action, Leaving};
use crate::app::link::Proposal;
use crate::app::opponent::Opponent;
use crate::app::prompt::Question;
use crate::app::table::{Input, Message};
use crate::i18n::keys::*;
use crate::i18n::text;

impl<G: Input> GameScreen<G> {
    /// What a tried example does differently: it goes back to its page with q, or with Esc
    /// once nothing is picked.
    pub(super) fn when_tried(&mut self, action: Action) -> Option<Go> {
        match action {
            Action::Back => Some(Go::BackToRules),
            Action::Cancel if self.table.picked().is_none() => Some(Go::BackToRules),
            _ => None,
        }
    }

    /// What a game at the club does differently: `q` and `m` go back to the lobby (the game
    /// goes on there), the computer never helps (a rated game is the players' own, and the
    /// server's time is everyone's), the club keeps the game, and a replay only looks back.
    pub(super) fn when_at_club(&mut self, action: Action) -> Option<Go> {
        if self.leaving != Leaving::Lobby {
            return None;
        }
        let replay = matches!(self.mode, Mode::HotSeat);
        let said = match action {
            // A chain under way is a turn already: the player says whether to end it there.
            Action::Quit | Action::Menu => {
                let begun = self.table.picked().and_then(G::begun);
                return Some(begun.map_or(Go::Lobby, |turn| Go::Ask(Question::EndTurn(turn.to_string()))));
            }
            Action::Hint | Action::Eval | Action::Review => text!(CLUB_NO_ENGINE),
            Action::Save => text!(CLUB_NO_SAVE),
            Action::Act | Action::Cancel | Action::Resign | Action::Draw if replay => text!(CLUB_REPLAY_ONLY),
            Action::Undo | Action::Redo | Action::First | Action::Last if replay => {
                let forward = matches!(action, Action::Redo | Action::Last);
                self.table.step(forward, matches!(action, Action::First | Action::Last));
                return Some(Go::Stay);
            }
            // A member may resign on the other's turn too, as a bot may.
            Action::Resign if self.table.end().is_none() => {
                match self.seat().and_then(|seat| seat.colour()) {
                    Some(mine) => return Some(Go::Ask(Question::YouResign(mine))),
                    None => text!(NET_WATCHING),
                }
            }
            // Over at the club is over for good: nothing is taken back or offered there.
            Action::Act | Action::Undo | Action::Draw | Action::Resign
                if !replay && self.table.end().is_some() =>
            {
                text!(CLUB_OVER)
            }
            _ => return None,
        };
        self.table.status_mut().info(said);
        Some(Go::Stay)
    }

    /// What a shared game does differently: a player acts on their own turns only, takes
    /// back and draws with the other's yes, and a guest neither saves nor is asked to quit.
    pub(super) fn when_shared(&mut self, action: Action) -> Option<Go> {
        let seat = self.seat()?;
        let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
        let (waiting, guest, link) = (!seat.plays(to_move), seat.guest, seat.link());
        let message = match action {
            Action::Act if over => Message::Info(text!(NET_OVER)),
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if waiting => {
                Message::Info(self.seat_line().unwrap_or_else(|| text!(PLAIN, "")))
            }
            Action::Save if guest => Message::Warning(text!(NET_NO_SAVE)),
            Action::Undo if self.table.picked().is_none() && !self.table.has_history() => {
                Message::Warning(text!(UNDO_NONE))
            }
            Action::Undo if self.table.picked().is_none() => return Some(self.ask(Proposal::Undo)),
            Action::Draw if !over => return Some(self.ask(Proposal::Draw)),
            // A guest leaving loses nothing: the host keeps the game, and the code lets them back.
            Action::Quit if guest => return Some(Go::Quit),
            // The host leaving drops whoever is there: asked first, even before a turn.
            Action::Quit if link.players() > 1 || link.watchers() > 0 => {
                return Some(Go::Ask(Question::Quit));
            }
            _ => return None,
        };
        self.table.status_mut().show(message);
        Some(Go::Stay)
    }

    /// What a game against the computer does differently: the player waits for its turn,
    /// and it answers a draw offer itself.
    pub(super) fn when_against(&mut self, action: Action) -> Option<Go> {
        let its_turn = self.computer()?.plays(self.table.to_move()) && self.table.end().is_none();
        let busy = self.opponent().is_some_and(Opponent::busy);
        match action {
            // Stepped back to its turn, Enter lets it play from there, once the player agrees.
            Action::Act if its_turn && self.table.can_redo() => return self.ask_branch(),
            // Undo stops the computer's turn under way, and takes back the player's.
            Action::Undo if busy => {
                self.table.take_picked();
                self.table.undo(self.computer());
            }
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if its_turn => {
                self.table.status_mut().info(text!(COMPUTER_THINKING))
            }
            Action::Draw if self.table.end().is_none() => return Some(Go::Ask(Question::OfferDraw)),
            _ => return None,
        }
        Some(Go::Stay)
    }

    /// What an action does on the board, in any game.
    pub(super) fn on_board(&mut self, action: Action) {
        let computer = self.computer();
        match action {
            Action::Undo => self.table.undo(computer),
            Action::Redo => self.table.redo(computer),
            Action::First | Action::Last => self.table.jump(action == Action::Last, computer),
            Action::Hint => {
                if let Some(message) = self.advisor.ask_hint(self.table.shared_record()) {
                    self.table.status_mut().show(message);
                }
            }
            Action::Eval => self.advisor.toggle_eval(self.table.shared_record()),
            // Esc with nothing picked puts a hint away.
            Action::Cancel if self.table.picked().is_none() && self.advisor.clear_hint() => {}
            action => self.table.on_board(action),
        }
    }

    /// What an action does in any game, once its mode had its say.
    pub(super) fn common(&mut self, action: Action) -> Go {
        // A game that cannot go on is over wherever its players look back to in it.
        let over = self.table.end().is_some() || self.ended_for_good().is_some();
        let in_progress = self.table.in_progress();
        match action {
            // An Enter meant for the board never starts a new game unasked; a tried example
            // is no game to keep.
            Action::Act if over && matches!(self.mode, Mode::Tried(_)) => Go::Again,
            Action::Act if over => Go::Ask(Question::Again),
            Action::Save => Go::SaveAs(G::KIND),
            Action::Review => Go::Review(None, Leave::Game),
            Action::Help => Go::Help,
            Action::Resign | Action::Draw if over => {
                self.table.status_mut().warn(text!(OVER_ALREADY));
                Go::Stay
            }
            // At a shared game the player is asked in their own person.
            Action::Resign => match self.seat().and_then(|seat| seat.colour()) {
                Some(mine) => Go::Ask(Question::YouResign(mine)),
                None => Go::Ask(Question::Resign(self.table.to_move())),
            },
            Action::Draw => Go::Ask(Question::Draw(self.table.to_move())),
            // A game started from the menu goes back there: q is m.
            Action::Quit if self.leaving == Leaving::Menu => self.common(Action::Menu),
            Action::Menu if in_progress => Go::Ask(Question::Menu),
            Action::Menu => Go::Menu,
            Action::Quit if in_progress => Go::Ask(Question::Quit),
            Action::Quit => Go::Quit,
            action => {
                self.on_board(action);
                Go::Stay
            }
        }
    }
}
