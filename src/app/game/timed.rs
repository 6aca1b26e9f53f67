//! A game screen's clocks: what holds them (the computer showing its turn, a box over the
//! computer's turn, a shared game before both players came), the flag's fall said on the
//! message line, and when the loop must look at them again; a correspondence turn's
//! deadline at the club, which only the club ends the game on.

use super::{GameScreen, Mode};
use crate::app::component::{Go, Question};
use crate::app::keys::Action;
use crate::app::table::{Input, Message};
use crate::clock::{Clock, Deadline, TimeControl, Timepiece};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::{End, Record};
use crate::rules::Colour;
use std::time::Instant;

impl<G: Input> GameScreen<G> {
    /// The game is played on `control` from now on (or without clocks), both clocks full.
    pub(crate) fn set_clock(&mut self, control: Option<TimeControl>) {
        let clock = control.map(|control| Clock::new(control, Timepiece::real()));
        self.table.shared_record().change(|record| record.set_clock(clock));
    }

    /// The game's time control, if it is played on time.
    pub(crate) fn time_control(&self) -> Option<TimeControl> {
        self.table.read(|record| record.clock().map(Clock::control))
    }

    /// Runs the clock of the player to move unless something holds it (`paused`: a box is
    /// open over the game), and says so if a flag fell.
    pub(super) fn keep_time(&mut self, paused: bool) {
        let holds = self.clock_held(paused);
        if self.table.shared_record().change(|record| record.keep_time(holds)) {
            self.table.take_picked();
            if let Some(End::Time(loser)) = self.table.end() {
                self.table.status_mut().success(text!(TIME_UP, loser, loser.other()));
            }
        }
    }

    /// Stops the clocks, the time spent counted (the game leaves the screen).
    pub(crate) fn stop_clock(&mut self) {
        self.table.shared_record().change(|record| record.keep_time(true));
    }

    /// Whether the clocks wait: while the players paused them, while the computer shows
    /// the turn it chose (the player's clock runs once it is shown), while a box is open over
    /// a game at one keyboard (`paused`: nobody can play under a question, and a flag fell
    /// behind "Quit?"), and in a shared game until both players have come.
    fn clock_held(&self, paused: bool) -> bool {
        match &self.mode {
            Mode::Against(opponent) => self.paused || opponent.showing().is_some() || paused,
            Mode::Shared(seat) => {
                let link = seat.link();
                !(link.came(Colour::Blue) && link.came(Colour::Red))
            }
            Mode::HotSeat => self.paused || paused,
            Mode::Tried(_) => false,
        }
    }

    /// What a game on time does differently while it goes on: undo asks first (the clocks
    /// give no time back), and nobody steps through its turns. A shared game's undo asks
    /// the other player already.
    pub(super) fn when_timed(&mut self, action: Action) -> Option<Go> {
        let going_on = self.table.read(|record| record.clock().is_some() && record.line_end().is_none());
        if action == Action::Pause {
            return Some(self.pause(going_on));
        }
        self.paused &= going_on;
        let shared = matches!(self.mode, Mode::Shared(_));
        // A shared game on time that is over has nothing to take back: its clocks are spent.
        if shared && action == Action::Undo && self.table.read(Record::timed_and_over) {
            self.table.status_mut().info(text!(TIME_NOTHING_BACK));
            return Some(Go::Stay);
        }
        if !going_on {
            return None;
        }
        if self.paused && !matches!(action, Action::Help | Action::Quit | Action::Menu | Action::Save) {
            self.table.status_mut().info(text!(TIME_PAUSED_KEYS));
            return Some(Go::Stay);
        }
        match action {
            Action::Undo if !shared && self.table.picked().is_none() && self.table.has_history() => {
                Some(Go::Ask(Question::UndoOnTime))
            }
            Action::First | Action::Last => {
                self.table.status_mut().info(text!(TIME_NO_STEPPING));
                Some(Go::Stay)
            }
            _ => None,
        }
    }

    /// `p` at one keyboard (or against the computer): both clocks stop and the board
    /// hides, or play goes on.
    fn pause(&mut self, going_on: bool) -> Go {
        let message = match going_on {
            false => Message::Info(text!(TIME_NO_CLOCK)),
            true => {
                self.paused = !self.paused;
                self.table.take_picked();
                match self.paused {
                    true => Message::Info(text!(TIME_PAUSED)),
                    false => Message::Info(text!(G::PROMPT, self.table.to_move())),
                }
            }
        };
        self.table.status_mut().show(message);
        Go::Stay
    }

    /// When the clocks next change what they show, or a flag falls, or a correspondence
    /// turn's time left turns.
    pub(super) fn clock_due(&self) -> Option<Instant> {
        let daily = self.daily_due().and_then(Deadline::next_change);
        self.table.read(Record::clock_due).into_iter().chain(daily).min()
    }

    /// The deadline of the turn under way in a correspondence game that goes on: none to show
    /// once it is over.
    pub(crate) fn daily_due(&self) -> Option<&Deadline> {
        self.due.as_ref().filter(|_| self.table.end().is_none())
    }
}
