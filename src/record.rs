//! A game being played: its positions so far, undo and redo, forced skips, the endings
//! the players decide themselves (a resignation, an agreed draw) or their clocks do (a
//! fallen flag), each turn's time, and who plays it. The app, saved games, the engine
//! protocol and network play all share it.

mod timed;

use crate::ai::Level;
use crate::clock::Clock;
use crate::rules::{Any, AnyPosition, Cloned, Colour, Family, Game, Outcome};
use std::time::Duration;

/// The players' names, when they gave them, and the computer if it plays.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct Players {
    /// Blue's name.
    pub blue: Option<String>,
    /// Red's name.
    pub red: Option<String>,
    /// The computer, if it plays.
    pub computer: Option<Computer>,
}

/// Which side the computer plays: one colour, or both to watch it play.
// clap would show a variant's doc comment beside its value in `play --help`: `blue`, `red`
// and `both` say themselves.
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum Side {
    Blue,
    Red,
    Both,
}

/// Who the computer plays, and at which level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Computer {
    /// The side it plays.
    pub side: Side,
    /// Its level.
    pub level: Level,
    /// The game's seed, which a beginner picks among its nearly best turns by
    /// ([`Level::playing`]): kept with the game, so that a resumed game goes on alike.
    pub seed: u64,
}

impl Computer {
    /// The computer playing `colour` at `level`.
    pub(crate) fn playing(colour: Colour, level: Level) -> Computer {
        let side = match colour {
            Colour::Blue => Side::Blue,
            Colour::Red => Side::Red,
        };
        Computer { side, level, seed: 0 }
    }

    /// The computer playing `side` at `level` in a new game, with a seed of its own, so
    /// that no two new games against a beginner go alike.
    pub(crate) fn new(side: Side, level: Level) -> Computer {
        Computer { side, level, seed: 0 }.reseeded()
    }

    /// The same computer with a new seed, for a new game.
    pub(crate) fn reseeded(self) -> Computer {
        use std::hash::{BuildHasher, Hasher};
        // A hasher's keys are random for each process and each new one: a seed, no crate.
        let seed = std::collections::hash_map::RandomState::new().build_hasher().finish();
        Computer { seed, ..self }
    }

    /// Whether it plays both sides: there is nobody to answer, just a game to watch.
    pub(crate) fn watched(self) -> bool {
        self.side == Side::Both
    }

    pub(crate) fn plays(self, colour: Colour) -> bool {
        matches!((self.side, colour), (Side::Both, _) | (Side::Blue, Colour::Blue) | (Side::Red, Colour::Red))
    }

    /// The one colour it plays, unless it plays both.
    pub(crate) fn colour(self) -> Option<Colour> {
        match self.side {
            Side::Blue => Some(Colour::Blue),
            Side::Red => Some(Colour::Red),
            Side::Both => None,
        }
    }
}

impl std::fmt::Display for Computer {
    /// As a saved game writes it: the side it plays (`blue`, `red` or `both`), then its
    /// level, then `seed N` unless its seed is 0.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.side {
            Side::Both => "both",
            Side::Blue => "blue",
            Side::Red => "red",
        };
        write!(f, "{side} {}", self.level)?;
        match self.seed {
            0 => Ok(()),
            seed => write!(f, " seed {seed}"),
        }
    }
}

impl std::str::FromStr for Computer {
    type Err = ();

    /// `blue 3`, `red 5`, `both 1 seed 42`: the side the computer plays, its level, and
    /// the game's seed (0 when not given).
    fn from_str(text: &str) -> Result<Computer, ()> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (side, level, seed) = match words[..] {
            [side, level] => (side, level, 0),
            [side, level, "seed", seed] => (side, level, seed.parse().map_err(|_| ())?),
            _ => return Err(()),
        };
        let level: Level = level.parse().map_err(|_| ())?;
        let side = match side {
            "blue" => Side::Blue,
            "red" => Side::Red,
            "both" => Side::Both,
            _ => return Err(()),
        };
        Ok(Computer { side, level, seed })
    }
}

