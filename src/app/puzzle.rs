//! The puzzle screen: a list of puzzles solved one after another on the board, picked near
//! the player's rating (their own mistakes first), each attempt rated (Glicko-2) and kept
//! in the history (which the program around the app writes to its file, asked by a
//! [`Request::KeepHistory`](super::Request::KeepHistory)); a streak mode of rising difficulty; the history on a view of its
//! own; a theme to keep to, chosen on a list of the themes with their counts
//! (`puzzle_themes`). The board of one puzzle is a [`Solving`], typed by its game.

use super::component::{Component, Go};
use super::keys::{Action, Context, Leaving};
use super::layout::GameLayout;
use super::solving::{AnySolving, Solving, Stage};
use super::table::Message;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::puzzles::history::{Attempt, History, KeptHistory};
use crate::puzzles::rating::Rating;
use crate::puzzles::{Puzzle, pick};
use crate::rules::{Game, Listed};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What the screen shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum View {
    /// The puzzle on the board.
    Board,
    /// The player's history: the attempts and the rating over time.
    History,
    /// The themes of the puzzles, each with its count, to choose one.
    Themes,
}

/// A streak under way: the puzzles in the order they come, and how many are solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Streak {
    pub(crate) order: Vec<usize>,
    /// How many are solved.
    pub solved: u32,
}

/// The puzzle screen.
#[derive(Debug)]
pub(crate) struct PuzzleScreen {
    /// The puzzles offered.
    pub puzzles: Vec<Puzzle>,
    /// The ids of the player's own puzzles (their mistakes), offered first.
    pub mine: HashSet<String>,
    /// The player's attempts and rating.
    pub history: History,
    /// Where the history is kept; none: not kept (no data folder).
    history_file: Option<PathBuf>,
    /// The history changed since the program around the app last wrote it.
    unkept: bool,
    /// Which of `puzzles` is on the board.
    pub current: Option<usize>,
    /// The puzzle on the board, being solved.
    pub board: Option<AnySolving>,
    /// The streak under way, if any.
    pub streak: Option<Streak>,
    /// The last streak ended, and how long it was, to say so.
    pub streak_ended: Option<u32>,
    /// What the screen shows: the board or the history.
    pub view: View,
    /// The player's rating before the last rated attempt, to show how it moved.
    pub rating_before: Option<Rating>,
    /// A line about the screen itself (the history not written...).
    pub note: Option<Text>,
    pub(crate) leaving: Leaving,
    /// The theme the puzzles keep to, if the player chose one.
    pub theme: Option<String>,
    /// The row chosen on the list of themes: 0 for every puzzle, then each theme.
    pub theme_row: usize,
    /// How long a right turn shows before the opponent's reply.
    reply_time: std::time::Duration,
}

impl PuzzleScreen {
    /// The screen on `puzzles` (`mine` among them, offered first), the player's history as
    /// `kept` (read from its file by the program around the app): the first puzzle picked
    /// for the player's rating. The opponent's replies show for `reply_time` (the player's
    /// step time).
    pub(crate) fn new(
        puzzles: Vec<Puzzle>,
        mine: HashSet<String>,
        kept: KeptHistory,
        reply_time: Duration,
    ) -> PuzzleScreen {
        let mut screen = PuzzleScreen {
            puzzles,
            mine,
            history: kept.history,
            history_file: kept.file,
            unkept: false,
            current: None,
            board: None,
            streak: None,
            streak_ended: None,
            view: View::Board,
            rating_before: None,
            note: None,
            leaving: Leaving::Program,
            theme: None,
            theme_row: 0,
            reply_time,
        };
        screen.next();
        screen
    }

