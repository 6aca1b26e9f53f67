//! The game screen: a game's board, the advisor, who is at the game ([`Mode`]), the players
//! and where the game is kept. Its keys are the `Game` keys of the key table; each mode
//! has its say on an action first, and what none takes, every game does.

use super::advisor::{Advisor, ahead, steady};
use super::component::{Component, Go, Tries};
use super::event::Waker;
use super::keys::{Action, Context, Leaving};
use super::layout::GameLayout;
use super::link::Seat;
use super::opponent::{self, Computer, Opponent};
use super::rules::Book;
use super::shared_record::SharedRecord;
use super::table::Input;
use super::table::Table;
use crate::settings::Prefs;

mod answers;
mod kept;
mod modes;
mod timed;

use crate::ai::Level;
use crate::clock::{ClubClock, Deadline};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::{Players, Record};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::{Any, Family, Game};
use crate::saved::KeptReview;
pub(crate) use kept::{AnyGameScreenExt, Keeping, Kept};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::time::Instant;

/// A game on screen.
#[derive(Debug)]
pub(crate) struct GameScreen<G: Game> {
    /// The record it plays on, the player's input and the game's flow.
    pub table: Table<G>,
    /// Hints and who is ahead, searched on a thread.
    pub advisor: Advisor<G>,
    /// Who is at the game: two players at one keyboard, the computer, a shared game.
    pub mode: Mode<G>,
    /// The players' names, and the computer if it plays.
    pub players: Players,
    /// What the club knows of each player (Blue, Red): their rating in the game's pool
    /// (`1512`, `?` while provisional), none off the club or in a casual game.
    pub ratings: [Option<String>; 2],
    /// The club's clock of a game there (`3d`), named in its panel where the record keeps
    /// no live clock; none off the club.
    pub club_clock: Option<ClubClock>,
    /// When a correspondence turn's time runs out: the club's to keep and end the game on,
    /// the screen's only to show.
    pub due: Option<Deadline>,
    /// Where the game is kept, whether it is read-only, and its review.
    pub keeping: Keeping,
    /// Where `q` leaves it for: the program's end, or the menu it was started from.
    pub leaving: Leaving,
    /// The new games' defaults of the terminal it is on: a game started again, a copy and
    /// the computer brought in follow them.
    pub prefs: Prefs,
    /// Two players at one keyboard stopped both clocks, the board hidden until they go on.
    pub paused: bool,
}

/// Who is at the game, which decides what an action may do there.
#[derive(Debug)]
pub(crate) enum Mode<G: Game> {
    /// Two players at one keyboard.
    HotSeat,
    /// The computer plays one side, or both.
    Against(Opponent<G>),
    /// A game shared with other terminals.
    Shared(Seat),
    /// A rules example tried on a real board, going back to its page.
    Tried(Book),
}

/// Every game's screen.
#[derive(Debug)]
pub(crate) struct GameScreens;

impl Family for GameScreens {
    type Of<G: Game> = GameScreen<G>;
}

/// A game on screen, of any game.
pub(crate) type AnyGameScreen = Any<GameScreens>;

impl<G: Input> GameScreen<G> {
    /// A game on `record`, two players at one keyboard (named as `prefs` say), its searches
    /// waking the loop through `waker`.
    pub(crate) fn on(record: SharedRecord<G>, prefs: &Prefs, waker: &Waker) -> GameScreen<G> {
        GameScreen {
            table: Table::new(record),
            advisor: Advisor::new(Level::USUAL, waker.clone()).showing_eval(prefs.eval),
            mode: Mode::HotSeat,
            players: prefs.players(),
            ratings: [None, None],
            club_clock: None,
            due: None,
            keeping: Keeping::new(),
            leaving: Leaving::Program,
            prefs: prefs.clone(),
            paused: false,
        }
    }

    /// A new game from `start`.
    pub(crate) fn new(start: G, prefs: &Prefs, waker: &Waker) -> GameScreen<G> {
        GameScreen::on(SharedRecord::new(Record::new(start)), prefs, waker)
    }

    /// A terminal at a game shared with others, playing the seat's colour.
    pub(crate) fn shared(record: SharedRecord<G>, seat: Seat, prefs: &Prefs, waker: &Waker) -> GameScreen<G> {
        let on = GameScreen::on(record, prefs, waker);
        let mut screen = GameScreen { mode: Mode::Shared(seat), players: Players::default(), ..on };
        screen.say_who_plays();
        screen
    }

    /// A game read from a file, ready to be stepped through; against the computer, against
    /// it still, at its level.
    pub(crate) fn loaded(
        record: Record<G>,
        (players, review): (Players, Option<KeptReview>),
        prefs: &Prefs,
        waker: &Waker,
    ) -> GameScreen<G> {
        let computer = players.computer;
        let mut screen = GameScreen::on(SharedRecord::new(record), prefs, waker);
        screen.players = players;
        screen.keeping.review = review;
        screen.set_computer(computer);
        let (played, total) = screen.table.replay_position();
        screen.table.status_mut().info(text!(LOADED, played, total));
        screen
    }

