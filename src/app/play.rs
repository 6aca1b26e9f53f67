//! A game at the table, whichever game it is: what the game screen, the keeper and the loop
//! ask of a table, as one object-safe trait over [`Table<G>`]. The app tells the two games
//! apart in one place, [`table`], where a session becomes a table; the ui picks a game's
//! look once, through [`Play::look`].

use super::held::Held;
use super::keys::Action;
use super::layout::GameLayout;
use super::opponent::Computer;
use super::table::{Message, Selecting, Table};
use crate::by_game;
use crate::rules::hex::Cell;
use crate::rules::{ByGame, Colour, GameKind, clamber, ombagui};
use crate::session::{AnySession, End, Players, Session};
use ratatui::layout::Rect;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A table seen with its game: for drawing it, and for tests.
pub type Look<'a> = ByGame<&'a Table<clamber::Position>, &'a Table<ombagui::Position>>;
pub type LookMut<'a> = ByGame<&'a mut Table<clamber::Position>, &'a mut Table<ombagui::Position>>;

/// How a table of one game is seen with its game (one impl a game).
pub trait Seen: Selecting {
    /// A session of this game as a session of either.
    fn any(session: Session<Self>) -> AnySession;
    fn look(table: &Table<Self>) -> Look<'_>;
    fn look_mut(table: &mut Table<Self>) -> LookMut<'_>;
}

/// Each game's tables, seen with their game: a line a game.
macro_rules! seen {
    ($($game:ident: $arm:ident),*) => {$(
        impl Seen for $game::Position {
            fn any(session: Session<Self>) -> AnySession {
                ByGame::$arm(session)
            }
            fn look(table: &Table<Self>) -> Look<'_> {
                ByGame::$arm(table)
            }
            fn look_mut(table: &mut Table<Self>) -> LookMut<'_> {
                ByGame::$arm(table)
            }
        }
    )*};
}
seen!(clamber: Clamber, ombagui: Ombagui);

/// A game at the table, its game unseen.
pub trait Play: std::fmt::Debug {
    fn kind(&self) -> GameKind;
    fn look(&self) -> Look<'_>;
    fn look_mut(&mut self) -> LookMut<'_>;
    /// What a key does on the board: the cursor, Enter and Esc, going through the turns,
    /// hints. The game screen has already decided that the action may be done.
    fn act(&mut self, action: Action);
    fn cursor(&self) -> Cell;
    /// Moves the cursor to `cell` (a click, or the mouse passing over it).
    fn point_at(&mut self, cell: Cell);
    /// Catches up with searches and the computer's turn, at `now`.
    fn update(&mut self, now: Instant);
    /// When it wants to be woken.
    fn timer(&self) -> Option<Instant>;
    /// The layout of its screen in `area`, if the board fits.
    fn layout(&self, area: Rect) -> Option<GameLayout>;
    fn revision(&self) -> u64;
    fn replay_position(&self) -> (usize, usize);
    fn to_move(&self) -> Colour;
    fn end(&self) -> Option<End>;
    fn in_progress(&self) -> bool;
    /// Whether a turn has been played (and so may be taken back).
    fn has_history(&self) -> bool;
    /// Whether turns taken back could be played again.
    fn can_redo(&self) -> bool;
    fn selected(&self) -> bool;
    fn message(&self) -> &Message;
    fn set_message(&mut self, message: Message);
    /// The game as a saved-game text (the date left out when `date` is empty), with the
    /// computer's review of it if there is one.
    fn record(&self, players: &Players, date: &str, review: Option<&crate::saved::KeptReview>) -> String;
    fn computer(&self) -> Option<Computer>;
    fn set_computer(&mut self, computer: Option<Computer>);
    /// A draw offered to the computer, which answers at once and says why.
    fn offer_draw(&mut self);
    fn play_on_from_here(&mut self);
    fn resign(&mut self);
    fn agree_draw(&mut self);
    fn decline_draw(&mut self);
    fn take_back_for(&mut self, player: Colour);
    fn changed_elsewhere(&mut self);
    /// A new game on the same board, against the same computer.
    fn again(&self) -> Box<dyn Play>;
    /// A table at a copy of this game, played apart from it.
    fn copy(&self) -> Box<dyn Play>;
}

