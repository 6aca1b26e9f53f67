//! The computer player's search: pure like the rules (no terminal, no files), generic over
//! [`Game`] plus one [`Evaluate`] impl a game.
//!
//! It is an alpha-beta search with iterative deepening and a transposition table, rather
//! than Monte Carlo playouts: random games tell little here (random Clamber games on side 3
//! often do not end, random Ombagui games rarely rebuild four towers), while an evaluation
//! of material and progress does, and alpha-beta proves short wins and losses exactly.
//! A search stops at its budget (nodes, for reproducible tests, or time) or at once when
//! asked, and always has a legal turn to give.
//!
//! ```
//! use hexstack_ai::{Budget, Level, Search, WIN};
//! use hexstack_rules::{Any, GameKind};
//! use std::sync::atomic::AtomicBool;
//!
//! // A budget of positions, not of time: the same answer on every machine, every run.
//! let budget = Budget { nodes: Some(5_000), ..Budget::default() };
//! // Another thread may set this to stop the search at once.
//! let stop = AtomicBool::new(false);
//!
//! // Blue's 1 stands next to Red's only stack, a 1 too: capturing it wins.
//! let text = "2/b/A1=b1,A2=r1";
//! let Any::Clamber(position) = GameKind::Clamber.position(text, None)? else { unreachable!() };
//! let found = Search::new().best(&position, budget, &stop).expect("Blue has a turn");
//! assert_eq!(found.turn.to_string(), "A1xA2");
//! assert_eq!(found.score, WIN - 1, "a win one ply ahead, proven");
//!
//! // From the start, twice with the same budget: the same turn and the same score.
//! let Any::Clamber(start) = GameKind::Clamber.start(None)? else { unreachable!() };
//! let first = Search::new().best(&start, budget, &stop);
//! assert_eq!(Search::new().best(&start, budget, &stop), first);
//!
//! // A level is a budget of time and a way of judging: what the computer plays at.
//! assert_eq!(Level::new(3), Some(Level::USUAL));
//! # Ok::<(), hexstack_rules::ParseError>(())
//! ```

mod clamber;
mod draw;
mod eval_memo;
mod level;
mod ombagui;
mod on_clock;
pub mod proof;
pub mod review;
mod search;
#[cfg(feature = "third-game")]
mod triad;
mod verdict;

pub use draw::{DrawAnswer, DrawReason, EVEN_FOR, STILL_FOR, Stillness, draw_answer, stillness};
pub use level::Level;
pub use search::Search;
pub use verdict::{Balance, Verdict, Verdicts};

use hexstack_rules::{Colour, Game};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::Duration;

/// A won position's score; a win found `n` plies ahead scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores within this of [`WIN`] (either sign) are proven wins and losses: a distance in
/// plies, not an evaluation.
pub const PROVEN: i32 = 1000;

/// What the search needs of a game beyond its rules: how good a position is.
pub trait Evaluate: Game<Turn: Send + Sync> + Hash + Send + Sync {
    /// How many positions a review counts for a second of a level's time: a review spends
    /// positions, not time, so that it is the same on every machine and every run. Fixed,
    /// not measured, so that a game reviewed again is reviewed the same.
    const POSITIONS_PER_SECOND: u64;

    /// How good the position is for the player to move, well inside `-WIN..WIN`:
    /// positive is better for them.
    fn evaluate(&self) -> i32;

    /// A quick 64-bit hash of the whole position, under which the search keeps its
    /// evaluations (its memo) and its table: the position's bytes by default; a game whose positions
    /// are large hashes the few words that say it all.
    fn quick_key(&self) -> u64 {
        eval_memo::quick_key(self)
    }

    /// How a beginner (level 1) judges the position: [`Evaluate::evaluate`] unless a game
    /// says what its beginners do otherwise.
    fn evaluate_as_beginner(&self) -> i32 {
        self.evaluate()
    }

    /// How an expert (level 5) playing `expert` judges the position: [`Evaluate::evaluate`]
    /// unless a game says what its experts know beyond it.
    fn evaluate_as_expert(&self, _expert: Colour) -> i32 {
        self.evaluate()
    }

    /// Whether `next`, the result of one of this position's turns, took something from the
    /// opponent. The search looks on past such turns at its horizon (answering captures
    /// only), so that it does not judge an exchange half-way.
    fn captures(&self, _next: &Self) -> bool {
        false
    }