    /// A rules example to try on a real board, from `start`, a turn begun there (`picked`)
    /// taken up, going back to `book` after.
    pub(crate) fn tried(
        (start, picked): <Tries as Family>::Of<G>,
        book: Book,
        prefs: &Prefs,
        waker: &Waker,
    ) -> GameScreen<G> {
        let mut screen = GameScreen { mode: Mode::Tried(book), ..GameScreen::new(start, prefs, waker) };
        if let Some(picked) = picked {
            G::take_up(&mut screen.table, picked);
        }
        screen
    }

    /// A new game of the same game, on the same board, between the same players, against
    /// the same computer.
    pub(crate) fn again(&self) -> GameScreen<G> {
        let start = G::start(self.table.position().board());
        let new = GameScreen::new(start, &self.prefs, self.advisor.searcher().waker());
        let mut again = GameScreen { players: self.players.clone(), leaving: self.leaving, ..new };
        again.set_computer(self.computer().map(Computer::reseeded));
        again.set_clock(self.time_control());
        if let Mode::Tried(book) = &self.mode {
            again.mode = Mode::Tried(*book);
        }
        again
    }

    /// A copy of this game, played apart from it (kept in a file of its own).
    pub(crate) fn copy(&self) -> GameScreen<G> {
        let record = self.table.shared_record().copy();
        let on = GameScreen::on(record, &self.prefs, self.advisor.searcher().waker());
        let mut copy = GameScreen { players: self.players.clone(), ..on };
        copy.set_computer(self.computer());
        copy
    }

    /// Who the computer plays, if anyone.
    pub(crate) fn computer(&self) -> Option<Computer> {
        match &self.mode {
            Mode::Against(opponent) => Some(opponent.computer),
            _ => None,
        }
    }

    /// The computer plays as `computer` says (or nobody does); hints and figures are given
    /// at its level, so that they agree with its own view of a position.
    pub(crate) fn set_computer(&mut self, computer: Option<Computer>) {
        if matches!(self.mode, Mode::HotSeat | Mode::Against(_)) {
            let against = |computer| Mode::Against(Opponent::new(computer, self.prefs.step_time));
            self.mode = computer.map_or(Mode::HotSeat, against);
        }
        self.advisor.budget = steady(computer.map_or(Level::USUAL, |computer| computer.level).budget());
    }

    /// The opponent, if the computer plays here.
    pub(crate) fn opponent(&self) -> Option<&Opponent<G>> {
        match &self.mode {
            Mode::Against(opponent) => Some(opponent),
            _ => None,
        }
    }

    /// How a game that cannot go on ended, wherever the players stand in its line: a game
    /// on time that is over, or a finished game of the club's replayed.
    pub(crate) fn ended_for_good(&self) -> Option<crate::record::End> {
        let replay = self.leaving == Leaving::Lobby && matches!(self.mode, Mode::HotSeat);
        self.table.read(|record| record.line_end().filter(|_| replay || record.timed_and_over()))
    }

    /// The seat of a shared game.
    pub(crate) fn seat(&self) -> Option<&Seat> {
        match &self.mode {
            Mode::Shared(seat) => Some(seat),
            _ => None,
        }
    }

    /// The layout of this game's screen in `area`, if the board fits.
    pub(crate) fn layout(&self, area: Rect) -> Option<GameLayout> {
        GameLayout::fit(self.table.position().board(), G::CELL_LINES, area)
    }

    /// Catches up with what happened: the computer's turn moves on (unless `paused`, while
    /// a box is open over the game, or the players paused the game), the clocks run or
    /// wait, then the advisor takes in what it found on the position the game now stands at.
    pub(crate) fn update(&mut self, now: Instant, paused: bool) {
        if !paused && !self.paused {
            self.computer_plays(now);
        }
        self.keep_time(paused);
        if let Some(message) = self.advisor.update(self.table.shared_record()) {
            self.table.status_mut().show(message);
        }
    }

    /// The computer's turn: its search, its steps shown one by one, then the turn played.
    fn computer_plays(&mut self, now: Instant) {
        loop {
            let Mode::Against(opponent) = &mut self.mode else { return };
            let searcher = self.advisor.searcher();
            match self.table.shared_record().with(|record| opponent.step(record, searcher, now)) {
                opponent::OpponentStep::Nothing => return,
                opponent::OpponentStep::Show(picked) => return self.table.pick(picked),
                opponent::OpponentStep::Play(turn) => {
                    self.table.commit(turn);
                }
                // Two computers that go nowhere: drawn, and said why.
                opponent::OpponentStep::Still => {
                    return self.table.draw_standing_still();
                }
            }
        }
    }

