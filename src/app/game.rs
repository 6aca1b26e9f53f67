//! The game screen: a game's board, the advisor, who is at the game ([`Mode`]), the players
//! and where the game is kept. Its keys are the `Game` keys of the key table; each mode
//! has its say on an action first, and what none takes, every game does.

use super::advisor::{Advisor, ahead};
use super::go::{Component, Go, Leave};
use super::held::Held;
use super::keys::{Action, Context, Leaving};
use super::layout::GameLayout;
use super::link::{Ask, Seat};
use super::opponent::{self, Computer, Opponent};
use super::prompt::Question;
use super::rules::Book;
use super::table::Input;
use super::table::{Message, Table};
use crate::ai::{DrawReason, Level, Standing};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::hex::{Cell, CellSet};
use crate::rules::{Any, Family, Game};
use crate::saved::KeptReview;
use crate::session::{Players, Session};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A game on screen.
#[derive(Debug)]
pub struct GameScreen<G: Game> {
    pub table: Table<G>,
    pub advisor: Advisor<G>,
    pub mode: Mode<G>,
    pub players: Players,
    pub keeping: Keeping,
    /// Where `q` leaves it for: the program's end, or the menu it was started from.
    pub leaving: Leaving,
}

/// Who is at the game, which decides what an action may do there.
#[derive(Debug)]
pub enum Mode<G: Game> {
    /// Two players at one keyboard.
    HotSeat,
    /// The computer plays one side, or both.
    Against(Opponent<G>),
    /// A game shared with other terminals.
    Shared(Seat),
    /// A rules example tried on a real board, going back to its page.
    Tried(Book),
}

/// Where a game is kept, and what is kept with it.
#[derive(Debug)]
pub struct Keeping {
    /// Tells games apart, so that what keeps them never mistakes one for another.
    pub id: u64,
    /// Where this game is kept as it goes (set when it is first kept, or resumed).
    pub at: Option<PathBuf>,
    /// Watched, not played: another hexstack has this game open and writes it.
    pub read_only: bool,
    /// The computer's review of the game, kept with it.
    pub review: Option<KeptReview>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Keeping {
    /// A game not kept yet, with an id of its own.
    fn new() -> Keeping {
        Keeping { id: NEXT_ID.fetch_add(1, Ordering::Relaxed), at: None, read_only: false, review: None }
    }
}

/// Every game's screen.
#[derive(Debug)]
pub struct GameScreens;

impl Family for GameScreens {
    type Of<G: Game> = GameScreen<G>;
}

/// A game on screen, of any game.
pub type AnyGameScreen = Any<GameScreens>;

impl<G: Input> GameScreen<G> {
    /// A game on `session`, two players at one keyboard (named as the player set).
    pub fn on(session: Held<G>) -> GameScreen<G> {
        GameScreen {
            table: Table::new(session),
            advisor: Advisor::new(Level::USUAL).showing_eval(super::prefs::get().eval),
            mode: Mode::HotSeat,
            players: super::prefs::players(),
            keeping: Keeping::new(),
            leaving: Leaving::Program,
        }
    }

    /// A new game from `start`.
    pub fn new(start: G) -> GameScreen<G> {
        GameScreen::on(Held::new(Session::new(start)))
    }

    /// A terminal at a game shared with others, playing the seat's colour.
    pub fn shared(session: Held<G>, seat: Seat) -> GameScreen<G> {
        GameScreen { mode: Mode::Shared(seat), players: Players::default(), ..GameScreen::on(session) }
    }

    /// A game read from a file, ready to be stepped through; against the computer, against
    /// it still, at its level.
    pub fn loaded(session: Session<G>, players: Players, review: Option<KeptReview>) -> GameScreen<G> {
        let computer = players.computer;
        let mut screen = GameScreen::on(Held::new(session));
        screen.players = players;
        screen.keeping.review = review;
        screen.set_computer(computer);
        let (played, total) = screen.table.replay_position();
        screen.table.message = Message::Info(text!(LOADED, played, total));
        screen
    }