    /// Whether `next`, one of `now`'s turns, takes back the same player's turn before it,
    /// from `before` to `mine` (the other side moved from `mine` to `now`): an Ombagui
    /// piece sent straight back where it came from. The computer does so only when nothing
    /// else is nearly as good (`TAKING_BACK`). Clamber's turns cannot be taken back.
    fn takes_back(_before: &Self, _mine: &Self, _now: &Self, _next: &Self) -> bool {
        false
    }

    /// Whether neither side can finish however long the game goes on (an Ombagui
    /// blockade: each side holds one of the other's pieces). Clamber always ends.
    fn neither_can_finish(&self) -> bool {
        false
    }

    /// Whether every turn of a position leads to a position of its own, so that the search
    /// need not look for turns that meet (Clamber's chains of equal captures may reach one
    /// position in several orders). Said so, the search skips hashing every child of a
    /// node with many turns: the same turns searched, in the same order.
    const TURNS_NEVER_MEET: bool = false;

    /// Whether an expert looks further along the likely lines: past the first few turns
    /// of a node, it searches a turn a ply shallower first, and
    /// fully only if it still looks better (late move reductions).
    const EXPERT_LOOKS_AHEAD: bool = false;

    /// Whether an expert judges its own side otherwise than the other side
    /// ([`Evaluate::evaluate_as_expert`] depends on its colour), so that a kept table holds
    /// for one side only.
    const EXPERT_TAKES_SIDES: bool = false;
}

/// What a line that goes back to a position of the game costs the searching player. No
/// rule ends a game that goes round (Ombagui), so it is time lost, ahead or behind; scored
/// as a draw instead, a player behind went to and fro while the other side raced home.
pub(crate) const GOING_BACK: i32 = 30;

/// What it costs to come to a position of the game a third time (or more): going round.
/// At [`GOING_BACK`] alone, a side that judged every other turn a little worse went to
/// and fro for ever; this is more than any small gain is worth, less than a piece
/// (Clamber) or a move of the race (Ombagui) many times over, so a real gain still wins.
pub(crate) const GOING_ROUND: i32 = 150;

/// What taking back one's own last turn costs at the root of the computer's search
/// ([`Evaluate::takes_back`]): a player who sends a piece back where it came from has lost
/// two turns, so the computer does it only when every other turn is worse by more than
/// this (three half moves of an Ombagui race). Going back to a position of the game costs
/// on top, as ever.
pub(crate) const TAKING_BACK: i32 = 60;

/// How much worse than the best a turn may look and still be one a beginner (level 1)
/// plays: it picks among these by its game's seed, so that no two games go alike. A third
/// of a Clamber piece; an Ombagui race's half move and a half.
pub(crate) const NEARLY_AS_GOOD: i32 = 30;

/// How much a search may do: it stops at the first limit reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Budget {
    /// Positions visited.
    pub nodes: Option<u64>,
    /// Time from the start of the search.
    pub time: Option<Duration>,
    /// Plies of the deepest iteration.
    pub depth: Option<u32>,
    /// Plies every search completes whatever its time: a level stays a level on a slow
    /// or busy machine. Only the stop flag, a budget of positions and `most_time` cut
    /// these short.
    pub min_depth: u32,
    /// Time that not even `min_depth` may pass: in some Clamber positions the chains of
    /// equal captures run into the thousands, and three plies there would take minutes.
    pub most_time: Option<Duration>,
    /// Search on two threads, each taking half of the turns at the root (the top levels).
    /// One thread keeps a search with a budget of positions reproducible.
    pub two_threads: bool,
    /// Judge positions as a beginner does ([`Evaluate::evaluate_as_beginner`]): level 1.
    pub beginner: bool,
    /// Judge positions as an expert does ([`Evaluate::evaluate_as_expert`]), and look
    /// further along the likely lines where the game says so
    /// ([`Evaluate::EXPERT_LOOKS_AHEAD`]): level 5.
    pub expert: bool,
    /// Pick among the turns `NEARLY_AS_GOOD` as the best, by this seed and the position
    /// (level 1's own turns): the same game and seed play alike, another seed otherwise.
    pub vary: Option<u64>,
}

/// What a search found: the turn, its score for the player to move, how deep it looked.
#[derive(Clone, PartialEq, Debug)]
pub struct Found<T> {
    /// The turn to play.
    pub turn: T,
    /// Its score for the player to move (see [`WIN`] for proven wins).
    pub score: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
}

/// A position's key: what the table, the verdicts and the count of visits file it under.
pub fn position_key<G: Hash>(position: &G) -> u64 {
    key(position)
}

