//! A game at the table, whatever the game: its session, the cursor, what is selected, and
//! the line that tells the players what happened. What differs between the games (what
//! Enter selects, what the board lights up) is the [`Selecting`] trait, one impl a game.

use super::advisor::{Advice, Purpose, Searcher, Thinking};
use super::held::Held;
use super::keys::Step;
use super::lit::Lit;
use super::opponent::{self, Computer, Opponent, Shown};
use crate::ai::{Budget, DrawReason, Standing};
use crate::i18n::{Explain, colour};
use crate::rules::hex::{Cell, DIRECTIONS};
use crate::rules::{Colour, Game};
use crate::session::{End, Played, Session};
use crate::t;
use std::time::Instant;

/// The level hints and figures are given at in a game without the computer.
const ADVICE_LEVEL: u8 = 3;

/// A line for the player, and how to show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    None,
    Info(String),
    Warning(String),
    Success(String),
}

impl Message {
    pub fn text(&self) -> &str {
        match self {
            Message::None => "",
            Message::Info(text) | Message::Warning(text) | Message::Success(text) => text,
        }
    }
}

/// What a game's screen does with Enter and Esc, and what its board lights up. It asks the
/// rules for the legal turns and filters them; it never decides a rule itself.
pub trait Selecting: Game<Illegal: Explain> + Shown {
    /// The text key that tells the player to move what to do.
    const PROMPT: &'static str;
    /// How many screen lines a cell takes.
    const CELL_LINES: u16;

    /// Enter (or a click) on `cell`, the cursor's, with what was selected (now taken out
    /// of the table: an act that keeps it puts it back).
    fn act(table: &mut Table<Self>, cell: Cell, selected: Option<Self::Selection>);
    /// Esc: drop the selection, or finish what it started.
    fn cancel(table: &mut Table<Self>);
    /// The board as the players should see it now (a chain's captures already made).
    fn shown(table: &Table<Self>) -> Self {
        table.position()
    }
    /// What the board lights up, by meaning.
    fn lit(table: &Table<Self>) -> Lit;
    /// The cells a turn names, to light a suggested turn.
    fn turn_cells(turn: &Self::Turn) -> Vec<Cell>;
}

/// A game at the table.
#[derive(Debug)]
pub struct Table<G: Selecting> {
    /// The game: this table's own, or the one a shared game's terminals all play on.
    session: Held<G>,
    pub cursor: Cell,
    pub message: Message,
    pub selection: Option<G::Selection>,
    /// The screen column the Up and Down keys try to keep to.
    column: Option<i32>,
    /// The advisor's last word on this position, and whether its turn is lit as a hint.
    pub advice: Option<Advice<G::Turn>>,
    pub hint: bool,
    /// Whether the panel shows who is ahead after every turn.
    pub show_eval: bool,
    /// The advisor's search under way.
    thinking: Option<Thinking<G::Turn>>,
    /// The game revision the advice is for.
    advice_for: u64,
    /// The computer, if it plays here.
    pub opponent: Option<Opponent<G>>,
    /// One search for the game, hints and the computer's turns alike: it keeps its table.
    searcher: Searcher<G>,
    /// The budget the advisor thinks within.
    pub advice_budget: Budget,
}

impl<G: Selecting> Table<G> {
    /// A game on `session`, the cursor in the middle of the board.
    pub fn new(session: Held<G>) -> Table<G> {
        let side = session.with(|session| session.position().board().side());
        let mut table = Table {
            session,
            cursor: Cell::new(side - 1, side - 1),
            message: Message::None,
            selection: None,
            column: None,
            advice: None,
            hint: false,
            show_eval: false,
            thinking: None,
            advice_for: 0,
            opponent: None,
            searcher: Searcher::default(),
            advice_budget: crate::ai::level(ADVICE_LEVEL),
        };
        table.prompt();
        table
    }

    /// A table at a copy of this game, played apart from it.
    pub fn copy(&self) -> Table<G> {
        let mut copy = Table::new(self.session.copy());
        copy.set_computer(self.computer());
        copy
    }

    /// What `look` reads of the session.
    pub fn read<R>(&self, look: impl FnOnce(&Session<G>) -> R) -> R {
        self.session.with(look)
    }

    fn change<R>(&mut self, change: impl FnOnce(&mut Session<G>) -> R) -> R {
        self.session.change(change)
    }

    /// A number that changes whenever the game does.
    pub fn revision(&self) -> u64 {
        self.read(Session::revision)
    }

    /// Who the computer plays, if anyone.
    pub fn computer(&self) -> Option<Computer> {
        self.opponent.as_ref().map(|opponent| opponent.computer)
    }