    /// A rules example to try on a real board, from `start`, a turn begun there (`picked`)
    /// taken up, going back to `book` after.
    pub fn tried(start: G, picked: Option<G::Picked>, book: Book) -> GameScreen<G> {
        let mut screen = GameScreen { mode: Mode::Tried(book), ..GameScreen::new(start) };
        if let Some(picked) = picked {
            G::take_up(&mut screen.table, picked);
        }
        screen
    }

    /// A new game of the same game, on the same board, between the same players, against
    /// the same computer.
    pub fn again(&self) -> GameScreen<G> {
        let start = G::start(self.table.position().board());
        let mut again =
            GameScreen { players: self.players.clone(), leaving: self.leaving, ..GameScreen::new(start) };
        again.set_computer(self.computer().map(Computer::reseeded));
        if let Mode::Tried(book) = &self.mode {
            again.mode = Mode::Tried(*book);
        }
        again
    }

    /// A copy of this game, played apart from it (kept in a file of its own).
    pub fn copy(&self) -> GameScreen<G> {
        let mut copy =
            GameScreen { players: self.players.clone(), ..GameScreen::on(self.table.held().copy()) };
        copy.set_computer(self.computer());
        copy
    }

    /// Who the computer plays, if anyone.
    pub fn computer(&self) -> Option<Computer> {
        match &self.mode {
            Mode::Against(opponent) => Some(opponent.computer),
            _ => None,
        }
    }

    /// The computer plays as `computer` says (or nobody does); hints and figures are given
    /// at its level, so that they agree with its own view of a position.
    pub fn set_computer(&mut self, computer: Option<Computer>) {
        if matches!(self.mode, Mode::HotSeat | Mode::Against(_)) {
            self.mode = computer.map_or(Mode::HotSeat, |computer| Mode::Against(Opponent::new(computer)));
        }
        self.advisor.budget = computer.map_or(Level::USUAL, |computer| computer.level).budget();
    }

    /// The opponent, if the computer plays here.
    pub fn opponent(&self) -> Option<&Opponent<G>> {
        match &self.mode {
            Mode::Against(opponent) => Some(opponent),
            _ => None,
        }
    }

    /// The seat of a shared game.
    pub fn seat(&self) -> Option<&Seat> {
        match &self.mode {
            Mode::Shared(seat) => Some(seat),
            _ => None,
        }
    }

    /// The layout of this game's screen in `area`, if the board fits.
    pub fn layout(&self, area: Rect) -> Option<GameLayout> {
        GameLayout::fit(self.table.position().board(), G::CELL_LINES, area)
    }

    /// Catches up with what happened: the computer's turn moves on (unless `paused`, while
    /// a box is open over the game), then the advisor takes in what it found on the
    /// position the game now stands at.
    pub fn update(&mut self, now: Instant, paused: bool) {
        if !paused {
            self.computer_plays(now);
        }
        if let Some(message) = self.advisor.update(self.table.held()) {
            self.table.message = message;
        }
    }

    /// The computer's turn: its search, its steps shown one by one, then the turn played.
    fn computer_plays(&mut self, now: Instant) {
        loop {
            let Mode::Against(opponent) = &mut self.mode else { return };
            let searcher = self.advisor.searcher();
            match self.table.held().with(|session| opponent.step(session, searcher, now)) {
                opponent::Step::Nothing => return,
                opponent::Step::Show(picked) => return self.table.picked = Some(picked),
                opponent::Step::Play(turn) => {
                    self.table.commit(turn);
                }
                // Two computers that go nowhere: drawn, and said why (issue 33, item 5).
                opponent::Step::Still => {
                    return self.table.draw_standing_still();
                }
            }
        }
    }

    /// When it wants to be woken: the computer's next step (none while `paused`), or the
    /// next redraw of a search's progress bar.
    pub fn timer(&self, paused: bool) -> Option<Instant> {
        let opponent = self.opponent().filter(|_| !paused).and_then(Opponent::timer);
        opponent.into_iter().chain(self.advisor.timer()).min()
    }

    /// The turn the computer is showing step by step, if it is.
    pub fn computer_showing(&self) -> Option<&G::Turn> {
        self.opponent().and_then(|opponent| opponent.showing().map(|(turn, _)| turn))
    }