impl Players {
    /// The name of the player of `colour`, if they gave one.
    pub(crate) fn name(&self, colour: Colour) -> Option<&str> {
        match colour {
            Colour::Blue => self.blue.as_deref(),
            Colour::Red => self.red.as_deref(),
        }
    }
}

/// Every game's records: `Any<Records>` is a game in progress of any game.
#[derive(Debug)]
pub(crate) struct Records;

impl Family for Records {
    type Of<G: Game> = Record<G>;
}

impl Cloned for Records {
    fn cloned<G: Game>(of: &Record<G>) -> Record<G> {
        of.clone()
    }
}

/// A game in progress of any game.
pub(crate) type AnyRecord = Any<Records>;

/// What a game in progress of any game answers, whichever game it is (a trait, since
/// [`Any`] is the rules crate's).
pub(crate) trait AnyRecordExt {
    /// A game of whichever game `start` is.
    fn new(start: AnyPosition) -> Self;
}

impl AnyRecordExt for AnyRecord {
    fn new(start: AnyPosition) -> AnyRecord {
        crate::each_game!(map start, start => Record::new(start))
    }
}

/// One step of the game: the position after it, the turn that led there (`None` for the
/// start and for a forced skip), and in a game with clocks the time its player spent on it.
#[derive(Clone, Debug)]
pub(crate) struct Ply<G: Game> {
    /// The turn that led here.
    pub turn: Option<G::Turn>,
    /// The position after it.
    pub position: G,
    /// The time its player spent on it.
    pub spent: Option<Duration>,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum End {
    /// This colour won.
    Won(Colour),
    /// This player gave up.
    Resigned(Colour),
    /// The players agreed to a draw.
    Drawn,
    /// Nobody can move any more: a draw too.
    Blocked,
    /// The computer, playing both sides, drew a game that had gone nowhere for
    /// [`crate::ai::STILL_FOR`] turns.
    Still,
    /// This player's time ran out: the other wins.
    Time(Colour),
}

impl End {
    /// Who won, if anyone did.
    pub(crate) fn winner(self) -> Option<Colour> {
        match self {
            End::Won(colour) => Some(colour),
            End::Resigned(loser) | End::Time(loser) => Some(loser.other()),
            End::Drawn | End::Blocked | End::Still => None,
        }
    }
}

/// What happened when a turn was played, for the message line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TurnOutcome {
    /// A turn, nothing more.
    Normal,
    /// The next player had no legal turn and was skipped.
    Skipped(Colour),
    /// The turn came too late: this player's time had run out, which ends the game.
    OutOfTime(Colour),
}

/// A game's history. Positions are small `Copy` values, so undo and redo are moves along
/// a list of positions; playing after an undo drops the turns that could have been redone.
#[derive(Clone, Debug)]
pub(crate) struct Record<G: Game> {
    plies: Vec<Ply<G>>,
    /// How many plies are played; the ones after can be redone.
    played: usize,
    /// How the line ended otherwise than by its last position (a resignation, an agreed
    /// draw, a fallen flag): undo takes it back like a turn. It ends the line where it
    /// stands, so it holds only at the line's end.
    agreed: Option<End>,
    /// Counts every change, so that what keeps the game knows when to write it again.
    revision: u64,
    /// Both players' clocks, in a game played on time.
    clock: Option<Clock>,
}

impl<G: Game> Record<G> {
    /// A game from `start`; if the player to move there cannot move, they are skipped.
    pub(crate) fn new(start: G) -> Record<G> {
        let start = Ply { turn: None, position: start, spent: None };
        let mut record = Record { plies: vec![start], played: 1, agreed: None, revision: 0, clock: None };
        record.skip_if_stuck();
        record
    }

    /// A number that changes whenever the game does (a turn, an undo, a resignation ...).
    pub(crate) fn revision(&self) -> u64 {
        self.revision
    }

