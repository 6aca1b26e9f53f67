//! One puzzle on the board, of one game: the position after the opponent's mistake (the
//! mistake shown as the last turn), the player's turns judged against the solution, the
//! opponent's replies played at once, a wrong turn answered by the reply a search finds,
//! and the solution shown step by step after.

use super::highlights::Highlights;
use super::keys::Action;
use super::shared_record::SharedRecord;
use super::table::{Input, Table};
use crate::ai::{Budget, Search};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::puzzles::{Goal, Puzzle, Replayed};
use crate::record::Record;
use crate::rules::hex::{Cell, CellSet};
use crate::rules::{Any, Colour, Family, Game, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The positions a search may visit to find the answer to a wrong turn: a fixed budget,
/// so that the answer is the same on every machine, and quick on the slowest.
pub(crate) const REFUTATION_NODES: u64 = 30_000;

/// Where a puzzle on the board stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Stage {
    /// The player is to find the solver's turn.
    Solving,
    /// The line is played to its end.
    Solved,
    /// A wrong turn was played and answered.
    Refuted,
}

/// A puzzle of the game `G` on the board.
#[derive(Debug)]
pub(crate) struct Solving<G: Game> {
    /// The board it is solved on.
    pub table: Table<G>,
    pub(crate) puzzle: Puzzle,
    pub(crate) goal: Goal,
    pub(crate) solver: Colour,
    solution: Vec<G::Turn>,
    /// The positions along the solution: before its first turn, then after each.
    line: Vec<G>,
    /// The position before the opponent's mistake, and the mistake, when the puzzle has them.
    before: Option<(G, G::Turn)>,
    /// How many of the solution's turns are played on the board.
    pub at: usize,
    pub(crate) stage: Stage,
    /// The first cell of the solution's turn, shown by a hint.
    pub hint: Option<Cell>,
    /// Whether the attempt is decided (rated) already: a hint or a wrong turn decides it
    /// as failed, a retry is never rated.
    pub decided: bool,
    /// How many of the solution's turns are shown, once the player steps through it.
    pub shown: Option<usize>,
    /// The opponent's reply to a right turn, and when it is played: a moment after the
    /// player's turn, as the computer's turn shows on the game screen.
    pub reply: Option<(G::Turn, Instant)>,
    /// How long the player's turn shows before the reply.
    pub reply_time: Duration,
}

/// Every game's puzzle on the board.
#[derive(Debug)]
pub(crate) struct Solvings;

impl Family for Solvings {
    type Of<G: Game> = Solving<G>;
}

/// A puzzle on the board, of any game.
pub(crate) type AnySolving = Any<Solvings>;

impl<G: Input> Solving<G> {
    /// `puzzle` on the board, checked against the rules first.
    pub(crate) fn new(puzzle: Puzzle) -> Result<Solving<G>, Text> {
        let Replayed { solution, line, before, goal } = puzzle.replayed::<G>()?;
        let start = line[0];
        let mut solving = Solving {
            table: Table::at(start),
            puzzle,
            goal,
            solver: start.to_move(),
            solution,
            line,
            before,
            at: 0,
            stage: Stage::Solving,
            hint: None,
            decided: false,
            shown: None,
            reply: None,
            reply_time: crate::settings::USUAL_STEP,
        };
        solving.table = solving.opening();
        let task = solving.task();
        solving.table.status_mut().info(task);
        Ok(solving)
    }

    /// A board at the puzzle's start: the mistake played, when known, so that it shows as
    /// the last turn.
    fn opening(&self) -> Table<G> {
        let record = match &self.before {
            Some((before, mistake)) => {
                let mut record = Record::new(*before);
                // Checked by `Puzzle::replayed`: the mistake is legal there.
                let _ = record.play(mistake);
                record
            }
            None => Record::new(self.line[0]),
        };
        Table::new(SharedRecord::new(record))
    }

    /// What to find: "Blue wins in 2", or the better turn.
    pub(crate) fn task(&self) -> Text {
        match self.goal {
            Goal::Win { turns } => text!(PUZZLE_WINS_IN, self.solver, turns),
            Goal::Better => text!(PUZZLE_FIND_BETTER, self.solver),
        }
    }

    /// An action on the board: the cursor, Enter and Esc. A turn made is judged; the
    /// answer is `Some(solved)` when this decides the attempt.
    pub(crate) fn on_board(&mut self, action: Action) -> Option<bool> {
        if self.stage != Stage::Solving {
            return None;
        }
        // A key while the reply is due: the reply first, then the key.
        self.update(None);
        let revision = self.table.revision();
        self.table.on_board(action);
        if self.table.revision() == revision {
            return None;
        }
        self.judge()
    }

