//! The computer as an opponent: who it plays and at which level, its turn (a search on a
//! worker thread, then the turn shown step by step, then played), and its answer to a draw
//! offer. It plays only at the end of the game's line: stepping back through the turns
//! never makes it play, nor drops the turns ahead.

use super::advisor::{Purpose, Searcher, Thinking, seen_by, start_thinking};
use super::table::Input;
use crate::ai::{self, Balance, Budget, DrawAnswer, DrawReason};
pub(crate) use crate::record::Computer;
use crate::record::Record;
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use std::time::{Duration, Instant};

/// Where the computer is with its turn.
#[derive(Debug)]
enum State<G: Game> {
    /// Not its turn, or the game stands back in its line.
    Waiting,
    Thinking(Thinking<G::Turn>),
    /// Showing `stages` one after the other (`shown` of them so far), then `turn` is played.
    Showing {
        turn: G::Turn,
        stages: Vec<G::Picked>,
        shown: usize,
        due: Instant,
    },
}

/// What the computer does to the table now.
#[derive(Debug, PartialEq)]
pub(crate) enum OpponentStep<G: Game> {
    Nothing,
    /// Select this, as a player would on the way to the turn.
    Show(G::Picked),
    Play(G::Turn),
    /// Playing both sides, it calls the game drawn: it has gone nowhere for
    /// [`ai::STILL_FOR`] turns.
    Still,
}

/// The computer at a game.
#[derive(Debug)]
pub(crate) struct Opponent<G: Game> {
    /// Which side it plays, and at which level.
    pub computer: Computer,
    state: State<G>,
    /// The game revision its state is for: a game that changed under it starts it again.
    revision: u64,
    /// Blue's chance as it last saw the game, for its answer to a draw offer.
    view: Option<f64>,
    /// How long each step of its turn shows.
    stage_time: Duration,
}

impl<G: Input> Opponent<G> {
    /// The computer at a game, showing each step of its turn for `stage_time`.
    pub(crate) fn new(computer: Computer, stage_time: Duration) -> Opponent<G> {
        Opponent { computer, state: State::Waiting, revision: 0, view: None, stage_time }
    }

    /// Shows each step of its turn for no time, so that a test need not wait.
    #[cfg(test)]
    pub(crate) fn at_once(&mut self) {
        self.stage_time = Duration::ZERO;
    }

    /// Whether it is the computer's turn to play now: its colour to move, the game going
    /// on, and at the end of its line (a game stepped back through waits for the player).
    pub(crate) fn to_move(&self, record: &Record<G>) -> bool {
        record.end().is_none() && !record.can_redo() && self.computer.plays(record.position().to_move())
    }

    /// Moves its turn on: starts thinking, takes in what it found, shows the next step when
    /// its time is due (at `now`), plays the turn after the last step.
    pub(crate) fn step(
        &mut self,
        record: &Record<G>,
        searcher: &Searcher<G>,
        now: Instant,
    ) -> OpponentStep<G> {
        // A game that changed under it (or is not its to play) starts its turn again.
        let to_move = self.to_move(record);
        if !to_move || self.revision != record.revision() {
            self.state = State::Waiting;
            self.revision = record.revision();
        }
        if !to_move {
            return OpponentStep::Nothing;
        }
        match &mut self.state {
            State::Waiting if self.computer.watched() && gone_nowhere(record) => OpponentStep::Still,
            State::Waiting => {
                let mut budget = super::advisor::steady(self.computer.level.playing(self.computer.seed));
                // On time, its own clock says how long it may think.
                if let Some(clock) = record.clock() {
                    let (left, control) = (clock.left(record.position().to_move()), clock.control());
                    budget = budget.on_clock(left, control.base, control.increment);
                }
                self.state = State::Thinking(start_thinking(record, searcher, (budget, Purpose::Turn)));
                OpponentStep::Nothing
            }
            State::Thinking(thinking) => match thinking.answer() {
                None => OpponentStep::Nothing,
                Some(None) => {
                    self.state = State::Waiting;
                    OpponentStep::Nothing
                }
                Some(Some(advice)) => {
                    self.view = Some(advice.blue);
                    let stages = G::stages(&advice.turn);
                    // A turn with no steps to show (a placement) is played at once: its
                    // cell fills as the message names it.
                    let Some(first) = stages.first().cloned() else {
                        self.state = State::Waiting;
                        return OpponentStep::Play(advice.turn);
                    };
                    self.state =
                        State::Showing { turn: advice.turn, stages, shown: 1, due: now + self.stage_time };
                    OpponentStep::Show(first)
                }
            },
            State::Showing { turn, stages, shown, due } => {
                if now < *due {
                    return OpponentStep::Nothing;
                }
                *due = now + self.stage_time;
                *shown += 1;
                match stages.get(*shown - 1) {
                    Some(stage) => OpponentStep::Show(stage.clone()),
                    None => {
                        let turn = turn.clone();
                        self.state = State::Waiting;
                        OpponentStep::Play(turn)
                    }
                }
            }
        }
    }

