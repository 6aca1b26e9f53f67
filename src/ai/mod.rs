//! The computer player's search: pure like the rules (no terminal, no files), generic over
//! [`Game`] plus one [`Evaluate`] impl a game.
//!
//! It is an alpha-beta search with iterative deepening and a transposition table, rather
//! than Monte Carlo playouts: random games tell little here (random Clamber games on side 3
//! often do not end, random Ombagui games rarely rebuild four towers), while an evaluation
//! of material and progress does, and alpha-beta proves short wins and losses exactly.
//! A search stops at its budget (nodes, for reproducible tests, or time) or at once when
//! asked, and always has a legal turn to give.

mod clamber;
mod draw;
mod ombagui;
pub mod review;
mod verdict;

pub use draw::{BEHIND_BELOW, DrawAnswer, DrawReason, EVEN, EVEN_FOR, NOT_AHEAD_BELOW, draw_answer};
pub use ombagui::mutual_blockade;
pub use verdict::{MOST_VERDICTS, Standing, Verdict, Verdicts, least_depth};

use crate::rules::{Colour, Game};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A won position's score; a win found `n` plies ahead scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores within this of [`WIN`] (either sign) are proven wins and losses: a distance in
/// plies, not an evaluation.
pub const PROVEN: i32 = 1000;

/// What the search needs of a game beyond its rules: how good a position is.
pub trait Evaluate: Game<Turn: Send + Sync> + Hash + Send + Sync {
    /// About how many positions a second one thread of the search visited in this game
    /// when reviews came (README's benchmarks): a review turns a level's time into as many
    /// positions, so that it is the same on every machine and every run. Kept as it was
    /// when the search got faster, so that a game's review stays the same too.
    const POSITIONS_PER_SECOND: u64;

    /// How good the position is for the player to move, well inside `-WIN..WIN`:
    /// positive is better for them.
    fn evaluate(&self) -> i32;

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

    /// Whether neither side can finish however long the game goes on: an Ombagui
    /// [`mutual_blockade`]. Clamber always ends.
    fn neither_can_finish(&self) -> bool {
        false
    }

    /// Whether an expert looks further along the likely lines: past the first
    /// [`FULLY_SEARCHED`] turns of a node, it searches a turn a ply shallower first, and
    /// fully only if it still looks better (late move reductions).
    const EXPERT_LOOKS_AHEAD: bool = false;

    /// Whether an expert judges its own side otherwise than the other side
    /// ([`Evaluate::evaluate_as_expert`] depends on its colour), so that a kept table holds
    /// for one side only.
    const EXPERT_TAKES_SIDES: bool = false;
}

/// How many turns of a node an expert that looks ahead searches fully, best first.
const FULLY_SEARCHED: usize = 3;

/// What a line that goes back to a position of the game costs the searching player. No
/// rule ends a game that goes round (Ombagui), so it is time lost, ahead or behind; scored
/// as a draw instead, a player behind went to and fro while the other side raced home.
const GOING_BACK: i32 = 30;

/// What it costs to come to a position of the game a third time (or more): going round.
/// At [`GOING_BACK`] alone, a side that judged every other turn a little worse went to
/// and fro for ever; this is more than any small gain is worth, less than a piece
/// (Clamber) or a move of the race (Ombagui) many times over, so a real gain still wins.
const GOING_ROUND: i32 = 150;

/// Beyond this many turns a node drops those that lead to the same position.
const MANY_TURNS: usize = 48;

/// The score of a position the game went through `visits` times, `ply` plies into the
/// search, from its `evaluation`: less [`GOING_BACK`] (or [`GOING_ROUND`] from the second
/// visit on) for the searching player, who moves at even plies.
fn going_back(evaluation: i32, ply: i32, visits: u32) -> i32 {
    let cost = if visits >= 2 { GOING_ROUND } else { GOING_BACK };
    evaluation - if ply % 2 == 0 { cost } else { -cost }
}