    /// When it wants to be woken: the computer's next step (none while `paused`), the
    /// next redraw of a search's progress bar, or the next change of a running clock.
    pub(crate) fn timer(&self, paused: bool) -> Option<Instant> {
        let opponent = self.opponent().filter(|_| !paused && !self.paused).and_then(Opponent::timer);
        opponent.into_iter().chain(self.advisor.timer()).chain(self.clock_due()).min()
    }

    /// The turn the computer is showing step by step, if it is.
    pub(crate) fn computer_showing(&self) -> Option<&G::Turn> {
        self.opponent().and_then(|opponent| opponent.showing().map(|(turn, _)| turn))
    }

    /// The cell the board's marks follow: the player's cursor, or while the computer shows
    /// its turn, the cell it points at (none once it has shown every step).
    pub(crate) fn pointer(&self) -> Option<Cell> {
        match self.opponent().and_then(Opponent::showing) {
            Some((_, pointed)) => pointed,
            None => Some(self.table.cursor().cell),
        }
    }

    /// What the board lights up: the game's own marks, and a hint in a look of its own
    /// (the computer's turn, as a review marks it), never like a selection.
    pub(crate) fn lit(&self) -> super::highlights::Highlights {
        let mut lit = G::lit(&self.table, self.pointer(), None);
        let board = self.table.position().board();
        let cells = |turn: &G::Turn| -> CellSet {
            G::turn_cells(turn).into_iter().filter_map(|cell| board.index(cell)).collect()
        };
        if let Some(hint) = self.advisor.hint(self.table.revision()) {
            lit.better = cells(hint);
        }
        // What the last turn emptied besides its own cells shows as removed, whoever played it.
        let named = self.table.read(|record| record.last_turn().map(cells)).unwrap_or_default();
        lit.removed |= lit.last - named;
        lit
    }

    /// Whether it is the computer's turn (and so not the player's).
    #[cfg(test)]
    pub(crate) fn computer_to_move(&self) -> bool {
        self.opponent().is_some_and(|opponent| self.table.read(|record| opponent.to_move(record)))
    }

    /// The hint's line, or who is ahead, for the position on screen: a figure is shown
    /// only for the position it was found for.
    pub(crate) fn standing(&self) -> Option<crate::i18n::Text> {
        let advice = self.advisor.advice(self.table.revision())?;
        self.advisor.eval_shown(self.table.revision()).then(|| ahead(advice))
    }
}

impl<G: Input> Component for GameScreen<G> {
    fn context(&self) -> Context {
        match &self.mode {
            _ if self.paused => Context::Paused,
            Mode::Tried(_) => Context::Try,
            Mode::Shared(seat) if seat.colour().is_none() => Context::Watching,
            Mode::Shared(_) => Context::Shared,
            Mode::Against(opponent) if opponent.computer.watched() => Context::Watched,
            Mode::Against(_) => Context::Against,
            Mode::HotSeat if self.leaving == Leaving::Lobby => Context::Replay,
            Mode::HotSeat => Context::Game,
        }
    }

    /// Each mode has its say on the action first; what none of them takes, every game does.
    /// A game another hexstack writes is only watched.
    fn act(&mut self, action: Action) -> Go {
        let changes = matches!(
            action,
            Action::Act
                | Action::Undo
                | Action::Redo
                | Action::First
                | Action::Last
                | Action::Resign
                | Action::Draw
        );
        if self.keeping.read_only && changes {
            self.table.status_mut().warn(text!(LOCK_READ_ONLY));
            return Go::Stay;
        }
        if let Some(go) = self.when_at_club(action) {
            return go;
        }
        if let Some(go) = self.when_timed(action) {
            return go;
        }
        let ruled = match self.mode {
            Mode::Tried(_) => self.when_tried(action),
            Mode::Shared(_) => self.when_shared(action),
            Mode::Against(_) => self.when_against(action),
            Mode::HotSeat => None,
        };
        let go = ruled.unwrap_or_else(|| self.common(action));
        // A turn made back in the game waits for the player's word on the later turns.
        match self.table.pending().is_some() {
            true => self.ask_branch().unwrap_or(go),
            false => go,
        }
    }

    /// A click acts on the cell under it; the cursor follows the mouse.
    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let clicked = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if !clicked && mouse.kind != MouseEventKind::Moved {
            return Go::Stay;
        }
        let Some(cell) = self.layout(area).and_then(|layout| layout.board.cell_at(mouse.column, mouse.row))
        else {
            return Go::Stay;
        };
        self.table.point_at(cell);
        if clicked { self.act(Action::Act) } else { Go::Stay }
    }
}
