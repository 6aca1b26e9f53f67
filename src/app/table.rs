//! A game at the table, whatever the game: its session, the cursor, what is selected, and
//! the line that tells the players what happened. What differs between the games (what
//! Enter selects, what the board lights up) is the [`Selecting`] trait, one impl a game.

use super::advisor::{Advice, Searcher, THINKING_TIME, Thinking, seen_by};
use super::keys::Step;
use super::lit::Lit;
use crate::ai::{Budget, Evaluate};
use crate::i18n::{Explain, colour};
use crate::rules::hex::{Cell, DIRECTIONS};
use crate::rules::{Colour, Game};
use crate::session::{End, Played, Session};
use crate::t;

/// Turns an even game (by the evaluation) must last before the computer takes a draw it
/// is not behind in.
const EVEN_FOR: usize = 20;

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
pub trait Selecting: Game<Illegal: Explain, Turn: Send> + Evaluate + Send {
    /// What Enter has picked: a stack and the captures so far, or a piece.
    type Selection: Clone + PartialEq + std::fmt::Debug;
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
    /// The selections a player would go through to play `turn`: the computer shows them
    /// one after the other before it plays (a chain, capture by capture).
    fn stages(turn: &Self::Turn) -> Vec<Self::Selection>;
}

/// Who the computer plays, and at which level: one colour, or both to watch it play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Computer {
    pub blue: bool,
    pub red: bool,
    pub level: u8,
}

impl Computer {
    /// The computer playing `colour` at `level`.
    pub fn playing(colour: Colour, level: u8) -> Computer {
        Computer { blue: colour == Colour::Blue, red: colour == Colour::Red, level }
    }

    /// The computer playing both sides, to watch.
    pub fn both(level: u8) -> Computer {
        Computer { blue: true, red: true, level }
    }

    /// Whether it plays both sides: there is nobody to answer, just a game to watch.
    pub fn watched(self) -> bool {
        self.blue && self.red
    }

    pub fn plays(self, colour: Colour) -> bool {
        match colour {
            Colour::Blue => self.blue,
            Colour::Red => self.red,
        }
    }
}

/// How long the computer shows each step of its turn.
pub const STAGE_TIME: std::time::Duration = std::time::Duration::from_millis(350);

/// A computer's turn being shown step by step before it is played.
#[derive(Clone, Debug)]
struct Showing<G: Selecting> {
    turn: G::Turn,
    stages: Vec<G::Selection>,
    started: std::time::Instant,
    revision: u64,
}

/// A game at the table.
#[derive(Clone, Debug)]
pub struct Table<G: Selecting> {
    pub session: Session<G>,
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
    /// A search under way, shared so that the table stays a plain value.
    thinking: Option<std::sync::Arc<Thinking<G::Turn>>>,
    /// The game revision the advice is for.
    advice_for: u64,
    /// Who the computer plays, if anyone.
    pub computer: Option<Computer>,
    /// The computer's search for its turn.
    playing: Option<std::sync::Arc<Thinking<G::Turn>>>,
    /// The computer's turn on its way to the board.
    showing: Option<Showing<G>>,
    /// Blue's chance as the computer last saw it, for its answer to a draw offer.
    computer_view: Option<f64>,
    /// One search for the game, hints and the computer's turns alike: it keeps its table.
    searcher: Searcher<G>,
    /// The budget the advisor thinks within.
    pub advice_budget: Budget,
}