    /// The cell the board's marks follow: the player's cursor, or while the computer shows
    /// its turn, the cell it points at (none once it has shown every step).
    pub fn pointer(&self) -> Option<Cell> {
        match self.opponent().and_then(Opponent::showing) {
            Some((_, pointed)) => pointed,
            None => Some(self.table.cursor.cell),
        }
    }

    /// What the board lights up: the game's own marks, and a hint in a look of its own
    /// (the computer's turn, as a review marks it), never like a selection.
    pub fn lit(&self) -> super::lit::Lit {
        let mut lit = G::lit(&self.table, self.pointer(), None);
        let board = self.table.position().board();
        let cells = |turn: &G::Turn| -> CellSet {
            G::turn_cells(turn).into_iter().filter_map(|cell| board.index(cell)).collect()
        };
        if let Some(hint) = self.advisor.hint(self.table.revision()) {
            lit.better = cells(hint);
        }
        // What the last turn emptied besides its own cells shows as removed, whoever played it.
        let named = self.table.read(|session| session.last_turn().map(cells)).unwrap_or_default();
        lit.removed |= lit.last - named;
        lit
    }

    /// Whether it is the computer's turn (and so not the player's).
    #[cfg(any(test, feature = "test-hooks"))]
    pub fn computer_to_move(&self) -> bool {
        self.opponent().is_some_and(|opponent| self.table.read(|session| opponent.to_move(session)))
    }

    /// A draw offered to the computer: it answers at once, saying why, and takes it or not.
    fn offer_draw(&mut self) {
        let Some(opponent) = self.opponent() else { return };
        let advised = self.advisor.advice(self.table.revision()).map(|advice| advice.blue);
        let answer = self.table.read(|session| opponent.draw_answer(session, advised));
        let why = match answer.reason() {
            DrawReason::NeitherCanFinish => text!(DRAW_NEITHER),
            DrawReason::StoodEven => text!(DRAW_STOOD_EVEN, crate::ai::EVEN_FOR),
            DrawReason::Standing(Standing::Even) => text!(ADVICE_EVEN),
            DrawReason::Standing(Standing::Ahead { side, percent }) => text!(ADVICE_AHEAD, side, percent),
        };
        if answer.accepts() {
            self.table.agree_draw();
            self.table.message = Message::Success(text!(DRAW_COMPUTER_ACCEPTS, why));
        } else {
            self.table.message = Message::Info(text!(DRAW_COMPUTER_DECLINES, why));
        }
    }

    /// Says that a draw offer was declined, or what not replacing a file or watching means.
    pub fn answer_no(&mut self, question: Question) {
        self.answer_link(&question, false);
        match question {
            Question::Draw(_) => self.table.decline_draw(),
            Question::Replace(path) => {
                self.table.message = Message::Info(text!(SAVE_NOT_REPLACED, crate::store::shown(&path)))
            }
            Question::Locked(_) => self.table.message = Message::Info(text!(LOCK_WATCHING)),
            Question::Branch(_) => {
                self.table.pending = None;
                self.table.message = Message::Info(text!(BRANCH_KEPT));
            }
            _ => {}
        }
    }

    /// Carries out a resignation, a draw or a take-back the players agreed to, or a copy.
    pub fn answer_yes(&mut self, question: Question) {
        if !self.answer_link(&question, true) {
            return self.table.message = Message::Info(text!(NET_STALE));
        }
        match question {
            Question::Resign(_) => self.table.resign(),
            Question::Draw(_) => self.table.agree_draw(),
            Question::OfferDraw => self.offer_draw(),
            Question::TakeBack(asker) => self.table.take_back_for(asker),
            // A copy is a game of its own: kept at once in a new file.
            Question::Locked(_) => {
                *self = self.copy();
                self.table.message = Message::Info(text!(LOCK_COPY));
            }
            Question::Branch(_) => self.branch(),
            Question::Quit | Question::Menu | Question::Replace(_) | Question::Unkept { .. } => {}
        }
    }

    /// Play goes on from here, the later turns replaced: by the turn the player made, or
    /// (on the computer's turn) by the computer's.
    fn branch(&mut self) {
        match self.table.pending.take() {
            Some(turn) => {
                self.table.play_here(turn);
            }
            None => {
                self.table.drop_future();
                self.table.message = Message::Info(text!(COMPUTER_THINKING));
            }
        }
    }