    /// The turn just played: right (the solution's, or at the last turn any that wins at
    /// once), answered by the solution's reply; or wrong, answered by the search's.
    fn judge(&mut self) -> Option<bool> {
        let turn = self.table.read(|record| record.last_turn().cloned())?;
        let now = self.table.position();
        let wins = now.outcome() == Outcome::Won(self.solver);
        let right = now == self.line[self.at + 1] || (matches!(self.goal, Goal::Win { .. }) && wins);
        self.hint = None;
        if !right {
            return self.refute(turn);
        }
        self.at += 1;
        if wins || self.at >= self.solution.len() {
            self.stage = Stage::Solved;
            self.table.status_mut().success(match self.decided {
                true => text!(PUZZLE_SOLVED_UNRATED, turn.to_string()),
                false => text!(PUZZLE_SOLVED, turn.to_string()),
            });
            return self.decide(true);
        }
        self.reply = Some((self.solution[self.at].clone(), Instant::now() + self.reply_time));
        self.table.status_mut().success(text!(PUZZLE_RIGHT_WAIT, turn.to_string(), self.solver.other()));
        self.update(Some(Instant::now()));
        None
    }

    /// Plays the opponent's reply once it is due (`now`), or at once (`None`).
    pub(crate) fn update(&mut self, now: Option<Instant>) {
        let Some((reply, due)) = self.reply.take() else { return };
        if now.is_some_and(|now| now < due) {
            return self.reply = Some((reply, due));
        }
        let turn = self.table.read(|record| record.last_turn().map(ToString::to_string)).unwrap_or_default();
        self.table.play_here(reply.clone());
        self.at += 1;
        self.table.status_mut().success(text!(PUZZLE_RIGHT, turn, self.solver.other(), reply.to_string()));
    }

    /// When the reply is due, if one is.
    pub(crate) fn timer(&self) -> Option<Instant> {
        self.reply.as_ref().map(|(_, due)| *due)
    }

    /// A wrong turn: the opponent's best answer to it, found by a search, played.
    fn refute(&mut self, turn: G::Turn) -> Option<bool> {
        self.stage = Stage::Refuted;
        let position = self.table.position();
        let answer = (position.outcome() == Outcome::Ongoing).then(|| refutation(&position)).flatten();
        let why = match answer {
            Some(answer) => {
                self.table.play_here(answer.clone());
                text!(PUZZLE_WRONG, turn.to_string(), self.solver.other(), answer.to_string())
            }
            None => text!(PUZZLE_WRONG_OVER, turn.to_string()),
        };
        self.table.status_mut().warn(why);
        self.decide(false)
    }

    /// The attempt decided, the first time only.
    fn decide(&mut self, solved: bool) -> Option<bool> {
        let first = !self.decided;
        self.decided = true;
        first.then_some(solved)
    }

    /// A hint: the first cell of the solution's turn lit. It costs the puzzle.
    pub(crate) fn hint(&mut self) -> Option<bool> {
        if self.stage != Stage::Solving {
            return None;
        }
        self.update(None);
        let cell = G::turn_cells(&self.solution[self.at]).first().copied();
        self.hint = cell;
        if let Some(cell) = cell {
            self.table.point_at(cell);
            self.table.status_mut().info(text!(PUZZLE_HINT, cell.to_string()));
        }
        self.decide(false)
    }

    /// Steps through the solution from the puzzle's start, once the puzzle is over: one
    /// turn on (`on`) or back.
    pub(crate) fn step(&mut self, on: bool) {
        if self.stage == Stage::Solving {
            self.table.status_mut().info(text!(PUZZLE_NOT_YET));
            return;
        }
        let shown = match (self.shown, on) {
            (None, true) => 1,
            (None, false) => 0,
            (Some(shown), true) => (shown + 1).min(self.solution.len()),
            (Some(shown), false) => shown.saturating_sub(1),
        };
        self.shown = Some(shown);
        let mut table = self.opening();
        for turn in &self.solution[..shown] {
            table.play_here(turn.clone());
        }
        table.status_mut().info(match shown.checked_sub(1) {
            Some(last) => text!(PUZZLE_STEP, shown, self.solution.len(), self.solution[last].to_string()),
            None => text!(PUZZLE_STEP_START, self.solution.len()),
        });
        self.table = table;
    }

    /// What the board lights up: the game's own marks, what the last turn emptied, and a
    /// hint's cell as the computer's turn is marked.
    pub(crate) fn lit(&self) -> Highlights {
        let pointer = Some(self.table.cursor().cell);
        let mut lit = G::lit(&self.table, pointer, None);
        let board = self.table.position().board();
        let cells = |turn: &G::Turn| -> CellSet {
            G::turn_cells(turn).into_iter().filter_map(|cell| board.index(cell)).collect()
        };
        if let Some(index) = self.hint.and_then(|cell| board.index(cell)) {
            lit.better = std::iter::once(index).collect();
        }
        let named = self.table.read(|record| record.last_turn().map(cells)).unwrap_or_default();
        lit.removed |= lit.last - named;
        lit
    }
}

/// The opponent's answer to a wrong turn: the best a search finds within a fixed budget.
fn refutation<G: Input>(position: &G) -> Option<G::Turn> {
    let budget = Budget { nodes: Some(REFUTATION_NODES), ..Budget::default() };
    Search::new().best(position, budget, &AtomicBool::new(false)).map(|found| found.turn)
}