    /// The position now.
    pub(crate) fn position(&self) -> G {
        self.plies[self.played - 1].position
    }

    /// The position the game started from.
    pub(crate) fn start(&self) -> G {
        self.plies[0].position
    }

    /// The plies played after the start, skips included, oldest first.
    pub(crate) fn history(&self) -> &[Ply<G>] {
        &self.plies[1..self.played]
    }

    /// Every turn of the game's line, including those taken back that could be redone.
    pub(crate) fn all_turns(&self) -> impl Iterator<Item = &G::Turn> {
        self.plies[1..].iter().filter_map(|ply| ply.turn.as_ref())
    }

    /// How many of [`Record::all_turns`] are played now.
    pub(crate) fn turns_played(&self) -> usize {
        self.history().iter().filter(|ply| ply.turn.is_some()).count()
    }

    /// A resignation, an agreed draw or a fallen flag, if the game ended so.
    pub(crate) fn agreed(&self) -> Option<End> {
        self.agreed
    }

    /// How the game's line ends, wherever the players stand in it: what [`Record::end`]
    /// says once they are at its last turn.
    pub(crate) fn line_end(&self) -> Option<End> {
        let last = self.plies.last().map_or(self.start(), |ply| ply.position);
        self.agreed.or(outcome_end(last.outcome()))
    }

    /// Every ply of the game's line after the start, including those taken back.
    pub(crate) fn line(&self) -> &[Ply<G>] {
        &self.plies[1..]
    }

    /// The last turn played (not a skip), if any.
    pub(crate) fn last_turn(&self) -> Option<&G::Turn> {
        self.history().iter().rev().find_map(|ply| ply.turn.as_ref())
    }

    /// The last turn played (not a skip), with the positions just before and after it.
    pub(crate) fn last_turn_played(&self) -> Option<(&G::Turn, G, G)> {
        let at = (1..self.played).rev().find(|&i| self.plies[i].turn.is_some())?;
        let turn = self.plies[at].turn.as_ref()?;
        Some((turn, self.plies[at - 1].position, self.plies[at].position))
    }

    /// How the game ended, if it has, where the players stand in its line.
    pub(crate) fn end(&self) -> Option<End> {
        let at_end = self.played == self.plies.len();
        self.agreed.filter(|_| at_end).or(outcome_end(self.position().outcome()))
    }

    /// Whether the game has ended.
    pub(crate) fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Plays `turn` for the player to move, then skips the next player if they cannot move.
    /// On time, the mover's clock stops (their flag falls instead if their time ran out)
    /// and the next player's starts.
    pub(crate) fn play(&mut self, turn: &G::Turn) -> Result<TurnOutcome, G::Illegal> {
        if let Some(loser) = self.flag_fallen() {
            return Ok(TurnOutcome::OutOfTime(loser));
        }
        let mover = self.position().to_move();
        let next = self.position().play(turn)?;
        let running = self.clock.as_ref().is_some_and(|clock| clock.running().is_some());
        let spent = self.clock.as_mut().map(|clock| clock.turn_played(mover));
        self.drop_future();
        self.plies.push(Ply { turn: Some(turn.clone()), position: next, spent });
        self.played += 1;
        self.revision += 1;
        let skipped = self.skip_if_stuck();
        if let Some(clock) = self.clock.as_mut().filter(|_| running && next.outcome() == Outcome::Ongoing) {
            // The next player's clock starts as the turn lands, not when someone looks.
            clock.start(self.plies[self.played - 1].position.to_move());
        }
        Ok(match skipped {
            true => TurnOutcome::Skipped(next.to_move()),
            false => TurnOutcome::Normal,
        })
    }

    /// Adds a skip when the player to move has no legal turn but the game goes on.
    fn skip_if_stuck(&mut self) -> bool {
        let position = self.position();
        if !position.must_skip() {
            return false;
        }
        self.plies.truncate(self.played);
        self.plies.push(Ply { turn: None, position: position.skipped(), spent: None });
        self.played += 1;
        true
    }

