//! The review of a game with the computer. It looks at every position of the game's line on
//! a worker thread, at a level's strength, and what it finds shows as it comes: the graph
//! of Blue's chance, each turn classed (`?!`, `?`, `??`), the better turn on the board. From
//! a marked turn the player may try again: play that position, and hear whether their turn
//! is as good as the computer's. The game reviewed stays under the review, kept as it was,
//! and the review is kept with it.

use super::component::{Component, Go, Leave};
use super::event::Waker;
use super::game::{AnyGameScreen, GameScreen};
use super::highlights::Highlights;
use super::keys::{Action, Context};
use super::layout::{GameLayout, ReviewPanel, scrolled};
use super::table::Input;
use super::table::{Message, StatusLine};
use crate::ai::Level;
use crate::ai::review::{self, Class, Judged, Looked, Summary, Unmarked};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::Record;
use crate::rules::{Any, Colour, Family, Game};
use crate::saved::KeptReview;
use ratatui::layout::Rect;

mod trial;
mod worker;

pub(crate) use trial::Trial;

use worker::{Findings, Worker};

/// A chance as a whole percentage.
fn percent(chance: f64) -> u32 {
    (chance * 100.0).round() as u32
}

/// Why a turn that was not the computer's has no mark ([`Judged::unmarked`]), in words.
fn unmarked<T>(judged: &Judged<T>, turn: String, best: String) -> crate::i18n::Text {
    let (mover, after) = (judged.mover, percent(judged.after));
    match judged.unmarked() {
        Unmarked::AlreadyLost => text!(REVIEW_UNMARKED_LOST, mover, turn),
        Unmarked::StillWon => text!(REVIEW_UNMARKED_WON, mover, turn),
        Unmarked::AsLittle => text!(REVIEW_UNMARKED_CLOSE, mover, turn, after, best, percent(judged.kept)),
        Unmarked::Little => text!(REVIEW_UNMARKED, mover, turn, after, best),
    }
}

/// A line of the review's list of turns.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct ListLine {
    /// The turn it is of (from 0).
    pub turn: usize,
    /// The turn's number and side on its first line, blank on the others.
    pub lead: String,
    /// The turn's notation and sign, or the part of it on this line.
    pub text: String,
    /// On the turn's last line, the time it took, after room enough to stand at the right.
    pub time: String,
}

/// The review screen: the game it came from, under it, and the review of that game's line.
#[derive(Debug)]
pub(crate) struct ReviewScreen<G: Game> {
    /// The game it came from.
    pub game: GameScreen<G>,
    /// The review of that game's line.
    pub review: Reviewing<G>,
    /// Where leaving the review goes: where it was opened from.
    pub leave: Leave,
    /// The puzzles made of the player's own mistakes, once the review is done.
    pub own_puzzles: super::own_puzzles::OwnPuzzles,
}

/// Every game's review screen.
#[derive(Debug)]
pub(crate) struct ReviewScreens;

impl Family for ReviewScreens {
    type Of<G: Game> = ReviewScreen<G>;
}

/// A review on screen, of any game.
pub(crate) type AnyReviewScreen = Any<ReviewScreens>;

/// The review of one game's line.
#[derive(Debug)]
pub(crate) struct Reviewing<G: Game> {
    /// The level the computer reviews at.
    pub level: Level,
    /// The level of the review kept with the game, when it is another: it stays kept until
    /// this one is done.
    pub replaces: Option<Level>,
    /// The start and the position after each turn.
    pub positions: Vec<G>,
    /// The turns played.
    pub turns: Vec<G::Turn>,
    /// The verdict on each position, as it comes.
    pub looked: Vec<Option<Looked<G::Turn>>>,
    /// What each turn took its player, in a game played on time.
    pub spent: Vec<Option<std::time::Duration>>,
    /// Each turn judged, once the positions before and after it are looked at.
    pub judged: Vec<Option<Judged<G::Turn>>>,
    /// The position on view: the one before turn `at` (so that the turn played and the
    /// better one show on it), or the last.
    pub at: usize,
    /// A marked turn being tried again on the board.
    pub trial: Option<Trial<G>>,
    /// The line that says what the turn on view did, or how the trial stands.
    pub status: StatusLine,
    /// The search on its thread, which wakes the loop that shows the review through `waker`.
    pub(super) worker: Option<Worker<G>>,
    waker: Waker,
}

