//! A game being played: its positions so far, undo and redo, forced skips, the endings
//! the players decide themselves (a resignation, an agreed draw), and who plays it. The
//! app, saved games, the engine protocol and network play all share it.

use crate::ai::Level;
use crate::rules::{Any, AnyPosition, Cloned, Colour, Family, Game, Outcome};

/// The players' names, when they gave them, and the computer if it plays.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Players {
    pub blue: Option<String>,
    pub red: Option<String>,
    pub computer: Option<Computer>,
}

/// Which side the computer plays: one colour, or both to watch it play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Side {
    Blue,
    Red,
    Both,
}

/// Who the computer plays, and at which level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Computer {
    pub side: Side,
    pub level: Level,
    /// The game's seed, which a beginner picks among its nearly best turns by
    /// ([`Level::playing`]): kept with the game, so that a resumed game goes on alike.
    pub seed: u64,
}

impl Computer {
    /// The computer playing `colour` at `level`.
    pub fn playing(colour: Colour, level: Level) -> Computer {
        let side = match colour {
            Colour::Blue => Side::Blue,
            Colour::Red => Side::Red,
        };
        Computer { side, level, seed: 0 }
    }

    /// The computer playing `side` at `level` in a new game, with a seed of its own, so
    /// that no two new games against a beginner go alike.
    pub fn new(side: Side, level: Level) -> Computer {
        Computer { side, level, seed: 0 }.reseeded()
    }

    /// The same computer with a new seed, for a new game.
    pub fn reseeded(self) -> Computer {
        use std::hash::{BuildHasher, Hasher};
        // A hasher's keys are random for each process and each new one: a seed, no crate.
        let seed = std::collections::hash_map::RandomState::new().build_hasher().finish();
        Computer { seed, ..self }
    }

    /// Whether it plays both sides: there is nobody to answer, just a game to watch.
    pub fn watched(self) -> bool {
        self.side == Side::Both
    }

    pub fn plays(self, colour: Colour) -> bool {
        matches!((self.side, colour), (Side::Both, _) | (Side::Blue, Colour::Blue) | (Side::Red, Colour::Red))
    }

    /// The one colour it plays, unless it plays both.
    pub fn colour(self) -> Option<Colour> {
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
    pub fn name(&self, colour: Colour) -> Option<&str> {
        match colour {
            Colour::Blue => self.blue.as_deref(),
            Colour::Red => self.red.as_deref(),
        }
    }
}

/// Every game's records: `Any<Records>` is a game in progress of any game.
#[derive(Debug)]
pub struct Records;

impl Family for Records {
    type Of<G: Game> = Record<G>;
}

impl Cloned for Records {
    fn cloned<G: Game>(of: &Record<G>) -> Record<G> {
        of.clone()
    }
}

/// A game in progress of any game.
pub type AnyRecord = Any<Records>;

/// What a game in progress of any game answers, whichever game it is (a trait, since
/// [`Any`] is the rules crate's).
pub trait AnyRecordExt {
    /// A game of whichever game `start` is.
    fn new(start: AnyPosition) -> Self;
    /// A number that changes whenever the game does.
    fn revision(&self) -> u64;
}

impl AnyRecordExt for AnyRecord {
    fn new(start: AnyPosition) -> AnyRecord {
        crate::each_game!(map start, start => Record::new(start))
    }

    fn revision(&self) -> u64 {
        crate::each_game!(self, record => record.revision())
    }
}

/// One step of the game: the position after it, and the turn that led there
/// (`None` for the start and for a forced skip).
#[derive(Clone, Debug)]
pub struct Ply<G: Game> {
    pub turn: Option<G::Turn>,
    pub position: G,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
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
}

/// What happened when a turn was played, for the message line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    Normal,
    /// The next player had no legal turn and was skipped.
    Skipped(Colour),
}

/// A game's history. Positions are small `Copy` values, so undo and redo are moves along
/// a list of positions; playing after an undo drops the turns that could have been redone.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    plies: Vec<Ply<G>>,
    /// How many plies are played; the ones after can be redone.
    played: usize,
    /// A resignation or an agreed draw, which undo takes back like a turn.
    agreed: Option<End>,
    /// Counts every change, so that what keeps the game knows when to write it again.
    revision: u64,
}

impl<G: Game> Record<G> {
    /// A game from `start`; if the player to move there cannot move, they are skipped.
    pub fn new(start: G) -> Record<G> {
        let mut record =
            Record { plies: vec![Ply { turn: None, position: start }], played: 1, agreed: None, revision: 0 };
        record.skip_if_stuck();
        record
    }