    /// Asks before the turns after this point are replaced, if a turn made here would.
    fn ask_branch(&self) -> Option<Go> {
        let (played, total) = self.table.replay_position();
        let waiting = self.table.pending.is_some() || self.table.end().is_none();
        (self.table.can_redo() && waiting).then_some(Go::Ask(Question::Branch(total - played)))
    }

    /// What a tried example does differently: it goes back to its page with q, or with Esc
    /// once nothing is picked.
    fn when_tried(&mut self, action: Action) -> Option<Go> {
        match action {
            Action::Back => Some(Go::BackToRules),
            Action::Cancel if self.table.picked.is_none() => Some(Go::BackToRules),
            _ => None,
        }
    }

    /// What a shared game does differently: a player acts on their own turns only, takes
    /// back and draws with the other's yes, and a guest neither saves nor is asked to quit.
    fn when_shared(&mut self, action: Action) -> Option<Go> {
        let seat = self.seat()?;
        let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
        let (waiting, guest, link) = (!seat.plays(to_move), seat.guest, seat.link());
        let message = match action {
            Action::Act if over => Message::Info(text!(NET_OVER)),
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if waiting => {
                Message::Info(self.seat_line().unwrap_or_else(|| text!(PLAIN, "")))
            }
            Action::Save if guest => Message::Warning(text!(NET_NO_SAVE)),
            Action::Undo if self.table.picked.is_none() && !self.table.has_history() => {
                Message::Warning(text!(UNDO_NONE))
            }
            Action::Undo if self.table.picked.is_none() => return Some(self.ask(Ask::Undo)),
            Action::Draw if !over => return Some(self.ask(Ask::Draw)),
            // A guest leaving loses nothing: the host keeps the game, and the code lets them back.
            Action::Quit if guest => return Some(Go::Quit),
            // The host leaving drops whoever is there: asked first, even before a turn.
            Action::Quit if link.players() > 1 || link.watchers() > 0 => {
                return Some(Go::Ask(Question::Quit));
            }
            _ => return None,
        };
        self.table.message = message;
        Some(Go::Stay)
    }

    /// What a game against the computer does differently: the player waits for its turn,
    /// and it answers a draw offer itself.
    fn when_against(&mut self, action: Action) -> Option<Go> {
        let its_turn = self.computer()?.plays(self.table.to_move()) && self.table.end().is_none();
        let busy = self.opponent().is_some_and(Opponent::busy);
        match action {
            // Stepped back to its turn, Enter lets it play from there, once the player agrees.
            Action::Act if its_turn && self.table.can_redo() => return self.ask_branch(),
            // Undo stops the computer's turn under way, and takes back the player's.
            Action::Undo if busy => {
                self.table.picked = None;
                self.table.undo(self.computer());
            }
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if its_turn => {
                self.table.message = Message::Info(text!(COMPUTER_THINKING))
            }
            Action::Draw if self.table.end().is_none() => return Some(Go::Ask(Question::OfferDraw)),
            _ => return None,
        }
        Some(Go::Stay)
    }

    /// What an action does on the board, in any game.
    fn on_board(&mut self, action: Action) {
        let computer = self.computer();
        match action {
            Action::Undo => self.table.undo(computer),
            Action::Redo => self.table.redo(computer),
            Action::First | Action::Last => self.table.jump(action == Action::Last, computer),
            Action::Hint => {
                if let Some(message) = self.advisor.ask_hint(self.table.held()) {
                    self.table.message = message;
                }
            }
            Action::Eval => self.advisor.toggle_eval(self.table.held()),
            // Esc with nothing picked puts a hint away.
            Action::Cancel if self.table.picked.is_none() && self.advisor.clear_hint() => {}
            action => self.table.on_board(action),
        }
    }