/// A score as the table keeps it: a proven result counted from the position itself
/// rather than from the search's root, `ply` plies above it, so that it holds wherever
/// the position is met again (another line, or another turn's search).
fn to_table(score: i32, ply: i32) -> i32 {
    if score > WIN - PROVEN {
        score + ply
    } else if score < -(WIN - PROVEN) {
        score - ply
    } else {
        score
    }
}

/// A score from the table, counted again from the root, `ply` plies above.
fn from_table(score: i32, ply: i32) -> i32 {
    if score > WIN - PROVEN {
        score - ply
    } else if score < -(WIN - PROVEN) {
        score + ply
    } else {
        score
    }
}

/// Keeps one turn of each resulting position when there are many: chains of equal
/// captures may reach one position in several orders, and one search of it is enough.
fn keep_distinct<T, G: Hash>(turns: &mut Vec<T>, position: impl Fn(&T) -> &G) {
    if turns.len() > MANY_TURNS {
        let mut seen = HashSet::new();
        turns.retain(|turn| seen.insert(key(position(turn))));
    }
}

/// How many captures in a row the search follows past its horizon.
const CAPTURES_PAST_HORIZON: u32 = 4;

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
}

/// What a search found: the turn, its score for the player to move, how deep it looked.
#[derive(Clone, PartialEq, Debug)]
pub struct Found<T> {
    pub turn: T,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// What one iteration at the root found: the best turn's index and its score, and whether
/// every turn was searched or the budget cut the iteration short.
#[derive(Clone, Copy)]
struct Answer {
    best: usize,
    score: i32,
    finished: bool,
}

/// A position's remembered search: how deep, the score and whether it is exact or a bound,
/// and the best turn's index in the generator's order.
#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: u16,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A searcher for one game, keeping its table from one turn to the next.
pub struct Search<G: Evaluate> {
    table: HashMap<u64, Entry>,
    nodes: u64,
    budget: Budget,
    started: Instant,
    out_of_budget: bool,
    /// The depth of the iteration under way.
    iteration: u32,
    /// Positions the game went through before the root, with their visits: going back to
    /// one makes no progress.
    seen: HashMap<u64, u32>,
    /// The second thread's searcher, with its own table, kept from turn to turn too.
    helper: Option<Box<Search<G>>>,
    /// What it said of each position: [`Search::verdict`].
    verdicts: Verdicts<G::Turn>,
    /// The side the search plays: the player to move at its root.
    side: Colour,
    /// The side whose expert judgement the table's scores hold for, in a game whose
    /// expert takes sides ([`Evaluate::EXPERT_TAKES_SIDES`]).
    table_judged_for: Option<Colour>,
    _game: std::marker::PhantomData<G>,
}

/// The table is cleared beyond this many positions, to bound memory.
const TABLE_LIMIT: usize = 2_000_000;

/// A position's key: what the table, the verdicts and the count of visits file it under.
pub fn position_key<G: Hash>(position: &G) -> u64 {
    key(position)
}

fn key<G: Hash>(position: &G) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

impl<G: Evaluate> Default for Search<G> {
    fn default() -> Self {
        Search::new()
    }
}

impl<G: Evaluate> Search<G> {
    pub fn new() -> Search<G> {
        Search {
            table: HashMap::new(),
            nodes: 0,
            budget: Budget::default(),
            started: Instant::now(),
            out_of_budget: false,
            iteration: 0,
            seen: HashMap::new(),
            helper: None,
            verdicts: Verdicts::default(),
            side: Colour::Blue,
            table_judged_for: None,
            _game: std::marker::PhantomData,
        }
    }

    /// Tells the search the positions the game went through: a line that comes back to one
    /// of them costs the searching player [`GOING_BACK`], so that they look for progress
    /// instead of going to and fro.
    pub fn remember<'a>(&mut self, earlier: impl IntoIterator<Item = &'a G>)
    where
        G: 'a,
    {
        self.seen.clear();
        for position in earlier {
            *self.seen.entry(key(position)).or_default() += 1;
        }
    }