impl<G: Input> Reviewing<G> {
    /// The review of `record`'s whole line at `level`, starting from what `kept` already
    /// holds at that level; what it finds wakes the loop through `waker`.
    pub(super) fn new(
        record: &Record<G>,
        kept: Option<&KeptReview>,
        level: Level,
        waker: Waker,
    ) -> Reviewing<G> {
        let turns: Vec<G::Turn> = record.all_turns().cloned().collect();
        let positions = review::positions(record.start(), &turns);
        let looked = match kept.filter(|kept| kept.level == level) {
            Some(kept) => kept.looked(&positions),
            None => vec![None; positions.len()],
        };
        let judged = review::judge_all(&positions, &turns, &looked);
        let spent = record.line().iter().filter(|ply| ply.turn.is_some()).map(|ply| ply.spent).collect();
        let mut reviewing = Reviewing {
            level,
            replaces: kept.map(|kept| kept.level).filter(|kept| *kept != level),
            positions,
            turns,
            looked,
            spent,
            judged,
            at: 0,
            trial: None,
            status: StatusLine::default(),
            worker: None,
            waker,
        };
        reviewing.say();
        reviewing
    }

    /// How many of the positions are looked at, of how many.
    pub(crate) fn progress(&self) -> (usize, usize) {
        (self.looked.iter().flatten().count(), self.looked.len())
    }

    /// Whether the computer has looked at everything the review needs.
    pub(crate) fn done(&self) -> bool {
        review::needed(&self.positions, &self.turns, &self.looked).is_none()
    }

    /// The review as a game keeps it.
    fn kept(&self) -> KeptReview {
        KeptReview::of(self.level, &self.turns, &self.looked)
    }

    /// Starts the worker on what the review still needs.
    fn start(&mut self) {
        let line = (self.positions.clone(), self.turns.clone());
        let budget = review::budget::<G>(self.level);
        self.worker = Some(Worker::start(line, self.looked.clone(), budget, self.waker.clone()));
    }

    /// Takes in what the worker found (starting it the first time); whether anything came.
    pub(super) fn update(&mut self) -> bool {
        if self.worker.is_none() {
            self.start();
        }
        let Some(worker) = &self.worker else { return false };
        let found: Vec<Findings<G::Turn>> = worker.found.try_iter().collect();
        let came = !found.is_empty();
        for found in found {
            match found {
                Findings::Looked(looked) => self.looked = looked,
                Findings::Tried(looked) => {
                    if let Some(trial) = self.trial.as_mut().filter(|trial| trial.tried.is_some()) {
                        trial.verdict = Some(looked);
                    }
                }
            }
        }
        if came {
            self.judged = review::judge_all(&self.positions, &self.turns, &self.looked);
            self.say();
        }
        came
    }

    /// The list of turns as lines `width` wide: each line's turn, its lead (the turn's
    /// number and side on its first line, blank after), its notation and sign, cut before
    /// an `x`, and on its last line the time the turn took, where the game was on time.
    pub(crate) fn list_lines(&self, width: usize, [blue, red]: [&str; 2]) -> Vec<ListLine> {
        let mut lines = Vec::new();
        for (n, turn) in self.turns.iter().enumerate() {
            let side = match self.positions[n].to_move() {
                Colour::Blue => blue,
                Colour::Red => red,
            };
            let sign = self.judged.get(n).and_then(Option::as_ref).map_or("", |judged| judged.class.sign());
            let lead = format!("{:>3} {side} ", n + 1);
            let room = width.saturating_sub(lead.chars().count());
            let text = format!("{turn}{sign}").replace('x', " x");
            for (part, piece) in super::layout::wrap_words(&text, room).into_iter().enumerate() {
                let lead = if part == 0 { lead.clone() } else { " ".repeat(lead.chars().count()) };
                lines.push(ListLine { turn: n, lead, text: piece.replace(" x", "x"), time: String::new() });
            }
            let Some(spent) = self.spent.get(n).copied().flatten() else { continue };
            let time = crate::clock::spent(spent);
            match lines.last_mut() {
                Some(last) if last.text.chars().count() + 1 + time.chars().count() <= room => {
                    let pad = room - last.text.chars().count() - time.chars().count();
                    last.time = format!("{}{time}", " ".repeat(pad));
                }
                _ => lines.push(ListLine {
                    turn: n,
                    lead: " ".repeat(lead.chars().count()),
                    text: String::new(),
                    time,
                }),
            }
        }
        lines
    }

    /// Whether the game reviewed was played on time: its turns' times show.
    pub(crate) fn timed(&self) -> bool {
        self.spent.iter().any(Option::is_some)
    }

    /// The line of `lines` (from [`Reviewing::list_lines`]) to keep in sight: the turn on
    /// view's, or the last at the end of the game.
    pub(crate) fn list_line_at(&self, lines: &[ListLine]) -> usize {
        let at = lines.iter().position(|line| line.turn == self.at);
        at.unwrap_or(lines.len().saturating_sub(1))
    }