    /// What an action does in any game, once its mode had its say.
    fn common(&mut self, action: Action) -> Go {
        let (over, in_progress) = (self.table.end().is_some(), self.table.in_progress());
        match action {
            Action::Act if over => Go::Again,
            Action::Save => Go::SaveAs(G::KIND),
            Action::Review => Go::Review(None, Leave::Game),
            Action::Help => Go::Help,
            Action::Resign | Action::Draw if over => {
                self.table.message = Message::Warning(text!(OVER_ALREADY));
                Go::Stay
            }
            Action::Resign => Go::Ask(Question::Resign(self.table.to_move())),
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

    /// The hint's line, or who is ahead, for the position on screen: a figure is shown
    /// only for the position it was found for.
    pub fn standing(&self) -> Option<crate::i18n::Text> {
        let advice = self.advisor.advice(self.table.revision())?;
        self.advisor.eval_shown(self.table.revision()).then(|| ahead(advice))
    }
}

impl<G: Input> Component for GameScreen<G> {
    fn context(&self) -> Context {
        match &self.mode {
            Mode::Tried(_) => Context::Try,
            Mode::Shared(seat) if seat.colour().is_none() => Context::Watching,
            Mode::Shared(_) => Context::Shared,
            Mode::Against(opponent) if opponent.computer.watched() => Context::Watched,
            Mode::Against(_) => Context::Against,
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
            self.table.message = Message::Warning(text!(LOCK_READ_ONLY));
            return Go::Stay;
        }
        let ruled = match self.mode {
            Mode::Tried(_) => self.when_tried(action),
            Mode::Shared(_) => self.when_shared(action),
            Mode::Against(_) => self.when_against(action),
            Mode::HotSeat => None,
        };
        let go = ruled.unwrap_or_else(|| self.common(action));
        // A turn made back in the game waits for the player's word on the later turns.
        match self.table.pending.is_some() {
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

/// What the keeper and the loop ask of a game kept while it is on screen, played or
/// under its review, whichever game it is.
pub trait Kept {
    /// Where it is kept, and what is kept with it.
    fn keeping(&mut self) -> &mut Keeping;
    /// A number that changes whenever what is kept of it does.
    fn revision(&self) -> (u64, usize);
    /// It as a saved-game text (the date left out when `date` is empty).
    fn record(&self, date: &str) -> String;
    /// The line that tells the player what happened.
    fn message(&mut self) -> &mut Message;
    /// How many turns are played, of how many in its line.
    fn replay_position(&self) -> (usize, usize);
    /// Whether it is a rules example being tried (never kept).
    fn tried(&self) -> bool;
    fn kind(&self) -> crate::rules::GameKind;
    fn cursor(&self) -> Cell;
    fn point_at(&mut self, cell: Cell);
    /// Carries out the answer to a question about it.
    fn answer(&mut self, question: Question, yes: bool);
}

impl<G: Input> Kept for GameScreen<G> {
    fn keeping(&mut self) -> &mut Keeping {
        &mut self.keeping
    }

    /// The game's revision, and how much its review holds ([`KeptReview::size`]):
    /// what keeps it writes it again when either changes.
    fn revision(&self) -> (u64, usize) {
        let looked = self.keeping.review.as_ref().map_or(0, KeptReview::size);
        (self.table.revision(), looked)
    }

    fn record(&self, date: &str) -> String {
        let players = Players { computer: self.computer(), ..self.players.clone() };
        let review = self.keeping.review.as_ref();
        self.table.read(|session| crate::saved::write_reviewed(session, &players, date, review))
    }

    fn message(&mut self) -> &mut Message {
        &mut self.table.message
    }

    fn replay_position(&self) -> (usize, usize) {
        self.table.replay_position()
    }

    fn tried(&self) -> bool {
        matches!(self.mode, Mode::Tried(_))
    }

    fn kind(&self) -> crate::rules::GameKind {
        G::KIND
    }

    fn cursor(&self) -> Cell {
        self.table.cursor.cell
    }

    fn point_at(&mut self, cell: Cell) {
        self.table.point_at(cell);
    }

    fn answer(&mut self, question: Question, yes: bool) {
        match yes {
            true => self.answer_yes(question),
            false => self.answer_no(question),
        }
    }
}

impl AnyGameScreen {
    /// The game on screen, as what keeps it sees it.
    pub fn kept(&mut self) -> &mut dyn Kept {
        crate::each_game!(self, game => game)
    }

    /// The same, to read.
    pub fn seen(&self) -> &dyn Kept {
        crate::each_game!(self, game => game)
    }
}