    /// The best turn found within `budget`, deepening one ply at a time; `stop` ends the
    /// search at once. The deepest iteration answers, even cut short: it searched the last
    /// one's best turn first, so any turn it found better is better. `None` only when the
    /// player to move has no legal turn.
    pub fn best(&mut self, position: &G, budget: Budget, stop: &AtomicBool) -> Option<Found<G::Turn>> {
        let turns = position.legal_turns_with_results();
        let first = turns.first()?.0.clone();
        let started = Instant::now();
        self.prepare(budget, started, position.to_move());
        let mut found = Found { turn: first, score: 0, depth: 0, nodes: 0 };
        let deepest = budget.depth.unwrap_or(64).max(1);
        for depth in 1..=deepest {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            self.iteration = depth;
            let order = self.root_order(position, turns.len());
            let answer = if budget.two_threads && turns.len() > 1 {
                self.root_on_two_threads(position, &turns, &order, depth, started, stop)
            } else {
                self.root(position, &turns, &order, depth, stop)
            };
            let Some(Answer { best, score, finished }) = answer else { break };
            let depth = if finished { depth } else { depth - 1 };
            self.table.insert(key(position), Entry { depth, score, bound: Bound::Exact, best: best as u16 });
            found = Found { turn: turns[best].0.clone(), score, depth, nodes: self.nodes };
            // A proven result will not change with depth.
            if !finished || score.abs() > WIN - PROVEN {
                break;
            }
        }
        found.nodes = self.nodes;
        Some(found)
    }

    fn prepare(&mut self, budget: Budget, started: Instant, side: Colour) {
        self.nodes = 0;
        self.budget = budget;
        self.started = started;
        self.out_of_budget = false;
        self.side = side;
        let judged_for = (budget.expert && G::EXPERT_TAKES_SIDES).then_some(side);
        if self.table.len() > TABLE_LIMIT || judged_for != self.table_judged_for {
            self.table.clear();
        }
        self.table_judged_for = judged_for;
    }