    /// A click on the review's panel at `column`, `row` of a screen of size `area`: on the
    /// graph or the list of turns, that turn is put on view.
    fn click(&mut self, column: u16, row: u16, area: Rect, sides: [&str; 2]) {
        let Some(layout) = GameLayout::fit_review(self.positions[0].board(), G::CELL_LINES, area) else {
            return;
        };
        let panel = ReviewPanel::timed(layout.areas.panel, self.timed());
        if let Some(at) = panel.position_at(column, row, self.turns.len()) {
            return self.go_to(at);
        }
        let list = panel.list;
        if !list.contains(ratatui::layout::Position::new(column, row)) {
            return;
        }
        let lines = self.list_lines(usize::from(list.width), sides);
        let at_line = self.list_line_at(&lines);
        let first = scrolled(at_line, lines.len(), usize::from(list.height));
        if let Some(line) = lines.get(first + usize::from(row - list.y)) {
            self.go_to(line.turn);
        }
    }

    /// What the board lights up at the position on view: the turn played there, and the
    /// computer's better turn when the one played was not as good.
    pub(crate) fn lit(&self) -> Highlights {
        let board = self.positions[0].board();
        let cells = |turn: Option<&G::Turn>| {
            turn.map(G::turn_cells)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|cell| board.index(cell))
                .collect()
        };
        let better = self.judged_at().and_then(|judged| judged.better.as_ref());
        Highlights { last: cells(self.turns.get(self.at)), better: cells(better), ..Highlights::default() }
    }

    /// The turn on view, judged, if it is.
    pub(crate) fn judged_at(&self) -> Option<&Judged<G::Turn>> {
        self.judged.get(self.at)?.as_ref()
    }

    /// Each player's summary so far.
    pub(crate) fn summaries(&self) -> [Summary; 2] {
        [Colour::Blue, Colour::Red].map(|side| Summary::of(side, &self.judged))
    }

    /// Says what the turn on view did, or how the trial stands.
    fn say(&mut self) {
        let message = match &self.trial {
            Some(trial) => self.trial_message(trial),
            None => self.turn_message(),
        };
        self.status.show(message);
    }

    fn turn_message(&self) -> Message {
        let Some(turn) = self.turns.get(self.at) else {
            let over = self.positions[self.at].outcome() != crate::rules::Outcome::Ongoing;
            let key = if over { REVIEW_END } else { REVIEW_END_ONGOING };
            return Message::Info(text!(key, self.turns.len()));
        };
        let (mover, turn) = (self.positions[self.at].to_move(), turn.to_string());
        let Some(judged) = self.judged_at() else {
            return match self.replaces {
                Some(kept) => Message::Info(text!(REVIEW_NEW_LEVEL, self.level.number(), kept.number())),
                None => Message::Info(text!(REVIEW_LOOKING_AT, mover, turn)),
            };
        };
        let (after, kept) = (percent(judged.after), percent(judged.kept));
        let best =
            self.looked[self.at].as_ref().and_then(|looked| looked.best.as_ref()).map(ToString::to_string);
        match &judged.better {
            Some(better) => {
                let (sign, better) = (judged.class.sign(), better.to_string());
                Message::Warning(text!(REVIEW_WORSE, mover, turn, sign, after, better, kept))
            }
            None if best.as_ref() == Some(&turn) => Message::Success(text!(REVIEW_BEST, mover, turn, after)),
            None => Message::Info(unmarked(judged, turn, best.unwrap_or_default())),
        }
    }

    /// Goes to the position before turn `at` (or the last position).
    fn go_to(&mut self, at: usize) {
        self.at = at.min(self.turns.len());
        self.say();
    }

    /// The next (or previous) turn marked `?!`, `?` or `??`, if any.
    fn marked(&self, forward: bool) -> Option<usize> {
        let marked =
            |at: &usize| self.judged.get(*at).and_then(Option::as_ref).is_some_and(|j| j.class > Class::Ok);
        match forward {
            true => (self.at + 1..self.turns.len()).find(marked),
            false => (0..self.at).rev().find(marked),
        }
    }
}

impl<G: Input> ReviewScreen<G> {
    /// The review of `game`'s line at `level` (its kept review's level if none is asked
    /// for, else the player's review level, [`Level::REVIEW`] unless set).
    pub(crate) fn new(game: GameScreen<G>, level: Option<Level>, leave: Leave) -> ReviewScreen<G> {
        let kept = game.keeping.review.clone();
        let level = level.or(kept.as_ref().map(|kept| kept.level)).unwrap_or(game.prefs.review_level);
        let waker = game.advisor.searcher().waker().clone();
        let review = game.table.read(|record| Reviewing::new(record, kept.as_ref(), level, waker));
        ReviewScreen { game, review, leave, own_puzzles: Default::default() }
    }

