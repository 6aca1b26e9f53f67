//! The form of a seek or a challenge: the game and board, the clock (none, live, or days a
//! turn), rated or casual, the side the member plays; one row chosen to change with ← and →,
//! Enter sends it.

use super::{LobbyAsk, Terms, asking};
use crate::app::component::Go;
use crate::app::keys::Action;
use crate::app::menu::{boards, clocks};
use crate::clock::{ClubClock, TimeControl};
use crate::rules::Colour;
use crate::rules::time_control::DAYS;
use ratatui::layout::{Position, Rect};
use std::time::Duration;

/// The form's rows, in order: the last sends it.
pub(crate) const ROWS: usize = 5;

/// The clocks the form offers, in the order ← and → go through them: none, the live ones
/// the menu offers, then days a turn.
pub(crate) fn club_clocks() -> Vec<ClubClock> {
    let live = clocks(None).into_iter().map(|clock| clock.map_or(ClubClock::Untimed, ClubClock::Live));
    live.chain(DAYS.map(ClubClock::Daily)).collect()
}

/// A seek being written, or a challenge to a member.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Form {
    /// The member challenged; None for a seek open to all.
    pub to: Option<String>,
    /// The row chosen: the board, the clock, rated, the side, send.
    pub row: usize,
    /// Which of the menu's boards.
    pub board: usize,
    /// The clock chosen.
    pub clock: ClubClock,
    /// Whether the game is rated.
    pub rated: bool,
    pub(crate) colour: Option<Colour>,
}

impl Form {
    /// The first game on its usual board, 5+3, rated, the side left to chance: a club's
    /// usual game.
    pub(crate) fn new(to: Option<String>) -> Form {
        let clock = ClubClock::Live(TimeControl {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(3),
        });
        Form { to, row: 0, board: 0, clock, rated: true, colour: None }
    }

    /// The terms as the form stands.
    pub(crate) fn terms(&self) -> Terms {
        let all = boards();
        let (game, board) = all[self.board.min(all.len() - 1)];
        Terms { game, side: board.side(), clock: self.clock, rated: self.rated, colour: self.colour }
    }

    /// What the form asks for: a seek, or the challenge.
    fn send(&self) -> Go {
        let terms = self.terms();
        asking(match &self.to {
            Some(name) => LobbyAsk::Challenge(name.clone(), terms),
            None => LobbyAsk::Post(terms),
        })
    }

    /// What a key does on the form: Go::Stay keeps it open, unless it was `Back`.
    pub(crate) fn act(&mut self, action: Action) -> Go {
        match action {
            Action::Previous => self.row = (self.row + ROWS - 1) % ROWS,
            Action::Next => self.row = (self.row + 1) % ROWS,
            Action::Less => self.change(false),
            Action::More => self.change(true),
            Action::Choose => return self.send(),
            Action::Help => return Go::Help,
            _ => {}
        }
        Go::Stay
    }

    /// The chosen row's value one step on (`more`) or back, going round.
    fn change(&mut self, more: bool) {
        let step = |at: usize, count: usize| if more { (at + 1) % count } else { (at + count - 1) % count };
        match self.row {
            0 => self.board = step(self.board, boards().len()),
            1 => {
                let all = club_clocks();
                let at = all.iter().position(|&clock| clock == self.clock).unwrap_or(0);
                self.clock = all[step(at, all.len())];
            }
            2 => self.rated = !self.rated,
            3 => {
                let sides = [None, Some(Colour::Blue), Some(Colour::Red)];
                let at = sides.iter().position(|&side| side == self.colour).unwrap_or(0);
                self.colour = sides[step(at, sides.len())];
            }
            _ => {}
        }
    }

    /// Where the form's title and rows are drawn in the lobby's list `list`: centred, a
    /// line each.
    pub(crate) fn rects(list: Rect) -> (Rect, [Rect; ROWS]) {
        let height = (ROWS as u16 + 1).min(list.height);
        let top = list.y + (list.height - height) / 2;
        let line = |n: u16| Rect::new(list.x, (top + n).min(list.bottom().saturating_sub(1)), list.width, 1);
        (line(0), std::array::from_fn(|n| line(n as u16 + 1)))
    }

    /// A click on the form: a row is chosen; a click on the chosen one changes it, and on
    /// the last sends the form.
    pub(crate) fn click(&mut self, at: Position, list: Rect) -> Go {
        let (_, rows) = Form::rects(list);
        match rows.iter().position(|rect| rect.contains(at)) {
            Some(row) if row == ROWS - 1 => self.send(),
            Some(row) if row == self.row => {
                self.change(true);
                Go::Stay
            }
            Some(row) => {
                self.row = row;
                Go::Stay
            }
            None => Go::Stay,
        }
    }
}