pub(crate) fn key<G: Hash>(position: &G) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

/// A map filed under position keys ([`key`]): a key is a hash already, so it is its own
/// hash in the map, not hashed again on every look-up.
pub(crate) type KeyMap<V> = std::collections::HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
/// A set of position keys, as [`KeyMap`].
pub(crate) type KeySet = std::collections::HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// The hasher of [`KeyMap`]: a key passes through as it is.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    /// Only keys are filed, by [`Hasher::write_u64`]; any other bytes are folded in all the same.
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The chance that the player to move wins, 0 to 1, from a score: a logistic curve, with
/// proven wins and losses at the ends.
pub fn winning_chance(score: i32) -> f64 {
    if score >= WIN - PROVEN {
        return 1.0;
    }
    if score <= -(WIN - PROVEN) {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(score) / 400.0).exp())
}

/// What the games' own tests of the search share.
#[cfg(test)]
pub(crate) mod testing {
    use super::review::{Class, Judged, Looked, Needed, judge_all, look, needed, positions, put};
    use super::{Budget, Evaluate, Found, PROVEN, Search, WIN};
    use std::sync::atomic::AtomicBool;

    /// The turn found on one thread and on two: both must hold what the test asks.
    pub(crate) fn best<G: Evaluate>(position: &G, depth: u32) -> Found<G::Turn> {
        let budget = Budget { depth: Some(depth), nodes: Some(2_000_000), ..Budget::default() };
        let stop = AtomicBool::new(false);
        let one = Search::new().best(position, budget, &stop).expect("a legal turn");
        let two =
            Search::new().best(position, Budget { two_threads: true, ..budget }, &stop).expect("a turn");
        assert_eq!(one.score, two.score, "two threads see the same score at the same depth");
        two
    }

    /// Plays `position` out with one search kept from turn to turn (its table too), each
    /// side searching `depth` plies; the proven distances it reports on the way.
    pub(crate) fn proven_distances<G: Evaluate>(mut position: G, depth: u32) -> Vec<(i32, i32)> {
        let mut search = Search::new();
        let budget = Budget { depth: Some(depth), ..Budget::default() };
        let mut distances = Vec::new();
        while position.winner().is_none() {
            let Some(found) = search.best(&position, budget, &AtomicBool::new(false)) else { break };
            if found.score.abs() > WIN - PROVEN {
                let fresh = Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap();
                distances.push((found.score, fresh.score));
            }
            position = position.play(&found.turn).unwrap();
        }
        distances
    }

    /// Reviews the game from `start` through `turns` at a fixed depth (reproducible).
    pub(crate) fn review<G>(start: &str, turns: &[&str]) -> Vec<Judged<G::Turn>>
    where
        G: Evaluate + std::str::FromStr<Err: std::fmt::Debug>,
    {
        let start: G = start.parse().expect("a position");
        let turns: Vec<G::Turn> = turns.iter().map(|turn| turn.parse().expect("a turn")).collect();
        let positions = positions(start, &turns);
        assert_eq!(positions.len(), turns.len() + 1, "every turn is legal");
        let (mut search, stop) = (Search::new(), AtomicBool::new(false));
        let budget = Budget { depth: Some(3), ..Budget::default() };
        let mut looked = vec![None; positions.len()];
        while let Some(needed) = needed(&positions, &turns, &looked) {
            look_at(&mut search, needed, &positions, &mut looked, budget, &stop);
        }
        judge_all(&positions, &turns, &looked).into_iter().map(|judged| judged.expect("judged")).collect()
    }

    /// Looks at what `needed` names with `search` (one search kept through the review, its
    /// table too) and puts it in `looked`.
    pub(crate) fn look_at<G: Evaluate>(
        search: &mut Search<G>,
        needed: Needed<G>,
        positions: &[G],
        looked: &mut [Option<Looked<G::Turn>>],
        budget: Budget,
        stop: &AtomicBool,
    ) {
        let position = match &needed {
            Needed::Position(at) => positions[*at],
            Needed::AfterBest(_, position) => *position,
        };
        put(looked, &needed, look(search, &position, budget, stop));
    }

    pub(crate) fn classes<T>(judged: &[Judged<T>]) -> Vec<Class> {
        judged.iter().map(|turn| turn.class).collect()
    }

    pub(crate) fn plies(depth: u32) -> Budget {
        Budget { depth: Some(depth), ..Budget::default() }
    }
}