    /// The computer plays at `computer`'s level, and hints and figures are given at that
    /// level too, so that they agree with its own view of a position.
    pub fn set_computer(&mut self, computer: Option<Computer>) {
        self.opponent = computer.map(Opponent::new);
        self.advice_budget = crate::ai::level(computer.map_or(ADVICE_LEVEL, |computer| computer.level));
    }

    /// Tells the player to move what to do.
    pub fn prompt(&mut self) {
        self.message = Message::Info(t!(G::PROMPT, colour(self.to_move())));
    }

    pub fn position(&self) -> G {
        self.read(Session::position)
    }

    pub fn to_move(&self) -> Colour {
        self.position().to_move()
    }

    pub fn end(&self) -> Option<End> {
        self.read(Session::end)
    }

    /// The player who had to pass just now, if the last thing that happened is a skip.
    pub fn skipped(&self) -> Option<Colour> {
        self.read(|session| {
            let last = session.history().last()?;
            last.turn.is_none().then(|| last.position.to_move().other())
        })
    }

    /// Whether a game is going on that quitting would interrupt.
    pub fn in_progress(&self) -> bool {
        self.end().is_none() && self.read(|session| !session.history().is_empty())
    }

    /// How many turns are played, of how many in the game's line.
    pub fn replay_position(&self) -> (usize, usize) {
        self.read(|session| (session.turns_played(), session.all_turns().count()))
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub fn commit(&mut self, turn: G::Turn) -> bool {
        let mover = colour(self.to_move());
        let branching = self.read(Session::can_redo);
        self.selection = None;
        match self.change(|session| session.play(&turn)) {
            Ok(played) => {
                self.message = match (self.end(), played) {
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

    /// Undo: drops a selection if there is one, else takes back a turn.
    pub fn undo(&mut self) {
        if self.selection.take().is_some() {
            self.message = Message::Info(t!("selection.dropped"));
            return;
        }
        let agreed = self.read(Session::agreed);
        let to_move = |table: &Self| colour(table.to_move());
        let undone = self.change(Session::undo);
        // Against the computer, your turn goes back with its answer.
        let computer = self.computer().filter(|computer| !computer.watched());
        if undone && agreed.is_none() && computer.is_some_and(|computer| computer.plays(self.to_move())) {
            self.change(Session::undo);
        }
        self.message = match (undone, agreed) {
            (false, _) => Message::Warning(t!("undo.none")),
            (true, Some(End::Drawn)) => Message::Info(t!("undo.draw", to_move(self))),
            (true, Some(End::Resigned(player))) => {
                Message::Info(t!("undo.resign", colour(player), to_move(self)))
            }
            (true, _) => Message::Info(t!("undo.done", to_move(self))),
        };
        self.say_if_the_computer_waits();
    }

    /// Against the computer, back in the game on its turn: it waits, and says so.
    fn say_if_the_computer_waits(&mut self) {
        let waits = self.read(|session| session.can_redo() && session.end().is_none());
        if waits && self.computer().is_some_and(|computer| computer.plays(self.to_move())) {
            self.message = Message::Info(t!("computer.waits"));
        }
    }

    /// The computer plays from here on, dropping the turns ahead that were taken back.
    pub fn play_on_from_here(&mut self) {
        self.change(Session::drop_future);
    }

    /// Takes back turns until it is `player`'s turn again: in a game at a distance, the
    /// other player agreed to it.
    pub fn take_back_for(&mut self, player: Colour) {
        self.selection = None;
        self.change(|session| {
            let mut undone = session.undo();
            while undone && session.position().to_move() != player {
                undone = session.undo();
            }
            session.drop_future();
        });
        self.message = Message::Info(t!("undo.done", colour(self.to_move())));
    }

    /// Another terminal changed the shared game: what was selected here is dropped, and the
    /// message says what was played there.
    pub fn changed_elsewhere(&mut self) {
        self.selection = None;
        let last = self.read(|session| session.history().last().and_then(|ply| ply.turn.clone()));
        match (self.end(), last) {
            (Some(_), _) => self.message = Message::None,
            (None, Some(turn)) => self.message = Message::Info(t!("net.last", turn, colour(self.to_move()))),
            (None, None) => self.prompt(),
        }
    }

    pub fn redo(&mut self) {
        self.selection = None;
        let redone = self.change(Session::redo);
        // Against the computer, its answer comes back with your turn.
        let computer = self.computer().filter(|computer| !computer.watched());
        if redone
            && computer.is_some_and(|computer| computer.plays(self.to_move()))
            && self.read(Session::can_redo)
        {
            self.change(Session::redo);
        }
        // Says how the game stands after the turn played again: it may have ended it.
        self.message = match (redone, self.end()) {
            (false, _) => Message::Warning(t!("redo.none")),
            (true, Some(End::Won(winner))) => Message::Success(t!("redo.wins", colour(winner))),
            (true, Some(_)) => Message::Success(t!("redo.blocked")),
            (true, None) => Message::Info(t!("redo.done", colour(self.to_move()))),
        };
    }

    /// Steps to the start of the game, or to its last turn.
    pub fn jump(&mut self, to_last: bool) {
        self.selection = None;
        if to_last {
            self.change(Session::redo_all);
        } else {
            self.change(Session::undo_all);
        }
        let (played, total) = self.replay_position();
        self.message = Message::Info(t!("jump.done", played, total, colour(self.to_move())));
        self.say_if_the_computer_waits();
    }

    pub fn resign(&mut self) {
        self.selection = None;
        let loser = self.to_move();
        self.change(Session::resign);
        self.message = Message::Success(t!("resign.done", colour(loser), colour(loser.other())));
    }

    /// The other player said no to a draw.
    pub fn decline_draw(&mut self) {
        self.message =
            Message::Info(t!("draw.declined", colour(self.to_move()), colour(self.to_move().other())));
    }

    pub fn agree_draw(&mut self) {
        self.selection = None;
        self.change(Session::agree_draw);
        self.message = Message::Success(t!("draw.done"));
    }

    /// Asks the advisor for a turn to light up.
    pub fn ask_hint(&mut self) {
        self.forget_stale_advice();
        self.hint = true;
        // Advice on this position already there (the figure shown): said at once.
        match &self.advice {
            Some(advice) => self.message = Message::Info(t!("advice.hint", advice.turn, ahead(advice))),
            None => self.think(),
        }
        self.update(Instant::now());
    }

    /// Shows or hides who is ahead.
    pub fn toggle_eval(&mut self) {
        self.show_eval = !self.show_eval;
        self.think();
        self.update(Instant::now());
    }

    /// Starts the advisor on the position now, unless it has advised on it or is at it.
    fn think(&mut self) {
        let revision = self.revision();
        let busy = self.thinking.as_ref().is_some_and(|thinking| thinking.revision == revision);
        if self.advice.is_none() && !busy && self.end().is_none() {
            let budget = self.advice_budget;
            let purpose = (budget, Purpose::Advice);
            let thinking = self.read(|session| opponent::start_thinking(session, &self.searcher, purpose));
            self.thinking = Some(thinking);
        }
    }

    /// Drops advice on a position the game has left (and its hint with it).
    fn forget_stale_advice(&mut self) {
        let revision = self.revision();
        if self.advice_for != revision {
            (self.advice, self.hint, self.advice_for) = (None, false, revision);
        }
    }

    /// Catches up with what happened: takes in what the advisor found (advice on a position
    /// the game has left is forgotten) and moves the computer's turn on, at `now`.
    pub fn update(&mut self, now: Instant) {
        self.forget_stale_advice();
        let revision = self.revision();
        if self.thinking.as_ref().is_some_and(|thinking| thinking.revision != revision) {
            self.thinking = None;
        }
        if let Some(advice) = self.thinking.as_ref().and_then(Thinking::answer) {
            self.thinking = None;
            self.take_advice(advice);
        }
        if self.show_eval && self.advice.is_none() && self.thinking.is_none() {
            self.think();
        }
        self.computer_plays(now);
    }

    /// The computer's turn: its search, its steps shown one by one, then the turn played.
    fn computer_plays(&mut self, now: Instant) {
        loop {
            let Some(opponent) = &mut self.opponent else { return };
            let searcher = &self.searcher;
            match self.session.with(|session| opponent.step(session, searcher, now)) {
                opponent::Step::Nothing => return,
                opponent::Step::Show(selection) => return self.selection = Some(selection),
                opponent::Step::Play(turn) => {
                    self.commit(turn);
                }
            }
        }
    }

    /// When this table wants to be woken: the computer's next step, or the next redraw of a
    /// search's progress bar.
    pub fn timer(&self) -> Option<Instant> {
        let opponent = self.opponent.as_ref().and_then(Opponent::timer);
        let advisor = self.thinking.as_ref().map(Thinking::next_redraw);
        opponent.into_iter().chain(advisor).min()
    }

    /// Whether it is the computer's turn (and so not the player's).
    pub fn computer_to_move(&self) -> bool {
        self.opponent.as_ref().is_some_and(|opponent| self.read(|session| opponent.to_move(session)))
    }

    /// Whether the computer is thinking about its turn, and how far.
    pub fn computer_thinking(&self) -> Option<f64> {
        self.opponent.as_ref().and_then(Opponent::thinking)
    }

    /// The turn the computer is showing step by step, if it is.
    pub fn computer_showing(&self) -> Option<G::Turn> {
        self.opponent.as_ref().and_then(|opponent| opponent.showing().map(|(turn, _)| turn.clone()))
    }

    /// The cell the board's marks follow: the player's cursor, or while the computer shows
    /// its turn, the cell it points at (none once it has shown every step).
    pub fn pointer(&self) -> Option<Cell> {
        match self.opponent.as_ref().and_then(Opponent::showing) {
            Some((_, pointed)) => pointed,
            None => Some(self.cursor),
        }
    }

    /// Whether the computer is busy with its turn: thinking, or showing it.
    pub fn computer_busy(&self) -> bool {
        self.opponent.as_ref().is_some_and(Opponent::busy)
    }

    /// A draw offered to the computer: it answers at once, saying why, and takes it or not.
    pub fn offer_draw(&mut self) {
        let Some(opponent) = &self.opponent else { return };
        let revision = self.revision();
        let advised = self.advice.as_ref().filter(|_| self.advice_for == revision).map(|advice| advice.blue);
        let answer = self.read(|session| opponent.draw_answer(session, advised));
        let why = match answer.reason() {
            DrawReason::NeitherCanFinish => t!("draw.neither"),
            DrawReason::StoodEven => t!("draw.stood_even", crate::ai::EVEN_FOR),
            DrawReason::Standing(Standing::Even) => t!("advice.even"),
            DrawReason::Standing(Standing::Ahead { side, percent }) => {
                t!("advice.ahead", colour(side), percent)
            }
        };
        if answer.accepts() {
            self.agree_draw();
            self.message = Message::Success(t!("draw.computer_accepts", why));
        } else {
            self.message = Message::Info(t!("draw.computer_declines", why));
        }
    }

    fn take_advice(&mut self, advice: Option<Advice<G::Turn>>) {
        if self.hint {
            self.message = match &advice {
                Some(advice) => Message::Info(t!("advice.hint", advice.turn, ahead(advice))),
                None => Message::Warning(t!("advice.none")),
            };
        }
        self.advice = advice;
    }

    /// Whether the advisor is looking for a hint or a figure, and how far.
    pub fn advisor_thinking(&self) -> Option<f64> {
        self.thinking.as_ref().map(Thinking::progress)
    }

    /// Waits for the advisor (tests use a budget of positions, and wait).
    pub fn wait_for_advice(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            let advice = thinking.wait();
            self.take_advice(advice);
        }
    }

    /// Moves the cursor to `cell` (a click, or the mouse passing over it).
    pub fn point_at(&mut self, cell: Cell) {
        self.cursor = cell;
        self.column = None;
    }

    /// Moves the cursor one cell in the direction of `step`, if that cell is on the board.
    pub fn step(&mut self, step: Step) {
        let board = self.position().board();
        if let Some(next) =
            self.cursor.offset(DIRECTIONS[step.direction()]).filter(|&cell| board.contains(cell))
        {
            self.point_at(next);
        }
    }

    /// Up or down a row: to whichever neighbour above or below stays nearest the column the
    /// cursor started from, so repeated presses go straight up the screen.
    pub fn vertical(&mut self, up: bool) {
        let (board, cursor) = (self.position().board(), self.cursor);
        let x = |cell: Cell| 2 * i32::from(cell.col()) - i32::from(cell.row());
        let column = self.column.unwrap_or(x(cursor));
        let steps = if up { [Step::UpLeft, Step::UpRight] } else { [Step::DownLeft, Step::DownRight] };
        let best = steps
            .iter()
            .filter_map(|&step| cursor.offset(DIRECTIONS[step.direction()]).filter(|&c| board.contains(c)))
            .min_by_key(|&cell| ((x(cell) - column).abs(), (x(cell) - i32::from(board.side()) + 1).abs()));
        if let Some(cell) = best {
            self.cursor = cell;
        }
        self.column = Some(column.max(0));
    }
}

/// Who is ahead and by how much, in words and figures: "Blue is ahead: 62 %", or "an even
/// game" (a figure near 50 % says nobody's chance).
pub fn ahead<T>(advice: &Advice<T>) -> String {
    match advice.standing() {
        crate::ai::Standing::Ahead { side, percent } => t!("advice.ahead", colour(side), percent),
        crate::ai::Standing::Even => t!("advice.even"),
    }
}