    /// A number that changes whenever the game does (a turn, an undo, a resignation ...).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The position now.
    pub fn position(&self) -> G {
        self.plies[self.played - 1].position
    }

    /// The position the game started from.
    pub fn start(&self) -> G {
        self.plies[0].position
    }

    /// The plies played after the start, skips included, oldest first.
    pub fn history(&self) -> &[Ply<G>] {
        &self.plies[1..self.played]
    }

    /// Every turn of the game's line, including those taken back that could be redone.
    pub fn all_turns(&self) -> impl Iterator<Item = &G::Turn> {
        self.plies[1..].iter().filter_map(|ply| ply.turn.as_ref())
    }

    /// How many of [`Record::all_turns`] are played now.
    pub fn turns_played(&self) -> usize {
        self.history().iter().filter(|ply| ply.turn.is_some()).count()
    }

    /// A resignation or an agreed draw, if the players ended the game so.
    pub fn agreed(&self) -> Option<End> {
        self.agreed
    }

    /// Every ply of the game's line after the start, including those taken back.
    pub fn line(&self) -> &[Ply<G>] {
        &self.plies[1..]
    }

    /// The last turn played (not a skip), if any.
    pub fn last_turn(&self) -> Option<&G::Turn> {
        self.history().iter().rev().find_map(|ply| ply.turn.as_ref())
    }

    /// The last turn played (not a skip), with the positions just before and after it.
    pub fn last_turn_played(&self) -> Option<(&G::Turn, G, G)> {
        let at = (1..self.played).rev().find(|&i| self.plies[i].turn.is_some())?;
        let turn = self.plies[at].turn.as_ref()?;
        Some((turn, self.plies[at - 1].position, self.plies[at].position))
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.agreed.or(match self.position().outcome() {
            Outcome::Ongoing => None,
            Outcome::Won(colour) => Some(End::Won(colour)),
            Outcome::Drawn => Some(End::Blocked),
        })
    }

    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Plays `turn` for the player to move, then skips the next player if they cannot move.
    pub fn play(&mut self, turn: &G::Turn) -> Result<Played, G::Illegal> {
        let next = self.position().play(turn)?;
        self.plies.truncate(self.played);
        self.plies.push(Ply { turn: Some(turn.clone()), position: next });
        self.played += 1;
        self.revision += 1;
        Ok(match self.skip_if_stuck() {
            true => Played::Skipped(next.to_move()),
            false => Played::Normal,
        })
    }

    /// Adds a skip when the player to move has no legal turn but the game goes on.
    fn skip_if_stuck(&mut self) -> bool {
        let position = self.position();
        if position.outcome() != Outcome::Ongoing || position.can_move() {
            return false;
        }
        self.plies.truncate(self.played);
        self.plies.push(Ply { turn: None, position: position.skipped() });
        self.played += 1;
        true
    }

    pub fn can_undo(&self) -> bool {
        self.agreed.is_some() || self.history().iter().any(|ply| ply.turn.is_some())
    }

    pub fn can_redo(&self) -> bool {
        self.plies[self.played..].iter().any(|ply| ply.turn.is_some())
    }

    /// Takes back the last turn (with the skip it caused), or a resignation or agreed draw.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.revision += 1;
        if self.agreed.take().is_some() {
            return true;
        }
        while self.played > 1 {
            self.played -= 1;
            if self.plies[self.played].turn.is_some() {
                break;
            }
        }
        true
    }

    /// Plays again the turn last taken back (with the skip it caused).
    pub fn redo(&mut self) -> bool {
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

    /// Drops the turns that could be redone: a take-back two players agreed on is final.
    pub fn drop_future(&mut self) {
        self.plies.truncate(self.played);
    }

    /// Takes back every turn, to the start.
    pub fn undo_all(&mut self) {
        while self.undo() {}
    }

    /// Plays again every turn taken back.
    pub fn redo_all(&mut self) {
        while self.redo() {}
    }

    /// The player to move gives up.
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.agreed = Some(End::Resigned(self.position().to_move()));
            self.revision += 1;
        }
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) {
        self.end_as(End::Drawn);
    }

    /// The computer playing both sides draws a game that goes nowhere.
    pub fn draw_standing_still(&mut self) {
        self.end_as(End::Still);
    }

    fn end_as(&mut self, end: End) {
        if !self.is_over() {
            self.agreed = Some(end);
            self.revision += 1;
        }
    }
}