    /// When it wants to be woken: the next step of its turn, or the next redraw of the
    /// progress bar while it thinks.
    pub(crate) fn timer(&self) -> Option<Instant> {
        match &self.state {
            State::Waiting => None,
            State::Thinking(thinking) => Some(thinking.next_redraw()),
            State::Showing { due, .. } => Some(*due),
        }
    }

    /// The turn it is showing, step by step, and the cell it points at now.
    pub(crate) fn showing(&self) -> Option<(&G::Turn, Option<Cell>)> {
        match &self.state {
            State::Showing { turn, shown, .. } => Some((turn, G::pointed(turn, shown.saturating_sub(1)))),
            _ => None,
        }
    }

    /// How far through its time its search is, while it thinks.
    pub(crate) fn thinking(&self) -> Option<f64> {
        match &self.state {
            State::Thinking(thinking) => Some(thinking.progress()),
            _ => None,
        }
    }

    /// Whether it is busy with its turn: thinking, or showing it.
    pub(crate) fn busy(&self) -> bool {
        !matches!(self.state, State::Waiting)
    }

    /// Its answer to a draw offer and why ([`ai::draw_answer`]), from how it last saw the
    /// game (`advised`: the advisor's view of this very position, if any; else its own last
    /// search; else a glance). Playing both sides, it takes a draw only if both would.
    pub(crate) fn draw_answer(&self, record: &Record<G>, advised: Option<f64>) -> DrawAnswer {
        let position = record.position();
        let blue = advised.or(self.view).unwrap_or_else(|| {
            // Before its first turn: a glance of a few thousand positions, a millisecond or two.
            let glance = Budget { nodes: Some(2_000), ..Budget::default() };
            let found = ai::Search::new().best(&position, glance, &Default::default());
            seen_by(position.to_move(), found.map_or(0.5, |found| ai::winning_chance(found.score)))
        });
        let earlier: Vec<G> = record.history().iter().map(|ply| ply.position).collect();
        let mut answers = [Colour::Blue, Colour::Red]
            .into_iter()
            .filter(|&colour| self.computer.plays(colour))
            .map(|colour| ai::draw_answer(&position, &earlier, colour, blue));
        let first =
            answers.next().unwrap_or(DrawAnswer::Declines(DrawReason::Balance(Balance::from_blue(blue))));
        answers.find(|answer| !answer.accepts()).unwrap_or(first)
    }
}

/// Whether the game has stood still for [`ai::STILL_FOR`] turns ([`ai::Stillness`]): a game
/// between two computers is then drawn; one with a person in it never is.
fn gone_nowhere<G: Game>(record: &Record<G>) -> bool {
    let start = record.start();
    let positions = std::iter::once(&start).chain(record.history().iter().map(|ply| &ply.position));
    ai::stillness(positions).is_some_and(|still| still.gone_nowhere())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, STILL_FOR};
    use crate::record::Side;
    use crate::rules::ombagui::Position;
    use crate::settings::USUAL_STEP;

    /// A dark each, gone round for twice [`STILL_FOR`] turns after coming as near as they can.
    fn gone_round() -> Record<Position> {
        let mut record = Record::new("b/A4=bD,G4=rD".parse().unwrap());
        let mut search = ai::Search::new();
        let budget = Budget { depth: Some(1), ..Budget::default() };
        for _ in 0..2 * STILL_FOR {
            search.remember(record.history().iter().map(|ply| &ply.position));
            let found = search.best(&record.position(), budget, &Default::default()).unwrap();
            record.play(&found.turn).unwrap();
        }
        record
    }

    #[test]
    fn only_a_computer_playing_both_sides_calls_a_game_that_goes_nowhere_drawn() {
        let record = gone_round();
        assert!(gone_nowhere(&record));
        let at = |side| Opponent::new(Computer { side, level: Level::ALL[0], seed: 0 }, USUAL_STEP);
        let searcher = Searcher::default();
        let now = Instant::now();
        assert_eq!(at(Side::Both).step(&record, &searcher, now), OpponentStep::Still);
        // Against a person the computer plays on: it starts thinking.
        let mover = record.position().to_move();
        let mut against = Opponent::new(Computer::playing(mover, Level::ALL[0]), USUAL_STEP);
        assert_eq!(against.step(&record, &searcher, now), OpponentStep::Nothing);
        assert!(against.busy(), "thinking");
    }
}