    /// Takes in what the worker found, and keeps the review with the game: at once at the
    /// kept review's level, once done at another (a review half done at level 2 does not
    /// take the place of a whole one at level 4).
    pub(crate) fn update(&mut self) {
        if self.review.update() && (self.review.replaces.is_none() || self.review.done()) {
            self.review.replaces = None;
            self.game.keeping.review = Some(self.review.kept());
        }
        if self.review.done() {
            let review = &self.review;
            self.own_puzzles.start(
                &self.game,
                (&review.positions, &review.turns, &review.judged),
                review.level,
            );
        }
        self.own_puzzles.update();
    }

    /// When the loop should wake it: at once, to start its worker from the loop's thread.
    pub(crate) fn timer(&self) -> Option<std::time::Instant> {
        self.review.worker.is_none().then(std::time::Instant::now)
    }

    fn act_on_review(&mut self, action: Action) -> Go {
        let review = &mut self.review;
        if review.trial.is_some() {
            return review.trial_act(action);
        }
        let last = review.turns.len();
        match action {
            Action::PreviousStep => review.go_to(review.at.saturating_sub(1)),
            Action::NextStep => review.go_to(review.at + 1),
            Action::First => review.go_to(0),
            Action::Last => review.go_to(last),
            Action::Next | Action::Previous => match review.marked(action == Action::Next) {
                Some(at) => review.go_to(at),
                None if !review.done() => review.status.info(text!(REVIEW_STILL_LOOKING)),
                None => review.status.info(text!(REVIEW_NO_MORE)),
            },
            Action::Try => review.try_again(),
            Action::Puzzles => match self.own_puzzles.offer() {
                Ok(go) => return go,
                Err(why) => review.status.info(why),
            },
            Action::Help => return Go::Help,
            Action::Back => return Go::EndReview,
            Action::Quit => return Go::Quit,
            _ => {}
        }
        Go::Stay
    }
}

/// The review of a game of any game (a trait, since [`Any`](crate::rules::Any) is the
/// rules crate's).
pub(crate) trait AnyReviewScreenExt {
    /// The review of the game on screen.
    fn new(game: AnyGameScreen, level: Option<Level>, leave: Leave) -> Self;
    /// The puzzles of the review, and its message line (to say they could not be kept).
    fn own_puzzles(&mut self) -> (&mut super::own_puzzles::OwnPuzzles, &mut StatusLine);
    /// Where leaving it goes.
    fn leave(&self) -> Leave;
    /// The game reviewed, back on screen.
    fn into_game(self) -> AnyGameScreen;
}

impl AnyReviewScreenExt for AnyReviewScreen {
    fn new(game: AnyGameScreen, level: Option<Level>, leave: Leave) -> AnyReviewScreen {
        crate::each_game!(map game, game => ReviewScreen::new(game, level, leave))
    }

    fn own_puzzles(&mut self) -> (&mut super::own_puzzles::OwnPuzzles, &mut StatusLine) {
        crate::each_game!(self, screen => (&mut screen.own_puzzles, &mut screen.review.status))
    }

    fn leave(&self) -> Leave {
        crate::each_game!(self, screen => screen.leave)
    }

    fn into_game(self) -> AnyGameScreen {
        crate::each_game!(map self, screen => screen.game)
    }
}

impl<G: Input> Component for ReviewScreen<G> {
    fn context(&self) -> Context {
        match self.review.trial.as_ref().map(|trial| trial.tried.is_some()) {
            None => Context::Review,
            Some(false) => Context::Retry,
            Some(true) => Context::Tried,
        }
    }

    fn act(&mut self, action: Action) -> Go {
        self.act_on_review(action)
    }

    /// A click on the trial's board plays there, as in a game; on the graph or the list of
    /// turns, it puts that turn on view.
    fn mouse(&mut self, mouse: ratatui::crossterm::event::MouseEvent, area: Rect) -> Go {
        use ratatui::crossterm::event::{MouseButton, MouseEventKind};
        let clicked = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        let review = &mut self.review;
        let Some(trial) = &mut review.trial else {
            if clicked {
                // The sides' letters are one wide in every language (a test holds it).
                review.click(mouse.column, mouse.row, area, ["B", "R"]);
            }
            return Go::Stay;
        };
        let layout = GameLayout::fit_review(trial.table.position().board(), G::CELL_LINES, area);
        let Some(cell) = layout.and_then(|layout| layout.board.cell_at(mouse.column, mouse.row)) else {
            return Go::Stay;
        };
        trial.table.point_at(cell);
        if clicked { self.act(Action::Act) } else { Go::Stay }
    }
}