    /// The root's turns in the order to search them: the last iteration's best first.
    fn root_order(&self, position: &G, count: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..count).collect();
        if let Some(entry) = self.table.get(&key(position)) {
            let best = usize::from(entry.best);
            if best < count {
                order.swap(0, best);
            }
        }
        order
    }

    /// One iteration at the root with the helper: each thread takes every other turn of
    /// `order`, so that both start with good ones; the better answer wins.
    fn root_on_two_threads(
        &mut self,
        position: &G,
        turns: &[(G::Turn, G)],
        order: &[usize],
        depth: u32,
        started: Instant,
        stop: &AtomicBool,
    ) -> Option<Answer> {
        let mut helper = self.helper.take().unwrap_or_default();
        helper.seen.clone_from(&self.seen);
        helper.prepare(self.budget, started, self.side);
        helper.iteration = depth;
        let mine: Vec<usize> = order.iter().copied().step_by(2).collect();
        let theirs: Vec<usize> = order.iter().copied().skip(1).step_by(2).collect();
        let (a, b) = std::thread::scope(|scope| {
            let other = scope.spawn(|| helper.root(position, turns, &theirs, depth, stop));
            let a = self.root(position, turns, &mine, depth, stop);
            (a, other.join().unwrap_or(None))
        });
        self.nodes += helper.nodes;
        self.helper = Some(helper);
        // This thread searched the last iteration's best turn first: without it, nothing.
        let a = a?;
        let finished = a.finished && b.is_some_and(|b| b.finished);
        let best = b.filter(|b| b.score > a.score).unwrap_or(a);
        Some(Answer { finished, ..best })
    }

    /// One iteration at the root over the turns at `order`: the best of those it finished,
    /// or `None` if the budget ran out before the first.
    fn root(
        &mut self,
        position: &G,
        turns: &[(G::Turn, G)],
        order: &[usize],
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<Answer> {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = order[0];
        for &index in order {
            let child = &turns[index].1;
            let score = if depth == 1 && position.captures(child) {
                -self.answer_captures(child, -beta, -alpha, 1, CAPTURES_PAST_HORIZON, stop)
            } else {
                -self.negamax(child, depth - 1, -beta, -alpha, 1, stop)
            };
            if self.out_of_budget {
                return (alpha > -WIN - 1).then_some(Answer { best, score: alpha, finished: false });
            }
            if score > alpha {
                (alpha, best) = (score, index);
            }
        }
        Some(Answer { best, score: alpha, finished: true })
    }

    fn spent(&mut self, stop: &AtomicBool) -> bool {
        if self.out_of_budget {
            return true;
        }
        let nodes = self.budget.nodes.is_some_and(|limit| self.nodes >= limit);
        // The clock and the stop flag are read every 256 positions: cheap, and prompt.
        let checked = self.nodes.is_multiple_of(256) && {
            let past = |limit: Option<Duration>| limit.is_some_and(|limit| self.started.elapsed() >= limit);
            stop.load(Ordering::Relaxed)
                || self.iteration > self.budget.min_depth && past(self.budget.time)
                || past(self.budget.most_time)
        };
        self.out_of_budget = nodes || checked;
        self.out_of_budget
    }

    /// The position's score for its player to move, `depth` plies ahead.
    fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        if position.winner().is_some() {
            // The player who just moved won.
            return -(WIN - ply);
        }
        if self.spent(stop) {
            return 0;
        }
        let key = key(position);
        if let Some(&visits) = self.seen.get(&key) {
            return going_back(self.judge(position), ply, visits);
        }
        if depth == 0 {
            return self.judge(position);
        }
        let remembered = self.table.get(&key).copied();
        if let Some(entry) = remembered.filter(|entry| entry.depth >= depth) {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let mut children: Vec<G> = Vec::new();
        position.for_each_turn(&mut |_, next| children.push(*next));
        keep_distinct(&mut children, |child| child);
        if children.is_empty() {
            let passed = position.skipped();
            // A forced skip, or a draw when neither can move.
            return if passed.can_move() {
                -self.negamax(&passed, depth - 1, -beta, -alpha, ply + 1, stop)
            } else {
                0
            };
        }
        let first = remembered.map(|entry| usize::from(entry.best)).filter(|&best| best < children.len());
        let mut order: Vec<usize> = (0..children.len()).filter(|&index| Some(index) != first).collect();
        // Wins first, then the turns that leave the opponent worst off. On the last ply, where
        // each child is judged by its evaluation alone, only captures are sorted so (they are
        // followed further, and a good one first narrows that search); the other turns are
        // taken as they come, so that the first to reach beta spares evaluating the rest.
        let last_ply = depth == 1;
        order.sort_by_cached_key(|&index| {
            let child = &children[index];
            if child.winner().is_some() {
                -WIN
            } else if !last_ply || position.captures(child) {
                self.judge(child)
            } else {
                WIN
            }
        });
        let original = alpha;
        let mut best = (i32::MIN, 0);
        for (searched, index) in first.into_iter().chain(order).enumerate() {
            let child = &children[index];
            let score = if depth == 1 && position.captures(child) {
                -self.answer_captures(child, -beta, -alpha, ply + 1, CAPTURES_PAST_HORIZON, stop)
            } else if depth == 1 {
                self.nodes += 1;
                if self.spent(stop) {
                    return 0;
                }
                -self.leaf(child, ply + 1)
            } else if self.budget.expert && G::EXPERT_LOOKS_AHEAD && searched >= FULLY_SEARCHED && depth >= 3
            {
                // A late turn: a ply shallower, and only asked whether it beats alpha; if
                // it does, it is searched again fully.
                let quick = -self.negamax(child, depth - 2, -alpha - 1, -alpha, ply + 1, stop);
                if quick > alpha && !self.out_of_budget {
                    -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, stop)
                } else {
                    quick
                }
            } else {
                -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, stop)
            };
            if self.out_of_budget {
                return 0;
            }
            if score > best.0 {
                best = (score, index);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= original {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let score = to_table(best.0, ply);
        self.table.insert(key, Entry { depth, score, bound, best: best.1 as u16 });
        best.0
    }

    /// A position at the horizon, for its player to move: won, gone back to, or evaluated.
    fn leaf(&self, position: &G, ply: i32) -> i32 {
        if position.winner().is_some() {
            -(WIN - ply)
        } else if let Some(visits) = self.visits(position) {
            going_back(self.judge(position), ply, visits)
        } else {
            self.judge(position)
        }
    }

    /// How often the game went through `position` before the root (not hashed when never).
    fn visits(&self, position: &G) -> Option<u32> {
        if self.seen.is_empty() { None } else { self.seen.get(&key(position)).copied() }
    }

    /// A position's evaluation, as this search's player judges it.
    fn judge(&self, position: &G) -> i32 {
        if self.budget.beginner {
            position.evaluate_as_beginner()
        } else if self.budget.expert {
            position.evaluate_as_expert(self.side)
        } else {
            position.evaluate()
        }
    }

    /// The score of a position reached by a capture at the horizon: the player to move may
    /// stand on its evaluation or capture back, `left` captures deep at most.
    fn answer_captures(
        &mut self,
        position: &G,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        if position.winner().is_some() {
            return -(WIN - ply);
        }
        if self.spent(stop) {
            return 0;
        }
        let standing = self.judge(position);
        if standing >= beta || left == 0 {
            return standing;
        }
        alpha = alpha.max(standing);
        let mut captures: Vec<(i32, G)> = Vec::new();
        position.for_each_turn(&mut |_, next| {
            if position.captures(next) {
                let order = if next.winner().is_some() { -WIN } else { self.judge(next) };
                captures.push((order, *next));
            }
        });
        keep_distinct(&mut captures, |(_, child)| child);
        captures.sort_by_key(|&(order, _)| order);
        let mut best = standing;
        for (_, child) in captures {
            let score = -self.answer_captures(&child, -beta, -alpha, ply + 1, left - 1, stop);
            if self.out_of_budget {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The budget of a level, 1 (beginner: one ply, at once, judging as a beginner) to 5
/// (expert: 3 s a turn, on two threads, judging as an expert). Levels 3 to 5 look at least
/// 3, 4 and 4 plies ahead, however busy the machine.
pub fn level(level: u8) -> Budget {
    // The least depth may run over the time up to four times, no further. Levels 1 and 2
    // look a fixed depth ahead: their time only bounds the rare position with thousands of
    // chains.
    let time = |ms| Budget {
        time: Some(Duration::from_millis(ms)),
        most_time: Some(Duration::from_millis(4 * ms)),
        ..Budget::default()
    };
    match level {
        0 | 1 => Budget { depth: Some(1), beginner: true, ..time(250) },
        2 => Budget { depth: Some(2), ..time(500) },
        3 => Budget { min_depth: 3, ..time(100) },
        4 => Budget { min_depth: 4, two_threads: true, ..time(600) },
        _ => Budget { min_depth: 4, two_threads: true, expert: true, ..time(3000) },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Colour, clamber, ombagui};

    /// The turn found on one thread and on two: both must hold what the test asks.
    fn best<G: Evaluate>(position: &G, depth: u32) -> Found<G::Turn> {
        let budget = Budget { depth: Some(depth), nodes: Some(2_000_000), ..Budget::default() };
        let stop = AtomicBool::new(false);
        let one = Search::new().best(position, budget, &stop).expect("a legal turn");
        let two =
            Search::new().best(position, Budget { two_threads: true, ..budget }, &stop).expect("a turn");
        assert_eq!(one.score, two.score, "two threads see the same score at the same depth");
        two
    }

    #[test]
    fn a_win_in_one_is_found() {
        let position: clamber::Position = "3/b/B2=b2,C3=r2,D4=r3,E4=r3".parse().unwrap();
        let found = best(&position, 3);
        assert!(position.play(&found.turn).unwrap().winner().is_some(), "{}", found.turn);
        assert!(found.score > WIN - 10);
        let towers = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL";
        let position: ombagui::Position = towers.parse().unwrap();
        assert_eq!(best(&position, 2).turn.to_string(), "D4-G7");
    }

    #[test]
    fn a_loss_in_one_is_parried() {
        // Red's 2 threatens to take Blue's only stack. Blue parries by placing a second
        // stack out of A1's sub-group: not beside A1, or both go in one capture.
        for text in ["2/b/A1=b1,B1=r2", "3/b/A1=b1,B1=r2"] {
            let position: clamber::Position = text.parse().unwrap();
            let found = best(&position, 3);
            let after = position.play(&found.turn).unwrap();
            let red_wins = after.legal_turns_with_results().iter().any(|(_, next)| next.winner().is_some());
            assert!(!red_wins, "{text}: {} leaves Red a win", found.turn);
        }
    }

    #[test]
    fn a_capture_at_the_horizon_is_followed_by_the_answering_captures() {
        // Found in random games: one ply and an evaluation alone took, in each, a capture
        // that Blue answers with a winning one.
        for text in [
            "3/r/C1=r2,C2=b3,C3=r3,C5=b1,D2=r1,D3=b1,E5=b1",
            "3/r/B1=b1,C1=r2,C2=r4,C3=r3,C5=b1,D2=r1,D3=b1,E5=b1",
            "3/r/C1=b3,C2=r4,C3=b4,C4=r1,C5=b1,D2=b2,D3=b1,D4=r1,E4=b1,E5=b1",
            "3/r/A3=b1,B1=b1,B3=b2,C2=b1,C4=r2,D4=r1",
        ] {
            let position: clamber::Position = text.parse().unwrap();
            let found = best(&position, 1);
            let after = position.play(&found.turn).unwrap();
            let blue_wins = after.legal_turns_with_results().iter().any(|(_, next)| next.winner().is_some());
            assert!(!blue_wins, "{text}: {} leaves Blue a win", found.turn);
        }
    }

    #[test]
    fn a_level_looks_its_least_depth_ahead_even_out_of_time_but_stops_when_told() {
        let start = clamber::Position::start(crate::rules::hex::Board::SIDE_3);
        let budget = Budget { time: Some(Duration::ZERO), min_depth: 3, ..Budget::default() };
        let found = Search::new().best(&start, budget, &AtomicBool::new(false)).expect("a turn");
        assert_eq!(found.depth, 3, "no time at all, and still three plies");
        let stopped = Search::new().best(&start, budget, &AtomicBool::new(true)).expect("a turn");
        assert_eq!(stopped.depth, 0, "the stop flag ends it at once");
        let bounded = Budget { min_depth: 40, most_time: Some(Duration::from_millis(20)), ..budget };
        let found = Search::new().best(&start, bounded, &AtomicBool::new(false)).expect("a turn");
        assert!(found.depth < 40, "the most time ends even the least depth");
        assert!(start.play(&found.turn).is_ok());
    }

    #[test]
    fn a_beginner_steps_off_the_other_sides_piece_rather_than_hold_it() {
        // From a game of level 5 against level 1 that nobody could finish: Red's medium
        // on F5 held Blue's last light, and Red, with nothing better to do, kept it there.
        let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B4=rD,C2=bD,C6=rL,D1=bL.bM,D5=rL,D7=rL.rM.rD,\
                    E3=bM,E6=rM,F4=rD,F5=bL.rM,F6=rM,G4=rD,G5=rL.bD";
        let position: ombagui::Position = text.parse().unwrap();
        let blue_held = |position: &ombagui::Position| super::ombagui::covered_by(position, Colour::Red);
        let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
        let beginner = position.play(turn(level(1))).unwrap();
        assert_eq!(blue_held(&beginner), 0, "level 1 lets Blue's light go: {beginner}");
        let one_ply = Budget { depth: Some(1), ..Budget::default() };
        assert_eq!(
            blue_held(&position.play(turn(one_ply)).unwrap()),
            1,
            "one ply of the race alone holds it"
        );
    }

    #[test]
    fn an_expert_does_not_build_where_the_other_sides_dark_lands_next() {
        // Red has three towers home and D7's light; its medium on D6 stands in the way of
        // Blue's dark on D4, whose only way to D7 is D5-D6. Playing D6-D7 lets that dark
        // onto D7's light and medium, where it holds them for good: Red cannot finish, and
        // Blue, behind, never has to leave (most drawn games of level 5 against level 4
        // ended so). An expert, seeing a covered lead as no lead, keeps the way shut.
        let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B3=bD,B5=rD,C2=bM,C3=bL,D4=bD,D6=rM,D7=rL,E4=bM,\
                    E7=rL.rM.rD,F4=bL,F7=rL.rM.rD,G7=rL.rM.rD";
        let position: ombagui::Position = text.parse().unwrap();
        let four = Budget { depth: Some(4), ..Budget::default() };
        let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
        let racer = position.play(turn(four)).unwrap();
        assert_eq!(racer.held_goals(Colour::Red), [], "{racer}");
        let answer = Search::new().best(&racer, four, &AtomicBool::new(false)).unwrap().turn;
        let held = racer.play(answer).unwrap();
        assert_eq!(
            held.held_goals(Colour::Red).len(),
            1,
            "judged by the race alone, Red builds and Blue holds: {held}"
        );
        assert!(
            held.evaluate() > 200,
            "the race alone, Red to move, still sees Red ahead: {}",
            held.evaluate()
        );
        for expert in [Colour::Blue, Colour::Red] {
            let judged = held.evaluate_as_expert(expert);
            assert!(judged.abs() < 100, "an expert playing {expert:?} sees a held lead: {judged}");
        }
        let expert = position.play(turn(Budget { expert: true, ..four })).unwrap();
        let lands = expert
            .legal_turns_with_results()
            .into_iter()
            .any(|(_, next)| !next.held_goals(Colour::Red).is_empty());
        assert!(!lands, "an expert leaves Blue's dark no way onto D7: {expert}");
    }

    #[test]
    fn an_ombagui_experts_kept_table_holds_for_its_own_side_only() {
        // An Ombagui expert judges its own race otherwise than the other side's, so what
        // its table kept while playing Red would mislead it at Blue's turn (a hint for the
        // other player, or a review): its search for Blue is the same as a fresh one.
        let start = ombagui::Position::start();
        let budget = Budget { nodes: Some(30_000), expert: true, ..Budget::default() };
        let stop = AtomicBool::new(false);
        let mut search = Search::new();
        let red = search.best(&start, budget, &stop).unwrap();
        let after = start.play(red.turn).unwrap();
        let blue = search.best(&after, budget, &stop).unwrap();
        assert_eq!(blue, Search::new().best(&after, budget, &stop).unwrap());
    }

    #[test]
    fn an_ombagui_expert_looks_a_ply_further_within_the_same_positions() {
        // Late turns a ply shallower first: within 100,000 positions the expert finishes
        // five plies where the plain search finishes four, from the start and in an ending
        // where Blue's dark holds D7.
        let ending = "r/A1=bL,A2=bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,D7=rL.rM.bD,\
                      E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        for text in ["start", ending] {
            let position: ombagui::Position = text.parse().unwrap();
            let depth = |expert| {
                let budget = Budget { nodes: Some(100_000), expert, ..Budget::default() };
                Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().depth
            };
            assert_eq!((depth(false), depth(true)), (4, 5), "{text}");
        }
    }

    #[test]
    fn going_back_to_a_position_of_the_game_costs_the_searching_player() {
        // Red's one turn is A1-A2; then Blue is to move at ply 1, Red again at ply 2.
        let position: ombagui::Position = "r/A1=rL,B1=bL.bM,B2=bL.bM".parse().unwrap();
        let (_, next) = position.legal_turns_with_results().remove(0);
        let score = |earlier: &[ombagui::Position], depth| {
            let mut search = Search::new();
            search.remember(earlier);
            let budget = Budget { depth: Some(depth), ..Budget::default() };
            search.best(&position, budget, &AtomicBool::new(false)).expect("a turn").score
        };
        assert_eq!(score(&[next], 1), score(&[], 1) - GOING_BACK, "going back at Blue's turn");
        assert_eq!(score(&[next, next], 1), score(&[], 1) - GOING_ROUND, "a third visit costs more");
        let after: Vec<ombagui::Position> =
            next.legal_turns_with_results().into_iter().map(|(_, p)| p).collect();
        let fresh = score(&[], 2);
        assert!(score(&after, 2) < fresh, "every line back to Red's turn costs Red: {fresh}");
    }

    #[test]
    fn every_turn_found_is_legal_and_a_spent_budget_still_answers() {
        let mut position = clamber::Position::start(crate::rules::hex::Board::SIDE_3);
        let mut search = Search::new();
        for _ in 0..20 {
            let budget = Budget { nodes: Some(500), ..Budget::default() };
            let Some(found) = search.best(&position, budget, &AtomicBool::new(false)) else { break };
            position = position.play(&found.turn).expect("a legal turn");
            if position.winner().is_some() {
                break;
            }
        }
        let stopped = AtomicBool::new(true);
        let start = ombagui::Position::start();
        for two_threads in [false, true] {
            let budget = Budget { two_threads, ..Budget::default() };
            let found = Search::new().best(&start, budget, &stopped).expect("an answer at once");
            assert!(start.play(found.turn).is_ok());
        }
    }

    /// Plays `position` out with one search kept from turn to turn (its table too), each
    /// side searching `depth` plies; the proven distances it reports on the way.
    fn proven_distances<G: Evaluate>(mut position: G, depth: u32) -> Vec<(i32, i32)> {
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

    #[test]
    fn a_proven_win_is_the_shortest_and_the_table_keeps_its_distance_from_turn_to_turn() {
        // Found in games of level 2 with random turns: Red wins in five plies; Red, down
        // to one stack, loses in six.
        for text in [
            "3/r/A1=r4,A2=b1,A3=r5,B2=b1,B3=r2,B4=r6,C1=r3,C2=b1,C4=r3,C5=r3,D2=b1,D4=r2,D5=b1,E3=r4,E4=r3",
            "3/r/A1=b2,A2=b2,A3=b3,B1=b2,B2=b2,B3=b2,B4=b6,C1=b2,C2=b3,C3=b5,C4=b2,C5=b3,D2=r1,D3=b2,D5=b4",
        ] {
            let position: clamber::Position = text.parse().unwrap();
            let distances = proven_distances(position, 6);
            assert!(distances.len() >= 2, "{text}: {distances:?}");
            for (kept, fresh) in &distances {
                assert_eq!(kept, fresh, "{text}: the kept table says what a fresh one does");
            }
            let plies: Vec<i32> = distances.iter().map(|(score, _)| WIN - score.abs()).collect();
            for pair in plies.windows(2) {
                assert_eq!(pair[1], pair[0] - 1, "{text}: each ply brings the end one ply nearer: {plies:?}");
            }
        }
    }
}