impl<G: Selecting> Table<G> {
    /// A game from `session`, the cursor in the middle of the board.
    pub fn new(session: Session<G>) -> Table<G> {
        let side = session.position().board().side();
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
            computer: None,
            playing: None,
            showing: None,
            computer_view: None,
            searcher: Searcher::default(),
            advice_budget: Budget { time: Some(THINKING_TIME), ..Budget::default() },
        };
        table.prompt();
        table
    }

    /// Tells the player to move what to do.
    pub fn prompt(&mut self) {
        self.message = Message::Info(t!(G::PROMPT, colour(self.to_move())));
    }

    pub fn position(&self) -> G {
        self.session.position()
    }

    pub fn to_move(&self) -> Colour {
        self.session.position().to_move()
    }

    pub fn end(&self) -> Option<End> {
        self.session.end()
    }

    /// The player who had to pass just now, if the last thing that happened is a skip.
    pub fn skipped(&self) -> Option<Colour> {
        let last = self.session.history().last()?;
        last.turn.is_none().then(|| last.position.to_move().other())
    }

    /// Whether a game is going on that quitting would interrupt.
    pub fn in_progress(&self) -> bool {
        self.end().is_none() && !self.session.history().is_empty()
    }

    /// How many turns are played, of how many in the game's line.
    pub fn replay_position(&self) -> (usize, usize) {
        (self.session.turns_played(), self.session.all_turns().count())
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub fn commit(&mut self, turn: G::Turn) -> bool {
        let mover = colour(self.to_move());
        let branching = self.session.can_redo();
        self.selection = None;
        match self.session.play(&turn) {
            Ok(played) => {
                self.message = match (self.session.end(), played) {
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
        let agreed = self.session.agreed();
        let to_move = |table: &Self| colour(table.to_move());
        let undone = self.session.undo();
        // Against the computer, your turn goes back with its answer.
        let computer = self.computer.filter(|computer| !computer.watched());
        if undone && agreed.is_none() && computer.is_some_and(|computer| computer.plays(self.to_move())) {
            self.session.undo();
        }
        self.message = match (undone, agreed) {
            (false, _) => Message::Warning(t!("undo.none")),
            (true, Some(End::Drawn)) => Message::Info(t!("undo.draw", to_move(self))),
            (true, Some(End::Resigned(player))) => {
                Message::Info(t!("undo.resign", colour(player), to_move(self)))
            }
            (true, _) => Message::Info(t!("undo.done", to_move(self))),
        };
    }

    /// Takes back turns until it is `player`'s turn again: in a game at a distance, the
    /// other player agreed to it.
    pub fn take_back_for(&mut self, player: Colour) {
        self.selection = None;
        let mut undone = self.session.undo();
        while undone && self.to_move() != player {
            undone = self.session.undo();
        }
        self.session.drop_future();
        self.message = Message::Info(t!("undo.done", colour(self.to_move())));
    }

    /// Takes the game as another terminal left it, and says what was played there.
    pub fn adopt(&mut self, session: Session<G>) {
        self.session = session;
        self.selection = None;
        let last = self.session.history().last().and_then(|ply| ply.turn.clone());
        match (self.end(), last) {
            (Some(_), _) => self.message = Message::None,
            (None, Some(turn)) => self.message = Message::Info(t!("net.last", turn, colour(self.to_move()))),
            (None, None) => self.prompt(),
        }
    }

    pub fn redo(&mut self) {
        self.selection = None;
        let redone = self.session.redo();
        // Against the computer, its answer comes back with your turn.
        let watching = self.computer.is_some_and(Computer::watched);
        if redone && !watching && self.computer_to_move() && self.session.can_redo() {
            self.session.redo();
        }
        // Says how the game stands after the turn played again: it may have ended it.
        self.message = match (redone, self.session.end()) {
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
            self.session.redo_all();
        } else {
            self.session.undo_all();
        }
        let (played, total) = self.replay_position();
        self.message = Message::Info(t!("jump.done", played, total, colour(self.to_move())));
    }

    pub fn resign(&mut self) {
        self.selection = None;
        let loser = self.to_move();
        self.session.resign();
        self.message = Message::Success(t!("resign.done", colour(loser), colour(loser.other())));
    }

    /// The other player said no to a draw.
    pub fn decline_draw(&mut self) {
        self.message =
            Message::Info(t!("draw.declined", colour(self.to_move()), colour(self.to_move().other())));
    }

    pub fn agree_draw(&mut self) {
        self.selection = None;
        self.session.agree_draw();
        self.message = Message::Success(t!("draw.done"));
    }

    /// Asks the advisor for a turn to light up.
    pub fn ask_hint(&mut self) {
        self.forget_stale_advice();
        self.hint = true;
        self.think();
        self.tick();
    }

    /// Shows or hides who is ahead.
    pub fn toggle_eval(&mut self) {
        self.show_eval = !self.show_eval;
        self.think();
        self.tick();
    }

    /// Starts the advisor on the position now, unless it has advised on it or is at it.
    fn think(&mut self) {
        let revision = self.session.revision();
        let busy = self.thinking.as_ref().is_some_and(|thinking| thinking.revision == revision);
        if self.advice.is_none() && !busy && self.end().is_none() {
            let thinking = self.start_thinking(self.advice_budget);
            self.thinking = Some(std::sync::Arc::new(thinking));
        }
    }

    /// Drops advice on a position the game has left (and its hint with it).
    fn forget_stale_advice(&mut self) {
        let revision = self.session.revision();
        if self.advice_for != revision {
            (self.advice, self.hint, self.advice_for) = (None, false, revision);
        }
    }

    /// Takes in what the advisor found; forgets advice on a position that has changed.
    pub fn tick(&mut self) {
        self.forget_stale_advice();
        let revision = self.session.revision();
        if self.thinking.as_ref().is_some_and(|thinking| thinking.revision != revision) {
            self.thinking = None;
        }
        if let Some(advice) = self.thinking.as_ref().and_then(|thinking| thinking.poll()) {
            self.thinking = None;
            self.take_advice(advice);
        }
        if self.show_eval && self.advice.is_none() && self.thinking.is_none() {
            self.think();
        }
        self.computer_plays();
    }

    /// A search on the position now, told the positions the game went through.
    fn start_thinking(&self, budget: Budget) -> Thinking<G::Turn> {
        let earlier = self.session.history().iter().map(|ply| ply.position).collect();
        Thinking::start(&self.searcher, self.position(), earlier, budget, self.session.revision())
    }

    /// The computer's turn: starts its search, shows what it found step by step, then
    /// plays it.
    fn computer_plays(&mut self) {
        let revision = self.session.revision();
        if !self.computer_to_move() {
            (self.playing, self.showing) = (None, None);
            return;
        }
        let Some(computer) = self.computer else { return };
        if self.playing.as_ref().is_some_and(|playing| playing.revision != revision) {
            self.playing = None;
        }
        if self.showing.as_ref().is_some_and(|showing| showing.revision != revision) {
            self.showing = None;
        }
        if let Some(showing) = &self.showing {
            let stage = (showing.started.elapsed().as_millis() / STAGE_TIME.as_millis()) as usize;
            match showing.stages.get(stage) {
                Some(selection) => self.selection = Some(selection.clone()),
                None => {
                    let turn = showing.turn.clone();
                    self.showing = None;
                    self.commit(turn);
                }
            }
            return;
        }
        match self.playing.as_ref().map(|playing| playing.poll()) {
            None => {
                let thinking = self.start_thinking(crate::ai::level(computer.level));
                self.playing = Some(std::sync::Arc::new(thinking));
            }
            Some(None) => {}
            Some(Some(found)) => {
                self.playing = None;
                if let Some(advice) = found {
                    self.computer_view = Some(advice.blue);
                    let stages = G::stages(&advice.turn);
                    self.selection = stages.first().cloned();
                    let started = std::time::Instant::now();
                    self.showing = Some(Showing { turn: advice.turn, stages, started, revision });
                    self.computer_plays();
                }
            }
        }
    }

    /// Whether it is the computer's turn.
    pub fn computer_to_move(&self) -> bool {
        self.end().is_none() && self.computer.is_some_and(|computer| computer.plays(self.to_move()))
    }

    /// Whether the computer is thinking about its turn.
    pub fn computer_thinking(&self) -> Option<f64> {
        self.playing.as_ref().map(|playing| playing.progress())
    }

    /// Whether the computer is busy with its turn: thinking, or showing it.
    pub fn computer_busy(&self) -> bool {
        self.playing.is_some() || self.showing.is_some()
    }

    /// The computer's answer to a draw offer, from how it last saw the game (the advisor's
    /// view of this position, else the computer's own last search): it agrees when it
    /// thinks itself behind, or not ahead once the game has stood even for [`EVEN_FOR`]
    /// turns by the evaluation (an Ombagui blockade: no rule ends it, and the computer
    /// wanders rather than going back, so repeated positions would not tell).
    pub fn computer_accepts_draw(&self) -> bool {
        let Some(computer) = self.computer else { return false };
        let revision = self.session.revision();
        let advised = self.advice.as_ref().filter(|_| self.advice_for == revision).map(|advice| advice.blue);
        let blue = advised.or(self.computer_view).unwrap_or_else(|| {
            // Before its first turn: a glance of a few thousand positions, a millisecond or two.
            let glance = Budget { nodes: Some(2_000), ..Budget::default() };
            let found = crate::ai::Search::new().best(&self.position(), glance, &Default::default());
            seen_by(self.to_move(), found.map_or(0.5, |found| crate::ai::winning_chance(found.score)))
        });
        let history = self.session.history();
        let stuck = history.len() >= EVEN_FOR
            && history[history.len() - EVEN_FOR..]
                .iter()
                .all(|ply| (0.4..=0.6).contains(&crate::ai::winning_chance(ply.position.evaluate())));
        [Colour::Blue, Colour::Red]
            .into_iter()
            .filter(|&c| computer.plays(c))
            .all(|c| seen_by(c, blue) < if stuck { 0.55 } else { 0.45 })
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

    /// Whether a search is under way, and how far through its time.
    pub fn thinking(&self) -> Option<f64> {
        self.thinking.as_ref().or(self.playing.as_ref()).map(|thinking| thinking.progress())
    }

    /// Waits for the advisor (tests use a budget of positions, and wait).
    pub fn wait_for_advice(&mut self) {
        if let Some(thinking) =
            self.thinking.take().and_then(|thinking| std::sync::Arc::try_unwrap(thinking).ok())
        {
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

/// Who is ahead and by how much, in words and figures.
pub fn ahead<T>(advice: &Advice<T>) -> String {
    match advice.ahead() {
        Some((player, chance)) => t!("advice.ahead", colour(player), (chance * 100.0).round()),
        None => t!("advice.even", (advice.blue * 100.0).round()),
    }
}