    /// Whether there is a turn to take back.
    pub(crate) fn can_undo(&self) -> bool {
        self.agreed.is_some() || self.history().iter().any(|ply| ply.turn.is_some())
    }

    /// Whether there is a turn taken back to play again.
    pub(crate) fn can_redo(&self) -> bool {
        self.plies[self.played..].iter().any(|ply| ply.turn.is_some())
    }

    /// Takes back the last turn (with the skip it caused), or a resignation or agreed draw.
    /// On time it is final, the turn gone rather than kept for redo, and the time spent
    /// stays spent: no clock gets any back. A game on time that is over is only looked back
    /// through ([`Record::step_back`]): its clocks can never go on.
    pub(crate) fn undo(&mut self) -> bool {
        if self.timed_and_over() {
            return self.step_back();
        }
        if !self.can_undo() {
            return false;
        }
        self.revision += 1;
        if let Some(clock) = self.clock.as_mut() {
            clock.turn_dropped();
        }
        if self.agreed.take().is_none() {
            self.step_back();
        }
        if self.clock.is_some() {
            self.drop_future();
        }
        true
    }

    /// Steps back over the last turn played (and the skip it caused), the way the game
    /// ended left as it is at the line's end: looking back through a finished game.
    pub(crate) fn step_back(&mut self) -> bool {
        if !self.history().iter().any(|ply| ply.turn.is_some()) {
            return false;
        }
        self.revision += 1;
        while self.played > 1 {
            self.played -= 1;
            if self.plies[self.played].turn.is_some() {
                break;
            }
        }
        true
    }

    /// Plays again the turn last taken back (with the skip it caused).
    pub(crate) fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.revision += 1;
        self.played += 1;
        while self.played < self.plies.len() && self.plies[self.played].turn.is_none() {
            self.played += 1;
        }
        true
    }

    /// Drops the turns that could be redone (and how the line ended after them): a
    /// take-back two players agreed on is final.
    pub(crate) fn drop_future(&mut self) {
        if self.played < self.plies.len() {
            self.plies.truncate(self.played);
            self.agreed = None;
        }
    }

    /// Takes back every turn, to the start.
    pub(crate) fn undo_all(&mut self) {
        while self.undo() {}
    }

    /// Plays again every turn taken back.
    pub(crate) fn redo_all(&mut self) {
        while self.redo() {}
    }

    /// The player to move ran out of time (a saved game says so).
    pub(crate) fn out_of_time(&mut self) {
        self.end_as(End::Time(self.position().to_move()));
    }

    /// The player to move gives up.
    pub(crate) fn resign(&mut self) {
        self.resign_as(self.position().to_move());
    }

    /// `player` gives up, on their turn or not (a club's member may resign any time).
    pub(crate) fn resign_as(&mut self, player: Colour) {
        self.end_as(End::Resigned(player));
    }

    /// Both players agree to a draw.
    pub(crate) fn agree_draw(&mut self) {
        self.end_as(End::Drawn);
    }

    /// The computer playing both sides draws a game that goes nowhere.
    pub(crate) fn draw_standing_still(&mut self) {
        self.end_as(End::Still);
    }

    /// Ends the game where it stands (the turns ahead, if the players stood back in the
    /// line, are dropped), unless it is over.
    fn end_as(&mut self, end: End) {
        if !self.is_over() {
            self.plies.truncate(self.played);
            self.agreed = Some(end);
            self.revision += 1;
            if let Some(clock) = self.clock.as_mut() {
                clock.stop();
            }
        }
    }
}

/// How a position's outcome ends a game, if it does.
fn outcome_end(outcome: Outcome) -> Option<End> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Won(colour) => Some(End::Won(colour)),
        Outcome::Drawn => Some(End::Blocked),
    }
}

#[cfg(test)]
mod tests;