/// A table for `game`: a table's own session, or a shared game's.
pub fn table(game: Arc<Mutex<AnySession>>) -> Box<dyn Play> {
    type Make = fn(Arc<Mutex<AnySession>>) -> Box<dyn Play>;
    fn on<G: Seen>(game: Arc<Mutex<AnySession>>) -> Box<dyn Play> {
        Box::new(Table::<G>::new(Held::new(game).expect("a table of the session's own game")))
    }
    fn maker<G: Seen>(_: &Session<G>) -> Make {
        on::<G>
    }
    // The session's game picks the table's; the lock is let go before the table takes it.
    let make = by_game!(&*game.lock().unwrap_or_else(|poisoned| poisoned.into_inner()), s => maker(s));
    make(game)
}

/// A table of its own for `session`.
pub fn own(session: AnySession) -> Box<dyn Play> {
    table(Arc::new(Mutex::new(session)))
}

impl<G: Seen> Play for Table<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn look(&self) -> Look<'_> {
        G::look(self)
    }

    fn look_mut(&mut self) -> LookMut<'_> {
        G::look_mut(self)
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Step(step) => self.step(step),
            Action::Up | Action::Down => self.vertical(action == Action::Up),
            Action::Act => {
                let selected = self.selection.take();
                G::act(self, self.cursor, selected);
            }
            Action::Cancel => G::cancel(self),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::First | Action::Last => self.jump(action == Action::Last),
            Action::Hint => self.ask_hint(),
            Action::Eval => self.toggle_eval(),
            _ => {}
        }
    }

    fn cursor(&self) -> Cell {
        self.cursor
    }

    fn point_at(&mut self, cell: Cell) {
        Table::point_at(self, cell);
    }

    fn update(&mut self, now: Instant) {
        Table::update(self, now);
    }

    fn timer(&self) -> Option<Instant> {
        Table::timer(self)
    }

    fn layout(&self, area: Rect) -> Option<GameLayout> {
        GameLayout::fit(self.position().board(), G::CELL_LINES, area)
    }

    fn revision(&self) -> u64 {
        Table::revision(self)
    }

    fn replay_position(&self) -> (usize, usize) {
        Table::replay_position(self)
    }

    fn to_move(&self) -> Colour {
        Table::to_move(self)
    }

    fn end(&self) -> Option<End> {
        Table::end(self)
    }

    fn in_progress(&self) -> bool {
        Table::in_progress(self)
    }

    fn has_history(&self) -> bool {
        self.read(|session| !session.history().is_empty())
    }

    fn can_redo(&self) -> bool {
        self.read(Session::can_redo)
    }

    fn selected(&self) -> bool {
        self.selection.is_some()
    }

    fn message(&self) -> &Message {
        &self.message
    }

    fn set_message(&mut self, message: Message) {
        self.message = message;
    }

    fn record(&self, players: &Players, date: &str, review: Option<&crate::saved::KeptReview>) -> String {
        self.read(|session| crate::saved::write_reviewed(session, players, date, review))
    }

    fn computer(&self) -> Option<Computer> {
        Table::computer(self)
    }

    fn set_computer(&mut self, computer: Option<Computer>) {
        Table::set_computer(self, computer);
    }

    fn offer_draw(&mut self) {
        Table::offer_draw(self);
    }

    fn play_on_from_here(&mut self) {
        Table::play_on_from_here(self);
    }

    fn resign(&mut self) {
        Table::resign(self);
    }

    fn agree_draw(&mut self) {
        Table::agree_draw(self);
    }

    fn decline_draw(&mut self) {
        Table::decline_draw(self);
    }

    fn take_back_for(&mut self, player: Colour) {
        Table::take_back_for(self, player);
    }

    fn changed_elsewhere(&mut self) {
        Table::changed_elsewhere(self);
    }

    fn copy(&self) -> Box<dyn Play> {
        Box::new(Table::copy(self))
    }

    fn again(&self) -> Box<dyn Play> {
        let mut again = own(AnySession::new(G::KIND.start_on(self.position().board())));
        again.set_computer(self.computer());
        again
    }
}