    /// The opponent replies at once, so that a test need not wait.
    #[cfg(test)]
    pub(crate) fn answer_at_once(&mut self) {
        self.reply_time = std::time::Duration::ZERO;
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.reply_time = self.reply_time);
        }
    }

    /// The player's rating now.
    pub(crate) fn rating(&self) -> Rating {
        self.history.rating()
    }

    /// "Your rating: 1523 (+12)", the change once an attempt is rated.
    pub(crate) fn rating_line(&self) -> Text {
        let now = self.rating().shown();
        match self.rating_before {
            Some(before) => text!(PUZZLE_YOUR_RATING_CHANGE, now, format!("{:+}", now - before.shown())),
            None => text!(PUZZLE_YOUR_RATING, now),
        }
    }

    /// The best streak: of the history, or the one under way.
    pub(crate) fn best_streak(&self) -> u32 {
        self.history.best_streak().max(self.streak.as_ref().map_or(0, |streak| streak.solved))
    }

    /// Puts puzzle `n` on the board; a puzzle that does not replay is skipped, and said.
    pub(super) fn open(&mut self, n: usize) {
        self.current = Some(n);
        let puzzle = self.puzzles[n].clone();
        let reply_time = self.reply_time;
        let board = crate::each_game!(kind puzzle.game, G => Solving::<G>::new(puzzle).map(|mut board| {
            board.reply_time = reply_time;
            G::any(board)
        }));
        match board {
            Ok(board) => self.board = Some(board),
            Err(why) => {
                self.board = None;
                self.note = Some(why);
            }
        }
    }

    /// The next puzzle: the streak's next one, or the nearest the rating not solved yet.
    pub(super) fn next(&mut self) {
        let next = match &mut self.streak {
            Some(streak) => {
                let at = streak.solved as usize;
                streak.order.get(at).copied()
            }
            None => {
                let solved = self.history.solved();
                let wanted = (self.rating().rating, self.theme.as_deref());
                pick::next(&self.puzzles, &self.mine, &solved, wanted, self.current)
            }
        };
        match next {
            Some(n) => self.open(n),
            None if self.streak.is_some() => {
                // Every puzzle of the streak solved: it ends there.
                self.end_streak();
                self.next();
            }
            None => self.board = None,
        }
    }

    /// Starts a streak from the easiest puzzle near the rating.
    fn start_streak(&mut self) {
        self.end_streak();
        let wanted = (self.rating().rating, self.theme.as_deref());
        let order = pick::streak(&self.puzzles, &self.history.solved(), wanted);
        self.streak = Some(Streak { order, solved: 0 });
        self.streak_ended = None;
        self.next();
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.table.status_mut().info(text!(PUZZLE_STREAK_STARTED)));
        }
    }

    /// Ends the streak under way, keeping its length in the history if it solved any.
    pub(super) fn end_streak(&mut self) {
        let Some(streak) = self.streak.take() else { return };
        self.streak_ended = Some(streak.solved);
        if streak.solved > 0 {
            self.history.add_streak(crate::clock::now_utc(), streak.solved);
            self.keep();
        }
    }

    /// The attempt at the puzzle on the board decided: rated, kept, and the streak goes on
    /// or ends.
    fn decided(&mut self, solved: bool) {
        let Some(puzzle) = self.current.map(|n| &self.puzzles[n]) else { return };
        let before = self.rating();
        let after = crate::puzzles::rating::after_puzzle(before, puzzle.rating, solved);
        let attempt = Attempt { date: crate::clock::now_utc(), id: puzzle.id.clone(), solved, rating: after };
        self.history.add(attempt);
        self.rating_before = Some(before);
        match (&mut self.streak, solved) {
            (Some(streak), true) => streak.solved += 1,
            (Some(_), false) => {
                self.keep();
                return self.end_streak();
            }
            (None, _) => {}
        }
        self.keep();
    }

    /// The history is to be written, whole, by the program around the app (if it has a file).
    fn keep(&mut self) {
        self.unkept = self.history_file.is_some();
    }

    /// Whether the history changed since it was last asked written, the ask taken.
    pub(super) fn take_unkept(&mut self) -> bool {
        std::mem::take(&mut self.unkept)
    }

    /// The history to write, and its file: none when it is not kept.
    pub(super) fn to_keep(&self) -> Option<(&History, &Path)> {
        Some((&self.history, self.history_file.as_deref()?))
    }

    /// The history was written (or not, and why): a failure is said, and play goes on.
    pub(super) fn kept(&mut self, written: Result<(), Text>) {
        self.note = written.err().map(|why| text!(PUZZLE_NOT_KEPT, why));
    }

    /// Plays the opponent's reply on the board once it is due.
    pub(crate) fn update(&mut self, now: std::time::Instant) {
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.update(Some(now)));
        }
    }

    /// When the screen wants to be woken: the reply's moment.
    pub(crate) fn timer(&self) -> Option<std::time::Instant> {
        self.board.as_ref().and_then(|board| crate::each_game!(board, board => board.timer()))
    }

    /// Where the puzzle on the board stands, if one is.
    pub(crate) fn stage(&self) -> Option<Stage> {
        self.board.as_ref().map(|board| crate::each_game!(board, board => board.stage))
    }

    /// The layout of the board in `area`, if it fits.
    pub(crate) fn layout(&self, area: Rect) -> Option<GameLayout> {
        let board = self.board.as_ref()?;
        crate::each_game!(board, board, G => {
            GameLayout::fit(board.table.position().board(), <G as super::table::Input>::CELL_LINES, area)
        })
    }

    /// What an action does to the puzzle on the board; `Some(solved)` when it decided the
    /// attempt.
    fn on_board(&mut self, action: Action) -> Option<bool> {
        let board = self.board.as_mut()?;
        crate::each_game!(board, board => match action {
            Action::Hint => board.hint(),
            Action::Undo | Action::Redo => {
                board.step(action == Action::Redo);
                None
            }
            action => board.on_board(action),
        })
    }

    /// The same puzzle again, on its start: an attempt already rated is not rated again.
    fn retry(&mut self) {
        let Some(n) = self.current else { return };
        let decided =
            self.board.as_ref().is_some_and(|board| crate::each_game!(board, board => board.decided));
        self.open(n);
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.decided = decided);
        }
    }

    /// What an action does on the board's view.
    fn act_on_board(&mut self, action: Action) -> Go {
        let over = self.stage().is_some_and(|stage| stage != Stage::Solving);
        match action {
            Action::Help => return Go::Help,
            Action::Quit => {
                self.end_streak();
                return if self.leaving == Leaving::Menu { Go::Menu } else { Go::Quit };
            }
            Action::History => self.view = View::History,
            Action::Themes => self.open_themes(),
            Action::Streak => self.start_streak(),
            Action::Retry => self.retry(),
            Action::Act | Action::NextPuzzle if over => self.next(),
            Action::NextPuzzle if self.streak.is_some() => {
                self.say(Message::Warning(text!(PUZZLE_STREAK_FINISH)));
            }
            Action::NextPuzzle => self.next(),
            action => {
                if let Some(solved) = self.on_board(action) {
                    self.decided(solved);
                }
            }
        }
        Go::Stay
    }

    /// A line on the board's message line.
    fn say(&mut self, message: Message) {
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.table.status_mut().show(message));
        }
    }
}

impl Component for PuzzleScreen {
    fn context(&self) -> Context {
        match self.view {
            View::Board => Context::Puzzle,
            View::History => Context::PuzzleHistory,
            View::Themes => Context::PuzzleThemes,
        }
    }

    fn act(&mut self, action: Action) -> Go {
        match self.view {
            View::Board => self.act_on_board(action),
            View::History => {
                match action {
                    Action::Back => self.view = View::Board,
                    Action::Help => return Go::Help,
                    _ => {}
                }
                Go::Stay
            }
            View::Themes => self.act_on_themes(action),
        }
    }

    /// A click plays on the cell under it, as on the game screen; the cursor follows the
    /// mouse.
    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let clicked = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if self.view == View::Themes {
            return self.click_on_themes(mouse, area);
        }
        if self.view != View::Board || (!clicked && mouse.kind != MouseEventKind::Moved) {
            return Go::Stay;
        }
        let Some(cell) = self.layout(area).and_then(|layout| layout.board.cell_at(mouse.column, mouse.row))
        else {
            return Go::Stay;
        };
        if let Some(board) = &mut self.board {
            crate::each_game!(board, board => board.table.point_at(cell));
        }
        if clicked { self.act(Action::Act) } else { Go::Stay }
    }
}
